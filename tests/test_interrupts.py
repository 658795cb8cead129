"""Ctrl-C and the Python callbacks MLIR runs (halflow.core.interrupts).

A real SIGINT is sent to this process from inside a real IR walk's visitor:
the Python-level handler then runs inside the callback, where raising
KeyboardInterrupt would abort the walk and come back as a RuntimeError.
"""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator

import pytest
from iree.compiler import ir

from halflow.core import interrupts
from halflow.ir import irutil

MODULE = """
module {
  func.func @a() { return }
  func.func @b() { return }
  func.func @c() { return }
}
"""


@pytest.fixture
def ctrl_c_handler() -> Iterator[None]:
    """SIGINT handled as ``halflow watch`` handles it."""
    previous = signal.signal(signal.SIGINT, lambda signum, frame: interrupts.interrupt())
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def walk_sending_sigint(walk: object) -> list[str]:
    module = ir.Module.parse(MODULE, ir.Context())
    visited: list[str] = []

    def visit(op: ir.Operation) -> ir.WalkResult:
        visited.append(op.name)
        if len(visited) == 2:
            os.kill(os.getpid(), signal.SIGINT)
        return ir.WalkResult.ADVANCE

    walk(module.operation, visit)  # type: ignore[operator]
    return visited


def test_binding_turns_an_interrupt_in_a_visitor_into_runtime_error(ctrl_c_handler: None) -> None:
    """Why halflow.core.interrupts exists: the bindings report an exception from a
    visitor, KeyboardInterrupt included, as a RuntimeError, after aborting
    the walk."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        with pytest.raises(RuntimeError, match="Exception raised in callback"):
            walk_sending_sigint(lambda op, visit: op.walk(visit))
    finally:
        signal.signal(signal.SIGINT, previous)


def test_interrupt_in_a_visitor_is_raised_after_the_walk(ctrl_c_handler: None) -> None:
    seen: list[str] = []

    def walk(op: ir.Operation, visit: object) -> None:
        def counting(o: ir.Operation) -> ir.WalkResult:
            result = visit(o)  # type: ignore[operator]
            seen.append(o.name)
            return result

        irutil.walk(op, counting)

    with pytest.raises(KeyboardInterrupt):
        walk_sending_sigint(walk)
    # The walk ran to its end: the module, its three functions and their returns.
    assert len(seen) == 7


def test_interrupt_outside_mlir_calls_is_immediate(ctrl_c_handler: None) -> None:
    """Outside a call into MLIR, Ctrl-C raises where the program is: the
    statement after the signal never runs (raise_signal runs the handler
    before it returns), and neither does the one after interrupt()."""
    reached: list[str] = []
    with pytest.raises(KeyboardInterrupt):
        signal.raise_signal(signal.SIGINT)
        reached.append("after the signal")
    with pytest.raises(KeyboardInterrupt):
        interrupts.interrupt()
        reached.append("after interrupt()")
    assert reached == []
    # A call into MLIR that ended (even by an exception) defers nothing.
    with pytest.raises(ValueError), interrupts.callbacks_running():
        raise ValueError
    with pytest.raises(KeyboardInterrupt):
        interrupts.interrupt()
        reached.append("after a finished call")
    assert reached == []


def test_interrupt_inside_callbacks_waits_for_the_outermost_call(ctrl_c_handler: None) -> None:
    """Inside a call into MLIR, Ctrl-C is held back: the callback runs on,
    nested calls end without it, and it is raised when the outermost call
    returns, once."""
    reached: list[str] = []
    with pytest.raises(KeyboardInterrupt):
        with interrupts.callbacks_running():
            with interrupts.callbacks_running():
                signal.raise_signal(signal.SIGINT)
                reached.append("after the signal")
            reached.append("after the inner call")
        reached.append("after the outer call")
    assert reached == ["after the signal", "after the inner call"]
    with interrupts.callbacks_running():  # nothing left pending
        pass
