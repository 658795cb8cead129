"""Group membership on a real iree-turbine export: what a one-layer edit
dirties lands in few groups, sizes are bounded by code size, and the plan is
stable under renumbering.

The data (``tests/data/turbine``) is a Llama serving export (2 layers, four
(batch, seq) buckets, parameters externalized), before and after swapping
one layer's SiLU for a GELU, as ``benchmarks/real_models_export.py`` writes
it (family ``llama``, size ``{"layers": 2, "buckets": [[1, 16], [1, 32],
[2, 32], [1, 64]]}``, edit ``act``). IREE's own front end materializes it.
"""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from halflow.codegen import flags as flags_mod
from halflow.codegen import groups, model, pipeline
from halflow.codegen.executables import Unit

DATA = Path(__file__).parent / "data" / "turbine"
FLAGS = flags_mod.parse([
    "--iree-hal-target-device=local",
    "--iree-hal-local-target-device-backends=llvm-cpu",
    "--iree-llvmcpu-target-cpu=x86-64-v3",
])


def units_of(source: Path, scratch: Path, flags: flags_mod.IreeFlags = FLAGS) -> list[Unit]:
    out = scratch / (source.stem + ".mlirbc")
    subprocess.run(model.frontend_command(source, flags, out), check=True, capture_output=True)
    materialized = model.parse_materialized(out.read_bytes(), str(source), ())
    try:
        module = materialized.module
        return pipeline._module_units(module, module.get_asm(), flags.key)
    finally:
        materialized.close()


@pytest.fixture(scope="module")
def exports(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[list[Unit], list[Unit]]]:
    scratch = tmp_path_factory.mktemp("turbine")
    yield (units_of(DATA / "llama_serving_l2.mlir", scratch),
           units_of(DATA / "llama_serving_l2_act.mlir", scratch))


def test_origin_orders_by_dispatch_position_then_function() -> None:
    names = ["prefill_bs2_32$async_dispatch_3", "prefill_bs1_16$async_dispatch_12",
             "prefill_bs1_16$async_dispatch_3", "custom", "_initializer_4_dispatch_0"]
    assert sorted(names, key=groups.origin) == [
        "custom", "_initializer_4_dispatch_0", "prefill_bs1_16$async_dispatch_3",
        "prefill_bs2_32$async_dispatch_3", "prefill_bs1_16$async_dispatch_12"]


def test_one_layer_edit_reserializes_a_small_part(exports: tuple[list[Unit], list[Unit]]) -> None:
    """The edit dirties the edited layer's executables and their neighbours
    in every bucket; the groups holding them re-serialize, the others are
    reused (same key). Measured: 8 dirty executables, 7 of 18 groups, 29
    of 94 members re-serialized (membership by interface hash: 41)."""
    before, after = exports
    dirty = {u.key for u in after} - {u.key for u in before}
    old, _ = groups.plan(before, FLAGS.key)
    new, _ = groups.plan(after, FLAGS.key)
    changed = [g for g in new if g.key not in {g.key for g in old}]
    assert len(dirty) >= 4  # at least the edited layer in each of the four buckets
    assert len(new) >= 8
    resized = sum(len(g.members) for g in changed)
    assert resized <= 4 * len(dirty), (resized, len(dirty))
    assert len(changed) <= len(new) // 2
    assert all(g.key in {g.key for g in old} for g in new if g not in changed)


def test_group_sizes_are_bounded_by_code_size(exports: tuple[list[Unit], list[Unit]]) -> None:
    weight = {u.key: len(u.text) for u in exports[1]}
    planned, _ = groups.plan(exports[1], FLAGS.key)
    weights = [sum(weight[m.key] for m in g.members) for g in planned]
    biggest = max(weight.values())
    assert all(w < groups.MAX_WEIGHT + biggest for w in weights)
    assert all(w >= groups.MIN_WEIGHT for w in weights[:-1]), weights


def test_renumbering_changes_no_group(exports: tuple[list[Unit], list[Unit]]) -> None:
    """Dispatch numbers are not in the plan: every executable renumbered
    (as inserting a dispatch at the front of every function does) keeps
    every group's key."""
    units = exports[0]

    def renumber(u: Unit) -> Unit:
        head, _, number = u.name.rpartition("_dispatch_")
        name = f"{head}_dispatch_{int(number) + 1}" if number.isdigit() else u.name
        return Unit(name, u.location, u.normalized, u.text, u.resources, u.key, u.cacheable)

    same, _ = groups.plan(units, FLAGS.key)
    renumbered, _ = groups.plan([renumber(u) for u in units], FLAGS.key)
    assert [g.key for g in renumbered] == [g.key for g in same]
