"""Every input shape of issue 12 builds a one-executable edit incrementally.

The inputs are real pre-materialize modules with inline weights
(``tests/data/inline``, made by ``tests/inline_weights.py`` with
``iree-compile``): ``#util.composite`` constant pools printed over several
lines, a constant-loading ``util.initializer`` and host functions with
several blocks (``^bb1:`` at the body's indentation), a ``dense_resource``
blob. Each hand-written shape below is one small text change of such a
module (a comment after the module, an opening over two lines, an op at
another indentation, a tab-indented body, two ops on one line (also one
whose second op's region follows on the lines below), an op continued on a
line of its own at the body's indentation (``attributes {...} {``), a
generic-form op, a distinct attribute). For every shape, the same edit of one
executable's body executes exactly ``executable``, ``convert`` and
``module`` (Salsa-style: the exact executed list), and the output equals a
clean build and ``iree-opt --iree-hal-materialize-interfaces`` byte for byte.
Where a shape truly cannot be split (a distinct attribute shared by two
top-level ops), the report's ``fallback`` and ``--explain`` name the
construct and its ``line:col``.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from support.engine import (
    Module,
    body_edit,
    clean_build,
    executed,
    lib_build,
    reference_output,
    run_halflow,
)

DATA = Path(__file__).parent / "data" / "inline"
BASE = "mlp_inline.mlir"


def inline_text(name: str = BASE) -> str:
    return (DATA / name).read_text()


# -- the shapes: each a deterministic text change of a printed module -----------------


def comment_after_module(text: str) -> str:
    close = text.rfind("\n}\n")
    return text[: close + 3] + "// the end of the module\n" + text[close + 3 :]


def opening_over_two_lines(text: str) -> str:
    return re.sub(
        r"^module attributes \{(.*)\} \{$",
        lambda m: "module attributes {\n    " + m.group(1) + "} {",
        text,
        count=1,
        flags=re.M,
    )


def global_at_other_indent(text: str) -> str:
    old = "\n  util.global private @__device_0"
    return text.replace(old, "\n    " + old[1:], 1)


def executable_at_other_indent(text: str) -> str:
    """The second executable indented two more columns, all its lines."""
    lines = text.split("\n")
    starts = [i for i, ln in enumerate(lines) if ln.startswith("  stream.executable ")]
    first = starts[1]
    last = next(i for i in range(first + 1, len(lines)) if lines[i] == "  }")
    for i in range(first, last + 1):
        lines[i] = "  " + lines[i] if lines[i] else lines[i]
    return "\n".join(lines)


def op_at_column_one(text: str) -> str:
    old = "\n  util.global private @__device_0"
    return text.replace(old, "\n" + old[3:], 1)


def tab_indented_body(text: str) -> str:
    out = []
    body = False
    for line in text.split("\n"):
        if body and line.startswith("  "):
            n = len(line) - len(line.lstrip(" "))
            line = "\t" * (n // 2) + " " * (n % 2) + line.lstrip(" ")
        body = body or line.startswith("module")
        out.append(line)
    return "\n".join(out)


def two_ops_on_one_line(text: str) -> str:
    m = re.search(r"\n  (util\.global private @__device_0[^\n]*)\n  (util\.global[^\n]*)\n", text)
    assert m, "no two globals in a row"
    return text[: m.start()] + f"\n  {m.group(1)}  {m.group(2)}\n" + text[m.end() :]


def attributes_on_a_line_of_their_own(text: str) -> str:
    """An op continued on a line at the body's indentation that starts with
    a letter: ``util.func ...`` then ``attributes {...} {`` below it."""
    return re.sub(
        r"^(  util\.func public @predict\([^\n]*?) (attributes \{)", r"\1\n  \2", text,
        count=1, flags=re.M,
    )


def one_line_op_then_region_op_on_one_line(text: str) -> str:
    """Two ops on one line, the second one with a region over the lines
    below: ``util.global ... : !stream.resource<constant>  util.initializer {``."""
    m = re.search(r"\n  (util\.global private @\w+ : !stream\.resource<constant>)\n"
                  r"  (util\.initializer \{)\n", text)
    assert m, "no global before the initializer"
    return text[: m.start()] + f"\n  {m.group(1)}  {m.group(2)}\n" + text[m.end() :]


def generic_form_global(text: str) -> str:
    return text.replace(
        "util.global private @__device_0 = #device_target_local",
        '"util.global"() <{initial_value = #device_target_local, sym_name = "__device_0", '
        'sym_visibility = "private", type = !hal.device}> : () -> ()',
        1,
    )


def distinct_attribute(text: str) -> str:
    return re.sub(
        r"(util\.func public @predict\([^\n]*attributes \{)",
        r"\1halflow.tag = distinct[0]<42 : i32>, ",
        text,
        count=1,
    )


SHAPES: dict[str, Callable[[str], str]] = {
    "inline_weights": lambda t: t,
    "comment_after_module": comment_after_module,
    "opening_over_two_lines": opening_over_two_lines,
    "global_at_other_indent": global_at_other_indent,
    "executable_at_other_indent": executable_at_other_indent,
    "op_at_column_one": op_at_column_one,
    "tab_indented_body": tab_indented_body,
    "two_ops_on_one_line": two_ops_on_one_line,
    "attributes_on_a_line_of_their_own": attributes_on_a_line_of_their_own,
    "one_line_op_then_region_op_on_one_line": one_line_op_then_region_op_on_one_line,
    "generic_form_global": generic_form_global,
    "distinct_attribute": distinct_attribute,
}


def executable_with_constant(text: str, skip: int = 0) -> str:
    module = Module.parse(text)
    found = [n for n in module.executables() if "= arith.constant " in module.op(n).text]
    return found[min(skip, len(found) - 1)]


def assert_correct(path: Path, text: str) -> None:
    clean = clean_build(path)
    assert text == clean, "incremental output differs from a clean build"
    assert clean == reference_output(path), "clean build differs from iree-opt"


@pytest.mark.parametrize("shape", SHAPES)
def test_shape_one_executable_edit_is_minimal(shape: str, tmp_path: Path) -> None:
    make = SHAPES[shape]
    base = inline_text()
    path = tmp_path / "m.mlir"
    path.write_text(make(base))
    cache = tmp_path / "cache"
    first = lib_build(path, cache_dir=cache)
    assert "fallback" not in first.report, first.report["fallback"]
    assert first.text == reference_output(path)
    # Edit the second executable (the one the indentation shape moves).
    ex = executable_with_constant(base, 1)
    path.write_text(make(body_edit(base, ex)))
    result = lib_build(path, cache_dir=cache)
    assert result.report["mode"] == "incremental", result.report.get("fallback")
    assert executed(result) == [f"executable:@{ex}", f"convert:@{ex}", "module"]
    assert_correct(path, result.text)


@pytest.mark.parametrize(
    "shape",
    ["inline_weights", "distinct_attribute", "two_ops_on_one_line",
     "attributes_on_a_line_of_their_own"],
)
def test_shape_host_edit_reprints_that_function(shape: str, tmp_path: Path) -> None:
    """An edit of the multi-block host function ``@gated`` (and, for the
    distinct shape, of the function carrying the distinct attribute)."""
    make = SHAPES[shape]
    base = inline_text()
    path = tmp_path / "m.mlir"
    path.write_text(make(base))
    cache = tmp_path / "cache"
    lib_build(path, cache_dir=cache)
    for fn in ("gated", "predict"):
        signature = rf"(util\.func public @{fn}\([^\n]*attributes \{{)"
        base = re.sub(signature, r"\1halflow.edited, ", base, count=1)
        path.write_text(make(base))
        result = lib_build(path, cache_dir=cache)
        assert result.report["mode"] == "incremental", result.report.get("fallback")
        assert executed(result) == [f"host:@{fn}", f"print:@{fn}", "module"]
        assert_correct(path, result.text)


@pytest.mark.parametrize("name", sorted(p.name for p in DATA.glob("*.mlir")))
def test_inline_weight_module_edits_every_executable(name: str, tmp_path: Path) -> None:
    """Each executable of each inline-weight module, edited in turn over one
    warm workspace: exactly its nodes run, and the output is iree-opt's."""
    from halflow.engine import Workspace
    from halflow.store.disk import Cache

    text = inline_text(name)
    path = tmp_path / name
    path.write_text(text)
    ws = Workspace(Cache(tmp_path / "cache"))
    lib_build(path, workspace=ws)
    module = Module.parse(text)
    for bump, ex in enumerate(module.executables(), 1):
        if "= arith.constant " not in module.op(ex).text:
            continue
        text = body_edit(text, ex, bump=bump)
        path.write_text(text)
        result = lib_build(path, workspace=ws)
        assert executed(result) == [f"executable:@{ex}", f"convert:@{ex}", "module"]
    assert result.text == reference_output(path)


def shared_distinct(text: str) -> str:
    """The distinct attribute of ``distinct_attribute`` on a second function."""
    text = distinct_attribute(text)
    return re.sub(
        r"(util\.func public @gated\([^\n]*attributes \{)",
        r"\1halflow.tag = distinct[0]<42 : i32>, ",
        text,
        count=1,
    )


def test_shared_distinct_attribute_falls_back_naming_it(tmp_path: Path) -> None:
    """Two top-level ops sharing one distinct attribute cannot be printed
    apart: the build is a whole-module one, and the report and --explain
    say which attribute, at which line:col, and where the other use is."""
    path = tmp_path / "m.mlir"
    text = shared_distinct(inline_text())
    path.write_text(text)
    lines = text.split("\n")
    at = [i + 1 for i, ln in enumerate(lines) if "distinct[0]" in ln]
    assert len(at) == 2
    out, report = tmp_path / "o.mlir", tmp_path / "r.json"
    proc = run_halflow(
        "build", path, "-o", out, "--cache-dir", tmp_path / "c", "--explain", "--report", report
    )
    assert proc.returncode == 0, proc.stderr.decode()
    rep = json.loads(report.read_text())
    want = f"{at[1]}:3: distinct[0] is shared with the top-level op at {at[0]}:3"
    assert rep["mode"] == "whole"
    assert want in rep["fallback"]
    assert "halflow: explain: whole-module build: the input does not split" in proc.stderr.decode()
    assert want in proc.stderr.decode()
    assert out.read_text() == reference_output(path)


def test_op_with_its_own_location_on_a_line_of_its_own_builds_without_it(
    tmp_path: Path,
) -> None:
    """``loc(...)`` on a line of its own continues the op above it; the
    engine reads the text without debug locations (the output has none:
    :mod:`halflow.source.locations`), so the module splits as any other
    and a later edit builds incrementally."""
    text = re.sub(
        r"^(  util\.global private @__device_0 = #device_target_local)$",
        r'\1\n  loc("model.py":3:4)', inline_text(), count=1, flags=re.M,
    )
    path = tmp_path / "m.mlir"
    path.write_text(text)
    result = lib_build(path, cache_dir=tmp_path / "cache")
    assert result.report["mode"] == "whole"
    assert "fallback" not in result.report
    assert result.text == reference_output(path)
    ex = Module.parse(text).executables()[0]
    path.write_text(body_edit(text, ex))
    result = lib_build(path, cache_dir=tmp_path / "cache")
    assert result.report["mode"] == "incremental"
    assert sorted(executed(result)) == sorted([f"executable:@{ex}", f"convert:@{ex}", "module"])
    assert result.text == reference_output(path)


def test_split_errors_name_the_construct_and_position() -> None:
    """What stops the text split is named at its line:col (the engine puts
    it in the report's ``fallback``)."""
    from halflow.source.toplevel import SplitError, split_module

    text = inline_text()
    close = text.rfind("\n}\n")
    after = text[: close + 3] + "// a note\nmodule {}\n" + text[close + 3 :]
    line = text[: close + 3].count("\n") + 2
    with pytest.raises(SplitError, match=rf"^{line}:1: text after the module's closing brace$"):
        split_module(after)
    # An irregular unit (a line at another indentation) that MLIR cannot
    # parse: MLIR's error position.
    second = text.index("\n", text.index("\n  util.global") + 1) + 1
    line = text[:second].count("\n") + 1
    broken = text[:second] + "    util.global private @x = (\n" + text[second:]
    with pytest.raises(SplitError, match=rf"^{line}:\d+: the module's top-level ops do not parse"):
        split_module(broken)


def test_split_input_file_report_modes(tmp_path: Path) -> None:
    """``--split-input-file``: each case builds as its own document; the
    report's ``mode`` is ``mixed`` when the cases did not all build the same
    way, and ``cases`` gives each case's mode."""
    first, second = inline_text("mlp_inline.mlir"), inline_text("stack_inline.mlir")
    path, out, report = tmp_path / "s.mlir", tmp_path / "o.mlir", tmp_path / "r.json"
    cache = tmp_path / "cache"

    def build() -> dict:
        proc = run_halflow(
            "build", path, "--split-input-file", "-o", out, "--cache-dir", cache,
            "--report", report,
        )
        assert proc.returncode == 0, proc.stderr.decode()
        assert out.read_text() == reference_output(path, split=True)
        return json.loads(report.read_text())

    path.write_text(first + "// -----\n" + second)
    rep = build()
    assert (rep["mode"], rep["cases"]) == ("whole", [{"mode": "whole"}] * 2)
    assert build()["mode"] == "noop"
    ex = executable_with_constant(second, 2)
    path.write_text(first + "// -----\n" + body_edit(second, ex))
    rep = build()
    assert rep["mode"] == "mixed"
    assert rep["cases"] == [{"mode": "noop"}, {"mode": "incremental"}]
    assert executed(rep) == [f"executable:@{ex}", f"convert:@{ex}", "module"]


# -- state found by content ----------------------------------------------------------


@pytest.mark.parametrize("via", ["library", "cli"])
def test_copy_at_another_path_edited_once_reuses_the_original(via: str, tmp_path: Path) -> None:
    """A built model copied to another directory (a worktree, a CI checkout)
    with one executable edited: the copy has no state of its own, so the
    build starts from the original's, found by its units' keys, and
    executes only that executable's nodes."""
    text = inline_text()
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    original, copy = tmp_path / "a" / "m.mlir", tmp_path / "b" / "m.mlir"
    original.write_text(text)
    cache = tmp_path / "cache"
    ex = executable_with_constant(text, 3)
    copy.write_text(body_edit(text, ex))
    if via == "library":
        lib_build(original, cache_dir=cache)
        result = lib_build(copy, cache_dir=cache)
        report, built = result.report, result.text
    else:
        out, rep = tmp_path / "o.mlir", tmp_path / "r.json"
        for path in (original, copy):
            proc = run_halflow("build", path, "-o", out, "--cache-dir", cache, "--report", rep)
            assert proc.returncode == 0, proc.stderr.decode()
        report, built = json.loads(rep.read_text()), out.read_text()
    assert report["mode"] == "incremental", report.get("fallback")
    assert executed(report) == [f"executable:@{ex}", f"convert:@{ex}", "module"]
    assert_correct(copy, built)
    # The copy now has its own state: its next edit starts from it.
    other = executable_with_constant(text, 0)
    copy.write_text(body_edit(body_edit(text, ex), other, bump=2))
    again = lib_build(copy, cache_dir=cache)
    assert executed(again) == [f"executable:@{other}", f"convert:@{other}", "module"]
    assert_correct(copy, again.text)


# -- bytecode --------------------------------------------------------------------------


def emit_bytecode(text: str, path: Path) -> Path:
    import subprocess

    from support.engine import iree_opt_path

    source = path.with_suffix(".src.mlir")
    source.write_text(text)
    made = subprocess.run(
        [iree_opt_path(), "--emit-bytecode", str(source), "-o", str(path)],
        capture_output=True, check=False,
    )
    assert made.returncode == 0, made.stderr.decode()
    assert path.read_bytes().startswith(b"ML\xefR")
    return path


def test_bytecode_input_builds_incrementally(tmp_path: Path) -> None:
    """A ``.mlirbc`` input: units are keyed on what the bytecode holds. An
    unchanged file is a no-op; a one-executable edit executes that
    executable's nodes only; every output is iree-opt's for the bytecode."""
    text = inline_text()
    path = emit_bytecode(text, tmp_path / "m.mlirbc")
    out, rep = tmp_path / "o.mlir", tmp_path / "r.json"
    cache = tmp_path / "cache"

    def build() -> dict:
        proc = run_halflow("build", path, "-o", out, "--cache-dir", cache, "--report", rep)
        assert proc.returncode == 0, proc.stderr.decode()
        assert out.read_text() == reference_output(path)
        return json.loads(rep.read_text())

    first = build()
    assert first["mode"] == "whole" and "fallback" not in first
    assert build()["mode"] == "noop"
    ex = executable_with_constant(text, 2)
    emit_bytecode(body_edit(text, ex), path)
    edited = build()
    assert edited["mode"] == "incremental", edited.get("fallback")
    assert executed(edited) == [f"executable:@{ex}", f"convert:@{ex}", "module"]


def test_bytecode_error_is_reported_like_a_clean_build(tmp_path: Path) -> None:
    """An error in a bytecode input after a good build: the same
    diagnostics (the bytecode's locations) and exit status as ``--no-cache``,
    no output written."""
    text = inline_text()
    path = emit_bytecode(text, tmp_path / "m.mlirbc")
    out = tmp_path / "o.mlir"
    assert run_halflow("build", path, "-o", out, "--cache-dir", tmp_path / "c").returncode == 0
    good = out.read_bytes()
    site = re.search(r"stream\.cmd\.dispatch @(\w+)::@(\w+)", text)
    assert site
    broken = text.replace(site.group(0), site.group(0) + "_nope", 1)
    emit_bytecode(broken, path)
    inc = run_halflow("build", path, "-o", out, "--cache-dir", tmp_path / "c")
    clean = run_halflow("build", path, "-o", tmp_path / "clean.mlir", "--no-cache")
    assert inc.returncode == clean.returncode == 1
    assert inc.stderr == clean.stderr
    assert b"does not refer to an executable export" in inc.stderr
    assert out.read_bytes() == good


def test_inline_data_is_what_the_generator_makes() -> None:
    """The committed modules are what ``tests/inline_weights.py`` makes
    today with the pinned iree-compile (deterministic, not hand-edited)."""
    import subprocess

    script = Path(__file__).parent / "inline_weights.py"
    proc = subprocess.run(
        [sys.executable, str(script), "--check"], capture_output=True, text=True, check=False
    )
    assert proc.returncode == 0, proc.stderr


def test_state_is_found_by_a_majority_of_anchors(tmp_path: Path) -> None:
    """A document starts from another's state only when at least half of
    its anchors (and two) name it: unrelated modules share a unit or two
    (every IREE module has the same device global), and starting from
    their state would turn a cold whole-module build into a slower
    unit-by-unit one."""
    from halflow.engine import anchors as similar
    from halflow.store.disk import Cache

    cache = Cache(tmp_path / "cache")
    original = [f"{i:04x}" for i in range(40)]
    with cache.batch():
        similar.record(cache, original, "a.mlir", "env")
    anchors = similar.sample(original)
    assert len(anchors) == similar.SAMPLE
    # Keys below the anchors replace them in a new document's sample.
    shared_one = ["0000-" + str(i) for i in range(similar.SAMPLE - 1)] + [anchors[-1]]
    assert similar.lookup(cache, shared_one, "env", "b.mlir") is None
    half = similar.SAMPLE // 2
    shared_half = ["0000-" + str(i) for i in range(half)] + anchors[:half]
    assert similar.lookup(cache, shared_half, "env", "b.mlir") == "a.mlir"
    assert similar.lookup(cache, original, "env", "a.mlir") is None  # itself
    assert similar.lookup(cache, original, "other env", "b.mlir") is None
