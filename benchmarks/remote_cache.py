"""Benchmark: a fresh machine's first build from a warm shared cache (Redis).

    PYTHONPATH=. python benchmarks/remote_cache.py [--reps 3] [--json out.json]

A real ``redis-server`` on a loopback port (started here, killed at the
end) is the shared cache. "Machine A" (one cache directory) builds
``../shared/corpus/openelm_l16.mlir --to vmfb`` and ``openelm_serving.mlir``
to MLIR with ``--remote-cache``, filling it. Then, per repetition, a fresh
machine (a new, empty cache directory) builds each again from the shared
cache, interleaved with the plain tool: ``iree-compile --compile-from=stream``
for the ``.vmfb``, ``iree-opt --iree-hal-materialize-interfaces`` for MLIR.
Every halflow build is a process, start-up included.

Targets (issue 15): the vmfb build at most 0.2x plain ``iree-compile``'s
time, the MLIR build at most 1.0x ``iree-opt``'s. Each fresh build is
checked: no remote miss, no error, the output bytes equal machine A's
(``.vmfb``) or iree-opt's (MLIR).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from codegen import flags, iree_compile  # benchmarks/ is the script's directory
from common import REPO, compile_package, wait_for_fills
from support.redis_server import RedisServer

CORPUS = REPO.parent / "shared" / "corpus"


def iree_opt() -> str:
    found = Path(sys.executable).with_name("iree-opt")
    return str(found) if found.exists() else "iree-opt"


def timed(command: list[str], stdout: Path | None = None) -> float:
    started = time.perf_counter()
    with open(stdout, "wb") if stdout is not None else open(os.devnull, "wb") as out:
        result = subprocess.run(command, stdout=out, stderr=subprocess.PIPE)
    seconds = time.perf_counter() - started
    if result.returncode != 0:
        sys.exit(f"failed: {' '.join(command[:6])} ...\n{result.stderr.decode()[-3000:]}")
    warned = [line for line in result.stderr.decode().splitlines() if "remote cache" in line]
    if warned:
        sys.exit(f"the remote cache warned: {warned}")
    return seconds


def halflow_build(source: Path, out: Path, cache: Path, url: str, *extra: str) -> float:
    """The build's seconds (a fill of the cache it left waited for after:
    its entries go to the shared cache too)."""
    began = time.time()
    seconds = timed([sys.executable, "-m", "halflow", "build", str(source), "-o", str(out),
                     "--cache-dir", str(cache), "--remote-cache", url, *extra])
    wait_for_fills(cache, began)
    return seconds


def remote_of_last_build(cache: Path) -> dict:
    stats = subprocess.run([sys.executable, "-m", "halflow", "cache", "stats", "--json",
                            "--cache-dir", str(cache)], capture_output=True, check=True)
    remote: dict = json.loads(stats.stdout)["history"][-1]["remote"]
    return remote


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    compile_package()
    l16, serving = CORPUS / "openelm_l16.mlir", CORPUS / "openelm_serving.mlir"
    work = Path(tempfile.mkdtemp(prefix="halflow-bench-remote-"))
    times: dict[str, list[float]] = {}
    fetched: dict[str, int] = {}
    try:
        with RedisServer(work / "redis") as server:
            url = server.url()
            vmfb_flags = ["--", *flags()]
            print("machine A fills the shared cache", file=sys.stderr)
            halflow_build(l16, work / "a.vmfb", work / "machine-a", url, "--to", "vmfb",
                          *vmfb_flags)
            halflow_build(serving, work / "a.mlir", work / "machine-a", url)
            expected_mlir = work / "iree-opt.mlir"
            for k in range(args.reps):
                print(f"repetition {k + 1}/{args.reps}", file=sys.stderr)
                times.setdefault("iree_compile", []).append(timed(
                    [iree_compile(), str(l16), *flags(), "--compile-from=stream", "-o",
                     str(work / "plain.vmfb")]))
                fresh = work / f"machine-b{k}"
                times.setdefault("halflow_vmfb", []).append(halflow_build(
                    l16, work / "b.vmfb", fresh, url, "--to", "vmfb", *vmfb_flags))
                remote = remote_of_last_build(fresh)
                assert remote["misses"] == 0 and remote["errors"] == 0, remote
                fetched["vmfb"] = remote["bytes_fetched"]
                assert (work / "b.vmfb").read_bytes() == (work / "a.vmfb").read_bytes()

                times.setdefault("iree_opt", []).append(timed(
                    [iree_opt(), "--iree-hal-materialize-interfaces", str(serving)],
                    stdout=expected_mlir))
                fresh = work / f"machine-c{k}"
                times.setdefault("halflow_mlir", []).append(halflow_build(
                    serving, work / "c.mlir", fresh, url))
                remote = remote_of_last_build(fresh)
                assert remote["misses"] == 0 and remote["errors"] == 0, remote
                fetched["mlir"] = remote["bytes_fetched"]
                assert (work / "c.mlir").read_bytes() == expected_mlir.read_bytes()
            redis_bytes = int(server.client().info("memory")["used_memory"])
    finally:
        shutil.rmtree(work, ignore_errors=True)
    med = {k: statistics.median(v) for k, v in times.items()}
    ratios = {"vmfb": med["halflow_vmfb"] / med["iree_compile"],
              "mlir": med["halflow_mlir"] / med["iree_opt"]}
    print(f"openelm_l16 --to vmfb, fresh machine, warm shared cache: {med['halflow_vmfb']:.2f} s"
          f" vs iree-compile {med['iree_compile']:.2f} s = {ratios['vmfb']:.3f}x (target <= 0.2x);"
          f" {fetched['vmfb'] / 2**20:.1f} MiB fetched")
    print(f"openelm_serving MLIR, fresh machine, warm shared cache: {med['halflow_mlir']:.2f} s"
          f" vs iree-opt {med['iree_opt']:.2f} s = {ratios['mlir']:.3f}x (target <= 1.0x);"
          f" {fetched['mlir'] / 2**20:.1f} MiB fetched")
    print(f"Redis memory after both: {redis_bytes / 2**20:.1f} MiB; medians of {args.reps}; "
          f"load average {os.getloadavg()[0]:.1f}")
    if args.json is not None:
        args.json.write_text(json.dumps({"times": times, "medians": med, "ratios": ratios,
                                         "bytes_fetched": fetched}, indent=1) + "\n")


if __name__ == "__main__":
    main()
