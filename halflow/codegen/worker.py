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

import os
import pickle
import socket
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO

from halflow.codegen import iree_api, tools

# IREE phases around the per-executable step.
SOURCES = "executable-sources"
TARGETS = "executable-targets"


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


def _worker_id() -> str:
    return f"{socket.gethostname()}:{os.getpid()}"


def prepare(env: Environment) -> None:
    """Set up this process for ``env`` (idempotent). Raises RuntimeError if
    it cannot be: another IREE version, or other global flags already set."""
    if tools.iree_version() != env.iree_version:
        raise RuntimeError(
            f"worker {_worker_id()} has iree-base-compiler {tools.iree_version()}, "
            f"the build needs {env.iree_version}"
        )
    iree_api.set_global_flags(env.global_flags)


def warm_up(env: Environment) -> str:
    """Load the compiler library and set flags ahead of the first task."""
    prepare(env)
    iree_api.split_flags(())  # loads libIREECompiler and creates a session
    return _worker_id()


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
            module = inv.module()
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
    except iree_api.CompileError as e:
        return TranslateResult(task.key, task.executable, False, "",
                               time.perf_counter() - started, e.messages, _worker_id())
    return TranslateResult(task.key, task.executable, True, text,
                           time.perf_counter() - started, (), _worker_id())


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
    from halflow.codegen.store import decode_entry

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
    started = time.perf_counter()
    splice = compile_ = 0.0
    state = _take_preloaded()
    preloaded = state[1] if state is not None else {}
    try:
        with (state[0] if state is not None
              else iree_api.Invocation(task.env.session_flags, task.env.verify)) as inv:
            context = inv.context
            with context, ir.Location.unknown():
                module = ir.Module.parse(task.module_text)
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
            splice = time.perf_counter() - started
            inv.import_module(module.operation)
            inv.phases(TARGETS, None)
            inv.compile()
            compile_ = time.perf_counter() - started - splice
            inv.write_vmfb(Path(task.output))
    except iree_api.CompileError as e:
        return AssembleResult(False, e.messages, splice, compile_, 0.0)
    except ir.MLIRError as e:
        return AssembleResult(False, (str(e),), splice, compile_, 0.0)
    write = time.perf_counter() - started - splice - compile_
    return AssembleResult(True, (), splice, compile_, write)


# --- local worker processes -------------------------------------------------
#
# ``python -m halflow.codegen.worker`` serves tasks over its stdin/stdout:
# each message is an 8-byte little-endian length and a pickle of plain data
# (only between a build and the workers it started). The first message is
# the Environment; the worker answers ("ready", id) once set up, then
# (name, task) -> ("ok", result) | ("error", message) until stdin closes.

_FUNCTIONS = {"translate": translate, "assemble": assemble, "preload": preload}


def write_message(stream: BinaryIO, message: object) -> None:
    data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
    stream.write(len(data).to_bytes(8, "little") + data)
    stream.flush()


def read_message(stream: BinaryIO) -> object:
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
            name, task = read_message(stdin)  # type: ignore[misc]
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
