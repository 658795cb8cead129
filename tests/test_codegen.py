"""End-to-end tests of ``halflow.codegen.build_vmfb``.

Every build here is checked the same way: the ``.vmfb`` halflow writes runs
(under ``iree.runtime`` or ``iree-run-module``) and its outputs are bitwise
equal to those of a plain ``iree-compile`` of the same program, and the
report says exactly which executables were compiled and which reused.
"""

from __future__ import annotations

import json
import subprocess
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from halflow.codegen import DiskStore, build_vmfb, codegen_stats
from halflow.codegen.pipeline import CodegenError, CodegenResult
from halflow.core.diagnostics import HalflowError
from halflow.store.codegen_entries import decode_entry

PROGRAMS = Path(__file__).parent / "codegen_programs"
FLAGS = [
    "--iree-hal-target-device=local",
    "--iree-hal-local-target-device-backends=llvm-cpu",
    "--iree-llvmcpu-target-cpu=host",
]
MLP_SHAPES = [(4, 8), (8, 16), (16,), (16, 8)]
# An edit that changes exactly one dispatch (the second layer's scale).
EDIT = ("%scale = arith.constant 0.5 : f32", "%scale = arith.constant 0.25 : f32")


def iree_compile() -> str:
    from halflow.codegen.tools import iree_compile as find

    return find()


def plain_compile(source: Path, output: Path, *extra: str) -> Path:
    subprocess.run([iree_compile(), str(source), *FLAGS, *extra, "-o", str(output)], check=True)
    return output


def pre_materialize(source: Path, output: Path) -> Path:
    """The module right before iree-hal-materialize-interfaces, as IREE prints it."""
    dump_dir = output.parent / (output.name + ".dump")
    subprocess.run(
        [iree_compile(), str(source), *FLAGS, "--compile-to=executable-sources",
         "--mlir-print-ir-before=iree-hal-materialize-interfaces",
         f"--mlir-print-ir-tree-dir={dump_dir}", "-o", "/dev/null"],
        check=True,
    )
    (dump,) = dump_dir.glob("*/*.mlir")
    output.write_text(dump.read_text())
    return output


def inputs(shapes: list[tuple[int, ...]], seed: int = 0) -> list[np.ndarray]:
    rng = np.random.default_rng(seed)
    return [rng.standard_normal(s).astype(np.float32) for s in shapes]


def run(vmfb: Path, args: list[np.ndarray], function: str = "main") -> list[np.ndarray]:
    import iree.runtime as rt

    module = rt.load_vm_flatbuffer(vmfb.read_bytes(), driver="local-sync")
    out = module[function](*args)
    outs = out if isinstance(out, list | tuple) else [out]
    return [np.asarray(o.to_host() if hasattr(o, "to_host") else o) for o in outs]


def assert_same_outputs(a: Path, b: Path, shapes: list[tuple[int, ...]]) -> None:
    args = inputs(shapes)
    out_a, out_b = run(a, args), run(b, args)
    assert len(out_a) == len(out_b)
    for x, y in zip(out_a, out_b, strict=True):
        assert x.dtype == y.dtype and x.shape == y.shape
        assert np.array_equal(x.view(np.uint8), y.view(np.uint8)), "outputs differ bitwise"


def actions(result: CodegenResult) -> dict[str, str]:
    return {e["executable"]: e["action"] for e in result.report["codegen"]}


@pytest.fixture
def store(tmp_path: Path) -> Iterator[DiskStore]:
    with DiskStore(tmp_path / "cache") as s:
        yield s


def edited(src: Path, dest: Path) -> Path:
    text = src.read_text()
    assert text.count(EDIT[0]) == 1
    dest.write_text(text.replace(*EDIT))
    return dest


def test_program_cold_then_one_dispatch_edit(tmp_path: Path, store: DiskStore) -> None:
    model = tmp_path / "mlp.mlir"
    model.write_text((PROGRAMS / "mlp.mlir").read_text())
    out = tmp_path / "mlp.vmfb"

    # A cold build compiles every executable and runs like iree-compile's.
    first = build_vmfb(model, out, FLAGS, store=store, progress=False)
    assert set(actions(first).values()) == {"compiled"}
    assert len(first.report["codegen"]) == 4
    assert_same_outputs(out, plain_compile(model, tmp_path / "plain.vmfb"), MLP_SHAPES)
    cold_bytes = out.read_bytes()

    # Nothing changed: everything is reused, and the bytes are the same.
    again = build_vmfb(model, out, FLAGS, store=store, progress=False)
    assert set(actions(again).values()) == {"reused"}
    assert out.read_bytes() == cold_bytes

    # Edit one dispatch: exactly that executable is compiled again.
    edited(model, model)
    second = build_vmfb(model, out, FLAGS, store=store, progress=False)
    assert actions(second) == {
        "@main_dispatch_0": "reused",
        "@main_dispatch_1": "compiled",
        "@main_dispatch_2": "reused",
        "@main_dispatch_3": "reused",
    }
    assert_same_outputs(out, plain_compile(model, tmp_path / "plain2.vmfb"), MLP_SHAPES)
    assert out.read_bytes() != cold_bytes

    # The report is plain JSON; reuses carry the compile time they saved.
    report = json.loads(json.dumps(second.report))
    reused = [e for e in report["codegen"] if e["action"] == "reused"]
    assert all(e["saved_seconds"] > 0 for e in reused)
    assert report["codegen_summary"]["compiled"] == 1
    stats = codegen_stats(store)
    assert stats.entries == 5  # four executables, then one new variant
    assert stats.reuses == 4 + 3
    assert stats.seconds_saved > 0


def test_renumbered_dispatches_hit(tmp_path: Path, store: DiskStore) -> None:
    """A new dispatch in front renumbers all others (main_dispatch_N ->
    N+1). Those whose content is unchanged are reused under their new names.
    Two are compiled: the new one, and the last one, whose result now sits at
    offset 128 of the output buffer it shares with the new result (a real
    change of its text)."""
    build_vmfb(PROGRAMS / "mlp.mlir", tmp_path / "a.vmfb", FLAGS, store=store, progress=False)
    model = PROGRAMS / "mlp_extra.mlir"
    out = tmp_path / "b.vmfb"
    result = build_vmfb(model, out, FLAGS, store=store, progress=False)
    assert actions(result) == {
        "@main_dispatch_0": "compiled",
        "@main_dispatch_1": "reused",
        "@main_dispatch_2": "reused",
        "@main_dispatch_3": "reused",
        "@main_dispatch_4": "compiled",
    }
    assert_same_outputs(out, plain_compile(model, tmp_path / "plain.vmfb"), MLP_SHAPES)
    # Renaming back is exact: the result equals a cold build byte for byte.
    with DiskStore(tmp_path / "fresh") as fresh:
        build_vmfb(model, tmp_path / "cold.vmfb", FLAGS, store=fresh, progress=False)
    assert (tmp_path / "cold.vmfb").read_bytes() == out.read_bytes()


def test_pre_materialize_module_cold_then_edit(tmp_path: Path, store: DiskStore) -> None:
    source = tmp_path / "mlp.mlir"
    source.write_text((PROGRAMS / "mlp.mlir").read_text())
    pre = pre_materialize(source, tmp_path / "mlp.pre.mlir")
    out = tmp_path / "pre.vmfb"

    first = build_vmfb(pre, out, FLAGS, store=store, progress=False)
    assert str(first.model_kind) == "pre-materialize"
    assert set(actions(first).values()) == {"compiled"}
    # The plain compile of a pre-materialize module starts after the stream phase.
    plain = plain_compile(pre, tmp_path / "plain.vmfb", "--compile-from=stream")
    assert_same_outputs(out, plain, MLP_SHAPES)

    edited_pre = pre_materialize(edited(source, tmp_path / "mlp2.mlir"), tmp_path / "mlp2.pre.mlir")
    second = build_vmfb(edited_pre, out, FLAGS, store=store, progress=False)
    assert [e for e, a in actions(second).items() if a == "compiled"] == ["@main_dispatch_1"]
    assert len(second.report["codegen"]) == 4
    plain2 = plain_compile(edited_pre, tmp_path / "plain2.vmfb", "--compile-from=stream")
    assert_same_outputs(out, plain2, MLP_SHAPES)

    # The same module as bytecode: recognized, same keys (all reused).
    from iree.compiler.tools.binaries import find_tool

    bytecode = tmp_path / "mlp2.pre.mlirbc"
    subprocess.run([find_tool("iree-opt"), str(edited_pre), "--emit-bytecode", "-o",
                    str(bytecode)], check=True)
    third = build_vmfb(bytecode, tmp_path / "bc.vmfb", FLAGS, store=store, progress=False)
    assert str(third.model_kind) == "pre-materialize"
    assert set(actions(third).values()) == {"reused"}
    assert_same_outputs(tmp_path / "bc.vmfb", plain2, MLP_SHAPES)


def test_runs_under_iree_run_module(tmp_path: Path, store: DiskStore) -> None:
    out = tmp_path / "mlp.vmfb"
    build_vmfb(PROGRAMS / "mlp.mlir", out, FLAGS, store=store, progress=False)
    plain = plain_compile(PROGRAMS / "mlp.mlir", tmp_path / "plain.vmfb")
    import iree._runtime_libs

    run_module = str(Path(iree._runtime_libs.__file__).parent / "iree-run-module")
    args = []
    for i, a in enumerate(inputs(MLP_SHAPES)):
        np.save(tmp_path / f"in{i}.npy", a)
        args.append(f"--input=@{tmp_path / f'in{i}.npy'}")
    for vmfb, name in ((out, "halflow"), (plain, "plain")):
        subprocess.run([run_module, f"--module={vmfb}", "--device=local-task", "--function=main",
                        *args, f"--output=@{tmp_path / (name + '.npy')}"],
                       check=True, capture_output=True)
    a = np.load(tmp_path / "halflow.npy")
    b = np.load(tmp_path / "plain.npy")
    assert a.shape == (4, 8) and np.array_equal(a.view(np.uint8), b.view(np.uint8))


def test_bad_program_is_a_clean_error(tmp_path: Path, store: DiskStore) -> None:
    model = tmp_path / "bad.mlir"
    model.write_text("func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {\n"
                     "  %y = arith.nonsense %x : tensor<4xf32>\n"
                     "  return %y : tensor<4xf32>\n}\n")
    out = tmp_path / "bad.vmfb"
    with pytest.raises(HalflowError) as info:
        build_vmfb(model, out, FLAGS, store=store, progress=False)
    rendered = info.value.render()
    assert f"{model}:2:" in rendered and "arith.nonsense" in rendered
    assert not out.exists()
    assert store.entries() == 0
    assert not list(tmp_path.glob(".bad.vmfb*"))


def test_refused_flags_name_the_flag(tmp_path: Path, store: DiskStore) -> None:
    for flag in ("-o", "--compile-to=vm", "--iree-hal-substitute-executable-object=a=b"):
        with pytest.raises(HalflowError) as info:
            build_vmfb(PROGRAMS / "mlp.mlir", tmp_path / "x.vmfb", [*FLAGS, flag], store=store,
                       progress=False)
        assert flag in info.value.render()


def test_unknown_global_flag_is_reported_once(tmp_path: Path, store: DiskStore) -> None:
    pre = pre_materialize(PROGRAMS / "mlp.mlir", tmp_path / "pre.mlir")
    with pytest.raises(CodegenError) as info:
        build_vmfb(pre, tmp_path / "x.vmfb", [*FLAGS, "--iree-codegen-no-such-flag=1"],
                   store=store, progress=False)
    rendered = info.value.render()
    assert "--iree-codegen-no-such-flag" in rendered
    assert len(info.value.diagnostics) == 1
    assert not (tmp_path / "x.vmfb").exists()


def test_corrupt_entry_is_a_miss(tmp_path: Path, store: DiskStore) -> None:
    out = tmp_path / "a.vmfb"
    first = build_vmfb(PROGRAMS / "mlp.mlir", out, FLAGS, store=store, progress=False)
    good = out.read_bytes()
    victim = store.translation_keys()[0]
    data = bytearray(store.get(victim) or b"")
    data[-5] ^= 0xFF  # flip a byte of the payload
    store.put(victim, bytes(data))
    assert decode_entry(victim, bytes(data)) is None
    # Another output: the up-to-date check would skip everything for `out`.
    again = tmp_path / "b.vmfb"
    second = build_vmfb(PROGRAMS / "mlp.mlir", again, FLAGS, store=store, progress=False)
    assert sorted(actions(second).values()) == ["compiled", "reused", "reused", "reused"]
    assert again.read_bytes() == good
    assert len(first.report["codegen"]) == 4


def with_gpu_pipeline(pre: Path, dest: Path, function: str) -> Path:
    """``pre`` with a GPU translation pipeline forced on one dispatch
    function: llvm-cpu code generation rejects exactly that executable."""
    text = pre.read_text()
    head = f"func.func @{function}("
    start = text.index(head)
    brace = text.index(") {\n", start)
    dest.write_text(
        text[:brace] + ") attributes {translation_info = #iree_codegen.translation_info"
        "<pipeline = #iree_gpu.pipeline<VectorDistribute>>} {\n" + text[brace + 4 :]
    )
    return dest


def test_failing_executable_is_named_and_the_rest_cached(tmp_path: Path, store: DiskStore) -> None:
    pre = pre_materialize(PROGRAMS / "mlp.mlir", tmp_path / "mlp.pre.mlir")
    bad = with_gpu_pipeline(pre, tmp_path / "bad.pre.mlir", "main_dispatch_2_reduction_4x8_f32")
    out = tmp_path / "bad.vmfb"
    events = []
    with pytest.raises(CodegenError) as info:
        build_vmfb(bad, out, FLAGS, store=store, progress=events.append)
    (diagnostic,) = info.value.diagnostics
    rendered = info.value.render()
    assert "code generation failed for executable @main_dispatch_2" in rendered
    assert "failed to build pass pipeline" in rendered
    assert diagnostic.filename == str(bad) and diagnostic.line > 0  # where the executable is
    assert not out.exists() and not list(tmp_path.glob(".bad.vmfb*"))
    # The executables that did compile are cached: fixing the bad one
    # compiles just that one.
    assert store.entries() == 3
    assert [e.executable for e in events if e.kind == "failed"] == ["@main_dispatch_2"]
    fixed = build_vmfb(pre, out, FLAGS, store=store, progress=False)
    assert [e for e, a in actions(fixed).items() if a == "compiled"] == ["@main_dispatch_2"]


def _worker_processes() -> list:
    import psutil

    found = []
    for child in psutil.Process().children(recursive=True):
        try:
            if "halflow.codegen.worker" in " ".join(child.cmdline()):
                found.append(child)
        except psutil.Error:
            pass
    return found


class Killer:
    """Kills local worker processes from outside: real process deaths."""

    def __init__(self, times: int | None):
        import threading

        self.times = times  # None: every worker, until stopped
        self.killed = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        import psutil

        while not self._stop.is_set() and (self.times is None or self.killed < self.times):
            for process in _worker_processes():
                if self.times is not None and self.killed >= self.times:
                    break  # several workers may start at once: kill only ``times``
                try:
                    process.kill()
                    self.killed += 1
                except psutil.Error:
                    pass
            self._stop.wait(0.005)

    def __enter__(self) -> Killer:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()


def test_dead_worker_is_retried(tmp_path: Path, store: DiskStore) -> None:
    out = tmp_path / "mlp.vmfb"
    with Killer(times=1) as killer:
        result = build_vmfb(PROGRAMS / "mlp.mlir", out, FLAGS, store=store, progress=False)
    assert killer.killed == 1
    assert set(actions(result).values()) == {"compiled"}
    assert_same_outputs(out, plain_compile(PROGRAMS / "mlp.mlir", tmp_path / "p.vmfb"), MLP_SHAPES)


def test_workers_that_keep_dying_are_a_clean_error(tmp_path: Path, store: DiskStore) -> None:
    out = tmp_path / "mlp.vmfb"
    with Killer(times=None), pytest.raises(CodegenError) as info:
        build_vmfb(PROGRAMS / "mlp.mlir", out, FLAGS, store=store, progress=False, retries=1)
    rendered = info.value.render()
    for i in range(4):
        assert f"code generation failed for executable @main_dispatch_{i}:" in rendered
    assert "SIGKILL" in rendered and "2 tries" in rendered
    assert not out.exists() and store.entries() == 0


def test_progress_events_and_silence_off_a_terminal(
    tmp_path: Path, store: DiskStore, capfd: pytest.CaptureFixture[str]
) -> None:
    events = []
    build_vmfb(PROGRAMS / "mlp.mlir", tmp_path / "a.vmfb", FLAGS, store=store,
               progress=events.append)
    kinds = [str(e.kind) for e in events]
    assert kinds.count("compiled") == 4 and kinds[-1] == "done"
    plan = next(e for e in events if e.kind == "plan")
    assert (plan.total, plan.reused) == (4, 0)
    # Default progress: a rich display on a terminal, nothing otherwise.
    capfd.readouterr()
    edited(PROGRAMS / "mlp.mlir", tmp_path / "b.mlir")
    build_vmfb(tmp_path / "b.mlir", tmp_path / "b.vmfb", FLAGS, store=store)
    captured = capfd.readouterr()
    assert captured.err == "" and captured.out == ""


def test_kept_workers_serve_several_builds(tmp_path: Path, store: DiskStore) -> None:
    from halflow.codegen import Workers

    model = tmp_path / "mlp.mlir"
    model.write_text((PROGRAMS / "mlp.mlir").read_text())
    with Workers(FLAGS, jobs=1) as workers:
        first = build_vmfb(model, tmp_path / "a.vmfb", FLAGS, store=store, progress=False,
                           workers=workers)
        edited(model, model)
        second = build_vmfb(model, tmp_path / "b.vmfb", FLAGS, store=store, progress=False,
                            workers=workers)
        with pytest.raises(CodegenError, match="started for other IREE flags"):
            build_vmfb(model, tmp_path / "c.vmfb", [*FLAGS, "--iree-opt-level=O1"], store=store,
                       progress=False, workers=workers)
    pids = {e.worker for e in first.executables} | {e.worker for e in second.executables
                                                     if e.action == "compiled"}
    assert len(pids) == 1  # one worker process did all of it
    assert_same_outputs(tmp_path / "b.vmfb", plain_compile(model, tmp_path / "p.vmfb"), MLP_SHAPES)


def test_unwritable_output_fails_before_building(tmp_path: Path, store: DiskStore) -> None:
    for out in (tmp_path / "no-such-dir" / "x.vmfb", tmp_path):
        with pytest.raises(CodegenError, match="cannot write output file"):
            build_vmfb(PROGRAMS / "mlp.mlir", out, FLAGS, store=store, progress=False)
    assert store.entries() == 0
