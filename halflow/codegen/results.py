"""What a ``.vmfb`` build did, as frozen records: per executable, per
serialization group, the host, and the whole build (:class:`CodegenResult`:
its ``--report`` JSON, ``--explain`` lines and ``--trace`` events); what
its dry run would do (:class:`VmfbPlan`); the build's line in the cache's
history and its reuse counters (:func:`record_build`, :func:`count_reuses`).
:mod:`halflow.codegen.pipeline` makes them; :mod:`halflow.codegen.report`
shows them.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path

from halflow.codegen import model, reasons
from halflow.codegen.backend import Outcome, Span
from halflow.codegen.environment import worker_id
from halflow.codegen.executables import ExecutableUnit
from halflow.codegen.tasks import TranslateResult, Work
from halflow.core.buildmode import BuildMode, BuildSummary
from halflow.core.progress import Clock
from halflow.store.artifacts import REUSES, SECONDS_SAVED
from halflow.store.codegen_entries import Entry
from halflow.store.manifests import Manifest
from halflow.store.protocol import ArtifactStore


class Action(StrEnum):
    COMPILED = "compiled"
    REUSED = "reused"


def _node_dict(entry: dict[str, object], action: Action, seconds: float, saved: float,
               reason: str) -> dict[str, object]:
    """A report entry: what ran (and why), or what a reuse saved."""
    entry = {**entry, "action": str(action), "seconds": round(seconds, 4)}
    if action == Action.COMPILED:
        entry["reason"] = reason
    else:
        entry["saved_seconds"] = round(saved, 4)
    return entry


@dataclass(frozen=True)
class ExecutableReport:
    """What happened to one executable."""

    executable: str  # its symbol, e.g. "@main_dispatch_3"
    action: Action
    seconds: float  # compile time if compiled, else 0
    saved_seconds: float = 0.0  # compile time a reuse saved
    worker: str = ""  # host:pid that compiled it
    reason: str = ""  # why it was compiled
    key: str = ""  # its translation key (the cache entry)
    # The batch it was translated in, with other executables, by one IREE
    # invocation ("": alone); its seconds are then its share (by text size).
    batch: str = ""
    # Compiled to the code a previous build's group holds under its name:
    # that group serves it, nothing was serialized for it (early cutoff).
    same_code: bool = False

    def as_dict(self) -> dict[str, object]:
        entry: dict[str, object] = {"executable": self.executable}
        if self.key:
            entry["key"] = self.key
        if self.batch:
            entry["batch"] = self.batch
        if self.same_code:
            entry["same_code"] = True
        return _node_dict(entry, self.action, self.seconds, self.saved_seconds, self.reason)


@dataclass(frozen=True)
class GroupReport:
    """What happened to one serialization group."""

    group: str  # its name, e.g. "hf_g3fa9c1d2e4b5a6f7"
    action: Action
    seconds: float
    saved_seconds: float
    members: tuple[tuple[str, str], ...]  # (executable symbol, its name in the binary)
    reason: str = ""
    worker: str = ""
    # Members of a group kept from the previous build that this build no
    # longer has: their code is in the binary, no dispatch reaches it.
    stale: int = 0

    def as_dict(self) -> dict[str, object]:
        entry: dict[str, object] = {
            "group": self.group,
            "members": [{"executable": e, "binary_name": n} for e, n in self.members]}
        if self.stale:
            entry["stale_members"] = self.stale
        return _node_dict(entry, self.action, self.seconds, self.saved_seconds, self.reason)


@dataclass(frozen=True)
class HostReport:
    """What happened to the host program."""

    action: Action
    seconds: float
    saved_seconds: float
    reason: str = ""

    def as_dict(self) -> dict[str, object]:
        return _node_dict({}, self.action, self.seconds, self.saved_seconds, self.reason)


@dataclass(frozen=True)
class CodegenResult:
    """What ``build_vmfb`` did. ``report`` is the JSON-ready summary.

    ``mode``: ``groups`` (group binaries and a host compiled against stubs,
    linked), ``fallback`` (IREE's whole-program final compile; ``fallback``
    says why), ``plain`` (one ``iree-compile`` of the whole back end, no
    executable on its own; ``plain`` says why) or ``up-to-date`` (the output
    was current: nothing ran)."""

    output: Path
    model_kind: model.ModelKind
    executables: tuple[ExecutableReport, ...]
    timings: dict[str, float] = field(default_factory=dict)
    mode: BuildMode = BuildMode.GROUPS
    fallback: str = ""
    groups: tuple[GroupReport, ...] = ()
    host: HostReport | None = None
    spans: tuple[Span, ...] = ()
    warnings: tuple[str, ...] = ()  # IREE's warnings, as its tools print them
    remote: dict[str, int] | None = None  # the shared cache's traffic (cache stats)
    plain: str = ""  # why the build took the plain path (mode plain)
    fill: bool = False  # (mode plain) a fill of the cache runs on (halflow.codegen.fill)

    @property
    def compiled(self) -> list[str]:
        return [e.executable for e in self.executables if e.action == Action.COMPILED]

    @property
    def reused(self) -> list[str]:
        return [e.executable for e in self.executables if e.action == Action.REUSED]

    @property
    def report(self) -> dict[str, object]:
        data: dict[str, object] = {
            "mode": self.mode,
            "codegen": [e.as_dict() for e in self.executables],
            "codegen_summary": {
                "model_kind": str(self.model_kind),
                "executables": len(self.executables),
                "compiled": len(self.compiled),
                "reused": len(self.reused),
                "groups": len(self.groups),
                "groups_compiled": sum(g.action == Action.COMPILED for g in self.groups),
                # IREE invocations that translated: a batch counts once
                "translations_run": len({e.batch or e.executable for e in self.executables
                                         if e.action == Action.COMPILED}),
                "compiled_to_the_same_code": sum(e.same_code for e in self.executables),
                "seconds_saved": round(sum(e.saved_seconds for e in self.executables), 3),
            },
            "groups": [g.as_dict() for g in self.groups],
            "host": self.host.as_dict() if self.host is not None else None,
            "codegen_timings": {k: round(v, 4) for k, v in self.timings.items()},
        }
        if self.mode == BuildMode.FALLBACK:
            data["fallback"] = self.fallback
        if self.mode == BuildMode.PLAIN:
            data["plain"] = self.plain
            data["fill"] = self.fill
        if self.remote is not None:
            data["remote"] = self.remote
        return data

    def explain(self) -> list[str]:
        """Why each executable, group and the host ran (``--explain``)."""
        lines = []
        if self.mode == BuildMode.UP_TO_DATE:
            lines.append("output is up to date (input and output content unchanged): nothing ran")
        if self.mode == BuildMode.FALLBACK:
            lines.append(f"fallback to IREE's whole-program final compile: {self.fallback}")
        if self.mode == BuildMode.PLAIN:
            lines.append(f"plain: one iree-compile of the whole back end: {self.plain}")
        lines += [f"translate {e.executable}: {e.reason}" for e in self.executables
                  if e.action == Action.COMPILED]
        lines += [f"group @{g.group} ({len(g.members)} executables): {g.reason}"
                  for g in self.groups if g.action == Action.COMPILED]
        if self.host is not None and self.host.action == Action.COMPILED:
            lines.append(f"host: {self.host.reason}")
        return lines

    def trace(self) -> dict[str, object]:
        """A Chrome/Perfetto trace of the build (``--trace``): one process
        per place work ran (this build, each worker), time zero at the
        first span."""
        if not self.spans:
            return {"traceEvents": [], "displayTimeUnit": "ms"}
        zero = min(sp.start for sp in self.spans)
        pids: dict[str, int] = {}
        events: list[dict[str, object]] = []
        here = worker_id()  # this build's own process (a lane, the host's start)
        for sp in self.spans:
            where = "halflow" if sp.where == here else sp.where
            if where not in pids:
                pids[where] = len(pids) + 1
                label = "halflow build" if where == "halflow" else f"worker {where}"
                events.append({"name": "process_name", "ph": "M", "pid": pids[where],
                               "tid": 1, "args": {"name": label}})
                events.append({"name": "thread_name", "ph": "M", "pid": pids[where],
                               "tid": 1, "args": {"name": "main"}})
            events.append({"name": sp.name, "cat": sp.category, "ph": "X",
                           "pid": pids[where], "tid": 1,
                           "ts": round((sp.start - zero) * 1e6, 1),
                           "dur": round((sp.end - sp.start) * 1e6, 1)})
        return {"traceEvents": events, "displayTimeUnit": "ms"}


@dataclass(frozen=True)
class VmfbPlan:
    """What the next ``.vmfb`` build would do (``halflow build -n --to
    vmfb``): ``up_to_date`` (nothing would run), else the translations and
    group serializations that would run, each ``(name, reason)``, and the
    host: ``(action, reason)``, ``action`` being ``compiled``, ``reused`` or
    ``after translation`` (its key needs the interfaces the translations
    give); ``fallback``: why IREE's whole final compile would link it;
    ``plain``: why one ``iree-compile`` would build it (nothing else said)."""

    up_to_date: bool
    executables: int = 0
    translations: tuple[tuple[str, str], ...] = ()
    groups: tuple[tuple[str, str], ...] = ()
    group_count: int = 0
    host: tuple[str, str] = ("reused", "")
    fallback: str = ""
    plain: str = ""


def count_reuses(store: ArtifactStore, saved: Sequence[float]) -> None:
    """The statistics of reuses (``halflow cache stats``)."""
    if saved:
        store.add(REUSES, len(saved))
        store.add(SECONDS_SAVED, sum(saved))


def record_build(store: ArtifactStore, name: str, result: CodegenResult,
                  clock: Clock) -> CodegenResult:
    """Add the build to the cache's history (``halflow cache stats``): an
    up-to-date build counts every executable as reused. ``result``, with
    the shared cache's traffic of the build when there is one."""
    summary = BuildSummary(
        input=name, mode=BuildMode.VMFB, executed=len(result.compiled),
        reused=len(result.reused), seconds=round(clock.phases.get("total", 0.0), 6),
        noop=result.mode == BuildMode.UP_TO_DATE,  # counted apart (cache stats)
    ).as_dict()
    store.record_build(summary)
    remote = summary.get("remote")
    return dataclasses.replace(result, remote=remote) if isinstance(remote, dict) else result


def executable_reports(units: Sequence[ExecutableUnit], translated: Mapping[str, TranslateResult],
                       cached: Mapping[str, Entry], previous: Manifest,
                       outcome: Outcome | None) -> dict[str, ExecutableReport]:
    """Per executable: compiled (once per key, and why: ``previous``, the
    last build's manifest; ``outcome``: what the nodes did, the batch each
    was translated in and those an earlier group serves, early cutoff) or
    reused (and what that saved)."""
    batches = outcome.batches if outcome is not None else {}
    same = set(outcome.cut_off) if outcome is not None else set()
    reports: dict[str, ExecutableReport] = {}
    reported: set[str] = set()  # keys reported compiled (once per key)
    for unit in units:
        if unit.key in translated and unit.key not in reported:
            reported.add(unit.key)
            result = translated[unit.key]
            reports[unit.name] = ExecutableReport(
                unit.symbol, Action.COMPILED, result.seconds, 0.0, result.worker,
                reasons.why_translated(unit, previous), unit.key, batches.get(unit.key, ""),
                unit.key in same)
        else:
            seconds = (cached[unit.key].seconds if unit.key in cached
                       else translated[unit.key].seconds)
            reports[unit.name] = ExecutableReport(unit.symbol, Action.REUSED, 0.0, seconds,
                                                  key=unit.key)
    return reports


def planned(units: Sequence[ExecutableUnit], gap: str | None, outcome: Outcome | None,
            previous: Manifest, tasks: Sequence[Work]) -> VmfbPlan:
    """The plan of a dry run whose runner was given ``tasks``: translations
    in module order; the groups whose binaries are not stored (those the
    translations would make ready too); the host, if its text is known
    already. ``gap``: why the build falls back (then no groups)."""
    keys_run = {task.key for task in tasks if task.kind == "translate"}
    first: dict[str, ExecutableUnit] = {}
    for unit in units:
        first.setdefault(unit.key, unit)
    translations = tuple((u.symbol, reasons.why_translated(u, previous))
                         for u in first.values() if u.key in keys_run)
    if gap is not None:
        return VmfbPlan(False, len(units), translations, fallback=gap)
    assert outcome is not None
    dirty = tuple((f"@{g.name} ({len(g.members)} executables)", reasons.why_group(g, previous))
                  for g in outcome.groups if g.key not in outcome.binaries)
    host: tuple[str, str] = ("after translation", "reused unless an export's interface changed")
    if outcome.host is not None:
        host = ("reused", "")
    elif outcome.host_error:
        host = ("compiled", outcome.host_error)
    elif outcome.host_key:
        host = ("compiled", reasons.why_host(outcome.host_key, previous))
    return VmfbPlan(False, len(units), translations, dirty, len(outcome.groups), host)
