"""The bundled example runs: the commands of README.md's "Running the
bundled example", exactly as written, print exactly the output written
there (the real ``halflow build --to vmfb`` and the real
``iree-run-module``); the shipped parameter archive is what its generator
writes.
"""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

from support.engine import REPO, subprocess_env

BIN = Path(sys.executable).parent


def readme_example() -> tuple[list[list[str]], str]:
    """The commands (each a list of words) and the expected output."""
    text = (REPO / "README.md").read_text()
    section = text.split("### Running the bundled example\n", 1)[1].split("\n#", 1)[0]
    blocks = re.findall(r"((?:\n    [^\n]*)+)", section)
    commands_block, output_block = blocks[0], blocks[1]
    joined = commands_block.replace("\\\n", " ")
    commands = [shlex.split(line) for line in joined.strip().split("\n")]
    expected = "\n".join(line[4:] for line in output_block.strip("\n").split("\n"))
    return commands, expected + "\n"


def run(words: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    tool, *args = words
    argv = [sys.executable, "-m", "halflow", *args] if tool == "halflow" else [
        str(BIN / tool), *args]
    return subprocess.run(argv, cwd=cwd, env=subprocess_env(), capture_output=True, text=True,
                          timeout=600, check=False)


def test_readme_commands_print_the_readme_output(tmp_path: Path) -> None:
    commands, expected = readme_example()
    assert [c[0] for c in commands] == ["halflow", "iree-run-module"]
    # "from the repository's root": the archive's path is relative to it.
    (tmp_path / "halflow").symlink_to(REPO / "halflow")
    build = run(commands[0], tmp_path)
    assert build.returncode == 0, build.stderr
    assert (tmp_path / "mlp_s.vmfb").is_file()
    result = run(commands[1], tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout == expected
    # What the archive is for.
    bare = run([w for w in commands[1] if not w.startswith("--parameters")], tmp_path)
    assert bare.returncode != 0
    assert "NOT_FOUND; no provider registered that handles scopes like 'model'" in bare.stderr


def test_shipped_archive_is_what_the_generator_writes(tmp_path: Path) -> None:
    out = tmp_path / "p.irpa"
    gen = subprocess.run(
        [sys.executable, str(REPO / "halflow/examples/make_mlp_s_params.py"), str(out)],
        env=subprocess_env(), capture_output=True, text=True, check=False)
    assert gen.returncode == 0, gen.stderr
    assert out.read_bytes() == (REPO / "halflow/examples/mlp_s.irpa").read_bytes()
