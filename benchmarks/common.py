"""What every benchmark script does before measuring."""

from __future__ import annotations

import compileall
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def compile_package() -> None:
    """Write halflow's bytecode, as ``pip install`` does, so that no measured
    process compiles sources: under ``PYTHONDONTWRITEBYTECODE`` (or from a
    read-only checkout) every run would pay ~50 ms for it, which is not what
    an installed halflow costs."""
    if not compileall.compile_dir(str(REPO / "halflow"), quiet=1):
        raise SystemExit("cannot compile the halflow package")
