"""Cold ``.vmfb`` builds of real exports: plain ``iree-compile`` against
``halflow build --to vmfb`` with an empty cache (issue 21, "Never slower").

    PYTHONPATH=. python benchmarks/cold_vmfb.py [--models openelm_l4,llama_serving_l4]
        [--reps 3] [--other TREE] [--work DIR]

For each model (exported by ``benchmarks/real_models.py``'s exporter, reused
from ``--work``), each repetition runs, interleaved and in a rotating
order: plain ``iree-compile MODEL FLAGS`` (the command a user runs), this
checkout's ``halflow build`` into an empty cache and, with ``--other``,
another halflow tree's (an older commit: ``git archive REV | tar -x -C
DIR``), so that all of them see the same load. Measured per run: wall
time, CPU time (user + system of the process and everything it waited
for) and the peaks of RSS and PSS summed over the process tree (sampled
every 10 ms). Printed: medians, plain/halflow time (the median of each
repetition's ratio: a shared machine's load changes between repetitions
more than between neighbouring runs), halflow/plain memory,
the targets (cold >= 1.0x plain, memory <= 1.5x), and the load. Every
halflow ``.vmfb`` is run under ``iree-run-module`` with the export's
``.irpa``: its outputs must be bitwise equal to plain's. A benchmark, not a
test.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from common import compile_package, wait_for_fills  # (benchmarks/: the script's directory)
from real_models import LARGE, MODELS, TURBINE_PYTHON, export, flags, outputs_of, timed, tool

TIME_TARGET = 1.0
MEMORY_TARGET = 1.5


@dataclass
class Measured:
    seconds: float
    cpu: float
    rss: int
    pss: int


def measured(command: list[str], env: dict[str, str]) -> Measured:
    """``command`` run to its end (it must succeed), with its CPU time: the
    children's rusage before and after (every descendant is waited for by
    its parent)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    run = timed(command, env)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if run.returncode != 0:
        raise SystemExit(f"{command[:3]} failed:\n{run.stderr}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return Measured(run.seconds, cpu, run.peak_rss, run.peak_pss)


def bench(name: str, work: Path, reps: int, trees: dict[str, Path]) -> None:
    exports = export(name, {**MODELS, **LARGE}[name], work, TURBINE_PYTHON)
    run_dir = work / "cold" / name
    shutil.rmtree(run_dir, ignore_errors=True)
    run_dir.mkdir(parents=True)
    variant = exports / "v0"
    source = run_dir / f"{name}.mlir"
    shutil.copyfile(variant.with_suffix(".mlir"), source)
    iree_flags = flags()
    commands: dict[str, tuple[list[str], dict[str, str]]] = {
        "plain": ([tool("iree-compile"), str(source), *iree_flags, "-o",
                   str(run_dir / "plain.vmfb")], dict(os.environ))}
    for label, tree in trees.items():
        commands[label] = (
            [sys.executable, "-P", "-m", "halflow", "build", str(source), "--to", "vmfb", "-o",
             str(run_dir / f"{label}.vmfb"), "--cache-dir", str(run_dir / f"cache-{label}"),
             "--", *iree_flags],
            {**os.environ, "PYTHONPATH": str(tree)})
    runs: dict[str, list[Measured]] = {label: [] for label in commands}
    labels = list(commands)
    for rep in range(reps):
        for label in labels[rep % len(labels):] + labels[:rep % len(labels)]:
            shutil.rmtree(run_dir / f"cache-{label}", ignore_errors=True)
            command, env = commands[label]
            began = time.time()
            runs[label].append(measured(command, env))
            if label != "plain":
                wait_for_fills(run_dir / f"cache-{label}", began)
        want = outputs_of(run_dir / "plain.vmfb", variant, run_dir)
        for label in trees:
            if outputs_of(run_dir / f"{label}.vmfb", variant, run_dir) != want:
                raise SystemExit(f"{name}: {label}'s .vmfb gives other outputs than plain's")
    med = {label: Measured(*(statistics.median(getattr(m, f) for m in ms)
                             for f in ("seconds", "cpu", "rss", "pss")))
           for label, ms in runs.items()}
    plain = med["plain"]
    print(f"{name}: plain {plain.seconds:6.2f} s (cpu {plain.cpu:6.2f} s), "
          f"rss {plain.rss / 2**20:5.0f} MB, pss {plain.pss / 2**20:5.0f} MB", flush=True)
    for label in trees:
        m = med[label]
        # Each repetition's own ratio (its runs are next to each other, under
        # about the same load), and their median.
        paired = [p.seconds / h.seconds for p, h in zip(runs["plain"], runs[label], strict=True)]
        ratio, rss, pss = statistics.median(paired), m.rss / plain.rss, m.pss / plain.pss
        ok = "ok" if ratio >= TIME_TARGET and rss <= MEMORY_TARGET else "MISS"
        print(f"  {label:8} {m.seconds:6.2f} s (cpu {m.cpu:6.2f} s) plain/halflow "
              f"{ratio:4.2f}x [>= {TIME_TARGET}x] (per repetition "
              f"{', '.join(f'{r:.2f}' for r in paired)}; cpu {plain.cpu / m.cpu:4.2f}x)  "
              f"rss {m.rss / 2**20:5.0f} MB {rss:4.2f}x  "
              f"pss {m.pss / 2**20:5.0f} MB {pss:4.2f}x [<= {MEMORY_TARGET}x]  {ok}  "
              f"(runs: {', '.join(f'{r.seconds:.2f}' for r in runs[label])}; plain "
              f"{', '.join(f'{r.seconds:.2f}' for r in runs['plain'])})", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--models", default="openelm_l4,llama_serving_l4")
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--other", type=Path, default=None, help="another halflow tree")
    ap.add_argument("--work", type=Path, default=Path("/tmp/halflow-real-models"))
    a = ap.parse_args()
    compile_package()
    root = Path(__file__).resolve().parent.parent
    trees = {"halflow": root, **({"other": a.other.resolve()} if a.other else {})}
    print(f"# load {os.getloadavg()[0]:.2f} at start; {os.cpu_count()} CPUs; flags {flags()}")
    for name in [n for n in a.models.split(",") if n]:
        bench(name, a.work, a.reps, trees)
    print(f"# load {os.getloadavg()[0]:.2f} at end")


if __name__ == "__main__":
    main()
