"""What every benchmark script does before measuring."""

from __future__ import annotations

import compileall
import sys
from pathlib import Path

import halflow

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
