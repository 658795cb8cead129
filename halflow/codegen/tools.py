"""IREE's command-line tools, from the installed ``iree-base-compiler`` wheel.

The wheel ships the real binaries under ``iree/compiler/_mlir_libs``; its
``iree-compile`` console script is a Python shim that costs an extra
interpreter start-up, so halflow runs the binary directly.
"""

from __future__ import annotations

import functools

# The file that marks a directory of halflow's masquerade executables
# (``halflow shim-dir``): never taken for IREE's own tools.
SHIM_MARKER = "HALFLOW-SHIM-DIR"


def _builtin(name: str) -> str | None:
    """The wheel's binary ``name``, spelled as ``find_tool`` spells it
    (``.../iree/compiler/tools/../_mlir_libs/NAME``: ``iree-compile``'s
    messages name it so), found without importing ``iree.compiler`` (~0.1 s:
    a rebuild launches its front end before that import); None when the
    binary is not where the wheel puts it."""
    import importlib.util
    import os

    if os.name != "posix":
        return None
    try:
        spec = importlib.util.find_spec("iree.compiler")
    except (ImportError, ValueError):
        return None
    for folder in (spec.submodule_search_locations or []) if spec is not None else []:
        path = os.path.join(folder, "tools", "..", "_mlir_libs", name)
        if os.path.isfile(path) and os.access(path, os.X_OK):
            return path
    return None


def is_shim_dir(folder: str) -> bool:
    """Whether ``folder`` holds halflow's masquerade executables."""
    import os

    return os.path.isfile(os.path.join(folder, SHIM_MARKER))


def real_tool(name: str) -> str | None:
    """IREE's own tool ``name`` as ``find_tool`` finds it (the folders of
    ``IREE_TOOL_PATH`` first, then the wheel's binary), skipping halflow's
    masquerade directories: with one in ``IREE_TOOL_PATH``, halflow must not
    find itself. None when there is none (``find_tool`` then says why)."""
    import os

    for folder in (os.environ.get("IREE_TOOL_PATH") or "").split(os.pathsep):
        if not folder or is_shim_dir(folder):
            continue
        path = os.path.join(folder, name)
        if os.path.isfile(path) and os.access(path, os.X_OK):
            return path
    return _builtin(name)


@functools.cache
def iree_compile() -> str:
    """Absolute path of the real ``iree-compile`` binary."""
    found = real_tool("iree-compile")
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
    """Absolute path of the real ``iree-opt`` binary."""
    found = real_tool("iree-opt")
    if found is not None:
        return found
    from iree.compiler.tools.binaries import find_tool

    return find_tool("iree-opt")
