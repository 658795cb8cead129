"""Translating executables: one ``hal.executable`` through IREE's phases
``executable-sources`` -> ``executable-targets`` (:func:`translate`), or
several in one invocation (:func:`translate_batch`). Runs wherever its task
runs (:mod:`halflow.codegen.tasks`)."""

from __future__ import annotations

import io
import re
import time
from typing import Any

from halflow.codegen import iree_api
from halflow.codegen.environment import prepare, worker_id
from halflow.codegen.iree_api import SOURCES, TARGETS
from halflow.codegen.tasks import BatchResult, TranslateBatch, TranslateResult, TranslateTask


def translate(task: TranslateTask) -> TranslateResult:
    """Configure and translate the one ``hal.executable`` in ``task.source``.

    The key is location-free, so the result must not depend on the model's
    locations: the source is printed without them and parsed under
    ``task.buffer_name``, so every location is a position in the source itself
    (a pure function of the key). Stripping them instead is worse: IREE 3.13
    then writes nondeterministic bytes into the executable library (an
    export without a file location leaves its source-location fields
    uninitialized). The result is the module holding only the translated
    executable, printed with its locations and its blobs.
    """
    prepare(task.env)
    started = time.perf_counter()
    try:
        with iree_api.Invocation(task.env.session_flags, task.env.verify) as inv:
            inv.phases(SOURCES, TARGETS)
            inv.parse(task.source.encode("utf-8"), task.buffer_name)
            inv.compile()
            translated = inv.bytecode()
        # In a context of this process's own, freed at the end (see
        # iree_api.Invocation.bytecode).
        from iree.compiler import ir

        with iree_api.own_context():
            module = ir.Module.parse(translated).operation
            body = module.regions[0].blocks[0]
            # The pipeline adds device globals to an executable-only module;
            # keep just the executable.
            for op in list(body.operations):
                if op.operation.name != "hal.executable":
                    op.operation.erase()
            count = len(list(body.operations))
            if count != 1:
                raise iree_api.CompileError(
                    "translation", [f"expected one hal.executable, found {count}"]
                )
            text = module.get_asm(enable_debug_info=True, assume_verified=True)
            interface = _interface(body.operations[0])
            del module, body
    except iree_api.CompileError as e:
        return TranslateResult(task.key, task.executable, False, "",
                               time.perf_counter() - started, e.messages, worker_id())
    return TranslateResult(task.key, task.executable, True, text,
                           time.perf_counter() - started, (), worker_id(), interface)


# What Python's parser names the buffer it parses (``ir.Module.parse``).
_PYTHON_BUFFER = 'loc("-":'


def translate_batch(task: TranslateBatch) -> BatchResult:
    """:func:`translate` for every member, with those that can share one
    IREE invocation translated in one (the per-invocation cost, ~0.015 s an
    executable, is paid once). The results are those :func:`translate`
    gives, text for text (so the cache entries and every later build are
    the same): each member keeps the locations of its own text under its
    own buffer name, and is renamed apart in the batch (the placeholder
    names collide) and back after (:func:`_batchable` says which members
    allow that). If the batch fails (IREE, or a member that does not go
    back as it came), every member is translated alone, so that IREE's
    error names the executable it is about."""
    from iree.compiler import ir

    together, alone = _batchable(task.members)
    results: dict[str, TranslateResult] = {}
    if len(together) > 1:
        try:
            results = _translate_together(together)
        except (iree_api.CompileError, ir.MLIRError, ValueError):
            alone, results = list(task.members), {}
    else:
        alone = list(task.members)
    for member in alone:
        results[member.key] = translate(member)
    alone_keys = {m.key for m in alone}
    return BatchResult(task.key, tuple(results[m.key] for m in task.members),
                       tuple(m.key for m in task.members if m.key not in alone_keys))


def _batchable(members: tuple[TranslateTask, ...]
               ) -> tuple[list[TranslateTask], list[TranslateTask]]:
    """(members one invocation can translate, members to translate alone).
    Alone: a member that shares a resource blob with one already in the
    batch (two parses of one blob name in one context rename the second),
    whose text holds what the location rewrite looks for, or that refers
    to its own executable symbol (renaming it would then change its code)."""
    from halflow.codegen.executables import referenced_resources

    together: list[TranslateTask] = []
    alone: list[TranslateTask] = []
    resources: set[str] = set()
    for member in members:
        used = set(referenced_resources(member.source))
        name = _defined_executable(member.source)
        if (used & resources or _PYTHON_BUFFER in member.source or name is None
                or len(re.findall(rf"@{re.escape(name)}(?![A-Za-z0-9_$.])",
                                  member.source)) != 1):
            alone.append(member)
            continue
        resources |= used
        together.append(member)
    return together, alone


_DEFINITION = re.compile(r"^\s*hal\.executable (?:public |private )?@([A-Za-z_][A-Za-z0-9_$.]*) ",
                         re.M)


def _defined_executable(source: str) -> str | None:
    """The bare symbol name of the one ``hal.executable`` of ``source``
    (None: not exactly one, or a quoted name)."""
    found = _DEFINITION.findall(source)
    return found[0] if len(found) == 1 else None


def _translate_together(members: list[TranslateTask]) -> dict[str, TranslateResult]:
    """``members`` translated in one invocation, split into per-member
    results. Raises :class:`iree_api.CompileError` when IREE fails or a
    member's result would not be what :func:`translate` gives."""
    from iree.compiler import ir

    env = members[0].env
    prepare(env)
    started = time.perf_counter()
    names: dict[str, tuple[TranslateTask, str]] = {}  # batch name -> (member, own name)
    scratch = iree_api.own_context()
    with iree_api.own_context(), ir.Location.unknown():
        batch = ir.Module.parse("module {\n}")
        for i, member in enumerate(members):
            # Each member's locations: positions in its own text, under its
            # own buffer name (as translate's parse gives them), written out
            # so that they survive the move into the batch.
            printed = ir.Module.parse(member.source, scratch).operation.get_asm(
                enable_debug_info=True, assume_verified=True)
            located = ir.Module.parse(printed.replace(
                _PYTHON_BUFFER, f"loc({_quoted(member.buffer_name)}:"))
            (op,) = [o for o in located.body.operations if o.operation.name == "hal.executable"]
            name = f"__halflow_batch_{i}__"
            names[name] = (member, op.operation.attributes["sym_name"].value)
            op.operation.attributes["sym_name"] = ir.StringAttr.get(name)
            batch.body.append(op.operation)
        source = io.BytesIO()
        batch.operation.write_bytecode(source)
        del batch, located
    del scratch
    with iree_api.Invocation(env.session_flags, env.verify) as inv:
        inv.phases(SOURCES, TARGETS)
        inv.parse(source.getvalue(), "batch.mlirbc")
        inv.compile()
        translated = inv.bytecode()
    texts = _split(translated, names)
    seconds = time.perf_counter() - started
    total = sum(len(m.source) for m in members)
    return {m.key: TranslateResult(m.key, m.executable, True, text,
                                   seconds * len(m.source) / total, (), worker_id(), interface)
            for m, (text, interface) in zip(members, texts, strict=True)}


def _quoted(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _split(translated: bytes, names: dict[str, tuple[TranslateTask, str]]
           ) -> list[tuple[str, str]]:
    """(text, interface) of each member of a translated batch, in the
    order of ``names``: each executable under its own name again, alone in
    a module with the batch module's attributes and its own location, as
    :func:`translate` prints it."""
    from iree.compiler import ir

    found: dict[str, tuple[str, str]] = {}
    with iree_api.own_context():
        module = ir.Module.parse(translated).operation
        for op in list(module.regions[0].blocks[0].operations):
            batch_name = (op.operation.attributes["sym_name"].value
                          if op.operation.name == "hal.executable" else "")
            if batch_name not in names:
                continue  # the device globals the pipeline adds
            member, own = names[batch_name]
            op.operation.attributes["sym_name"] = ir.StringAttr.get(own)
            alone = ir.Module.create(ir.Location.file(member.buffer_name, 1, 1))
            for attribute in module.attributes:
                alone.operation.attributes[attribute] = module.attributes[attribute]
            alone.body.append(op.operation)
            text = alone.operation.get_asm(enable_debug_info=True, assume_verified=True)
            if batch_name in text:
                raise iree_api.CompileError("translation", [
                    f"{member.executable}: its batch name is in its code"])
            found[batch_name] = (text, _interface(alone.body.operations[0]))
            del alone
        del module
    if set(found) != set(names):
        raise iree_api.CompileError("translation", ["a batch member is missing"])
    return [found[name] for name in names]


def _interface(executable: Any) -> str:
    """The stub material of a translated executable: per variant its name,
    target and export ops (:func:`halflow.codegen.groups.encode_interfaces`)."""
    from halflow.codegen.groups import Interface, encode_interfaces

    found = []
    for op in executable.operation.regions[0].blocks[0].operations:
        if op.operation.name != "hal.executable.variant":
            continue
        variant = op.operation
        exports = tuple(
            export.operation.get_asm(enable_debug_info=True, use_local_scope=True,
                                     assume_verified=True).strip()
            for export in variant.regions[0].blocks[0].operations
            if export.operation.name == "hal.executable.export")
        found.append(Interface(variant.attributes["sym_name"].value,
                               str(variant.attributes["target"]), exports))
    return encode_interfaces(found)
