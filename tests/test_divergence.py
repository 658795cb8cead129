"""The deliberate divergence from IREE on executables without targets.

A private executable that nothing dispatches has an empty required-target
set. IREE's pass then *returns*: every later executable stays unconverted
while the pass reports success. halflow skips just that executable. Both
halves are checked against ``iree-opt`` run here: IREE's behaviour on the
module, and halflow's output equal to what IREE produces once the empty
executable is taken out of the module.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import TESTS_DIR
from iree.compiler import ir

import halflow

MODULE = TESTS_DIR / "lit" / "divergence_empty_targets.mlir"
EMPTY = "ex_unused"
LATER = ("ex_first_used", "ex_second_used")


def symbol_op(module: ir.Module, name: str) -> ir.Operation:
    for op in module.body.operations:
        op = op.operation
        if "sym_name" in op.attributes and ir.StringAttr(op.attributes["sym_name"]).value == name:
            return op
    raise AssertionError(f"no top-level @{name}")


def without(text: str, name: str) -> tuple[str, str]:
    """``text`` re-printed with the top-level op ``@name`` erased, and that
    op's own text."""
    with ir.Context():
        module = ir.Module.parse(text)
        op = symbol_op(module, name)
        op_text = op.get_asm()
        op.erase()
        return module.operation.get_asm(), op_text


def normalized(text: str) -> str:
    with ir.Context():
        return ir.Module.parse(text).operation.get_asm()


@pytest.fixture(scope="module")
def iree_on_module(iree_materialize) -> str:
    run = iree_materialize(MODULE)
    assert run.returncode == 0, run.describe()
    return run.stdout


def test_iree_stops_converting_after_an_executable_without_targets(iree_on_module: str) -> None:
    """The IREE behaviour halflow diverges from, as iree-opt shows it."""
    assert re.search(r"^\s*hal\.executable ", iree_on_module, re.MULTILINE) is None
    for name in (EMPTY, *LATER):
        assert f"stream.executable private @{name} {{" in iree_on_module
        assert f"hal.executable private @{name}" not in iree_on_module
    for name in LATER:
        assert f"stream.cmd.dispatch @{name}::@entry {{" in iree_on_module


def test_halflow_converts_every_other_executable(
    iree_on_module: str, iree_materialize, tmp_path: Path
) -> None:
    ours = halflow.build(MODULE).text
    for name in LATER:
        assert f"hal.executable private @{name} {{" in ours

    # The executable without targets is left exactly as IREE leaves it.
    ours_rest, ours_empty = without(ours, EMPTY)
    _, iree_empty = without(iree_on_module, EMPTY)
    assert ours_empty.startswith(f"stream.executable private @{EMPTY}")
    assert ours_empty == iree_empty

    # Everything else is what IREE produces when that executable is absent.
    reduced_input, _ = without(MODULE.read_text(), EMPTY)
    reduced = tmp_path / "without_empty_executable.mlir"
    reduced.write_text(reduced_input)
    oracle = iree_materialize(reduced)
    assert oracle.returncode == 0, oracle.describe()
    for name in LATER:
        assert f"hal.executable private @{name} {{" in oracle.stdout
    assert ours_rest == normalized(oracle.stdout)
