"""Process start-up costs of the command line.

``iree.compiler.ir`` imports numpy (~110 ms, a quarter of a command-line
rebuild of a large module) only to register optional attribute builders for
numpy arrays, which halflow never uses. A command-line process therefore
imports the bindings with numpy hidden, then makes numpy importable again
for anything that really wants it. Library users are left alone.
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
