"""A rebuild in a new process re-splits the input only around the edit.

A state's core keeps its input's layout (``halflow.engine.records.InputLayout``:
the split, the unit keys and a digest of each block of units); the next
build, in another process, finds the edit by comparing its input's blocks
with those digests and splits again only the units around it
(``halflow.engine.units.resplit_keys``). What that gives must be exactly
what splitting the whole input afresh gives, or nothing (the build then
splits afresh): checked here on a real serving module for edits anywhere,
including the first and last units, the header and the end of the module.
Older state formats read as no state (a whole-module build, == iree-opt).
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from support.engine import (
    Module,
    body_edit,
    corpus_text,
    edit_host_constant,
    executed,
    lib_build,
    reference_output,
)
from test_engine_minimal import assert_correct

from halflow.engine import state as state_codec
from halflow.engine import units
from halflow.engine.records import DocState
from halflow.source.toplevel import split_module
from halflow.store import states
from halflow.store.disk import Cache

NAME = "llama_serving.mlir"


def state_of(text: str) -> DocState:
    """A state of ``text`` as a build leaves it (its units and layout)."""
    split = split_module(text)
    keys, raw_keys = units.unit_keys({}, text, split)
    return DocState(input_hash="", options_fingerprint="", env="", output="", output_key="",
                    units=raw_keys, layout=units.input_layout(split, keys, text))


def fresh(text: str) -> tuple[object, list[str]]:
    split = split_module(text)
    return split, units.unit_keys({}, text, split)[0]


def resplit(prev: DocState, text: str) -> tuple[object, list[str]] | None:
    found = units.resplit_keys(dict(prev.units), prev, text, None)
    return None if found is None else (found[0], found[1])


def edits(text: str) -> dict[str, tuple[str, bool]]:
    """Edits of ``text``: name -> (edited text, whether the re-split must
    find it locally)."""
    rng = random.Random("layout")
    module = Module.parse(text)
    execs = module.executables()
    first, last = module.ops[0].text, module.ops[-1].text
    wrapper = next(op.text for _, op in module.owners() if op.symbol == "prefill_bs1_s16")
    return {
        "a host constant": (edit_host_constant(text, rng), True),
        "an executable's body": (body_edit(text, execs[len(execs) // 2], rng), True),
        "another host constant": (edit_host_constant(text, random.Random(7)), True),
        "a new function at the end": (
            text.replace(last, last + "\n" + wrapper.replace("@prefill_bs1_s16(", "@bucket2(")),
            True),
        "a function removed": (text.replace(wrapper + "\n", ""), True),
        "the first unit": (text.replace(first, first.replace("private", "public", 1), 1), True),
        "a new op before the first unit": (text.replace(first, first.replace("@", "@g0", 1)
                                                         + "\n" + first, 1), True),
        "the last unit": (text.replace(last, last.replace("%c", "%k")), True),
        "a blank line between units": (text.replace("\n  stream.executable", "\n\n  stream."
                                                    "executable", 1), True),
        "the module's opening": (text.replace("module @module", "module @renamed", 1), False),
        "an alias of the header": (text.replace("#map = ", "#map = affine_map<(d0) -> (d0)>\n"
                                                "#mapx = ", 1), False),
        "the end of the module": (text + "\n", False),
        "nothing": (text, False),
    }


@pytest.mark.parametrize("edit", list(edits(corpus_text(NAME))))
def test_a_resplit_from_the_layout_is_the_fresh_split(edit: str) -> None:
    text = corpus_text(NAME)
    new, local = edits(text)[edit]
    found = resplit(state_of(text), new)
    if local:
        assert found is not None, "the edit was not re-split locally"
    if found is not None:
        split, keys = found
        want_split, want_keys = fresh(new)
        assert split == want_split
        assert keys == want_keys


def test_the_layout_finds_a_common_prefix_and_suffix_of_whole_blocks() -> None:
    text = corpus_text(NAME)
    layout = state_of(text).layout
    assert layout is not None and layout.length == len(text)
    new = edit_host_constant(text, random.Random(3))
    found = units.layout_ends(layout, new)
    assert found is not None
    prefix, suffix = found
    assert text[:prefix] == new[:prefix]
    assert text[len(text) - suffix :] == new[len(new) - suffix :]
    assert prefix + suffix <= min(len(text), len(new))
    assert prefix in layout.bounds and len(text) - suffix in layout.bounds
    # Most of the module is found unchanged (blocks of a few dozen units).
    assert prefix + suffix > 0.8 * len(text)
    assert units.layout_ends(layout, new + "\u00e9") is None  # not ASCII: no offsets


def test_the_core_keeps_the_layout_and_reads_a_damaged_one_as_none(tmp_path: Path) -> None:
    text = corpus_text(NAME)
    state = state_of(text)
    data = json.loads(state_codec.encode_core(state))
    back = state_codec.decode_core(data, "", lambda ref: None)
    assert back is not None and back.layout == state.layout
    for damage in ([1, 2], ["x", [], [], [], []], None):
        data["layout"] = damage
        back = state_codec.decode_core(data, "", lambda ref: None)
        assert back is not None and back.layout is None


def _rewrite_current_core(cache_dir: Path, doc: Path, change) -> None:
    cache = Cache(cache_dir)
    try:
        from halflow.core.fingerprint import environment, fingerprint

        entry = states.read_index(cache, str(doc), fingerprint(environment()))[0]
        data = cache.get(entry.key)
        assert isinstance(data, dict)
        change(data)
        cache.put_json_text(entry.key, json.dumps(data))
    finally:
        cache.close()


def test_a_state_of_an_older_format_is_no_state(tmp_path: Path) -> None:
    path = tmp_path / NAME
    text = corpus_text(NAME)
    path.write_text(text)
    assert lib_build(path, cache_dir=tmp_path / "cache").report["mode"] == "whole"
    # As the previous format (6, no layout) wrote it.
    _rewrite_current_core(tmp_path / "cache", path,
                          lambda d: (d.update(format=6), d.pop("layout")))
    new = edit_host_constant(text, random.Random(1))
    path.write_text(new)
    result = lib_build(path, cache_dir=tmp_path / "cache")
    assert result.report["mode"] == "whole"
    assert_correct(path, result.text)


def test_a_state_without_its_layout_still_builds_incrementally(tmp_path: Path) -> None:
    path = tmp_path / NAME
    text = corpus_text(NAME)
    path.write_text(text)
    lib_build(path, cache_dir=tmp_path / "cache")
    _rewrite_current_core(tmp_path / "cache", path, lambda d: d.update(layout=None))
    module = Module.parse(text)
    owner = next(name for name, op in module.owners() if "$async" in name)
    new = text.replace(module.op(owner[1:]).text,
                       module.op(owner[1:]).text.replace("arith.constant 0 : index",
                                                         "arith.constant 64 : index", 1))
    assert new != text
    path.write_text(new)
    result = lib_build(path, cache_dir=tmp_path / "cache")
    assert result.report["mode"] == "incremental"
    assert executed(result) == [f"host:{owner}", f"print:{owner}", "module"]
    assert_correct(path, result.text)


def _phases(tmp_path: Path, path: Path, cache: Path) -> list[str]:
    trace = tmp_path / "trace.json"
    result = lib_build(path, cache_dir=cache, trace=str(trace))
    assert result.report["mode"] == "whole"
    assert result.text == reference_output(path)
    events = json.loads(trace.read_text())["traceEvents"]
    return [e["name"] for e in events if e.get("cat") == "phase"]


def test_a_cold_build_splits_its_input_once_its_output_is_out_unless_a_state_may_be_found(
    tmp_path: Path,
) -> None:
    """In a cache without anchors no state can be found by content, so the
    input is split and keyed after the whole-module build has its output;
    once a document's state is saved (with its anchors), a cold build of
    another document splits first, to look for it."""
    text = corpus_text("llama_l2.mlir")
    first, second = tmp_path / "a" / "m.mlir", tmp_path / "b" / "m.mlir"
    for path in (first, second):
        path.parent.mkdir()
        path.write_text(text)
    cache = tmp_path / "cache"
    phases = _phases(tmp_path, first, cache)
    assert phases.index("whole module") < phases.index("split") < phases.index("record nodes")
    assert "find state by content" not in phases
    other = second.read_text().replace("arith.constant 0 : index", "arith.constant 1 : index", 1)
    second.write_text(other)
    phases = _phases(tmp_path, second, tmp_path / "cache2")  # (a cache of its own: no anchors)
    assert phases.index("split") > phases.index("whole module")
    # The same document elsewhere, in the first cache: split first, found by content.
    result = lib_build(second, cache_dir=cache)
    assert result.report["mode"] == "incremental"
    assert result.text == reference_output(second)
