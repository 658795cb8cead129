"""A build that finds most of its translations missing compiles plainly and
leaves the cache to a fill in the background (:mod:`halflow.codegen.fill`).

The small MLP stands in for a large program (the size line is lowered:
every program is past it). What is checked, on real builds and a real
detached fill process: the build's ``.vmfb`` is byte-identical to a plain
``iree-compile``; the fill ends with every translation stored and the
manifest written, so the next edit rebuilds incrementally and runs
bitwise equal to plain; an edit that changes most executables compiles
plainly again; a killed fill or a failed one costs the next build nothing
but what it then compiles itself.
"""

from __future__ import annotations

import itertools
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from codegen_programs import layers
from test_codegen import EDIT, FLAGS, MLP_SHAPES, PROGRAMS, assert_same_outputs, plain_compile

from halflow.codegen import DiskStore, build_vmfb, flags
from halflow.codegen import fill as fill_mod
from halflow.codegen import strategy as strategy_mod
from halflow.codegen.pipeline import plan_vmfb
from halflow.store import manifests

REPO = Path(__file__).resolve().parents[1]
# Every executable of the MLP changes: its batch of 4 rows becomes 2.
BATCH = (("tensor<4x", "tensor<2x"),)
BATCH_SHAPES = [(2, 8), *MLP_SHAPES[1:]]


@pytest.fixture
def program(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The MLP, past the size line, and its 4 executables enough for a fill
    (so only the share of missing translations decides)."""
    monkeypatch.setattr(strategy_mod, "PLAIN_BELOW", 0)
    monkeypatch.setattr(strategy_mod, "FILL_FROM", 1)
    source = tmp_path / "mlp.mlir"
    source.write_text((PROGRAMS / "mlp.mlir").read_text())
    return source


def edited(program: Path, *replacements: tuple[str, str]) -> None:
    text = program.read_text()
    for old, new in replacements:
        assert old in text
        text = text.replace(old, new)
    program.write_text(text)


def test_a_first_build_compiles_plainly_then_the_fill_serves_the_next_edit(
        program: Path, tmp_path: Path) -> None:
    out, cache = tmp_path / "out.vmfb", tmp_path / "cache"
    began = time.time()
    with DiskStore(cache) as store:
        first = build_vmfb(program, out, FLAGS, store=store, strategy="auto")
        assert first.mode == "plain" and first.fill and first.report["fill"] is True
        assert "4 of 4 translations missing" in first.plain
        assert out.read_bytes() == plain_compile(program, tmp_path / "p0.vmfb").read_bytes()
        ended = fill_mod.wait_all(cache, since=began)
        assert [(e.ok, e.translated) for e in ended] == [(True, 4)], ended
        # Unchanged: up to date, nothing runs.
        assert build_vmfb(program, out, FLAGS, store=store, strategy="auto").mode == "up-to-date"
        # One dispatch edited: the fill's translations and groups serve it.
        edited(program, EDIT)
        again = build_vmfb(program, out, FLAGS, store=store, strategy="auto")
        assert again.mode == "groups" and len(again.compiled) == 1 and len(again.reused) == 3
        assert_same_outputs(out, plain_compile(program, tmp_path / "p1.vmfb"), MLP_SHAPES)
    # Nothing of the fill's is left but its lock and outcome.
    assert sorted(p.suffix for p in (cache / fill_mod.FOLDER).iterdir()) == [".lock", ".outcome"]


def test_an_edit_that_changes_most_executables_compiles_plainly(
        program: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out, cache = tmp_path / "out.vmfb", tmp_path / "cache"
    with DiskStore(cache) as store:
        assert build_vmfb(program, out, FLAGS, store=store, strategy="incremental").mode == "groups"
        edited(program, *BATCH)
        monkeypatch.setenv("HALFLOW_VMFB_STRATEGY", "auto")  # (what the dry run reads)
        plan = plan_vmfb(program, out, FLAGS, store=store)
        assert not plan.up_to_date and "translations missing" in plan.plain
        began = time.time()
        result = build_vmfb(program, out, FLAGS, store=store, strategy="auto")
        assert result.mode == "plain" and result.fill
        assert out.read_bytes() == plain_compile(program, tmp_path / "p1.vmfb").read_bytes()
        assert [e.ok for e in fill_mod.wait_all(cache, since=began)] == [True]
        # Back to the first batch: every translation is cached, the groups too.
        edited(program, *((new, old) for old, new in BATCH))
        back = build_vmfb(program, out, FLAGS, store=store, strategy="auto")
        assert back.mode == "groups" and back.compiled == []
        assert_same_outputs(out, plain_compile(program, tmp_path / "p2.vmfb"), MLP_SHAPES)
        # And the second batch again, from what the fill stored.
        edited(program, *BATCH)
        forth = build_vmfb(program, out, FLAGS, store=store, strategy="auto")
        assert forth.mode == "groups" and forth.compiled == []
        assert_same_outputs(out, plain_compile(program, tmp_path / "p3.vmfb"), BATCH_SHAPES)


def test_a_program_whose_module_travels_as_text_is_filled_too(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A ``dense_resource`` literal (a registered int64 buffer) sends the
    front end's module on as text (tests/test_codegen_resources.py): the
    fill parses that text, and the next build (another output) links what
    it stored."""
    for line in ("PLAIN_BELOW_EXECUTABLES", "PLAIN_MODEL_BELOW", "FILL_FROM"):
        monkeypatch.setattr(strategy_mod, line, 0 if line != "FILL_FROM" else 1)
    source = tmp_path / "position_ids.mlir"
    source.write_text((PROGRAMS / "position_ids.mlir").read_text())
    out, cache = tmp_path / "out.vmfb", tmp_path / "cache"
    began = time.time()
    with DiskStore(cache) as store:
        first = build_vmfb(source, out, FLAGS, store=store, strategy="auto")
        assert first.mode == "plain" and first.fill
        assert out.read_bytes() == plain_compile(source, tmp_path / "p0.vmfb").read_bytes()
        assert [(e.ok, e.translated) for e in fill_mod.wait_all(cache, since=began)] == [(True, 1)]
        other = tmp_path / "other.vmfb"
        again = build_vmfb(source, other, FLAGS, store=store, strategy="auto")
        assert again.mode == "groups" and again.compiled == [] and len(again.reused) == 1
        assert_same_outputs(other, out, [(4, 8)])


def _fillers(cache: Path) -> list[int]:
    """The processes filling ``cache`` now."""
    pids = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            cmdline = Path("/proc", entry, "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if b"halflow.codegen.filler" in cmdline and any(
                str(cache).encode() in arg for arg in cmdline):
            pids.append(int(entry))
    return pids


def _layers(scale: float) -> tuple[str, list[tuple[int, ...]]]:
    """A stack of 60 dense layers (60 executables, past the size line in a
    new process) whose first scale is ``scale``, and its argument shapes."""
    widths = [8 + 4 * (i % 9) for i in range(61)]
    scales = [scale] + [0.5 + 0.01 * i for i in range(1, 60)]
    shapes = [(layers.BATCH, widths[0]), *itertools.pairwise(widths)]
    return layers.program(widths, scales), shapes


def test_the_command_answers_before_its_fill_ends_and_a_killed_fill_costs_nothing(
        tmp_path: Path) -> None:
    """``halflow build`` exits, its pipes closed, while the fill runs on (a
    caller reading its output, as ``compile_file`` does, is not held); the
    fill, killed, leaves a cache the next build of the program uses."""
    cache, out, source = tmp_path / "cache", tmp_path / "out.vmfb", tmp_path / "layers.mlir"
    text, shapes = _layers(0.5)
    source.write_text(text)
    env = {**os.environ, "HALFLOW_VMFB_STRATEGY": "auto", "PYTHONPATH": str(REPO),
           "HALFLOW_SERVER": "0"}
    command = [sys.executable, "-m", "halflow", "build", str(source), "--to", "vmfb",
               "-o", str(out), "--cache-dir", str(cache), "--report", str(tmp_path / "r.json"),
               "--", *FLAGS]
    done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    fillers = _fillers(cache)
    assert fillers, "the fill of 60 translations ended before the command did"
    for pid in fillers:  # the fill and its workers (a session of its own)
        os.killpg(pid, signal.SIGKILL)
    assert fill_mod.wait_all(cache) == []  # killed: no outcome
    report = json.loads((tmp_path / "r.json").read_text())
    assert report["mode"] == "plain" and report["fill"] is True
    assert out.read_bytes() == plain_compile(source, tmp_path / "p0.vmfb").read_bytes()
    text, shapes = _layers(0.25)
    source.write_text(text)
    again = subprocess.run(command, env=env, capture_output=True, text=True, timeout=300)
    assert again.returncode == 0, again.stderr
    fill_mod.wait_all(cache)
    assert_same_outputs(out, plain_compile(source, tmp_path / "p1.vmfb"), shapes)


def test_the_next_build_waits_for_the_fill_and_builds_on_it(tmp_path: Path) -> None:
    cache, out, source = tmp_path / "cache", tmp_path / "out.vmfb", tmp_path / "layers.mlir"
    report = tmp_path / "r.json"
    env = {**os.environ, "HALFLOW_VMFB_STRATEGY": "auto", "PYTHONPATH": str(REPO),
           "HALFLOW_SERVER": "0"}
    command = [sys.executable, "-m", "halflow", "build", str(source), "--to", "vmfb",
               "-o", str(out), "--cache-dir", str(cache), "--report", str(report), "--", *FLAGS]
    source.write_text(_layers(0.5)[0])
    first = subprocess.run(command, env=env, capture_output=True, text=True, timeout=300)
    assert first.returncode == 0, first.stderr
    assert json.loads(report.read_text())["fill"] is True
    text, shapes = _layers(0.25)  # the first layer's scale: one executable
    source.write_text(text)
    again = subprocess.run(command, env=env, capture_output=True, text=True, timeout=300)
    assert again.returncode == 0, again.stderr
    data = json.loads(report.read_text())
    assert data["codegen_timings"]["fill_wait"] > 0  # the fill of 60 ran on
    assert data["mode"] == "groups" and data["codegen_summary"]["compiled"] == 1
    assert data["codegen_summary"]["reused"] == 59
    assert_same_outputs(out, plain_compile(source, tmp_path / "p1.vmfb"), shapes)


def test_a_failed_fill_is_a_warning_of_the_next_build(program: Path, tmp_path: Path) -> None:
    out, cache = tmp_path / "out.vmfb", tmp_path / "cache"
    began = time.time()
    with DiskStore(cache) as store:
        assert build_vmfb(program, out, FLAGS, store=store, strategy="auto").fill
        assert [e.ok for e in fill_mod.wait_all(cache, since=began)] == [True]
        # What the filler records when its build raises.
        key = manifests.manifest_key(str(program.resolve()), flags.parse(FLAGS).key)
        fill_mod.record_outcome(
            fill_mod.Request(str(program), tuple(FLAGS), key, str(cache), None, 1, 0, ""),
            fill_mod.Outcome(False, 1.0, 0, "CodegenError: no space left on device"))
        edited(program, EDIT)
        result = build_vmfb(program, out, FLAGS, store=store, strategy="auto")
        assert result.mode == "groups" and len(result.compiled) == 1
        assert result.warnings == (
            "halflow: warning: filling the cache after the last build failed (CodegenError: "
            "no space left on device); this build compiles what it lacks",)
        assert fill_mod.outcome(cache, key) is None  # said once
        edited(program, (EDIT[1], EDIT[0]))
        assert build_vmfb(program, out, FLAGS, store=store, strategy="auto").warnings == ()
