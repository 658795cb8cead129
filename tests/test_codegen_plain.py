"""The plain path of ``--to vmfb`` (``mode: plain``) and the choice between
it and the incremental path (:mod:`halflow.codegen.strategy`).

A small program compiles plainly: one ``iree-compile`` of the back end on the
front end's module, whose ``.vmfb`` must be byte-identical to a plain
``iree-compile`` of the program (and its stderr the same). Each side of the
choice is forced and checked: the output runs bitwise equal to plain's, and
the report says which path ran.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from test_codegen import EDIT, FLAGS, MLP_SHAPES, PROGRAMS, assert_same_outputs, plain_compile

from halflow.codegen import DiskStore, build_vmfb
from halflow.codegen import strategy as strategy_mod
from halflow.codegen.pipeline import CodegenError
from halflow.core.diagnostics import HalflowError

REPO = Path(__file__).resolve().parents[1]
# A target CPU left to IREE's default: IREE warns (on stderr, as it prints it).
GENERIC = ["--iree-hal-target-device=local", "--iree-hal-local-target-device-backends=llvm-cpu"]
# A flag only the back end reads, with a value its VM conversion fails on.
BAD_BACK_END = "--iree-vm-target-index-bits=7"


@pytest.fixture
def program(tmp_path: Path) -> Path:
    source = tmp_path / "mlp.mlir"
    shutil.copyfile(PROGRAMS / "mlp.mlir", source)
    return source


@pytest.fixture
def plain(program: Path, tmp_path: Path) -> Path:
    """A plain ``iree-compile`` of the program."""
    return plain_compile(program, tmp_path / "plain.vmfb")


def test_a_small_program_compiles_plainly_byte_identical_to_iree_compile(
        program: Path, plain: Path, tmp_path: Path) -> None:
    out = tmp_path / "out.vmfb"
    with DiskStore(tmp_path / "cache") as store:
        result = build_vmfb(program, out, FLAGS, store=store, strategy="auto")
        assert result.mode == "plain" and result.executables == ()
        assert "small program" in result.plain and "KB" in result.plain
        report = result.report
        assert report["mode"] == "plain" and report["plain"] == result.plain
        assert report["codegen"] == [] and report["groups"] == [] and report["host"] is None
        assert set(report["codegen_timings"]) == {"frontend", "compile", "write", "total"}
        assert out.read_bytes() == plain.read_bytes()
        assert result.explain() == [
            f"plain: one iree-compile of the whole back end: {result.plain}"]
        # Unchanged: up to date, nothing runs.
        assert build_vmfb(program, out, FLAGS, store=store, strategy="auto").mode == "up-to-date"
        # Edited: plain again (the model stays small), still byte-identical.
        program.write_text(program.read_text().replace(*EDIT))
        again = build_vmfb(program, out, FLAGS, store=store, strategy="auto")
        assert again.mode == "plain"
        assert out.read_bytes() == plain_compile(program, tmp_path / "plain2.vmfb").read_bytes()


def test_forced_incremental_builds_the_small_program_in_groups(
        program: Path, plain: Path, tmp_path: Path) -> None:
    out = tmp_path / "out.vmfb"
    with DiskStore(tmp_path / "cache") as store:
        result = build_vmfb(program, out, FLAGS, store=store, strategy="incremental")
        assert result.mode == "groups" and len(result.compiled) == 4
        assert "plain" not in result.report
        assert_same_outputs(out, plain, MLP_SHAPES)
        # Built incrementally once, the model stays on the incremental path
        # under auto (its cache follows the model): an edit recompiles one.
        program.write_text(program.read_text().replace(*EDIT))
        edited = build_vmfb(program, out, FLAGS, store=store, strategy="auto")
        assert edited.mode == "groups" and len(edited.compiled) == 1
        assert_same_outputs(out, plain_compile(program, tmp_path / "p2.vmfb"), MLP_SHAPES)


def test_forced_plain_and_the_environment(program: Path, plain: Path, tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "out.vmfb"
    with DiskStore(tmp_path / "cache") as store:
        # An incremental build first; plain asked for then still goes plain.
        assert build_vmfb(program, out, FLAGS, store=store).mode == "groups"  # the suite's env
        out.unlink()
        monkeypatch.setenv("HALFLOW_VMFB_STRATEGY", "plain")
        result = build_vmfb(program, out, FLAGS, store=store)
        assert result.mode == "plain" and result.plain == "asked for (strategy plain)"
        assert out.read_bytes() == plain.read_bytes()
    with pytest.raises(HalflowError, match=r"unknown \.vmfb strategy 'fast'"):
        build_vmfb(program, out, FLAGS, strategy="fast")


def test_the_size_threshold_decides() -> None:
    auto = strategy_mod.Strategy.AUTO
    bytecode = b"ML\xefR"
    below = bytecode.ljust(strategy_mod.PLAIN_BELOW - 1, b"\0")
    assert strategy_mod.plain_reason(auto, below) is not None
    assert strategy_mod.plain_reason(auto, below + b"\0") is None
    # A text front end (dense_resource literals) is measured by its
    # executables, whatever its literals weigh.
    weights = b"{-#\n  dialect_resources: {builtin: {w: \"0x" + b"00" * 10**6 + b"\"}}\n#-}\n"
    few = b"  hal.executable private @e {\n  }\n" * (strategy_mod.PLAIN_BELOW_EXECUTABLES - 1)
    assert "executables" in (strategy_mod.plain_reason(auto, few + weights) or "")
    assert strategy_mod.plain_reason(auto, few + few[:33] + weights) is None
    # Built plainly last time: the lines are STAYS_PLAIN times higher.
    higher = below.ljust(strategy_mod.PLAIN_BELOW * strategy_mod.STAYS_PLAIN - 1, b"\0")
    assert "built plainly last time" in (strategy_mod.plain_reason(auto, higher, True) or "")
    assert strategy_mod.plain_reason(auto, higher + b"\0", True) is None
    assert strategy_mod.plain_reason(auto, higher, False) is None
    more = few * strategy_mod.STAYS_PLAIN + few[:34]  # one below the higher line
    assert strategy_mod.plain_reason(auto, more + weights, True) is not None
    assert strategy_mod.plain_reason(auto, more + few[:33] + weights, True) is None
    size = strategy_mod.PLAIN_MODEL_BELOW
    assert strategy_mod.compiles_whole(auto, size, True) is not None
    assert strategy_mod.compiles_whole(auto, size, False) is None
    assert strategy_mod.compiles_whole(auto, size * strategy_mod.STAYS_PLAIN, True) is None
    before = strategy_mod.before_front_end
    assert before(auto, True, True, "").may_be_plain
    assert not before(auto, True, True, "").built_plainly
    assert before(auto, True, True, "plain").may_be_plain
    assert before(auto, True, True, "plain").built_plainly
    assert not before(auto, True, True, "groups").may_be_plain  # built incrementally
    assert not before(auto, True, False, "").may_be_plain  # kept or Dask workers
    assert not before(auto, False, True, "").may_be_plain  # pre-materialize
    assert not before(strategy_mod.Strategy.INCREMENTAL, True, True, "").may_be_plain
    # Compiled plainly with a fill of the cache behind it: a program built
    # by workers of its own, whatever its last build, when most of its
    # translations are missing.
    assert before(auto, True, True, "groups").may_fill and before(auto, True, True, "").may_fill
    assert not before(auto, True, False, "groups").may_fill
    assert not before(strategy_mod.Strategy.INCREMENTAL, True, True, "").may_fill
    share = strategy_mod.FILL_SHARE
    fills = strategy_mod.fills_after
    assert fills(before(auto, True, True, "groups"), int(share * 100), 100) is not None
    assert fills(before(auto, True, True, "groups"), int(share * 100) - 1, 100) is None
    assert fills(before(auto, True, False, ""), 100, 100) is None
    few = strategy_mod.FILL_FROM
    assert fills(before(auto, True, True, "groups"), few, few) is not None
    assert fills(before(auto, True, True, "groups"), few - 1, few - 1) is None


def front_end_size(source: Path, tmp_path: Path) -> int:
    """Bytes of IREE's front-end module of ``source`` (what the line measures)."""
    from halflow.codegen import flags, model

    out = tmp_path / f"{source.stem}.mlirbc"
    subprocess.run(model.frontend_command(source, flags.parse(FLAGS), out), check=True)
    return out.stat().st_size


def test_a_program_built_plainly_stays_plain_past_the_line(
        program: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An edit that takes a program built plainly just past the line (an
    extra layer) compiles plainly again, not incrementally with nothing of
    its own cached; the same program built first goes incremental."""
    small, large = front_end_size(program, tmp_path), front_end_size(
        PROGRAMS / "mlp_extra.mlir", tmp_path)
    assert small < large < 2 * small
    monkeypatch.setattr(strategy_mod, "PLAIN_BELOW", (small + large) // 2)
    out = tmp_path / "out.vmfb"
    with DiskStore(tmp_path / "cache") as store:
        assert build_vmfb(program, out, FLAGS, store=store, strategy="auto").mode == "plain"
        shutil.copyfile(PROGRAMS / "mlp_extra.mlir", program)
        edited = build_vmfb(program, out, FLAGS, store=store, strategy="auto")
        assert edited.mode == "plain" and "built plainly last time" in edited.plain
    assert out.read_bytes() == plain_compile(program, tmp_path / "extra.vmfb").read_bytes()
    with DiskStore(tmp_path / "fresh") as store:
        # (Its few executables are too few for a fill of the cache:
        # tests/test_codegen_fill.py.)
        first = build_vmfb(program, tmp_path / "first.vmfb", FLAGS, store=store, strategy="auto")
        assert first.mode == "groups"


def test_plain_cli_prints_iree_compiles_warnings_and_its_errors(
        program: Path, tmp_path: Path) -> None:
    env = {**os.environ, "HALFLOW_VMFB_STRATEGY": "auto", "PYTHONPATH": str(REPO)}
    from halflow.codegen.tools import iree_compile

    expected = subprocess.run([iree_compile(), str(program), *GENERIC, "-o",
                               str(tmp_path / "plain.vmfb")], capture_output=True, text=True,
                              check=True)
    assert "warning:" in expected.stderr
    out, report = tmp_path / "out.vmfb", tmp_path / "report.json"
    done = subprocess.run(
        [sys.executable, "-m", "halflow", "build", str(program), "--to", "vmfb", "-o", str(out),
         "--cache-dir", str(tmp_path / "cache"), "--report", str(report), "--", *GENERIC],
        capture_output=True, text=True, env=env, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stderr == expected.stderr
    assert json.loads(report.read_text())["mode"] == "plain"
    assert out.read_bytes() == (tmp_path / "plain.vmfb").read_bytes()
    # A back end that fails (the VM conversion: index bits IREE cannot
    # lower to; the front end passes) reports IREE's error, exits 1 and
    # leaves the output as it was.
    before = out.read_bytes()
    bad = subprocess.run(
        [sys.executable, "-m", "halflow", "build", str(program), "--to", "vmfb", "-o", str(out),
         "--cache-dir", str(tmp_path / "cache"), "--", *FLAGS, BAD_BACK_END],
        capture_output=True, text=True, env=env, check=False)
    assert bad.returncode == 1 and "Traceback" not in bad.stderr
    assert f"{program}:0:0: error: conversion to vm.module failed" in bad.stderr
    assert out.read_bytes() == before


def test_a_plain_build_failure_is_a_codegen_error(program: Path, tmp_path: Path) -> None:
    with pytest.raises(CodegenError):
        build_vmfb(program, tmp_path / "out.vmfb", [*FLAGS, BAD_BACK_END],
                   store=DiskStore(tmp_path / "cache"), strategy="plain")
    assert not (tmp_path / "out.vmfb").exists()


def test_dry_run_says_a_small_program_would_compile_plainly(program: Path,
                                                           tmp_path: Path) -> None:
    env = {**os.environ, "HALFLOW_VMFB_STRATEGY": "auto", "PYTHONPATH": str(REPO)}
    out = tmp_path / "out.vmfb"
    done = subprocess.run(
        [sys.executable, "-m", "halflow", "build", "-n", str(program), "--to", "vmfb", "-o",
         str(out), "--cache-dir", str(tmp_path / "cache"), "--", *FLAGS],
        capture_output=True, text=True, env=env, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"halflow: would build {out} by one iree-compile (a small "
                                  "program (")
    assert len(done.stdout.splitlines()) == 1 and not out.exists()
