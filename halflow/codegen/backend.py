"""The back end of a ``.vmfb`` build as cached nodes: translations, group
binaries, the host, and the link that puts them together.

:func:`run_nodes` decides what is dirty and runs only that, in the worker pool
(or on Dask): every missing translation; a group as soon as the last of its
members is translated (so groups serialize next to the remaining
translations); the host as soon as every interface is known. Results are
stored as they arrive. The caller links (:func:`halflow.codegen.link.link_module`).

Node keys (each beside what it covers):

- translation: :func:`halflow.codegen.executables.unit_key`;
- group: :func:`halflow.codegen.groups.plan` (members' content keys and the
  names they have in the binary, lane, flags, versions);
- host: :func:`halflow.codegen.groups.host_key` (the host program with the
  stubs' interfaces, all compile flags, versions).

Early cutoff (:class:`CutOff`): on a rebuild, a changed executable whose
translation comes out as the text a previous build's group member has
(same name and variant) is served by that group; its new group is cut to
the members that did change (or dropped), before it is sent.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from halflow.codegen import groups as groups_mod
from halflow.codegen.environment import Environment
from halflow.codegen.executables import ExecutableUnit
from halflow.codegen.tasks import (
    BatchResult,
    Deferred,
    GroupResult,
    GroupTask,
    HostResult,
    HostTask,
    Job,
    Result,
    Runner,
    Task,
    ThroughShared,
    TranslateBatch,
    TranslateResult,
    TranslateTask,
)
from halflow.core.fingerprint import fingerprint
from halflow.core.progress import Event, Kind, Sink
from halflow.store.codegen_entries import Entry, GroupEntry, HostEntry, encode_entry
from halflow.store.protocol import ArtifactStore


@dataclass(frozen=True)
class Span:
    """A piece of work for the trace: ``start``/``end`` on the build's
    ``perf_counter`` clock, ``where`` the process that did it."""

    name: str
    category: str
    start: float
    end: float
    where: str


@dataclass
class Outcome:
    """What :func:`run_nodes` did (mutable while it runs)."""

    translated: dict[str, TranslateResult] = field(default_factory=dict)
    binaries: dict[str, GroupEntry] = field(default_factory=dict)  # by group key
    compiled_groups: dict[str, GroupResult] = field(default_factory=dict)
    host: HostEntry | None = None  # the compiled host
    host_result: HostResult | None = None
    host_key: str = ""
    host_error: str = ""  # why the host could not be compiled (-> fallback)
    # translation key -> the batch it was translated in (with others, in one
    # IREE invocation); absent: translated alone
    batches: dict[str, str] = field(default_factory=dict)
    failures: list[tuple[str, Any, str, tuple[str, ...]]] = field(default_factory=list)
    # The groups the build links and the group serving each (member key,
    # variant): the inputs', changed by early cutoffs (serves None: each
    # member's own group).
    groups: list[groups_mod.SerializationGroup] = field(default_factory=list)
    serves: dict[tuple[str, str], groups_mod.SerializationGroup] | None = None
    cut_off: list[str] = field(default_factory=list)  # member keys an earlier group serves
    digests: dict[str, str] = field(default_factory=dict)  # member key -> text_digest

    @property
    def warnings(self) -> list[str]:
        """IREE's warnings from serializing the groups (deduplicated)."""
        seen: list[str] = []
        for _, _, warnings in self.binaries.values():
            seen.extend(w for w in warnings if w not in seen)
        return seen
    spans: list[Span] = field(default_factory=list)


# The most translations one IREE invocation is given (a group's misses are
# batched: each invocation has a fixed cost; more in one would keep one lane
# busy while the other has nothing to do).
BATCH_MEMBERS = 8


@dataclass(frozen=True)
class CutOff:
    """What an early cutoff needs (see the module docstring): the previous
    build's members by their text (``previous``), and ``load``, which gives
    the translations of a group's members when its binary and theirs are
    stored (else None)."""

    previous: groups_mod.Equivalents
    load: Callable[[groups_mod.SerializationGroup], Mapping[str, Entry] | None]
    key_flags: Sequence[str]


# A previous group serves changed members only when they (with those it
# serves already) are at least this share of its members: the rest of its
# code is stale in the module (as groups.STALE_SHARE bounds for the overlay).
CUTOFF_SHARE = 1 - groups_mod.STALE_SHARE


@dataclass(frozen=True)
class Inputs:
    """What :func:`run_nodes` works on (see its parameters)."""

    units: Sequence[ExecutableUnit]
    groups: Sequence[groups_mod.SerializationGroup]
    members: Mapping[str, groups_mod.Member]
    host_program: str
    compile_flags: Sequence[str]
    env: Environment
    store: ArtifactStore
    sink: Sink
    host_ready: Callable[[], None]
    # (see groups.overlay)
    serves: Mapping[tuple[str, str], groups_mod.SerializationGroup] | None = None
    cut_off: CutOff | None = None  # only with ``serves``
    digests: Mapping[str, str] = field(default_factory=dict)  # the previous build's
    shared: Any = None  # the runner's shared cache (RemoteCache), or None


class _Schedule:
    """The state of one :func:`run_nodes`: what is known (interfaces and
    texts of translations), what is missing, which group waits for which
    translations, and what was submitted. Each ``on_*`` method takes a
    worker result and returns the jobs it makes ready."""

    def __init__(self, inputs: Inputs, cached: Mapping[str, Entry]):
        self.inputs = inputs
        self.out = Outcome()
        self.groups = list(inputs.groups)
        self.serves = dict(inputs.serves) if inputs.serves is not None else None
        # previous group key -> names of its members matched (early cutoff);
        # previous groups asked for (whether they serve)
        self.matched: dict[str, set[str]] = {}
        self.taken: dict[str, bool] = {}
        self.interfaces: dict[str, tuple[groups_mod.Interface, ...]] = {}
        self.texts: dict[str, str] = {}
        for key, entry in cached.items():
            iface = groups_mod.decode_interfaces(entry.interface)
            if iface is not None:
                self.interfaces[key] = iface
                self.texts[key] = entry.text
        for group in inputs.groups:
            hit = GroupEntry.decode(group.key, inputs.store.get(group.key))
            if hit is not None:
                self.out.binaries[group.key] = hit
        # Translations go out group by group (a group's members one after the
        # other), so that groups become ready one at a time and serialize
        # next to the remaining translations, not all at the end (module
        # order scatters every group's members over the run). The groups to
        # serialize go first, the heaviest first (its members' text): the
        # group the run ends on is then a light one, a short tail.
        weight = {u.key: len(u.text) for u in inputs.units}
        order = sorted(enumerate(inputs.groups), key=lambda ig: (
            ig[1].key in self.out.binaries, -sum(weight.get(m.key, 0) for m in ig[1].members)))
        rank: dict[str, int] = {}  # a member of several groups (lanes): its first
        self.first_group: dict[str, int] = {}  # member key -> its first group's index
        position = 0
        for index, group in order:
            for m in group.members:
                rank.setdefault(m.key, position)
                self.first_group.setdefault(m.key, index)
                position += 1
        self.misses: dict[str, ExecutableUnit] = {}
        for unit in sorted(inputs.units, key=lambda u: rank.get(u.key, len(rank))):
            if unit.key not in self.interfaces and unit.key not in self.misses:
                self.misses[unit.key] = unit
        self.dirty = [g for g in inputs.groups if g.key not in self.out.binaries]
        self.waiting = {g.key: {m.key for m in g.members if m.key in self.misses}
                        for g in self.dirty}
        self.submitted: set[str] = set()
        self.host_submitted = False
        # Translations received, to be stored once the jobs they made ready
        # are sent (deferred work: see ready_jobs).
        self.unstored: list[TranslateResult] = []

    def group_job(self, group: groups_mod.SerializationGroup) -> Job:
        self.submitted.add(group.key)
        members = tuple((m.name, self.texts[m.key]) for m in group.members)
        task = GroupTask(group.key, group.name, group.linked, group.variant, members,
                         self.inputs.env)
        if all(text for _, text in members):
            return task
        # Some texts are only in the shared cache (halflow.codegen.remote_workers).
        return ThroughShared(
            dataclasses.replace(task, member_keys=tuple(m.key for m in group.members)),
            self.inputs.shared)

    def translate_task(self, unit: ExecutableUnit) -> TranslateTask:
        return TranslateTask(unit.key, unit.symbol, unit.source(), unit.buffer_name,
                             self.inputs.env)

    def translate_job(self, unit: ExecutableUnit, through_shared: bool) -> Job:
        task = self.translate_task(unit)
        return ThroughShared(task, self.inputs.shared) if through_shared else task

    def translate_jobs(self, shared: bool, batches: bool) -> list[Job]:
        """The jobs of every missing translation, in plan order. With
        ``batches``, the misses of one group are one job (one IREE
        invocation: :func:`halflow.codegen.translate.translate_batch`); through
        a shared cache, one job each."""
        misses = list(self.misses.values())
        if shared or not batches:
            return [self.translate_job(u, shared and u.cacheable) for u in misses]
        runs: list[list[ExecutableUnit]] = []
        for unit in misses:
            if runs and self.first_group.get(runs[-1][0].key) == self.first_group.get(unit.key):
                runs[-1].append(unit)
            else:
                runs.append([unit])
        # A large group's misses in even batches of at most BATCH_MEMBERS:
        # both lanes translate for it, and it is ready the sooner.
        runs = [run[i * len(run) // count:(i + 1) * len(run) // count] for run in runs
                for count in [-(-len(run) // BATCH_MEMBERS)] for i in range(count)]
        return [self.translate_job(run[0], False) if len(run) == 1 else self.batch_job(run)
                for run in runs]

    def batch_job(self, units: Sequence[ExecutableUnit]) -> Job:
        tasks = tuple(self.translate_task(u) for u in units)
        return TranslateBatch(batch_key([t.key for t in tasks]), tasks)

    def host_job(self) -> list[Job]:
        inputs, out = self.inputs, self.out
        try:
            text = groups_mod.host_text(inputs.host_program, inputs.units, inputs.members,
                                        self.groups, self.interfaces, self.serves)
        except ValueError as e:
            out.host_error = str(e)
            return []
        out.host_key = groups_mod.host_key(text, inputs.compile_flags)
        hit = HostEntry.decode(out.host_key, inputs.store.get(out.host_key))
        if hit is not None:
            out.host = hit
            return []
        inputs.host_ready()
        return [HostTask(out.host_key, text, tuple(inputs.compile_flags), inputs.env.verify)]

    def ready_jobs(self) -> list[Job]:
        """The groups whose members are all translated, then, as work of
        this process deferred until those are sent to workers (the groups
        do not wait for it), the host's text once every interface is known
        (it gives the host's job) and the storing of the translations
        received."""
        ready = [g for g in self.dirty if not self.waiting[g.key] and g.key not in self.submitted]
        jobs: list[Job] = []
        for group in ready:
            cut = self.cut_off(group)
            if cut is not None:
                jobs.append(self.group_job(cut))
        if not self.host_submitted and all(u.key in self.interfaces for u in self.inputs.units):
            self.host_submitted = True
            jobs.append(Deferred(self.host_job))
        if self.unstored:
            jobs.append(Deferred(self.store_translations))
        return jobs

    def cut_off(self, group: groups_mod.SerializationGroup) -> groups_mod.SerializationGroup | None:
        """``group`` (ready to serialize), without the members a previous
        build's group serves (early cutoff): the group to serialize, or
        None when there is nothing left to (or its binary is stored)."""
        cut, serves = self.inputs.cut_off, self.serves
        if cut is None or serves is None:
            return group
        found: dict[str, tuple[groups_mod.SerializationGroup, list[groups_mod.Member]]] = {}
        for member in group.members:
            text = self.texts.get(member.key, "")
            hit = cut.previous.find(self.digest(member.key), member.name,
                                    group.variant) if text else None
            if hit is not None and hit[0].key != group.key:
                found.setdefault(hit[0].key, (hit[0], []))[1].append(member)
        moved: list[groups_mod.Member] = []
        for old, members in found.values():
            serving = self.take(old, {m.name for m in members})
            if serving is not None:
                for member in members:
                    serves[(member.key, group.variant)] = serving
                moved.extend(members)
        if not moved:
            return group
        self.out.cut_off.extend(m.key for m in moved)
        self.submitted.add(group.key)
        rest = [m for m in group.members if m not in moved]
        index = self.groups.index(group)
        if not rest:
            del self.groups[index]
            return None
        variant = next(v for v in groups_mod.variants(self.unit_text(rest[0].key))
                       if v.name == group.variant)
        smaller = groups_mod.regroup(group, rest, variant, cut.key_flags)
        self.groups[index] = smaller
        self.dirty.append(smaller)
        self.waiting[smaller.key] = set()
        self.submitted.add(smaller.key)
        for member in rest:
            serves[(member.key, group.variant)] = smaller
        stored = GroupEntry.decode(smaller.key, self.inputs.store.get(smaller.key))
        if stored is not None:
            self.out.binaries[smaller.key] = stored
            return None
        return smaller

    def take(self, old: groups_mod.SerializationGroup,
             names: set[str]) -> groups_mod.SerializationGroup | None:
        """The group (``old``, a previous build's) that serves members
        ``names`` (matched now), or None: once those matched so far make
        :data:`CUTOFF_SHARE` of it, if its binary and its members'
        translations are stored."""
        assert self.inputs.cut_off is not None
        matched = self.matched.setdefault(old.key, set())
        matched |= names
        kept = next((g for g in self.groups if g.key == old.key), None)
        if kept is not None and kept.key in self.out.binaries:  # the overlay kept it
            return kept
        if old.key in self.taken or len(matched) < CUTOFF_SHARE * len(old.members):
            return None
        self.taken[old.key] = False
        entries = self.inputs.cut_off.load(old)
        hit = GroupEntry.decode(old.key, self.inputs.store.get(old.key)) if entries else None
        if hit is None or entries is None:
            return None
        for key, entry in entries.items():
            iface = groups_mod.decode_interfaces(entry.interface)
            if key not in self.interfaces and iface is not None:
                self.interfaces[key] = iface
                self.texts[key] = entry.text
        self.out.binaries[old.key] = hit
        self.groups.append(old)
        self.taken[old.key] = True
        return old

    def digest(self, key: str) -> str:
        found = self.out.digests.get(key) or self.inputs.digests.get(key)
        if not found:
            found = groups_mod.text_digest(self.texts[key])
        self.out.digests[key] = found
        return found

    def unit_text(self, key: str) -> str:
        return next(u.text for u in self.inputs.units if u.key == key)

    def store_translations(self) -> list[Job]:
        unstored, self.unstored = self.unstored, []
        for result in unstored:
            self.inputs.store.put(result.key, encode_entry(
                Entry(result.key, result.text, result.seconds, result.interface)))
        return []

    def on_result(self, task: Task, result: Result) -> list[Job]:
        """Take in the result of ``task``; the jobs it made ready."""
        if isinstance(result, BatchResult):
            for r in result.results:
                self.on_translation(r, result)
            return self.ready_jobs()
        if isinstance(result, TranslateResult):
            self.on_translation(result)
            return self.ready_jobs()
        if isinstance(result, GroupResult):
            return self.on_group(result)
        return self.on_host(result)

    def on_translation(self, result: TranslateResult, batch: BatchResult | None = None) -> None:
        """Take in one translation (its interface and text; stored by
        deferred work)."""
        out, sink = self.out, self.inputs.sink
        now = time.perf_counter()
        unit = self.misses[result.key]
        if batch is None or not batch.together:
            out.spans.append(Span(f"translate {unit.symbol}", "translate",
                                  now - result.seconds, now, result.worker))
        elif result is batch.results[0]:  # one span for the invocation
            seconds = sum(r.seconds for r in batch.results)
            symbols = ", ".join(self.misses[r.key].symbol for r in batch.results)
            out.spans.append(Span(f"translate {symbols}", "translate", now - seconds, now,
                                  result.worker))
        if batch is not None and result.key in batch.together:
            out.batches[result.key] = batch.key
        if not result.ok:
            out.failures.append(("translate", unit, result.messages[0] if result.messages
                                 else "IREE gave no reason", result.messages[1:]))
            sink(Event(Kind.FAILED, executable=unit.symbol, seconds=result.seconds))
            return
        iface = groups_mod.decode_interfaces(result.interface)
        if unit.cacheable and not result.shared:
            self.unstored.append(result)
        out.translated[result.key] = result
        sink(Event(Kind.COMPILED, executable=unit.symbol, seconds=result.seconds))
        if iface is None:
            out.host_error = f"the translation of {unit.symbol} has no variant"
            return
        self.interfaces[result.key] = iface
        self.texts[result.key] = result.text
        for waits in self.waiting.values():
            waits.discard(result.key)

    def on_group(self, result: GroupResult) -> list[Job]:
        out, groups = self.out, self.groups
        if result.missing:
            # The shared cache lost members since they were translated:
            # translate them again, their texts coming back here.
            self.waiting[result.key] = set(result.missing)
            self.submitted.discard(result.key)
            return [self.translate_task(self.misses[key]) for key in result.missing]
        now = time.perf_counter()
        out.spans.append(Span(f"group @{_group_name(groups, result.key)}", "group",
                              now - result.seconds, now, result.worker))
        if not result.ok or result.binary is None:
            out.failures.append(("serialize_group", result.key, result.messages[0]
                                 if result.messages else "IREE gave no reason",
                                 result.messages[1:]))
            return []
        entry = GroupEntry(result.binary, result.seconds, tuple(result.messages))
        self.inputs.store.put(result.key, entry.encode(result.key))
        out.binaries[result.key] = entry
        out.compiled_groups[result.key] = result
        self.inputs.sink(Event(Kind.GROUP, detail=_group_name(groups, result.key),
                               seconds=result.seconds))
        return []

    def on_host(self, result: HostResult) -> list[Job]:
        out = self.out
        now = time.perf_counter()
        out.spans.append(Span("host", "host", now - result.seconds, now, result.worker))
        out.host_result = result
        if not result.ok:
            out.host_error = "IREE's host pipeline failed: " + " ".join(result.messages)[:2000]
            return []
        host = HostEntry(result.text, result.seconds)
        self.inputs.store.put(result.key, host.encode(result.key))
        out.host = host
        return []


def run_nodes(
    *,
    units: Sequence[ExecutableUnit],
    cached: Mapping[str, Entry],
    groups: Sequence[groups_mod.SerializationGroup],
    members: Mapping[str, groups_mod.Member],
    host_program: str,
    compile_flags: Sequence[str],
    env: Environment,
    store: ArtifactStore,
    runner: Runner,
    sink: Sink,
    host_ready: Callable[[], None] = lambda: None,
    serves: Mapping[tuple[str, str], groups_mod.SerializationGroup] | None = None,
    cut_off: CutOff | None = None,
    digests: Mapping[str, str] | None = None,
) -> Outcome:
    """Translate misses, serialize dirty groups and compile the host if its
    key has no entry; results are stored as they arrive. Failed tasks are in
    ``outcome.failures`` as (function, task, reason, IREE messages)."""
    # With a shared cache Dask workers write to themselves, translations go
    # from worker to worker through it, not through this process
    # (halflow.codegen.remote_workers).
    schedule = _Schedule(Inputs(units, groups, members, host_program, compile_flags, env,
                                store, sink, host_ready, serves, cut_off, digests or {},
                                runner.shared), cached)
    out, misses = schedule.out, schedule.misses
    jobs = schedule.translate_jobs(runner.shared is not None, runner.batches)
    sink(Event(Kind.PLAN, total=len(units), reused=len(units) - len(misses),
               groups=len(schedule.dirty)))
    jobs += schedule.ready_jobs()
    if jobs:
        for failure in runner.run(jobs, schedule.on_result):
            task = failure.task
            if isinstance(task, TranslateBatch):
                out.failures.extend(("translate", misses[t.key], failure.reason, ())
                                    for t in task.members)
                continue
            subject = misses[task.key] if task.kind == "translate" else task.key
            if isinstance(task, HostTask):
                out.host_error = failure.reason
            else:
                out.failures.append((task.kind, subject, failure.reason, ()))
    out.groups, out.serves = schedule.groups, schedule.serves
    for group in out.groups:  # for the next build's cutoffs
        for member in group.members:
            if schedule.texts.get(member.key):
                schedule.digest(member.key)
    return out


def batch_key(keys: Sequence[str]) -> str:
    """A batch's name: its members' translation keys."""
    return fingerprint("halflow.codegen.batch", tuple(keys))


def _group_name(groups: Sequence[groups_mod.SerializationGroup], key: str) -> str:
    for g in groups:
        if g.key == key:
            return g.name
    return key
