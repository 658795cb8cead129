"""Programs that hold ``dense_resource`` literals on the ``.vmfb`` path.

transformers encoders register their ``position_ids`` as an int64 buffer,
which iree-turbine exports as an inline ``dense_resource`` literal (as it
does every weight when parameters are not externalized). IREE folds such
constants into a ``#util.composite`` constant of the host program, and IREE
3.13's bytecode writer drops the blobs those reference: its own front-end
output written as bytecode does not compile back (checked here, so that the
workaround is dropped when IREE is fixed). halflow hands such a module on as
text (:func:`halflow.codegen.model.front_end_form`); every build must run bitwise
equal to a plain ``iree-compile``, cold and after an edit, on both paths.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from test_codegen import FLAGS, PROGRAMS, assert_same_outputs, iree_compile, plain_compile

from halflow.codegen import DiskStore, build_vmfb, model, tools

REPO = Path(__file__).resolve().parents[1]
SHAPES = [(4, 8)]
EDIT = ("%scale = arith.constant 0.5 : f32", "%scale = arith.constant 0.25 : f32")


@pytest.fixture
def program(tmp_path: Path) -> Path:
    source = tmp_path / "position_ids.mlir"
    shutil.copyfile(PROGRAMS / "position_ids.mlir", source)
    return source


def form_of(path: Path) -> model.FrontEndForm:
    return model.front_end_form(path.read_bytes(), str(path))


def iree_round_trip(program: Path, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    """IREE alone: the program to ``executable-sources`` as bytecode, then
    back from there to a ``.vmfb``."""
    sources = tmp_path / "sources.mlirbc"
    subprocess.run([iree_compile(), str(program), *FLAGS, "--compile-to=executable-sources",
                    "--emit-mlir-bytecode", "-o", str(sources)], check=True)
    return subprocess.run(
        [iree_compile(), str(sources), *FLAGS, "--compile-from=executable-sources",
         "-o", str(tmp_path / "round-trip.vmfb")],
        capture_output=True, text=True, check=False)


def test_iree_loses_the_literal_in_its_own_bytecode_round_trip(
        program: Path, tmp_path: Path) -> None:
    done = iree_round_trip(program, tmp_path)
    assert done.returncode != 0, "IREE's bytecode keeps the literal now: drop the text form"
    assert "resource data missing in input IR" in done.stderr
    assert form_of(program).as_text
    assert form_of(PROGRAMS / "mlp.mlir") == (False, None)


@pytest.mark.parametrize(("strategy", "mode"), [("plain", "plain"), ("incremental", "groups")])
def test_builds_run_bitwise_equal_cold_and_after_an_edit(
        program: Path, tmp_path: Path, strategy: str, mode: str) -> None:
    out = tmp_path / "out.vmfb"
    with DiskStore(tmp_path / "cache") as store:
        cold = build_vmfb(program, out, FLAGS, store=store, strategy=strategy, progress=False)
        assert cold.mode == mode
        plain = plain_compile(program, tmp_path / "plain.vmfb")
        if strategy == "plain":
            assert out.read_bytes() == plain.read_bytes()
        assert_same_outputs(out, plain, SHAPES)

        program.write_text(program.read_text().replace(*EDIT))
        again = build_vmfb(program, out, FLAGS, store=store, strategy=strategy, progress=False)
        assert again.mode == mode
        edited_plain = plain_compile(program, tmp_path / "plain-edited.vmfb")
        assert_same_outputs(out, edited_plain, SHAPES)
        assert out.read_bytes() != plain.read_bytes()


def test_a_bytecode_program_with_the_literal_builds(program: Path, tmp_path: Path) -> None:
    bytecode = tmp_path / "position_ids.mlirbc"
    subprocess.run([tools.iree_opt(), str(program), "--emit-bytecode", "-o", str(bytecode)],
                   check=True)
    form = form_of(bytecode)
    assert form.as_text and form.text_size is not None and form.text_size < 2 * form_of(
        program).text_size  # its ops, not its bytes
    plain = plain_compile(program, tmp_path / "plain.vmfb")
    for strategy, mode in (("incremental", "groups"), ("auto", "plain")):
        out = tmp_path / f"{strategy}.vmfb"
        with DiskStore(tmp_path / strategy) as store:
            result = build_vmfb(bytecode, out, FLAGS, store=store, strategy=strategy,
                                progress=False)
        assert result.mode == mode
        assert_same_outputs(out, plain, SHAPES)
    # A bytecode program without the literals travels as bytecode.
    mlp = tmp_path / "mlp.mlirbc"
    subprocess.run([tools.iree_opt(), str(PROGRAMS / "mlp.mlir"), "--emit-bytecode", "-o",
                    str(mlp)], check=True)
    assert form_of(mlp) == (False, None)


def test_a_failed_iree_run_keeps_every_error_line_of_iree(
        program: Path, tmp_path: Path) -> None:
    """IREE's unlocated lines (``<unknown>:0: error: ...``, ``error ...``)
    name the cause of a located error; none is dropped from halflow's."""
    stderr = iree_round_trip(program, tmp_path).stderr
    # A located error after the unlocated ones, as a failed write reports it.
    stderr += f"{program}:7:12: error: failed to write embedded file to the output stream\n"
    rendered = str(model.diagnostics_from(stderr, str(program), "iree-compile failed"))
    errors = [line for line in stderr.splitlines() if "error" in line]
    assert len(errors) >= 3
    for line in errors:
        message = line.split("error: ", 1)[-1].strip()
        assert message in rendered, line


def test_a_small_program_with_the_literal_compiles_whole(program: Path, tmp_path: Path) -> None:
    """A small program whose module would travel as text is compiled whole
    by the user's own command (no front end: a split would print and parse
    its resources' data twice more), byte-identical to plain; its IR is
    measured without its resources' data, however much they weigh."""
    out = tmp_path / "out.vmfb"
    weights = tmp_path / "heavy.mlir"
    text = program.read_text()
    # The same program with 2 MB more of resource data (unused).
    end = '"\n    }\n  }\n#-}'
    assert text.count(end) == 1
    heavy = text.replace(end, '",\n      unused: "0x04000000' + "00" * 2**21 + end)
    with DiskStore(tmp_path / "cache") as store:
        result = build_vmfb(program, out, FLAGS, store=store, strategy="auto", progress=False)
        assert result.mode == "plain" and "besides its resources' data" in result.plain
        assert out.read_bytes() == plain_compile(program, tmp_path / "plain.vmfb").read_bytes()
        assert result.report["codegen_timings"].get("frontend") is None
    assert form_of(program).text_size == text.index("\n{-#")
    weights.write_text(heavy)
    assert form_of(weights) == form_of(program)


def halflow_build(program: Path, out: Path, tmp_path: Path, strategy: str = "auto",
                  temp: Path | None = None) -> tuple[subprocess.CompletedProcess[str], dict]:
    """``halflow build --to vmfb`` as a user runs it (its entry point, in a
    process of its own, ``TMPDIR`` ``temp``); (the run, its report)."""
    report = tmp_path / "report.json"
    report.unlink(missing_ok=True)
    env = {**os.environ, "HALFLOW_VMFB_STRATEGY": strategy, "PYTHONPATH": str(REPO)}
    if temp is not None:
        env["TMPDIR"] = str(temp)
    done = subprocess.run(
        [sys.executable, "-m", "halflow", "build", str(program), "--to", "vmfb", "-o", str(out),
         "--cache-dir", str(tmp_path / "cache"), "--report", str(report), "--", *FLAGS],
        capture_output=True, text=True, env=env, check=False)
    return done, json.loads(report.read_text()) if report.exists() else {}


def test_the_entry_point_starts_the_whole_compile_and_the_build_takes_it(
        program: Path, tmp_path: Path) -> None:
    """A build that will compile the program whole has the user's
    ``iree-compile`` started by the entry point, before the command line
    loads: the build takes its ``.vmfb`` (byte-identical to plain's) and
    nothing it wrote is left (beside the output, or in the temporary
    folder); an IREE error is reported as plain's, the output left as it
    was; a program built incrementally last time stays so, its front end
    started early instead."""
    out_dir, temp = tmp_path / "out", tmp_path / "temp"
    out_dir.mkdir()
    temp.mkdir()
    out = out_dir / "out.vmfb"
    done, report = halflow_build(program, out, tmp_path, temp=temp)
    assert done.returncode == 0, done.stderr
    assert report["mode"] == "plain" and "besides its resources' data" in report["plain"]
    timings = report["codegen_timings"]
    assert timings["compile_early"] > 0 and "frontend" not in timings
    assert out.read_bytes() == plain_compile(program, tmp_path / "plain.vmfb").read_bytes()
    assert list(out_dir.iterdir()) == [out] and list(temp.iterdir()) == []

    # IREE fails (an op of the wrong type): its diagnostics, exit 1, the output kept.
    bad = tmp_path / "bad.mlir"
    bad.write_text(program.read_text().replace(*EDIT).replace(
        "%scale = arith.constant 0.25 : f32", "%scale = arith.constant 0.25 : f64"))
    expected = subprocess.run([iree_compile(), str(bad), *FLAGS, "-o", str(tmp_path / "x.vmfb")],
                              capture_output=True, text=True, check=False)
    assert expected.returncode != 0
    failed, _ = halflow_build(bad, out, tmp_path, temp=temp)
    assert failed.returncode == 1 and "Traceback" not in failed.stderr
    for line in expected.stderr.splitlines():
        if ": error: " in line:
            assert line in failed.stderr
    assert out.read_bytes() == (tmp_path / "plain.vmfb").read_bytes()
    assert list(out_dir.iterdir()) == [out] and list(temp.iterdir()) == []

    # Built incrementally, then edited: incremental again, front end started early.
    out.unlink()  # (else up to date)
    groups, report = halflow_build(program, out, tmp_path, "incremental", temp)
    assert groups.returncode == 0 and report["mode"] == "groups", groups.stderr
    program.write_text(program.read_text().replace(*EDIT))
    again, report = halflow_build(program, out, tmp_path, temp=temp)
    assert again.returncode == 0, again.stderr
    assert report["mode"] == "groups" and report["codegen_timings"]["frontend_early"] > 0
    assert_same_outputs(out, plain_compile(program, tmp_path / "edited.vmfb"), SHAPES)
    assert list(out_dir.iterdir()) == [out] and list(temp.iterdir()) == []
