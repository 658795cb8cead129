"""The layering is checked by a tool, not by review.

``[tool.importlinter]`` in pyproject.toml lists the layers (ARCHITECTURE.md
explains them): a module imports only from layers below its own, and only
the command line imports click. ``lint-imports`` (import-linter) checks
every import, those inside functions included.
"""

from __future__ import annotations

import ast
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


def test_every_layer_package_is_in_the_contract_and_its_init_imports_nothing() -> None:
    # The layers are the packages under halflow/ (ARCHITECTURE.md): each is
    # named by the contract, and its __init__ is at most a docstring, so that
    # importing one module of a layer (the no-op rebuild imports a few of
    # core/) loads nothing else. engine/, codegen/ and nodes/ re-export
    # their entry points (Workspace, build_vmfb, Stage) and are exempt.
    text = (REPO / "pyproject.toml").read_text()
    layers = text.split('name = "Layers: imports go one way"', 1)[1].split("]", 2)[1]
    named = {
        m.strip() for entry in layers.split('"')[1::2] for m in entry.replace(":", "|").split("|")
    }
    packages = {p.parent.name for p in (REPO / "halflow").glob("*/__init__.py")}
    assert packages - {"examples"} <= named
    for package in packages - {"engine", "codegen", "nodes", "examples"}:
        tree = ast.parse((REPO / "halflow" / package / "__init__.py").read_text())
        body = [
            n for n in tree.body
            if not (isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant))
        ]
        assert body == [], f"halflow/{package}/__init__.py does more than name its layer"
