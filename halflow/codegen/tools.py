"""IREE's command-line tools, from the installed ``iree-base-compiler`` wheel.

The wheel ships the real binaries under ``iree/compiler/_mlir_libs``; its
``iree-compile`` console script is a Python shim that costs an extra
interpreter start-up, so halflow runs the binary directly.
"""

from __future__ import annotations

import functools


def _builtin(name: str) -> str | None:
    """The wheel's binary ``name``, found as ``find_tool`` finds it but
    without importing ``iree.compiler`` (~0.1 s: a rebuild launches its
    front end before that import); None when ``IREE_TOOL_PATH`` is set or the
    binary is not where the wheel puts it (``find_tool`` then decides)."""
    import importlib.util
    import os

    if os.environ.get("IREE_TOOL_PATH") or os.name != "posix":
        return None
    try:
        spec = importlib.util.find_spec("iree.compiler")
    except (ImportError, ValueError):
        return None
    for folder in (spec.submodule_search_locations or []) if spec is not None else []:
        path = os.path.join(folder, "_mlir_libs", name)
        if os.path.isfile(path) and os.access(path, os.X_OK):
            return path
    return None


@functools.cache
def iree_compile() -> str:
    """Absolute path of the ``iree-compile`` binary of the installed wheel."""
    found = _builtin("iree-compile")
    if found is not None:
        return found
    from iree.compiler.tools.binaries import find_tool

    return find_tool("iree-compile")


@functools.cache
def iree_version() -> str:
    """The installed ``iree-base-compiler`` version and source revision
    (enters every key), read without importlib.metadata's start-up cost."""
    from halflow.core.fingerprint import iree_version as read

    return read()


@functools.cache
def iree_opt() -> str:
    """Absolute path of the ``iree-opt`` binary of the installed wheel."""
    from iree.compiler.tools.binaries import find_tool

    return find_tool("iree-opt")
