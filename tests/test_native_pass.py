"""IREE's own pass, run in-process for a cold build's rewrites
(``materialize(native=True)``): the same records as the stages' rewrites,
the same printed bytes as ``iree-opt``; the stages' own rewrites where
IREE's would differ (docs/divergences.md); a failing run of IREE's pass is
reported as failed and prints nothing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from support.engine import corpus_file

from halflow.core.diagnostics import SourceText
from halflow.nodes.materialize import Materialized, materialize


def built(path: Path, native: bool) -> tuple[Materialized, str]:
    from iree.compiler import ir

    from halflow.ir import irutil
    from halflow.source.inputs import Case, parse_text

    text = path.read_text()
    source = SourceText(str(path), text)
    with irutil.new_context() as context, ir.Location.unknown():
        module = parse_text(context, Case(text, 0, 0), source)
        mat = materialize(module, source, native=native)
        return mat, irutil.print_module(module)


@pytest.mark.parametrize("name", ["llama_l2.mlir", "gpt2_l2_custom_src.mlir",
                                  "llama_l8_pp2.mlir"])
def test_iree_s_pass_gives_the_stages_records_and_iree_opt_s_bytes(
        name: str, iree_materialize: Any) -> None:
    path = corpus_file(name)
    native, native_out = built(path, native=True)
    stages, stages_out = built(path, native=False)
    assert native_out == stages_out == iree_materialize(path).stdout
    assert native == stages  # what the engine records: analysis, plans, annotations


def test_a_module_iree_converts_otherwise_gets_the_stages_rewrites(tmp_path: Path) -> None:
    """An executable no site dispatches to has no required target: IREE
    would stop converting every later executable; the stages convert the
    rest (docs/divergences.md), native or not."""
    text = corpus_file("mlp_s.mlir").read_text()
    start = text.index("  stream.executable private @")
    end = text.index("\n  }\n", start) + len("\n  }\n")
    unused = text[start:end].replace("stream.executable private @",
                                     "stream.executable private @unused_", 1)
    path = tmp_path / "unused.mlir"
    path.write_text(text[:start] + unused + text[start:])
    native, native_out = built(path, native=True)
    _, stages_out = built(path, native=False)
    assert native_out == stages_out
    assert not all(p.converted for p in native.plans)


def test_a_failing_run_of_iree_s_pass_says_so_and_prints_nothing(
        capfd: pytest.CaptureFixture[str]) -> None:
    """An entry function that returns a value: IREE's pass rewrites it to
    return nothing and the module then fails verification. (The engine
    never runs IREE's pass on such a module: the stages find the entry
    function, and report it in IREE's words. Nor on a module the stages'
    analysis rejects: IREE's pass crashes on some, such as an export of a
    missing function.)"""
    from iree.compiler import ir

    from halflow.ir import irutil

    lines = corpus_file("mlp_s.mlir").read_text().split("\n")
    assert lines[106].endswith("%arg3: i32) {") and lines[133] == "        return"
    lines[106] = lines[106].replace("%arg3: i32) {", "%arg3: i32) -> i32 {")
    lines[133] = "        return %arg2 : i32"
    with irutil.new_context(), ir.Location.unknown():
        module = ir.Module.parse("\n".join(lines))
        assert irutil.run_pass(module.operation, "iree-hal-materialize-interfaces") is False
    captured = capfd.readouterr()
    assert captured.out == captured.err == ""
