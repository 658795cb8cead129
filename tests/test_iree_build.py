"""halflow as a step of IREE's Python build API: the real ``python -m
iree.build`` runs a small build file whose entry points use
:mod:`halflow.iree_build`. The ``.vmfb`` runs bitwise like a plain
``iree-compile``'s (same flags: those ``iree.build`` derives from
``--iree-hal-target-device``), the second run compiles nothing (halflow's
cache), an edit recompiles one executable, the materialized module is
``iree-opt``'s, and a bad source is reported with halflow's diagnostic.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
from support.engine import REPO, corpus_file, reference_output, subprocess_env

PROGRAMS = REPO / "tests" / "codegen_programs"
BUILD_FILE = '''
from iree.build import *
from halflow import iree_build


@entrypoint(description="The MLP through halflow")
def mlp():
    return iree_build.compile(name="mlp", source="mlp.mlir", cache_dir="cache")


@entrypoint
def mlp_hal():
    return iree_build.materialize(name="mlp_s", source="mlp_s.mlir", cache_dir="cache")
'''
# What iree.build's `--iree-hal-target-device=llvm-cpu` machine compiles with.
IREE_BUILD_FLAGS = ["--iree-hal-target-device=local",
                    "--iree-hal-local-target-device-backends=llvm-cpu"]
MLP_SHAPES = [(4, 8), (8, 16), (16,), (16, 8)]


def iree_build(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "iree.build", "build.py", "--iree-hal-target-device=llvm-cpu",
         "--output-dir", "out", *args],
        cwd=cwd, env=subprocess_env(), capture_output=True, text=True, timeout=600,
        check=False)


def codegen_actions(cache: Path) -> dict[str, int]:
    """Code generation entries and reuses, as ``halflow cache stats`` counts them."""
    run = subprocess.run([sys.executable, "-m", "halflow", "cache", "stats", "--json",
                          "--cache-dir", str(cache)], env=subprocess_env(),
                         capture_output=True, text=True, check=True)
    codegen = json.loads(run.stdout)["codegen"]
    return {"entries": codegen["entries"], "reuses": codegen["reuses"]}


def outputs(vmfb: Path) -> list[np.ndarray]:
    import iree.runtime as rt

    rng = np.random.default_rng(0)
    args = [rng.standard_normal(s).astype(np.float32) for s in MLP_SHAPES]
    module = rt.load_vm_flatbuffer(vmfb.read_bytes(), driver="local-sync")
    out = module["main"](*args)
    return [np.asarray(o.to_host()) for o in (out if isinstance(out, list | tuple) else [out])]


def test_iree_build_runs_halflow_steps(tmp_path: Path) -> None:
    from halflow.codegen.tools import iree_compile

    (tmp_path / "build.py").write_text(BUILD_FILE)
    shutil.copy(PROGRAMS / "mlp.mlir", tmp_path / "mlp.mlir")
    shutil.copy(corpus_file("mlp_s.mlir"), tmp_path / "mlp_s.mlir")

    first = iree_build(tmp_path)
    assert first.returncode == 0, first.stderr
    # Where iree.build puts them: namespace, entry point, file.
    assert first.stdout.split() == ["out/bin/mlp/mlp_cpu-generic.vmfb",
                                    "out/genfiles/mlp_hal/mlp_s.hal.mlir"]
    vmfb, hal = (tmp_path / p for p in first.stdout.split())
    assert hal.read_text() == reference_output(tmp_path / "mlp_s.mlir")
    plain = tmp_path / "plain.vmfb"
    subprocess.run([iree_compile(), str(tmp_path / "mlp.mlir"), *IREE_BUILD_FLAGS, "-o",
                    str(plain)], check=True)
    for got, want in zip(outputs(vmfb), outputs(plain), strict=True):
        assert got.dtype == want.dtype and got.shape == want.shape
        assert np.array_equal(got.view(np.uint8), want.view(np.uint8))
    cold = codegen_actions(tmp_path / "cache")
    assert cold["entries"] >= 3 and cold["reuses"] == 0
    assert f"{cold['entries']} executables compiled, 0 reused" in first.stderr

    # Second run: everything from halflow's cache.
    second = iree_build(tmp_path, "mlp")
    assert second.returncode == 0, second.stderr
    assert f"0 executables compiled, {cold['entries']} reused" in second.stderr
    assert codegen_actions(tmp_path / "cache") == {"entries": cold["entries"],
                                                   "reuses": cold["entries"]}
    # An edit of one dispatch: one executable compiled.
    src = tmp_path / "mlp.mlir"
    text = src.read_text()
    edit = ("%scale = arith.constant 0.5 : f32", "%scale = arith.constant 0.25 : f32")
    assert text.count(edit[0]) == 1
    src.write_text(text.replace(*edit))
    third = iree_build(tmp_path, "mlp")
    assert third.returncode == 0, third.stderr
    assert f"1 executables compiled, {cold['entries'] - 1} reused" in third.stderr
    subprocess.run([iree_compile(), str(src), *IREE_BUILD_FLAGS, "-o", str(plain)], check=True)
    for got, want in zip(outputs(vmfb), outputs(plain), strict=True):
        assert np.array_equal(got.view(np.uint8), want.view(np.uint8))


def test_a_failing_step_reports_halflows_diagnostic(tmp_path: Path) -> None:
    (tmp_path / "build.py").write_text(BUILD_FILE)
    (tmp_path / "mlp_s.mlir").write_text("module {\n  util.global @g : i32 = 1 : i64\n}\n")
    shutil.copy(PROGRAMS / "mlp.mlir", tmp_path / "mlp.mlir")
    run = iree_build(tmp_path, "mlp_hal")
    assert run.returncode == 1
    assert "ERROR: Building 'halflow: materializing mlp_s.mlir' failed:" in run.stderr
    assert "HalflowStepFailed: mlp_s.mlir:2:" in run.stderr
    assert not (tmp_path / "out" / "genfiles" / "mlp_hal" / "mlp_s.hal.mlir").exists()
