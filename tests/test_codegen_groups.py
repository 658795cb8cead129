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

from halflow.codegen import executables, groups, model
from halflow.codegen import flags as flags_mod
from halflow.codegen.executables import ExecutableUnit

DATA = Path(__file__).parent / "data" / "turbine"
Exports = tuple[list[ExecutableUnit], list[ExecutableUnit]]  # before and after the edit
FLAGS = flags_mod.parse([
    "--iree-hal-target-device=local",
    "--iree-hal-local-target-device-backends=llvm-cpu",
    "--iree-llvmcpu-target-cpu=x86-64-v3",
])


def units_of(source: Path, scratch: Path,
             flags: flags_mod.IreeFlags = FLAGS) -> list[ExecutableUnit]:
    out = scratch / (source.stem + ".mlirbc")
    subprocess.run(model.frontend_command(source, flags, out), check=True, capture_output=True)
    materialized = model.parse_materialized(out.read_bytes(), str(source), ())
    try:
        module = materialized.module
        return executables.module_units(module, module.get_asm(), flags.key)
    finally:
        materialized.close()


@pytest.fixture(scope="module")
def exports(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Exports]:
    scratch = tmp_path_factory.mktemp("turbine")
    yield (units_of(DATA / "llama_serving_l2.mlir", scratch),
           units_of(DATA / "llama_serving_l2_act.mlir", scratch))


def test_origin_orders_by_dispatch_position_then_function() -> None:
    names = ["prefill_bs2_32$async_dispatch_3", "prefill_bs1_16$async_dispatch_12",
             "prefill_bs1_16$async_dispatch_3", "custom", "_initializer_4_dispatch_0"]
    assert sorted(names, key=groups.origin) == [
        "custom", "_initializer_4_dispatch_0", "prefill_bs1_16$async_dispatch_3",
        "prefill_bs2_32$async_dispatch_3", "prefill_bs1_16$async_dispatch_12"]


def test_one_layer_edit_reserializes_a_small_part(exports: Exports) -> None:
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


def test_group_sizes_are_bounded_by_code_size(exports: Exports) -> None:
    weight = {u.key: len(u.text) for u in exports[1]}
    planned, _ = groups.plan(exports[1], FLAGS.key)
    weights = [sum(weight[m.key] for m in g.members) for g in planned]
    biggest = max(weight.values())
    assert all(w < groups.MAX_WEIGHT + biggest for w in weights)
    assert all(w >= groups.MIN_WEIGHT for w in weights[:-1]), weights


def test_renumbering_changes_no_group(exports: Exports) -> None:
    """Dispatch numbers are not in the plan: every executable renumbered
    (as inserting a dispatch at the front of every function does) keeps
    every group's key."""
    units = exports[0]

    def renumber(u: ExecutableUnit) -> ExecutableUnit:
        head, _, number = u.name.rpartition("_dispatch_")
        name = f"{head}_dispatch_{int(number) + 1}" if number.isdigit() else u.name
        return ExecutableUnit(name, u.location, u.normalized, u.text, u.resources, u.key,
                              u.cacheable)

    same, _ = groups.plan(units, FLAGS.key)
    renumbered, _ = groups.plan([renumber(u) for u in units], FLAGS.key)
    assert [g.key for g in renumbered] == [g.key for g in same]


def test_overlay_scale_keeps_new_groups_between_n_and_2n() -> None:
    """The overlay's weights are the plan's while the members no kept group
    holds would make at most 2 * OVERLAY_GROUPS groups (expected), else
    scaled by a power of two to make OVERLAY_GROUPS to twice as many."""
    unit = groups.MIN_WEIGHT + groups.TARGET_WEIGHT  # a group's expected weight
    n = groups.OVERLAY_GROUPS
    assert groups.overlay_scale(0) == groups.overlay_scale(2 * n * unit) == 1
    previous = 1
    for weight in range(0, 200 * n * unit, unit // 3):
        scale = groups.overlay_scale(weight)
        assert scale >= previous and scale & (scale - 1) == 0  # monotone, a power of two
        if scale > 1:
            assert n < weight / (scale * unit) <= 2 * n, (weight, scale)
        previous = scale


def test_overlay_cuts_a_large_rest_into_fewer_groups(
        exports: Exports, monkeypatch: pytest.MonkeyPatch) -> None:
    """The act edit of the committed export, with the previous build's
    groups kept: the members no kept group holds go into new groups, the
    same members whatever the scale; cut with scaled weights (a large rest
    for groups of ~4 KB and OVERLAY_GROUPS = 1) they make fewer groups,
    each within the scaled MAX_WEIGHT."""
    before, after = exports
    old, _ = groups.plan(before, FLAGS.key)
    new, _ = groups.plan(after, FLAGS.key)
    stored = {g.key for g in old}
    monkeypatch.setattr(groups, "TARGET_WEIGHT", 4_000)  # for the new groups
    monkeypatch.setattr(groups, "MIN_WEIGHT", 0)
    weight = {u.key: len(u.text) for u in after}

    def new_groups(n: int) -> list[groups.SerializationGroup]:
        monkeypatch.setattr(groups, "OVERLAY_GROUPS", n)
        overlaid = groups.overlay(after, FLAGS.key, new, old, lambda g: g.key in stored)
        assert overlaid is not None
        return [g for g in overlaid[0] if g.key not in stored]

    plain_cut, scaled = new_groups(10**6), new_groups(1)
    rest = sum(weight[m.key] for g in plain_cut for m in g.members)
    scale = groups.overlay_scale(rest)
    assert scale > 1 and len(plain_cut) >= 3
    assert len(scaled) < len(plain_cut)
    assert sorted(m.key for g in scaled for m in g.members) == sorted(
        m.key for g in plain_cut for m in g.members)
    biggest = max(weight.values())
    assert all(sum(weight[m.key] for m in g.members) < groups.MAX_WEIGHT * scale + biggest
               for g in scaled)
