"""Bad input through the CLI, as real processes.

For every kind of bad input: exit status 1, a ``<file>:<line>:<col>: error:``
diagnostic on stderr in IREE's words where ``iree-opt`` reports the same
problem (compared with iree-opt's stderr for the same file), no Python
traceback, no IR on stdout, and ``-o OUT`` neither created nor touched.
Usage errors exit with 2. A successful ``-o`` replaces its file atomically.
"""

from __future__ import annotations

import os
import re
import shutil
import stat
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from conftest import TESTS_DIR, Run, RunTool, corpus_file

LIT_DIR = TESTS_DIR / "lit"
DATA_DIR = TESTS_DIR / "data"
OLD_CONTENT = b"// an output file from an earlier build\n"
OLD_MTIME_NS = 1_000_000_000 * 10**9  # 2001-09-09, far from "now"



@dataclass(frozen=True)
class BadInput:
    """A bad input made in a scratch directory.

    ``iree_agrees``: iree-opt reports an error for it too, and halflow's
    error lines must be iree-opt's. ``message``: a regex the first error's
    text (after ``error: ``) must match.
    """

    name: str
    make: Callable[[Path], Path]
    iree_agrees: bool
    message: str


def _copy(source: Path) -> Callable[[Path], Path]:
    def make(directory: Path) -> Path:
        target = directory / source.name
        shutil.copyfile(source, target)
        return target

    return make


def _truncated(directory: Path) -> Path:
    data = corpus_file("mlp_s.mlir").read_bytes()
    target = directory / "mlp_s_truncated.mlir"
    target.write_bytes(data[: len(data) * 2 // 3])
    return target


def _missing(directory: Path) -> Path:
    return directory / "does_not_exist.mlir"


def _directory(directory: Path) -> Path:
    target = directory / "a_directory.mlir"
    target.mkdir()
    return target


BAD_INPUTS = [
    BadInput("unparsable", _copy(LIT_DIR / "error_parse.mlir"), True,
             r"use of undeclared SSA value name"),
    BadInput("truncated_corpus_file", _truncated, True, r".+"),
    BadInput("unsupported_argument_type", _copy(LIT_DIR / "error_arg_type.mlir"), True,
             r"unsupported interface function argument 1 type 'f32'; "
             r"requires !stream\.binding or i32 operands only"),
    BadInput("no_devices", _copy(LIT_DIR / "error_no_devices.mlir"), True,
             r"no HAL devices defined in the module; "),
    BadInput("missing_file", _missing, True,
             r"cannot open input file '.*does_not_exist\.mlir': No such file or directory"),
    BadInput("directory", _directory, True,
             r"cannot open input file '.*a_directory\.mlir': Is a directory"),
    # IREE silently ignores this one (a deliberate divergence, README.md).
    BadInput("dispatch_to_missing_export", _copy(LIT_DIR / "error_missing_export.mlir"), False,
             r"'stream\.cmd\.dispatch' op entry point @ex_missing_export::@nope "
             r"does not refer to an executable export"),
    BadInput("export_of_missing_function", _copy(DATA_DIR / "export_of_missing_function.mlir"),
             False, r"export @not_defined calls an undefined function @not_defined"),
]


def error_lines(stderr: str, path: Path | str) -> list[str]:
    """The ``error:`` lines of a diagnostic stream (notes and source lines
    dropped), with the file name as printed."""
    prefix = re.escape(str(path))
    return [line for line in stderr.splitlines() if re.match(rf"^{prefix}:\d+:\d+: error: ", line)]


def assert_clean_failure(run: Run, path: Path | str, message: str) -> None:
    assert run.returncode == 1, run.describe()
    assert "Traceback" not in run.stderr and "Traceback" not in run.stdout, run.describe()
    assert run.stdout == "", f"IR printed for a failed build:\n{run.stdout[:2000]}"
    first = run.stderr.splitlines()[0] if run.stderr else ""
    match = re.match(rf"^{re.escape(str(path))}:\d+:\d+: error: (.*)$", first)
    assert match, run.describe()
    assert re.match(message, match.group(1)), run.describe()


@pytest.fixture(params=BAD_INPUTS, ids=lambda b: b.name)
def bad_input(request: pytest.FixtureRequest, tmp_path: Path) -> tuple[BadInput, Path]:
    case: BadInput = request.param
    directory = tmp_path / "in"
    directory.mkdir()
    return case, case.make(directory)


def test_bad_input_is_a_clean_diagnostic(bad_input, run_halflow: RunTool, iree_materialize) -> None:
    case, path = bad_input
    run = run_halflow("build", path)
    assert_clean_failure(run, path, case.message)
    if case.iree_agrees:
        oracle = iree_materialize(path)
        assert oracle.returncode == 1, oracle.describe()
        theirs = error_lines(oracle.stderr, path)
        if not theirs:
            # iree-opt reports unopenable files without a position.
            theirs = [f"{path}:0:0: error: {line}" for line in oracle.stderr.splitlines()]
        assert error_lines(run.stderr, path) == theirs


def test_bad_input_does_not_create_output(bad_input, run_halflow: RunTool, tmp_path: Path) -> None:
    case, path = bad_input
    out_dir = tmp_path / "out"
    out_dir.mkdir()
    out = out_dir / "result.mlir"
    run = run_halflow("build", path, "-o", out)
    assert_clean_failure(run, path, case.message)
    assert list(out_dir.iterdir()) == [], "a failed build left files behind"


def test_bad_input_leaves_existing_output_untouched(
    bad_input, run_halflow: RunTool, tmp_path: Path
) -> None:
    case, path = bad_input
    out_dir = tmp_path / "out"
    out_dir.mkdir()
    out = out_dir / "result.mlir"
    out.write_bytes(OLD_CONTENT)
    os.utime(out, ns=(OLD_MTIME_NS, OLD_MTIME_NS))
    before = out.stat()
    run = run_halflow("build", path, "-o", out)
    assert_clean_failure(run, path, case.message)
    after = out.stat()
    assert out.read_bytes() == OLD_CONTENT
    assert after.st_mtime_ns == before.st_mtime_ns == OLD_MTIME_NS
    assert after.st_ino == before.st_ino
    assert [p.name for p in out_dir.iterdir()] == ["result.mlir"]


def test_unreadable_file(run_halflow: RunTool, iree_materialize, tmp_path: Path) -> None:
    path = tmp_path / "unreadable.mlir"
    shutil.copyfile(corpus_file("mlp_s.mlir"), path)
    path.chmod(0)
    try:
        if os.access(path, os.R_OK):
            pytest.skip("running as root: a mode-000 file is still readable "
                        "(test_bad_input_* covers a directory input instead)")
        run = run_halflow("build", path)
        assert_clean_failure(run, path, r"cannot open input file '.*': Permission denied")
        oracle = iree_materialize(path)
        assert oracle.returncode == 1
        assert run.stderr.splitlines()[0] == f"{path}:0:0: error: {oracle.stderr.splitlines()[0]}"
    finally:
        path.chmod(stat.S_IRUSR | stat.S_IWUSR)


def test_stdin_parse_error_names_stdin(run_halflow: RunTool, iree_materialize) -> None:
    data = (LIT_DIR / "error_parse.mlir").read_bytes()
    run = run_halflow("build", "-", stdin=data)
    assert_clean_failure(run, "<stdin>", r"use of undeclared SSA value name")
    oracle = iree_materialize("-", stdin=data)
    assert oracle.returncode == 1
    assert error_lines(run.stderr, "<stdin>") == error_lines(oracle.stderr, "<stdin>")


@pytest.mark.parametrize(
    "args",
    [
        ("build", "--no-such-option"),
        ("build", "-o"),
        ("build", "a.mlir", "b.mlir"),
        ("no-such-command",),
    ],
    ids=["unknown_option", "option_without_value", "two_inputs", "unknown_command"],
)
def test_usage_errors_exit_2(args: tuple[str, ...], run_halflow: RunTool, tmp_path: Path) -> None:
    run = run_halflow(*args, cwd=tmp_path)
    assert run.returncode == 2, run.describe()
    assert re.search(r"^(Usage|Error): ", run.stderr, re.MULTILINE), run.describe()
    assert "Traceback" not in run.stderr
    assert run.stdout == ""
    assert list(tmp_path.iterdir()) == []


def test_output_file_is_replaced_atomically(
    run_halflow: RunTool, iree_materialize, tmp_path: Path
) -> None:
    """``-o`` writes a new file and renames it over the old one: nothing but
    the result is left in the directory, the file's mode is kept, and a
    reader holding the old file still sees the old content."""
    source = corpus_file("mlp_s.mlir")
    out_dir = tmp_path / "out"
    out_dir.mkdir()
    out = out_dir / "result.mlir"
    out.write_bytes(OLD_CONTENT)
    out.chmod(0o640)
    with out.open("rb") as reader:
        run = run_halflow("build", source, "-o", out)
        assert run.returncode == 0, run.describe()
        assert reader.read() == OLD_CONTENT
    assert [p.name for p in out_dir.iterdir()] == ["result.mlir"]
    assert stat.S_IMODE(out.stat().st_mode) == 0o640
    oracle = iree_materialize(source)
    assert out.read_text() == oracle.stdout


def test_output_symlink_is_written_through(
    run_halflow: RunTool, iree_materialize, tmp_path: Path
) -> None:
    """``-o LINK`` updates the file the link points to (atomically, beside
    it) and leaves the link a link; a second build through the link is up
    to date."""
    source = corpus_file("mlp_s.mlir")
    real_dir, link_dir = tmp_path / "real", tmp_path / "links"
    real_dir.mkdir()
    link_dir.mkdir()
    real = real_dir / "result.mlir"
    real.write_bytes(OLD_CONTENT)
    link = link_dir / "result.mlir"
    link.symlink_to(real)
    cache = tmp_path / "cache"
    for _ in range(2):
        run = run_halflow("build", source, "-o", link, "--cache-dir", cache)
        assert run.returncode == 0, run.describe()
        assert link.is_symlink() and link.resolve() == real
        assert real.read_text() == iree_materialize(source).stdout
        assert [p.name for p in real_dir.iterdir()] == ["result.mlir"]
        assert [p.name for p in link_dir.iterdir()] == ["result.mlir"]


@pytest.mark.parametrize(
    ("command", "what"),
    [
        (["build", "{src}", "-o", "{out}", "--report", "{bad}"], "report file"),
        (["build", "{src}", "-o", "{out}", "--trace", "{bad}"], "trace file"),
        (["build", "{src}", "--report", "{bad}"], "report file"),
        (["graph", "{src}", "-o", "{bad}"], "output file"),
    ],
    ids=["report", "trace", "report-stdout", "graph"],
)
def test_unwritable_side_files_are_diagnosed(
    command: list[str], what: str, run_halflow: RunTool, tmp_path: Path
) -> None:
    """A report, trace or graph file that cannot be written (its directory
    does not exist) is a diagnostic with exit status 1, not a traceback; the
    build's own output is still written."""
    src = corpus_file("mlp_s.mlir")
    out = tmp_path / "out.mlir"
    bad = tmp_path / "missing" / "file.json"
    args = [a.format(src=src, out=out, bad=bad) for a in command]
    run = run_halflow(*args, "--cache-dir", tmp_path / "cache", cwd=tmp_path)
    assert run.returncode == 1, run.describe()
    assert f"{bad}:0:0: error: cannot write {what}: No such file or directory" in run.stderr
    assert "Traceback" not in run.stderr
    if "-o" in command and command[0] == "build":
        assert out.read_text().startswith("#executable_target_embedded_elf_x86_64 = ")
    assert not bad.parent.exists()


def test_new_output_file(run_halflow: RunTool, tmp_path: Path) -> None:
    out = tmp_path / "fresh.mlir"
    run = run_halflow("build", corpus_file("mlp_s.mlir"), "-o", out)
    assert run.returncode == 0, run.describe()
    assert run.stdout == "" and run.stderr == ""
    assert [p.name for p in tmp_path.iterdir()] == ["fresh.mlir"]
    assert out.read_text().startswith("#executable_target_embedded_elf_x86_64 = ")


def test_output_that_is_not_a_regular_file_is_written_in_place(
    run_halflow: RunTool, iree_materialize, tmp_path: Path
) -> None:
    """``-o`` to a FIFO (like ``-o /dev/null`` or ``-o /dev/stdout``) writes
    into it; renaming a file over it would replace the FIFO (or, as root,
    the /dev/null device) with a regular file."""
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    received: list[bytes] = []

    def drain() -> None:
        with fifo.open("rb") as reader:
            received.append(reader.read())

    source = corpus_file("mlp_s.mlir")
    cache = tmp_path / "cache"
    # Twice, with a cache: a pipe holds nothing, so the second build (of
    # unchanged input) writes the output again rather than calling it
    # up to date.
    for _ in range(2):
        received.clear()
        reader = threading.Thread(target=drain, daemon=True)
        reader.start()
        run = run_halflow("build", source, "-o", fifo, "--cache-dir", cache)
        assert run.returncode == 0, run.describe()
        assert stat.S_ISFIFO(fifo.lstat().st_mode), "the FIFO was replaced by a regular file"
        reader.join(timeout=30)
        assert received == [iree_materialize(source).stdout.encode()]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cache", "pipe"]
