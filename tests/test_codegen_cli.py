"""``halflow build --to vmfb`` and ``halflow watch --to vmfb`` as processes.

The library underneath is tested in test_codegen.py; here the command line:
the ``.vmfb`` it writes runs with outputs bitwise equal to a plain
``iree-compile``, before and after an edit of exactly one dispatch, the
report says what was compiled, ``halflow cache stats`` counts the
translations and the compile seconds their reuse saved, and usage errors
are usage errors.
"""

from __future__ import annotations

import json
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import corpus_file
from support.engine import on_a_terminal, run_halflow
from test_codegen import (
    FLAGS,
    MLP_SHAPES,
    PROGRAMS,
    assert_same_outputs,
    edited,
    iree_compile,
    plain_compile,
)
from test_watch import WatchProcess, wait_until


def ok(proc) -> str:
    err = proc.stderr.decode()
    assert proc.returncode == 0, err
    assert "Traceback" not in err
    return proc.stdout.decode()


def actions(report: Path) -> dict[str, str]:
    data = json.loads(report.read_text())
    return {e["executable"]: e["action"] for e in data["codegen"]}


def test_build_vmfb_edit_and_cache_stats(tmp_path: Path) -> None:
    src = tmp_path / "mlp.mlir"
    shutil.copyfile(PROGRAMS / "mlp.mlir", src)
    out, cache, report = tmp_path / "mlp.vmfb", tmp_path / "cache", tmp_path / "r.json"

    def build() -> None:
        ok(run_halflow("build", src, "--to", "vmfb", "-o", out, "--cache-dir", cache,
                       "--report", report, "--", *FLAGS))

    build()
    first = actions(report)
    assert first and set(first.values()) == {"compiled"}
    assert_same_outputs(out, plain_compile(src, tmp_path / "plain.vmfb"), MLP_SHAPES)

    edited(PROGRAMS / "mlp.mlir", src)
    build()
    after = actions(report)
    assert sorted(after) == sorted(first)
    compiled = [name for name, action in after.items() if action == "compiled"]
    assert len(compiled) == 1, after
    assert_same_outputs(out, plain_compile(src, tmp_path / "plain_edit.vmfb"), MLP_SHAPES)

    stats = json.loads(ok(run_halflow("cache", "stats", "--cache-dir", cache, "--json")))
    codegen = stats["codegen"]
    assert codegen["entries"] == len(first) + 1
    assert codegen["reuses"] == len(first) - 1 and codegen["seconds_saved"] > 0
    plain = ok(run_halflow("cache", "stats", "--cache-dir", cache))
    assert f"{len(first) + 1} executables cached" in plain
    assert f"by {len(first) - 1} reuses" in plain
    # Both builds are in the history of builds.
    history = stats["history"]
    assert [(h["mode"], h["executed"], h["reused"]) for h in history] == [
        ("vmfb", len(first), 0), ("vmfb", 1, len(first) - 1)]
    assert all(h["input"] == str(src) for h in history)

    # `cache clear` covers code generation too: everything compiles again.
    ok(run_halflow("cache", "clear", "--cache-dir", cache))
    build()
    assert set(actions(report).values()) == {"compiled"}


def test_build_vmfb_with_an_unusable_cache_directory(tmp_path: Path) -> None:
    """A cache directory that cannot be created: a warning, and the .vmfb
    is built without a cache."""
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    out = tmp_path / "mlp.vmfb"
    run = run_halflow("build", PROGRAMS / "mlp.mlir", "--to", "vmfb", "-o", out,
                      "--cache-dir", blocker / "cache", "--", *FLAGS)
    assert run.returncode == 0, run.stderr.decode()[-2000:]
    assert b"cannot use cache directory" in run.stderr and b"Traceback" not in run.stderr
    assert_same_outputs(out, plain_compile(PROGRAMS / "mlp.mlir", tmp_path / "p.vmfb"),
                        MLP_SHAPES)


def test_build_vmfb_no_cache_writes_nothing(tmp_path: Path) -> None:
    """--no-cache writes no cache; -o through a symbolic link updates the
    file it points to and keeps the link."""
    real, cache = tmp_path / "real" / "mlp.vmfb", tmp_path / "cache"
    real.parent.mkdir()
    out = tmp_path / "mlp.vmfb"
    out.symlink_to(real)
    ok(run_halflow("build", PROGRAMS / "mlp.mlir", "--to", "vmfb", "-o", out, "--no-cache",
                   "--cache-dir", cache, "--", *FLAGS))
    assert not cache.exists()
    assert out.is_symlink() and real.is_file()
    assert [p.name for p in real.parent.iterdir()] == ["mlp.vmfb"]
    assert_same_outputs(out, plain_compile(PROGRAMS / "mlp.mlir", tmp_path / "p.vmfb"),
                        MLP_SHAPES)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--", "--iree-hal-target-device=local"], "need --to vmfb"),
        (["--to", "vmfb", "--", "--iree-hal-target-device=local"], "needs -o OUTPUT"),
        (["--to", "vmfb", "-o", "x.vmfb", "--split-input-file"], "--split-input-file applies"),
        (["--executor", "dask"], "need --to vmfb"),
        (["--to", "vmfb", "-o", "x.vmfb", "--scheduler", "tcp://h:1"], "needs --executor dask"),
    ],
)
def test_build_usage_errors(args: list[str], message: str, tmp_path: Path) -> None:
    proc = run_halflow("build", PROGRAMS / "mlp.mlir", *args, cwd=tmp_path)
    err = proc.stderr.decode()
    assert proc.returncode == 2, err
    assert message in err and "Traceback" not in err
    assert not (tmp_path / "x.vmfb").exists()


def test_rejected_flags_are_a_clean_error(tmp_path: Path) -> None:
    """Flags IREE rejects are a clean error (exit 1, IREE's words) and leave
    no output (a failing executable is named: see test_codegen.py)."""
    out = tmp_path / "mlp.vmfb"
    proc = run_halflow("build", PROGRAMS / "mlp.mlir", "--to", "vmfb", "-o", out,
                       "--cache-dir", tmp_path / "cache", "--", *FLAGS,
                       "--iree-llvmcpu-target-cpu-features=+no-such-feature-xyz")
    err = proc.stderr.decode()
    assert proc.returncode == 1, err
    assert "error:" in err and "If either CPU or CPU-features is `host`" in err
    assert "Traceback" not in err
    assert not out.exists()


@pytest.mark.parametrize("kind", ["pre-materialize", "program"])
def test_input_cut_inside_a_string_is_a_clean_error(kind: str, tmp_path: Path) -> None:
    """A model that ends inside a string literal (a resource blob cut off):
    MLIR's lexer would read past the buffer (a SIGSEGV in-process;
    iree-compile prints its first error, then crashes). halflow gives that
    error, exit 1, no traceback, no output."""
    if kind == "pre-materialize":
        data = corpus_file("llama_l2.mlir").read_bytes()
        model = tmp_path / "cut.mlir"
    else:
        data = (PROGRAMS / "mlp.mlir").read_bytes() + (
            b'\n{-#\n  dialect_resources: {\n    builtin: {\n      k: "0x0400000000803F"\n'
            b"    }\n  }\n#-}\n")
        model = tmp_path / "cutprog.mlir"
    blob = data.index(b'"0x', data.index(b"dialect_resources"))
    model.write_bytes(data[:blob + 12])
    plain = subprocess.run([iree_compile(), str(model), *FLAGS, "-o", str(tmp_path / "p.vmfb")],
                           capture_output=True, text=True)
    want = next(line for line in plain.stderr.splitlines() if ": error: " in line)
    out = tmp_path / "cut.vmfb"
    proc = run_halflow("build", model, "--to", "vmfb", "-o", out, "--cache-dir",
                       tmp_path / "cache", "--", *FLAGS)
    err = proc.stderr.decode()
    assert proc.returncode == 1, err
    assert "Traceback" not in err and "Stack dump" not in err
    assert err.splitlines()[0] == want, (err, plain.stderr)
    assert not out.exists()


def test_watch_vmfb_rebuilds_one_executable(tmp_path: Path) -> None:
    src = tmp_path / "mlp.mlir"
    shutil.copyfile(PROGRAMS / "mlp.mlir", src)
    out, report = tmp_path / "mlp.vmfb", tmp_path / "r.json"
    watch = WatchProcess(
        [str(src), "-o", str(out), "--to", "vmfb", "--cache-dir", str(tmp_path / "cache"),
         "--report", str(report), "--", *FLAGS],
        cwd=tmp_path,
    )
    try:
        wait_until(lambda: report.exists() and out.exists(), "the first .vmfb", watch)
        first = actions(report)
        assert set(first.values()) == {"compiled"}
        built = report.stat().st_mtime_ns
        # An editor's save: write a temporary file, rename it over the model.
        tmp = tmp_path / ".mlp.mlir.swp"
        edited(PROGRAMS / "mlp.mlir", tmp)
        tmp.replace(src)
        wait_until(lambda: report.stat().st_mtime_ns != built, "the rebuild", watch)
        after = actions(report)
        assert [a for a in after.values() if a == "compiled"] == ["compiled"], after
        assert_same_outputs(out, plain_compile(src, tmp_path / "plain.vmfb"), MLP_SHAPES)
        assert any("1 compiled" in line for line in watch.snapshot()), watch.snapshot()
    finally:
        code = watch.stop(signal.SIGINT)
    assert code == 0, "\n".join(watch.lines)
    assert not any("Traceback" in line for line in watch.lines), "\n".join(watch.lines)


def test_explain_trace_and_progress_on_a_terminal(tmp_path: Path) -> None:
    """``--explain`` says why each node ran, ``--trace`` has a span per
    phase and per node with the process that ran it, and on a terminal the
    progress shows the phases with their clocks (rich, through a real pty)."""
    import os

    src = tmp_path / "mlp.mlir"
    shutil.copyfile(PROGRAMS / "mlp.mlir", src)
    trace = tmp_path / "t.json"
    command = [sys.executable, "-m", "halflow", "build", str(src), "--to", "vmfb", "-o",
               str(tmp_path / "m.vmfb"), "--cache-dir", str(tmp_path / "cache"), "--explain",
               "--trace", str(trace), "--", *FLAGS]
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).parent.parent), COLUMNS="160")
    code, screen = on_a_terminal(command, env)
    assert code == 0
    for phase in ("front-end", "materialize", "translate 4", "serialize", "assemble"):
        assert phase in screen, (phase, screen[-2000:])
    assert "0:00:0" in screen  # rich's elapsed clock
    for line in ("translate @main_dispatch_1: no cache entry", "host: no cache entry"):
        assert f"halflow: explain: {line}" in screen
    events = json.loads(trace.read_text())["traceEvents"]
    spans = [e["name"] for e in events if e["ph"] == "X"]
    assert spans[:2] == ["front-end (iree-compile)", "materialize"]
    # One span per translation, or per batch translated by one invocation
    # ("translate @main_dispatch_0, @main_dispatch_1, ...").
    translated = {name for s in spans if s.startswith("translate @")
                  for name in s.removeprefix("translate ").split(", ")}
    assert {f"@main_dispatch_{i}" for i in range(4)} <= translated
    assert any(s.startswith("group @hf_g") for s in spans)
    assert "host" in spans and "assemble" in spans
    names = {e["args"]["name"] for e in events if e["ph"] == "M" and e["name"] == "process_name"}
    assert "halflow build" in names and any(n.startswith("worker ") for n in names)


def test_iree_warnings_reach_stderr_as_iree_compile_prints_them(tmp_path: Path) -> None:
    """Without a target CPU, IREE warns while serializing; halflow's stderr
    is iree-compile's, on the cold build and on a rebuild that reuses the
    group binary that produced the warning."""
    import subprocess

    from test_codegen import iree_compile

    src = tmp_path / "mlp.mlir"
    shutil.copyfile(PROGRAMS / "mlp.mlir", src)
    flags = [f for f in FLAGS if not f.startswith("--iree-llvmcpu-target-cpu")]
    plain = subprocess.run([iree_compile(), str(src), *flags, "-o", str(tmp_path / "p.vmfb")],
                           capture_output=True, check=True)
    assert b"Defaulting to targeting a generic CPU" in plain.stderr
    for out in ("a.vmfb", "b.vmfb"):
        proc = run_halflow("build", src, "--to", "vmfb", "-o", tmp_path / out, "--cache-dir",
                           tmp_path / "cache", "--", *flags)
        assert proc.returncode == 0
        assert proc.stderr == plain.stderr


def _linker_files(tmp: Path) -> list[Path]:
    """IREE's linker files (``hf_g*_linked-*.o``/``.so``) anywhere under ``tmp``."""
    return sorted(p for p in tmp.rglob("hf_g*_linked-*") if p.is_file())


def test_the_linker_files_of_a_killed_vmfb_build_are_removed_by_the_next(tmp_path: Path) -> None:
    """A ``--to vmfb`` build SIGKILLed (with its workers) while IREE's
    linker writes a group's objects into ``$TMPDIR``: the next build
    removes them (their process is gone), and leaves none of its own."""
    import os
    import time

    from support.engine import halflow_cmd, subprocess_env

    tmp = tmp_path / "tmp"
    tmp.mkdir()
    env = subprocess_env(TMPDIR=str(tmp))
    model = corpus_file("mlp_s.mlir")
    for attempt in range(8):  # (the linker's files live for a moment: catch one)
        proc = subprocess.Popen(
            halflow_cmd("build", model, "--to", "vmfb", "-o", tmp_path / "k.vmfb",
                        "--cache-dir", tmp_path / f"c{attempt}", "--", *FLAGS),
            env=env, start_new_session=True, stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
        while proc.poll() is None and not _linker_files(tmp):
            time.sleep(0.001)
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
            break
    else:
        pytest.fail("no build was caught linking")
    deadline = time.monotonic() + 30
    while any(os.path.exists(f"/proc/{pid}") for pid in _group(proc.pid)):
        assert time.monotonic() < deadline
        time.sleep(0.05)
    assert _linker_files(tmp), "the killed build left nothing to remove"
    ok(run_halflow("build", model, "--to", "vmfb", "-o", tmp_path / "next.vmfb", "--cache-dir",
                   tmp_path / "next", "--", *FLAGS, env=env))
    assert _linker_files(tmp) == [] and list(tmp.iterdir()) == []


def _group(pgid: int) -> list[int]:
    """The live processes of process group ``pgid``."""
    import os

    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                if os.getpgid(int(entry)) == pgid:
                    found.append(int(entry))
            except OSError:
                continue
    return found
