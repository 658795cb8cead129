"""One-executable edits through the command line: this checkout against
another halflow tree and ``iree-opt``, interleaved (issue 12).

    PYTHONPATH=. python benchmarks/edit_ab.py [--other TREE] [--file NAME] [--edits N]

On a shared machine the load changes from one minute to the next, so
figures measured apart cannot be compared. Here every edit is built, in
turn, by ``iree-opt --iree-hal-materialize-interfaces``, by ``python -m
halflow build`` of this checkout and (``--other``) of another tree (an
older commit: ``git archive REV | tar -x -C DIR``), each halflow with its
own cache directory warmed by one build of the unedited module: all of
them under the same load. Edits are cumulative, one executable's constant
each (``support.engine.body_edit``). Every output is compared with
iree-opt's, and every halflow build must be ``incremental`` and run
exactly that executable's three nodes.

Printed: medians of wall time and of CPU time (user + system of the child,
which the load disturbs less), and iree-opt's time over each halflow's.

``--server``: this checkout twice, with the build server off (``this``)
and on (``this+server``, a server of the run's own runtime directory,
started by the warm-up build); the latter's CPU is the client's plus what
the server and its fork children spent meanwhile (``benchmarks/common.Servers``).
Without it, every halflow build runs with the server off.
``--file``: a corpus file, ``inline/NAME`` (``tests/data/inline``), or
``inline_weights_111.mlir`` (the generated 111-executable module of
``benchmarks/incremental.py``, the default).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from common import REPO, Servers, compile_package  # benchmarks/ is the script's directory
from support.engine import Module, benchmark_input, body_edit, iree_opt_path

INLINE = "inline_weights_111.mlir"


def source_text(name: str) -> str:
    if name == INLINE:
        from incremental import _inline_weights

        return str(_inline_weights().large_module(110))
    return benchmark_input(name).read_text()


def measure(cmd: list[str], env: dict[str, str],
            servers: Servers | None = None) -> tuple[float, float]:
    """Wall and CPU seconds of ``cmd`` (which must succeed), run in the
    tree that ``env`` names (``python -m`` puts the working directory
    first on sys.path: run elsewhere, another checkout could be imported);
    with ``servers``, the CPU they spent meanwhile too."""
    before = servers.cpu() if servers is not None else 0.0
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, env=env, cwd=env.get("PYTHONPATH"), stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    assert proc.stderr is not None
    err = proc.stderr.read().decode()
    proc.stderr.close()
    if status != 0:
        raise RuntimeError(f"{cmd[:4]}... failed:\n{err}")
    served = servers.cpu() - before if servers is not None else 0.0
    return wall, usage.ru_utime + usage.ru_stime + served


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--other", type=Path, help="another halflow tree to compare with")
    parser.add_argument("--file", default=INLINE)
    parser.add_argument("--edits", type=int, default=8)
    parser.add_argument("--server", action="store_true",
                        help="also this checkout with the build server on")
    args = parser.parse_args()
    trees = {"this": REPO}
    if args.server:
        trees["this+server"] = REPO
    if args.other is not None:
        trees["other"] = args.other.resolve()
    for tree in set(trees.values()):
        compile_package(tree)
    text = source_text(args.file)
    times: dict[str, list[tuple[float, float]]] = {"iree-opt": [], **{k: [] for k in trees}}
    with tempfile.TemporaryDirectory(prefix="halflow-edit-ab-") as tmp:
        work = Path(tmp)
        servers = Servers(work / "runtime")
        try:
            edits(args, work, trees, servers, text, times)
        finally:
            servers.stop()
    report(args, trees, times)
    return 0


def edits(args: argparse.Namespace, work: Path, trees: dict[str, Path], servers: Servers,
          text: str, times: dict[str, list[tuple[float, float]]]) -> None:
    """Warm every variant's cache, then build each edit with each, in turn."""
    executables = Module.parse(text).executables()
    rng = random.Random(f"edit_ab:{args.file}")
    envs = {}
    for name, tree in trees.items():
        env = dict(os.environ, PYTHONPATH=str(tree))
        env.pop("HALFLOW_CACHE_DIR", None)
        envs[name] = servers.env(env, on=name == "this+server")
        (work / f"{name}.mlir").write_text(text)
        measure(command(work, name), envs[name])  # the state every edit starts from
    if "this+server" in trees:
        servers.wait()  # started by the warm-up build, which ran locally
    current = text
    for bump in range(1, args.edits + 1):
        while True:
            try:
                current = body_edit(current, executables[rng.randrange(len(executables))],
                                    rng, bump=bump)
                break
            except LookupError:
                continue
        (work / "ref_in.mlir").write_text(current)
        times["iree-opt"].append(measure(
            [iree_opt_path(), "--iree-hal-materialize-interfaces", str(work / "ref_in.mlir"),
             "-o", str(work / "ref.mlir")], dict(os.environ)))
        reference = (work / "ref.mlir").read_text()
        for name in trees:
            (work / f"{name}.mlir").write_text(current)
            times[name].append(measure(command(work, name, report=True), envs[name],
                                       servers if name == "this+server" else None))
            built = json.loads((work / f"{name}.json").read_text())
            if (work / f"{name}.out.mlir").read_text() != reference:
                raise SystemExit(f"{name}: output differs from iree-opt's")
            if built["mode"] != "incremental" or len(built["executed"]) != 3:
                raise SystemExit(f"{name}: {built['mode']} build, "
                                 f"{len(built['executed'])} nodes ({built.get('fallback')})")


def report(args: argparse.Namespace, trees: dict[str, Path],
           times: dict[str, list[tuple[float, float]]]) -> None:
    base_wall = statistics.median(t[0] for t in times["iree-opt"])
    base_cpu = statistics.median(t[1] for t in times["iree-opt"])
    print(f"{args.file}: {args.edits} one-executable edits, interleaved; every output is "
          "iree-opt's, every halflow build ran exactly 3 nodes")
    for name, runs in times.items():
        wall = statistics.median(t[0] for t in runs)
        cpu = statistics.median(t[1] for t in runs)
        label = {"this": f"halflow ({REPO})", "this+server": f"halflow ({REPO}), server",
                 "other": f"halflow ({trees.get('other')})"}.get(name, "iree-opt")
        print(f"  {label:50} wall {wall * 1000:6.0f} ms  cpu {cpu * 1000:6.0f} ms"
              f"   iree-opt/this: wall {base_wall / wall:.2f}x  cpu {base_cpu / cpu:.2f}x")


def command(work: Path, name: str, report: bool = False) -> list[str]:
    cmd = [sys.executable, "-m", "halflow", "build", str(work / f"{name}.mlir"),
           "-o", str(work / f"{name}.out.mlir"), "--cache-dir", str(work / f"cache-{name}")]
    return cmd + (["--report", str(work / f"{name}.json")] if report else [])


if __name__ == "__main__":
    sys.exit(main())
