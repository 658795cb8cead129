"""Ctrl-C that never lands inside a Python callback run by MLIR.

The bindings run Python callbacks from C++ (an IR walk's visitor, a rewrite
pattern). An exception raised in one, KeyboardInterrupt included, aborts
the walk and comes back as a ``RuntimeError("Exception raised in callback:
...")``. A Ctrl-C handled by raising KeyboardInterrupt would so turn, about
as often as the interpreter happens to be in a visitor, into what looks
like a failed build.

:func:`interrupt` is for signal handlers: it raises KeyboardInterrupt at
once, or, while the calling thread is inside :func:`callbacks_running`,
when that MLIR call returns. Every call into MLIR that runs halflow's
callbacks goes through :func:`halflow.ir.irutil.walk` or
:func:`halflow.ir.irutil.apply_patterns`, which use it.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator

_state = threading.local()


@contextlib.contextmanager
def callbacks_running() -> Iterator[None]:
    """Around a call into MLIR that may run Python callbacks."""
    depth = enter()
    try:
        yield
    finally:
        leave(depth)


def enter() -> int:
    """Start a call into MLIR that may run Python callbacks; returns what
    :func:`leave` needs. (The pair costs less than the context manager:
    a cold build makes tens of thousands of such calls.)"""
    depth = getattr(_state, "depth", 0)
    _state.depth = depth + 1
    return depth


def leave(depth: int) -> None:
    """End the call :func:`enter` started (``depth``: what it returned);
    raises a held-back KeyboardInterrupt when no such call is left."""
    _state.depth = depth
    if depth == 0 and getattr(_state, "pending", False):
        _state.pending = False
        raise KeyboardInterrupt


def interrupt() -> None:
    """Raise KeyboardInterrupt now, or as soon as the current call into MLIR
    that runs callbacks returns (see module docstring)."""
    if getattr(_state, "depth", 0):
        _state.pending = True
        return
    raise KeyboardInterrupt
