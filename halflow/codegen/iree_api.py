"""In-process IREE compiler: libIREECompiler's C API, as halflow uses it.

The wheel's ``iree.compiler.api.ctypes_dl`` wraps sessions, sources and
invocations. This module adds what it lacks: compile-from/compile-to phases,
diagnostics collected through a callback (never printed), and the
process-global flags.

IREE options come in two kinds. Session options (most ``--iree-*`` flags) are
set per session. The others are process-global LLVM command-line options
(``--iree-hal-link-executables``, many ``--iree-codegen-*``, ``--mlir-*``):
``ireeCompilerSetupGlobalCL`` sets them once per process (a second call
aborts the process) and terminates the process on an unknown flag. So halflow compiles in
worker processes it owns and sets their global flags at start-up (a worker
that IREE stops there reports the flag it rejected).
"""

from __future__ import annotations

import ctypes
import functools
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum
from pathlib import Path
from types import ModuleType
from typing import Any

# IREE phases around the per-executable step.
SOURCES = "executable-sources"
TARGETS = "executable-targets"


class Severity(IntEnum):
    NOTE = 0
    WARNING = 1
    ERROR = 2
    REMARK = 3


_DIAGNOSTIC_CALLBACK = ctypes.CFUNCTYPE(
    None, ctypes.c_int, ctypes.c_void_p, ctypes.c_size_t, ctypes.c_void_p
)


class CompileError(Exception):
    """A compiler step failed; ``messages`` holds IREE's error diagnostics."""

    def __init__(self, step: str, messages: Sequence[str]):
        self.step = step
        self.messages = tuple(messages)
        detail = "\n".join(self.messages) if self.messages else "(no diagnostic)"
        super().__init__(f"{step} failed:\n{detail}")


@functools.cache
def _api() -> ModuleType:
    """The wheel's ctypes wrapper, with the signatures halflow adds."""
    from iree.compiler.api import ctypes_dl as api

    lib = api._dylib
    for name in ("ireeCompilerInvocationSetCompileFromPhase",
                 "ireeCompilerInvocationSetCompileToPhase"):
        fn = getattr(lib, name)
        fn.argtypes = [ctypes.c_void_p, ctypes.c_char_p]
        fn.restype = None
    fn = lib.ireeCompilerInvocationSetVerifyIR
    fn.argtypes = [ctypes.c_void_p, ctypes.c_bool]
    fn.restype = None
    fn = lib.ireeCompilerInvocationEnableCallbackDiagnostics
    fn.argtypes = [ctypes.c_void_p, ctypes.c_int, _DIAGNOSTIC_CALLBACK, ctypes.c_void_p]
    fn.restype = None
    return api


_global_lock = threading.Lock()
_global_flags: tuple[str, ...] = ()  # applied to this process (once at most)


def set_global_flags(flags: Sequence[str]) -> None:
    """Make this process compile with global IREE flags ``flags``.

    IREE accepts global flags once per process (a second call aborts it), so
    the first non-empty set wins. Raises RuntimeError when the process already
    has other global flags, including when ``flags`` is empty then: the
    process cannot go back to IREE's defaults.
    """
    global _global_flags
    wanted = tuple(flags)
    with _global_lock:
        if wanted == _global_flags:
            return
        if _global_flags:
            raise RuntimeError(
                f"this worker process already compiles with global IREE flags "
                f"{list(_global_flags)}; a build with {list(wanted)} needs fresh worker "
                "processes (restart the Dask workers)"
            )
        _api()._initializeGlobalCL("halflow", *wanted)
        _global_flags = wanted


def split_flags(flags: Sequence[str]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Split flags into (session flags, process-global flags), keeping order."""
    api = _api()
    session: list[str] = []
    global_: list[str] = []
    scratch = api.Session()
    try:
        for flag in flags:
            try:
                scratch.set_flags(flag)
                session.append(flag)
            except ValueError:
                global_.append(flag)
    finally:
        scratch.close()
    return tuple(session), tuple(global_)


# The first pass pipeline a process builds registers LLVM's GPU targets
# (AMDGPU, NVPTX, SPIR-V): IREE's translate and configure passes acquire
# every registered target backend, and the ROCm and CUDA backends register
# their LLVM targets when acquired. LLVM's target list is a linked list that
# registration extends without a lock, so two threads building their
# process's first pipelines at once can link a target to itself; a lookup
# that reaches it then loops forever. Measured: a cold ``--to vmfb``
# build's two in-process lanes (halflow.codegen.executors) both spinning in
# ``TargetRegistry::lookupTarget`` for minutes, in 2 of 122 cold builds of
# llama_serving_l2. So the process's first pipeline runs alone, on an empty
# module (~40 ms), before any other.
_first_pipeline = threading.Lock()
_targets_registered = False


def _register_targets(session_flags: Sequence[str]) -> None:
    global _targets_registered
    if _targets_registered:
        return
    with _first_pipeline:
        if _targets_registered:
            return
        try:
            with Invocation(session_flags, verify=False) as empty:
                empty.parse(b"module {}", "empty.mlir")
                empty.phases("executable-sources", "executable-targets")
                empty.invocation.execute()  # (building its pipeline registers them)
        except CompileError:
            pass  # flags IREE rejects: the build's own invocation reports them
        _targets_registered = True


@dataclass(frozen=True)
class Message:
    severity: Severity
    text: str


class Invocation:
    """One compiler invocation in a fresh session (a fresh MLIR context).

    Every step raises :class:`CompileError` with the collected error
    diagnostics when IREE reports failure. Use as a context manager.
    """

    def __init__(self, session_flags: Sequence[str], verify: bool = True):
        api = _api()
        self._api = api
        self._flags = tuple(session_flags)
        self.session = api.Session()
        try:
            self.session.set_flags(*session_flags)
        except ValueError as e:
            self.session.close()
            raise CompileError("setting IREE flags", [str(e)]) from None
        self.invocation = api.Invocation(self.session)
        self.messages: list[Message] = []
        self._callback = _DIAGNOSTIC_CALLBACK(self._on_diagnostic)  # kept alive by self
        api._dylib.ireeCompilerInvocationEnableCallbackDiagnostics(
            self.invocation._inv_p, 0, self._callback, None
        )
        if not verify:  # iree-compile --verify=false
            api._dylib.ireeCompilerInvocationSetVerifyIR(self.invocation._inv_p, False)

    def _on_diagnostic(self, severity: int, message: int, size: int, _user: int) -> None:
        text = ctypes.string_at(message, size).decode("utf-8", "replace")
        try:
            kind = Severity(severity)
        except ValueError:
            kind = Severity.ERROR
        self.messages.append(Message(kind, text))

    def __enter__(self) -> Invocation:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self.invocation.close()
        self.session.close()

    @property
    def context(self) -> Any:
        """The session's MLIR context as an ``ir.Context``, owned by Python from
        the first access on (ops handed out keep it alive)."""
        return self.session.context

    def errors(self) -> list[str]:
        return [m.text for m in self.messages if m.severity == Severity.ERROR]

    def _check(self, ok: bool, step: str) -> None:
        if not ok:
            raise CompileError(step, self.errors())

    def phases(self, compile_from: str | None = None, compile_to: str | None = None) -> None:
        lib = self._api._dylib
        if compile_from is not None:
            lib.ireeCompilerInvocationSetCompileFromPhase(
                self.invocation._inv_p, compile_from.encode()
            )
        if compile_to is not None:
            lib.ireeCompilerInvocationSetCompileToPhase(
                self.invocation._inv_p, compile_to.encode()
            )

    def parse(self, text: bytes, buffer_name: str) -> None:
        source = self._api.Source.wrap_buffer(self.session, text, buffer_name=buffer_name)
        self._check(self.invocation.parse_source(source), "parsing")

    def import_module(self, module_op: Any) -> None:
        self.invocation.import_module(module_op)

    def run_passes(self, pipeline: str) -> None:
        """Run a textual pass pipeline on the module; ``pipeline`` is anchored
        on the module already (``"canonicalize"``, not ``"builtin.module(...)"``,
        which would only reach nested modules)."""
        _register_targets(self._flags)
        self._check(self.invocation.execute_text_pass_pipeline(pipeline), pipeline)

    def compile(self) -> None:
        _register_targets(self._flags)
        self._check(self.invocation.execute(), "compilation")

    def bytecode(self) -> bytes:
        """The invocation's module as MLIR bytecode, through the C API.

        Unlike :meth:`module` and :attr:`context`, this leaves the session's
        context to the session: a context handed to Python is never freed
        in iree-base-compiler 3.13 (``ir.Context._get_live_count()`` keeps
        counting it), ~4 MB per translation in a long-lived worker. Parse
        the bytes in a Python-made context (:func:`own_context`), which is
        freed."""
        output = self._api.Output.open_membuffer()
        try:
            self.invocation.output_ir_bytecode(output)
            return bytes(output.map_memory())
        except ValueError as e:
            raise CompileError("writing the module", [str(e), *self.errors()]) from None
        finally:
            output.close()

    def module(self) -> Any:
        """The invocation's module as an ``ir.Operation``.

        Python takes the context over first, so the operation keeps its
        context alive after this invocation is closed (and for the rest of
        the process: see :meth:`bytecode`).
        """
        _ = self.context
        return self.invocation.export_module()

    def write_vmfb(self, path: Path) -> None:
        output = self._api.Output.open_file(str(path))
        try:
            self.invocation.output_vm_bytecode(output)
            output.keep()
        except ValueError as e:
            raise CompileError("writing the .vmfb", [str(e), *self.errors()]) from None
        finally:
            output.close()


def own_context() -> Any:
    """A fresh ``ir.Context`` of this process's own whose verifier runs on
    the calling thread. ``ir.Module.parse`` holds the GIL while it
    verifies; with MLIR's thread pool, a diagnostic from one of its worker
    threads (IR that fails verification: IREE's output for a program IREE
    cannot compile, translated without per-pass verification) waits for
    the GIL in the bindings' error capture, and the build hangs (a zoo
    build, Gemma bf16 for vmvx, hung 12 minutes in a lane)."""
    from iree.compiler import ir

    context = ir.Context()
    context.enable_multithreading(False)
    return context
