"""The engine's pure parts on plain data: nothing is parsed or compiled.

Fingerprints, the value codec, the top-level splitter and unit keys, node
and group ids, node keys, and the persisted state's encoding, each on its
own. (The oracle tests cover them together, through whole builds.)
"""

from __future__ import annotations

import dataclasses
import doctest
import json
from types import ModuleType

import pytest

from halflow import graph
from halflow.core.fingerprint import fingerprint
from halflow.engine import anchors, codec, state
from halflow.engine.evaluator import node_key
from halflow.engine.records import DocState, Group, NodeRecord, decode_records
from halflow.engine.units import unit_keys
from halflow.nodes.facts import STREAM, ExecutableFacts, ExportFacts
from halflow.nodes.layout import Binding, DescriptorFlags, ResourceOrigin, SiteUsage, derive_layout
from halflow.nodes.variants import Variant
from halflow.source.toplevel import EXECUTABLE_KINDS, split_module
from halflow.store import states

CPU = '#hal.executable.target<"llvm-cpu", "embedded-elf-x86_64", {cpu = "generic"}>' * 3

# -- fingerprints ---------------------------------------------------------------------


def test_fingerprint_is_deterministic_and_tells_kinds_apart() -> None:
    assert fingerprint({"a": 1, "b": (2, 3)}) == fingerprint({"b": (2, 3), "a": 1})
    assert fingerprint(frozenset({"x", "y"})) == fingerprint(frozenset({"y", "x"}))
    assert fingerprint("1") != fingerprint(1)
    assert fingerprint(("ab",)) != fingerprint(("a", "b"))
    assert fingerprint(True) != fingerprint(1)
    assert fingerprint(CPU) == fingerprint(CPU[:-1] + CPU[-1])  # long strings by digest


def test_fingerprint_covers_record_fields_and_enums() -> None:
    usage = SiteUsage(False, (1,), (ResourceOrigin.UNKNOWN,))
    assert fingerprint(usage) == fingerprint(SiteUsage(False, (1,), (ResourceOrigin.UNKNOWN,)))
    assert fingerprint(usage) != fingerprint(usage._replace(once=True))
    local = (ResourceOrigin.LOCAL_CONSTANT,)
    assert fingerprint(usage) != fingerprint(usage._replace(origins=local))
    # a record is not the tuple of its fields (NamedTuple records compare
    # equal to one), nor a record of another class with the same fields
    assert fingerprint(usage) != fingerprint(tuple(usage))
    assert fingerprint(Binding("storage_buffer", DescriptorFlags.NONE)) != fingerprint(
        Variant("storage_buffer", DescriptorFlags.NONE))  # type: ignore[arg-type]
    frozen = FrozenRecord(1, "a")
    assert fingerprint(frozen) != fingerprint(FrozenRecord(2, "a"))  # frozen dataclasses too


@dataclasses.dataclass(frozen=True)
class FrozenRecord:
    number: int
    text: str


def test_fingerprint_refuses_what_is_not_plain_data() -> None:
    with pytest.raises(TypeError):
        fingerprint(object())
    with pytest.raises(TypeError):
        fingerprint([lambda: 1])


# -- the value codec -----------------------------------------------------------------


def test_codec_round_trips_records_with_a_string_table() -> None:
    facts = ExecutableFacts(
        "ex", STREAM, True, True, (ExportFacts("e", "f", (True, False), None, ("index",)),)
    )
    value = {
        "facts": facts,
        "layout": derive_layout((True,), [SiteUsage(True, (1,), (ResourceOrigin.UNKNOWN,))]),
        "targets": (CPU, CPU),
        "set": frozenset({"a"}),
    }
    strings: dict[str, int] = {}
    encoded = codec.encode(value, strings)
    assert list(strings) == [CPU]  # a long string is stored once
    assert codec.decode(encoded, list(strings)) == value
    assert codec.decode(codec.encode(value)) == value


def test_codec_refuses_unknown_records() -> None:
    with pytest.raises(codec.DecodeError):
        codec.decode(["c", "os.system", "rm"])


# -- splitting into units, unit keys ---------------------------------------------------

TEXT = """#map = affine_map<(d0) -> (d0)>
module attributes {hal.device.targets = []} {
  stream.executable private @ex_0 {
    stream.executable.export public @ex_0_e
  }
  util.func public @main() {
    util.return
  }
  stream.executable private @ex_1 {
    stream.executable.export public @ex_1_e
  }
}
"""


def test_split_module_finds_top_level_ops_and_aliases() -> None:
    split = split_module(TEXT)
    assert [(u.kind, u.symbol, u.line) for u in split.units] == [
        ("stream.executable", "ex_0", 3), ("util.func", "main", 6),
        ("stream.executable", "ex_1", 9),
    ]
    assert [a.name for a in split.aliases] == ["#map"]
    assert split.units[1].text(TEXT).startswith("util.func public @main()")
    assert {u.kind for u in split.units} & EXECUTABLE_KINDS == {"stream.executable"}


def test_unit_keys_ignore_an_executables_own_name() -> None:
    known: dict[str, str] = {}
    keys, raw = unit_keys(known, TEXT, split_module(TEXT))
    assert keys[0] == keys[2] != keys[1]  # @ex_0 and @ex_1 differ only by name
    assert set(raw.values()) == set(keys) and known == raw
    edited = TEXT.replace("@ex_1_e", "@ex_1_f")
    again, _ = unit_keys(known, edited, split_module(edited))
    assert again[:2] == keys[:2] and again[2] != keys[2]


# -- ids and keys --------------------------------------------------------------------


def test_node_ids_round_trip() -> None:
    assert graph.executable_of(graph.convert("ex")) == "@ex"
    assert graph.executable_of(graph.layout("ex", "e")) == "@ex"
    assert graph.function_of(graph.annotate(graph.dispatch("@main", "@ex::@e", 3))) == "@main"
    quoted = '@"a/b\\"#c"'  # a quoted symbol may hold the separators
    assert graph.function_of(graph.dispatch(quoted, "@ex::@e")) == quoted
    assert graph.function_of("case2/" + graph.dispatch("util.initializer#1", "@x::@y")) == (
        "case2/util.initializer#1"
    )
    assert graph.node_kind(graph.interface("ex", "e")) == "interface"
    assert graph.piece_node(graph.exec_group("ex")) == graph.convert("ex")
    assert graph.piece_node(graph.op_group("@main")) == graph.print_op("@main")
    assert graph.owner_names(
        [("main", "util.func"), (None, "util.initializer"), (None, "util.initializer")]
    ) == ["@main", "util.initializer#0", "util.initializer#1"]
    rename = graph.rename_executable("ex_0", "ex_9")
    assert rename(graph.layout("ex_0", "ex_0_e")) == graph.layout("ex_9", "ex_9_e")
    assert rename(graph.DEVICES) == graph.DEVICES
    assert graph.function_of(graph.host_op("util.initializer#0")) == "util.initializer#0"


@pytest.mark.parametrize("module", [graph, states, anchors], ids=lambda m: m.__name__)
def test_doctests(module: ModuleType) -> None:
    """The examples in the docstrings of site ids, the states index and
    the choice of a state hold."""
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0


def test_site_ids_name_the_callee_not_the_position() -> None:
    """A dispatch site is named by its function and what it calls, counted
    among the dispatches of that callee only: removing, adding or moving
    another dispatch leaves every other id alone."""
    ids = graph.dispatch_ids("@f", ["@a::@x", "@b::@y", "@a::@x", "@c::@z"])
    assert ids == ["dispatch:@f/@a::@x", "dispatch:@f/@b::@y", "dispatch:@f/@a::@x#2",
                   "dispatch:@f/@c::@z"]
    assert graph.dispatch_ids("@f", ["@a::@x", "@a::@x", "@c::@z"]) == [
        ids[0], ids[2], ids[3]]  # @b::@y removed
    assert graph.dispatch_ids("@f", ["@c::@z", "@a::@x", "@b::@y", "@a::@x"]) == [
        ids[3], ids[0], ids[1], ids[2]]  # @c::@z moved first
    assert graph.callee(("@a::@x", "@a::@w")) == "@a::@x,@a::@w"


def test_node_key_covers_tag_environment_options_inputs_and_dependencies() -> None:
    base = node_key("s@1", "env", "opts", {"text": "k"}, ["d"])
    for other in (
        node_key("s@2", "env", "opts", {"text": "k"}, ["d"]),
        node_key("s@1", "env2", "opts", {"text": "k"}, ["d"]),
        node_key("s@1", "env", "opts2", {"text": "k"}, ["d"]),
        node_key("s@1", "env", "opts", {"text": "k2"}, ["d"]),
        node_key("s@1", "env", "opts", {"txt": "k"}, ["d"]),
        node_key("s@1", "env", "opts", {"text": "k"}, ["d2"]),
    ):
        assert other != base
    assert node_key("s@1", "e", "o", {"a": "1", "b": "2"}) == node_key(
        "s@1", "e", "o", {"b": "2", "a": "1"}
    )


# -- the persisted state ---------------------------------------------------------------


def test_state_core_and_group_payload_round_trip() -> None:
    record = NodeRecord(tag="layout@1", key="key", extra={"site usages": "fp"}, depsig="deps",
                        vfp="vfp", value=derive_layout((True,), []), changed=False)
    group = Group(gid="exec:@ex", sig="sig", count=1, summary={"unit_key": "u"},
                  records={"layout:@ex::@e": record})
    group.sites = {2: SiteUsage(True, (1,), (ResourceOrigin.UNKNOWN,))}
    strings: dict[str, int] = {}
    payload = "".join(state.iter_payload(group, strings)).encode()
    decoded = state.decode_payload(payload, list(strings))
    records = decode_records(decoded["records"], decoded.get("strings"))
    # (A stored value is decoded when first asked for.)
    assert records["layout:@ex::@e"].value is None
    assert records["layout:@ex::@e"].stored_value() == record.value
    assert records == {"layout:@ex::@e": record}
    group.payload_ref = ["blob", 0, len(payload), 0]
    doc = DocState(input_hash="in", options_fingerprint="opts", env="env", output="out\n",
                   output_key="text:k", groups={"exec:@ex": group}, order=["exec:@ex"],
                   spans=[(0, 4)], visits=["v"], names={"#map": "#map"})
    core = state.decode_core(json.loads(state.encode_core(doc)), "out\n", lambda ref: None)
    assert core is not None
    assert (core.input_hash, core.order, core.spans, core.names) == (
        "in", ["exec:@ex"], [(0, 4)], {"#map": "#map"}
    )
    assert core.groups["exec:@ex"].payload_ref == group.payload_ref
    assert core.groups["exec:@ex"].summary == {"unit_key": "u"}
