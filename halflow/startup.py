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
modules. Library users are left alone (their own code may want the typed
classes), and the library path is what most tests exercise, so both ways
are covered by the oracle tests.
"""

from __future__ import annotations

import sys

_command_line = False


def command_line() -> None:
    """Called by the CLI entry point before anything imports MLIR."""
    global _command_line
    _command_line = True


def load_mlir() -> None:
    """Import the MLIR bindings (cheaply when running as the CLI)."""
    if "iree.compiler.ir" in sys.modules:
        return
    if not _command_line or "numpy" in sys.modules:
        import iree.compiler.ir  # noqa: F401
        return
    sys.modules["numpy"] = None  # type: ignore[assignment]  # `import numpy` fails
    try:
        import iree.compiler.ir  # noqa: F401
    finally:
        if sys.modules.get("numpy", 0) is None:
            del sys.modules["numpy"]
    from iree.compiler._mlir_libs import _mlir

    _mlir.globals.dialect_search_modules = []
