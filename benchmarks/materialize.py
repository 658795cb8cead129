"""halflow against iree-opt on the largest corpus files, measured in one run.

For each file it runs, interleaved, ``halflow build FILE -o /dev/null
--no-cache`` (the CLI doing the whole pass, as ``python -m halflow`` with this
checkout first on ``PYTHONPATH``; ``benchmarks/incremental.py`` measures
builds with a cache) and
``iree-opt --iree-hal-materialize-interfaces FILE -o /dev/null``, and prints
the median wall time of N runs, the median CPU time (user + system), and
the peak resident memory of each process (``ru_maxrss`` and times from
``os.wait4`` on that child alone), with halflow/iree-opt ratios. Times
include process start-up, as a user sees them::

    python benchmarks/materialize.py [--runs N] [--warmup K] [FILE ...]

Without FILE: openelm_serving, llama_serving and openelm_l16 from the shared
corpus (``../shared/corpus`` or ``$HALFLOW_SHARED/corpus``).
"""

from __future__ import annotations

import argparse
import importlib.metadata
import os
import shutil
import stat
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from common import compile_package  # benchmarks/ is the script's directory

REPO_ROOT = Path(__file__).resolve().parents[1]
DEFAULT_FILES = ("openelm_serving.mlir", "llama_serving.mlir", "openelm_l16.mlir")


@dataclass(frozen=True)
class Sample:
    seconds: float
    cpu_seconds: float  # user + system of the child
    max_rss_kib: int


def shared_dir() -> Path:
    override = os.environ.get("HALFLOW_SHARED")
    return Path(override) if override else REPO_ROOT.parent / "shared"


def find_iree_opt() -> str:
    search = os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")])
    found = os.environ.get("IREE_OPT") or shutil.which("iree-opt", path=search)
    if not found:
        sys.exit("iree-opt not found next to the Python interpreter or on PATH (or set IREE_OPT)")
    return found


def child_env() -> dict[str, str]:
    env = dict(os.environ)
    rest = env.get("PYTHONPATH")
    env["PYTHONPATH"] = str(REPO_ROOT) + (os.pathsep + rest if rest else "")
    return env


def measure(args: list[str], env: dict[str, str]) -> Sample:
    """Wall time, CPU time and peak RSS of one process (stdout discarded)."""
    start = time.perf_counter()
    proc = subprocess.Popen(args, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    assert proc.stderr is not None
    errors = proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    seconds = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        sys.exit(f"failed ({proc.returncode}): {' '.join(args)}\n{errors.decode(errors='replace')}")
    return Sample(seconds, usage.ru_utime + usage.ru_stime, usage.ru_maxrss)  # KiB on Linux


def check_dev_null() -> None:
    # An output step that renames over its target would turn /dev/null into
    # a regular file; stop at once rather than measure (or keep breaking) it.
    if not stat.S_ISCHR(os.stat("/dev/null").st_mode):
        sys.exit("/dev/null is no longer a character device: the output step replaced it")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="*", type=Path,
                        help="inputs (default: the largest corpus files)")
    parser.add_argument("--runs", type=int, default=5, help="measured runs per tool and file")
    parser.add_argument("--warmup", type=int, default=1, help="unmeasured runs first")
    opts = parser.parse_args()
    compile_package()
    files = opts.files or [shared_dir() / "corpus" / name for name in DEFAULT_FILES]
    for f in files:
        if not f.is_file():
            sys.exit(f"input not found: {f}")

    env = child_env()
    iree_opt = find_iree_opt()
    tools = {
        "halflow": lambda f: [sys.executable, "-m", "halflow", "build", str(f), "-o", "/dev/null",
                              "--no-cache"],
        "iree-opt": lambda f: [iree_opt, "--iree-hal-materialize-interfaces", str(f),
                               "-o", "/dev/null"],
    }
    version = subprocess.run([sys.executable, "-m", "halflow", "--version"], env=env,
                             capture_output=True, text=True, check=True).stdout.strip()
    print(f"{version} ({REPO_ROOT}) vs iree-opt {importlib.metadata.version('iree-base-compiler')}")
    print(f"{opts.runs} measured runs per tool and file (+{opts.warmup} warm-up), interleaved; "
          f"{os.cpu_count()} CPUs; load average {os.getloadavg()[0]:.2f} at start")
    print("wall = median wall seconds per run, start-up included; cpu = median user+system "
          "seconds (less sensitive to other load);\nRSS = peak resident MiB (largest of the "
          "runs); ratio = halflow / iree-opt\n")

    header = (f"{'file':<22}{'KB':>6}  {'wall halflow':>12}{'iree-opt':>9}{'ratio':>7}  "
              f"{'cpu halflow':>11}{'iree-opt':>9}{'ratio':>7}  "
              f"{'RSS halflow':>11}{'iree-opt':>9}{'ratio':>7}")
    print(header)
    print("-" * len(header))
    for f in files:
        samples: dict[str, list[Sample]] = {name: [] for name in tools}
        for i in range(opts.warmup + opts.runs):
            for name, command in tools.items():
                sample = measure(command(f), env)
                check_dev_null()
                if i >= opts.warmup:
                    samples[name].append(sample)
        wall = {n: statistics.median(s.seconds for s in v) for n, v in samples.items()}
        cpu = {n: statistics.median(s.cpu_seconds for s in v) for n, v in samples.items()}
        rss = {n: max(s.max_rss_kib for s in v) / 1024 for n, v in samples.items()}
        print(f"{f.name:<22}{f.stat().st_size // 1024:>6}  "
              f"{wall['halflow']:>12.3f}{wall['iree-opt']:>9.3f}"
              f"{wall['halflow'] / wall['iree-opt']:>6.2f}x  "
              f"{cpu['halflow']:>11.3f}{cpu['iree-opt']:>9.3f}"
              f"{cpu['halflow'] / cpu['iree-opt']:>6.2f}x  "
              f"{rss['halflow']:>11.1f}{rss['iree-opt']:>9.1f}"
              f"{rss['halflow'] / rss['iree-opt']:>6.2f}x", flush=True)
    print(f"\nload average {os.getloadavg()[0]:.2f} at end")


if __name__ == "__main__":
    main()
