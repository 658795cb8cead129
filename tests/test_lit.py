"""The lit/FileCheck suite in ``tests/lit``, run by lit as a process.

Each case file runs its checks against halflow *and* against ``iree-opt``,
so the checks describe IREE's real behaviour. The other tests here keep the
suite honest: every file is discovered and passes, the checks fail on IR the
pass has not touched, and labels are unambiguous.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import TESTS_DIR, RunTool, run_process, subprocess_env

LIT_DIR = TESTS_DIR / "lit"
CASE_FILES = sorted(LIT_DIR.glob("*.mlir"))
RUN_LINE = re.compile(r"^//\s*RUN:\s*(.*)$", re.MULTILINE)
LABEL_LINE = re.compile(r"^//\s*(\w+)-LABEL:\s*(.*?)\s*$", re.MULTILINE)
DIVERGENCE_NOTE = "deliberately diverges"


def run_lines(path: Path) -> list[str]:
    return RUN_LINE.findall(path.read_text())


def check_prefix(run_line: str) -> str:
    found = re.search(r"--check-prefix[=\s](\S+)", run_line)
    return found.group(1) if found else "CHECK"


def is_error_file(path: Path) -> bool:
    return any(line.startswith("not ") for line in run_lines(path))


def test_suite_has_cases() -> None:
    assert len(CASE_FILES) >= 10, f"expected the lit suite in {LIT_DIR}"


def test_lit_suite_passes(tmp_path: Path) -> None:
    """lit discovers every case file and every one passes; the builds of its
    RUN lines use a cache in lit's scratch directory and touch nothing in
    the home directory (a fake HOME here, no cache variables set)."""
    home = tmp_path / "home"
    home.mkdir()
    exec_root = tmp_path / "lit"
    env = {k: v for k, v in subprocess_env().items()
           if k not in ("XDG_CACHE_HOME", "HALFLOW_CACHE_DIR")}
    env["HOME"] = str(home)
    proc = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys; from lit.main import main; sys.exit(main())",
            str(LIT_DIR),
            "-v",
            "-j",
            "2",
            "--param",
            f"exec_root={exec_root}",
        ],
        capture_output=True, env=env, timeout=300, check=False,
    )
    report = f"{proc.stdout.decode()}\n{proc.stderr.decode()}"
    assert proc.returncode == 0, report
    assert f"Total Discovered Tests: {len(CASE_FILES)}" in report, report
    assert re.search(rf"Passed\s*: {len(CASE_FILES)} ", report), report
    assert list(home.iterdir()) == [], sorted(str(p) for p in home.rglob("*"))
    # Each successful build is recorded in the history of the cache it used.
    builds = [line for path in CASE_FILES for line in run_lines(path)
              if re.match(r"halflow build ", line)]
    history = exec_root / "halflow-cache" / "builds.jsonl"
    assert history.is_file(), "the RUN lines' builds used no cache in lit's scratch directory"
    assert len(history.read_text().splitlines()) == len(builds)


@pytest.mark.parametrize("path", CASE_FILES, ids=lambda p: p.name)
def test_case_file_runs_both_tools(path: Path) -> None:
    """Every file checks halflow; it checks iree-opt with the same prefix
    too, unless it says that halflow deliberately diverges there."""
    lines = run_lines(path)
    halflow_runs = [line for line in lines if re.search(r"(^|\s)halflow build ", line)]
    iree_runs = [line for line in lines if "iree-opt" in line]
    assert halflow_runs, f"{path.name}: no RUN line through halflow"
    if not iree_runs:
        assert DIVERGENCE_NOTE in path.read_text(), (
            f"{path.name}: halflow-only RUN lines must explain that halflow "
            f"{DIVERGENCE_NOTE} from IREE"
        )
    halflow_prefixes = {check_prefix(line) for line in halflow_runs}
    for line in iree_runs:
        assert "--iree-hal-materialize-interfaces" in line, line
        assert check_prefix(line) in halflow_prefixes, (
            f"{path.name}: no halflow RUN line checked with the same prefix as {line!r}"
        )


@pytest.mark.parametrize("path", CASE_FILES, ids=lambda p: p.name)
def test_labels_are_unique(path: Path) -> None:
    """A LABEL pattern that occurs twice would let checks match in the
    wrong case."""
    labels = LABEL_LINE.findall(path.read_text())
    seen: set[tuple[str, str]] = set()
    for label in labels:
        assert label not in seen, f"{path.name}: duplicate label {label}"
        seen.add(label)


@pytest.mark.parametrize(
    "path", [p for p in CASE_FILES if not is_error_file(p)], ids=lambda p: p.name
)
def test_checks_fail_without_the_pass(path: Path, run_iree_opt: RunTool) -> None:
    """The checks are not vacuous: the same input printed by iree-opt
    *without* the pass does not satisfy them."""
    untouched = run_iree_opt("--split-input-file", path)
    assert untouched.returncode == 0, untouched.describe()
    check = run_process(
        [sys.executable, "-m", "filecheck", str(path)], stdin=untouched.stdout.encode()
    )
    assert check.returncode != 0, f"{path.name}: checks pass on IR the pass never saw"
