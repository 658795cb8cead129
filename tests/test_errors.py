"""Bad input through the CLI, as real processes.

For every kind of bad input: exit status 1, a ``<file>:<line>:<col>: error:``
diagnostic on stderr in IREE's words where ``iree-opt`` reports the same
problem (then halflow's whole stderr is iree-opt's, byte for byte: source
lines, carets, notes, input bytes that are not UTF-8), no Python traceback,
no IR on stdout, and ``-o OUT`` neither created nor touched.
Usage errors exit with 2. A successful ``-o`` replaces its file atomically.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import stat
import sys
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import pytest
from conftest import TESTS_DIR, Run, RunTool, corpus_file, run_process

LIT_DIR = TESTS_DIR / "lit"
DATA_DIR = TESTS_DIR / "data"
OLD_CONTENT = b"// an output file from an earlier build\n"
OLD_MTIME_NS = 1_000_000_000 * 10**9  # 2001-09-09, far from "now"
UTF8_BOM = b"\xef\xbb\xbf"
# MLIR quotes the bad predicate in its message as it is: a byte that is not
# UTF-8, which the bindings cannot hand to Python as a str.
NON_UTF8_MESSAGE = (
    b"func.func @f(%a: i32) -> i1 {\n"
    b'  %0 = arith.cmpi "e\xffq", %a, %a : i32\n'
    b"  return %0 : i1\n"
    b"}\n"
)


@dataclass(frozen=True)
class BadInput:
    """A bad input made in a scratch directory.

    ``iree_agrees``: iree-opt reports an error for it too, and halflow's
    stderr must be iree-opt's (its error lines, for files iree-opt cannot
    open). ``message``: a regex the first error's text (after ``error: ``,
    decoded with replacement characters) must match.
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


def _written(name: str, data: Callable[[], bytes]) -> Callable[[Path], Path]:
    def make(directory: Path) -> Path:
        target = directory / name
        target.write_bytes(data())
        return target

    return make


def _with_bom(extra_edit: Callable[[bytes], bytes] = lambda data: data) -> Callable[[], bytes]:
    """A corpus file starting with a UTF-8 BOM. MLIR does not skip it: the
    error is at 1:1, whatever else is wrong later, and LLVM shows the line
    without a caret (it has bytes that are not ASCII)."""
    return lambda: UTF8_BOM + extra_edit(corpus_file("mlp_s.mlir").read_bytes())


def _unsupported_i32_argument(data: bytes) -> bytes:
    edited = data.replace(b"%arg2: i32, %arg3: i32) {", b"%arg2: f32, %arg3: i32) {", 1)
    assert edited != data
    return edited


def _lit_edit(name: str, old: bytes, new: bytes) -> Callable[[], bytes]:
    def data() -> bytes:
        text = (LIT_DIR / name).read_bytes()
        assert old in text
        return text.replace(old, new, 1)

    return data


def _entry_returning_a_value() -> bytes:
    """mlp_s with one entry function returning its uniform argument."""
    text = corpus_file("mlp_s.mlir").read_bytes()
    head = b"%arg2: i32, %arg3: i32) {\n"
    at = text.index(head)
    end = text.index(b"        return\n", at)
    return (text[:at] + b"%arg2: i32, %arg3: i32) -> i32 {\n" + text[at + len(head):end]
            + b"        return %arg2 : i32\n" + text[end + len(b"        return\n"):])


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
    # The note Operation::emitError adds shows a larger function, generic
    # form, elided elements.
    BadInput("unsupported_argument_type_large_function",
             _copy(DATA_DIR / "error_arg_type_large.mlir"), True,
             r"unsupported interface function argument 2 type 'f32'"),
    BadInput("non_utf8_byte_in_message", _written("non_utf8.mlir", lambda: NON_UTF8_MESSAGE),
             True, r"custom op 'arith\.cmpi' invalid predicate attribute specification: "),
    BadInput("utf8_bom", _written("bom.mlir", _with_bom()), True, r"unexpected character"),
    BadInput("utf8_bom_and_unsupported_argument",
             _written("bom_arg.mlir", _with_bom(_unsupported_i32_argument)), True,
             r"unexpected character"),
    # LLVM shows a source line with a byte that is not ASCII without a caret,
    # and expands tabs (in the caret line too).
    BadInput("non_ascii_source_line",
             _written("non_ascii.mlir", _lit_edit(
                 "error_arg_type.mlir", b"%arg1: f32) {\n", b"%arg1: f32) { // caf\xc3\xa9\n")),
             True, r"unsupported interface function argument 1 type 'f32'"),
    BadInput("tabs_in_source_line",
             _written("tabs.mlir", _lit_edit("error_parse.mlir", b"\n  %0 = arith.addi %arg0, ",
                                             b"\n\t%0 = arith.addi\t%arg0, ")),
             True, r"use of undeclared SSA value name"),
    # MLIR's note lists the available dialects: iree-opt's list, although the
    # bindings' context has one more dialect loaded.
    BadInput("unknown_dialect",
             _written("unknown_dialect.mlir", lambda: b"module {\n  foo.bar\n}\n"),
             True, r"Dialect `foo' not found for custom op 'foo\.bar'"),
    # IREE converts it to a function returning nothing: MLIR's verifier after
    # the pass reports the return (with its note).
    BadInput("entry_function_returning_a_value",
             _written("returns_value.mlir", _entry_returning_a_value), True,
             r"'func\.return' op has 1 operands, but enclosing function \(@.*\) returns 0"),
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
    # IREE 3.13 crashes on this one too: the export's symbol is a global.
    BadInput("export_of_a_symbol_that_is_not_a_function",
             _copy(DATA_DIR / "export_of_non_function.mlir"), False,
             r"export @entry calls an undefined function @entry"),
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
        if error_lines(oracle.stderr, path):
            assert run.raw_stderr == oracle.raw_stderr
        else:
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


# Root reads a mode-000 file anyway (the DAC override capabilities);
# processes started through this prefix run without them, as any user would.
WITHOUT_DAC_OVERRIDE = (
    "setpriv",
    "--inh-caps=-dac_override,-dac_read_search",
    "--bounding-set=-dac_override,-dac_read_search",
    "--",
)


def as_unprivileged(args: Sequence[object]) -> list[str]:
    prefix: tuple[str, ...] = ()
    if os.geteuid() == 0:
        if shutil.which("setpriv") is None:
            pytest.skip("running as root without setpriv (util-linux): a mode-000 file "
                        "cannot be made unreadable")
        prefix = WITHOUT_DAC_OVERRIDE
    return [*prefix, *map(str, args)]


def test_unreadable_file(iree_opt_path: str, tmp_path: Path) -> None:
    path = tmp_path / "unreadable.mlir"
    shutil.copyfile(corpus_file("mlp_s.mlir"), path)
    out = tmp_path / "out.mlir"
    path.chmod(0)
    try:
        run = run_process(as_unprivileged([sys.executable, "-m", "halflow", "build", path,
                                           "-o", out]))
        assert_clean_failure(run, path, r"cannot open input file '.*': Permission denied")
        assert not out.exists()
        oracle = run_process(
            as_unprivileged([iree_opt_path, "--iree-hal-materialize-interfaces", path])
        )
        assert oracle.returncode == 1, oracle.describe()
        assert run.stderr.splitlines()[0] == f"{path}:0:0: error: {oracle.stderr.splitlines()[0]}"
    finally:
        path.chmod(stat.S_IRUSR | stat.S_IWUSR)


def test_stdin_parse_error_names_stdin(run_halflow: RunTool, iree_materialize) -> None:
    data = (LIT_DIR / "error_parse.mlir").read_bytes()
    run = run_halflow("build", "-", stdin=data)
    assert_clean_failure(run, "<stdin>", r"use of undeclared SSA value name")
    oracle = iree_materialize("-", stdin=data)
    assert oracle.returncode == 1
    assert run.raw_stderr == oracle.raw_stderr


def _split_with_non_utf8_case() -> bytes:
    """split_errors.mlir's cases (one good) and a case whose message quotes
    a byte that is not UTF-8."""
    return (LIT_DIR / "split_errors.mlir").read_bytes() + b"\n// -----\n" + NON_UTF8_MESSAGE


@pytest.mark.parametrize(
    ("data", "options"),
    [(lambda: NON_UTF8_MESSAGE, ()), (_split_with_non_utf8_case, ("--split-input-file",))],
    ids=["whole_file", "split_input_file"],
)
@pytest.mark.parametrize("via_stdin", [False, True], ids=["file", "stdin"])
def test_non_utf8_message_in_every_build_mode(
    data: Callable[[], bytes],
    options: tuple[str, ...],
    via_stdin: bool,
    run_halflow: RunTool,
    iree_materialize,
    tmp_path: Path,
) -> None:
    """A message quoting input bytes that are not UTF-8 (which the MLIR
    bindings cannot turn into a str) is iree-opt's stderr, byte for byte,
    in every way of building: without a cache, with a fresh cache, with
    that cache again (and the same stdout: the other cases' output)."""
    content = data()
    path = tmp_path / "non_utf8.mlir"
    path.write_bytes(content)
    where, stdin = ("-", content) if via_stdin else (path, None)
    oracle = iree_materialize(where, *options, stdin=stdin)
    assert oracle.returncode == 1 and b'"e\xffq"' in oracle.raw_stderr, oracle.describe()
    cache = tmp_path / "cache"
    for mode in (["--no-cache"], ["--cache-dir", cache], ["--cache-dir", cache]):
        run = run_halflow("build", where, *options, *mode, stdin=stdin)
        assert run.returncode == 1, run.describe()
        assert run.raw_stderr == oracle.raw_stderr, run.describe()
        assert run.stdout == oracle.stdout


@pytest.mark.parametrize("no_cache", [True, False], ids=["no_cache", "cache"])
def test_non_utf8_message_through_the_library(
    no_cache: bool, iree_materialize, tmp_path: Path
) -> None:
    """``halflow.build`` raises a HalflowError whose rendering, written with
    ``surrogateescape`` (as the CLI writes it), is iree-opt's stderr."""
    import halflow

    path = tmp_path / "non_utf8.mlir"
    path.write_bytes(NON_UTF8_MESSAGE)
    oracle = iree_materialize(path)
    for _ in range(2):
        with pytest.raises(halflow.HalflowError) as info:
            halflow.build(path, no_cache=no_cache, cache_dir=None if no_cache else tmp_path / "c")
        rendered = info.value.render() + "\n"
        assert rendered.encode("utf-8", "surrogateescape") == oracle.raw_stderr


def _with_long_alias(comment: bool) -> bytes:
    """mlp_s.mlir with an alias definition of more than 256 characters
    before its first one (fingerprints memoize strings that long by digest)
    holding a byte that is not UTF-8, or followed by a comment line with one."""
    lines = corpus_file("mlp_s.mlir").read_bytes().split(b"\n")
    at = next(i for i, line in enumerate(lines) if line.startswith(b"#"))
    note = b"a" * 300 + (b"" if comment else b"\xe9")
    extra = [b'#long_note = {note = "' + note + b'"}']
    if comment:
        extra.append(b"// a comment with a byte that is not UTF-8: \xe9")
    return b"\n".join(lines[:at] + extra + lines[at:])


@pytest.mark.parametrize("comment", [False, True], ids=["in_alias", "comment_after_alias"])
def test_long_alias_with_non_utf8_byte_in_every_build_mode(
    comment: bool, run_halflow: RunTool, iree_materialize, tmp_path: Path
) -> None:
    """A long alias line with a byte that is not UTF-8 reaches fingerprints
    as a lone surrogate: no cache, a fresh cache, a no-op over it, and an
    edit of an executable built incrementally all print iree-opt's output."""
    sys.path.insert(0, str(TESTS_DIR))
    from support.engine import body_edit, load_report

    path = tmp_path / "long_alias.mlir"
    content = _with_long_alias(comment)
    edited = body_edit(
        content.decode("utf-8", "surrogateescape"), "main$async_dispatch_0"
    ).encode("utf-8", "surrogateescape")
    cache = tmp_path / "cache"
    for data, modes in ((content, ("--no-cache", "cache", "cache")), (edited, ("cache",))):
        path.write_bytes(data)
        oracle = iree_materialize(path)
        assert oracle.returncode == 0, oracle.describe()
        for mode in modes:
            args = ["--no-cache"] if mode == "--no-cache" else [
                "--cache-dir", cache, "--report", tmp_path / "r.json"]
            run = run_halflow("build", path, *args)
            assert run.returncode == 0, run.describe()
            assert run.stderr == "" and run.stdout == oracle.stdout, run.describe()
    assert load_report(tmp_path / "r.json")["mode"] == "incremental"


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


def test_file_names_that_are_not_utf8(run_halflow: RunTool, iree_materialize,
                                      tmp_path: Path) -> None:
    """Input and output names with a byte that is not UTF-8 (Python holds it
    as a lone surrogate): built, recorded in the cache, found up to date."""
    source = tmp_path / "in\udce9.mlir"
    shutil.copyfile(corpus_file("mlp_s.mlir"), source)
    out = tmp_path / "out\udce9.mlir"
    oracle = iree_materialize(corpus_file("mlp_s.mlir"))
    cache = tmp_path / "cache"
    for extra in ((), (), ("--report", tmp_path / "r.json"), ("--no-cache",)):
        args = extra if extra == ("--no-cache",) else ("--cache-dir", cache, *extra)
        run = run_halflow("build", source, "-o", out, *args)
        assert run.returncode == 0 and run.stderr == "", run.describe()
        assert out.read_text() == oracle.stdout
    stats = run_halflow("cache", "stats", "--cache-dir", cache, "--json")
    modes = [h["mode"] for h in json.loads(stats.stdout)["history"]]
    assert modes == ["whole", "up-to-date", "noop"], modes


@pytest.mark.parametrize("mode", [(), ("--no-cache",), ("--report", "r.json")],
                         ids=["cache", "no_cache", "report"])
def test_output_dash_is_stdout(mode: tuple[str, ...], run_halflow: RunTool, iree_materialize,
                               tmp_path: Path) -> None:
    """``-o -`` is stdout, as for iree-opt and every LLVM tool: no file
    named ``-`` (``graph -o -`` too)."""
    source = corpus_file("mlp_s.mlir")
    oracle = iree_materialize(source)
    for _ in range(2):  # a second run meets a cache that knows the input
        run = run_halflow("build", source, "-o", "-", *mode, cwd=tmp_path)
        assert run.returncode == 0, run.describe()
        assert run.stdout == oracle.stdout and run.stderr == ""
        assert not (tmp_path / "-").exists()
    graph = run_halflow("graph", source, "--format", "json", "-o", "-", cwd=tmp_path)
    assert graph.returncode == 0 and graph.stdout.startswith("{"), graph.describe()
    assert not (tmp_path / "-").exists()


@pytest.mark.parametrize("how", ["same_path", "relative", "symlink", "hard_link"])
def test_output_that_is_the_input_is_a_usage_error(
    how: str, run_halflow: RunTool, tmp_path: Path
) -> None:
    """``build m.mlir -o m.mlir`` (however the output names the input) is
    refused as watch refuses it: exit 2, the input untouched."""
    source = tmp_path / "m.mlir"
    shutil.copyfile(corpus_file("mlp_s.mlir"), source)
    before = source.read_bytes()
    output = {"same_path": source, "relative": "./m.mlir", "symlink": tmp_path / "link.mlir",
              "hard_link": tmp_path / "hard.mlir"}[how]
    if how == "symlink":
        (tmp_path / "link.mlir").symlink_to(source)
    elif how == "hard_link":
        os.link(source, tmp_path / "hard.mlir")
    for extra in ((), ("--cache-dir", tmp_path / "c"), ("--no-cache",)):
        run = run_halflow("build", source, "-o", output, *extra, cwd=tmp_path)
        assert run.returncode == 2, run.describe()
        assert "Error: the output must not be the input" in run.stderr, run.describe()
        assert "Traceback" not in run.stderr and run.stdout == ""
        assert source.read_bytes() == before
    watch = run_halflow("watch", source, "-o", output, "--no-cache", cwd=tmp_path)
    assert watch.returncode == 2 and "Error: the output must not be the input" in watch.stderr


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


@pytest.mark.parametrize("source_exists", [False, True], ids=["no_source", "source_on_disk"])
def test_error_at_a_debug_location_names_its_file(
    source_exists: bool, run_halflow: RunTool, run_iree_opt: RunTool, tmp_path: Path
) -> None:
    """An op whose location names another file (``loc("model.py":7:3)``,
    as in inputs with debug locations) is reported in that file, as
    iree-opt does: with the line MLIR's source manager reads from that file
    (relative to the working directory) when it exists, else none."""
    text = (LIT_DIR / "error_arg_type.mlir").read_bytes()
    body_end = b"      return\n    }\n"  # the entry function's closing brace
    assert text.count(body_end) == 1
    path = tmp_path / "debug_locations.mlir"
    path.write_bytes(text.replace(body_end, body_end[:-1] + b' loc("model.py":7:3)\n'))
    if source_exists:
        (tmp_path / "model.py").write_text("import x\n" * 6 + "  def entry(binding, scale):\n")
    oracle = run_iree_opt("--iree-hal-materialize-interfaces", path, cwd=tmp_path)
    assert oracle.returncode == 1 and oracle.stderr.startswith("model.py:7:3: error: ")
    assert ("def entry" in oracle.stderr) == source_exists
    run = run_halflow("build", path, cwd=tmp_path)
    assert run.returncode == 1, run.describe()
    assert run.raw_stderr == oracle.raw_stderr
