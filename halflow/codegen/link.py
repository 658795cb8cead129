"""The final compile of a ``.vmfb``: the group binaries put in place of
the host's stubs and compiled from ``hal`` (:func:`link_module`), or, for
the fallback, the translations spliced into the materialized module and
compiled from ``executable-targets`` (:func:`assemble`, with the
translations a worker process parsed ahead, :func:`preload`)."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

from halflow.codegen import iree_api
from halflow.codegen.environment import prepare
from halflow.codegen.iree_api import TARGETS
from halflow.codegen.tasks import AssembleResult, AssembleTask, LinkTask, PreloadTask


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


Parsed = tuple[iree_api.Invocation, dict[tuple[str, str], Any]]


class Preloads:
    """Translations preloaded for the next final compile of one worker
    process: a background thread parses them (in its own session) while
    the process serves translations; the final compile takes what it
    parsed. The worker's serve loop (:func:`halflow.codegen.worker.serve`)
    owns one and hands it to the tasks that use it (:data:`halflow.codegen.
    tasks.USES_PRELOADS`)."""

    def __init__(self) -> None:
        self._thread: threading.Thread | None = None
        self._parsed: Parsed | None = None

    def take(self) -> Parsed | None:
        """Wait for a running preload and take what it parsed (None if
        nothing)."""
        if self._thread is not None:
            self._thread.join()
            self._thread = None
        parsed, self._parsed = self._parsed, None
        return parsed

    def start(self, task: PreloadTask) -> None:
        """Drop what an earlier preload parsed and parse ``task``'s on a
        thread of its own."""
        old = self.take()
        if old is not None:
            old[0].close()
        self._thread = threading.Thread(target=self._parse_all, args=(task,), daemon=True,
                                        name="halflow-preload")
        self._thread.start()

    def _parse_all(self, task: PreloadTask) -> None:
        from iree.compiler import ir

        try:
            inv = iree_api.Invocation(task.env.session_flags, task.env.verify)
        except iree_api.CompileError:
            return
        from halflow.codegen.executables import denormalize
        from halflow.store.codegen_entries import decode_entry

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
        self._parsed = (inv, modules)


def preload(task: PreloadTask, preloads: Preloads) -> int:
    """Start parsing translations the next final compile will probably need
    (those of the previous build) in a background thread of ``preloads``,
    and return at once: this process keeps serving translations meanwhile
    (separate sessions, so separate MLIR contexts; compilations release the
    GIL). Returns how many texts it was given."""
    prepare(task.env)
    preloads.start(task)
    return len(task.items)


def assemble(task: AssembleTask, preloads: Preloads | None) -> AssembleResult:
    """Splice the translations into the module in place of its executables
    and compile from ``executable-targets`` to a ``.vmfb`` at ``task.output``.
    Translations ``preloads`` holds are used where (name, key) match."""
    prepare(task.env)
    from iree.compiler import ir

    translations = {name: (key, text) for name, key, text in task.translations}
    state = preloads.take() if preloads is not None else None
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
