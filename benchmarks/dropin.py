"""Benchmark: what the drop-in (the masquerade ``iree-compile`` of ``halflow
shim-dir``) costs and saves against the real ``iree-compile``, in one run.

    PYTHONPATH=. python benchmarks/dropin.py [--model MODEL.mlir] [-n 5]

Interleaved, ``-n`` times each, medians:

- pass-through: ``iree-compile MODEL --compile-to=flow`` and ``--version``,
  real and through the shim (target: at most 0.1 s plus 2% over the real
  tool);
- an unchanged model compiled again through the shim (after one cold
  build that fills the cache) against the real tool compiling it (target:
  answered in at most 0.15 s).

Strict (``benchmarks/common.py``): a fallback would stop the run. A
benchmark, not a test.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import time
from pathlib import Path

from common import REPO, compile_package, dropin_counts, dropin_scratch

from halflow.codegen.tools import iree_compile


def timed(command: list[str], env: dict[str, str]) -> float:
    started = time.perf_counter()
    subprocess.run(command, env=env, check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)
    return time.perf_counter() - started


def pair(real: list[str], shim: list[str], env: dict[str, str], n: int) -> tuple[float, float]:
    """Medians of ``real`` and ``shim`` run interleaved ``n`` times."""
    a: list[float] = []
    b: list[float] = []
    for i in range(n):
        runs = [(real, a), (shim, b)]
        for command, into in runs if i % 2 else runs[::-1]:
            into.append(timed(command, env))
    return statistics.median(a), statistics.median(b)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--model", type=Path,
                    default=REPO / "tests" / "data" / "turbine" / "llama_serving_l2.mlir")
    ap.add_argument("-n", type=int, default=5)
    a = ap.parse_args()
    compile_package()
    work, env, shim_dir = dropin_scratch("halflow-bench-dropin-")
    shim, real = str(shim_dir / "iree-compile"), iree_compile()
    cpu = "x86-64-v3" if platform.machine() in ("x86_64", "AMD64") else "host"
    flags = ["--iree-hal-target-device=local",
             "--iree-hal-local-target-device-backends=llvm-cpu",
             f"--iree-llvmcpu-target-cpu={cpu}"]
    model = str(a.model)
    print(f"# load {os.getloadavg()[0]:.2f}; {os.cpu_count()} CPUs; model {a.model.name}; "
          f"n={a.n}; strict={env.get('HALFLOW_STRICT')}")
    timed([shim, "--version"], env)  # the option table, asked once per compiler
    for label, args in (("--version", ["--version"]),
                        ("--compile-to=flow", [model, *flags, "--compile-to=flow",
                                               "-o", os.devnull])):
        r, s = pair([real, *args], [shim, *args], env, a.n)
        print(f"pass-through {label:<20} real {r:.3f}s  shim {s:.3f}s  +{s - r:.3f}s "
              f"({100 * (s / r - 1):+.1f}%)  target <= +0.1 s + 2%: "
              f"{'ok' if s <= r * 1.02 + 0.1 else 'MISSED'}")
    out = str(work / "out.vmfb")
    cold = timed([shim, model, *flags, "-o", out], env)
    r, s = pair([real, model, *flags, "-o", str(work / "plain.vmfb")],
                [shim, model, *flags, "-o", out], env, a.n)
    print(f"unchanged model (cold build through the shim {cold:.2f}s): real {r:.3f}s  "
          f"shim {s:.3f}s  {r / s:.1f}x  target <= 0.15 s: {'ok' if s <= 0.15 else 'MISSED'}")
    print(dropin_counts(env), end="")


if __name__ == "__main__":
    main()
