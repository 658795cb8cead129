"""halflow.asm.assembler: whole-module text spliced from separately printed pieces.

Every test compares against MLIR's own print of the whole module (never a
hand-written expectation), on the shared corpus (inputs and iree-opt outputs)
and on small modules built to exercise one printer rule each.
"""
# ruff: noqa: E501 - MLIR test modules are clearer on one line per op

from __future__ import annotations

import functools
import pickle
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from asm_chunks import (
    print_chunk,
    print_chunks,
    print_opening,
    print_permuted,
    print_subset,
    top_level_ops,
)
from iree.compiler import ir

from halflow.asm import assembler as asm

REPO = Path(__file__).resolve().parents[1]
CORPUS = REPO / "tests" / "data" / "corpus"
CORPUS_FILES = sorted(p.name for p in CORPUS.glob("*.mlir"))


def _iree_opt() -> str:
    beside = Path(sys.executable).parent / "iree-opt"
    found = str(beside) if beside.exists() else shutil.which("iree-opt")
    if not found:
        pytest.skip("iree-opt not found")
    return found


@functools.cache
def corpus_text(name: str, kind: str) -> str:
    """A corpus file as given ("input") or after the pass ("output")."""
    path = CORPUS / name
    if kind == "input":
        return path.read_text()
    proc = subprocess.run(
        [_iree_opt(), "--iree-hal-materialize-interfaces", str(path)],
        check=True,
        capture_output=True,
        text=True,
    )
    return proc.stdout


@functools.cache
def corpus_module(name: str, kind: str) -> tuple[ir.Context, ir.Module, str]:
    """(context, parsed module, MLIR's print of it) for a corpus case."""
    context = ir.Context()
    module = ir.Module.parse(corpus_text(name, kind), context)
    return context, module, module.operation.get_asm(assume_verified=True)


def splice(module: ir.Module, groups: list[list[int]], order: list[tuple[int, int]] | None = None):
    """Print ``groups`` of top-level ops as chunks, parse them, and assemble
    the pieces ``order`` ((chunk, op-in-chunk) pairs; default: all, in
    order)."""
    chunks = [asm.parse_printed(text) for text in print_chunks(module, groups)]
    opening = asm.parse_printed(print_opening(module))
    if order is None:
        refs: list[asm.OpRef] = list(chunks)
    else:
        refs = [(chunks[c], i) for c, i in order]
    return asm.Assembler().assemble(opening, refs)


def assert_same_text(actual: str, expected: str) -> None:
    if actual == expected:
        return
    a, e = actual.split("\n"), expected.split("\n")
    for i, (x, y) in enumerate(zip(a, e, strict=False)):
        if x != y:
            pytest.fail(f"line {i + 1} differs:\n  got:      {x[:300]}\n  expected: {y[:300]}")
    pytest.fail(f"line counts differ: got {len(a)}, expected {len(e)}")


# ---------------------------------------------------------------------------
# The corpus: every file, before and after the pass


@pytest.mark.parametrize("kind", ["input", "output"])
@pytest.mark.parametrize("name", CORPUS_FILES)
def test_corpus_one_chunk_per_op(name: str, kind: str) -> None:
    _, module, reference = corpus_module(name, kind)
    n = len(top_level_ops(module))
    assert_same_text(splice(module, [[i] for i in range(n)]), reference)


@pytest.mark.parametrize("kind", ["input", "output"])
@pytest.mark.parametrize("name", CORPUS_FILES)
def test_corpus_whole_module_round_trip(name: str, kind: str) -> None:
    _, _, reference = corpus_module(name, kind)
    printed = asm.parse_printed(reference)
    assert asm.assemble(printed) == reference
    # iree-opt's own output (one extra trailing newline) parses the same.
    if kind == "output":
        assert asm.parse_printed(corpus_text(name, kind)) == printed


# Medium-sized cases for the randomized properties: several executables,
# device globals, nested aliases, resources, two targets.
PROPERTY_CASES = [
    ("gpt2_l4_eager_select.mlir", "output"),
    ("gpt2_l12_x86_arm.mlir", "output"),
    ("llama_l8_pp2.mlir", "output"),
    ("openelm_l16.mlir", "output"),
    ("llama_l2.mlir", "input"),
    ("gpt2_l2_custom_src.mlir", "output"),
]
SEEDS = range(6)


def _random_groups(rng: random.Random, n: int) -> list[list[int]]:
    groups: list[list[int]] = []
    i = 0
    while i < n:
        size = rng.choice([1, 1, 2, 3, 5, 8, 13])
        groups.append(list(range(i, min(n, i + size))))
        i += size
    return groups


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize(("name", "kind"), PROPERTY_CASES)
def test_random_groupings(name: str, kind: str, seed: int) -> None:
    _, module, reference = corpus_module(name, kind)
    rng = random.Random(seed)
    groups = _random_groups(rng, len(top_level_ops(module)))
    assert_same_text(splice(module, groups), reference)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize(("name", "kind"), PROPERTY_CASES)
def test_random_subsets(name: str, kind: str, seed: int) -> None:
    _, module, _ = corpus_module(name, kind)
    n = len(top_level_ops(module))
    rng = random.Random(seed)
    keep = sorted(rng.sample(range(n), rng.randint(0, n)))
    reference = print_subset(module, keep)
    # One chunk per op.
    assert_same_text(splice(module, [[i] for i in keep]), reference)
    # Chunks of consecutive ops, some of which are left out: pieces printed
    # after other ops of their chunk lose the header's certification.
    groups = _random_groups(rng, n)
    where = {op: (c, j) for c, g in enumerate(groups) for j, op in enumerate(g)}
    assert_same_text(splice(module, groups, [where[i] for i in keep]), reference)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize(("name", "kind"), PROPERTY_CASES)
def test_random_permutations(name: str, kind: str, seed: int) -> None:
    _, module, _ = corpus_module(name, kind)
    ops = top_level_ops(module)
    n = len(ops)
    rng = random.Random(seed)
    # Legal moves: executables change places among themselves.
    exe = [i for i, op in enumerate(ops) if op.name.endswith(".executable")]
    shuffled = exe[:]
    rng.shuffle(shuffled)
    order = list(range(n))
    for at, i in zip(exe, shuffled, strict=True):
        order[at] = i
    assert_same_text(splice(module, [[i] for i in order]), print_permuted(module, order))
    # Any order at all (the printer does not care), from multi-op chunks.
    order = list(range(n))
    rng.shuffle(order)
    groups = _random_groups(rng, n)
    where = {op: (c, j) for c, g in enumerate(groups) for j, op in enumerate(g)}
    assert_same_text(
        splice(module, groups, [where[i] for i in order]), print_permuted(module, order)
    )


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize(("name", "kind"), PROPERTY_CASES)
def test_chunks_from_two_contexts(name: str, kind: str, seed: int) -> None:
    _, module_a, reference = corpus_module(name, kind)
    module_b = ir.Module.parse(reference, ir.Context())
    n = len(top_level_ops(module_a))
    rng = random.Random(seed)
    from_b = {i for i in range(n) if rng.random() < 0.5}
    chunks = [
        asm.parse_printed(print_chunk(m, [top_level_ops(m)[i]]))
        for i in range(n)
        for m in [module_b if i in from_b else module_a]
    ]
    opening = asm.parse_printed(print_opening(module_b if seed % 2 else module_a))
    assert_same_text(asm.Assembler().assemble(opening, chunks), reference)


# ---------------------------------------------------------------------------
# The incremental use: old pieces from one build, new pieces from another


def _edit_executable(text: str, occurrence: int, new_attr: str) -> str:
    """Add a discardable attribute to the ``occurrence``-th hal.executable
    (a cheap stand-in for an edit that changes one executable)."""
    marker = "  hal.executable private @"
    at = -1
    for _ in range(occurrence + 1):
        at = text.index(marker, at + 1)
    brace = text.index(" {\n", at)
    return text[:brace] + f" attributes {{halflow.test = {new_attr}}}" + text[brace:]


@pytest.mark.parametrize(
    "new_attr",
    [
        # A map that already has an alias elsewhere, a new map (renumbers
        # every later map), a new nested alias, a new type alias.
        "affine_map<(d0, d1) -> (d0, d1)>",
        "affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d7)>",
        '#hal.device.target<"local", [#hal.executable.target<"llvm-cpu", "new-format0", {}>]>',
        "tuple<" + ", ".join(["i8"] * 17) + ">",
    ],
)
def test_one_edit_rebuild(new_attr: str) -> None:
    _, module, reference = corpus_module("openelm_l16.mlir", "output")
    ops = top_level_ops(module)
    old = [asm.parse_printed(print_chunk(module, [op])) for op in ops]
    opening = asm.parse_printed(print_opening(module))
    assembler = asm.Assembler()
    assert assembler.assemble(opening, old) == reference

    edited_text = _edit_executable(reference, 3, new_attr)
    edited = ir.Module.parse(edited_text, ir.Context())
    edited_ref = edited.operation.get_asm(assume_verified=True)
    assert edited_ref != reference
    changed = [i for i, op in enumerate(top_level_ops(edited)) if "halflow.test" in op.attributes]
    assert len(changed) == 1
    (c,) = changed
    new_piece = asm.parse_printed(print_chunk(edited, [top_level_ops(edited)[c]]))
    pieces = [*old[:c], new_piece, *old[c + 1 :]]
    before = dict(assembler.stats)
    assert_same_text(assembler.assemble(opening, pieces), edited_ref)
    rendered = assembler.stats["rendered"] - before["rendered"]
    # Only pieces whose alias names changed are re-rendered.
    assert rendered < len(ops)
    if new_attr.startswith("affine_map<(d0, d1) ->"):
        assert rendered == 1
        assert assembler.stats["probe_hits"] == before["probe_hits"] + 1

    # A cold build may print the whole module once; the pieces after the
    # edited op then lose their header certification (the edited op no longer
    # visits what the old one did) and fall back to text order.
    whole = asm.parse_printed(reference)
    refs: list[asm.OpRef] = [(whole, i) for i in range(len(ops))]
    refs[c] = new_piece
    assert_same_text(asm.Assembler().assemble(whole, refs), edited_ref)


def test_reassembly_is_cheap_and_cached() -> None:
    _, module, reference = corpus_module("openelm_l16.mlir", "output")
    pieces = [asm.parse_printed(print_chunk(module, [op])) for op in top_level_ops(module)]
    opening = asm.parse_printed(print_opening(module))
    assembler = asm.Assembler()
    assert assembler.assemble(opening, pieces) == reference
    stats = dict(assembler.stats)
    assert assembler.assemble(opening, pieces) == reference
    assert assembler.stats["probes"] == stats["probes"]
    assert assembler.stats["rendered"] == stats["rendered"]


def test_records_are_plain_data() -> None:
    _, module, reference = corpus_module("llama_l2.mlir", "output")
    pieces = [asm.parse_printed(print_chunk(module, [op])) for op in top_level_ops(module)]
    opening = asm.parse_printed(print_opening(module))
    restored = pickle.loads(pickle.dumps((opening, pieces)))
    assert restored == (opening, pieces)
    assert asm.Assembler().assemble(*restored) == reference
    # Equal content gives equal records, whatever context printed it.
    again = ir.Module.parse(reference, ir.Context())
    assert [asm.parse_printed(print_chunk(again, [op])) for op in top_level_ops(again)] == pieces


# ---------------------------------------------------------------------------
# Small modules, one printer rule each

BLOB = '"0x0400000001000000020000000300000004000000"'
T17 = "tuple<" + ", ".join(["i32"] * 17) + ">"
F17 = "tuple<" + ", ".join(["f32"] * 17) + ">"

RULES_MODULE = f"""
module @rules attributes {{hal.device.targets = [#hal.device.target<"local", [#hal.executable.target<"llvm-cpu", "embedded-elf-x86_64", {{}}>]> : !hal.device]}} {{
  func.func private @a(%arg0: {T17}) -> memref<4xf32, affine_map<(d0) -> (d0 + 1)>> attributes {{m = affine_map<(d0) -> (d0 + 2)>}}
  func.func private @b() attributes {{t = #hal.executable.target<"vmvx", "vmvx-bytecode-fb2", {{}}>, u = #hal.executable.target<"llvm-cpu", "embedded-elf-x86_64", {{x = 1}}>, m = affine_map<(d0) -> (d0 + 2)>}}
  func.func private @c(%arg0: {F17}) attributes {{s = affine_set<(d0) : (d0 >= 0)>, m = affine_map<(d0) -> (d0 + 3)>, n = affine_map<(d0) -> (d0 + 1)>}}
  util.global private @g = #hal.device.select<[#hal.device.target<"local", [#hal.executable.target<"llvm-cpu", "embedded-elf-x86_64", {{x = 1}}>]> : !hal.device]> : !hal.device
  util.global private @r = dense_resource<blob_b> : tensor<4xi32>
  func.func private @d() attributes {{r = dense_resource<blob_a> : tensor<4xi32>, q = #hal.executable.target<"llvm-cpu", "z", {{data = dense_resource<blob_c> : tensor<4xi32>}}>}}
  util.global private @r2 = dense_resource<blob_b> : tensor<4xi32>
  util.global private @s = "#map1 is not an alias inside a string, nor is dense_resource<blob_a>"
  func.func private @e(%arg0: {F17}, %arg1: {T17}) attributes {{m = affine_map<(d0) -> (d0 + 3)>, l = [affine_map<(d0) -> (d0 + 4)>]}}
}}
{{-#
  dialect_resources: {{
    builtin: {{
      unused: {BLOB},
      blob_a: {BLOB},
      blob_b: {BLOB},
      blob_c: {BLOB}
    }}
  }}
#-}}
"""


@functools.cache
def rules_module() -> tuple[ir.Module, str]:
    module = ir.Module.parse(RULES_MODULE, ir.Context())
    return module, module.operation.get_asm(assume_verified=True)


def test_rules_as_mlir_prints_them() -> None:
    """Pin the printer behaviour the splice relies on (MLIR's own output)."""
    _, text = rules_module()
    header = [line.split(" = ")[0] for line in text.split("\nmodule")[0].split("\n")]
    # Depth first; at equal depth types before attributes, then by name;
    # equal names numbered in first-visit order; `_` before the suffix of a
    # name ending in a digit.
    assert header == [
        "!tuple",
        "!tuple1",
        "#executable_target_embedded_elf_x86_64",
        "#executable_target_embedded_elf_x86_64_1",
        "#executable_target_vmvx_bytecode_fb2",
        "#executable_target_z",
        "#map",
        "#map1",
        "#map2",
        "#map3",
        "#set",
        "#device_target_local",
        "#device_target_local1",
    ]
    # The i32 tuple is visited first (in @a), and the header is sorted.
    assert "@a(!tuple) -> memref<4xf32, #map> attributes {m = #map1}" in text
    assert "@c(!tuple1)" in text
    # Resources: only referenced ones, in first-print order (header first).
    trailer = text.split("{-#")[1]
    assert [line.split(":")[0].strip() for line in trailer.split("\n") if "0x" in line] == [
        "blob_c",
        "blob_b",
        "blob_a",
    ]


@pytest.mark.parametrize("seed", range(12))
def test_rules_module_splices(seed: int) -> None:
    module, reference = rules_module()
    n = len(top_level_ops(module))
    rng = random.Random(seed)
    assert_same_text(splice(module, [[i] for i in range(n)]), reference)
    assert_same_text(splice(module, _random_groups(rng, n)), reference)
    keep = sorted(rng.sample(range(n), rng.randint(0, n)))
    assert_same_text(splice(module, [[i] for i in keep]), print_subset(module, keep))
    order = list(range(n))
    rng.shuffle(order)
    assert_same_text(splice(module, [[i] for i in order]), print_permuted(module, order))


COLLIDING_NAMES_MODULE = """
module {
  func.func private @a() attributes {t = #hal.executable.target<"x", "fb1", {}>}
  func.func private @b() attributes {t = #hal.executable.target<"x", "fb", {}>}
  func.func private @c() attributes {t = #hal.executable.target<"y", "fb", {}>}
  func.func private @d() attributes {t = #hal.executable.target<"z", "fb1", {}>, u = #hal.executable.target<"x", "fb1", {}>}
}
"""


def test_generated_names_that_collide() -> None:
    """`fb` numbered 1 is `fb1`, so the base name `fb1` moves to `fb1_1`:
    names are unique over the whole module, not per chunk."""
    module = ir.Module.parse(COLLIDING_NAMES_MODULE, ir.Context())
    reference = module.operation.get_asm(assume_verified=True)
    assert "#executable_target_fb1_1 = " in reference
    for groups in ([[0], [1], [2], [3]], [[3], [2], [1], [0]], [[1], [2]], [[0, 1], [2, 3]]):
        order = [i for g in groups for i in g]
        assert_same_text(splice(module, groups), print_permuted(module, order))


def test_opening_without_the_chunks_aliases() -> None:
    """Chunks printed under module attributes that hold aliases, assembled
    under an opening without them: what the chunk's opening visited first is
    now first visited by the ops, in text order."""
    context = ir.Context()
    with_attrs = ir.Module.parse(
        """
module attributes {x.a = [affine_map<(d0) -> (d0 + 9)>, #hal.executable.target<"a", "f", {}>]} {
  func.func private @p() attributes {m = affine_map<(d0) -> (d0 + 1)>, n = affine_map<(d0) -> (d0 + 9)>}
  func.func private @q() attributes {t = #hal.executable.target<"b", "f", {}>, u = #hal.executable.target<"a", "f", {}>}
}
""",
        context,
    )
    bare = ir.Module.parse("module {\n}\n", context)
    ops = top_level_ops(with_attrs)
    chunks = [asm.parse_printed(print_chunk(with_attrs, [op])) for op in ops]
    assert all(chunk.ops[0].after for chunk in chunks)
    reference = print_chunk(bare, ops)
    opening = asm.parse_printed(print_opening(bare))
    assert_same_text(asm.Assembler().assemble(opening, chunks), reference)
    assert_same_text(
        splice(with_attrs, [[0], [1]]), with_attrs.operation.get_asm(assume_verified=True)
    )


def _random_module_text(rng: random.Random) -> str:
    """A module of random private functions drawing on a small pool of
    aliased values: many equal names (ties broken by visit order), nesting
    through arrays and dictionaries (depth), types and attributes, resources
    in ops and in alias definitions."""
    maps = [f"affine_map<(d0, d1) -> (d{i % 2} + {i})>" for i in range(8)]
    targets = [
        f'#hal.executable.target<"b{i % 3}", "fmt{i % 2}{"x" if i > 3 else ""}", {{k = {i}}}>'
        for i in range(6)
    ]
    targets.append(
        '#hal.executable.target<"r", "res", {d = dense_resource<blob_t> : tensor<4xi32>}>'
    )
    devices = [
        f'#hal.device.target<"local", [{rng.choice(targets)}, {rng.choice(targets)}]> : !hal.device'
        for _ in range(3)
    ]
    tuples = ["tuple<" + ", ".join([t] * 17) + ">" for t in ("i8", "i16", "f32")]
    values = [
        *maps,
        *targets,
        *devices,
        lambda: f"[{rng.choice(maps)}, {{n = {rng.choice(targets)}}}]",
        lambda: f"#hal.device.select<[{rng.choice(devices)}]> : !hal.device",
        lambda: f"dense_resource<blob_{rng.choice('abc')}> : tensor<4xi32>",
        lambda: f"{rng.choice(tuples)}",
    ]
    ops = []
    for i in range(rng.randint(1, 9)):
        arg_types = [
            rng.choice([*tuples, f"memref<4x4xf32, {rng.choice(maps)}>"])
            for _ in range(rng.randint(0, 2))
        ]
        attrs = []
        for j in range(rng.randint(0, 4)):
            value = rng.choice(values)
            attrs.append(f"a{j} = {value() if callable(value) else value}")
        dictionary = f" attributes {{{', '.join(attrs)}}}" if attrs else ""
        ops.append(f"  func.func private @f{i}({', '.join(arg_types)}){dictionary}")
    blobs = ",\n".join(f"      blob_{c}: {BLOB}" for c in "abct")
    return (
        "module {\n"
        + "\n".join(ops)
        + "\n}\n"
        + "{-#\n  dialect_resources: {\n    builtin: {\n"
        + blobs
        + "\n    }\n  }\n#-}\n"
    )


@pytest.mark.parametrize("seed", range(80))
def test_random_small_modules(seed: int) -> None:
    rng = random.Random(seed)
    module = ir.Module.parse(_random_module_text(rng), ir.Context())
    reference = module.operation.get_asm(assume_verified=True)
    n = len(top_level_ops(module))
    assert_same_text(splice(module, [[i] for i in range(n)]), reference)
    assert_same_text(splice(module, _random_groups(rng, n)), reference)
    order = list(range(n))
    rng.shuffle(order)
    keep = sorted(rng.sample(range(n), rng.randint(0, n)))
    groups = _random_groups(rng, n)
    where = {op: (c, j) for c, g in enumerate(groups) for j, op in enumerate(g)}
    assert_same_text(splice(module, [[i] for i in order]), print_permuted(module, order))
    assert_same_text(
        splice(module, groups, [where[i] for i in order]), print_permuted(module, order)
    )
    assert_same_text(splice(module, groups, [where[i] for i in keep]), print_subset(module, keep))


def test_identical_attributes_under_different_local_names() -> None:
    module, reference = rules_module()
    chunks = [asm.parse_printed(print_chunk(module, [op])) for op in top_level_ops(module)]
    # (d0 + 1) is #map in @a's chunk and #map1 in @c's chunk.
    names = {d.name: d.key for d in chunks[0].aliases}
    names_c = {d.name: d.key for d in chunks[2].aliases}
    assert names["#map"] == names_c["#map1"]
    opening = asm.parse_printed(print_opening(module))
    assert asm.Assembler().assemble(opening, chunks) == reference


def test_empty_module_and_no_aliases() -> None:
    context = ir.Context()
    for source in ["module {\n}\n", "module @m attributes {x.y = 1 : i32} {\n}\n"]:
        module = ir.Module.parse(source, context)
        printed = asm.parse_printed(module.operation.get_asm(assume_verified=True))
        assert printed.ops == () and printed.aliases == ()
        assert asm.assemble(printed, []) == source
    module = ir.Module.parse("module {\n  func.func private @f()\n}\n", context)
    assert_same_text(splice(module, [[0]]), "module {\n  func.func private @f()\n}\n")


def test_resource_conflict_between_contexts() -> None:
    module, _ = rules_module()
    other = ir.Module.parse(
        RULES_MODULE.replace(f"blob_a: {BLOB}", 'blob_a: "0x04000000FF"'), ir.Context()
    )
    mine = asm.parse_printed(print_chunk(module, [top_level_ops(module)[5]]))
    theirs = asm.parse_printed(print_chunk(other, [top_level_ops(other)[5]]))
    opening = asm.parse_printed(print_opening(module))
    with pytest.raises(asm.ResourceConflictError):
        asm.Assembler().assemble(opening, [mine, theirs])


GENERIC_MODULE = """
module {
  func.func private @p() attributes {m = affine_map<(d0) -> (d0 + 1)>}
  func.func @f() {
    %0 = "x.a"() {b = affine_map<(d0) -> (d0 + 2)>} : () -> memref<4xf32, affine_map<(d0) -> (d0 + 1)>>
    return
  }
  "x.top"() ({
    %0 = "x.inner"() {c = affine_map<(d0) -> (d0 + 5)>} : () -> memref<4xf32, affine_map<(d0) -> (d0 + 7)>>
  }) {d = affine_map<(d0) -> (d0 + 6)>} : () -> ()
}
"""


def test_generic_form_ops() -> None:
    """A generic op's printer visits types before attributes, against text
    order: the chunk header still certifies the order, and where it cannot,
    the splice refuses instead of guessing."""
    context = ir.Context()
    context.allow_unregistered_dialects = True
    module = ir.Module.parse(GENERIC_MODULE, context)
    reference = module.operation.get_asm(assume_verified=True)
    # Visit order is result type, then attributes: #map2 is (d0 + 7).
    assert "{c = #map3} : () -> memref<4xf32, #map2>" in reference
    assert_same_text(splice(module, [[0], [1], [2]]), reference)
    assert_same_text(splice(module, [[0, 1, 2]]), reference)
    assert_same_text(splice(module, [[1]]), print_subset(module, [1]))
    assert_same_text(splice(module, [[2], [1]]), print_permuted(module, [2, 1]))
    # @f printed after @p in one chunk: its order is certified only after @p.
    with pytest.raises(asm.AliasPlacementError):
        splice(module, [[0, 1]], [(0, 1)])


def test_unplaced_alias_is_refused() -> None:
    _, text = rules_module()
    extra = "#map99 = affine_map<(d0) -> (d0 + 99)>\n"
    with pytest.raises(asm.AliasPlacementError):
        asm.parse_printed(extra + text)


@pytest.mark.parametrize(
    ("source", "flags"),
    [
        (
            "module {\n  func.func private @f() attributes {a = 1 : i32}\n}\n",
            {"enable_debug_info": True},
        ),
        ('module {\n  %0 = "x.y"() : () -> i32\n}\n', {}),
    ],
)
def test_unsupported_text_is_refused(source: str, flags: dict[str, bool]) -> None:
    context = ir.Context()
    context.allow_unregistered_dialects = True
    text = ir.Module.parse(source, context).operation.get_asm(assume_verified=True, **flags)
    with pytest.raises(asm.UnsupportedTextError):
        asm.parse_printed(text)


DISTINCT_MODULE = """
module {
  func.func private @f() attributes {a = distinct[0]<"x">, b = distinct[1]<"y">}
  func.func private @g() attributes {a = distinct[2]<"x">}
  func.func private @h() attributes {c = [distinct[3]<1 : i32>, 2]}
  func.func private @k() attributes {a = distinct[4]<"z">, d = affine_map<(d0) -> (d0 + 5)>}
}
"""


def test_distinct_attributes_are_renumbered_like_the_whole_print() -> None:
    """MLIR prints distinct attributes as aliases (``#distinct1 =
    distinct[1]<...>``) numbered in header order over the whole module; a
    chunk numbers its own from 0. Equal-looking ones from two chunks are
    different attributes. Any grouping and order of the ops splices into
    exactly MLIR's print."""
    context = ir.Context()
    context.allow_unregistered_dialects = True
    module = ir.Module.parse(DISTINCT_MODULE, context)
    reference = module.operation.get_asm(assume_verified=True)
    assert "#distinct3 = distinct[3]" in reference
    n = len(top_level_ops(module))
    assert_same_text(splice(module, [[i] for i in range(n)]), reference)
    assert_same_text(splice(module, [[0, 1], [2, 3]]), reference)
    assert_same_text(
        splice(module, [[i] for i in reversed(range(n))]),
        print_permuted(module, list(reversed(range(n)))),
    )
    assert_same_text(splice(module, [[1], [3]]), print_subset(module, [1, 3]))


def test_strings_are_never_renamed() -> None:
    module, reference = rules_module()
    assert '"#map1 is not an alias inside a string' in reference
    n = len(top_level_ops(module))
    assert_same_text(
        splice(module, [[i] for i in reversed(range(n))]),
        print_permuted(module, list(reversed(range(n)))),
    )
