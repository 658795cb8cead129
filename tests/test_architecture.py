"""The layering is checked by a tool, not by review.

``[tool.importlinter]`` in pyproject.toml lists the layers (ARCHITECTURE.md
explains them): a module imports only from layers below its own, and only
the command line imports click. ``lint-imports`` (import-linter) checks
every import, those inside functions included.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest
from conftest import run_process

REPO = Path(__file__).resolve().parent.parent


def test_imports_follow_the_layers() -> None:
    tool = shutil.which("lint-imports", path=str(Path(sys.executable).parent))
    if tool is None:
        pytest.fail("import-linter is a test dependency: pip install -e '.[test]'", pytrace=False)
    run = run_process([tool, "--no-cache"], cwd=REPO)
    assert run.returncode == 0, run.stdout[-6000:] + run.describe()
    assert "0 broken" in run.stdout
