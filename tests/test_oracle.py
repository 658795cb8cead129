"""Oracle tests: halflow prints byte for byte what ``iree-opt`` prints.

Every corpus file and IREE's own conformance file go through both tools in
the same test run; nothing expected is stored. Most files use the library
(``halflow.build``, no process start); the CLI runs as a process on a small
file, on the conformance file, on bytecode and on stdin.
"""

from __future__ import annotations

import difflib
import sys
from pathlib import Path

import pytest
from conftest import REPO_ROOT, TESTS_DIR, Run, RunTool, corpus_file, corpus_files, run_process

import halflow

SMALL = "mlp_s.mlir"


def first_difference(expected: str, actual: str, context: int = 3) -> str:
    """A short unified diff of the first differing lines (for failures)."""
    diff = difflib.unified_diff(
        expected.splitlines(), actual.splitlines(), "iree-opt", "halflow", n=context, lineterm=""
    )
    return "\n".join(line[:300] for _, line in zip(range(40), diff, strict=False))


def assert_same_output(oracle: Run, actual: str) -> None:
    assert oracle.returncode == 0, oracle.describe()
    assert actual == oracle.stdout, first_difference(oracle.stdout, actual)


def test_halflow_under_test_is_this_checkout(run_halflow: RunTool) -> None:
    """Both the library and the CLI process import this checkout's halflow,
    not another installed copy."""
    assert Path(halflow.__file__).resolve().is_relative_to(REPO_ROOT)
    probe = run_halflow("--version")
    assert probe.returncode == 0, probe.describe()
    assert probe.stdout.splitlines()[0] == f"halflow {halflow.__version__}"


@pytest.mark.parametrize(
    "first_import",
    [
        "import halflow",
        "import halflow.library.build_mlir",
        "from halflow.library.build_mlir import materialize_text",
        "import halflow.cli.commandline",
        "import halflow.watch",
        "from halflow import watch",
    ],
)
def test_library_build_is_callable_whatever_was_imported_first(first_import: str) -> None:
    """``halflow.build(...)`` is the library function in a fresh process,
    whichever part of the package was imported first (the package resolves
    its exports lazily, so that the command line starts quickly)."""
    path = corpus_file(SMALL)
    script = (
        f"{first_import}\n"
        "import halflow, sys\n"
        f"result = halflow.build({str(path)!r})\n"
        "assert isinstance(result, halflow.BuildResult), type(result)\n"
        "sys.stdout.write(result.text)\n"
    )
    run = run_process([sys.executable, "-c", script])
    assert run.returncode == 0, run.describe()
    assert run.stdout.startswith("#executable_target_embedded_elf_x86_64 = ")


@pytest.mark.parametrize("path", corpus_files(), ids=lambda p: p.name)
def test_corpus_library_matches_iree_opt(path: Path, iree_materialize) -> None:
    oracle = iree_materialize(path)
    result = halflow.build(path)
    assert_same_output(oracle, result.text)


INLINE = sorted((TESTS_DIR / "data" / "inline").glob("*.mlir"))


@pytest.mark.parametrize("path", INLINE, ids=lambda p: p.name)
def test_inline_weight_modules_match_iree_opt(path: Path, iree_materialize, tmp_path) -> None:
    """The inline-weight modules (tests/inline_weights.py): a clean build
    and a build that records its per-unit state (a cache) equal iree-opt."""
    oracle = iree_materialize(path)
    assert "#util.composite<" in path.read_text() and "\n  ^bb1" in path.read_text()
    assert_same_output(oracle, halflow.build(path, no_cache=True).text)
    recorded = halflow.build(path, cache_dir=tmp_path / "cache")
    assert "fallback" not in recorded.report, recorded.report["fallback"]
    assert_same_output(oracle, recorded.text)


def test_conformance_library_matches_iree_opt(conformance_file: Path, iree_materialize) -> None:
    oracle = iree_materialize(conformance_file, "--split-input-file")
    # Guard against a vacuous pass: the file really has several cases.
    assert oracle.stdout.count("// -----") >= 3
    result = halflow.build(conformance_file, split_input_file=True)
    assert_same_output(oracle, result.text)


def lit_inputs_both_tools_accept() -> list[Path]:
    """The lit case files that both tools build (not the error cases, not
    the halflow-only divergence)."""
    files = []
    for path in sorted((TESTS_DIR / "lit").glob("*.mlir")):
        text = path.read_text()
        if "RUN: iree-opt" in text and "RUN: not " not in text:
            files.append(path)
    return files


@pytest.mark.parametrize("path", lit_inputs_both_tools_accept(), ids=lambda p: p.name)
def test_lit_inputs_match_iree_opt(path: Path, iree_materialize) -> None:
    """The hand-written feature cases are byte-identical too, not only
    consistent with their CHECK lines."""
    oracle = iree_materialize(path, "--split-input-file")
    assert_same_output(oracle, halflow.build(path, split_input_file=True).text)


def test_cli_small_file_matches_iree_opt(run_halflow: RunTool, iree_materialize) -> None:
    path = corpus_file(SMALL)
    oracle = iree_materialize(path)
    run = run_halflow("build", path)
    assert run.returncode == 0, run.describe()
    assert run.stderr == ""
    assert_same_output(oracle, run.stdout)


def test_cli_without_input_builds_the_bundled_example(
    run_halflow: RunTool, iree_materialize
) -> None:
    """``halflow build`` with no INPUT builds the example shipped in the
    package, which ``examples/`` at the top of the repository shows."""
    bundled = Path(halflow.__file__).parent / "examples" / "mlp_s.mlir"
    assert (REPO_ROOT / "examples" / "mlp_s.mlir").read_bytes() == bundled.read_bytes()
    run = run_halflow("build")
    assert run.returncode == 0, run.describe()
    assert run.stderr == ""
    assert_same_output(iree_materialize(bundled), run.stdout)


@pytest.mark.parametrize("path", corpus_files(), ids=lambda p: p.name)
def test_corpus_cli_matches_iree_opt(
    path: Path, run_halflow: RunTool, iree_materialize, tmp_path: Path
) -> None:
    """The command line's own path (the entry point, ``cli/mlir_build``):
    every corpus file through it, cold, into a file."""
    out = tmp_path / "out.mlir"
    run = run_halflow("build", path, "-o", out, "--cache-dir", tmp_path / "cache")
    assert run.returncode == 0, run.describe()
    assert (run.stdout, run.stderr) == ("", "")
    assert_same_output(iree_materialize(path), out.read_text())


def test_cli_conformance_matches_iree_opt(
    run_halflow: RunTool, iree_materialize, conformance_file: Path
) -> None:
    oracle = iree_materialize(conformance_file, "--split-input-file")
    run = run_halflow("build", "--split-input-file", conformance_file)
    assert run.returncode == 0, run.describe()
    assert_same_output(oracle, run.stdout)


def test_cli_output_file_matches_iree_opt(
    run_halflow: RunTool, iree_materialize, tmp_path: Path
) -> None:
    path = corpus_file(SMALL)
    out = tmp_path / "out.mlir"
    run = run_halflow("build", path, "-o", out)
    assert run.returncode == 0, run.describe()
    assert run.stdout == ""
    assert_same_output(iree_materialize(path), out.read_text())


@pytest.mark.parametrize("name", [SMALL, "gpt2_l2_custom_src.mlir"])
def test_bytecode_input_matches_iree_opt(
    name: str, run_iree_opt: RunTool, iree_materialize, run_halflow: RunTool, tmp_path: Path
) -> None:
    """A ``.mlirbc`` made by ``iree-opt --emit-bytecode`` builds to what
    ``iree-opt`` prints for that bytecode, through the CLI and the library."""
    bytecode = tmp_path / (Path(name).stem + ".mlirbc")
    made = run_iree_opt("--emit-bytecode", corpus_file(name), "-o", bytecode)
    assert made.returncode == 0, made.describe()
    assert bytecode.read_bytes().startswith(b"ML\xefR")

    oracle = iree_materialize(bytecode)
    run = run_halflow("build", bytecode)
    assert run.returncode == 0, run.describe()
    assert_same_output(oracle, run.stdout)
    assert_same_output(oracle, halflow.build(bytecode).text)


def test_stdin_input_matches_iree_opt(run_halflow: RunTool, iree_materialize) -> None:
    path = corpus_file(SMALL)
    data = path.read_bytes()
    oracle = iree_materialize("-", stdin=data)
    run = run_halflow("build", "-", stdin=data)
    assert run.returncode == 0, run.describe()
    assert_same_output(oracle, run.stdout)


def test_stdin_split_input_matches_iree_opt(
    run_halflow: RunTool, iree_materialize, conformance_file: Path
) -> None:
    data = conformance_file.read_bytes()
    oracle = iree_materialize("-", "--split-input-file", stdin=data)
    run = run_halflow("build", "--split-input-file", "-", stdin=data)
    assert run.returncode == 0, run.describe()
    assert_same_output(oracle, run.stdout)
