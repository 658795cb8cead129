"""What runs in worker processes: translating one executable, and the final
compile. Local pool workers and Dask workers run the same functions.

Tasks and results are plain frozen dataclasses (no callables, no IR), so they
cross process and machine boundaries as data. A compile failure is returned
as a result with IREE's diagnostics, not raised: it is deterministic, and the
caller reports it against the executable. Exceptions mean the worker itself
is unfit (wrong IREE version, bad global flags) and are worth a retry
elsewhere.
"""

from __future__ import annotations

import functools
import io
import os
import pickle
import re
import socket
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, BinaryIO

from halflow.codegen import iree_api, tools

# IREE phases around the per-executable step.
SOURCES = "executable-sources"
TARGETS = "executable-targets"


def own_context() -> Any:
    """A fresh ``ir.Context`` whose verifier runs on the calling thread.
    ``ir.Module.parse`` holds the GIL while it verifies; with MLIR's thread
    pool, a diagnostic from a worker thread (IR that fails verification:
    IREE's output for a program IREE cannot compile, translated without
    per-pass verification) waits for the GIL in the bindings' error
    capture, and the build hangs (seen on a bf16 model for vmvx)."""
    from iree.compiler import ir

    context = ir.Context()
    context.enable_multithreading(False)
    return context


@dataclass(frozen=True)
class Environment:
    """What a worker process must be set up with."""

    session_flags: tuple[str, ...]
    global_flags: tuple[str, ...]
    iree_version: str
    verify: bool = True  # verify IR after each pass (iree-compile --verify)


@dataclass(frozen=True)
class TranslateTask:
    key: str
    executable: str  # symbol, for messages
    source: str  # module text: the (normalized) executable and its blobs
    buffer_name: str  # the file name its locations will carry
    env: Environment


@dataclass(frozen=True)
class TranslateResult:
    key: str
    executable: str
    ok: bool
    text: str  # the translated executable module (normalized, with its blobs)
    seconds: float
    messages: tuple[str, ...]
    worker: str
    interface: str = ""  # groups.encode_interfaces() of the translation (one per variant)
    shared: bool = False  # the worker wrote it to the shared cache; ``text`` is then ""


@dataclass(frozen=True)
class PreloadTask:
    """Translations to parse ahead of the final compile: (symbol name, key,
    whether the entry is name-normalized, the store entry's bytes). The
    worker checks, unpacks and renames them, so the caller only reads."""

    items: tuple[tuple[str, str, bool, bytes], ...]
    env: Environment


@dataclass(frozen=True)
class AssembleTask:
    """The materialized module (printed with locations) and, per executable
    symbol name, its key and translated module text (renamed to that
    symbol). The ``.vmfb`` goes to ``output``."""

    module_text: str
    module_name: str
    translations: tuple[tuple[str, str, str], ...]
    output: str
    env: Environment


@dataclass(frozen=True)
class AssembleResult:
    ok: bool
    messages: tuple[str, ...]
    splice_seconds: float
    compile_seconds: float
    write_seconds: float


def worker_id() -> str:
    """Where a task runs: this host and process (a span's ``where``)."""
    return f"{socket.gethostname()}:{os.getpid()}"


def prepare(env: Environment) -> None:
    """Set up this process for ``env`` (idempotent). Raises RuntimeError if
    it cannot be: another IREE version, or other global flags already set."""
    if tools.iree_version() != env.iree_version:
        raise RuntimeError(
            f"worker {worker_id()} has iree-base-compiler {tools.iree_version()}, "
            f"the build needs {env.iree_version}"
        )
    iree_api.set_global_flags(env.global_flags)


def warm_up(env: Environment) -> str:
    """Load the compiler library and set flags ahead of the first task."""
    prepare(env)
    iree_api.split_flags(())  # loads libIREECompiler and creates a session
    return worker_id()


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

        with own_context():
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


@dataclass(frozen=True)
class TranslateBatch:
    """Several translations in one IREE invocation (:func:`translate_batch`);
    ``key`` names the batch (for retries and the report)."""

    key: str
    members: tuple[TranslateTask, ...]


@dataclass(frozen=True)
class BatchResult:
    key: str
    results: tuple[TranslateResult, ...]  # one per member, in order
    together: tuple[str, ...]  # keys of the members one invocation translated (the rest alone)


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
    scratch = own_context()
    with own_context(), ir.Location.unknown():
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
    with own_context():
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


@dataclass(frozen=True)
class GroupTask:
    """Link and serialize variant ``variant`` of ``members`` (name in the
    group, normalized translated module text) as module ``name``; IREE names
    the result ``linked``, with one binary ``variant``."""

    key: str
    name: str
    linked: str
    variant: str
    members: tuple[tuple[str, str], ...]
    env: Environment
    # Translation keys of the members, for a member whose text is "": it is
    # read from the shared cache by the worker (halflow.codegen.remote_workers).
    member_keys: tuple[str, ...] = ()


@dataclass(frozen=True)
class Binary:
    """One serialized ``hal.executable.binary``."""

    variant: str
    format: str
    mime_type: str
    data: bytes


@dataclass(frozen=True)
class GroupResult:
    key: str
    ok: bool
    binary: Binary | None
    seconds: float
    messages: tuple[str, ...]  # IREE's errors if not ok, else its warnings
    worker: str
    missing: tuple[str, ...] = ()  # member keys the shared cache no longer had


def serialize_group(task: GroupTask) -> GroupResult:
    """IREE's linking and serialization of one group, in-process: the phase
    pipeline ``executable-targets`` -> ``hal`` on a module holding just the
    members (made public, so that pruning keeps them without a host). A
    textual ``iree-hal-serialize-*`` pipeline would not do: in-process it
    sees no llvm-cpu target backend. Members are parsed one by one and moved
    into the group module (their texts cannot be concatenated: each printed
    ``distinct`` debug-info ids from 0)."""
    from iree.compiler import ir

    from halflow.codegen.executables import denormalize

    prepare(task.env)
    started = time.perf_counter()
    try:
        # The group is built, and its result read, in contexts of this
        # process's own (freed; see iree_api.Invocation.bytecode), and goes
        # to and from IREE's session as bytecode (every location kept).
        with own_context(), ir.Location.unknown():
            group = ir.Module.parse(f"module @{task.name} {{\n}}")
            for name, text in task.members:
                part = ir.Module.parse(denormalize(text, name))
                for op in list(part.body.operations):
                    if op.operation.name == "hal.executable":
                        # A member with several variants is serialized
                        # here for one (its other variants are in other groups).
                        for variant in list(op.operation.regions[0].blocks[0].operations):
                            if (variant.operation.name == "hal.executable.variant"
                                    and variant.operation.attributes["sym_name"].value
                                    != task.variant):
                                variant.operation.erase()
                        op.operation.attributes["sym_visibility"] = ir.StringAttr.get("public")
                        group.body.append(op.operation)
            source = io.BytesIO()
            group.operation.write_bytecode(source)
            del group
        with iree_api.Invocation(task.env.session_flags, task.env.verify) as inv:
            inv.parse(source.getvalue(), f"{task.name}.mlirbc")
            inv.phases(TARGETS, "hal")
            inv.compile()
            serialized = inv.bytecode()
            warnings = tuple(m.text for m in inv.messages
                             if m.severity == iree_api.Severity.WARNING)
        with own_context():
            module = ir.Module.parse(serialized).operation
            binaries = []
            for op in module.regions[0].blocks[0].operations:
                if op.operation.name != "hal.executable":
                    continue
                if op.operation.attributes["sym_name"].value != task.linked:
                    raise iree_api.CompileError("serialization", [
                        f"expected one executable @{task.linked}, IREE made "
                        f"@{op.operation.attributes['sym_name'].value}"])
                for b in op.operation.regions[0].blocks[0].operations:
                    if b.operation.name == "hal.executable.binary":
                        attrs = b.operation.attributes
                        data = _binary_bytes(ir.DenseElementsAttr(attrs["data"]))
                        binaries.append(Binary(
                            attrs["sym_name"].value, attrs["format"].value,
                            attrs["mime_type"].value if "mime_type" in attrs else "", data))
            del module
            if len(binaries) != 1 or binaries[0].variant != task.variant:
                raise iree_api.CompileError("serialization", [
                    f"expected one binary @{task.variant} in @{task.linked}, found "
                    f"{[b.variant for b in binaries]}"])
    except iree_api.CompileError as e:
        return GroupResult(task.key, False, None, time.perf_counter() - started, e.messages,
                           worker_id())
    except ir.MLIRError as e:
        return GroupResult(task.key, False, None, time.perf_counter() - started, (str(e),),
                           worker_id())
    return GroupResult(task.key, True, binaries[0], time.perf_counter() - started, warnings,
                       worker_id())


def _binary_bytes(data: Any) -> bytes:
    """The bytes of a binary's ``dense<...> : vector<Nxi8>``, through the
    attribute's buffer (no numpy: importing it costs each process ~15 MB)."""
    if data.is_splat:  # one value repeated: the buffer holds it once
        from iree.compiler import ir

        return bytes([ir.IntegerAttr(data.get_splat_value()).value & 0xFF]) * len(data)
    return bytes(memoryview(data))


@dataclass(frozen=True)
class HostTask:
    """The host program with stubs (text), and the IREE flags."""

    key: str
    text: str
    flags: tuple[str, ...]
    verify: bool


@dataclass(frozen=True)
class HostResult:
    key: str
    ok: bool
    text: str  # the host after IREE's HAL pipeline, stubs not serialized
    seconds: float
    messages: tuple[str, ...]  # errors if not ok, else IREE's warnings (as printed)
    worker: str


# The HAL pipeline from executable-targets on, without linking (the stubs
# are the groups' linked executables already) and without serialization
# (their binaries come from the groups).
HOST_PIPELINE = ("--iree-hal-transformation-pipeline="
                 "link-executables=false serialize-executables=false")


@functools.cache
def _iree_opt_options() -> frozenset[str]:
    """The option names ``iree-opt`` accepts (``--name``)."""
    import subprocess

    done = subprocess.run([tools.iree_opt(), "--help-list-hidden"], capture_output=True,
                          text=True, check=False)
    return frozenset(re.findall(r"^\s+(--[^\s=<]+)", done.stdout, re.M))


def host_flags(flags: tuple[str, ...]) -> tuple[str, ...]:
    """``flags`` without the ``iree-compile`` options ``iree-opt`` does not
    have: they configure other phases (input, global optimization, dispatch
    creation, stream scheduling, the VM, the tool itself, e.g.
    ``--iree-execution-model``, ``--iree-opt-level``), which ran in the
    front-end or run in the link; ``iree-opt`` would refuse them."""
    known = _iree_opt_options()
    return tuple(f for f in flags if f.split("=", 1)[0] in known)


class HostRun:
    """IREE's HAL host pipeline on the stub program, running in an
    ``iree-opt`` process (in-process textual pipelines do not see the
    llvm-cpu target): :func:`start_host` starts it, :meth:`result` waits for
    it. A build that runs its small work in-process starts the host, goes on
    with a group and collects the host after (the two overlap). Flags
    ``iree-opt`` does not know are dropped (:func:`host_flags`), once it says
    so: asking it which it knows costs a process."""

    def __init__(self, task: HostTask):
        self.task = task
        self.started = time.perf_counter()
        self.error = ""
        self.process: Any = None
        self.outputs: tuple[Any, ...] = ()
        try:
            self.process = self._spawn(task.flags)
        except OSError as e:
            self.error = f"cannot run iree-opt: {e}"

    def _spawn(self, flags: tuple[str, ...]) -> Any:
        import subprocess
        import tempfile

        command = [tools.iree_opt(), "-", *flags, HOST_PIPELINE, "--mlir-print-debuginfo"]
        if not self.task.verify:
            command.append("--verify-each=false")
        # Text in and out through files: nothing reads iree-opt's pipes until
        # result(), and it must not wait for that to finish.
        self.outputs = (tempfile.TemporaryFile(), tempfile.TemporaryFile())  # noqa: SIM115 (closed by _wait)
        with tempfile.TemporaryFile() as source:
            source.write(self.task.text.encode("utf-8"))
            source.seek(0)
            return subprocess.Popen(command, stdin=source, stdout=self.outputs[0],
                                    stderr=self.outputs[1])

    def _wait(self) -> tuple[bytes, bytes]:
        self.process.wait()
        read = []
        for f in self.outputs:
            f.seek(0)
            read.append(f.read())
            f.close()
        return read[0], read[1]

    def stop(self) -> None:
        """Kill the process (an interrupted build)."""
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait()

    def done(self) -> bool:
        """Whether :meth:`result` would not wait (the first run ended)."""
        return self.process is None or self.process.poll() is not None

    def result(self) -> HostResult:
        task = self.task
        try:
            if self.process is None:
                raise OSError(self.error)
            stdout, stderr_bytes = self._wait()
            if (self.process.returncode != 0
                    and b"Unknown command line argument" in stderr_bytes):
                self.process = self._spawn(host_flags(task.flags))
                stdout, stderr_bytes = self._wait()
        except OSError as e:
            return HostResult(task.key, False, "", time.perf_counter() - self.started,
                              (self.error or f"cannot run iree-opt: {e}",), worker_id())
        stderr = stderr_bytes.decode("utf-8", "replace")
        seconds = time.perf_counter() - self.started
        if self.process.returncode != 0:
            return HostResult(task.key, False, "", seconds, (
                stderr.strip() or f"iree-opt exited with status {self.process.returncode}",),
                worker_id())
        return HostResult(task.key, True, stdout.decode("utf-8"), seconds,
                          tuple(line for line in stderr.splitlines() if line.strip()),
                          worker_id())


def start_host(task: HostTask) -> HostRun:
    """:class:`HostRun` of ``task``, started."""
    return HostRun(task)


def compile_host(task: HostTask) -> HostResult:
    """IREE's HAL host pipeline on the stub program (:class:`HostRun`),
    waited for."""
    return start_host(task).result()


@dataclass(frozen=True)
class LinkTask:
    """The compiled host and, per stub executable name, its groups' binaries
    (one per variant); the ``.vmfb`` goes to ``output``."""

    host: str
    binaries: tuple[tuple[str, Binary], ...]
    output: str
    env: Environment


def link_module(task: LinkTask) -> AssembleResult:
    """Put each group's binary in place of its variant in the stub and
    compile the result from ``hal`` to a ``.vmfb``. Checks what it replaces:
    every executable left in the host is a stub holding only variants, and
    each of them has its binary."""
    prepare(task.env)
    from iree.compiler import ir

    binaries = {(name, binary.variant): binary for name, binary in task.binaries}

    def splice(module: Any) -> None:
        for op in list(module.body.operations):
            if op.operation.name != "hal.executable":
                continue
            name = op.operation.attributes["sym_name"].value
            ops = list(op.operation.regions[0].blocks[0].operations)
            variants = [o for o in ops if o.operation.name == "hal.executable.variant"]
            found = [binaries.get((name, v.operation.attributes["sym_name"].value))
                     for v in variants]
            if not variants or len(ops) != len(variants) + 1 or None in found:
                raise iree_api.CompileError("linking", [
                    f"the compiled host's executable @{name} is not a stub of a group"])
            for variant, binary in zip(variants, found, strict=True):
                assert binary is not None
                # The binary takes the variant's location, as in IREE.
                holder = ir.Module.parse(
                    f'hal.executable private @{name} {{\n  hal.executable.binary public '
                    f'@{binary.variant} <format = "{binary.format}", data = '
                    f'dense<"0x{binary.data.hex().upper()}"> : vector<{len(binary.data)}xi8>'
                    + (f', mime_type = "{binary.mime_type}"' if binary.mime_type else "")
                    + f"> {variant.operation.location}\n}}")
                new = holder.body.operations[0].operation.regions[0].blocks[0].operations[0]
                new.operation.move_before(variant.operation)
                variant.operation.erase()

    return _compile_spliced(
        iree_api.Invocation(task.env.session_flags, task.env.verify), task.host, splice,
        "hal", task.output)


def _compile_spliced(invocation: iree_api.Invocation, module_text: str, splice: Any,
                     compile_from: str, output: str) -> AssembleResult:
    """Parse ``module_text`` in ``invocation``'s context (closed after),
    ``splice(module)`` it, compile it from phase ``compile_from`` and write
    the ``.vmfb`` to ``output``; IREE's errors come back in the result."""
    from iree.compiler import ir

    started = time.perf_counter()
    spliced = compile_ = 0.0
    try:
        with invocation as inv:
            with inv.context, ir.Location.unknown():
                module = ir.Module.parse(module_text)
                splice(module)
            spliced = time.perf_counter() - started
            inv.import_module(module.operation)
            inv.phases(compile_from, None)
            inv.compile()
            compile_ = time.perf_counter() - started - spliced
            inv.write_vmfb(Path(output))
    except iree_api.CompileError as e:
        return AssembleResult(False, e.messages, spliced, compile_, 0.0)
    except ir.MLIRError as e:
        return AssembleResult(False, (str(e),), spliced, compile_, 0.0)
    write = time.perf_counter() - started - spliced - compile_
    return AssembleResult(True, (), spliced, compile_, write)


# Translations preloaded for the next final compile of this process: a
# background thread parses them (in its own session) while this process
# serves translations; the final compile takes what it parsed.
_preload_thread: threading.Thread | None = None
_preloaded: tuple[iree_api.Invocation, dict[tuple[str, str], Any]] | None = None


def _take_preloaded() -> tuple[iree_api.Invocation, dict[tuple[str, str], Any]] | None:
    """Wait for a running preload and take what it parsed (None if nothing)."""
    global _preload_thread, _preloaded
    if _preload_thread is not None:
        _preload_thread.join()
        _preload_thread = None
    state, _preloaded = _preloaded, None
    return state


def _parse_all(task: PreloadTask) -> None:
    from iree.compiler import ir

    global _preloaded
    try:
        inv = iree_api.Invocation(task.env.session_flags, task.env.verify)
    except iree_api.CompileError:
        return
    from halflow.codegen.executables import denormalize
    from halflow.store.artifacts import decode_entry

    modules: dict[tuple[str, str], Any] = {}
    with inv.context, ir.Location.unknown():
        for name, key, normalized, raw in task.items:
            entry = decode_entry(key, raw)
            if entry is None:
                continue
            text = denormalize(entry.text, name) if normalized else entry.text
            try:
                modules[(name, key)] = ir.Module.parse(text)
            except ir.MLIRError:
                continue  # parsed (and reported) again at assembly
    _preloaded = (inv, modules)


def preload(task: PreloadTask) -> int:
    """Start parsing translations the next final compile will probably need
    (those of the previous build) in a background thread, and return at once:
    this process keeps serving translations meanwhile (separate sessions, so
    separate MLIR contexts; compilations release the GIL). Returns how many
    texts it was given."""
    global _preload_thread
    prepare(task.env)
    old = _take_preloaded()
    if old is not None:
        old[0].close()
    _preload_thread = threading.Thread(target=_parse_all, args=(task,), daemon=True,
                                       name="halflow-preload")
    _preload_thread.start()
    return len(task.items)


def assemble(task: AssembleTask) -> AssembleResult:
    """Splice the translations into the module in place of its executables
    and compile from ``executable-targets`` to a ``.vmfb`` at ``task.output``.
    Preloaded translations are used where (name, key) match."""
    prepare(task.env)
    from iree.compiler import ir

    translations = {name: (key, text) for name, key, text in task.translations}
    state = _take_preloaded()
    preloaded = state[1] if state is not None else {}

    def splice(module: Any) -> None:
        for op in list(module.body.operations):
            if op.operation.name != "hal.executable":
                continue
            name = op.operation.attributes["sym_name"].value
            key, text = translations[name]
            translated = preloaded.pop((name, key), None)
            if translated is None:
                translated = ir.Module.parse(text)
            new = translated.body.operations[0]
            new.operation.move_before(op.operation)
            op.operation.erase()

    return _compile_spliced(
        state[0] if state is not None
        else iree_api.Invocation(task.env.session_flags, task.env.verify),
        task.module_text, splice, TARGETS, task.output)


# --- local worker processes -------------------------------------------------
#
# ``python -m halflow.codegen.worker`` serves tasks over its stdin/stdout:
# each message is an 8-byte little-endian length and a pickle of plain data
# (only between a build and the workers it started). The first message is
# the Environment; the worker answers ("ready", id) once set up, then
# (name, task) -> ("ok", result) | ("error", message) until stdin closes.

_FUNCTIONS: dict[str, Callable[[Any], object]] = {
    "translate": translate, "translate_batch": translate_batch, "assemble": assemble,
    "preload": preload, "serialize_group": serialize_group, "compile_host": compile_host,
    "link_module": link_module,
}


def write_message(stream: IO[bytes], message: object) -> None:
    data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
    stream.write(len(data).to_bytes(8, "little") + data)
    stream.flush()


def read_message(stream: IO[bytes]) -> Any:
    """The next message; raises EOFError when the other side is gone."""
    header = stream.read(8)
    if len(header) < 8:
        raise EOFError
    size = int.from_bytes(header, "little")
    data = stream.read(size)
    if len(data) < size:
        raise EOFError
    return pickle.loads(data)


def serve(stdin: BinaryIO, stdout: BinaryIO) -> None:
    env = read_message(stdin)
    assert isinstance(env, Environment)
    try:
        write_message(stdout, ("ready", warm_up(env)))
    except Exception as e:  # unfit: say why, then stop
        write_message(stdout, ("error", f"{type(e).__name__}: {e}"))
        return
    while True:
        try:
            name, task = read_message(stdin)
        except EOFError:
            return
        try:
            write_message(stdout, ("ok", _FUNCTIONS[name](task)))
        except Exception as e:
            write_message(stdout, ("error", f"{type(e).__name__}: {e}"))


def main() -> None:
    # Keep stray output (IREE's, C or Python) off the message channel.
    channel = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)
    serve(sys.stdin.buffer, channel)


if __name__ == "__main__":
    # Run from the imported module, not this __main__ copy: pickled tasks
    # name classes of ``halflow.codegen.worker``.
    from halflow.codegen import worker as _worker

    _worker.main()
