"""IREE's command-line tools, from the installed ``iree-base-compiler`` wheel.

The wheel ships the real binaries under ``iree/compiler/_mlir_libs``; its
``iree-compile`` console script is a Python shim that costs an extra
interpreter start-up, so halflow runs the binary directly.
"""

from __future__ import annotations

import functools
import importlib.metadata


@functools.cache
def iree_compile() -> str:
    """Absolute path of the ``iree-compile`` binary of the installed wheel."""
    from iree.compiler.tools.binaries import find_tool

    return find_tool("iree-compile")


@functools.cache
def iree_version() -> str:
    """The installed ``iree-base-compiler`` version (enters every key)."""
    try:
        return importlib.metadata.version("iree-base-compiler")
    except importlib.metadata.PackageNotFoundError:  # pragma: no cover - a dev build
        return "unknown"
