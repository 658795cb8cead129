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

Nothing is written to the cache but complete, successful results, and
nothing to ``output`` unless the whole build succeeds.
"""

from __future__ import annotations

import functools
import json
import os
import re
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Any

from halflow.codegen import executables, iree_api, model, tools
from halflow.codegen import flags as flags_mod
from halflow.codegen import groups as groups_mod
from halflow.codegen.backend import Outcome, Span, run_nodes
from halflow.codegen.executors import DaskExecutor, LocalExecutor
from halflow.codegen.worker import (
    AssembleTask,
    Environment,
    LinkTask,
    TranslateResult,
    TranslateTask,
)
from halflow.core import output as output_mod
from halflow.core import safejson, uptodate
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
    Store,
    decode_entry,
    encode_entry,
    seal,
    unseal,
)

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

    def as_dict(self) -> dict[str, object]:
        entry: dict[str, object] = {"executable": self.executable}
        if self.key:
            entry["key"] = self.key
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

    def as_dict(self) -> dict[str, object]:
        return _node_dict(
            {"group": self.group,
             "members": [{"executable": e, "binary_name": n} for e, n in self.members]},
            self.action, self.seconds, self.saved_seconds, self.reason)


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
    says why) or ``up-to-date`` (the output was current: nothing ran)."""

    output: Path
    model_kind: model.ModelKind
    executables: tuple[ExecutableReport, ...]
    timings: dict[str, float] = field(default_factory=dict)
    mode: str = "groups"
    fallback: str = ""
    groups: tuple[GroupReport, ...] = ()
    host: HostReport | None = None
    spans: tuple[Span, ...] = ()
    warnings: tuple[str, ...] = ()  # IREE's warnings, as its tools print them

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
                "seconds_saved": round(sum(e.saved_seconds for e in self.executables), 3),
            },
            "groups": [g.as_dict() for g in self.groups],
            "host": self.host.as_dict() if self.host is not None else None,
            "codegen_timings": {k: round(v, 4) for k, v in self.timings.items()},
        }
        if self.mode == "fallback":
            data["fallback"] = self.fallback
        return data

    def explain(self) -> list[str]:
        """Why each executable, group and the host ran (``--explain``)."""
        lines = []
        if self.mode == "up-to-date":
            lines.append("output is up to date (input and output content unchanged): nothing ran")
        if self.mode == "fallback":
            lines.append(f"fallback to IREE's whole-program final compile: {self.fallback}")
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
        for sp in self.spans:
            if sp.where not in pids:
                pids[sp.where] = len(pids) + 1
                label = "halflow build" if sp.where == "halflow" else f"worker {sp.where}"
                events.append({"name": "process_name", "ph": "M", "pid": pids[sp.where],
                               "tid": 1, "args": {"name": label}})
                events.append({"name": "thread_name", "ph": "M", "pid": pids[sp.where],
                               "tid": 1, "args": {"name": "main"}})
            events.append({"name": sp.name, "cat": sp.category, "ph": "X",
                           "pid": pids[sp.where], "tid": 1,
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


def _previous_translations(store: Store, manifest_key: str) -> list[tuple[str, str, bool, bytes]]:
    """(name, key, normalized, entry bytes) of the translations the last build
    of this model used that are still in ``store``; [] if there was none.
    Only reads: the worker checks and unpacks (this runs on a helper thread
    of the build process, next to materialize)."""
    manifest = _previous_manifest(store, manifest_key)
    if manifest.get("mode") != "fallback":
        return []  # groups mode has no whole-program final compile to preload for
    items = []
    for name, key, normalized in manifest.get("units", []):
        raw = store.get(key)
        if raw is not None:
            items.append((name, key, bool(normalized), raw))
    return items


def _previous_manifest(store: Store, manifest_key: str) -> dict[str, Any]:
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
    """What worker processes need for these flags."""
    session_flags, global_flags = iree_api.split_flags(flags.compile)
    return Environment(session_flags, global_flags, tools.iree_version(), flags.verify)


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


def _get_marker(store: Store, where: str) -> object:
    """The output marker at ``where``: a JSON entry of the halflow cache
    (where :mod:`halflow.cli.entry` reads it), else JSON bytes in ``store``."""
    cache = getattr(store, "cache", None)
    if cache is not None:
        return cache.get(where)
    raw = store.get(where)
    try:
        return safejson.loads(raw) if raw is not None else None
    except ValueError:
        return None


def _put_marker(store: Store, where: str, record: list[object]) -> None:
    cache = getattr(store, "cache", None)
    if cache is not None:
        cache.put(where, record)
    else:
        store.put(where, json.dumps(record).encode("utf-8"))


def _up_to_date(store: Store, output_key: str, output_file: Path) -> dict[str, Any] | None:
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


def up_to_date(store: Store, model_path: PathLike, output: PathLike,
               iree_flags: Sequence[str]) -> bool:
    """Whether :func:`build_vmfb` with these arguments would do nothing (the
    output still holds what the model's bytes and these flags build)."""
    try:
        data = Path(model_path).read_bytes()
    except OSError:
        return False
    key = uptodate.vmfb_output_key(uptodate.input_fingerprint(data), str(model_path), iree_flags)
    return _up_to_date(store, key, Path(output)) is not None


def _record_output(store: Store, output_key: str, output_file: Path, written: Path,
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


def _record_build(store: Store, name: str, result: CodegenResult, clock: Clock) -> None:
    """Add the build to the cache's history (``halflow cache stats``): an
    up-to-date build counts every executable as reused."""
    record = getattr(store, "record_build", None)
    if record is not None:
        record({
            "input": name,
            "mode": "vmfb",
            "executed": len(result.compiled),
            "reused": len(result.reused),
            "seconds": round(clock.phases.get("total", 0.0), 6),
        })


def build_vmfb(
    model_path: PathLike,
    output: PathLike,
    iree_flags: Sequence[str],
    *,
    store: Store | None = None,
    executor: str = "local",
    scheduler: Any = None,
    jobs: int | None = None,
    progress: bool | Sink | None = None,
    model_kind: str = "auto",
    retries: int = 2,
    workers: Workers | None = None,
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
    for the same flags.

    Raises :class:`CodegenError` (a :class:`HalflowError`) with diagnostics on
    bad input, rejected flags, or a failed executable (named, with IREE's
    messages); ``output`` is then untouched. Translations that succeeded are
    cached even when others fail.
    """
    clock = Clock()
    sink = sink_for(progress)
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
        # The one writer's (halflow.core.output): IREE writes the .vmfb to
        # writing.temp, created only then; a FIFO or device is written in place.
        writing = output_mod.Replacement(output_file)
    except OSError as e:
        raise _error(str(output_file), f"cannot write output file: {e.strerror or e}") from None
    temp = writing.temp

    frontend: model.Frontend | None = None
    materialized_data = b""  # what the front end wrote (programs)
    local: LocalExecutor | None = None
    remote: DaskExecutor | None = None
    materialized: model.Materialized | None = None
    owned_store: Store | None = None
    spans: list[Span] = []
    warnings: list[str] = []
    output_key = uptodate.vmfb_output_key(uptodate.input_fingerprint(data), name, iree_flags)
    try:
        if store is None:
            from halflow.store.disk import CacheUnavailable, _warn_stderr

            try:
                store = owned_store = DiskStore()
            except CacheUnavailable as e:  # a cache is never fatal
                _warn_stderr(f"{e}; building without a cache")
                store = owned_store = MemoryStore()
        current = _up_to_date(store, output_key, output_file)
        if current is not None:
            # Nothing to do: the output is what this model and these flags build.
            saved = [float(s) for _, s in current.get("executables", [])]
            if saved:
                store.add(REUSES, len(saved))
                store.add(SECONDS_SAVED, sum(saved))
            clock.add("total", clock.total())
            result = CodegenResult(
                output_file, model.ModelKind(current.get("kind", str(kind))),
                tuple(ExecutableReport(str(e), Action.REUSED, 0.0, float(s))
                      for e, s in current.get("executables", [])),
                dict(clock.phases), mode="up-to-date")
            _record_build(store, name, result, clock)
            return result
        if kind == model.ModelKind.PROGRAM:
            try:
                frontend = model.Frontend(model_file, flags)
            except OSError as e:
                raise _error(name, f"cannot run iree-compile: {e.strerror or e}") from None
        env = environment_for(flags)
        if workers is not None:
            if workers.env != env:
                raise _error("halflow", "the workers were started for other IREE flags")
            local = workers.executor
        else:
            # Start the workers now: their start-up overlaps the front-end.
            local = LocalExecutor(env, (jobs or os.cpu_count() or 1) if executor == "local"
                                  else 1, retries, start=frontend is not None, inline=True)
        session_flags, global_flags = env.session_flags, env.global_flags
        if executor == "dask":
            try:
                remote = DaskExecutor(scheduler, retries,
                                      shared=getattr(store, "shared_settings", None),
                                      notes=getattr(store, "absorb_remote", None))
            except RuntimeError as e:
                raise _error("halflow", str(e)) from None
        # Have a worker parse the translations the previous build of this
        # model used while materialize runs: after a small edit, the final
        # compile finds nearly all of them parsed. (Not during the front-end:
        # on a small machine that slows the front-end as much as it saves.)
        manifest_key = _manifest_key(model_file, flags)
        preload = functools.partial(
            local.preload, functools.partial(_previous_translations, store, manifest_key))
        if frontend is None:
            preload()

        if frontend is not None:
            sink(Event(Kind.PHASE, detail="front-end"))
            materialized_data, seconds = frontend.result()
            clock.add("frontend", seconds)
            spans.append(Span("front-end (iree-compile)", "phase", frontend.started,
                              frontend.started + seconds, "halflow"))
            warnings.extend(frontend.warnings)
            preload()

        if global_flags:
            # A rejected global flag stops workers at start-up: say so once,
            # before any executable is tried.
            try:
                local.check()
            except RuntimeError as e:
                raise _error("halflow", f"IREE rejects the flags: {e}") from None

        sink(Event(Kind.PHASE, detail="materialize"))
        started = time.perf_counter()
        if frontend is not None:  # IREE's front end materialized it
            materialized = model.parse_materialized(materialized_data, name, session_flags)
        else:
            materialized = model.materialize(data, name, session_flags)
        module_text = materialized.module.get_asm(enable_debug_info=True, assume_verified=True)
        clock.add("materialize", time.perf_counter() - started)
        spans.append(Span("materialize", "phase", started, time.perf_counter(), "halflow"))

        started = time.perf_counter()
        units = _module_units(materialized.module, module_text, flags.key)
        gap = next((g for g in map(groups_mod.recipe_gap, units) if g is not None), None)
        host_program = ""
        if gap is None:
            host_program = _host_program(materialized.module)
        materialized.close()
        materialized = None
        clock.add("keys", time.perf_counter() - started)

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
        clock.add("lookup", time.perf_counter() - started)

        failed: list[Diagnostic] = []
        group_plan: list[groups_mod.Group] = []
        members: dict[str, groups_mod.Member] = {}
        outcome: Outcome | None = None
        runner = remote if remote is not None else local
        if gap is None:
            group_plan, members = groups_mod.plan(units, flags.key)
            started = time.perf_counter()

            def host_ready() -> None:
                sink(Event(Kind.PHASE, detail="host"))

            outcome = run_nodes(
                units=units, cached=cached, groups=group_plan, members=members,
                host_program=host_program, compile_flags=flags.compile, env=env, store=store,
                runner=runner, sink=sink, host_ready=host_ready)
            clock.add("codegen", time.perf_counter() - started)
            spans.extend(outcome.spans)
            for function, subject, message, notes in outcome.failures:
                if function == "translate":
                    failed.append(_executable_error(subject, name, message, notes))
                else:
                    group = next(g for g in group_plan if g.key == subject)
                    failed.append(_error(name, f"serializing group @{group.name} failed: "
                                         f"{message}", notes).diagnostics[0])
            if failed:
                raise CodegenError(failed)
            translated = outcome.translated
            if outcome.host is None:
                gap = f"the host could not be compiled against stubs ({outcome.host_error})"
        else:
            # Fallback: translations only; IREE's whole final compile below.
            misses: dict[str, executables.Unit] = {}
            for unit in units:
                if unit.key not in cached and unit.key not in misses:
                    misses[unit.key] = unit
            sink(Event(Kind.PLAN, total=len(units), reused=len(units) - len(misses)))
            started = time.perf_counter()
            translated = {}

            def on_result(function: str, result: TranslateResult) -> None:
                unit = misses[result.key]
                now = time.perf_counter()
                spans.append(Span(f"translate {unit.symbol}", "translate",
                                  now - result.seconds, now, result.worker))
                if not result.ok:
                    failed.append(_executable_error(
                        unit, name,
                        result.messages[0] if result.messages else "IREE gave no reason",
                        result.messages[1:]))
                    sink(Event(Kind.FAILED, executable=unit.symbol, seconds=result.seconds))
                    return
                if unit.cacheable:
                    store.put(result.key, encode_entry(
                        Entry(result.key, result.text, result.seconds, result.interface)))
                translated[result.key] = result
                sink(Event(Kind.COMPILED, executable=unit.symbol, seconds=result.seconds))

            tasks = [("translate", TranslateTask(key, unit.symbol, unit.source(),
                                                 unit.buffer_name, env))
                     for key, unit in misses.items()]
            for failure in (runner.run(tasks, on_result) if tasks else []):
                failed.append(_executable_error(misses[failure.task.key], name, failure.reason))
                sink(Event(Kind.FAILED, executable=failure.task.executable))
            clock.add("codegen", time.perf_counter() - started)
            if failed:
                raise CodegenError(failed)

        reports: dict[str, ExecutableReport] = {}
        reported: set[str] = set()  # keys reported compiled (once per key)
        for unit in units:
            if unit.key in translated and unit.key not in reported:
                reported.add(unit.key)
                result_ = translated[unit.key]
                reports[unit.name] = ExecutableReport(
                    unit.symbol, Action.COMPILED, result_.seconds, 0.0, result_.worker,
                    _why_translated(unit, previous), unit.key)
            else:
                seconds = (cached[unit.key].seconds if unit.key in cached
                           else translated[unit.key].seconds)
                reports[unit.name] = ExecutableReport(unit.symbol, Action.REUSED, 0.0, seconds,
                                                      key=unit.key)

        texts = {k: e.text for k, e in cached.items()}
        texts.update({k: r.text for k, r in translated.items()})
        if gap is not None:
            # Dask workers left translations in the shared cache only
            # (halflow.codegen.remote_workers); the final compile needs their texts.
            for k in [k for k, r in translated.items() if r.shared]:
                raw = store.get(k)
                entry = decode_entry(k, raw) if raw is not None else None
                if entry is None:
                    raise _error(name, "a translation the Dask workers wrote to the shared "
                                 "cache is no longer there; build again")
                texts[k] = entry.text
        group_reports: list[GroupReport] = []
        host_report: HostReport | None = None
        started = time.perf_counter()
        if gap is None:
            assert outcome is not None and outcome.host is not None
            sink(Event(Kind.PHASE, detail="assemble"))
            for group in group_plan:
                compiled = outcome.compiled_groups.get(group.key)
                names = tuple(
                    (u.symbol, members[u.name].name) for u in units
                    if any(m.key == u.key for m in group.members))
                group_reports.append(GroupReport(
                    group.name, Action.COMPILED if compiled else Action.REUSED,
                    compiled.seconds if compiled else 0.0,
                    outcome.binaries[group.key][1], names,
                    _why_group(group, previous) if compiled else "",
                    compiled.worker if compiled else ""))
            host_compiled = outcome.host_result is not None
            host_report = HostReport(
                Action.COMPILED if host_compiled else Action.REUSED,
                outcome.host[1] if host_compiled else 0.0, outcome.host[1],
                _why_host(outcome.host_key, previous) if host_compiled else "")
            warnings.extend(_as_printed(w, name, kind, data) for w in outcome.warnings)
            binaries = tuple((g.linked, outcome.binaries[g.key][0]) for g in group_plan)
            link_started = time.perf_counter()
            try:
                assembled = local.assemble(
                    LinkTask(outcome.host[0], binaries, str(temp), env), "link_module")
            except RuntimeError as e:
                raise _error(name, str(e)) from None
            if not assembled.ok:
                raise _error(name, "linking the .vmfb failed", assembled.messages)
            spans.append(Span("assemble", "phase", link_started, time.perf_counter(), "halflow"))
            mode = "groups"
        else:
            sink(Event(Kind.PHASE, detail="compile .vmfb (fallback)"))
            assembly = AssembleTask(
                module_text, name,
                tuple((u.name, u.key, u.restore(texts[u.key])) for u in units),
                str(temp), env,
            )
            try:
                assembled = local.assemble(assembly)
            except RuntimeError as e:
                raise _error(name, str(e)) from None
            if not assembled.ok:
                raise _error(name, "the final compile failed", assembled.messages)
            spans.append(Span("final compile (fallback)", "phase", started,
                              time.perf_counter(), "halflow"))
            mode = "fallback"
        clock.add("splice", assembled.splice_seconds)
        clock.add("compile", assembled.compile_seconds)
        started = time.perf_counter()
        try:
            writing.commit()
        except OSError as e:
            raise _error(str(output_file), f"cannot write output file: {e.strerror or e}") from None
        clock.add("write", assembled.write_seconds + time.perf_counter() - started)

        store.put(manifest_key, encode_entry(Entry(manifest_key, json.dumps({
            "mode": mode,
            "units": [[u.name, u.key, u.normalized] for u in units if u.cacheable],
            "groups": {g.name: g.key for g in group_plan},
            "host": outcome.host_key if outcome is not None else "",
        }), 0.0)))
        saved = [r.saved_seconds for r in reports.values() if r.action == Action.REUSED]
        if saved:
            store.add(REUSES, len(saved))
            store.add(SECONDS_SAVED, sum(saved))
        _record_output(store, output_key, output_file, writing.target, str(kind),
                       [(r.executable, r.saved_seconds or r.seconds) for r in reports.values()])
        clock.add("total", clock.total())
        result = CodegenResult(
            output_file, kind, tuple(reports[u.name] for u in units), dict(clock.phases),
            mode=mode, fallback=gap or "", groups=tuple(group_reports), host=host_report,
            spans=tuple(spans), warnings=tuple(warnings))
        _record_build(store, name, result, clock)
        return result
    finally:
        sink(Event(Kind.DONE))
        if frontend is not None:
            frontend.close()
        if materialized is not None:
            materialized.close()
        if remote is not None:
            remote.close()
        if local is not None and workers is None:
            local.close()
        if owned_store is not None:
            owned_store.close()
        writing.discard()
