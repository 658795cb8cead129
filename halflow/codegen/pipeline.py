"""``build_vmfb``: MODEL -> ``.vmfb`` with every step after the front-end cached.

The steps, and which tool does each:

0. up to date? (:mod:`halflow.core.uptodate`, the check of every build): the
   output's marker says it is what these model bytes and flags build ->
   nothing runs;
1. front-end (programs only): ``iree-compile`` up to the module right before
   ``iree-hal-materialize-interfaces`` (:mod:`halflow.codegen.model`);
2. materialize: halflow's stages, then IREE's prune pass;
3. keys: each ``hal.executable`` printed alone, name-normalized, location-free
   (:mod:`halflow.codegen.executables`), and the host program;
4. nodes (:mod:`halflow.codegen.backend`): missing translations, dirty
   group binaries and the host against stubs (:mod:`halflow.codegen.groups`),
   run by IREE in local worker processes or on Dask and stored as they
   arrive;
5. link: the group binaries in place of the host's stubs, compiled by IREE
   from ``hal`` to the ``.vmfb``; or, for what the groups recipe does not
   cover (``mode == "fallback"``), the translations spliced into the
   materialized module and compiled from ``executable-targets``. The
   ``.vmfb`` is written to a temporary file and renamed into place.

A small program skips steps 2-5 (``mode == "plain"``, chosen by
:mod:`halflow.codegen.strategy` right after the front end): IREE's whole
back end in one ``iree-compile`` (:mod:`halflow.codegen.plain`), the output
byte-identical to a plain compile's.

Nothing is written to the cache but complete, successful results, and
nothing to ``output`` unless the whole build succeeds.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import json
import os
import re
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Any

from halflow.codegen import executables, iree_api, model, plain, tools
from halflow.codegen import flags as flags_mod
from halflow.codegen import groups as groups_mod
from halflow.codegen import strategy as strategy_mod
from halflow.codegen.backend import CutOff, Outcome, Span, run_nodes
from halflow.codegen.executors import DaskExecutor, LocalExecutor
from halflow.codegen.worker import (
    AssembleTask,
    Environment,
    LinkTask,
    TranslateResult,
    TranslateTask,
    worker_id,
)
from halflow.core import output as output_mod
from halflow.core import safejson, uptodate
from halflow.core.buildmode import BuildMode, BuildSummary
from halflow.core.diagnostics import Diagnostic, HalflowError, Severity, parse_location
from halflow.core.fingerprint import environment, fingerprint
from halflow.core.progress import Clock, Event, Kind, Sink, sink_for
from halflow.store.artifacts import (
    MANIFEST_PREFIX,
    REUSES,
    SECONDS_SAVED,
    DiskStore,
    Entry,
    MemoryStore,
    decode_entry,
    encode_entry,
    seal,
    unseal,
)
from halflow.store.protocol import ArtifactStore

PathLike = str | os.PathLike[str]


class CodegenError(HalflowError):
    """A build to ``.vmfb`` failed; the diagnostics say where and why."""


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


def _error(filename: str, message: str, notes: Sequence[str] = ()) -> CodegenError:
    return CodegenError(Diagnostic(
        filename, 0, 0, message,
        notes=tuple(Diagnostic(filename, 0, 0, n, Severity.NOTE) for n in notes),
    ))


def _executable_error(unit: executables.Unit, model_name: str, message: str,
                      notes: Sequence[str] = ()) -> Diagnostic:
    filename, line, col = parse_location(unit.location)
    return Diagnostic(
        filename or model_name, line, col,
        f"code generation failed for executable {unit.symbol}: {message}",
        notes=tuple(Diagnostic(filename or model_name, 0, 0, n, Severity.NOTE) for n in notes),
    )


def _module_units(
    module: Any, module_text: str, key_flags: Sequence[str]
) -> list[executables.Unit]:
    blobs = executables.resource_blobs(module_text)
    units = []
    for op in module.regions[0].blocks[0].operations:
        operation = op.operation
        if operation.name != "hal.executable":
            continue
        text = operation.get_asm(assume_verified=True, use_local_scope=True)
        units.append(executables.make_unit(
            operation.attributes["sym_name"].value, str(operation.location), text, blobs,
            key_flags,
        ))
    return units


def _manifest_key(model_file: Path, flags: flags_mod.IreeFlags) -> str:
    """Where the (name, key) list of the last build of this model is kept."""
    return MANIFEST_PREFIX + fingerprint(
        "halflow.codegen.manifest", str(model_file.resolve()), flags.key, environment())


def _previous_translations(store: ArtifactStore, manifest_key: str
                           ) -> list[tuple[str, str, bool, bytes]]:
    """(name, key, normalized, entry bytes) of the translations the last build
    of this model used that are still in ``store``; [] if there was none.
    Only reads: the worker checks and unpacks (this runs on a helper thread
    of the build process, next to materialize)."""
    manifest = _previous_manifest(store, manifest_key)
    if manifest.get("mode") != BuildMode.FALLBACK:
        return []  # groups mode has no whole-program final compile to preload for
    items = []
    for name, key, normalized in manifest.get("units", []):
        raw = store.get(key)
        if raw is not None:
            items.append((name, key, bool(normalized), raw))
    return items


def _previous_manifest(store: ArtifactStore, manifest_key: str) -> dict[str, Any]:
    """What the last build of this model recorded: ``mode``, ``units``
    ([name, key, normalized]), ``groups`` (name -> key), ``host`` (key);
    {} if nothing (or something unreadable) is recorded."""
    raw = store.get(manifest_key)
    manifest = decode_entry(manifest_key, raw) if raw is not None else None
    if manifest is None:
        return {}
    try:
        data = safejson.loads(manifest.text)
    except ValueError:
        return {}
    return data if isinstance(data, dict) else {}


def _why_translated(unit: executables.Unit, previous: dict[str, Any]) -> str:
    keys = {name: key for name, key, _ in previous.get("units", [])}
    if not previous:
        return "no cache entry (no previous build of this model with these flags)"
    if unit.name in keys and keys[unit.name] != unit.key:
        return "content changed"
    if unit.key in keys.values():
        return "no cache entry (evicted)"
    return "new executable" if unit.name not in keys else "no cache entry"


def _why_group(group: groups_mod.Group, previous: dict[str, Any]) -> str:
    old = previous.get("groups", {})
    if group.name in old:
        return "content changed" if old[group.name] != group.key else "no cache entry"
    if not previous:
        return "no cache entry (no previous build of this model with these flags)"
    return "membership changed"


def _why_host(key: str, previous: dict[str, Any]) -> str:
    if previous.get("host"):
        return ("host program or an export's interface changed"
                if previous["host"] != key else "no cache entry")
    return "no cache entry (no previous build of this model with these flags)"


def _as_printed(message: str, name: str, kind: model.ModelKind, data: bytes) -> str:
    """An in-process IREE warning as ``iree-compile MODEL`` prints it: at the
    program's module location (``MODEL:0:0``), or at a pre-materialize
    module's first line, quoted."""
    text = re.sub(r"^\S*:\d+:\d+: ", "", message)
    if kind == model.ModelKind.PROGRAM:
        return f"{name}:0:0: warning: {text}"
    first = data.split(b"\n", 1)[0].decode("utf-8", "replace")
    return f"{name}:1:1: warning: {text}\n{first}\n^"


def _host_program(module: Any) -> str:
    """The materialized module without its executables, printed with
    locations (the host the stubs go into). Erases them from ``module``."""
    for op in list(module.regions[0].blocks[0].operations):
        if op.operation.name == "hal.executable":
            op.operation.erase()
    return str(module.get_asm(enable_debug_info=True, assume_verified=True))


def environment_for(flags: flags_mod.IreeFlags) -> Environment:
    """What worker processes need for these flags. Per-pass verification
    is off unless the user gives ``--verify`` (as in the front end,
    :func:`halflow.codegen.model.frontend_command`): IREE's passes work on
    IREE's own output here, and verifying changes no byte of it."""
    session_flags, global_flags = iree_api.split_flags(flags.compile)
    return Environment(session_flags, global_flags, tools.iree_version(),
                       flags.verify_per_pass)


class Workers:
    """Local worker processes kept across builds (``halflow watch``): later
    builds skip their start-up. Use as a context manager; pass to
    :func:`build_vmfb` with the same ``iree_flags``."""

    def __init__(self, iree_flags: Sequence[str], jobs: int | None = None, retries: int = 2):
        self.env = environment_for(flags_mod.parse(iree_flags))
        self.executor = LocalExecutor(self.env, jobs or os.cpu_count() or 1, retries)

    def close(self) -> None:
        self.executor.close()

    def __enter__(self) -> Workers:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


_SUMMARY = "codegen.uptodate"  # the entry kind of what a no-op build reports


def _summary_key(output_key: str) -> str:
    return "uptodate-" + output_key


def _get_marker(store: ArtifactStore, where: str) -> object:
    """The output marker at ``where``: a JSON entry of the halflow cache
    (where :mod:`halflow.cli.entry` reads it), else JSON bytes in ``store``."""
    cache = store.backing_cache()
    if cache is not None:
        return cache.get(where)
    raw = store.get(where)
    try:
        return safejson.loads(raw) if raw is not None else None
    except ValueError:
        return None


def _put_marker(store: ArtifactStore, where: str, record: list[object]) -> None:
    cache = store.backing_cache()
    if cache is not None:
        cache.put(where, record)
    else:
        store.put(where, json.dumps(record).encode("utf-8"))


def _up_to_date(store: ArtifactStore, output_key: str, output_file: Path) -> dict[str, Any] | None:
    """What the last build reported (``kind``, ``executables``) if
    ``output_file`` still holds what it wrote for ``output_key``; None
    otherwise (also when the summary is gone: the build then runs, cheaply)."""
    if not uptodate.file_is_current(_get_marker(store, uptodate.marker_key(output_file)),
                                    output_key, output_file):
        return None
    key = _summary_key(output_key)
    raw = store.get(key)
    opened = unseal(key, _SUMMARY, raw) if raw is not None else None
    try:
        data = safejson.loads(opened[1]) if opened is not None else None
    except ValueError:
        return None
    return data if isinstance(data, dict) else None


def up_to_date(store: ArtifactStore, model_path: PathLike, output: PathLike,
               iree_flags: Sequence[str]) -> bool:
    """Whether :func:`build_vmfb` with these arguments would do nothing (the
    output still holds what the model's bytes and these flags build)."""
    try:
        data = Path(model_path).read_bytes()
    except OSError:
        return False
    key = uptodate.vmfb_output_key(uptodate.input_fingerprint(data), str(model_path), iree_flags)
    return _up_to_date(store, key, Path(output)) is not None


def _record_output(store: ArtifactStore, output_key: str, output_file: Path, written: Path,
                   kind: str, executables: Sequence[tuple[str, float]]) -> None:
    """Record that ``written`` (the file just renamed into place) is what
    ``output_key`` builds: its marker, and the summary a no-op reports."""
    if output_mod.written_in_place(output_file):
        return  # a FIFO or device holds nothing: no marker (read, it would block)
    try:
        stat = written.stat()
        digest = uptodate.content_digest(written.read_bytes())
    except OSError:
        return
    key = _summary_key(output_key)
    payload = json.dumps({"kind": kind, "executables": [list(e) for e in executables]})
    store.put(key, seal(key, _SUMMARY, {}, payload.encode("utf-8")))
    _put_marker(store, uptodate.marker_key(output_file),
                uptodate.marker(output_key, stat, len(executables), digest))


def _record_build(store: ArtifactStore, name: str, result: CodegenResult,
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


def build_vmfb(
    model_path: PathLike,
    output: PathLike,
    iree_flags: Sequence[str],
    *,
    store: ArtifactStore | None = None,
    executor: str = "local",
    scheduler: Any = None,
    jobs: int | None = None,
    progress: bool | Sink | None = None,
    model_kind: str = "auto",
    retries: int = 2,
    workers: Workers | None = None,
    strategy: str | None = None,
) -> CodegenResult:
    """Compile ``model_path`` to a ``.vmfb`` at ``output``, reusing cached
    per-executable code generation.

    ``iree_flags`` are ``iree-compile`` flags (device and target flags, ...).
    ``store`` keeps translations (default: a :class:`DiskStore` in the halflow
    cache directory). ``executor`` is ``"local"`` (a pool of ``jobs``
    processes, default: one per CPU) or ``"dask"`` (misses run on the
    ``distributed`` cluster at ``scheduler``, an address or a Client, or
    None for Dask's configured scheduler, else a local cluster: see
    :class:`DaskExecutor`; the final compile still runs locally). ``progress``: see
    :func:`halflow.core.progress.sink_for`. ``model_kind``: ``auto``,
    ``program`` or ``pre-materialize``. ``retries`` bounds re-runs of a task
    whose worker died or raised. ``workers``: local worker processes kept
    warm across builds (see :class:`Workers`); they must have been started
    for the same flags. ``strategy``: ``auto`` (default, also from
    ``$HALFLOW_VMFB_STRATEGY``), ``plain`` or ``incremental``: see
    :mod:`halflow.codegen.strategy`.

    Raises :class:`CodegenError` (a :class:`HalflowError`) with diagnostics on
    bad input, rejected flags, or a failed executable (named, with IREE's
    messages); ``output`` is then untouched. Translations that succeeded are
    cached even when others fail.

    The build is the steps of the module docstring, one function each, in
    order; each returns a small record, and the result is made of them.
    """
    log = _Log(Clock(), sink_for(progress))
    request = _request(model_path, output, iree_flags, executor, model_kind)
    chosen = strategy_mod.strategy_of(strategy)
    opened = _Opened(workers)
    try:
        store = _open_store(store, opened)
        current = _result_if_current(store, request, log)
        if current is not None:
            return current
        manifest_key = _manifest_key(request.model_file, request.flags)
        previous_mode = str(_previous_manifest(store, manifest_key).get("mode", ""))
        choice = strategy_mod.before_front_end(
            chosen, request.kind == model.ModelKind.PROGRAM,
            workers is None and executor == "local", previous_mode)
        whole = (strategy_mod.compiles_whole(chosen, model.text_program_size(request.model_file))
                 if choice.may_be_plain else None)
        if whole is not None:
            return _build_plainly(request, None, store, manifest_key, whole, log)
        started = _start(request, store, executor, scheduler, jobs, retries, opened,
                         rebuild=previous_mode in (BuildMode.GROUPS, BuildMode.FALLBACK))
        source = _front_end(request, started, store, manifest_key, log)
        reason = (strategy_mod.plain_reason(chosen, source.data)
                  if choice.may_be_plain else None)
        if reason is not None:
            started.local.stop_idle()  # started early in case: not needed
            return _build_plainly(request, source, store, manifest_key, reason, log)
        _check_flags(started)
        found = _materialize(source, request, started.env, opened, log)
        lookup = _look_up(store, found.units, manifest_key, log)
        runner = started.remote if started.remote is not None else started.local
        if found.gap is None:
            generated = _generate_groups(found, lookup, request, started.env, store, runner, log)
        else:
            generated = _generate_translations(found, lookup, request, started.env, store,
                                               runner, log)
        reports = _executable_reports(found.units, generated, lookup)
        if generated.gap is None:
            linked = _link_groups(found, generated, lookup, request, source, started, log)
        else:
            linked = _compile_fallback(found, generated, lookup, request, started, store, log)
        _replace_output(request, linked, log)
        _record_manifest(store, manifest_key, found, generated, linked)
        _count_reuses(store, [r.saved_seconds for r in reports.values()
                              if r.action == Action.REUSED])
        _record_output(store, request.output_key, request.output_file, request.writing.target,
                       str(request.kind),
                       [(r.executable, r.saved_seconds or r.seconds) for r in reports.values()])
        log.clock.add("total", log.clock.total())
        result = CodegenResult(
            request.output_file, request.kind, tuple(reports[u.name] for u in found.units),
            dict(log.clock.phases), mode=linked.mode, fallback=generated.gap or "",
            groups=linked.groups, host=linked.host, spans=tuple(log.spans),
            warnings=tuple(log.warnings))
        return _record_build(store, request.name, result, log.clock)
    finally:
        log.sink(Event(Kind.DONE))
        opened.close()
        request.writing.discard()


# -- the steps of build_vmfb, in order -----------------------------------------


@dataclass
class _Log:
    """What every step adds to (not a record: it grows as the build goes):
    the phases' clock, the progress sink, the trace's spans, IREE's
    warnings."""

    clock: Clock
    sink: Sink
    spans: list[Span] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


class _Opened:
    """What a build opened, closed at its end whatever happened: the
    front-end, the executors (``workers``' are the caller's), the
    materialized module, a store it opened itself."""

    def __init__(self, workers: Workers | None):
        self.workers = workers
        self.frontend: model.Frontend | None = None
        self.local: LocalExecutor | None = None
        self.remote: DaskExecutor | None = None
        self.materialized: model.Materialized | None = None
        self.store: ArtifactStore | None = None

    def close(self) -> None:
        model.discard_early()  # one started for other arguments (or not needed)
        if self.frontend is not None:
            self.frontend.close()
        if self.materialized is not None:
            self.materialized.close()
        if self.remote is not None:
            self.remote.close()
        if self.local is not None and self.workers is None:
            self.local.close()
        if self.store is not None:
            self.store.close()


@dataclass(frozen=True)
class _Request:
    """What a call asks for, checked before anything runs."""

    model_file: Path
    output_file: Path
    name: str  # the model as diagnostics name it
    flags: flags_mod.IreeFlags
    data: bytes  # the model's bytes
    kind: model.ModelKind  # never AUTO
    # The one writer's replacement of the output (halflow.core.output): IREE
    # writes the .vmfb to writing.temp, created only then; a FIFO or device
    # is written in place.
    writing: output_mod.Replacement
    output_key: str  # what these model bytes and flags build (halflow.core.uptodate)


def _request(model_path: PathLike, output: PathLike, iree_flags: Sequence[str], executor: str,
             model_kind: str) -> _Request:
    """The arguments checked: the executor, the model read and its kind,
    the output writable (tried now, not after the whole build)."""
    model_file = Path(model_path)
    output_file = Path(output)
    name = str(model_path)
    flags = flags_mod.parse(iree_flags)
    if executor not in ("local", "dask"):
        raise _error("halflow", f"unknown executor '{executor}' (use 'local' or 'dask')")
    try:
        data = model_file.read_bytes()
    except OSError as e:
        raise _error(name, f"cannot open input file '{name}': {e.strerror or e}") from None
    try:
        kind = model.ModelKind(model_kind)
    except ValueError:
        raise _error("halflow", f"unknown model kind '{model_kind}'") from None
    if kind == model.ModelKind.AUTO:
        kind = model.detect_kind(data)
    if kind == model.ModelKind.PRE_MATERIALIZE and flags.compile_from is not None:
        raise _error(name, "--compile-from applies to programs, not to a pre-materialize module")
    try:  # fail now, not after the whole build (also on a directory)
        output_mod.check_writable(output_file)
        writing = output_mod.Replacement(output_file)
    except OSError as e:
        raise _error(str(output_file), f"cannot write output file: {e.strerror or e}") from None
    output_key = uptodate.vmfb_output_key(uptodate.input_fingerprint(data), name, iree_flags)
    return _Request(model_file, output_file, name, flags, data, kind, writing, output_key)


def _open_store(store: ArtifactStore | None, opened: _Opened) -> ArtifactStore:
    """``store``, else the halflow cache's (a store that keeps nothing when
    the cache cannot be used: a cache is never fatal)."""
    if store is not None:
        return store
    from halflow.store.disk import CacheUnavailable, _warn_stderr

    try:
        opened.store = DiskStore()
    except CacheUnavailable as e:
        _warn_stderr(f"{e}; building without a cache")
        opened.store = MemoryStore()
    return opened.store


def _count_reuses(store: ArtifactStore, saved: Sequence[float]) -> None:
    """The statistics of reuses (``halflow cache stats``)."""
    if saved:
        store.add(REUSES, len(saved))
        store.add(SECONDS_SAVED, sum(saved))


def _result_if_current(store: ArtifactStore, request: _Request, log: _Log
                       ) -> CodegenResult | None:
    """Step 0: the result of a build that has nothing to do (the output is
    what this model and these flags build), else None."""
    current = _up_to_date(store, request.output_key, request.output_file)
    if current is None:
        return None
    _count_reuses(store, [float(s) for _, s in current.get("executables", [])])
    log.clock.add("total", log.clock.total())
    result = CodegenResult(
        request.output_file, model.ModelKind(current.get("kind", str(request.kind))),
        tuple(ExecutableReport(str(e), Action.REUSED, 0.0, float(s))
              for e, s in current.get("executables", [])),
        dict(log.clock.phases), mode=BuildMode.UP_TO_DATE)
    return _record_build(store, request.name, result, log.clock)


@dataclass(frozen=True)
class _Started:
    """The processes a build runs on."""

    env: Environment
    local: LocalExecutor
    remote: DaskExecutor | None  # the Dask cluster of ``executor="dask"``
    frontend: model.Frontend | None  # iree-compile's front-end, for a program


def _start(request: _Request, store: ArtifactStore, executor: str, scheduler: Any,
           jobs: int | None, retries: int, opened: _Opened, rebuild: bool) -> _Started:
    """The front-end (a program), the local workers and the Dask client.
    A ``rebuild`` of a program starts one worker now (its start-up overlaps
    the front-end; a build that goes plain kills it); a first build starts
    none: it translates nearly everything, which its own lanes do (see
    :data:`halflow.codegen.executors.LANES`), with no worker's start-up or
    memory."""
    if request.kind == model.ModelKind.PROGRAM:
        try:
            opened.frontend = model.frontend(request.model_file, request.flags)
        except OSError as e:
            raise _error(request.name, f"cannot run iree-compile: {e.strerror or e}") from None
    env = environment_for(request.flags)
    if opened.workers is not None:
        if opened.workers.env != env:
            raise _error("halflow", "the workers were started for other IREE flags")
        opened.local = opened.workers.executor
    else:
        opened.local = LocalExecutor(env, (jobs or os.cpu_count() or 1) if executor == "local"
                                     else 1, retries,
                                     start=opened.frontend is not None and rebuild, inline=True)
    if executor == "dask":
        try:
            opened.remote = DaskExecutor(scheduler, retries, shared=store.shared_settings,
                                         notes=store.absorb_remote)
        except RuntimeError as e:
            raise _error("halflow", str(e)) from None
    return _Started(env, opened.local, opened.remote, opened.frontend)


@dataclass(frozen=True)
class _Source:
    """Step 1: the module to materialize, or for a program the front-end's
    module, materialized by IREE already (bytecode)."""

    data: bytes
    materialized: bool = False


def _front_end(request: _Request, started: _Started, store: ArtifactStore, manifest_key: str,
               log: _Log) -> _Source:
    """The front-end's module (a program), or the model's bytes. A worker
    parses the translations the previous build of this model used while
    materialize runs: after a small edit, the final compile finds nearly
    all of them parsed. (Not during the front-end: on a small machine that
    slows the front-end as much as it saves.)"""
    preload = functools.partial(
        started.local.preload, functools.partial(_previous_translations, store, manifest_key))
    frontend = started.frontend
    if frontend is None:
        preload()
        return _Source(request.data)
    log.sink(Event(Kind.PHASE, detail="front-end"))
    materialized, seconds = frontend.result()
    log.clock.add("frontend", seconds)
    if frontend.started < log.clock.started:  # started by the entry point
        log.clock.add("frontend_early", log.clock.started - frontend.started)
    log.spans.append(Span("front-end (iree-compile)", "phase", frontend.started,
                          frontend.started + seconds, "halflow"))
    log.warnings.extend(frontend.warnings)
    preload()
    return _Source(materialized, materialized=True)


def _build_plainly(request: _Request, source: _Source | None, store: ArtifactStore,
                   manifest_key: str, reason: str, log: _Log) -> CodegenResult:
    """The plain path: the front end's module (``source``; None: the model,
    whole) compiled to the ``.vmfb`` by one ``iree-compile``
    (:mod:`halflow.codegen.plain`), written, and recorded (manifest, output
    marker, history) as every build is."""
    log.sink(Event(Kind.PHASE, detail="compile .vmfb (plain)"))
    began = time.perf_counter()
    try:
        if source is None:
            compiled = plain.compile_whole(request.model_file, request.flags,
                                           request.writing.temp, request.name)
        else:
            compiled = plain.compile_backend(source.data, request.flags,
                                             request.writing.temp, request.name)
    except HalflowError as e:
        raise CodegenError(e.diagnostics) from None
    log.clock.add("compile", compiled.seconds)
    log.spans.append(Span("compile .vmfb (plain iree-compile)", "phase", began,
                          time.perf_counter(), "halflow"))
    log.warnings.extend(compiled.warnings)
    _commit(request, log)
    store.put(manifest_key, encode_entry(Entry(manifest_key, json.dumps({
        "mode": BuildMode.PLAIN, "units": [], "groups": {}, "host": "",
        "size": len(source.data) if source is not None else 0}), 0.0)))
    _record_output(store, request.output_key, request.output_file, request.writing.target,
                   str(request.kind), [])
    log.clock.add("total", log.clock.total())
    result = CodegenResult(request.output_file, request.kind, (), dict(log.clock.phases),
                           mode=BuildMode.PLAIN, spans=tuple(log.spans),
                           warnings=tuple(log.warnings), plain=reason)
    return _record_build(store, request.name, result, log.clock)


def _check_flags(started: _Started) -> None:
    """A rejected global flag stops workers at start-up: say so once,
    before any executable is tried."""
    if started.env.global_flags:
        try:
            started.local.check()
        except RuntimeError as e:
            raise _error("halflow", f"IREE rejects the flags: {e}") from None


@dataclass(frozen=True)
class _Found:
    """Steps 2 and 3: the materialized module's text, its executables as
    units with their keys, and the host program (when the groups recipe
    covers every executable; else ``gap`` says why not)."""

    module_text: str
    units: list[executables.Unit]
    gap: str | None
    host_program: str


def _materialize(source: _Source, request: _Request, env: Environment, opened: _Opened,
                 log: _Log) -> _Found:
    log.sink(Event(Kind.PHASE, detail="materialize"))
    started = time.perf_counter()
    if source.materialized:  # IREE's front end materialized it
        opened.materialized = model.parse_materialized(source.data, request.name,
                                                       env.session_flags)
    else:
        opened.materialized = model.materialize(source.data, request.name, env.session_flags)
    module = opened.materialized.module
    module_text = module.get_asm(enable_debug_info=True, assume_verified=True)
    log.clock.add("materialize", time.perf_counter() - started)
    log.spans.append(Span("materialize", "phase", started, time.perf_counter(), "halflow"))

    started = time.perf_counter()
    units = _module_units(module, module_text, request.flags.key)
    gap = next((g for g in map(groups_mod.recipe_gap, units) if g is not None), None)
    host_program = _host_program(module) if gap is None else ""
    opened.materialized.close()
    opened.materialized = None
    log.clock.add("keys", time.perf_counter() - started)
    return _Found(module_text, units, gap, host_program)


@dataclass(frozen=True)
class _Lookup:
    """The translations the store holds, and the previous build's manifest."""

    cached: dict[str, Entry]
    previous: dict[str, Any]


def _look_up(store: ArtifactStore, units: Sequence[executables.Unit], manifest_key: str,
             log: _Log) -> _Lookup:
    started = time.perf_counter()
    cached: dict[str, Entry] = {}
    for unit in units:
        if unit.key in cached or not unit.cacheable:
            continue
        raw = store.get(unit.key)
        entry = decode_entry(unit.key, raw) if raw is not None else None
        if entry is not None:
            cached[unit.key] = entry
    previous = _previous_manifest(store, manifest_key)
    log.clock.add("lookup", time.perf_counter() - started)
    return _Lookup(cached, previous)


@dataclass(frozen=True)
class _Generated:
    """Step 4: the translations made, and, on the groups recipe, what ran of
    the group binaries and the host (``outcome``). ``gap``: why the build
    falls back to IREE's whole final compile (None: it does not)."""

    translated: dict[str, TranslateResult]
    gap: str | None
    outcome: Outcome | None = None
    group_plan: tuple[groups_mod.Group, ...] = ()
    members: dict[str, groups_mod.Member] = field(default_factory=dict)
    # the group of each (member key, variant) when the groups are an overlay
    serves: dict[tuple[str, str], groups_mod.Group] | None = None


def _generate_groups(found: _Found, lookup: _Lookup, request: _Request, env: Environment,
                     store: ArtifactStore, runner: LocalExecutor | DaskExecutor,
                     log: _Log) -> _Generated:
    """The dirty translations, group binaries and host against stubs
    (:func:`halflow.codegen.backend.run_nodes`)."""
    group_plan, members = groups_mod.plan(found.units, request.flags.key)
    overlaid = _overlay(found.units, found.host_program, lookup, request.flags.key, store,
                        group_plan)
    serves = None
    cached = lookup.cached
    cut_off = None
    if overlaid is not None:
        group_plan, serves, cached, cut_off = (overlaid.groups, overlaid.serves,
                                               overlaid.cached, overlaid.cut_off)
    started = time.perf_counter()

    def host_ready() -> None:
        log.sink(Event(Kind.PHASE, detail="host"))

    outcome = run_nodes(
        units=found.units, cached=cached, groups=group_plan, members=members,
        host_program=found.host_program, compile_flags=request.flags.compile, env=env,
        store=store, runner=runner, sink=log.sink, host_ready=host_ready, serves=serves,
        cut_off=cut_off, digests=_previous_digests(lookup.previous))
    group_plan, serves = outcome.groups, outcome.serves
    log.clock.add("codegen", time.perf_counter() - started)
    log.spans.extend(outcome.spans)
    failed: list[Diagnostic] = []
    for function, subject, message, notes in outcome.failures:
        if function == "translate":
            failed.append(_executable_error(subject, request.name, message, notes))
        else:
            group = next(g for g in group_plan if g.key == subject)
            failed.append(_error(request.name, f"serializing group @{group.name} failed: "
                                 f"{message}", notes).diagnostics[0])
    if failed:
        raise CodegenError(failed)
    gap = None
    if outcome.host is None:
        gap = f"the host could not be compiled against stubs ({outcome.host_error})"
    return _Generated(outcome.translated, gap, outcome, tuple(group_plan), members, serves)


# What a host compile costs, in bytes of executable text serialized (the
# host step took 0.3-0.8 s, a group of ~10 transformer executables).
HOST_WEIGHT = 48_000


def _host_digest(host_program: str) -> str:
    return hashlib.sha256(host_program.encode("utf-8")).hexdigest()


def _previous_digests(previous: dict[str, Any]) -> dict[str, str]:
    """The previous build's text digest of each group member (by key)."""
    found = previous.get("digests")
    if not isinstance(found, dict):
        return {}
    return {str(k): str(v) for k, v in found.items()}


@dataclass(frozen=True)
class _Overlaid:
    groups: list[groups_mod.Group]
    serves: dict[tuple[str, str], groups_mod.Group]
    cached: dict[str, Entry]  # the translations the host needs
    cut_off: CutOff | None  # the previous build's members for early cutoffs


def _overlay(units: Sequence[executables.Unit], host_program: str, lookup: _Lookup,
             key_flags: Sequence[str], store: ArtifactStore,
             group_plan: Sequence[groups_mod.Group]) -> _Overlaid | None:
    """The groups of :func:`halflow.codegen.groups.overlay` over the
    previous build's (the binaries of both still stored, and the
    translations of their stale members, whose export ops the host's stubs
    declare), with the translations the host needs and what early cutoffs
    need (:class:`halflow.codegen.backend.CutOff`); None if it keeps no
    previous group or ``HALFLOW_CANONICAL_GROUPS`` is set (then every build
    of a model gives the bytes of a cold build of it). The build and its
    dry run (:func:`plan_vmfb`) both decide here."""
    if os.environ.get("HALFLOW_CANONICAL_GROUPS"):
        return None
    previous = groups_mod.decode_groups(lookup.previous.get("group_plan"))
    if not previous:
        return None
    entries = dict(lookup.cached)

    def available(group: groups_mod.Group) -> bool:
        if store.get(group.key) is None:
            return False
        for m in group.members:
            if m.key not in entries:
                raw = store.get(m.key)
                entry = decode_entry(m.key, raw) if raw is not None else None
                if entry is None or groups_mod.decode_interfaces(entry.interface) is None:
                    return False
                entries[m.key] = entry
        return True

    overlaid = groups_mod.overlay(units, key_flags, group_plan, previous, available)
    if overlaid is None:
        return None
    # What each serializes (bytes of executable text); the overlay's groups
    # change the host's stubs, so the host is compiled again: worth it when
    # the host program changed anyway, or when it saves more than that costs.
    weights = {u.key: len(u.text) for u in units}
    dirty = sum(weights[m.key] for g in group_plan if g not in overlaid[0] for m in g.members)
    delta = sum(weights[m.key] for g in overlaid[0] if g not in group_plan and g not in previous
                for m in g.members)
    same_host = lookup.previous.get("host_program") == _host_digest(host_program)
    if same_host and dirty - delta < HOST_WEIGHT:
        return None

    def load(group: groups_mod.Group) -> dict[str, Entry] | None:
        return {m.key: entries[m.key] for m in group.members} if available(group) else None

    equivalents = groups_mod.Equivalents(previous, _previous_digests(lookup.previous))
    return _Overlaid(overlaid[0], overlaid[1], entries,
                     CutOff(equivalents, load, tuple(key_flags)) if equivalents else None)


def _generate_translations(found: _Found, lookup: _Lookup, request: _Request,
                           env: Environment, store: ArtifactStore,
                           runner: LocalExecutor | DaskExecutor, log: _Log) -> _Generated:
    """The fallback's step 4: the missing translations only (IREE's whole
    final compile links them)."""
    misses: dict[str, executables.Unit] = {}
    for unit in found.units:
        if unit.key not in lookup.cached and unit.key not in misses:
            misses[unit.key] = unit
    log.sink(Event(Kind.PLAN, total=len(found.units), reused=len(found.units) - len(misses)))
    started = time.perf_counter()
    translated: dict[str, TranslateResult] = {}
    failed: list[Diagnostic] = []

    def on_result(function: str, result: TranslateResult) -> None:
        unit = misses[result.key]
        now = time.perf_counter()
        log.spans.append(Span(f"translate {unit.symbol}", "translate",
                              now - result.seconds, now, result.worker))
        if not result.ok:
            failed.append(_executable_error(
                unit, request.name,
                result.messages[0] if result.messages else "IREE gave no reason",
                result.messages[1:]))
            log.sink(Event(Kind.FAILED, executable=unit.symbol, seconds=result.seconds))
            return
        if unit.cacheable:
            store.put(result.key, encode_entry(
                Entry(result.key, result.text, result.seconds, result.interface)))
        translated[result.key] = result
        log.sink(Event(Kind.COMPILED, executable=unit.symbol, seconds=result.seconds))

    tasks = [("translate", TranslateTask(key, unit.symbol, unit.source(),
                                         unit.buffer_name, env))
             for key, unit in misses.items()]
    for failure in (runner.run(tasks, on_result) if tasks else []):
        failed.append(_executable_error(misses[failure.task.key], request.name, failure.reason))
        log.sink(Event(Kind.FAILED, executable=failure.task.executable))
    log.clock.add("codegen", time.perf_counter() - started)
    if failed:
        raise CodegenError(failed)
    return _Generated(translated, found.gap)


def _executable_reports(units: Sequence[executables.Unit], generated: _Generated,
                        lookup: _Lookup) -> dict[str, ExecutableReport]:
    """Per executable: compiled (once per key, and why) or reused (and what
    that saved)."""
    translated, cached = generated.translated, lookup.cached
    batches = generated.outcome.batches if generated.outcome is not None else {}
    same = set(generated.outcome.cut_off) if generated.outcome is not None else set()
    reports: dict[str, ExecutableReport] = {}
    reported: set[str] = set()  # keys reported compiled (once per key)
    for unit in units:
        if unit.key in translated and unit.key not in reported:
            reported.add(unit.key)
            result = translated[unit.key]
            reports[unit.name] = ExecutableReport(
                unit.symbol, Action.COMPILED, result.seconds, 0.0, result.worker,
                _why_translated(unit, lookup.previous), unit.key, batches.get(unit.key, ""),
                unit.key in same)
        else:
            seconds = (cached[unit.key].seconds if unit.key in cached
                       else translated[unit.key].seconds)
            reports[unit.name] = ExecutableReport(unit.symbol, Action.REUSED, 0.0, seconds,
                                                  key=unit.key)
    return reports


@dataclass(frozen=True)
class _Linked:
    """Step 5: the ``.vmfb`` written to the temporary file, and what ran of
    the group binaries and the host."""

    assembled: Any  # the worker's AssembleResult (its seconds)
    mode: BuildMode  # GROUPS or FALLBACK
    groups: tuple[GroupReport, ...] = ()
    host: HostReport | None = None


def _link_groups(found: _Found, generated: _Generated, lookup: _Lookup, request: _Request,
                 source: _Source, started: _Started, log: _Log) -> _Linked:
    """The group binaries in place of the host's stubs, linked by IREE."""
    outcome = generated.outcome
    assert outcome is not None and outcome.host is not None
    log.sink(Event(Kind.PHASE, detail="assemble"))
    group_reports: list[GroupReport] = []
    serves = generated.serves
    for group in generated.group_plan:
        compiled = outcome.compiled_groups.get(group.key)
        names = tuple(
            (u.symbol, generated.members[u.name].name) for u in found.units
            if (serves.get((u.key, group.variant)) is group if serves is not None
                else any(m.key == u.key for m in group.members)))
        live = {u.key for u in found.units} if serves is None else {
            key for (key, variant), g in serves.items() if g is group}
        group_reports.append(GroupReport(
            group.name, Action.COMPILED if compiled else Action.REUSED,
            compiled.seconds if compiled else 0.0,
            outcome.binaries[group.key][1], names,
            _why_group(group, lookup.previous) if compiled else "",
            compiled.worker if compiled else "",
            sum(m.key not in live for m in group.members)))
    host_compiled = outcome.host_result is not None
    host_report = HostReport(
        Action.COMPILED if host_compiled else Action.REUSED,
        outcome.host[1] if host_compiled else 0.0, outcome.host[1],
        _why_host(outcome.host_key, lookup.previous) if host_compiled else "")
    log.warnings.extend(_as_printed(w, request.name, request.kind, source.data)
                        for w in outcome.warnings)
    binaries = tuple((g.linked, outcome.binaries[g.key][0]) for g in generated.group_plan)
    link_started = time.perf_counter()
    try:
        assembled = started.local.assemble(
            LinkTask(outcome.host[0], binaries, str(request.writing.temp), started.env),
            "link_module")
    except RuntimeError as e:
        raise _error(request.name, str(e)) from None
    if not assembled.ok:
        raise _error(request.name, "linking the .vmfb failed", assembled.messages)
    log.spans.append(Span("assemble", "phase", link_started, time.perf_counter(), "halflow"))
    return _Linked(assembled, BuildMode.GROUPS, tuple(group_reports), host_report)


def _compile_fallback(found: _Found, generated: _Generated, lookup: _Lookup,
                      request: _Request, started: _Started, store: ArtifactStore,
                      log: _Log) -> _Linked:
    """The translations spliced into the materialized module, compiled by
    IREE from ``executable-targets``."""
    texts = {k: e.text for k, e in lookup.cached.items()}
    texts.update({k: r.text for k, r in generated.translated.items()})
    # Dask workers left translations in the shared cache only
    # (halflow.codegen.remote_workers); the final compile needs their texts.
    for k in [k for k, r in generated.translated.items() if r.shared]:
        raw = store.get(k)
        entry = decode_entry(k, raw) if raw is not None else None
        if entry is None:
            raise _error(request.name, "a translation the Dask workers wrote to the shared "
                         "cache is no longer there; build again")
        texts[k] = entry.text
    began = time.perf_counter()
    log.sink(Event(Kind.PHASE, detail="compile .vmfb (fallback)"))
    assembly = AssembleTask(
        found.module_text, request.name,
        tuple((u.name, u.key, u.restore(texts[u.key])) for u in found.units),
        str(request.writing.temp), started.env,
    )
    try:
        assembled = started.local.assemble(assembly)
    except RuntimeError as e:
        raise _error(request.name, str(e)) from None
    if not assembled.ok:
        raise _error(request.name, "the final compile failed", assembled.messages)
    log.spans.append(Span("final compile (fallback)", "phase", began,
                          time.perf_counter(), "halflow"))
    return _Linked(assembled, BuildMode.FALLBACK)


def _replace_output(request: _Request, linked: _Linked, log: _Log) -> None:
    """The temporary file renamed over the output (the one writer's commit)."""
    log.clock.add("splice", linked.assembled.splice_seconds)
    log.clock.add("compile", linked.assembled.compile_seconds)
    _commit(request, log, linked.assembled.write_seconds)


def _commit(request: _Request, log: _Log, written: float = 0.0) -> None:
    """Rename the temporary file IREE wrote over the output; ``written``:
    the seconds writing it took already."""
    started = time.perf_counter()
    try:
        request.writing.commit()
    except OSError as e:
        raise _error(str(request.output_file),
                     f"cannot write output file: {e.strerror or e}") from None
    log.clock.add("write", written + time.perf_counter() - started)


def _record_manifest(store: ArtifactStore, manifest_key: str, found: _Found,
                     generated: _Generated, linked: _Linked) -> None:
    """What this build used, for the next build's reasons and preload."""
    outcome = generated.outcome
    store.put(manifest_key, encode_entry(Entry(manifest_key, json.dumps({
        "mode": linked.mode,
        "units": [[u.name, u.key, u.normalized] for u in found.units if u.cacheable],
        "groups": {g.name: g.key for g in generated.group_plan},
        "group_plan": groups_mod.encode_groups(generated.group_plan),
        "digests": outcome.digests if outcome is not None else {},
        "host_program": _host_digest(found.host_program),
        "host": outcome.host_key if outcome is not None else "",
    }), 0.0)))


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


def plan_vmfb(model_path: PathLike, output: PathLike, iree_flags: Sequence[str], *,
              store: ArtifactStore) -> VmfbPlan:
    """The plan of :func:`build_vmfb` for these arguments, writing nothing:
    the same up-to-date check, front-end (programs), materialize and keys,
    looked up in ``store`` (open it read-only), without translating,
    serializing or linking. Raises :class:`CodegenError` on bad input."""
    model_file, name = Path(model_path), str(model_path)
    flags = flags_mod.parse(iree_flags)
    try:
        data = model_file.read_bytes()
    except OSError as e:
        raise _error(name, f"cannot open input file '{name}': {e.strerror or e}") from None
    output_key = uptodate.vmfb_output_key(uptodate.input_fingerprint(data), name, iree_flags)
    if _up_to_date(store, output_key, Path(output)) is not None:
        return VmfbPlan(True)
    session_flags = environment_for(flags).session_flags
    previous = _previous_manifest(store, _manifest_key(model_file, flags))
    if model.detect_kind(data) == model.ModelKind.PROGRAM:
        chosen = strategy_mod.strategy_of(None)  # as the CLI's local build decides
        may_be_plain = strategy_mod.before_front_end(
            chosen, True, True, str(previous.get("mode", ""))).may_be_plain
        whole = (strategy_mod.compiles_whole(chosen, model.text_program_size(model_file))
                 if may_be_plain else None)
        if whole is not None:
            return VmfbPlan(False, plain=whole)
        # As the build does: IREE's front end materializes the program.
        frontend = model.Frontend(model_file, flags)
        try:
            front = frontend.result()[0]
        finally:
            frontend.close()
        if may_be_plain:
            reason = strategy_mod.plain_reason(chosen, front)
            if reason is not None:
                return VmfbPlan(False, plain=reason)
        materialized = model.parse_materialized(front, name, session_flags)
    else:
        materialized = model.materialize(data, name, session_flags)
    try:
        module_text = materialized.module.get_asm(enable_debug_info=True, assume_verified=True)
        units = _module_units(materialized.module, module_text, flags.key)
        gap = next((g for g in map(groups_mod.recipe_gap, units) if g is not None), None)
        host_program = _host_program(materialized.module) if gap is None else ""
    finally:
        materialized.close()
    cached: dict[str, Entry] = {}
    for unit in units:
        raw = store.get(unit.key) if unit.cacheable and unit.key not in cached else None
        entry = decode_entry(unit.key, raw) if raw is not None else None
        if entry is not None:
            cached[unit.key] = entry
    misses = list({u.key: u for u in units if u.key not in cached}.values())
    translations = tuple((u.symbol, _why_translated(u, previous)) for u in misses)
    if gap is not None:
        return VmfbPlan(False, len(units), translations, fallback=gap)
    group_plan, members = groups_mod.plan(units, flags.key)
    # As the build: over the previous build's groups, when it keeps some.
    overlaid = _overlay(units, host_program, _Lookup(cached, previous), flags.key, store,
                        group_plan)
    serves = None
    if overlaid is not None:
        group_plan, serves, cached = overlaid.groups, overlaid.serves, overlaid.cached
    from halflow.codegen.backend import decode_group, decode_host

    dirty = tuple((f"@{g.name} ({len(g.members)} executables)", _why_group(g, previous))
                  for g in group_plan if decode_group(g.key, store.get(g.key)) is None)
    host: tuple[str, str] = ("after translation", "reused unless an export's interface changed")
    if not misses:
        interfaces = {k: groups_mod.decode_interfaces(e.interface) for k, e in cached.items()}
        try:
            text = groups_mod.host_text(host_program, units, members, group_plan,
                                        {k: i for k, i in interfaces.items() if i is not None},
                                        serves)
        except ValueError as e:
            host = ("compiled", str(e))
        else:
            key = groups_mod.host_key(text, flags.compile)
            host = (("reused", "") if decode_host(key, store.get(key)) is not None
                    else ("compiled", _why_host(key, previous)))
    return VmfbPlan(False, len(units), translations, dirty, len(group_plan), host)
