"""What the groups recipe does not cover still builds, through IREE's
whole-program final compile, and says so.

One command-line build per shape (``halflow build --to vmfb --report
--explain``): the report's ``mode`` is ``fallback`` with the reason,
``--explain`` prints it, and the ``.vmfb`` run by ``iree-run-module`` gives
outputs bitwise equal to those of a plain ``iree-compile`` of the same
program with the same flags. The shapes: an executable reading a constant
block, and one with a ``hal.executable.condition``. (Other targets and
several variants per executable build in groups: test_codegen_targets.py.)
"""

from __future__ import annotations

import json
import platform
import subprocess
from pathlib import Path

import numpy as np
import pytest
from support.engine import run_halflow
from test_codegen import PROGRAMS, iree_compile

CPU = ["--iree-hal-target-device=local", "--iree-llvmcpu-target-cpu=host"]
LLVM_CPU = [*CPU, "--iree-hal-local-target-device-backends=llvm-cpu"]


def run_module(vmfb: Path, inputs: list[np.ndarray], work: Path) -> np.ndarray:
    """The first result of ``main`` as ``iree-run-module`` writes it."""
    import iree._runtime_libs

    tool = Path(iree._runtime_libs.__file__).parent / "iree-run-module"
    args = []
    for i, a in enumerate(inputs):
        np.save(work / f"{vmfb.stem}.in{i}.npy", a)
        args.append(f"--input=@{work / f'{vmfb.stem}.in{i}.npy'}")
    result = work / f"{vmfb.stem}.out.npy"
    done = subprocess.run([str(tool), f"--module={vmfb}", "--device=local-sync",
                           "--function=main", *args, f"--output=@{result}"],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return np.load(result)


def kernel_program(name: str, _: Path) -> tuple[Path, list[np.ndarray]]:
    return PROGRAMS / name, [np.linspace(-2, 2, 16, dtype=np.float32)]


SHAPES = {
    # name: (make the program, flags, the reason halflow gives)
    "constant_block": (lambda w: kernel_program("constant_block.mlir", w), LLVM_CPU,
                       "executable @ex uses constant blocks"),
    "condition": (lambda w: kernel_program("condition.mlir", w), LLVM_CPU,
                  "executable @ex has a hal.executable.condition"),
}


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_fallback_shape_builds_reports_and_explains(shape: str, tmp_path: Path) -> None:
    if shape == "condition" and platform.machine() not in ("x86_64", "AMD64"):
        pytest.skip("the hand-written variant is embedded-elf-x86_64")
    make, flags, reason = SHAPES[shape]
    model, inputs = make(tmp_path)
    out, report = tmp_path / "halflow.vmfb", tmp_path / "r.json"
    done = run_halflow("build", model, "--to", "vmfb", "-o", out, "--cache-dir",
                       tmp_path / "cache", "--report", report, "--explain", "--", *flags)
    stderr = done.stderr.decode()
    assert done.returncode == 0 and "Traceback" not in stderr, stderr
    data = json.loads(report.read_text())
    assert data["mode"] == "fallback" and reason in data["fallback"], data.get("fallback")
    assert data["groups"] == [] and data["host"] is None
    assert (f"halflow: explain: fallback to IREE's whole-program final compile: "
            f"{data['fallback']}") in stderr.splitlines()

    plain = tmp_path / "plain.vmfb"
    subprocess.run([iree_compile(), str(model), *flags, "-o", str(plain)], check=True,
                   capture_output=True)
    got, want = run_module(out, inputs, tmp_path), run_module(plain, inputs, tmp_path)
    assert got.shape == want.shape and np.array_equal(got.view(np.uint8), want.view(np.uint8))
    factor = {"constant_block": 6, "condition": 3}.get(shape)  # the kernels' arithmetic
    if factor is not None:
        assert np.array_equal(got, factor * inputs[0])  # the kernel ran its intended path
