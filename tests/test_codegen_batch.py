"""Translations in batches (``translate.translate_batch``): the missing
executables of one group are translated by one IREE invocation, and each
comes out, text for text, as it does translated alone, so the cache
entries, every later build and the ``.vmfb`` are those of one-by-one
translation.

The data is the real iree-turbine export of ``tests/data/turbine`` (a Llama
serving module, four shape buckets; see test_codegen_groups.py), materialized
by IREE's own front end; and the generated layers program of the
group/host tests, whose ``.vmfb`` runs here (bitwise equal to a plain
``iree-compile``'s).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from codegen_programs import layers
from test_codegen import FLAGS, PROGRAMS, plain_compile, pre_materialize, with_gpu_pipeline
from test_codegen_groups import DATA, units_of
from test_codegen_groups import FLAGS as TURBINE_FLAGS
from test_codegen_nodes import assert_bitwise_equal

from halflow.codegen import DiskStore, build_vmfb, executables, groups, model, pipeline
from halflow.codegen import translate as translating
from halflow.codegen.executables import ExecutableUnit
from halflow.codegen.executors import LANE_FROM, LocalExecutor
from halflow.codegen.tasks import Environment, TranslateBatch, TranslateTask
from halflow.store.codegen_entries import decode_entry


def tasks_of(units: list[ExecutableUnit], env: Environment) -> tuple[TranslateTask, ...]:
    return tuple(TranslateTask(u.key, u.symbol, u.source(), u.buffer_name, env)
                 for u in units)


def alone(task: TranslateTask) -> tuple[str, str]:
    result = translating.translate(task)
    assert result.ok, result.messages
    return result.text, result.interface


@pytest.fixture(scope="module")
def turbine(tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[ExecutableUnit]]:
    yield units_of(DATA / "llama_serving_l2.mlir", tmp_path_factory.mktemp("batch"))


def test_a_batch_gives_each_member_what_it_gives_alone(turbine: list[ExecutableUnit]) -> None:
    """Two groups of the plan (their members in one invocation each) and a
    batch of every executable that uses a resource blob: texts and
    interfaces equal those of translating each alone. Members sharing a
    blob cannot be in one invocation (a second parse of a blob renames
    it): the first is, the others are translated alone."""
    env = pipeline.environment_for(TURBINE_FLAGS)
    plan, _ = groups.plan(turbine, TURBINE_FLAGS.key)
    by_key = {u.key: u for u in turbine}
    batches = [[by_key[m.key] for m in g.members] for g in plan if len(g.members) >= 3][:2]
    with_blobs = list({u.key: u for u in turbine if u.resources}.values())
    assert len(with_blobs) >= 2 and len({r for u in with_blobs for r in u.resources}) == 1
    batches.append(with_blobs + batches[0][:2])
    for members in batches:
        tasks = tasks_of(members, env)
        result = translating.translate_batch(TranslateBatch("b", tasks))
        assert [r.key for r in result.results] == [t.key for t in tasks]
        assert all(r.ok for r in result.results)
        expected = [t.key for t in tasks if t.key not in {u.key for u in with_blobs[1:]}]
        assert list(result.together) == expected
        for task, got in zip(tasks, result.results, strict=True):
            assert (got.text, got.interface) == alone(task), task.executable
            assert "__halflow_batch_" not in got.text


def test_a_member_iree_rejects_is_translated_alone_and_named(tmp_path: Path) -> None:
    """One executable IREE rejects (a GPU pipeline forced on it): the batch
    is translated member by member, so the failure names that executable
    and the others come out as alone."""
    pre = pre_materialize(PROGRAMS / "mlp.mlir", tmp_path / "mlp.pre.mlir")
    bad = with_gpu_pipeline(pre, tmp_path / "bad.pre.mlir", "main_dispatch_2_reduction_4x8_f32")
    flags = pipeline.flags_mod.parse(FLAGS)
    env = pipeline.environment_for(flags)
    materialized = model.materialize(bad.read_bytes(), str(bad), env.session_flags)
    try:
        module = materialized.module
        units = executables.module_units(module, module.get_asm(), flags.key)
    finally:
        materialized.close()
    tasks = tasks_of(units, env)
    result = translating.translate_batch(TranslateBatch("b", tasks))
    assert result.together == ()
    failed = [r.executable for r in result.results if not r.ok]
    assert failed == ["@main_dispatch_2"]
    assert any("failed to build pass pipeline" in m for r in result.results for m in r.messages)
    for task, got in zip(tasks, result.results, strict=True):
        if got.ok:
            assert (got.text, got.interface) == alone(task)


WIDTHS = [8 + 4 * i for i in range(19)]  # 18 layers
SCALES = [0.5 + i / 32 for i in range(18)]


def dirty(before: Path, after: Path, scratch: Path) -> list[str]:
    """The executables of ``after`` whose translation key ``before`` lacks."""
    flags = pipeline.flags_mod.parse(FLAGS)
    known = {u.key for u in units_of(before, scratch, flags)}
    return [u.symbol for u in units_of(after, scratch, flags) if u.key not in known]


def test_a_cold_build_translates_in_batches_and_an_edit_only_what_it_dirtied(
        tmp_path: Path) -> None:
    """A cold build of 18 layers with two jobs: the translations ran in
    batches (fewer IREE invocations than executables; the report names each
    executable's batch); the ``.vmfb`` runs bitwise equal to plain's. An edit of one
    layer then compiles exactly the executables whose keys it changed: the
    cache holds, for each, what translating it alone would have."""
    model_file = tmp_path / "deep.mlir"
    model_file.write_text(layers.program(WIDTHS, SCALES))
    out = tmp_path / "deep.vmfb"
    with DiskStore(tmp_path / "cache") as store:
        cold = build_vmfb(model_file, out, FLAGS, store=store, jobs=2, progress=False)
        report = cold.report
        assert cold.mode == "groups" and len(cold.compiled) >= LANE_FROM
        summary = report["codegen_summary"]
        assert summary["translations_run"] < summary["compiled"]
        batched = [e for e in report["codegen"] if "batch" in e]
        assert len(batched) > summary["compiled"] // 2
        assert_bitwise_equal(out, plain_compile(model_file, tmp_path / "plain.vmfb"), WIDTHS)

        edited = tmp_path / "edited.mlir"
        scales = [*SCALES[:7], 0.125, *SCALES[8:]]
        edited.write_text(layers.program(WIDTHS, scales))
        want = dirty(model_file, edited, tmp_path)
        assert len(want) == 1
        model_file.write_text(edited.read_text())
        again = build_vmfb(model_file, out, FLAGS, store=store, jobs=2, progress=False)
        assert again.compiled == want
        assert_bitwise_equal(out, plain_compile(edited, tmp_path / "plain2.vmfb"), WIDTHS)


def test_a_cold_build_in_batches_gives_the_bytes_of_one_by_one(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The same cold build with one translation per task (as before
    batches, and as on Dask) writes the same ``.vmfb``, byte for byte, and
    the same cache entries (texts and interfaces; their seconds differ: a
    batch's are shares)."""
    model_file = tmp_path / "deep.mlir"
    model_file.write_text(layers.program(WIDTHS, SCALES))
    entries = {}
    for batches in (True, False):
        monkeypatch.setattr(LocalExecutor, "batches", batches)
        out = tmp_path / f"{batches}.vmfb"
        with DiskStore(tmp_path / f"cache-{batches}") as store:
            result = build_vmfb(model_file, out, FLAGS, store=store, jobs=2, progress=False)
            summary = result.report["codegen_summary"]
            assert (summary["translations_run"] < summary["compiled"]) == batches
            found = {}
            for e in result.report["codegen"]:
                raw = store.get(e["key"])
                entry = decode_entry(e["key"], raw) if raw is not None else None
                assert entry is not None, e
                found[e["key"]] = (entry.text, entry.interface)
            entries[batches] = found
    assert (tmp_path / "True.vmfb").read_bytes() == (tmp_path / "False.vmfb").read_bytes()
    assert len(entries[True]) >= LANE_FROM and entries[True] == entries[False]


def test_misses_go_out_heaviest_group_first_in_batches_of_at_most_eight(
        turbine: list[ExecutableUnit]) -> None:
    """A cold run's translation jobs (the committed export's plan): every
    miss once; each job holds the misses of one group, at most
    ``BATCH_MEMBERS`` of them and split evenly (a group of 13: 7 and 6);
    the groups come heaviest first (text of their members), so the run
    ends on a light group."""
    from halflow.codegen.backend import BATCH_MEMBERS, Inputs, _Schedule
    from halflow.core.progress import Event
    from halflow.store.artifacts import MemoryStore

    env = pipeline.environment_for(TURBINE_FLAGS)
    plan, members = groups.plan(turbine, TURBINE_FLAGS.key)

    def sink(event: Event) -> None:
        pass

    schedule = _Schedule(Inputs(turbine, plan, members, "", (), env, MemoryStore(), sink,
                                lambda: None), {})
    jobs = schedule.translate_jobs(False, True)
    keys = [[t.key for t in (job.members if isinstance(job, TranslateBatch) else [job])]
            for job in jobs]
    assert sorted(k for job in keys for k in job) == sorted({u.key for u in turbine})
    weight = {u.key: len(u.text) for u in turbine}
    group_of = {m.key: g for g in reversed(plan) for m in g.members}  # its first group
    order: list[groups.SerializationGroup] = []
    for job in keys:
        assert len({group_of[k].key for k in job}) == 1 and len(job) <= BATCH_MEMBERS
        group = group_of[job[0]]
        if not order or order[-1] is not group:
            order.append(group)
    assert len(order) == len({g.key for g in order}) >= 8  # one group's jobs together
    heavy = [sum(weight[m.key] for m in g.members) for g in order]
    assert heavy == sorted(heavy, reverse=True)
    sizes = {group_of[job[0]].key: [] for job in keys}
    for job in keys:
        sizes[group_of[job[0]].key].append(len(job))
    assert any(len(s) > 1 for s in sizes.values())
    assert all(max(s) - min(s) <= 1 for s in sizes.values()), sizes
