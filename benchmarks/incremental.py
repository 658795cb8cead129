"""Benchmark the incremental engine against iree-opt (project issue 3).

    PYTHONPATH=. python benchmarks/incremental.py [--files A.mlir B.mlir] [--repeat N] [--json OUT]

For each corpus file (default: openelm_serving.mlir and llama_serving.mlir
from ../shared/corpus, or $HALFLOW_SHARED/corpus, and inline_weights_111.mlir,
a module with inline weights generated on the spot by
tests/inline_weights.py), or file given by its path (a name with a
directory in it: ``--files /work/gen8/openelm_serving16.mlir``, a module
``benchmarks/serving_module.py`` made; it is copied, never edited), in one
run:

- ``iree-opt --iree-hal-materialize-interfaces FILE -o OUT`` wall time;
- ``python -m halflow build FILE -o OUT`` (the CLI, a new process each time):
  cold (empty cache directory), no-op (unchanged input, warm cache) and
  one-executable edit (a constant inside one executable's function changed
  in a temporary copy; each repeat edits another executable, cumulatively)
  and one-constant host edit (an ``index`` constant of one host function or
  initializer changed, cumulatively);
- the warm library API in this process (``halflow.engine.Workspace`` +
  ``halflow.build(..., workspace=ws)``): no-op and one-executable edit;
- peak memory (maximum resident set size) of the CLI cold build and of
  iree-opt, each measured as the only child of a fresh process, and the
  build process's own peak: without the server, as the cold build's
  ``--report`` gives it (``memory.peak_rss_kb``); with it, the server's
  fork's as the server reaps it (the cold build then runs without
  ``--report``, as a build tool runs it: it answers once its output is
  written and records its nodes after, ``halflow.core.deferred``; each
  measurement waits for that to end). Each cold build is paired with an
  ``iree-opt`` run just before it.

``--server``: the CLI builds with the build server on (a server of the
run's own runtime directory, started by the warm-up build; the cold
build's peak memory is then its fork child's); without it, off. Either
way the CLI's CPU medians (user + system: the client's, plus, with the
server, what the server and its fork children spent meanwhile) are
printed after the table.

Times are medians over ``--repeat`` runs (after one unmeasured warm-up run
per command). Every output produced here is compared byte for byte with
iree-opt's output for the same input; a mismatch is reported and makes the
exit status 1. The table shows ratios against iree-opt and the issue's
targets (cold <= 1.5x iree-opt; CLI no-op >= 5x faster; CLI one-edit >= 1.5x
faster; warm no-op >= 50x faster; warm one-edit >= 5x faster; CLI host
edit >= 3x faster (issue 35); peak memory <= 1.5x iree-opt) with PASS/MISS.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from common import Servers, compile_package  # benchmarks/ is the script's directory
from support.engine import (
    Module,
    benchmark_input,
    body_edit,
    edit_host_constant,
    halflow_cmd,
    iree_opt_path,
    subprocess_env,
)

# Generated here (tests/inline_weights.py, iree-compile): a 110-layer MLP
# with inline weights, 111 executables, a multi-line #util.composite pool
# and multi-block host code; too large to commit.
INLINE = "inline_weights_111.mlir"
DEFAULT_FILES = ["openelm_serving.mlir", "llama_serving.mlir", INLINE]

# The child runs one command and reports its wall time and its own peak RSS
# (RUSAGE_CHILDREN of a process with exactly one child is that child's).
_MEASURE = r"""
import json, resource, subprocess, sys, time
cmd = json.loads(sys.argv[1])
t0 = time.perf_counter()
proc = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
seconds = time.perf_counter() - t0
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
print(json.dumps({"seconds": seconds, "maxrss_kb": usage.ru_maxrss,
                  "cpu": usage.ru_utime + usage.ru_stime, "returncode": proc.returncode,
                  "stderr": proc.stderr.decode()[-2000:]}))
"""


@dataclass
class Measured:
    seconds: float
    maxrss_kb: int
    cpu: float = 0.0


def measure(cmd: list[str], servers: Servers | None = None, on: bool = False) -> Measured:
    """Run ``cmd`` as the only child of a fresh Python process (halflow's
    build server ``on`` or off, in the runtime directory of ``servers``,
    whose CPU meanwhile is counted)."""
    env = subprocess_env() if servers is None else servers.env(subprocess_env(), on=on)
    before = servers.cpu() if on and servers is not None else 0.0
    proc = subprocess.run(
        [sys.executable, "-c", _MEASURE, json.dumps([str(c) for c in cmd])],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    data = json.loads(proc.stdout)
    if data["returncode"] != 0:
        raise RuntimeError(f"{cmd[:4]}... failed ({data['returncode']}):\n{data['stderr']}")
    measured = Measured(data["seconds"], data["maxrss_kb"], data["cpu"])
    if on and servers is not None:
        servers.settle()
        measured.cpu += servers.cpu() - before
        measured.maxrss_kb = max(measured.maxrss_kb, servers.last_maxrss_kb())
    return measured


def iree_opt_reference(src: Path, out: Path) -> str:
    subprocess.run(
        [iree_opt_path(), "--iree-hal-materialize-interfaces", str(src), "-o", str(out)],
        check=True,
    )
    return out.read_text()


@dataclass
class FileResult:
    name: str
    size_kb: int
    executables: int
    times: dict[str, list[float]] = field(default_factory=dict)
    rss_kb: dict[str, list[int]] = field(default_factory=dict)
    cpu: dict[str, list[float]] = field(default_factory=dict)
    checked: int = 0
    mismatches: list[str] = field(default_factory=list)
    executed: dict[str, list[list[str]]] = field(default_factory=dict)

    def median(self, key: str) -> float:
        return statistics.median(self.times[key])

    def rss(self, key: str) -> float:
        return statistics.median(self.rss_kb[key])


def _inline_weights():
    """tests/inline_weights.py (the generator of the inline-weight data),
    loaded by its path: the tests directory is not a package."""
    import importlib.util

    path = Path(__file__).resolve().parents[1] / "tests" / "inline_weights.py"
    spec = importlib.util.spec_from_file_location("inline_weights", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class Bench:
    def __init__(self, name: str, work: Path, repeat: int, server: bool = False):
        self.work = work
        self.servers = Servers(work / "runtime")
        self.server = server
        self.repeat = repeat
        self.src = work / Path(name).name  # (a path given: its copy)
        if name == INLINE:
            self.src.write_text(_inline_weights().large_module(110))
        else:
            shutil.copyfile(benchmark_input(name), self.src)
        self.original = self.src.read_text()
        module = Module.parse(self.original)
        self.executables = module.executables()
        self.result = FileResult(Path(name).name, len(self.original) // 1024,
                                 len(self.executables))
        self.references: dict[str, str] = {}
        self.rng = random.Random(f"bench:{name}")
        self.edit_count = 0

    # -- correctness ------------------------------------------------------------
    def reference(self, text: str) -> str:
        ref = self.references.get(text)
        if ref is None:
            ref_in = self.work / "ref_in.mlir"
            ref_in.write_text(text)
            ref = iree_opt_reference(ref_in, self.work / "ref_out.mlir")
            self.references[text] = ref
        return ref

    def check(self, what: str, output: str, text: str) -> None:
        self.result.checked += 1
        if output != self.reference(text):
            self.result.mismatches.append(what)

    def next_edit(self, text: str) -> str:
        """``text`` with one more executable's constant changed."""
        while True:
            ex = self.executables[self.rng.randrange(len(self.executables))]
            self.edit_count += 1
            try:
                return body_edit(text, ex, self.rng, bump=self.edit_count)
            except LookupError:
                continue

    def next_host_edit(self, text: str) -> str:
        """``text`` with one more index constant of a host op changed."""
        return edit_host_constant(text, self.rng)

    def record(self, key: str, m: Measured) -> None:
        self.result.times.setdefault(key, []).append(m.seconds)
        self.result.rss_kb.setdefault(key, []).append(m.maxrss_kb)
        self.result.cpu.setdefault(key, []).append(m.cpu)

    def run_cli(self, cmd: list[str]) -> Measured:
        return measure(cmd, self.servers, self.server)

    # -- the measurements ----------------------------------------------------------
    def iree_opt(self) -> None:
        out = self.work / "iree_out.mlir"
        cmd = [iree_opt_path(), "--iree-hal-materialize-interfaces", str(self.src), "-o", str(out)]
        measure(cmd)  # warm-up (page cache)
        for _ in range(self.repeat):
            self.record("iree-opt", measure(cmd))
        self.references[self.original] = out.read_text()

    def cli(self) -> None:
        out = self.work / "cli_out.mlir"
        report = self.work / "report.json"

        def build(cache: Path, *extra: object) -> list[str]:
            return halflow_cmd("build", self.src, "-o", out, "--cache-dir", cache, *extra)

        # Cold: a new empty cache directory each time.
        self.run_cli(build(self.work / "cache-warmup"))
        if self.server:
            self.servers.wait()  # started by the warm-up build
        iree_out = self.work / "iree_out.mlir"
        iree_cmd = [iree_opt_path(), "--iree-hal-materialize-interfaces", str(self.src),
                    "-o", str(iree_out)]
        for k in range(self.repeat):
            # iree-opt just before each cold build: the pair runs under the
            # same load.
            self.record("iree-opt", measure(iree_cmd))
            cache = self.work / f"cache-cold-{k}"
            if self.server:
                # The plain command a build tool runs: the server's fork
                # answers once the output is written and records its nodes
                # after (halflow.core.deferred; --report would wait for
                # them). Its peak is the fork's, reaped once it ends.
                cold = self.run_cli(build(cache))
                own = cold.maxrss_kb
            else:
                cold = self.run_cli(build(cache, "--report", report))
                memory = json.loads(report.read_text()).get("memory", {})
                own = int(memory.get("peak_rss_kb", 0))
            self.record("cli cold", cold)
            self.check("CLI cold", out.read_text(), self.original)
            self.result.rss_kb.setdefault("cold build process", []).append(own)
        # No-op on the last cold cache: the plain command a build tool runs
        # (answered by the entry point's up-to-date check), then once with
        # --report, which takes the full command line, to list what ran.
        for _ in range(self.repeat):
            self.record("cli noop", self.run_cli(build(cache)))
            self.check("CLI no-op", out.read_text(), self.original)
        self.run_cli(build(cache, "--report", report))
        self.note_executed("cli noop", report)
        # With the server, edits are measured as a build tool runs them (no
        # --report: the fork answers once the output is written and saves
        # its state after); what ran is listed by the same build, unmeasured,
        # in a shadow cache that goes through the same states.
        shadow = self.work / "cache-shadow"
        if self.server:
            self.run_cli(build(shadow))

        def edit(row: str, what: str, text: str) -> None:
            self.src.write_text(text)
            extra = () if self.server else ("--report", report)
            self.record(row, self.run_cli(build(cache, *extra)))
            self.check(what, out.read_text(), text)
            if self.server:
                self.run_cli(build(shadow, "--report", report))
            self.note_executed(row, report)

        # One-executable edits, cumulative (each build differs from the
        # previous one by one executable).
        text = self.original
        for _ in range(self.repeat):
            text = self.next_edit(text)
            edit("cli edit", "CLI one-edit", text)
        # One-constant host edits, cumulative (a function or initializer).
        for _ in range(self.repeat):
            text = self.next_host_edit(text)
            edit("cli host edit", "CLI host edit", text)
        self.src.write_text(self.original)

    def note_executed(self, key: str, report: Path) -> None:
        nodes = [e["node"] for e in json.loads(report.read_text())["executed"]]
        self.result.executed.setdefault(key, []).append(nodes)

    def warm(self) -> None:
        import halflow
        from halflow.engine import Workspace
        from halflow.store.disk import Cache

        out = self.work / "lib_out.mlir"
        ws = Workspace(Cache(self.work / "cache-warm"))

        def timed(fn: Callable[[], object]) -> tuple[float, object]:
            t0 = time.perf_counter()
            value = fn()
            return time.perf_counter() - t0, value

        seconds, _ = timed(lambda: halflow.build(str(self.src), str(out), workspace=ws))
        self.result.times["warm first"] = [seconds]
        self.check("warm first build", out.read_text(), self.original)
        text = self.original
        # (row, how each build's input differs from the previous one's)
        edits: list[tuple[str, Callable[[str], str]]] = [
            ("warm noop", lambda t: t), ("warm edit", self.next_edit),
            ("warm host edit", self.next_host_edit),
        ]
        for row, edit in edits:
            for _ in range(self.repeat):
                text = edit(text)
                self.src.write_text(text)
                seconds, res = timed(lambda: halflow.build(str(self.src), str(out), workspace=ws))
                self.result.times.setdefault(row, []).append(seconds)
                self.check(row, out.read_text(), text)
                self.result.executed.setdefault(row, []).append(list(res.executed))
        self.src.write_text(self.original)


# -- the table ----------------------------------------------------------------------------

# (row key, label, how to compare with iree-opt, target)
ROWS = [
    ("iree-opt", "iree-opt --iree-hal-materialize-interfaces", None, None),
    ("cli cold", "halflow CLI cold (empty cache)", "slower", 1.5),
    ("cli noop", "halflow CLI no-op", "faster", 5.0),
    ("cli edit", "halflow CLI one-executable edit", "faster", 1.5),
    ("cli host edit", "halflow CLI one-constant host edit", "faster", 3.0),
    ("warm first", "warm API first build (not a target)", None, None),
    ("warm noop", "warm API no-op", "faster", 50.0),
    ("warm edit", "warm API one-executable edit", "faster", 5.0),
    ("warm host edit", "warm API one-constant host edit", None, None),
]


CPU_ROWS = ("cli cold", "cli noop", "cli edit", "cli host edit")


def table(results: list[FileResult]) -> tuple[str, bool]:
    lines = []
    all_pass = True
    header = f"{'measurement':44} {'median':>9} {'vs iree-opt':>14} {'target':>14}  result"
    for r in results:
        base = r.median("iree-opt")
        lines.append("")
        lines.append(f"{r.name} ({r.size_kb} KB, {r.executables} executables)")
        lines.append(header)
        lines.append("-" * len(header))
        for key, label, kind, target in ROWS:
            if key not in r.times:
                continue
            t = r.median(key)
            if kind is None:
                ratio_text = ("1.00x" if key == "iree-opt" else f"{t / base:.2f}x time"
                              if key == "warm first" else f"{base / t:.1f}x faster")
                lines.append(f"{label:44} {t * 1000:8.1f}ms {ratio_text:>14} {'':>14}")
                continue
            if kind == "slower":
                ratio = t / base
                ok = ratio <= target
                ratio_text = f"{ratio:.2f}x time"
                target_text = f"<= {target:g}x time"
            else:
                ratio = base / t
                ok = ratio >= target
                ratio_text = f"{ratio:.1f}x faster" if ratio >= 1 else f"{1 / ratio:.1f}x slower"
                target_text = f">= {target:g}x faster"
            all_pass &= ok
            lines.append(
                f"{label:44} {t * 1000:8.1f}ms {ratio_text:>14} {target_text:>14}  "
                f"{'PASS' if ok else 'MISS'}"
            )
        base_rss = r.rss("iree-opt")
        cold_rss = r.rss("cli cold")
        ratio = cold_rss / base_rss
        ok = ratio <= 1.5
        all_pass &= ok
        lines.append(f"{'peak RSS iree-opt':44} {base_rss / 1024:7.1f}MB {'1.00x':>14}")
        lines.append(
            f"{'peak RSS halflow CLI cold':44} {cold_rss / 1024:7.1f}MB {f'{ratio:.2f}x':>14} "
            f"{'<= 1.5x':>14}  {'PASS' if ok else 'MISS'}"
        )
        if r.rss_kb.get("cold build process"):
            own = r.rss("cold build process")
            lines.append(f"{'  of which the build process':44} {own / 1024:7.1f}MB "
                         f"{f'{own / base_rss:.2f}x':>14}")
        for key in ("cli edit", "cli host edit", "warm edit", "warm host edit"):
            runs = r.executed.get(key, [])
            if runs:
                sizes = sorted({len(x) for x in runs})
                lines.append(f"  {key}: executed nodes per build {sizes}, e.g. {runs[0]}")
        for key in ("cli noop", "warm noop"):
            runs = r.executed.get(key, [])
            if runs:
                lines.append(f"  {key}: executed nodes per build {sorted({len(x) for x in runs})}")
        verdict = (
            "all byte-identical to iree-opt"
            if not r.mismatches
            else ("MISMATCH in " + ", ".join(r.mismatches))
        )
        lines.append(f"  outputs checked: {r.checked}, {verdict}")
    return "\n".join(lines), all_pass


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--files", nargs="+", default=DEFAULT_FILES,
        help="corpus file names, or paths of other files (default: %(default)s)"
    )
    parser.add_argument("--repeat", type=int, default=5, help="runs per measurement")
    parser.add_argument("--json", type=Path, help="also write the raw numbers here")
    parser.add_argument("--server", action="store_true", help="CLI builds through the server")
    args = parser.parse_args()
    compile_package()
    if args.repeat < 1:
        parser.error("--repeat must be at least 1")

    results = []
    for name in args.files:
        with tempfile.TemporaryDirectory(prefix="halflow-bench-") as tmp:
            bench = Bench(name, Path(tmp), args.repeat, args.server)
            print(f"{name}: iree-opt ...", file=sys.stderr, flush=True)
            bench.iree_opt()
            print(f"{name}: halflow CLI ...", file=sys.stderr, flush=True)
            try:
                bench.cli()
            finally:
                bench.servers.stop()
            print(f"{name}: warm library ...", file=sys.stderr, flush=True)
            bench.warm()
            results.append(bench.result)
    text, all_pass = table(results)
    print(f"halflow incremental benchmark (median of {args.repeat}; machine: {_cpus()} CPUs)")
    print(text)
    print(f"CLI CPU medians (user + system{', client + server' if args.server else ''}), "
          "ms: " + "; ".join(
              f"{r.name}: " + ", ".join(f"{k.removeprefix('cli ')} "
                                        f"{statistics.median(r.cpu[k]) * 1000:.0f}"
                                        for k in CPU_ROWS)
              for r in results))
    mismatches = [m for r in results for m in r.mismatches]
    print()
    print(
        f"targets: {'all PASS' if all_pass else 'some MISS'}; "
        f"outputs: {'all byte-identical to iree-opt' if not mismatches else 'MISMATCHES'}"
    )
    if args.json:
        args.json.write_text(json.dumps([r.__dict__ for r in results], indent=1) + "\n")
    return 1 if mismatches else 0


def _cpus() -> int:
    import os

    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 0


if __name__ == "__main__":
    sys.exit(main())
