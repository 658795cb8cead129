"""The package type-checks: mypy with ``[tool.mypy]`` of pyproject.toml
(the whole package, strict on the engine, the planner and the shared
records)."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest
from conftest import run_process

REPO = Path(__file__).resolve().parent.parent


def test_mypy_is_clean(tmp_path: Path) -> None:
    mypy = shutil.which("mypy", path=str(Path(sys.executable).parent))
    if mypy is None:
        pytest.fail("mypy is a test dependency: pip install -e '.[test]'", pytrace=False)
    run = run_process([mypy, "--cache-dir", str(tmp_path / "mypy-cache")], cwd=REPO, timeout=600)
    assert run.returncode == 0, run.stdout[-6000:] + run.describe()
