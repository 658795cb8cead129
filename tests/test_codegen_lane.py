"""The build process as lanes of the local pool (``worker_pool.Lane``): a
run of many tasks (``LANE_FROM``: a cold build of a real model, a large
edit) runs them on threads of the build process, up to ``LANES`` of them,
in place of worker processes; workers already started are used too.

An 18-layer program (more translations than ``LANE_FROM``) with two jobs:
its cold build starts no worker (a first build starts none during the
front end): every translation and group ran in the build process; an edit
that dirties every layer uses the worker a rebuild starts during the front
end and one lane. Each ``.vmfb`` runs bitwise equal to a plain
``iree-compile``'s; a rebuild of an unchanged model reuses everything.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time
import types
from pathlib import Path

import pytest
from codegen_programs import layers
from support.engine import halflow_cmd, run_halflow, subprocess_env
from test_codegen import FLAGS, plain_compile
from test_codegen_nodes import assert_bitwise_equal

from halflow.codegen import DiskStore, build_vmfb
from halflow.codegen import flags as flags_mod
from halflow.codegen.executors import LANE_FROM, LocalExecutor
from halflow.codegen.pipeline import environment_for
from halflow.codegen.tasks import TranslateTask
from halflow.codegen.worker_pool import Lane

WIDTHS = [8 + 4 * i for i in range(19)]  # 18 layers, one executable each


def test_long_runs_run_tasks_in_the_build_process(tmp_path: Path) -> None:
    model = tmp_path / "deep.mlir"
    model.write_text(layers.program(WIDTHS, [0.5 + i / 32 for i in range(18)]))
    out = tmp_path / "deep.vmfb"
    here = f"{socket.gethostname()}:{os.getpid()}"
    with DiskStore(tmp_path / "cache") as store:
        result = build_vmfb(model, out, FLAGS, store=store, jobs=2, progress=False)
        assert result.mode == "groups" and len(result.compiled) >= LANE_FROM
        places = {s.where for s in result.spans if s.category in ("translate", "group")}
        assert places == {here}, places
        assert_bitwise_equal(out, plain_compile(model, tmp_path / "plain.vmfb"), WIDTHS)

        model.write_text(layers.program(WIDTHS, [0.25 + i / 64 for i in range(18)]))
        edited = build_vmfb(model, out, FLAGS, store=store, jobs=2, progress=False)
        assert len(edited.compiled) >= LANE_FROM
        places = {s.where for s in edited.spans if s.category in ("translate", "group")}
        assert here in places and len(places) == 2, places
        assert_bitwise_equal(out, plain_compile(model, tmp_path / "plain2.vmfb"), WIDTHS)
        out.unlink()
        again = build_vmfb(model, out, FLAGS, store=store, jobs=2, progress=False)
        assert again.compiled == [] and again.host is not None
        assert_bitwise_equal(out, tmp_path / "plain2.vmfb", WIDTHS)


def _interrupting_thread_starts(frame: types.FrameType, event: str, arg: object) -> None:
    """A trace function: Ctrl-C (KeyboardInterrupt) as ``Thread.start``
    begins, before the thread is under way, where a real one can land."""
    if event == "call" and frame.f_code is threading.Thread.start.__code__:
        raise KeyboardInterrupt
    return None


def test_a_lane_whose_thread_start_was_interrupted_closes(tmp_path: Path) -> None:
    """Ctrl-C inside a lane's ``Thread.start`` (the build is then aborted):
    the pool's clean-up closes the lane without joining a thread that
    never started (RuntimeError, a traceback in place of ``Aborted!``)."""
    lane = Lane()
    task = TranslateTask("key", "@e", "", "e.mlir", environment_for(flags_mod.parse(FLAGS)))
    sys.settrace(_interrupting_thread_starts)
    try:
        with pytest.raises(KeyboardInterrupt):
            lane.send(task)
    finally:
        sys.settrace(None)
    lane.close()


def test_a_preload_whose_thread_start_was_interrupted_closes(tmp_path: Path) -> None:
    executor = LocalExecutor(environment_for(flags_mod.parse(FLAGS)), 1)
    sys.settrace(_interrupting_thread_starts)
    try:
        with pytest.raises(KeyboardInterrupt):
            executor.preload(list)
    finally:
        sys.settrace(None)
    executor.close()


def test_ctrl_c_during_a_vmfb_build_with_lanes_ends_with_aborted(tmp_path: Path) -> None:
    """SIGINT to a cold ``--to vmfb`` build of a model long enough for
    lanes (threads of the build process), at several moments: ``Aborted!``,
    exit 1, no traceback (or, landing after the end, the finished build)."""
    model = tmp_path / "deep.mlir"
    model.write_text(layers.program(WIDTHS, [0.5 + i / 32 for i in range(18)]))
    args = ["build", model, "--to", "vmfb", "--jobs", "2", "--", *FLAGS]
    started = time.monotonic()
    ok = run_halflow(*args[:4], "-o", tmp_path / "calibrate.vmfb", "--cache-dir",
                     tmp_path / "calibrate", *args[4:])
    assert ok.returncode == 0, ok.stderr.decode()[-3000:]
    duration = time.monotonic() - started
    aborted = 0
    for k, share in enumerate((0.35, 0.6, 0.85)):
        out = tmp_path / f"out{k}.vmfb"
        proc = subprocess.Popen(halflow_cmd(*args[:4], "-o", out, "--cache-dir",
                                            tmp_path / f"c{k}", *args[4:]),
                                env=subprocess_env(), stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)
        time.sleep(share * duration)
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=120)
        text = err.decode(errors="replace")
        if proc.returncode == 0:  # finished before the signal landed
            assert out.stat().st_size > 0
            continue
        assert proc.returncode == 1 and text.endswith("Aborted!\n"), text[-3000:]
        assert "Traceback" not in text and not out.exists(), text[-3000:]
        aborted += 1
    assert aborted, "every build ended before its signal"
