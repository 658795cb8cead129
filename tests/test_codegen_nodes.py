"""Group binaries and the host as cached nodes, end to end.

Each scenario builds a program written for the tests, edits it, and
rebuilds with the same cache. Every rebuilt ``.vmfb`` runs bitwise equal to
a plain ``iree-compile`` of the edited program, is byte-identical to a cold
build of it (a fresh cache), and the report names exactly what ran: the
translations whose content is new, the groups whose members changed (all
others reused), and the host only when the host program or an export's
interface changed.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from codegen_programs import layers
from conftest import subprocess_env

from halflow.codegen import DiskStore, build_vmfb
from halflow.codegen.pipeline import CodegenResult

FLAGS = [
    "--iree-hal-target-device=local",
    "--iree-hal-local-target-device-backends=llvm-cpu",
    "--iree-llvmcpu-target-cpu=host",
]
WIDTHS = [16, 24, 32, 40, 48, 56, 64, 72, 80]
SCALES = [0.5 + 0.125 * i for i in range(len(WIDTHS) - 1)]


def iree_compile() -> str:
    from halflow.codegen.tools import iree_compile as find

    return find()


def plain(source: Path, output: Path, flags: list[str] = FLAGS) -> Path:
    subprocess.run([iree_compile(), str(source), *flags, "-o", str(output)], check=True,
                   capture_output=True)
    return output


def run(vmfb: Path, args: list[np.ndarray], function: str) -> list[np.ndarray]:
    import iree.runtime as rt

    module = rt.load_vm_flatbuffer(vmfb.read_bytes(), driver="local-sync")
    out = module[function](*args)
    return [np.asarray(o.to_host()) for o in (out if isinstance(out, list | tuple) else [out])]


def assert_bitwise_equal(a: Path, b: Path, widths: list[int], function: str = "main",
                         extra: bool = False) -> None:
    args = layers.inputs(widths, extra)
    xs, ys = run(a, args, function), run(b, args, function)
    assert len(xs) == len(ys) == 1 + extra
    for x, y in zip(xs, ys, strict=True):
        assert x.shape == y.shape and np.array_equal(x.view(np.uint32), y.view(np.uint32))


def compiled(result: CodegenResult) -> set[str]:
    return {e["executable"] for e in result.report["codegen"] if e["action"] == "compiled"}


def groups_of(result: CodegenResult) -> dict[str, dict]:
    return {g["group"]: g for g in result.report["groups"]}


@pytest.fixture(autouse=True)
def small_groups(monkeypatch: pytest.MonkeyPatch) -> None:
    """Groups of ~2 members (~3.6 KB of text each), so that these small
    programs have several."""
    from halflow.codegen import groups

    monkeypatch.setattr(groups, "TARGET_WEIGHT", 7_000)
    monkeypatch.setattr(groups, "MIN_WEIGHT", 0)


@pytest.fixture(autouse=True)
def canonical_groups(monkeypatch: pytest.MonkeyPatch) -> None:
    """These scenarios are about the groups of the plan itself (a rebuild
    gives a cold build's bytes): no overlay of the previous build's groups
    (tests/test_codegen_floor.py tests that)."""
    monkeypatch.setenv("HALFLOW_CANONICAL_GROUPS", "1")


@pytest.fixture
def store(tmp_path: Path) -> Iterator[DiskStore]:
    with DiskStore(tmp_path / "cache") as s:
        yield s


def write(path: Path, widths: list[int], scales: list[float], function: str = "main",
          extra: bool = False) -> Path:
    path.write_text(layers.program(widths, scales, function, extra))
    return path


def check_rebuild(tmp_path: Path, model: Path, out: Path, before: CodegenResult,
                  after: CodegenResult, widths: list[int], function: str = "main",
                  extra: bool = False) -> None:
    """The checks every scenario shares (see the module docstring)."""
    assert after.mode == "groups", after.fallback
    assert_bitwise_equal(out, plain(model, tmp_path / "plain.vmfb"), widths, function, extra)
    # Exactly the groups whose members changed ran: a group is reused iff the
    # previous build had a group with the same members (by binary name)
    # and none of them was translated again.
    old = {frozenset(m["binary_name"] for m in g["members"]) for g in before.report["groups"]}
    retranslated = compiled(after)
    for group in after.report["groups"]:
        names = frozenset(m["binary_name"] for m in group["members"])
        same = names in old and not {m["executable"] for m in group["members"]} & retranslated
        assert group["action"] == ("reused" if same else "compiled"), group
    # A rebuild gives the bytes of a cold build of the same input.
    scratch = Path(tempfile.mkdtemp(dir=tmp_path))
    with DiskStore(scratch / "cache") as fresh:
        cold = build_vmfb(model, scratch / out.name, FLAGS, store=fresh, progress=False)
    assert cold.mode == "groups" and len(compiled(cold)) == len(cold.executables)
    assert (scratch / out.name).read_bytes() == out.read_bytes()


def test_one_dispatch_edit_runs_one_translation_one_group(tmp_path: Path, store: DiskStore) -> None:
    model = write(tmp_path / "m.mlir", WIDTHS, SCALES)
    out = tmp_path / "m.vmfb"
    first = build_vmfb(model, out, FLAGS, store=store, progress=False)
    assert first.mode == "groups" and len(first.groups) > 1
    assert all(g.action == "compiled" for g in first.groups)
    assert first.host is not None and first.host.action == "compiled"
    assert_bitwise_equal(out, plain(model, tmp_path / "p0.vmfb"), WIDTHS)

    scales = list(SCALES)
    scales[3] = 3.0
    write(model, WIDTHS, scales)
    second = build_vmfb(model, out, FLAGS, store=store, progress=False)
    assert len(compiled(second)) == 1
    assert sum(g.action == "compiled" for g in second.groups) == 1
    assert second.host is not None and second.host.action == "reused"
    why = second.explain()
    assert any(line.endswith(": content changed") and line.startswith("translate @")
               for line in why), why
    assert not any(line.startswith("host:") for line in why)
    check_rebuild(tmp_path, model, out, first, second, WIDTHS)


def test_renumbering_reuses_translations_and_groups(tmp_path: Path, store: DiskStore) -> None:
    """A dispatch inserted before all others (and before the edited one)
    renumbers every dispatch: only the new one, the edited one and those
    whose text really changed (the last layer's result now shares its buffer
    with the new result) are translated, and only their groups serialized:
    names in the binaries do not depend on dispatch numbers."""
    model = write(tmp_path / "m.mlir", WIDTHS, SCALES)
    out = tmp_path / "m.vmfb"
    first = build_vmfb(model, out, FLAGS, store=store, progress=False)
    scales = list(SCALES)
    scales[3] = 3.0
    write(model, WIDTHS, scales, extra=True)
    second = build_vmfb(model, out, FLAGS, store=store, progress=False)
    assert "@main_dispatch_0" in compiled(second)  # the new one
    assert "@main_dispatch_4" in compiled(second)  # the edited one (was _3)
    assert len(compiled(second)) <= 3
    assert sum(g.action == "compiled" for g in second.groups) <= 3
    assert any(g.action == "reused" for g in second.groups)
    assert second.host is not None and second.host.action == "compiled"
    check_rebuild(tmp_path, model, out, first, second, WIDTHS, extra=True)


def test_added_layer_at_the_end(tmp_path: Path, store: DiskStore) -> None:
    model = write(tmp_path / "m.mlir", WIDTHS, SCALES)
    out = tmp_path / "m.vmfb"
    first = build_vmfb(model, out, FLAGS, store=store, progress=False)
    widths, scales = [*WIDTHS, 88], [*SCALES, 1.25]
    write(model, widths, scales)
    second = build_vmfb(model, out, FLAGS, store=store, progress=False)
    assert 1 <= len(compiled(second)) <= 3
    assert second.host is not None and second.host.action == "compiled"
    check_rebuild(tmp_path, model, out, first, second, widths)


def build_then_widen(tmp_path: Path, store: DiskStore
                     ) -> tuple[Path, Path, CodegenResult, list[int]]:
    """(model, output, its first build, the widths): the layers program
    built once, then one layer's width changed in the model (not built)."""
    model = write(tmp_path / "m.mlir", WIDTHS, SCALES)
    out = tmp_path / "m.vmfb"
    first = build_vmfb(model, out, FLAGS, store=store, progress=False)
    widths = list(WIDTHS)
    widths[4] = 52
    write(model, widths, SCALES)
    return model, out, first, widths


def test_width_change(tmp_path: Path, store: DiskStore) -> None:
    model, out, first, widths = build_then_widen(tmp_path, store)
    second = build_vmfb(model, out, FLAGS, store=store, progress=False)
    assert 2 <= len(compiled(second)) < len(second.executables)
    assert any(g.action == "reused" for g in second.groups)
    assert second.host is not None and second.host.action == "compiled"
    check_rebuild(tmp_path, model, out, first, second, widths)


def test_host_only_edit(tmp_path: Path, store: DiskStore) -> None:
    """Renaming the entry function renames every executable
    (``main_dispatch_N`` -> ``forward_dispatch_N``) and changes no code: no
    translation, no group, only the host runs."""
    model = write(tmp_path / "m.mlir", WIDTHS, SCALES)
    out = tmp_path / "m.vmfb"
    first = build_vmfb(model, out, FLAGS, store=store, progress=False)
    write(model, WIDTHS, SCALES, function="forward")
    second = build_vmfb(model, out, FLAGS, store=store, progress=False)
    assert compiled(second) == set()
    assert all(g.action == "reused" for g in second.groups)
    assert second.host is not None and second.host.action == "compiled"
    assert second.explain() == ["host: host program or an export's interface changed"]
    check_rebuild(tmp_path, model, out, first, second, WIDTHS, "forward")


def test_no_op_compiles_nothing(tmp_path: Path, store: DiskStore) -> None:
    """An unchanged model with an up-to-date output does nothing (no
    front-end, no IREE, no worker); a changed or removed output is rebuilt,
    to the same bytes."""
    model = write(tmp_path / "m.mlir", WIDTHS, SCALES)
    out = tmp_path / "m.vmfb"
    first = build_vmfb(model, out, FLAGS, store=store, progress=False)
    good = out.read_bytes()
    again = build_vmfb(model, out, FLAGS, store=store, progress=False)
    assert again.mode == "up-to-date" and compiled(again) == set()
    assert again.groups == () and again.host is None
    assert set(again.timings) == {"total"}  # no phase ran
    out.write_bytes(good[:-1])
    repaired = build_vmfb(model, out, FLAGS, store=store, progress=False)
    assert repaired.mode == "groups" and compiled(repaired) == set()
    assert out.read_bytes() == good

    # The command line. The plain form is answered by the entry point before
    # the command-line framework, code generation or the compiler load; with
    # --report/--explain the full command line answers, still without the
    # compiler. Both record the build in the history; a damaged output is
    # rebuilt to the same bytes.
    cache = tmp_path / "cli-cache"
    cli_out = tmp_path / "cli.vmfb"
    plain_form = ["build", str(model), "--to", "vmfb", "-o", str(cli_out), "--cache-dir",
                  str(cache), "--", *FLAGS]
    reported = [*plain_form[:8], "--report", str(tmp_path / "r.json"), "--explain",
                *plain_form[8:]]
    subprocess.run([sys.executable, "-m", "halflow", *plain_form], check=True,
                   capture_output=True, cwd=tmp_path, env=subprocess_env())
    cold = cli_out.read_bytes()
    probe = ("import json, sys, runpy\nimport halflow.cli.entry\n"
             "halflow.cli.entry.exit_now = lambda code: None  # keep the process to look at it\n"
             "sys.argv = ['halflow', *json.loads(sys.argv[1])]\n"
             "try:\n    runpy.run_module('halflow', run_name='__main__')\n"
             "except SystemExit as e:\n    assert not e.code, e.code\n"
             "print(json.dumps(sorted(m for m in sys.modules if m.startswith("
             "('iree.compiler._mlir', 'click', 'diskcache', 'halflow.codegen')))))\n")

    def loaded_by(args: list[str]) -> list[str]:
        done = subprocess.run([sys.executable, "-c", probe, json.dumps(args)],
                              capture_output=True, text=True, cwd=tmp_path,
                              env=subprocess_env())
        assert done.returncode == 0, done.stderr
        return json.loads(done.stdout)

    assert loaded_by(plain_form) == []
    history = [json.loads(line) for line in (cache / "builds.jsonl").read_text().splitlines()]
    assert [(h["mode"], h["executed"]) for h in history] == [("vmfb", len(first.executables)),
                                                             ("vmfb", 0)]
    assert history[-1]["reused"] == len(first.executables)
    modules = loaded_by(reported)
    assert "click" in modules and not any(m.startswith("iree.compiler._mlir") for m in modules)
    report = json.loads((tmp_path / "r.json").read_text())
    assert report["mode"] == "up-to-date" and report["codegen_summary"]["compiled"] == 0
    cli_out.write_bytes(cold[:-1])
    assert "halflow.codegen.pipeline" in loaded_by(plain_form)  # not current: built
    assert cli_out.read_bytes() == cold


def test_program_with_a_custom_kernel(tmp_path: Path, store: DiskStore) -> None:
    """A program holding a ``hal.executable.source`` is a program (not a
    pre-materialize module): built through the front-end, grouped with the
    ordinary dispatch, bitwise equal to iree-compile."""
    model = Path(__file__).parent / "codegen_programs" / "custom_source.mlir"
    out = tmp_path / "c.vmfb"
    result = build_vmfb(model, out, FLAGS, store=store, progress=False)
    assert str(result.model_kind) == "program" and result.mode == "groups"
    assert {e.executable for e in result.executables} == {"@ex", "@main_dispatch_0"}
    expected = plain(model, tmp_path / "p.vmfb")
    arg = [np.linspace(-2, 2, 16, dtype=np.float32)]
    (x,), (y,) = run(out, arg, "main"), run(expected, arg, "main")
    assert np.array_equal(x.view(np.uint32), y.view(np.uint32))
    assert np.array_equal(x, 6 * arg[0])


def test_cold_build_serializes_groups_between_translations(tmp_path: Path,
                                                           store: DiskStore) -> None:
    """A cold build sends translations out group by group and runs a group
    as soon as its last member is translated, ahead of the translations
    still queued: with one worker, the first group is serialized before the
    last translations start (not after all of them)."""
    model = write(tmp_path / "m.mlir", WIDTHS, SCALES)
    out = tmp_path / "m.vmfb"
    result = build_vmfb(model, out, FLAGS, store=store, progress=False, jobs=1)
    assert result.mode == "groups" and len(result.groups) >= 3
    spans = sorted(result.spans, key=lambda s: s.start)
    kinds = [s.category for s in spans if s.category in ("translate", "group")]
    first_group = kinds.index("group")
    assert "translate" in kinds[first_group:], kinds
    assert_bitwise_equal(out, plain(model, tmp_path / "p.vmfb"), WIDTHS)
