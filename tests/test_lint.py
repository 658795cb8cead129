"""The code base passes its own lint configuration (``[tool.ruff]`` in
pyproject.toml): the package, the tests and the benchmarks."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest
from conftest import run_process

REPO = Path(__file__).resolve().parent.parent


def test_ruff_check_passes() -> None:
    ruff = shutil.which("ruff", path=str(Path(sys.executable).parent))
    if ruff is None:
        pytest.fail("ruff is a test dependency: pip install -e '.[test]'", pytrace=False)
    run = run_process(
        [ruff, "check", "--no-cache", "halflow", "tests", "benchmarks"], cwd=REPO
    )
    assert run.returncode == 0, run.stdout[-6000:] + run.describe()
