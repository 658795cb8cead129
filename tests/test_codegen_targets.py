"""Targets other than llvm-cpu on the groups path (``mode: groups``).

- vmvx runs here: a cold build and a one-edit rebuild (one translation, one
  group, the host reused) run under ``iree-run-module`` bitwise equal to a
  plain ``iree-compile`` of the same program; so do a device with two
  executable targets (llvm-cpu and vmvx: every executable in two groups) and
  a program on two devices.
- rocm, cuda, vulkan-spirv and metal-spirv cannot run here. Their check is a
  reference configuration: the program's executables renamed to the names
  halflow gives them in the binaries, in halflow's group order, with the
  export locations halflow's translations carry (position 4:5 of
  ``<name>_source.mlir``: each executable is translated from its own
  printed text) and the file named after the group (IREE names a linked
  executable after the module's file). halflow builds it reusing every
  translation and group of the original program, and a plain
  ``iree-compile`` of it gives kernel binaries byte-identical to halflow's
  and the same host code (VM disassembly equal); for vulkan-spirv and
  metal-spirv (no linking) the whole ``.vmfb`` is byte-identical. For rocm
  and cuda the debug location table of the host differs (IREE fuses the
  dispatch sites' locations of a linked executable in another order). A
  GPU test also runs both modules when the machine has the device (skipped
  with the runtime's reason otherwise).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import zipfile
from pathlib import Path

import numpy as np
import pytest
from codegen_programs import layers
from support.gpu import disassembly, pre_materialize, reference_program, tool

from halflow.codegen import DiskStore, build_vmfb
from halflow.codegen import groups as groups_mod
from halflow.codegen.executables import ExecutableUnit
from halflow.codegen.pipeline import CodegenResult

PROGRAMS = Path(__file__).parent / "codegen_programs"
VMVX = ["--iree-hal-target-device=local", "--iree-hal-local-target-device-backends=vmvx"]
GPU = {  # target backend: (flags, runtime driver)
    "rocm": (["--iree-hal-target-device=hip", "--iree-rocm-target=gfx942"], "hip"),
    "cuda": (["--iree-hal-target-device=cuda", "--iree-cuda-target=sm_80"], "cuda"),
    "vulkan-spirv": (["--iree-hal-target-device=vulkan", "--iree-vulkan-target=rdna3"],
                     "vulkan"),
    "metal-spirv": (["--iree-hal-target-device=metal"], "metal"),
}
WIDTHS, SCALES = [16, 24, 32, 40, 48], [0.5, 0.75, 1.25, 1.5]


def plain(model: Path, out: Path, flags: list[str], *extra: str) -> Path:
    subprocess.run([tool("iree-compile"), str(model), *flags, *extra, "-o", str(out)],
                   check=True, capture_output=True)
    return out


def run_module(vmfb: Path, inputs: list[np.ndarray], devices: list[str]) -> list[np.ndarray]:
    """``main``'s results as ``iree-run-module`` writes them."""
    args = []
    for i, a in enumerate(inputs):
        np.save(vmfb.parent / f"{vmfb.stem}.in{i}.npy", a)
        args.append(f"--input=@{vmfb.parent / f'{vmfb.stem}.in{i}.npy'}")
    result = vmfb.parent / f"{vmfb.stem}.out.npy"
    done = subprocess.run([tool("iree-run-module"), f"--module={vmfb}",
                           *(f"--device={d}" for d in devices), "--function=main", *args,
                           f"--output=@{result}"], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return [np.load(result)]


def assert_runs_like(a: Path, b: Path, inputs: list[np.ndarray],
                     devices: tuple[str, ...] = ("local-sync",)) -> None:
    xs, ys = run_module(a, inputs, list(devices)), run_module(b, inputs, list(devices))
    for x, y in zip(xs, ys, strict=True):
        assert x.shape == y.shape and np.array_equal(x.view(np.uint8), y.view(np.uint8))


def build(model: Path, out: Path, flags: list[str], cache: Path) -> CodegenResult:
    with DiskStore(cache) as store:
        result = build_vmfb(model, out, flags, store=store, progress=False)
    assert result.mode == "groups", result.fallback
    return result


def actions(result: CodegenResult, kind: str) -> dict[str, str]:
    if kind == "codegen":
        return {e["executable"]: e["action"] for e in result.report["codegen"]}
    return {g["group"]: g["action"] for g in result.report["groups"]}


def test_vmvx_cold_and_one_edit_rebuild_run_like_plain(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    # several groups of this small program (~3.6 KB of text per executable)
    monkeypatch.setattr(groups_mod, "TARGET_WEIGHT", 7_000)
    monkeypatch.setattr(groups_mod, "MIN_WEIGHT", 0)
    model = tmp_path / "m.mlir"
    model.write_text(layers.program(WIDTHS, SCALES))
    out = tmp_path / "m.vmfb"
    first = build(model, out, VMVX, tmp_path / "cache")
    assert len(first.groups) >= 2 and set(actions(first, "groups").values()) == {"compiled"}
    inputs = layers.inputs(WIDTHS)
    assert_runs_like(out, plain(model, tmp_path / "p.vmfb", VMVX), inputs)

    model.write_text(layers.program(WIDTHS, [*SCALES[:2], 2.5, SCALES[3]]))
    second = build(model, out, VMVX, tmp_path / "cache")
    assert list(actions(second, "codegen").values()).count("compiled") == 1
    assert list(actions(second, "groups").values()).count("compiled") == 1
    assert second.report["host"]["action"] == "reused"
    assert_runs_like(out, plain(model, tmp_path / "p2.vmfb", VMVX), inputs)
    cold = build(model, tmp_path / "cold.vmfb", VMVX, tmp_path / "fresh")
    assert cold.mode == "groups" and (tmp_path / "cold.vmfb").read_bytes() == out.read_bytes()


def test_two_executable_targets_on_one_device(tmp_path: Path) -> None:
    """llvm-cpu and vmvx on one local device: every executable has two
    variants and is a member of one group per variant; both binaries are
    in the module (plain IREE 3.13 keeps only llvm-cpu's), which runs like
    plain's."""
    flags = ["--iree-hal-target-device=local", "--iree-llvmcpu-target-cpu=host",
             "--iree-hal-local-target-device-backends=llvm-cpu",
             "--iree-hal-local-target-device-backends=vmvx"]
    model = PROGRAMS / "mlp.mlir"
    out = tmp_path / "m.vmfb"
    result = build(model, out, flags, tmp_path / "cache")
    lanes = {m["binary_name"]: 0 for g in result.report["groups"] for m in g["members"]}
    for group in result.report["groups"]:
        for m in group["members"]:
            lanes[m["binary_name"]] += 1
    assert set(lanes.values()) == {2}, lanes
    entries = zipfile.ZipFile(out).namelist()
    assert any(e.endswith("_embedded_elf_x86_64.so") for e in entries)
    assert any(e.endswith("_vmvx_bytecode_fb.fb") for e in entries), entries
    rng = np.random.default_rng(1)
    inputs = [rng.standard_normal(s).astype(np.float32) for s in [(4, 8), (8, 16), (16,),
                                                                   (16, 8)]]
    assert_runs_like(out, plain(model, tmp_path / "p.vmfb", flags), inputs)


def test_two_devices(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two devices with two targets each, in groups of one: each stub holds
    one executable's two variants (llvm-cpu and vmvx) under its name."""
    monkeypatch.setattr(groups_mod, "MAX_WEIGHT", 1)  # every group is cut after one member
    flags = ["--iree-execution-model=async-external",
             "--iree-hal-target-device=device_a=local[0]",
             "--iree-hal-target-device=device_b=local[1]", "--iree-llvmcpu-target-cpu=host",
             "--iree-hal-local-target-device-backends=llvm-cpu",
             "--iree-hal-local-target-device-backends=vmvx"]
    model = PROGRAMS / "two_devices.mlir"
    out = tmp_path / "two.vmfb"
    result = build(model, out, flags, tmp_path / "cache")
    assert len(result.groups) == 4 and len({g.members for g in result.groups}) == 2
    entries = zipfile.ZipFile(out).namelist()
    assert len(entries) == 5, entries  # the module, two binaries of each executable
    x = [np.linspace(-2, 2, 16, dtype=np.float32)]
    devices = ("local-sync", "local-sync")
    assert_runs_like(out, plain(model, tmp_path / "p.vmfb", flags), x, devices)
    (got,) = run_module(out, x, list(devices))
    assert np.array_equal(got, 3 * x[0] + 0.5)


@pytest.mark.parametrize("target", sorted(GPU))
def test_gpu_kernels_equal_plain_in_the_reference_configuration(
        target: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(groups_mod, "TARGET_WEIGHT", 10**12)  # one group
    monkeypatch.setattr(groups_mod, "MAX_WEIGHT", 10**12)
    flags, _ = GPU[target]
    source = tmp_path / "layers.mlir"
    source.write_text(layers.program(WIDTHS[:4], SCALES[:3]))
    pre = pre_materialize(source, flags, tmp_path / "pre.mlir")
    result = build(pre, tmp_path / "first.vmfb", flags, tmp_path / "cache")
    links = groups_mod.RECIPES[target].links
    assert len(result.groups) == (1 if links else 3)
    model = reference_program(pre, result.report, tmp_path / "ref")
    # halflow builds the reference program from the same cache: its code is
    # the original's (every translation and group reused, same names).
    out = tmp_path / "halflow.vmfb"
    again = build(model, out, flags, tmp_path / "cache")
    assert set(actions(again, "codegen").values()) == set(actions(again, "groups").values()) \
        == {"reused"}
    reference = plain(model, tmp_path / "plain.vmfb", flags, "--compile-from=stream")
    ours, theirs = zipfile.ZipFile(out), zipfile.ZipFile(reference)
    assert ours.namelist() == theirs.namelist()
    assert len(ours.namelist()) == (2 if links else 4)  # the module and its kernel binaries
    for name in ours.namelist()[1:]:
        assert ours.read(name) == theirs.read(name), name
    assert disassembly(out) == disassembly(reference)
    if not links:
        # One executable per binary, as in IREE: the whole module is plain's.
        assert out.read_bytes() == reference.read_bytes()


def _device(driver: str) -> str | None:
    """Why ``driver`` has no device here (the runtime's words), or None."""
    done = subprocess.run([tool("iree-run-module"), f"--list_devices={driver}"],
                          capture_output=True, text=True, timeout=60)
    if re.search(rf"^{driver}://", done.stdout, re.M):
        return None
    lines = [line for line in (done.stderr + done.stdout).splitlines()
             if ":" in line and "FLAGS ERROR" not in line]
    return lines[0].strip() if lines else f"no {driver} device"


@pytest.mark.parametrize("target", sorted(GPU))
def test_gpu_module_runs_like_plain(target: str, tmp_path: Path) -> None:
    """On a machine with the device: halflow's module runs bitwise equal to
    plain's. ``HALFLOW_TEST_<TARGET>_FLAGS`` (e.g. ``HALFLOW_TEST_ROCM_FLAGS``)
    overrides the target flags for the device at hand."""
    flags, driver = GPU[target]
    reason = _device(driver)
    if reason is not None:
        pytest.skip(f"no {driver} device: {reason}")
    env = f"HALFLOW_TEST_{target.split('-')[0].upper()}_FLAGS"
    flags = os.environ.get(env, " ".join(flags)).split()
    model = tmp_path / "m.mlir"
    model.write_text(layers.program(WIDTHS, SCALES))
    out = tmp_path / "m.vmfb"
    build(model, out, flags, tmp_path / "cache")
    assert_runs_like(out, plain(model, tmp_path / "p.vmfb", flags), layers.inputs(WIDTHS),
                     (driver,))


def _unit(target: str) -> ExecutableUnit:
    text = ("hal.executable private @__halflow_executable__ {\n"
            f'  hal.executable.variant public @v target(<"{target}", "fmt">) {{\n'
            "  }\n}")
    return ExecutableUnit("ex", "loc", True, text, (), "key")


def test_targets_without_a_recipe_are_named() -> None:
    assert groups_mod.recipe_gap(_unit("vmvx")) is None
    assert groups_mod.recipe_gap(_unit("metal-spirv")) is None
    gap = groups_mod.recipe_gap(_unit("vmvx-inline"))
    assert gap is not None and "compiles its executables into the host module" in gap
    gap = groups_mod.recipe_gap(_unit("webgpu-spirv"))
    assert gap == ("executable @ex targets webgpu-spirv, which halflow has no serialization "
                   "recipe for (it has: cuda, llvm-cpu, metal-spirv, rocm, vmvx, vulkan-spirv)")
    assert json.loads(groups_mod.encode_interfaces([])) == []
    assert groups_mod.decode_interfaces("[]") is None
