"""Cached builds against iree-opt where the incremental split is delicate:
text in the module header that is not an alias definition, and CRLF files
whose errors sit where the CR matters.

Every case runs real processes: halflow over a cache directory (cold, and
warm after a build of a good version of the file), halflow ``--no-cache``
and ``iree-opt``; stdout, stderr (bytes) and exit status must be equal.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from support.engine import corpus_text

# A module without aliases, its header only comments (IREE's lit test of
# public hal.executable.source ops, trimmed).
PLAIN = """\

// A public executable source with two devices.
// (a second comment line)

module {
  util.global private @primary_device = #hal.device.target<"cpu", [
    #hal.executable.target<"llvm-cpu", "arm_64">,
    #hal.executable.target<"llvm-cpu", "x86_64">
  ]> : !hal.device
  util.global private @riscv_device = #hal.device.target<"cpu", [
    #hal.executable.target<"llvm-cpu", "riscv_32">
  ]> : !hal.device
  hal.executable.source public @ex {
    hal.executable.export public @entry layout(#hal.pipeline.layout<bindings = [
      #hal.pipeline.binding<storage_buffer>
    ]>)
    builtin.module {
      func.func @entry() {
        return
      }
    }
  }
  util.func public @using_specialized(%arg0: !stream.resource<transient>, %arg1: index)
      -> !stream.timepoint attributes {
    stream.affinity = #hal.device.affinity<@riscv_device>
  } {
    %c0 = arith.constant 0 : index
    %0 = stream.cmd.execute with(%arg0 as %arg2: !stream.resource<transient>{%arg1}) {
      stream.cmd.dispatch @ex::@entry {
        rw %arg2[%c0 for %arg1] : !stream.resource<transient>{%arg1}
      }
    } => !stream.timepoint
    util.return %0 : !stream.timepoint
  }
}
"""

Edit = Callable[[str], str]


def at_start(line: str) -> Edit:
    return lambda text: line + "\n" + text


def before_header_end(line: str) -> Edit:
    """Insert ``line`` just before the first alias definition, or before the
    module when there is none (after any leading comments)."""

    def edit(text: str) -> str:
        m = re.search(r"^(?:[#!]\w+ =|module\b)", text, re.M)
        assert m is not None
        return text[: m.start()] + line + "\n" + text[m.start() :]

    return edit


def after_first_alias(line: str) -> Edit:
    def edit(text: str) -> str:
        m = re.search(r"^[#!]\w+ =.*\n", text, re.M)
        assert m is not None
        return text[: m.end()] + line + "\n" + text[m.end() :]

    return edit


def replace(old: str, new: str) -> Edit:
    def edit(text: str) -> str:
        assert old in text
        return text.replace(old, new, 1)

    return edit


BASES = {"plain": lambda: PLAIN, "aliased": lambda: corpus_text("mlp_s.mlir")}
HEADER_EDITS: dict[str, tuple[tuple[str, ...], Edit]] = {
    # (bases it applies to, the edit)
    "global-at-start": (("plain", "aliased"), at_start("util.global private @x = 1 : i32")),
    "global-before-header-end": (
        ("plain", "aliased"), before_header_end("util.global private @x : i32")),
    "quote-at-start": (("plain", "aliased"), at_start('"')),
    "quote-before-header-end": (("plain", "aliased"), before_header_end('"')),
    "word-before-header-end": (("plain", "aliased"), before_header_end("garbage")),
    "comment-at-start": (("plain", "aliased"), at_start("// a new comment")),
    "comment-before-header-end": (("plain", "aliased"), before_header_end("  // indented")),
    "blank-lines": (("plain", "aliased"), at_start("\n  \n")),
    "new-unused-alias": (("plain",), before_header_end("#unused = 1 : i32")),
    "global-after-alias": (("aliased",), after_first_alias("util.global private @y : i32")),
    "alias-edit": (("aliased",), replace('cpu = "x86-64-v3"', 'cpu = "x86-64-v4"')),
    "alias-broken": (
        ("aliased",),
        replace("#map = affine_map<(d0, d1, d2) -> (d0, d2)>",
                "#map = affine_map<(d0, d1, d2) -> (d0, d7)>"),
    ),
}
HEADER_CASES = [
    pytest.param(base, edit, id=f"{base}-{name}")
    for name, (bases, edit) in HEADER_EDITS.items()
    for base in bases
]


def outcome(run) -> tuple[int, str, bytes]:
    assert "Traceback" not in run.stderr, run.describe()
    return run.returncode, run.stdout, run.raw_stderr


def assert_like_oracle(path: Path, cache: Path, run_halflow, iree_materialize,
                       *extra: str) -> tuple[int, str, bytes]:
    """halflow over ``cache`` and without a cache both print what iree-opt
    prints for ``path``."""
    oracle = outcome(iree_materialize(path, *extra))
    assert outcome(run_halflow("build", *extra, path, "--no-cache")) == oracle
    assert outcome(run_halflow("build", *extra, path, "--cache-dir", cache)) == oracle
    return oracle


@pytest.mark.parametrize(("base", "edit"), HEADER_CASES)
def test_header_edit_after_a_cached_build(
    base: str, edit: Edit, tmp_path: Path, run_halflow, iree_materialize
) -> None:
    """An edit of the header (before the first alias or the module) is seen
    by a cached rebuild: errors are iree-opt's, comments change nothing, an
    alias edit builds like a clean build; going back gives the old output."""
    text = BASES[base]()
    path = tmp_path / "in.mlir"
    cache = tmp_path / "cache"
    path.write_text(text)
    good = assert_like_oracle(path, cache, run_halflow, iree_materialize)
    assert good[0] == 0
    path.write_text(edit(text))
    assert_like_oracle(path, cache, run_halflow, iree_materialize)
    path.write_text(text)
    assert outcome(run_halflow("build", path, "--cache-dir", cache)) == good


OPEN_STRING = 'util.global private @s = "abc : i32'
GOOD_CASE = "module {\n  util.global private @a = 1 : i32\n}\n"
CRLF_ERRORS = {
    # a string literal left open at the end of a line: MLIR's lexer takes
    # the CR in, so the error's column is one past the LF-only text's
    "open-string": OPEN_STRING + "\n",
    "open-string-in-module": "module {\n  " + OPEN_STRING + "\n}\n",
    "open-string-in-plain": PLAIN.replace(
        "%c0 = arith.constant 0 : index", '%c0 = arith.constant "zero : index'
    ),
    "open-string-in-header": '#a = "abc\n' + PLAIN,
}


def crlf(text: str) -> bytes:
    return text.replace("\n", "\r\n").encode()


@pytest.mark.parametrize("name", sorted(CRLF_ERRORS))
def test_crlf_error_cold_and_warm(name: str, tmp_path: Path, run_halflow,
                                  iree_materialize) -> None:
    """A CRLF file with an error: the same diagnostics from a cold cache,
    after a cached build of a good CRLF file, and again warm."""
    path = tmp_path / "in.mlir"
    path.write_bytes(crlf(CRLF_ERRORS[name]))
    bad = assert_like_oracle(path, tmp_path / "cold", run_halflow, iree_materialize)
    assert bad[0] == 1
    warm = tmp_path / "warm"
    path.write_bytes(crlf(PLAIN))
    assert assert_like_oracle(path, warm, run_halflow, iree_materialize)[0] == 0
    path.write_bytes(crlf(CRLF_ERRORS[name]))
    assert assert_like_oracle(path, warm, run_halflow, iree_materialize) == bad
    assert outcome(run_halflow("build", path, "--cache-dir", warm)) == bad


def test_crlf_error_in_split_cases(tmp_path: Path, run_halflow, iree_materialize) -> None:
    """``--split-input-file`` on a CRLF file, one case with an open string
    (and a near miss with the marker): iree-opt's stdout and stderr, cold
    and after a cached build of the file with the error fixed."""
    cases = [GOOD_CASE, OPEN_STRING + "\n", "// ---- near\n" + PLAIN]
    bad = "// -----\n".join(cases)
    path = tmp_path / "in.mlir"
    path.write_bytes(crlf(bad))
    split = "--split-input-file"
    first = assert_like_oracle(path, tmp_path / "cache", run_halflow, iree_materialize, split)
    assert first[0] == 1
    path.write_bytes(crlf(bad.replace(OPEN_STRING, OPEN_STRING + '"')))
    assert_like_oracle(path, tmp_path / "cache", run_halflow, iree_materialize, split)
    path.write_bytes(crlf(bad))
    assert assert_like_oracle(
        path, tmp_path / "cache", run_halflow, iree_materialize, split) == first


def test_crlf_error_in_graph_command(tmp_path: Path, run_halflow, iree_materialize) -> None:
    """``halflow graph`` builds through the engine too: its diagnostics for
    a CRLF file are iree-opt's."""
    path = tmp_path / "in.mlir"
    path.write_bytes(crlf(CRLF_ERRORS["open-string"]))
    oracle = iree_materialize(path)
    run = run_halflow("graph", path, "--cache-dir", tmp_path / "cache")
    assert (run.returncode, run.raw_stderr) == (oracle.returncode, oracle.raw_stderr)


BLOB = "0x040000000000803F9BE8A13ECDCCCC3DE386013D0AD7233C383E4F3B6F12833A60CBA539"
RESOURCE_EDITS: dict[str, Edit] = {
    "blob-changed": lambda text: text.replace(BLOB, BLOB[:-1] + "A"),
    "blob-shorter": lambda text: text.replace(BLOB, BLOB[:-8]),
    "key-renamed": lambda text: text.replace(
        "torch_tensor_8_torch.float32:", "torch_tensor_8_renamed:"
    ),
    "section-removed": lambda text: text[: text.index("\n{-#")] + "\n",
}


@pytest.mark.parametrize("name", sorted(RESOURCE_EDITS))
def test_resource_section_edit_after_a_cached_build(
    name: str, tmp_path: Path, run_halflow, iree_materialize
) -> None:
    """The ``{-# dialect_resources #-}`` section after the module: the
    printed ops carry the data they reference, so editing the section
    rebuilds what prints it (before, a cached rebuild kept the old data)."""
    text = corpus_text("llama_l2.mlir")
    assert BLOB in text
    path = tmp_path / "in.mlir"
    cache = tmp_path / "cache"
    path.write_text(text)
    good = assert_like_oracle(path, cache, run_halflow, iree_materialize)
    path.write_text(RESOURCE_EDITS[name](text))
    edited = assert_like_oracle(path, cache, run_halflow, iree_materialize)
    assert edited != good
    path.write_text(text)
    assert outcome(run_halflow("build", path, "--cache-dir", cache)) == good
