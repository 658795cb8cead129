"""A slice of the model zoo (``benchmarks/zoo.py``) in the suite: real
iree-turbine exports, built cold and after an edit, run bitwise equal to a
plain ``iree-compile``.

The data (``tests/data/zoo/<model>``) is what ``benchmarks/zoo.py
--write-slice tests/data/zoo`` writes: tiny random-weight instances (the
``SLICE`` of ``benchmarks/zoo.py``), each the base export (``v0.mlir``) and
the export after one layer's activation is swapped (``v1.mlir``), with the
weights (``v0.irpa``; ``v1.irpa`` where they differ), the seeded inputs
(``.npy``) and the entry points to run (``v0.json``). Each model stands for
a feature the corpus lacks: an int64 buffer kept as a ``dense_resource``
literal (Electra's ``position_ids``), a dynamic batch dimension, two entry
points updating a KV cache argument in place, bf16 weights, weights inline.
Every build is incremental (the suite's strategy) and goes through
``halflow build``'s command line, as a user runs it.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from test_codegen import FLAGS, iree_compile, plain_compile

DATA = Path(__file__).parent / "data" / "zoo"
MODELS = sorted(p.name for p in DATA.iterdir() if p.is_dir())


def run_module() -> str:
    import iree._runtime_libs

    return str(Path(iree._runtime_libs.__file__).parent / "iree-run-module")


def outputs(vmfb: Path, data: Path, variant: str, scratch: Path) -> list[bytes]:
    """The raw outputs of every entry point of ``variant``, run with its
    weights and inputs."""
    weights = data / f"{variant}.irpa"
    if not weights.exists():
        weights = data / "v0.irpa"
    results = []
    for run in json.loads((data / f"{variant}.json").read_text())["runs"]:
        out = scratch / "out.bin"
        out.unlink(missing_ok=True)
        done = subprocess.run(
            [run_module(), f"--module={vmfb}", f"--parameters=model={weights}",
             f"--function={run['function']}", "--device=local-sync",
             *(f"--input=@{data / f}" for f in run["inputs"]),
             f"--output=@{out}", *([f"--output=+{out}"] * (run["outputs"] - 1))],
            capture_output=True, text=True, check=False)
        assert done.returncode == 0, done.stderr
        results.append(out.read_bytes())
    return results


def halflow_build(source: Path, out: Path, cache: Path) -> dict:
    report = out.with_suffix(".json")
    done = subprocess.run(
        [sys.executable, "-m", "halflow", "build", str(source), "--to", "vmfb", "-o", str(out),
         "--cache-dir", str(cache), "--report", str(report), "-q", "--", *FLAGS],
        capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    return json.loads(report.read_text())


def test_the_slice_is_there() -> None:
    assert {"electra", "conv1d", "kv_decoder"} <= set(MODELS)
    assert b"dense_resource<" in (DATA / "electra" / "v0.mlir").read_bytes()


@pytest.mark.parametrize("name", MODELS)
def test_cold_and_after_an_edit_bitwise_equal_to_plain(name: str, tmp_path: Path) -> None:
    data = DATA / name
    source = tmp_path / f"{name}.mlir"  # the file the developer's exports overwrite
    cache = tmp_path / "cache"
    seen = []
    for variant in ("v0", "v1"):
        shutil.copyfile(data / f"{variant}.mlir", source)
        report = halflow_build(source, tmp_path / "halflow.vmfb", cache)
        assert report["mode"] == "groups", report.get("fallback") or report.get("plain")
        plain = plain_compile(source, tmp_path / "plain.vmfb")
        ours = outputs(tmp_path / "halflow.vmfb", data, variant, tmp_path)
        assert ours == outputs(plain, data, variant, tmp_path), variant
        seen.append((ours, report["codegen_summary"]))
    (before, cold), (after, edited) = seen
    assert cold["compiled"] == cold["executables"] > 0
    assert 0 < edited["compiled"] < edited["executables"]  # the edit reuses translations
    assert before != after  # the edit changed what the model computes


def _with_a_literal(source: Path, out: Path) -> Path:
    """``source`` with the function of ``codegen_programs/position_ids.mlir``
    beside its own, and that program's ``dense_resource`` literals: a
    program whose module travels as text, small enough to be compiled
    whole (:func:`halflow.codegen.strategy.compiles_whole`)."""
    literal = (Path(__file__).parent / "codegen_programs" / "position_ids.mlir").read_text()
    function = literal[literal.index("  func.func @main"):literal.index("\n}\n\n{-#")]
    resources = literal[literal.index("{-#"):]
    text = source.read_text().rstrip()
    assert text.endswith("}")
    out.write_text(text[:-1] + function.replace("@main", "@position_ids") + "\n}\n\n"
                   + resources)
    return out


@pytest.mark.parametrize("whole", [False, True], ids=["front-end", "whole"])
def test_a_compile_that_aborts_unverified_gives_irees_errors(tmp_path: Path,
                                                             whole: bool) -> None:
    """A zoo export IREE 3.13 cannot compile (a 2-D attention mask: IREE
    builds an invalid ``tensor.collapse_shape``): plain ``iree-compile``
    reports the op; halflow's front end, run without per-pass verification,
    aborts in a later pass (no diagnostic). halflow runs it again with
    verification and reports IREE's errors, exit 1, no output. The same
    when the program, holding a ``dense_resource`` literal, is compiled
    whole (``whole``: by the user's own command, unverified too)."""
    source = DATA.parent / "zoo_defects" / "kv_decoder_2d_mask.mlir"
    if whole:
        source = _with_a_literal(source, tmp_path / "with_literal.mlir")
    plain = subprocess.run([iree_compile(), str(source), *FLAGS, "-o", str(tmp_path / "p.vmfb")],
                           capture_output=True, text=True, check=False)
    assert plain.returncode == 1
    errors = [line.split("error: ", 1)[1] for line in plain.stderr.splitlines()
              if "error: " in line]
    assert any("tensor.collapse_shape" in e for e in errors)
    unverified = subprocess.run(
        [iree_compile(), str(source), *FLAGS, "--verify=false", "--compile-to=executable-sources",
         "-o", str(tmp_path / "sources.mlir")], capture_output=True, text=True, check=False)
    assert unverified.returncode < 0, "IREE no longer aborts here: the test shows nothing"
    out = tmp_path / "halflow.vmfb"
    env = {**os.environ, "HALFLOW_VMFB_STRATEGY": "auto" if whole else "incremental"}
    command = [sys.executable, "-m", "halflow", "build", str(source), "--to", "vmfb", "-o",
               str(out), "--cache-dir", str(tmp_path / "cache"), "--", *FLAGS]
    if whole:
        plan = subprocess.run([*command[:4], "-n", *command[4:]], capture_output=True,
                              text=True, check=True, env=env)
        assert "besides its resources' data" in plan.stdout, plan.stdout
    done = subprocess.run(command, capture_output=True, text=True, check=False, env=env)
    assert done.returncode == 1 and not out.exists()
    assert "Traceback" not in done.stderr and "exit status -" not in done.stderr
    for error in errors:
        assert error in done.stderr, error
