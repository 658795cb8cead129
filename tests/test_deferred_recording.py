"""A cold build through the build server answers its client once the output
is written, and records its nodes and saves its state afterwards
(``halflow.core.deferred``): real ``halflow`` processes, a real server, the
oracle's bytes.

The client's pipes end when it does (the fork gives its descriptors back);
the next build of the cache waits for the recording and starts from the
finished state (a one-executable edit runs that executable's nodes); a
recorder killed mid-recording leaves a state the next build treats as
absent or complete, never half; the lock itself, with plain processes."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from support.build_server import stop_servers, wait_for_servers, wait_gone
from support.engine import (
    REPO,
    Module,
    body_edit,
    corpus_file,
    halflow_cmd,
    load_report,
    subprocess_env,
)

from halflow.core.deferred import LOCK_NAME

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux only")


@pytest.fixture
def runtime(tmp_path: Path) -> Iterator[Path]:
    path = tmp_path / "rt"
    yield path
    stop_servers(path)


def build(runtime: Path, cwd: Path, *args: object) -> subprocess.CompletedProcess[bytes]:
    env = subprocess_env(HALFLOW_SERVER="1", HALFLOW_RUNTIME_DIR=str(runtime),
                         HALFLOW_SERVER_IDLE_TIMEOUT="120")
    run = subprocess.run(halflow_cmd("build", *map(str, args)), env=env, cwd=cwd,
                         capture_output=True, timeout=300, stdin=subprocess.DEVNULL)
    assert run.returncode == 0, run.stderr.decode(errors="replace")[-4000:]
    return run


def server(runtime: Path, cwd: Path) -> int:
    """A live server of ``runtime`` (started by a small build); its pid."""
    src = cwd / "warmup.mlir"
    shutil.copyfile(corpus_file("mlp_s.mlir"), src)
    build(runtime, cwd, src, "-o", cwd / "warmup.out", "--cache-dir", cwd / "cw")
    (found,) = wait_for_servers(runtime)
    return int(found["pid"])


def children(pid: int) -> list[int]:
    try:
        return [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


def executed(report: dict[str, Any]) -> list[str]:
    return [e["node"] for e in report["executed"]]


def edit_runs_only_its_executable(runtime: Path, cwd: Path, src: Path, out: Path, cache: Path,
                                  which: int, iree_materialize: Any) -> None:
    """A body edit of ``src``'s executable number ``which`` builds from the
    cache's state: that executable's nodes only, the oracle's bytes."""
    original = src.read_text()
    ex = Module.parse(original).executables()[which]
    src.write_text(body_edit(original, ex))
    build(runtime, cwd, src, "-o", out, "--cache-dir", cache, "--report", cwd / "edit.json")
    report = load_report(cwd / "edit.json")
    assert report["mode"] == "incremental"
    assert executed(report) == [f"executable:@{ex}", f"convert:@{ex}", "module"]
    assert out.read_text() == iree_materialize(src).stdout


def test_the_next_build_starts_from_the_state_a_cold_build_saved_after_answering(
        runtime: Path, tmp_path: Path, iree_materialize: Any) -> None:
    server(runtime, tmp_path)
    src, out, cache = tmp_path / "m.mlir", tmp_path / "m.out", tmp_path / "c"
    original = corpus_file("llama_serving.mlir").read_text()
    src.write_text(original)
    # (capture_output: returns once the client's pipes end, which the fork
    # keeps open no longer than the client lives)
    build(runtime, tmp_path, src, "-o", out, "--cache-dir", cache)
    assert (cache / LOCK_NAME).exists(), "the build did not answer before its recording"
    assert out.read_text() == iree_materialize(src).stdout
    edit_runs_only_its_executable(runtime, tmp_path, src, out, cache, 3, iree_materialize)


def test_a_recorder_killed_mid_recording_leaves_a_state_absent_or_complete(
        runtime: Path, tmp_path: Path, iree_materialize: Any) -> None:
    pid = server(runtime, tmp_path)
    src = tmp_path / "m.mlir"
    original = corpus_file("llama_serving.mlir").read_text()
    src.write_text(original)
    for attempt in range(5):
        cache, out = tmp_path / f"c{attempt}", tmp_path / f"m{attempt}.out"
        build(runtime, tmp_path, src, "-o", out, "--cache-dir", cache)
        recorders = children(pid)
        if recorders:
            os.kill(recorders[0], signal.SIGKILL)
            assert wait_gone(recorders[0])
            break
    else:
        pytest.fail("every recording ended before it could be killed")
    oracle = iree_materialize(src).stdout
    assert out.read_text() == oracle  # written before the answer
    # The same input again: a whole build (no state) or none (the state was
    # committed before the kill); never a build from half a state.
    again = tmp_path / "again.out"
    build(runtime, tmp_path, src, "-o", again, "--cache-dir", cache, "--report",
          tmp_path / "r1.json")
    assert load_report(tmp_path / "r1.json")["mode"] in ("whole", "noop")
    assert again.read_text() == oracle
    edit_runs_only_its_executable(runtime, tmp_path, src, again, cache, 5, iree_materialize)


_HOLD = """
import sys
from halflow.core import deferred
answer = deferred.EarlyAnswer(lambda: print("answered", flush=True))
assert answer.answer_now(sys.argv[1])
sys.stdin.read()
"""
_TRY = """
import sys
from halflow.core import deferred
print(deferred.EarlyAnswer(lambda: None).answer_now(sys.argv[1]))
"""
_WAIT = """
import sys
from halflow.core import deferred
deferred.wait_for_recordings(sys.argv[1])
print("done")
"""


def python(code: str, *args: object, **popen: Any) -> subprocess.Popen[bytes]:
    env = dict(os.environ, PYTHONPATH=str(REPO))
    return subprocess.Popen([sys.executable, "-c", code, *map(str, args)], env=env, **popen)


def test_a_recording_holds_its_caches_builds_and_no_other_answers_early_beside_it(
        tmp_path: Path) -> None:
    waiter = python(_WAIT, tmp_path, stdout=subprocess.PIPE)
    assert waiter.communicate(timeout=60)[0] == b"done\n"  # no recording ever: at once
    holder = python(_HOLD, tmp_path, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    assert holder.stdout is not None and holder.stdin is not None
    assert holder.stdout.readline() == b"answered\n"
    other = python(_TRY, tmp_path, stdout=subprocess.PIPE)
    assert other.communicate(timeout=60)[0] == b"False\n"
    waiter = python(_WAIT, tmp_path, stdout=subprocess.PIPE)
    time.sleep(1.0)
    assert waiter.poll() is None, "a build went on while a recording held its cache"
    holder.kill()  # killed: the kernel frees its lock
    holder.wait()
    assert waiter.communicate(timeout=60)[0] == b"done\n"
    other = python(_TRY, tmp_path, stdout=subprocess.PIPE)
    assert other.communicate(timeout=60)[0] == b"True\n"
