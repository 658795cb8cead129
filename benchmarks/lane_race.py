"""Stress: cold ``--to vmfb`` builds, one after another, watched for a hang.

    PYTHONPATH=. python benchmarks/lane_race.py [--builds 200] [--model FILE]

A cold build of a real model translates in the build process on two threads
(``halflow.codegen.executors``' lanes). Before ``iree_api`` ran each
process's first pass pipeline alone, about one such build in 60 hung: both
lanes spinning in LLVM's ``TargetRegistry::lookupTarget``, whose target
list two concurrent first pipelines had linked into a cycle (see
``halflow.codegen.iree_api._register_targets``). The race is too rare for a
test; this script counts it. A build is called hung when it has spent
``--stuck`` seconds of CPU (a normal one spends ~15): it is then killed, and
its threads' stacks are written beside the report with ``py-spy`` when that
is installed. Prints the builds run, how many hung, and their wall times.
Each build uses a fresh cache directory of its own under a temporary
directory, never the user's cache.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import psutil
from common import REPO, compile_package  # benchmarks/ is the script's directory

MODEL = REPO / "tests" / "data" / "turbine" / "llama_serving_l2.mlir"
FLAGS = ["--iree-hal-target-device=local", "--iree-hal-local-target-device-backends=llvm-cpu",
         "--iree-llvmcpu-target-cpu=host"]


def cpu_seconds(proc: psutil.Process) -> float:
    try:
        times = proc.cpu_times()
    except psutil.Error:
        return 0.0
    return times.user + times.system


def one_build(model: Path, work: Path, stuck: float) -> tuple[float, bool]:
    """(wall seconds, hung) of one cold build in ``work``."""
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    env = dict(os.environ, HALFLOW_SERVER="0", HOME=str(work / "home"),
               XDG_CACHE_HOME=str(work / "home" / ".cache"))
    started = time.monotonic()
    proc = subprocess.Popen(
        [sys.executable, "-m", "halflow", "build", str(model), "--to", "vmfb", "-o",
         str(work / "out.vmfb"), "--cache-dir", str(work / "cache"), "-j", "2", "--", *FLAGS],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    watched = psutil.Process(proc.pid)
    while proc.poll() is None:
        time.sleep(1)
        if cpu_seconds(watched) > stuck:
            if shutil.which("py-spy"):
                dump = subprocess.run(["py-spy", "dump", "--native", "--pid", str(proc.pid)],
                                      capture_output=True, text=True)
                (work.parent / f"hang-{proc.pid}.txt").write_text(dump.stdout + dump.stderr)
            proc.kill()
            proc.wait()
            return time.monotonic() - started, True
    if proc.returncode != 0:
        raise SystemExit(f"a build failed:\n{proc.stderr.read().decode(errors='replace')}")
    return time.monotonic() - started, False


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--builds", type=int, default=200)
    ap.add_argument("--model", type=Path, default=MODEL)
    ap.add_argument("--stuck", type=float, default=180.0,
                    help="CPU seconds after which a build counts as hung")
    args = ap.parse_args()
    compile_package()
    base = Path(tempfile.mkdtemp(prefix="halflow-lane-race-"))
    walls: list[float] = []
    hung = 0
    for i in range(args.builds):
        wall, stuck = one_build(args.model, base / "run", args.stuck)
        hung += stuck
        if not stuck:
            walls.append(wall)
        print(f"build {i + 1}: {'HUNG' if stuck else 'ok'} {wall:.1f} s", flush=True)
    print(f"{args.builds} cold builds of {args.model.name}: {hung} hung; "
          f"wall median {statistics.median(walls) if walls else 0:.1f} s; stacks in {base}")


if __name__ == "__main__":
    main()
