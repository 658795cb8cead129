"""How much of a cold build's budget the MLIR Python bindings leave (issue 3).

    python benchmarks/cold_floor.py [--files A.mlir B.mlir] [--repeat N]

The incremental engine's cold-build targets are <= 1.5x ``iree-opt``'s wall
time and peak memory. This script measures, in one run and as fresh
processes (medians of ``--repeat`` runs after a warm-up), what any cold build
on the pinned bindings must pay before it does anything incremental:

- ``iree-opt --iree-hal-materialize-interfaces FILE -o OUT`` (the reference);
- bindings floor: a Python process that loads the bindings the way the
  command line does, parses FILE and prints it again (no pass at all);
- stages floor: the same with halflow's stages run over the parsed module
  (:func:`halflow.nodes.materialize.materialize`: the pass, without splitting the
  input into units, keys, node records or a saved state);
- the halflow command line, cold (empty cache directory) and ``--no-cache``.

It prints each as a ratio of iree-opt's time and peak RSS, and the budget
that the 1.5x targets leave for everything a cold build adds to the stages
floor (splitting into units, keys, node records, saving the state, writing
the output). Every output is compared with iree-opt's, byte for byte.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

from common import compile_package  # benchmarks/ is the script's directory
from incremental import Measured, measure
from support.engine import corpus_file, halflow_cmd, iree_opt_path

DEFAULT_FILES = ["openelm_serving.mlir", "llama_serving.mlir"]

# The floor processes: MODE IN OUT.
_FLOOR = r"""
import sys
from iree.compiler import ir
from halflow.ir import irutil
from halflow.source.inputs import Case, parse_text
mode, src, out = sys.argv[1:4]
text = open(src, encoding="utf-8").read()
context = ir.Context()
with context, ir.Location.unknown():
    module = parse_text(context, Case(text, 0, 0), src)
    if mode == "stages":
        from halflow.nodes.materialize import materialize
        materialize(module, src)
    with open(out, "w", encoding="utf-8") as f:
        f.write(irutil.print_module(module))
"""


def median_of(cmd: list[str], repeat: int) -> tuple[float, float]:
    measure(cmd)  # warm-up (page cache, bytecode)
    runs: list[Measured] = [measure(cmd) for _ in range(repeat)]
    return (
        statistics.median(m.seconds for m in runs),
        statistics.median(m.maxrss_kb for m in runs) / 1024,
    )


def bench_file(name: str, repeat: int) -> tuple[list[str], bool]:
    src = corpus_file(name)
    lines = [f"{name} ({src.stat().st_size // 1024} KB)"]
    identical = True
    with tempfile.TemporaryDirectory(prefix="halflow-floor-") as tmp:
        work = Path(tmp)
        ref = work / "iree.mlir"
        rows: list[tuple[str, list[str], Path | None]] = [
            ("iree-opt", [iree_opt_path(), "--iree-hal-materialize-interfaces", str(src),
                          "-o", str(ref)], None),
            ("bindings floor: parse + print",
             [sys.executable, "-c", _FLOOR, "parse", str(src), str(work / "p.mlir")], None),
            ("stages floor: parse + stages + print",
             [sys.executable, "-c", _FLOOR, "stages", str(src), str(work / "s.mlir")],
             work / "s.mlir"),
            ("halflow CLI --no-cache",
             halflow_cmd("build", src, "-o", work / "n.mlir", "--no-cache"), work / "n.mlir"),
        ]
        results: dict[str, tuple[float, float]] = {}
        for label, cmd, _ in rows:
            print(f"{name}: {label} ...", file=sys.stderr, flush=True)
            results[label] = median_of(cmd, repeat)
        # Cold: a new empty cache directory for every run.
        print(f"{name}: halflow CLI cold ...", file=sys.stderr, flush=True)
        cold_out = work / "c.mlir"
        measure(halflow_cmd("build", src, "-o", cold_out, "--cache-dir", work / "cache-w"))
        cold = [
            measure(halflow_cmd("build", src, "-o", cold_out, "--cache-dir", work / f"cache-{k}"))
            for k in range(repeat)
        ]
        results["halflow CLI cold"] = (
            statistics.median(m.seconds for m in cold),
            statistics.median(m.maxrss_kb for m in cold) / 1024,
        )
        reference = ref.read_text()
        for _, _, out in rows:
            if out is not None and out.read_text() != reference:
                identical = False
        if cold_out.read_text() != reference:
            identical = False

    base_t, base_m = results["iree-opt"]
    header = f"  {'':40} {'time':>9} {'ratio':>7} {'peak RSS':>10} {'ratio':>7}"
    lines += [header, "  " + "-" * (len(header) - 2)]
    for label, (t, m) in results.items():
        lines.append(
            f"  {label:40} {t * 1000:7.0f}ms {t / base_t:6.2f}x {m:8.1f}MB {m / base_m:6.2f}x"
        )
    floor_t, floor_m = results["stages floor: parse + stages + print"]
    lines.append(
        f"  1.5x budget left above the stages floor: {(1.5 * base_t - floor_t) * 1000:.0f} ms "
        f"of time, {1.5 * base_m - floor_m:.1f} MB of memory"
    )
    return lines, identical


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--files", nargs="+", default=DEFAULT_FILES)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    if args.repeat < 1:
        parser.error("--repeat must be at least 1")
    compile_package()
    ok = True
    out = [f"cold-build floor (median of {args.repeat} fresh processes per row)"]
    for name in args.files:
        lines, identical = bench_file(name, args.repeat)
        ok &= identical
        verdict = "byte-identical to iree-opt" if identical else "MISMATCH"
        out += ["", *lines, f"  outputs: {verdict}"]
    print("\n".join(out))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
