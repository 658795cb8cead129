"""``with halflow.intercept():``: in-process compiles through halflow.

iree-turbine's ``ExportOutput.compile`` and ``iree.build``'s in-process
compile do not run ``iree-compile``: they call ``iree.compiler.api`` in
their own process (a ``Session`` with flags, ``session.invocation()``, a
``Source`` from ``Source.wrap_buffer`` or ``Source.open_file``,
``parse_source``, ``execute()``, ``output_vm_bytecode(output)``). Inside
``intercept()``, those calls stay the same for the caller, but:

- ``Source.wrap_buffer`` and ``Source.open_file`` remember what they
  wrap (the bytes and buffer name, or the path);
- ``execute()`` of the standard pipeline, on an invocation that parsed one
  such source, builds it with halflow instead: ``halflow iree-compile`` of
  that source with the session's flags (``Session.get_flags``), in a child
  process (the masquerade ``iree-compile``, :mod:`halflow.cli.dropin_shims`),
  and keeps the ``.vmfb``; ``output_vm_bytecode`` then writes those bytes to
  the caller's ``Output`` (a file, or a memory buffer the caller
  ``map_memory()``s);
- when halflow's build fails, the real ``execute()`` runs in this process,
  as without ``intercept()``: if it fails too, the input was at fault (its
  diagnostics, its ``False``); if it succeeds, the fallback is warned about
  and counted, or, with the ``strict`` setting, is an error
  (``RuntimeError``);
- anything else asked of an invocation halflow served (its IR, another
  pipeline, ``export_module``) first runs the real ``execute()``.

An invocation that imported a module object (``import_module``) or parsed
several sources is left to IREE.
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import tempfile
import threading
from collections.abc import Iterator
from typing import Any

from halflow.cli.dropin_build import NO_FALLBACK, strict_setting
from halflow.cli.dropin_counts import record

_LOCK = threading.Lock()
_DEPTH = [0]
_SAVED: dict[str, Any] = {}


@contextlib.contextmanager
def intercept() -> Iterator[None]:
    """Route ``iree.compiler.api`` compiles to ``.vmfb`` through halflow
    while the block runs (nestable; other threads' compiles too)."""
    with _LOCK:
        if _DEPTH[0] == 0:
            _install()
        _DEPTH[0] += 1
    try:
        yield
    finally:
        with _LOCK:
            _DEPTH[0] -= 1
            if _DEPTH[0] == 0:
                _uninstall()


def _api() -> tuple[Any, Any, Any]:
    from iree.compiler.api import ctypes_dl

    return ctypes_dl.Source, ctypes_dl.Invocation, ctypes_dl.PipelineType


def _install() -> None:
    source_cls, invocation_cls, kinds = _api()
    saved = {name: invocation_cls.__dict__[name] for name in (
        "parse_source", "import_module", "execute", "output_vm_bytecode", "output_ir",
        "output_ir_bytecode", "export_module", "execute_text_pass_pipeline")}
    saved["wrap_buffer"] = source_cls.__dict__["wrap_buffer"]
    saved["open_file"] = source_cls.__dict__["open_file"]
    _SAVED.update(saved)
    wrap, open_file = saved["wrap_buffer"].__func__, saved["open_file"].__func__

    def wrap_buffer(session: Any, buffer: Any, *, buffer_name: str = "source.mlir") -> Any:
        source = wrap(session, buffer, buffer_name=buffer_name)
        source._halflow = ("buffer", buffer_name, bytes(memoryview(buffer)))
        return source

    def opened(session: Any, file_path: str) -> Any:
        source = open_file(session, file_path)
        source._halflow = ("file", file_path, None)
        return source

    source_cls.wrap_buffer = staticmethod(wrap_buffer)
    source_cls.open_file = staticmethod(opened)

    def parse_source(self: Any, source: Any) -> Any:
        self.__dict__.setdefault("_halflow_sources", []).append(source)
        return saved["parse_source"](self, source)

    def import_module(self: Any, module_op: Any) -> Any:
        self._halflow_imported = True
        return saved["import_module"](self, module_op)

    def execute(self: Any, pipeline: Any = kinds.IREE_COMPILER_PIPELINE_STD) -> Any:
        if pipeline != kinds.IREE_COMPILER_PIPELINE_STD or not _servable(self):
            _run_real(self)
            return saved["execute"](self, pipeline)
        return _execute(self, lambda: saved["execute"](self, pipeline))

    def output_vm_bytecode(self: Any, output: Any) -> Any:
        vmfb = self.__dict__.get("_halflow_vmfb")
        if vmfb is not None:
            output.write(vmfb)
            return None
        return saved["output_vm_bytecode"](self, output)

    invocation_cls.parse_source = parse_source
    invocation_cls.import_module = import_module
    invocation_cls.execute = execute
    invocation_cls.output_vm_bytecode = output_vm_bytecode
    for name in ("output_ir", "output_ir_bytecode", "export_module",
                 "execute_text_pass_pipeline"):
        setattr(invocation_cls, name, _real_first(saved[name]))


def _real_first(method: Any) -> Any:
    """``method``, after the real ``execute()`` of an invocation halflow
    served (its module is then the one the caller expects)."""

    def call(self: Any, *args: Any, **kwargs: Any) -> Any:
        _run_real(self)
        return method(self, *args, **kwargs)

    return call


def _run_real(inv: Any) -> None:
    if inv.__dict__.pop("_halflow_vmfb", None) is not None:
        _SAVED["execute"](inv)


def _uninstall() -> None:
    source_cls, invocation_cls, _ = _api()
    for name in ("wrap_buffer", "open_file"):
        setattr(source_cls, name, _SAVED.pop(name))
    for name, method in list(_SAVED.items()):
        setattr(invocation_cls, name, method)
    _SAVED.clear()


def _servable(inv: Any) -> bool:
    sources = inv.__dict__.get("_halflow_sources", [])
    return (not inv.__dict__.get("_halflow_imported") and len(sources) == 1
            and getattr(sources[0], "_halflow", None) is not None
            and "_halflow_vmfb" not in inv.__dict__)


def _execute(inv: Any, real_execute: Any) -> Any:
    """The standard pipeline of ``inv`` by halflow, else (after a failure)
    by IREE in this process; what ``execute()`` returns."""
    try:
        vmfb, cause = _build(inv.session, inv.__dict__["_halflow_sources"][0]._halflow)
    except Exception as e:  # halflow's own failure, whatever it is: IREE decides
        vmfb, cause = None, f"{type(e).__name__}: {e}"
    if vmfb is not None:
        inv._halflow_vmfb = vmfb
        return True
    ok = real_execute()
    if not ok:
        record(None, {"dropin": "error"})
        return ok
    if strict_setting():
        record(None, {"dropin": "strict-failure", "cause": cause})
        raise RuntimeError(f"halflow's own build failed where IREE's succeeds (strict: no "
                           f"fallback): {cause}")
    sys.stderr.write(f"halflow: warning: built by IREE after halflow's own build failed: "
                     f"{cause}\n")
    record(None, {"dropin": "fallback", "cause": cause})
    return ok


def _build(session: Any, what: tuple[str, str, bytes | None]) -> tuple[bytes | None, str]:
    """``halflow iree-compile`` of the source with the session's flags, in
    a child process: (the ``.vmfb``, "") or (None, the cause of failure).
    A wrapped buffer is compiled as a file of its buffer name in a folder
    of its own under the cache directory (``dropin-intercept/``: one per
    buffer name, flags and working directory, locked while it builds), so
    that the next compile of it is up to date, or incremental."""
    kind, name, data = what
    flags = command_line_flags(session.get_flags(non_default_only=True))
    with _workspace(name, flags) as folder:
        cwd = None
        if kind == "buffer":
            assert data is not None
            base = os.path.basename(name) or "source.mlir"
            _write_if_changed(os.path.join(folder, base), data)
            name, cwd = base, folder
        return _run_child(name, flags, os.path.join(folder, "halflow-intercept.vmfb"), cwd)


def command_line_flags(flags: list[str]) -> list[str]:
    """A session's flags (``Session.get_flags``) as ``iree-compile``'s
    command line gives them: a list option set several times is printed
    with its values joined by commas (``--iree-hal-target-backends=a,b``,
    after iree-turbine's ``compile`` set it once per call), which the
    command line reads as one value; it becomes one flag per value. Which
    options are lists is asked of a probe session (a list set twice prints
    both values)."""
    from iree.compiler.api import Session

    out: list[str] = []
    for flag in flags:
        name, eq, value = flag.partition("=")
        if eq and "," in value:
            first = value.split(",", 1)[0]
            probe = Session()
            try:
                probe.set_flags(f"{name}={first}", f"{name}={first}")
                listed = f"{name}={first},{first}" in probe.get_flags(non_default_only=True)
            finally:
                probe.close()
            if listed:
                out += [f"{name}={v}" for v in value.split(",")]
                continue
        out.append(flag)
    return out


@contextlib.contextmanager
def _workspace(name: str, flags: list[str]) -> Iterator[str]:
    """The locked folder of a buffer ``name`` and ``flags`` (a temporary one
    when the cache is read-only or cannot hold it)."""
    import fcntl
    import hashlib

    from halflow.core import config

    try:
        settings = config.load(None)
        if settings["cache-read-only"]:
            raise OSError("read-only cache")
        digest = hashlib.sha256("\0".join([os.getcwd(), name, *flags]).encode()).hexdigest()
        folder = os.path.join(settings.cache_dir(), "dropin-intercept", digest[:24])
        os.makedirs(folder, exist_ok=True)
        lock = open(os.path.join(folder, "lock"), "a")  # noqa: SIM115 (held while it builds)
    except Exception:
        with tempfile.TemporaryDirectory(prefix="halflow-intercept-") as scratch:
            yield scratch
        return
    try:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield folder
    finally:
        lock.close()


def _write_if_changed(path: str, data: bytes) -> None:
    """``path`` holds ``data`` (not rewritten when it does: its time stays)."""
    try:
        with open(path, "rb") as f:
            if f.read() == data:
                return
    except OSError:
        pass
    temporary = f"{path}.{os.getpid()}.tmp"  # (this folder is locked: one writer)
    with open(temporary, "wb") as f:
        f.write(data)
    os.replace(temporary, path)


def _masquerade() -> str:
    """The masquerade ``iree-compile`` to run: the one of a masquerade
    directory in ``IREE_TOOL_PATH`` (made by an installation of halflow
    that may be another Python's: an export venv without halflow's
    dependencies can still use it), else this interpreter's."""
    from halflow.codegen.tools import is_shim_dir

    for folder in (os.environ.get("IREE_TOOL_PATH") or "").split(os.pathsep):
        path = os.path.join(folder, "iree-compile")
        if folder and is_shim_dir(folder) and os.access(path, os.X_OK):
            return path
    from halflow.cli.dropin_shims import shim_dir

    return os.path.join(shim_dir(), "iree-compile")


def _run_child(name: str, flags: list[str], out: str, cwd: str | None
               ) -> tuple[bytes | None, str]:
    env = {k: v for k, v in os.environ.items() if k != "HALFLOW_DROPIN_ACTIVE"}
    env[NO_FALLBACK] = "1"
    try:
        done = subprocess.run([_masquerade(), name, *flags,
                               "-o", out], cwd=cwd, env=env, capture_output=True,
                              stdin=subprocess.DEVNULL, check=False)
    except OSError as e:
        return None, f"cannot run halflow: {e.strerror or e}"
    err = done.stderr.decode("utf-8", "replace")
    if done.returncode != 0:
        lines = err.strip().splitlines()
        last = lines[-1] if lines else f"exit status {done.returncode}"
        return None, last.removeprefix("halflow: error: ")
    sys.stderr.write(err)
    with open(out, "rb") as f:
        return f.read(), ""
