"""What every benchmark script does before measuring."""

from __future__ import annotations

import compileall
import os
import sys
from pathlib import Path

import halflow

# Benchmarks run strict (as the tests do): a failure of the drop-in's own
# path is an error, never hidden by its fallback to the real iree-compile.
os.environ.setdefault("HALFLOW_STRICT", "1")

REPO = Path(__file__).resolve().parents[1]

# The test helpers (tests/support) the benchmarks share with the tests.
sys.path.insert(0, str(REPO / "tests"))

# A benchmark measures this checkout's halflow: the one installed (`pip
# install -e .`), or, from another worktree, the one PYTHONPATH names.
if Path(halflow.__file__).resolve().parents[1] != REPO:
    raise SystemExit(
        f"halflow is imported from {halflow.__file__}, not from this checkout ({REPO}): "
        f"run the benchmark with PYTHONPATH={REPO}"
    )


def compile_package(tree: Path = REPO) -> None:
    """Write halflow's bytecode, as ``pip install`` does, so that no measured
    process compiles sources: under ``PYTHONDONTWRITEBYTECODE`` (or from a
    read-only checkout) every run would pay ~50 ms for it, which is not what
    an installed halflow costs. ``tree``: another checkout measured beside
    this one (``edit_ab.py --other``)."""
    if not compileall.compile_dir(str(tree / "halflow"), quiet=1):
        raise SystemExit(f"cannot compile the halflow package of {tree}")


class Servers:
    """Build servers (``halflow.cli.server_process``) of a benchmark's own
    runtime directory: the environment that uses them, and the CPU they
    spend for a build. With a server, a build's CPU is spent in the
    server's fork child, which the client's rusage does not count: a build
    costs the client's CPU plus what the servers report they (``cpu``) and
    their reaped children (``children_cpu``, from ``wait4``) spent meanwhile."""

    def __init__(self, runtime: Path):
        self.runtime = runtime

    def env(self, base: dict[str, str], on: bool = True) -> dict[str, str]:
        env = dict(base, HALFLOW_RUNTIME_DIR=str(self.runtime), HALFLOW_SERVER="1" if on else "0",
                   HALFLOW_SERVER_IDLE_TIMEOUT="3600")
        if on:
            env["HALFLOW_SERVER_VMFB"] = "1"  # --to vmfb builds too (benchmarks/codegen.py)
        return env

    def cpu(self) -> float:
        """Seconds of CPU the servers and their builds have used so far."""
        from support.build_server import servers

        return sum(s["cpu"] + s["children_cpu"] for s in servers(self.runtime))

    def settle(self, timeout: float = 300) -> None:
        """Wait until no server runs a build: a cold build answers its
        client before it has recorded its nodes and saved its state
        (``halflow.core.deferred``); its CPU and memory are counted once it
        ends, and the next measurement does not run beside it."""
        import time

        from support.build_server import servers

        deadline = time.monotonic() + timeout
        while any(s["running"] for s in servers(self.runtime)) and time.monotonic() < deadline:
            time.sleep(0.02)

    def last_maxrss_kb(self) -> int:
        from support.build_server import servers

        return max((int(s["last_maxrss_kb"]) for s in servers(self.runtime)), default=0)

    def wait(self, count: int = 1) -> None:
        from support.build_server import wait_for_servers

        wait_for_servers(self.runtime, count)

    def stop(self) -> None:
        from support.build_server import stop_servers

        stop_servers(self.runtime)


def dropin_scratch(prefix: str) -> tuple[Path, dict[str, str], Path]:
    """For the drop-in's benchmarks: a scratch folder, an environment whose
    cache and ``XDG_CACHE_HOME`` are in it (this checkout on
    ``PYTHONPATH``), and the masquerade directory made there (``halflow
    shim-dir``)."""
    import os
    import subprocess
    import tempfile

    work = Path(tempfile.mkdtemp(prefix=prefix))
    env = {**os.environ, "PYTHONPATH": str(REPO), "XDG_CACHE_HOME": str(work / "xdg"),
           "HALFLOW_CACHE_DIR": str(work / "cache")}
    shims = subprocess.run([sys.executable, "-m", "halflow", "shim-dir"], env=env, check=True,
                           capture_output=True, text=True).stdout.strip()
    return work, env, Path(shims)


def dropin_counts(env: dict[str, str]) -> str:
    """The drop-in's lines of ``halflow cache stats`` (the run's cache)."""
    import subprocess

    stats = subprocess.run([sys.executable, "-m", "halflow", "cache", "stats"], env=env,
                           check=True, capture_output=True, text=True).stdout
    return "".join(line + "\n" for line in stats.splitlines()
                   if "drop-in" in line or line.startswith("    "))


def wait_for_fills(cache: Path, since: float) -> float | None:
    """Wait for every fill of ``cache`` (:mod:`halflow.codegen.fill`: a
    build that compiled plainly left it), so that none slows the next timed
    build or is copied or removed half done; the seconds of those that
    ended at or after ``since`` (a ``time.time()``; None: none did). Raises
    SystemExit when one failed: a benchmark hides no defect."""
    from halflow.codegen import fill

    ended = fill.wait_all(cache, since=since)
    failed = [e.error for e in ended if not e.ok]
    if failed:
        raise SystemExit(f"a fill of {cache} failed: {failed[0]}")
    return sum(e.seconds for e in ended) if ended else None


def wait_for_fill(cache: Path, report: dict, since: float) -> float | None:
    """:func:`wait_for_fills` after a ``halflow build --to vmfb`` that began
    at ``since`` and wrote ``report``, which says whether it left a fill
    (``"fill": true``); that one must have ended well."""
    if not report.get("fill"):
        return wait_for_fills(cache, since)
    seconds = wait_for_fills(cache, since)
    if seconds is None:
        raise SystemExit(f"the fill of {cache} ended without an outcome")
    return seconds
