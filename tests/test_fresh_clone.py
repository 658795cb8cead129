"""README's two fresh-machine commands, run in a clone that has nothing
beside it (no ``../shared``): the bundled example builds, and the test
suite collects and runs from the repository's own data, the tests that need
IREE's conformance file skipping with their reason. ``.ci/run`` runs
exactly README's test command.

The clone is the repository's tracked files (``git ls-files``, as a commit
of the working tree would ship them: a data file that was never added is
missing here too). To keep the test short, the virtual environment the
commands create sees the packages of the environment running the tests (a
``.pth`` file), so pip installs halflow itself and downloads nothing else;
their tools (``iree-opt``) are found on ``PATH``; the test command's
pytest runs a few tests and a collection of the whole suite, not the whole
suite again.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest
from conftest import REPO_ROOT
from support.engine import reference_output

README = REPO_ROOT / "README.md"


def readme_commands() -> tuple[str, str]:
    """The two commands of README's "Fresh machine: two commands": the
    example build, then the tests."""
    text = README.read_text()
    section = text.split("## Fresh machine: two commands", 1)[1].split("\n## ", 1)[0]
    commands = [line.strip() for line in section.splitlines() if line.startswith("    ")]
    assert len(commands) == 2, commands
    return commands[0], commands[1]


def test_ci_runs_exactly_the_readme_test_command() -> None:
    _, tests = readme_commands()
    lines = [line for line in (REPO_ROOT / ".ci" / "run").read_text().splitlines()
             if line.strip() and not line.lstrip().startswith("#")]
    assert lines[-1] == tests, lines[-1]
    # Every line before it only sets the shell up.
    assert all(re.fullmatch(r"set -euo pipefail|cd .*", line) for line in lines[:-1]), lines


def tracked_files() -> list[str]:
    if shutil.which("git") is None or not (REPO_ROOT / ".git").exists():
        pytest.skip("not a git checkout: no clone to make")
    proc = subprocess.run(["git", "ls-files", "-z"], cwd=REPO_ROOT, capture_output=True,
                          check=True)
    return [name for name in proc.stdout.decode().split("\0") if name]


def make_clone(where: Path) -> Path:
    clone = where / "halflow"
    for name in tracked_files():
        source = REPO_ROOT / name
        if source.is_file():  # not a tracked file deleted in the working tree
            target = clone / name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)
    return clone


@pytest.mark.slow
def test_readme_commands_work_in_a_clone_with_nothing_beside_it(tmp_path: Path) -> None:
    example_build, tests = readme_commands()
    alone = tmp_path / "alone"
    clone = make_clone(alone)
    assert sorted(p.name for p in alone.iterdir()) == ["halflow"]
    # `python3` is this interpreter's base, so that the packages of the
    # running environment fit the new virtual environment.
    shims = tmp_path / "bin"
    shims.mkdir()
    (shims / "python3").symlink_to(getattr(sys, "_base_executable", sys.executable))
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "HALFLOW_SHARED", "VIRTUAL_ENV")}
    # The tools of those packages (iree-opt, ...), which pip does not
    # install again, come after the new environment's.
    scripts = sysconfig.get_paths()["scripts"]
    env["PATH"] = os.pathsep.join([str(shims), env.get("PATH", ""), scripts])
    env["XDG_CACHE_HOME"] = str(tmp_path / "xdg-cache")

    def sh(command: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
        return subprocess.run(["sh", "-c", command], cwd=clone, env=env, capture_output=True,
                              text=True, timeout=timeout, check=False)

    made = sh("python3 -m venv .venv")
    assert made.returncode == 0, made.stderr
    purelib = Path(sysconfig.get_paths()["purelib"])
    site = next((clone / ".venv" / "lib").glob("python*/site-packages"))
    (site / "zz-test-environment.pth").write_text(f"{purelib}\n")

    built = sh(example_build)
    assert built.returncode == 0, built.stderr
    example = clone / "halflow" / "examples" / "mlp_s.mlir"
    # pip reports on stdout first; the build's output (stdout) comes last.
    assert built.stdout.endswith("\n" + reference_output(example)), built.stdout[-2000:]

    # The test command: the whole suite collects without ../shared (an
    # error there fails the run), and a few tests run: corpus files of the
    # clone against iree-opt, and the three tests of the conformance file,
    # which skip.
    assert tests.endswith(" -m pytest -q"), tests
    subset = sh(tests + " -rs -p no:cacheprovider -k 'test_corpus_cli_matches_iree_opt and mlp"
                " or test_conformance_library or test_cli_conformance or test_stdin_split_input'")
    report = subset.stdout + subset.stderr
    assert subset.returncode == 0, report[-3000:]
    found = re.search(r"\b(\d+) passed, 3 skipped, (\d+) deselected\b", report)
    assert found and int(found[1]) >= 2 and int(found[2]) > 900, report[-3000:]
    assert report.count("IREE's conformance file") == 3, report[-3000:]
