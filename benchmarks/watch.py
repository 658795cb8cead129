"""Save-to-output latency of ``halflow watch`` against one ``iree-opt`` run.

Starts ``halflow watch`` (a subprocess, as a user runs it) on a temporary
copy of ``openelm_serving.mlir`` (5 MB, 1175 executables), waits for the
first build, then applies one-executable edits (a float constant in the body
of one executable; two executables in turn, a new value every time), each
written in place the way an editor saves. The latency of an edit runs from
the write completing (file closed) to OUTPUT having been replaced with the
new content (polled: inode change, then the new constant present). Reports
the median over the edits and compares it with the wall time of
``iree-opt --iree-hal-materialize-interfaces`` on the same file, measured in
the same run (median of ``--iree-opt-runs`` single runs). Target: latency
<= 0.5x iree-opt. Finally checks that OUTPUT equals iree-opt's output for
the final content, byte for byte.

    python benchmarks/watch.py [--input FILE] [--edits 12] [--debounce 0.05]

Exit status 0 when the output matched (PASS or MISS on the latency target),
1 when it did not or the watcher misbehaved.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

from common import compile_package  # benchmarks/ is the script's directory

REPO = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("HALFLOW_SHARED") or REPO.parent / "shared")
DEFAULT_INPUT = SHARED / "corpus" / "openelm_serving.mlir"
TARGET_RATIO = 0.5

_CONST = re.compile(r"^(\s*%cst\w* = arith\.constant )(-?\d\.\d+e[+-]\d\d)( : f32)$", re.M)
_EXEC = re.compile(r"^  (?:stream|hal)\.executable (?:private |public )?@(\S+) \{$", re.M)


def iree_opt() -> str:
    found = shutil.which("iree-opt") or str(Path(sys.executable).parent / "iree-opt")
    if not Path(found).exists():
        sys.exit("iree-opt not found (pip install iree-base-compiler==3.13.0)")
    return found


def time_iree_opt(path: Path, out: Path, runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(
            [iree_opt(), "--iree-hal-materialize-interfaces", str(path), "-o", str(out)],
            check=True,
        )
        times.append(time.perf_counter() - start)
    return times


def edit_sites(text: str, count: int = 2) -> list[tuple[str, int, int]]:
    """(executable, start, end) of a float constant's value in ``count``
    executables spread over the file."""
    spans = [(m.start(), m.group(1)) for m in _EXEC.finditer(text)]
    sites = []
    for i, (start, name) in enumerate(spans):
        end = spans[i + 1][0] if i + 1 < len(spans) else len(text)
        m = _CONST.search(text, start, end)
        if m:
            sites.append((name, m.start(2), m.end(2)))
    if len(sites) < count:
        sys.exit("no executable with a float constant to edit")
    step = len(sites) // count
    return [sites[(k * step + step // 2) % len(sites)] for k in range(count)]


class StderrReader(threading.Thread):
    def __init__(self, proc: subprocess.Popen[bytes]):
        super().__init__(daemon=True)
        self.proc = proc
        self.lines: list[str] = []
        self.cond = threading.Condition()

    def run(self) -> None:
        assert self.proc.stderr is not None
        for raw in self.proc.stderr:
            with self.cond:
                self.lines.append(raw.decode(errors="replace").rstrip("\n"))
                self.cond.notify_all()

    def wait_for(self, pred: Callable[[str], bool], timeout: float) -> str | None:
        deadline = time.monotonic() + timeout
        with self.cond:
            seen = 0
            while True:
                for line in self.lines[seen:]:
                    if pred(line):
                        return line
                seen = len(self.lines)
                left = deadline - time.monotonic()
                if left <= 0 or (self.proc.poll() is not None and seen == len(self.lines)):
                    return None
                self.cond.wait(min(left, 0.5))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--input", type=Path, default=DEFAULT_INPUT)
    ap.add_argument("--edits", type=int, default=12)
    ap.add_argument("--debounce", type=float, default=0.05)
    ap.add_argument("--iree-opt-runs", type=int, default=3)
    ap.add_argument("--keep", action="store_true", help="keep the temporary directory")
    args = ap.parse_args()
    compile_package()

    tmp = Path(tempfile.mkdtemp(prefix="halflow-watch-bench-"))
    src = tmp / args.input.name
    out = tmp / "out.mlir"
    ref = tmp / "ref.mlir"
    shutil.copyfile(args.input, src)
    text = src.read_text()
    sites = edit_sites(text)

    print(f"input: {args.input} ({len(text) / 1e6:.1f} MB)")
    opt_times = time_iree_opt(src, ref, args.iree_opt_runs)
    opt = statistics.median(opt_times)
    print(f"iree-opt --iree-hal-materialize-interfaces: {opt:.3f}s "
          f"(median of {len(opt_times)}: {', '.join(f'{t:.3f}' for t in opt_times)})")

    env = dict(os.environ)
    env["PYTHONPATH"] = str(REPO) + os.pathsep + env.get("PYTHONPATH", "")
    cmd = [sys.executable, "-m", "halflow", "watch", str(src), "-o", str(out),
           "--cache-dir", str(tmp / "cache"), "--debounce", str(args.debounce)]
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stderr=subprocess.PIPE, env=env)
    reader = StderrReader(proc)
    reader.start()
    ok = True
    latencies: list[float] = []
    builds: list[float] = []
    try:
        if reader.wait_for(lambda s: s.startswith("halflow: watching"), 600) is None:
            print("watcher did not start:\n" + "\n".join(reader.lines))
            return 1
        print(f"first build (process start to watching): {time.perf_counter() - start:.2f}s")
        for i in range(args.edits):
            name, a, b = sites[i % len(sites)]
            # Small integers print the same in Python and MLIR; a new one
            # every edit, so every save changes the output.
            value = f"{float(i + 2):.6e}"
            if value == text[a:b]:
                value = f"{float(i + 1000):.6e}"
            text = text[:a] + value + text[b:]
            # Later sites shift by the length difference; recompute positions.
            sites = edit_sites(text)
            before = os.stat(out)
            rebuilt = len([s for s in reader.lines if s.startswith("halflow: rebuilt")])
            with open(src, "w") as f:
                f.write(text)
            saved = time.perf_counter()
            deadline = saved + 120
            while True:
                st = os.stat(out)
                if st.st_ino != before.st_ino or st.st_mtime_ns != before.st_mtime_ns:
                    done = time.perf_counter()
                    if value in out.read_text():
                        break
                if time.perf_counter() > deadline:
                    print(f"edit {i}: OUTPUT not updated within 120s")
                    return 1
                time.sleep(0.002)
            latencies.append(done - saved)
            line = reader.wait_for(
                lambda s, n=rebuilt: s.startswith("halflow: rebuilt")
                and len([x for x in reader.lines if x.startswith("halflow: rebuilt")]) > n,
                60,
            )
            m = re.search(r" in ([\d.]+)s", line or "")
            if m:
                builds.append(float(m.group(1)))
            print(f"edit {i + 1:2d} (@{name}): save-to-output {latencies[-1]:.3f}s"
                  + (f", build {m.group(1)}s" if m else ""))
            time.sleep(0.3)  # a user does not save again instantly
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            code = proc.wait(60)
        except subprocess.TimeoutExpired:
            proc.kill()
            code = -1
        reader.join(5)
    if code != 0:
        print(f"watcher exited with status {code}")
        ok = False
    time_iree_opt(src, ref, 1)
    if out.read_bytes() != ref.read_bytes():
        print("MISMATCH: OUTPUT differs from iree-opt's output for the final content")
        ok = False
    else:
        print("final OUTPUT == iree-opt output: yes")
    med = statistics.median(latencies)
    ratio = med / opt
    print(f"save-to-output latency: median {med:.3f}s over {len(latencies)} edits "
          f"(min {min(latencies):.3f}s, max {max(latencies):.3f}s)")
    if builds:
        print(f"build time reported by halflow watch: median {statistics.median(builds):.3f}s")
    verdict = "PASS" if ratio <= TARGET_RATIO else "MISS"
    print(f"ratio to iree-opt: {ratio:.2f}x (target <= {TARGET_RATIO}x): {verdict}")
    if args.keep:
        print(f"kept {tmp}")
    else:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
