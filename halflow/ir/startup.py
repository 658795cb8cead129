"""Process start-up costs of the command line.

``iree.compiler.ir`` imports numpy (~110 ms, a quarter of a command-line
rebuild of a large module) only to register optional attribute builders for
numpy arrays, which halflow never uses. A command-line process therefore
imports the bindings with numpy hidden, then makes numpy importable again
for anything that really wants it.

The bindings also import a dialect's Python module (its generated op and
enum classes: ~25 ms for stream, hal, arith and builtin) the first time an
attribute, type or op of that dialect reaches Python, only to offer typed
subclasses; halflow works on generic ``ir.Operation``/``ir.Attribute``
objects and names, so the command line empties the search path for those
modules. It also imports the bindings without running the package's
``__init__`` (which loads the compiler-driver tools). Library users are
left alone (their own code may want the typed classes and the package's
API), and the library path is what most tests exercise, so both ways are
covered by the oracle tests.
"""

from __future__ import annotations

import sys
from types import CodeType

_command_line = False


def command_line() -> None:
    """Called by the CLI entry point before anything imports MLIR."""
    global _command_line
    _command_line = True
    _generated.install()


def finish() -> None:
    """Called before the process ends (also by ``os._exit``'s callers):
    keeps what this run compiled for :class:`_GeneratedCode`."""
    _generated.save()


class _GeneratedCode:
    """Compiled dataclass methods, kept between command-line runs.

    ``dataclasses`` writes each record class's ``__init__``, ``__eq__``,
    ``__repr__``, ``__hash__``, ... as Python source and compiles it with
    ``exec`` when the class is defined: ~190 compilations on a one-edit
    rebuild, a sixth of its CPU time, repeated by every process. The module
    finds ``exec`` among its globals, so the command line gives it one that
    compiles each source text once and keeps the code objects, marshalled
    as ``.pyc`` files are, in the package's ``__pycache__`` (beside
    halflow's own bytecode, which Python trusts the same way), for the
    interpreter version that made them (none are written under ``-B`` or
    ``PYTHONDONTWRITEBYTECODE``). A code object is what ``exec``
    would have compiled from the same text (same flags: none inherited), so
    the classes are the same; a cache that cannot be read or written is
    ignored. Library users are left alone."""

    def __init__(self) -> None:
        self.codes: dict[str, object] | None = None
        self.added = False
        self.path = ""

    def install(self) -> None:
        if self.codes is not None:
            return
        import dataclasses
        import marshal
        import os

        self.path = os.path.join(
            os.path.dirname(__file__), "__pycache__",
            f"dataclass-methods.{sys.implementation.cache_tag}.marshal",
        )
        try:
            with open(self.path, "rb") as f:
                loaded = marshal.load(f)
            self.codes = loaded if isinstance(loaded, dict) else {}
        except (OSError, EOFError, ValueError, TypeError):
            self.codes = {}
        dataclasses.exec = self.exec  # type: ignore[attr-defined]
        import atexit

        atexit.register(self.save)

    def exec(self, source: object, globals: dict[str, object] | None = None,
             locals: dict[str, object] | None = None) -> None:
        if isinstance(source, str) and self.codes is not None:
            code = self.codes.get(source)
            if not isinstance(code, CodeType):
                code = self.codes[source] = compile(source, "<string>", "exec", dont_inherit=True)
                self.added = True
            source = code
        exec(source, globals, locals)  # type: ignore[arg-type]

    def save(self) -> None:
        if not self.added or self.codes is None or sys.dont_write_bytecode:
            return  # (-B, PYTHONDONTWRITEBYTECODE: no bytecode files written)
        import marshal
        import os

        from halflow.core.output import FileKind, write_atomic

        self.added = False
        try:
            os.makedirs(os.path.dirname(self.path), exist_ok=True)
            write_atomic(self.path, marshal.dumps(self.codes), FileKind.CACHE)
        except (OSError, ValueError):
            pass


_generated = _GeneratedCode()


def load_mlir() -> None:
    """Import the MLIR bindings (cheaply when running as the CLI)."""
    if "iree.compiler.ir" in sys.modules:
        return
    if not _command_line or "numpy" in sys.modules:
        import iree.compiler.ir
        return
    sys.modules["numpy"] = None  # type: ignore[assignment]  # `import numpy` fails
    try:
        if not _import_bindings_only():
            import iree.compiler.ir  # noqa: F401
    finally:
        if sys.modules.get("numpy", 0) is None:
            del sys.modules["numpy"]
    from iree.compiler._mlir_libs import _mlir

    _mlir.globals.dialect_search_modules = []


def _import_bindings_only() -> bool:
    """Import ``iree.compiler.ir`` without running ``iree/compiler/__init__.py``,
    which imports the compiler-driver API (``iree.compiler.tools``: subprocess,
    logging, ...; ~12 ms of every command-line build that loads MLIR) only to
    re-export it. The package is registered bare; its submodules
    (``iree.compiler.tools``, ``.api``, ``.rewrite``) still import on demand.
    False (nothing changed) when this cannot be done; the caller then
    imports the usual way."""
    import importlib.util

    if "iree.compiler" in sys.modules:
        return False
    try:
        spec = importlib.util.find_spec("iree.compiler")
    except (ImportError, ValueError):
        return False
    if spec is None or spec.submodule_search_locations is None:
        return False
    package = importlib.util.module_from_spec(spec)
    sys.modules["iree.compiler"] = package
    parent = sys.modules.get("iree")
    try:
        import iree.compiler.ir  # noqa: F401
    except Exception:
        for name in [n for n in sys.modules if n.partition(".")[2].startswith("compiler")
                     and n.split(".")[:2] == ["iree", "compiler"]]:
            del sys.modules[name]
        return False
    if parent is not None:
        parent.compiler = package  # type: ignore[attr-defined]
    return True
