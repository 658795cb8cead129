"""What a one-edit rebuild runs beyond its floor (front end + the dirty
translations + serializing only them + the final link), on real processes.

- **Overlay of the previous build's groups**: when an edit dirties a group of
  the plan, the previous build's groups that still hold this build's members
  (same content key, same name in the binary) are kept as they are, and only
  the members no kept group holds are serialized, in groups of their own.
  Every group that runs holds only re-translated executables; the outputs run
  bitwise equal to a plain ``iree-compile``; the report counts the stale
  members (code no dispatch reaches) of each kept group; undoing the edit
  gives back the first build's bytes. ``HALFLOW_CANONICAL_GROUPS`` turns it
  off (tests/test_codegen_nodes.py: a rebuild then equals a cold build).
  ``halflow build -n --to vmfb`` lists the overlay's groups, as the
  rebuild then serializes them.
- **The host beside a group**: an inline rebuild (no worker ready) starts the
  host's ``iree-opt`` before it serializes the dirty group in-process.
- **The front end first**: ``halflow build --to vmfb`` launches
  ``iree-compile`` before it loads the command line and the compiler
  bindings; a no-op launches nothing.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import psutil
import pytest
from conftest import subprocess_env
from test_codegen_nodes import (
    FLAGS,
    SCALES,
    WIDTHS,
    assert_bitwise_equal,
    build_then_widen,
    compiled,
    plain,
    write,
)

from halflow.codegen import DiskStore, build_vmfb
from halflow.codegen import flags as flags_mod
from halflow.codegen.pipeline import CodegenResult, environment_for


@pytest.fixture(autouse=True)
def small_groups(monkeypatch: pytest.MonkeyPatch) -> None:
    """Groups of several members on these small programs (as in
    tests/test_codegen_nodes.py), and the overlay on."""
    from halflow.codegen import groups

    monkeypatch.setattr(groups, "TARGET_WEIGHT", 14_000)
    monkeypatch.setattr(groups, "MIN_WEIGHT", 0)
    monkeypatch.delenv("HALFLOW_CANONICAL_GROUPS", raising=False)


@pytest.fixture
def store(tmp_path: Path) -> Iterator[DiskStore]:
    with DiskStore(tmp_path / "cache") as s:
        yield s


def check_overlay(before: CodegenResult, after: CodegenResult) -> None:
    """Only re-translated executables were serialized, each once; every
    reused group is the previous build's (its live members a subset of its
    members then, the rest counted stale)."""
    retranslated = compiled(after)
    ran = [g for g in after.report["groups"] if g["action"] == "compiled"]
    served = [m["executable"] for g in ran for m in g["members"]]
    assert sorted(served) == sorted(retranslated), (served, retranslated)
    old = {g["group"]: g for g in before.report["groups"]}
    for group in after.report["groups"]:
        if group["action"] != "reused":
            continue
        assert group["group"] in old, group
        then = {m["binary_name"] for m in old[group["group"]]["members"]}
        now = {m["binary_name"] for m in group["members"]}
        assert now <= then
        assert group.get("stale_members", 0) == len(then) - len(now) <= len(then) / 2


def test_width_change_serializes_only_the_dirty_executables(tmp_path: Path,
                                                            store: DiskStore) -> None:
    """One layer's width: its executables and their neighbours change, and
    the host program with them. The plan's groups around them would be
    serialized again with their clean members; the overlay serializes only
    the changed executables, keeps the previous groups (with the old code
    of the changed ones, stale), and the output runs as plain's. Back to the
    first widths, the plan's groups are all stored: the first build's bytes."""
    model, out, first, widths = build_then_widen(tmp_path, store)
    cold_bytes = out.read_bytes()  # the first build's, not rebuilt yet
    assert len(first.groups) >= 3
    second = build_vmfb(model, out, FLAGS, store=store, progress=False)
    assert second.mode == "groups"
    assert 2 <= len(compiled(second)) < len(second.executables)
    check_overlay(first, second)
    assert any(g.get("stale_members") for g in second.report["groups"])
    assert second.host is not None and second.host.action == "compiled"
    assert_bitwise_equal(out, plain(model, tmp_path / "p1.vmfb"), widths)

    write(model, WIDTHS, SCALES)
    third = build_vmfb(model, out, FLAGS, store=store, progress=False)
    assert compiled(third) == set()
    assert all(g.action == "reused" for g in third.groups)
    assert not any(g.get("stale_members") for g in third.report["groups"])
    assert out.read_bytes() == cold_bytes


def test_dry_run_lists_the_overlay_groups_the_rebuild_serializes(tmp_path: Path,
                                                                 store: DiskStore) -> None:
    """``halflow build -n --to vmfb`` (:func:`plan_vmfb`) decides the overlay
    as the build does: after the width edit it lists the groups the rebuild
    then serializes (only re-translated executables), not the plan's, and
    the rebuild's group count."""
    from halflow.codegen.pipeline import plan_vmfb

    model, out, first, _ = build_then_widen(tmp_path, store)
    planned = plan_vmfb(model, out, FLAGS, store=store)
    second = build_vmfb(model, out, FLAGS, store=store, progress=False)
    check_overlay(first, second)
    ran = {f"@{g['group']} ({len(g['members'])} executables)": g.get("reason", "")
           for g in second.report["groups"] if g["action"] == "compiled"}
    assert dict(planned.groups) == ran and ran
    assert planned.group_count == len(second.report["groups"])
    assert {name for name, _ in planned.translations} == compiled(second)


def test_overlay_off_serializes_the_plan(tmp_path: Path, store: DiskStore,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """With ``HALFLOW_CANONICAL_GROUPS`` the same edit serializes the plan's
    dirty groups, clean members included, and nothing is stale."""
    monkeypatch.setenv("HALFLOW_CANONICAL_GROUPS", "1")
    model = write(tmp_path / "m.mlir", WIDTHS, SCALES)
    out = tmp_path / "m.vmfb"
    build_vmfb(model, out, FLAGS, store=store, progress=False)
    widths = list(WIDTHS)
    widths[4] = 52
    write(model, widths, SCALES)
    second = build_vmfb(model, out, FLAGS, store=store, progress=False)
    served = {m["executable"] for g in second.report["groups"] if g["action"] == "compiled"
              for m in g["members"]}
    assert served > compiled(second)
    assert not any(g.get("stale_members") for g in second.report["groups"])
    assert_bitwise_equal(out, plain(model, tmp_path / "p1.vmfb"), widths)


def test_body_edit_keeps_the_plan_and_the_host(tmp_path: Path, store: DiskStore) -> None:
    """A constant in one body: the host program is the same, so the plan's
    group is serialized again (its stubs unchanged) and the host reused:
    an overlay would cost a host compile for one group's clean members."""
    model = write(tmp_path / "m.mlir", WIDTHS, SCALES)
    out = tmp_path / "m.vmfb"
    build_vmfb(model, out, FLAGS, store=store, progress=False)
    scales = list(SCALES)
    scales[3] = 3.0
    write(model, WIDTHS, scales)
    second = build_vmfb(model, out, FLAGS, store=store, progress=False)
    assert len(compiled(second)) == 1
    assert second.host is not None and second.host.action == "reused"
    assert not any(g.get("stale_members") for g in second.report["groups"])
    assert_bitwise_equal(out, plain(model, tmp_path / "p1.vmfb"), WIDTHS)


def halflow(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "halflow", *args], capture_output=True,
                          text=True, env=subprocess_env(), check=False)


def test_inline_rebuild_starts_the_host_before_the_group(tmp_path: Path) -> None:
    """A ``halflow build`` process after a width edit (one worker starting,
    so the first small jobs run in-process): the host's ``iree-opt`` starts
    before the group that runs in the build process is serialized, and
    both ran (the trace)."""
    model = write(tmp_path / "m.mlir", WIDTHS, SCALES)
    out, cache = tmp_path / "m.vmfb", tmp_path / "cache"
    common = ["--to", "vmfb", "-o", str(out), "--cache-dir", str(cache)]
    assert halflow("build", str(model), *common, "--", *FLAGS).returncode == 0
    widths = list(WIDTHS)
    widths[8] = 84  # the last layer: one executable and the host change
    write(model, widths, SCALES)
    trace, report = tmp_path / "trace.json", tmp_path / "report.json"
    done = halflow("build", str(model), *common, "--trace", str(trace), "--report",
                   str(report), "--", *FLAGS)
    assert done.returncode == 0, done.stderr
    data = json.loads(report.read_text())
    assert data["host"]["action"] == "compiled"
    spans = [e for e in json.loads(trace.read_text())["traceEvents"] if e["ph"] == "X"]
    host = [e for e in spans if e["name"] == "host"]
    groups = [e for e in spans if e["cat"] == "group"]
    assert len(host) == 1 and groups
    if all(e["pid"] == host[0]["pid"] for e in groups):  # the inline case
        assert host[0]["ts"] < min(e["ts"] for e in groups), (host, groups)
    assert_bitwise_equal(out, plain(model, tmp_path / "p1.vmfb"), widths)


def test_front_end_starts_first_and_no_op_starts_none(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """``halflow build --to vmfb`` started the front end before the build
    itself started (``frontend_early``: how long before, the command line
    and bindings loading beside it); the library call starts it itself. An
    up-to-date rebuild with ``--report`` runs no front end at all."""
    # The library build below is compared byte for byte with the command's,
    # which groups with the real weights: so does this process.
    monkeypatch.undo()
    model = write(tmp_path / "m.mlir", WIDTHS, SCALES)
    out, cache = tmp_path / "m.vmfb", tmp_path / "cache"
    report = tmp_path / "report.json"
    common = ["--to", "vmfb", "-o", str(out), "--cache-dir", str(cache), "--report",
              str(report)]
    assert halflow("build", str(model), *common, "--", *FLAGS).returncode == 0
    timings = json.loads(report.read_text())["codegen_timings"]
    assert 0 < timings["frontend_early"] < timings["frontend"]
    assert halflow("build", str(model), *common, "--", *FLAGS).returncode == 0
    again = json.loads(report.read_text())
    assert again["mode"] == "up-to-date" and "frontend" not in again["codegen_timings"]
    assert_bitwise_equal(out, plain(model, tmp_path / "p.vmfb"), WIDTHS)
    with DiskStore(tmp_path / "cache2") as fresh:
        library = build_vmfb(model, tmp_path / "lib.vmfb", FLAGS, store=fresh, progress=False)
    assert "frontend_early" not in library.report["codegen_timings"]
    assert (tmp_path / "lib.vmfb").read_bytes() == out.read_bytes()


def test_back_end_verifies_only_when_asked() -> None:
    """Per-pass verification in translation, serialization, the host and the
    link follows ``--verify`` as the front end does: off unless given."""
    assert not environment_for(flags_mod.parse(FLAGS)).verify
    assert environment_for(flags_mod.parse([*FLAGS, "--verify"])).verify
    assert environment_for(flags_mod.parse([*FLAGS, "--verify=true"])).verify
    assert not environment_for(flags_mod.parse([*FLAGS, "--verify=false"])).verify


def worker_cpu(pid: int) -> float:
    """CPU seconds process ``pid`` has used (user + system)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def test_later_work_runs_after_the_jobs_before_it_are_sent(tmp_path: Path) -> None:
    """A result's deferred work (the host's text, storing translations) runs in
    the build process once the jobs returned before it are sent: while it
    runs, the worker is already translating (its CPU time grows), and the
    job it returns (here a second translation) runs too. The translations
    are IREE's, of the committed turbine export, on a worker process."""
    from test_codegen_batch import tasks_of
    from test_codegen_groups import DATA, units_of
    from test_codegen_groups import FLAGS as TURBINE_FLAGS

    from halflow.codegen import tasks as worker
    from halflow.codegen.executors import LocalExecutor

    units = list({u.key: u for u in units_of(DATA / "llama_serving_l2.mlir", tmp_path)
                  if not u.resources}.values())
    env = environment_for(TURBINE_FLAGS)
    tasks = tasks_of(units[:12], env)
    executor = LocalExecutor(env, 1, start=True, inline=False)
    executor.check()  # the worker is set up before the run
    [pid] = [p.pid for p in psutil.Process().children()
             if "halflow.codegen.worker" in " ".join(p.cmdline())]
    idle = -1.0
    while worker_cpu(pid) != idle:  # waiting for its first task: no CPU
        idle = worker_cpu(pid)
        time.sleep(0.3)
    seen: dict[str, float] = {}

    def later() -> list[worker.Job]:
        seen["before"] = worker_cpu(pid)
        deadline = time.monotonic() + 20  # the batch takes ~1 s of CPU
        while worker_cpu(pid) < seen["before"] + 0.1 and time.monotonic() < deadline:
            time.sleep(0.02)
        seen["after"] = worker_cpu(pid)
        return [tasks[-1]]

    results: list[str] = []

    def on_result(task: worker.Task, result: object) -> list[worker.Job]:
        results.append(task.kind)
        if task.kind == "translate_batch":
            assert isinstance(result, worker.BatchResult) and all(r.ok for r in result.results)
            return []
        assert isinstance(result, worker.TranslateResult) and result.ok
        return []

    try:
        failures = executor.run([worker.TranslateBatch("b", tasks[:-1]),
                                 worker.Deferred(later)], on_result)
    finally:
        executor.close()
    assert failures == []
    assert seen["after"] > seen["before"], seen  # translating while the deferred work ran
    assert results == ["translate_batch", "translate"]


def test_a_large_dirty_set_is_serialized_in_fewer_groups(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """Two widths changed at once, rebuilt with groups of ~1 member: the
    same rebuild (from copies of one first build's cache) with the plan's
    weights for the new groups and with the overlay's scaled weights (a
    large rest for OVERLAY_GROUPS = 1) serializes the same executables,
    only re-translated ones, in fewer groups when scaled; both outputs run
    as plain's, and the report lists the groups that ran."""
    import shutil

    from halflow.codegen import groups

    model = write(tmp_path / "m.mlir", WIDTHS, SCALES)
    out = tmp_path / "m.vmfb"
    with DiskStore(tmp_path / "cache") as first_store:
        first = build_vmfb(model, out, FLAGS, store=first_store, progress=False)
    widths = list(WIDTHS)
    widths[3], widths[5] = 44, 60
    write(model, widths, SCALES)
    monkeypatch.setattr(groups, "TARGET_WEIGHT", 3_000)
    ran = {}
    for n in (10**6, 1):
        monkeypatch.setattr(groups, "OVERLAY_GROUPS", n)
        shutil.copytree(tmp_path / "cache", tmp_path / f"cache-{n}")
        shutil.copyfile(tmp_path / "m.vmfb", tmp_path / f"m-{n}.vmfb")
        with DiskStore(tmp_path / f"cache-{n}") as store:
            again = build_vmfb(model, tmp_path / f"m-{n}.vmfb", FLAGS, store=store,
                               progress=False)
        check_overlay(first, again)
        ran[n] = [g for g in again.report["groups"] if g["action"] == "compiled"]
        assert len(ran[n]) == again.report["codegen_summary"]["groups_compiled"]
        assert_bitwise_equal(tmp_path / f"m-{n}.vmfb", plain(model, tmp_path / "p.vmfb"),
                             widths)
    assert 1 <= len(ran[1]) < len(ran[10**6])
    assert (sorted(m["executable"] for g in ran[1] for m in g["members"])
            == sorted(m["executable"] for g in ran[10**6] for m in g["members"]))
