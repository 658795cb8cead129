"""``--split-input-file`` splits where ``iree-opt`` splits, quirks included.

MLIR's ``splitAndProcessBuffer`` (iree-opt 3.13) cuts at ``// ---`` and then
decides, piece by piece, whether a marker was completed: a file that starts
with the marker gets a first case starting with ``--``, ``// -----0`` is a
near miss while ``// ------`` splits, a marker at the very end without a
newline is no split, and every near miss is a warning printed before any
case is built. Each input below goes through both tools; halflow's stdout,
stderr and exit status must be iree-opt's, through the command line
(``--no-cache``; the engine without a cache; a cold cache, then the same
build again from the warm cache) and through the library.
"""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from conftest import Run, RunTool

import halflow
from halflow.core.diagnostics import HalflowError, Severity
from halflow.source.inputs import split_input

M = b"module {}\n"

# A dispatch and no device global: IREE's "no HAL devices" error, at the
# (implicit) module.
NO_DEVICES = b"""
stream.executable private @ex {
  stream.executable.export public @entry workgroups() -> (index, index, index) {
    %c1 = arith.constant 1 : index
    stream.return %c1, %c1, %c1 : index, index, index
  }
  builtin.module {
    func.func @entry(%arg0: !stream.binding) {
      return
    }
  }
}
util.func public @f(%arg0: !stream.resource<transient>, %arg1: index) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %0 = stream.cmd.execute with(%arg0 as %arg2: !stream.resource<transient>{%arg1}) {
    stream.cmd.dispatch @ex::@entry {
      rw %arg2[%c0 for %arg1] : !stream.resource<transient>{%arg1}
    }
  } => !stream.timepoint
  util.return %0 : !stream.timepoint
}
"""
INPUTS: dict[str, bytes] = {
    # The probes that first showed the differences.
    "starts_with_marker": b"// -----\n" + M,
    "marker_at_end_no_newline": M + b"// -----",
    "marker_at_end_with_newline": M + b"// -----\n",
    "six_dashes": M + b"// ------\n" + M,
    "dashes_then_zero": M + b"// -----0\n" + M,
    "short_marker_then_adjacent": M + b"// ----\n" + M + b"// -----\n// -----\n" + M,
    "two_markers_mid_line": b"module {} // -----// -----module {}\n",
    # More corners.
    "crlf": b"module {}\r\n// -----\r\nmodule {}\r\n",
    "crlf_near_miss": b"module {}\r\n// ----\r\nmodule {}\r\n",
    "three_adjacent_markers": M + b"// -----\n// -----\n// -----\n" + M,
    "marker_trailing_space": M + b"// ----- \n" + M,
    "marker_mid_line_in_comment": b"module {} // see the // ----- below\n" + M,
    "marker_in_string_in_comment": b'module {} // x = "// -----"\n' + M,
    "near_miss_in_string": b'module attributes {test.x = "// ----"} {}\n',
    "near_miss_and_parse_error": b'module {\n// ----\n  "bad"\n}\n',
    "near_miss_then_bad_case": M + b"// ----x\n" + M + b'// -----\n"bad"() : () -> ()\n',
    "near_miss_after_tab": b"\tmodule {} // ----x\n",
    "near_miss_after_utf8": "module {} // éé // ----x\n".encode(),
    "error_on_tab_line": M + b'// -----\n\t"bad"() : () -> ()\n',
    "error_on_utf8_line": M + '// -----\n  "b\u00e9d"() : () -> ()\n'.encode(),
    "utf8_before_split_then_error": "module {} // éé // -----\n \"bad\"\n".encode(),
    "only_marker": b"// -----",
    "only_cut": b"// ---",
    "marker_twice_at_start": b"// -----\n// -----\n" + M,
    "near_miss_at_end": M + b"// ---",
    "no_marker": M,
    # A lone CR before a near miss: the quoted line starts after the CR, the
    # column counts from the LF, and the caret stops at the line's end.
    "lone_cr_before_near_miss": b"util.global private @a = 1 : i32\r// ---- near\n",
    "lone_cr_short_before_near_miss": b"//\r// ---- and a longer text after it\n" + M,
    # An error at the implicit module of a case: 0:0 in the first case, at
    # the case's first character (just after its marker) in the others.
    "no_devices_in_later_cases": (
        b'util.global private @x = 1 : i32\n// -----\n' + NO_DEVICES + b"// -----" + NO_DEVICES
    ),
    "no_devices_in_first_case": NO_DEVICES + b"// -----\n" + M,
}


@pytest.fixture(scope="module")
def oracle(run_iree_opt: RunTool, tmp_path_factory: pytest.TempPathFactory):
    """``oracle(name)``: iree-opt's run on ``INPUTS[name]`` (once each),
    from the directory holding the file, as the tests run halflow."""
    directory = tmp_path_factory.mktemp("oracle")
    runs: dict[str, Run] = {}

    def run(name: str) -> Run:
        if name not in runs:
            (directory / f"{name}.mlir").write_bytes(INPUTS[name])
            runs[name] = run_iree_opt(
                "--split-input-file", "--iree-hal-materialize-interfaces", f"{name}.mlir",
                cwd=directory,
            )
        return runs[name]

    return run


def write_input(directory: Path, name: str) -> Path:
    path = directory / f"{name}.mlir"
    path.write_bytes(INPUTS[name])
    return path


def assert_same_run(expected: Run, actual: Run) -> None:
    assert (actual.returncode, actual.stderr, actual.stdout) == (
        expected.returncode, expected.stderr, expected.stdout
    ), actual.describe()


def test_the_oracle_sees_what_this_file_is_about(oracle) -> None:
    """Guard against a vacuous pass: iree-opt really warns, fails and
    splits on these inputs."""
    assert "near miss" in oracle("dashes_then_zero").stderr
    assert oracle("starts_with_marker").stderr.startswith(
        "starts_with_marker.mlir:1:7: error: expected operation name in quotes\n"
    )
    assert oracle("marker_at_end_no_newline").stdout.count("// -----") == 0
    assert oracle("three_adjacent_markers").stdout.count("// -----") == 3


@pytest.mark.parametrize("name", INPUTS)
@pytest.mark.parametrize(
    "options",
    [["--no-cache"], ["--no-cache", "--report", "report.json"]],
    ids=["reference", "engine"],
)
def test_cli_without_cache(name: str, options: list[str], oracle, run_halflow: RunTool,
                           tmp_path: Path) -> None:
    write_input(tmp_path, name)
    run = run_halflow("build", "--split-input-file", *options, f"{name}.mlir", cwd=tmp_path)
    assert_same_run(oracle(name), run)


@pytest.mark.parametrize("name", INPUTS)
def test_cli_cold_then_warm_cache(name: str, oracle, run_halflow: RunTool,
                                  tmp_path: Path) -> None:
    """The second build is answered from the cache, and warns again (as
    iree-opt does on every run); so does a build to ``-o`` that finds its
    output current."""
    write_input(tmp_path, name)
    expected = oracle(name)
    for _ in range(2):
        run = run_halflow("build", "--split-input-file", f"{name}.mlir",
                          "--cache-dir", "cache", cwd=tmp_path)
        assert_same_run(expected, run)
    if expected.returncode == 0:
        for _ in range(2):
            run = run_halflow("build", "--split-input-file", f"{name}.mlir", "-o", "out.mlir",
                              "--cache-dir", "cache", cwd=tmp_path)
            assert_same_run(Run(expected.args, 0, "", expected.stderr), run)
            assert (tmp_path / "out.mlir").read_text() == expected.stdout


@pytest.mark.parametrize("name", INPUTS)
def test_library(name: str, oracle, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``halflow.build``: the text is iree-opt's stdout; the warnings
    (``BuildResult.warnings``, or the ``HalflowError``'s, rendered before
    its errors) are its stderr; cold, warm and without a cache alike."""
    write_input(tmp_path, name)
    monkeypatch.chdir(tmp_path)
    expected = oracle(name)
    for kwargs in ({"no_cache": True}, {"cache_dir": "cache"}, {"cache_dir": "cache"}):
        try:
            result = halflow.build(f"{name}.mlir", split_input_file=True, **kwargs)
        except HalflowError as err:
            assert expected.returncode == 1, expected.describe()
            assert err.render() + "\n" == expected.stderr
            assert getattr(err, "partial_output", "") == expected.stdout
            assert all(w.severity == Severity.WARNING for w in err.warnings)
        else:
            assert expected.returncode == 0, expected.describe()
            assert result.text == expected.stdout
            assert "".join(w.render() + "\n" for w in result.warnings) == expected.stderr


def test_split_positions_are_the_files() -> None:
    """Cases keep their place in the file (lines, and columns in UTF-8
    bytes, as MLIR counts them); near misses are offsets of the piece after
    the cut."""
    text = "a é // ------\nb // ----x\nc"
    split = split_input(text, True)
    assert [(c.text, c.line_offset, c.col_offset) for c in split.cases] == [
        ("a é ", 0, 0),
        ("-\nb // ----x\nc", 0, 13),
    ]
    assert split.near_misses == (text.index("-x"),)
    assert split_input(text, False).cases[0].text == text


def test_watch_prints_the_warnings_on_every_build(oracle, tmp_path: Path) -> None:
    """``halflow watch --split-input-file`` prints iree-opt's warnings before
    each build's line (the first build and a rebuild)."""
    src, out = write_input(tmp_path, "dashes_then_zero"), tmp_path / "out.mlir"
    lines: list[str] = []
    built = threading.Event()
    events = []

    def on_build(event: object) -> None:
        events.append(event)
        built.set()

    expected = oracle("dashes_then_zero").stderr.replace(
        "dashes_then_zero.mlir", str(src)
    )
    with halflow.watch(src, out, split_input_file=True, no_cache=True, log=lines.append,
                       on_build=on_build, debounce=0.02) as watcher:
        assert watcher.wait_ready(60)
        assert any(s.startswith(expected + f"halflow: built {src} in ") for s in lines), lines
        built.clear()
        src.write_bytes(INPUTS["dashes_then_zero"] + b"// ----\n")
        assert built.wait(60)
        assert events[-1].ok, events[-1].error
        again = expected + expected.replace(":2:7:", ":4:7:").replace("// -----0", "// ----")
        assert any(s.startswith(again + f"halflow: rebuilt {src} in ") for s in lines), lines
