"""Benchmark: the plain path on small programs, against both plain compiles.

    PYTHONPATH=. python benchmarks/plain_path.py [--reps 3] [--work /tmp/halflow-real-models]
        [--models mlp,gpt2_l4] [--variants 1,2]

For each small model of ``benchmarks/real_models.py`` (its exports must be
made: run that script once; or the zoo's, ``--work /tmp/halflow-zoo``, the
newest export of each model), two variants alternate in one model file, so
that every halflow build rebuilds; each round runs, in alternating order,
the wheel's ``iree-compile`` console script (a Python shim, what a user
runs), the ``iree-compile`` binary it starts, and ``halflow build --to
vmfb`` (which takes the plain path on these programs). Prints the medians
and both ratios, and checks that the three ``.vmfb`` files are
byte-identical every time.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FLAGS = ["--iree-hal-target-device=local", "--iree-hal-local-target-device-backends=llvm-cpu",
         "--iree-llvmcpu-target-cpu=x86-64-v3"]
MODELS = ("mlp", "gpt2_l4")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--reps", type=int, default=3, help="rounds per variant")
    ap.add_argument("--work", type=Path, default=Path("/tmp/halflow-real-models"))
    ap.add_argument("--models", default=",".join(MODELS))
    ap.add_argument("--variants", default="1,2", help="the two exports (vN) alternated")
    a = ap.parse_args()
    sys.path.insert(0, str(ROOT))
    from halflow.codegen.tools import iree_compile

    shim = shutil.which("iree-compile", path=str(Path(sys.executable).parent)) or "iree-compile"
    env = {**os.environ, "PYTHONPATH": str(ROOT), "HALFLOW_VMFB_STRATEGY": "auto"}
    print(f"# load {os.getloadavg()[0]:.2f} at start")
    variants = [int(v) for v in a.variants.split(",")]
    for name in a.models.split(","):
        found = sorted((p for p in (a.work / "exports").glob(f"{name}-*")
                        if (p / "v1.mlir").exists()), key=lambda p: -p.stat().st_mtime)
        if not found:
            raise SystemExit(f"no export of {name} in {a.work}: run benchmarks/real_models.py")
        work = a.work / "plain_path" / name
        shutil.rmtree(work, ignore_errors=True)
        work.mkdir(parents=True)
        source = work / "model.mlir"
        times: dict[str, list[float]] = {"shim": [], "binary": [], "halflow": []}
        for i in range(2 * a.reps):
            shutil.copyfile(found[0] / f"v{variants[i % 2]}.mlir", source)
            commands = {
                "shim": [shim, str(source), *FLAGS, "-o", str(work / "shim.vmfb")],
                "binary": [iree_compile(), str(source), *FLAGS, "-o", str(work / "binary.vmfb")],
                "halflow": [sys.executable, "-m", "halflow", "build", str(source), "--to", "vmfb",
                            "-o", str(work / "halflow.vmfb"), "--cache-dir", str(work / "cache"),
                            "--", *FLAGS]}
            for label in (list(commands) if i % 2 == 0 else list(commands)[::-1]):
                started = time.perf_counter()
                subprocess.run(commands[label], check=True, env=env, capture_output=True)
                times[label].append(time.perf_counter() - started)
            outputs = {(work / f"{label}.vmfb").read_bytes() for label in commands}
            if len(outputs) != 1:
                raise SystemExit(f"{name}: the .vmfb files differ")
        m = {k: statistics.median(v) for k, v in times.items()}
        print(f"{name}: {2 * a.reps} rebuilds each, medians: iree-compile (console script) "
              f"{m['shim']:.2f} s, binary {m['binary']:.2f} s, halflow {m['halflow']:.2f} s; "
              f"plain/halflow {m['shim'] / m['halflow']:.2f}x, binary/halflow "
              f"{m['binary'] / m['halflow']:.2f}x; every .vmfb byte-identical", flush=True)
    print(f"# load {os.getloadavg()[0]:.2f} at end")


if __name__ == "__main__":
    main()
