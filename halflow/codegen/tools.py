"""IREE's command-line tools, from the installed ``iree-base-compiler`` wheel.

The wheel ships the real binaries under ``iree/compiler/_mlir_libs``; its
``iree-compile`` console script is a Python shim that costs an extra
interpreter start-up, so halflow runs the binary directly.
"""

from __future__ import annotations

import functools


@functools.cache
def iree_compile() -> str:
    """Absolute path of the ``iree-compile`` binary of the installed wheel."""
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
