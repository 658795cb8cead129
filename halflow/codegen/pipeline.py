"""``build_vmfb``: MODEL -> ``.vmfb`` with every step after the front-end cached.

The steps, and which tool does each:

0. up to date? (:func:`halflow.store.markers.check_vmfb`, the check of
   every build): the output's marker says it is what these model bytes and
   flags build -> nothing runs;
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
byte-identical to a plain compile's. So does a program whose translations
are mostly missing, after step 3 (``mode == "plain"``, ``fill``): step 4
and the manifest are left to a fill of the cache in the background
(:func:`fill_cache`, in the process :mod:`halflow.codegen.fill` starts).

Nothing is written to the cache but complete, successful results, and
nothing to ``output`` unless the whole build succeeds.

:func:`plan_vmfb` (``halflow build -n --to vmfb``) runs the same steps up
to 4 with a runner that records the jobs it is given instead of running
them (:class:`halflow.codegen.executors.Recorder`, Ninja's ``-n``).
"""

from __future__ import annotations

import functools
import os
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from halflow.codegen import errors, executables, model, plain, reasons, results
from halflow.codegen import fill as fill_mod
from halflow.codegen import flags as flags_mod
from halflow.codegen import groups as groups_mod
from halflow.codegen import overlay as overlay_mod
from halflow.codegen import strategy as strategy_mod
from halflow.codegen.backend import Outcome, Span, run_nodes
from halflow.codegen.environment import Environment, environment_for
from halflow.codegen.errors import CodegenError
from halflow.codegen.executors import DaskExecutor, LocalExecutor, Preloader, Recorder, Workers
from halflow.codegen.results import (
    Action,
    CodegenResult,
    ExecutableReport,
    GroupReport,
    HostReport,
    VmfbPlan,
    planned,
)
from halflow.codegen.tasks import (
    AssembleTask,
    Job,
    LinkTask,
    Runner,
    TranslateResult,
    TranslateTask,
)
from halflow.core import output as output_mod
from halflow.core import uptodate
from halflow.core.buildmode import BuildMode
from halflow.core.diagnostics import Diagnostic, HalflowError
from halflow.core.options import PathLike, VmfbOptions
from halflow.core.progress import Clock, Event, Kind, Sink, sink_for
from halflow.store import keys, manifests, markers
from halflow.store.codegen_entries import Entry, decode_entry, encode_entry
from halflow.store.manifests import Manifest
from halflow.store.protocol import ArtifactStore


def _manifest_key(model_file: Path, flags: flags_mod.IreeFlags) -> str:
    """Where the manifest of the last build of this model is kept."""
    return manifests.manifest_key(str(model_file.resolve()), flags.key)


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
    early: model.Early | None = None,
) -> CodegenResult:
    """Compile ``model_path`` to a ``.vmfb`` at ``output``, reusing cached
    per-executable code generation: :func:`build` with these
    :class:`VmfbOptions` (``iree_flags``, ``executor``, ``scheduler``,
    ``jobs``, ``progress``, ``model_kind``, ``retries``, ``strategy``)."""
    options = VmfbOptions(tuple(iree_flags), executor, scheduler, jobs, progress, model_kind,
                          retries, strategy)
    return build(model_path, output, options, store=store, workers=workers, early=early)


def build(model_path: PathLike, output: PathLike, options: VmfbOptions, *,
          store: ArtifactStore | None = None, workers: Workers | None = None,
          early: model.Early | None = None) -> CodegenResult:
    """Compile ``model_path`` to a ``.vmfb`` at ``output`` as ``options`` say,
    reusing cached per-executable code generation. ``store`` keeps translations
    (default: a :class:`DiskStore` in the halflow cache directory); ``workers``:
    local worker processes kept warm across builds (:class:`Workers`), started
    for the same flags; ``early``: the model's front end, started already
    (:func:`halflow.codegen.model.start_early`), taken or stopped. Raises
    :class:`CodegenError` (a :class:`HalflowError`) with diagnostics on bad
    input, rejected flags, or a failed executable (named, with IREE's
    messages); ``output`` is then untouched. Translations that succeeded are
    cached even when others fail. The steps of the module docstring, one
    function each, in order; each returns a small record, and the result is
    made of them."""
    log = _Log(Clock(), sink_for(options.progress))
    request = _request(model_path, output, options)
    chosen = strategy_mod.strategy_of(options.strategy)
    opened = _Opened(workers, early)
    try:
        store = _open_store(store, opened)
        current = _result_if_current(store, request, log)
        if current is not None:
            return current
        manifest_key = _manifest_key(request.model_file, request.flags)
        _after_fill(store, manifest_key, log)
        previous = manifests.read(store, manifest_key)  # read once, used by every step
        choice, whole = _choose(chosen, request, previous,
                                workers is None and options.executor == "local")
        if whole is not None:
            return _build_plainly(request, None, store, manifest_key, whole, log,
                                  model.take_whole(opened.take_early(), request.model_file,
                                                   request.flags))
        started = _start(request, store, options, opened,
                         rebuild=previous.mode in (BuildMode.GROUPS, BuildMode.FALLBACK))
        source = _front_end(request, started.frontend, started.local.preload, store, previous,
                            log)
        reason = (strategy_mod.plain_reason(chosen, source.data, choice.built_plainly)
                  if choice.may_be_plain else None)
        if reason is not None:
            started.local.stop_idle()  # started early in case: not needed
            return _build_plainly(request, source, store, manifest_key, reason, log)
        _check_flags(started)
        found = _materialize_and_key(source, request, started.env, opened, log)
        lookup = _look_up(store, found.units, previous, log)
        reason = _fill_reason(choice, found, lookup, store)
        if reason is not None:
            started.local.stop_idle()
            return _build_plainly(request, source, store, manifest_key, reason, log, fill=(
                fill_mod.Request(request.name, options.iree_flags, manifest_key,
                                 str(fill_mod.cache_directory(store)), store.shared_settings,
                                 options.jobs or os.cpu_count() or 1, options.retries, "")),
                                  units=found.units)
        runner = started.remote if started.remote is not None else started.local
        if found.gap is None:
            generated = _generate_groups(found, lookup, request, started.env, store, runner, log)
        else:
            generated = _generate_translations(found, lookup, request, started.env, store,
                                               runner, log)
        reports = results.executable_reports(found.units, generated.translated, lookup.cached,
                                             lookup.previous, generated.outcome)
        if generated.gap is None:
            linked = _link_groups(found, generated, lookup, request, source, started, log)
        else:
            linked = _compile_fallback(found, generated, lookup, request, started, store, log)
        _replace_output(request, linked, log)
        _record_manifest(store, manifest_key, found, generated, linked)
        results.count_reuses(store, [r.saved_seconds for r in reports.values()
                              if r.action == Action.REUSED])
        markers.record_vmfb(store, request.output_key, request.output_file,
                            request.out.target, str(request.kind),
                            [(r.executable, r.saved_seconds or r.seconds)
                             for r in reports.values()], log.warnings)
        log.clock.add("total", log.clock.total())
        result = CodegenResult(
            request.output_file, request.kind, tuple(reports[u.name] for u in found.units),
            dict(log.clock.phases), mode=linked.mode, fallback=generated.gap or "",
            groups=linked.groups, host=linked.host, spans=tuple(log.spans),
            warnings=tuple(log.warnings))
        return results.record_build(store, request.name, result, log.clock)
    finally:
        log.sink(Event(Kind.DONE))
        opened.close()
        request.out.discard()


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
    front-end (``early``: one the entry point started, until a step takes
    it), the executors (``workers``' are the caller's), the materialized
    module, a store it opened itself."""

    def __init__(self, workers: Workers | None, early: model.Early | None = None):
        self.workers = workers
        self.early = early
        self.frontend: model.Frontend | None = None
        self.local: LocalExecutor | None = None
        self.remote: DaskExecutor | None = None
        self.materialized: model.Materialized | None = None
        self.store: ArtifactStore | None = None

    def take_early(self) -> model.Early | None:
        early, self.early = self.early, None
        return early

    def close(self) -> None:
        early = self.take_early()
        if early is not None:  # not needed: up to date, or a bad request
            early.close()
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
    output_key: str  # what these model bytes and flags build (halflow.store.keys)
    # The one writer's replacement of the output (halflow.core.output): IREE
    # writes the .vmfb to writing.temp, created only then; a FIFO or device
    # is written in place. None for a dry run, which writes nothing.
    writing: output_mod.Replacement | None = None

    @functools.cached_property
    def form(self) -> model.FrontEndForm:
        """How a program's materialized module travels (worked out once)."""
        return model.front_end_form(self.data, self.name)

    @property
    def out(self) -> output_mod.Replacement:
        """The output's replacement (a build has one)."""
        assert self.writing is not None
        return self.writing


def _request(model_path: PathLike, output: PathLike, options: VmfbOptions, *,
             writing: bool = True) -> _Request:
    """The arguments checked: the executor, the model read and its kind,
    and, ``writing`` (not a dry run), the output writable (tried now, not
    after the whole build)."""
    model_file = Path(model_path)
    output_file = Path(output)
    name = str(model_path)
    flags = flags_mod.parse(options.iree_flags)
    if options.executor not in ("local", "dask"):
        raise errors.error("halflow",
                           f"unknown executor '{options.executor}' (use 'local' or 'dask')")
    try:
        data = model_file.read_bytes()
    except OSError as e:
        raise errors.error(name, f"cannot open input file '{name}': {e.strerror or e}") from None
    try:
        kind = model.ModelKind(options.model_kind)
    except ValueError:
        raise errors.error("halflow", f"unknown model kind '{options.model_kind}'") from None
    if kind == model.ModelKind.AUTO:
        kind = model.detect_kind(data)
    if kind == model.ModelKind.PRE_MATERIALIZE and flags.compile_from is not None:
        raise errors.error(name, "--compile-from applies to programs, not to a "
                           "pre-materialize module")
    output_key = keys.vmfb_output_key(uptodate.input_fingerprint(data), name, options.iree_flags)
    if not writing:
        return _Request(model_file, output_file, name, flags, data, kind, output_key)
    try:  # fail now, not after the whole build (also on a directory)
        output_mod.check_writable(output_file)
        replacement = output_mod.Replacement(output_file)
    except OSError as e:
        raise errors.error(str(output_file),
                           f"cannot write output file: {e.strerror or e}") from None
    return _Request(model_file, output_file, name, flags, data, kind, output_key, replacement)


def _choose(chosen: strategy_mod.Strategy, request: _Request, previous: Manifest,
            own_workers: bool) -> tuple[strategy_mod.Choice, str | None]:
    """Before the front end: whether the build may go plain, and why it
    compiles the model whole, without a front end (None: it does not)."""
    choice = strategy_mod.before_front_end(chosen, request.kind == model.ModelKind.PROGRAM,
                                           own_workers, previous.mode)
    whole = (strategy_mod.compiles_whole(chosen, request.form.text_size, choice.built_plainly)
             if choice.may_be_plain else None)
    return choice, whole


def _open_store(store: ArtifactStore | None, opened: _Opened) -> ArtifactStore:
    """``store``, else the halflow cache's (a store that keeps nothing when
    the cache cannot be used: a cache is never fatal)."""
    if store is not None:
        return store
    from halflow.store.opener import open_artifacts

    opened.store = open_artifacts()
    return opened.store


def _result_if_current(store: ArtifactStore, request: _Request, log: _Log
                       ) -> CodegenResult | None:
    """Step 0: the result of a build that has nothing to do (the output is
    what this model and these flags build), else None."""
    current = markers.check_vmfb(store, request.output_key, request.output_file)
    if current is None:
        return None
    results.count_reuses(store, [s for _, s in current.executables])
    log.clock.add("total", log.clock.total())
    result = CodegenResult(
        request.output_file, model.ModelKind(current.kind or str(request.kind)),
        tuple(ExecutableReport(e, Action.REUSED, 0.0, s) for e, s in current.executables),
        dict(log.clock.phases), mode=BuildMode.UP_TO_DATE, warnings=current.warnings)
    return results.record_build(store, request.name, result, log.clock)


@dataclass(frozen=True)
class _Started:
    """The processes a build runs on."""

    env: Environment
    local: LocalExecutor
    remote: DaskExecutor | None  # the Dask cluster of ``executor="dask"``
    frontend: model.Frontend | None  # iree-compile's front-end, for a program


def _start(request: _Request, store: ArtifactStore, options: VmfbOptions, opened: _Opened,
           rebuild: bool) -> _Started:
    """The front-end (a program), the local workers and the Dask client.
    A ``rebuild`` of a program starts one worker now (its start-up overlaps
    the front-end; a build that goes plain kills it); a first build starts
    none: it translates nearly everything, which its own lanes do (see
    :data:`halflow.codegen.executors.LANES`), with no worker's start-up or
    memory."""
    if request.kind == model.ModelKind.PROGRAM:
        try:
            opened.frontend = model.frontend(request.model_file, request.flags,
                                             opened.take_early(), as_text=request.form.as_text)
        except OSError as e:
            raise errors.error(request.name,
                               f"cannot run iree-compile: {e.strerror or e}") from None
    env = environment_for(request.flags)
    if opened.workers is not None:
        if opened.workers.env != env:
            raise errors.error("halflow", "the workers were started for other IREE flags")
        opened.local = opened.workers.executor
    else:
        opened.local = LocalExecutor(env, (options.jobs or os.cpu_count() or 1)
                                     if options.executor == "local" else 1, options.retries,
                                     start=opened.frontend is not None and rebuild, inline=True)
    if options.executor == "dask":
        try:
            opened.remote = DaskExecutor(options.scheduler, options.retries,
                                         shared=store.shared_settings,
                                         notes=store.absorb_remote)
        except RuntimeError as e:
            raise errors.error("halflow", str(e)) from None
    return _Started(env, opened.local, opened.remote, opened.frontend)


@dataclass(frozen=True)
class _Source:
    """Step 1: the module to materialize, or for a program the front-end's
    module, materialized by IREE already (bytecode)."""

    data: bytes
    materialized: bool = False


def _front_end(request: _Request, frontend: model.Frontend | None, preloader: Preloader,
               store: ArtifactStore, previous: Manifest, log: _Log) -> _Source:
    """The front-end's module (a program), or the model's bytes. A worker
    parses the translations the previous build of this model used while
    materialize runs (``preloader``): after a small edit, the final compile
    finds nearly all of them parsed. (Not during the front-end: on a small
    machine that slows the front-end as much as it saves.)"""
    preload = functools.partial(
        preloader, functools.partial(manifests.previous_translations, store, previous))
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
                   manifest_key: str, reason: str, log: _Log,
                   whole: plain.WholeCompile | None = None, *,
                   fill: fill_mod.Request | None = None,
                   units: Sequence[executables.ExecutableUnit] = ()) -> CodegenResult:
    """The plain path: the front end's module (``source``; None: the model,
    whole) compiled to the ``.vmfb`` by one ``iree-compile``
    (:mod:`halflow.codegen.plain`; ``whole``: that whole compile, started by
    the entry point already), written, and recorded (manifest, output
    marker, history) as every build is; then, given ``fill``, the fill of
    the cache starts (:mod:`halflow.codegen.fill`), which writes the
    manifest (the previous one stays until then), and the output's marker
    names the program's executables (``units``), as an incremental build's
    does: the entry point then takes the next build for an incremental one
    (:func:`halflow.codegen.model.start_early`)."""
    log.sink(Event(Kind.PHASE, detail="compile .vmfb (plain)"))
    began = time.perf_counter()
    try:
        if whole is not None:
            compiled = whole.result(request.out.temp, request.name)
            if whole.started < log.clock.started:  # started by the entry point
                log.clock.add("compile_early", log.clock.started - whole.started)
                began = whole.started
        elif source is None:
            compiled = plain.compile_whole(request.model_file, request.flags,
                                           request.out.temp, request.name)
        else:
            compiled = plain.compile_backend(source.data, request.flags,
                                             request.out.temp, request.name)
    except HalflowError as e:
        raise CodegenError(e.diagnostics) from None
    log.clock.add("compile", compiled.seconds)
    log.spans.append(Span("compile .vmfb (plain iree-compile)", "phase", began,
                          time.perf_counter(), "halflow"))
    log.warnings.extend(compiled.warnings)
    _commit(request, log)
    if fill is None:
        manifests.write(store, manifest_key, Manifest(
            True, BuildMode.PLAIN, size=len(source.data) if source is not None else 0))
    markers.record_vmfb(store, request.output_key, request.output_file, request.out.target,
                        str(request.kind), [(u.symbol, 0.0) for u in units], log.warnings)
    filling = fill is not None and source is not None and fill_mod.start(fill, source.data)
    log.clock.add("total", log.clock.total())
    result = CodegenResult(request.output_file, request.kind, (), dict(log.clock.phases),
                           mode=BuildMode.PLAIN, spans=tuple(log.spans),
                           warnings=tuple(log.warnings), plain=reason, fill=filling)
    return results.record_build(store, request.name, result, log.clock)


def _check_flags(started: _Started) -> None:
    """A rejected global flag stops workers at start-up: say so once,
    before any executable is tried."""
    if started.env.global_flags:
        try:
            started.local.check()
        except RuntimeError as e:
            raise errors.error("halflow", f"IREE rejects the flags: {e}") from None


@dataclass(frozen=True)
class _Found:
    """Steps 2 and 3: the materialized module's text, its executables as
    units with their keys, and the host program (when the groups recipe
    covers every executable; else ``gap`` says why not)."""

    module_text: str
    units: list[executables.ExecutableUnit]
    gap: str | None
    host_program: str


def _materialize_and_key(source: _Source, request: _Request, env: Environment,
                         opened: _Opened, log: _Log) -> _Found:
    """Steps 2 and 3 (not :func:`halflow.nodes.materialize`, which they run)."""
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
    units = executables.module_units(module, module_text, request.flags.key)
    gap = next((g for g in map(groups_mod.recipe_gap, units) if g is not None), None)
    host_program = executables.host_program(module) if gap is None else ""
    opened.materialized.close()
    opened.materialized = None
    log.clock.add("keys", time.perf_counter() - started)
    return _Found(module_text, units, gap, host_program)


@dataclass(frozen=True)
class _Lookup:
    """The translations the store holds, and the previous build's manifest."""

    cached: dict[str, Entry]
    previous: Manifest


def _look_up(store: ArtifactStore, units: Sequence[executables.ExecutableUnit], previous: Manifest,
             log: _Log) -> _Lookup:
    started = time.perf_counter()
    cached: dict[str, Entry] = {}
    for unit in units:
        if unit.key in cached or not unit.cacheable:
            continue
        entry = decode_entry(unit.key, store.get(unit.key))
        if entry is not None:
            cached[unit.key] = entry
    log.clock.add("lookup", time.perf_counter() - started)
    return _Lookup(cached, previous)


def _fill_reason(choice: strategy_mod.Choice, found: _Found, lookup: _Lookup,
                 store: ArtifactStore) -> str | None:
    """Why this build compiles plainly and leaves the cache to a fill
    (:func:`halflow.codegen.strategy.fills_after`), or None; never without
    a cache directory the fill can write."""
    distinct = {u.key for u in found.units}
    missing = sum(1 for key in distinct if key not in lookup.cached)
    reason = strategy_mod.fills_after(choice, missing, len(distinct))
    return reason if reason is not None and fill_mod.cache_directory(store) else None


def _after_fill(store: ArtifactStore, manifest_key: str, log: _Log) -> None:
    """Wait for a fill of this model that still runs (its manifest is the
    one to read), and say so when the last one failed."""
    directory = fill_mod.cache_directory(store)
    waited = fill_mod.wait(directory, manifest_key, lambda: log.sink(Event(
        Kind.PHASE, detail="waiting for the fill of the cache the last build left")))
    if waited > 0:
        log.clock.add("fill_wait", waited)
    last = fill_mod.outcome(directory, manifest_key)
    if last is not None and not last.ok:
        log.warnings.append(f"halflow: warning: filling the cache after the last build "
                            f"failed ({last.error}); this build compiles what it lacks")
        fill_mod.forget_outcome(directory, manifest_key)


@dataclass(frozen=True)
class _Generated:
    """Step 4: the translations made, and, on the groups recipe, what ran of
    the group binaries and the host (``outcome``). ``gap``: why the build
    falls back to IREE's whole final compile (None: it does not)."""

    translated: dict[str, TranslateResult]
    gap: str | None
    outcome: Outcome | None = None
    group_plan: tuple[groups_mod.SerializationGroup, ...] = ()
    members: dict[str, groups_mod.Member] = field(default_factory=dict)
    # the group of each (member key, variant) when the groups are an overlay
    serves: dict[tuple[str, str], groups_mod.SerializationGroup] | None = None


def _generate_groups(found: _Found, lookup: _Lookup, request: _Request, env: Environment,
                     store: ArtifactStore, runner: Runner, log: _Log) -> _Generated:
    """The dirty translations, group binaries and host against stubs
    (:func:`halflow.codegen.backend.run_nodes`)."""
    group_plan, members = groups_mod.plan(found.units, request.flags.key)
    overlaid = overlay_mod.overlay(found.units, found.host_program, lookup.cached,
                                   lookup.previous, request.flags.key, store, group_plan)
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
        cut_off=cut_off, digests=lookup.previous.digests)
    group_plan, serves = outcome.groups, outcome.serves
    log.clock.add("codegen", time.perf_counter() - started)
    log.spans.extend(outcome.spans)
    failed: list[Diagnostic] = []
    for function, subject, message, notes in outcome.failures:
        if function == "translate":
            failed.append(errors.executable_error(subject, request.name, message, notes))
        else:
            group = next(g for g in group_plan if g.key == subject)
            failed.append(errors.error(request.name, f"serializing group @{group.name} failed: "
                                 f"{message}", notes).diagnostics[0])
    if failed:
        raise CodegenError(failed)
    gap = None
    if outcome.host is None:
        gap = f"the host could not be compiled against stubs ({outcome.host_error})"
    return _Generated(outcome.translated, gap, outcome, tuple(group_plan), members, serves)


def _generate_translations(found: _Found, lookup: _Lookup, request: _Request,
                           env: Environment, store: ArtifactStore, runner: Runner,
                           log: _Log) -> _Generated:
    """The fallback's step 4: the missing translations only (IREE's whole
    final compile links them)."""
    misses: dict[str, executables.ExecutableUnit] = {}
    for unit in found.units:
        if unit.key not in lookup.cached and unit.key not in misses:
            misses[unit.key] = unit
    log.sink(Event(Kind.PLAN, total=len(found.units), reused=len(found.units) - len(misses)))
    started = time.perf_counter()
    translated: dict[str, TranslateResult] = {}
    failed: list[Diagnostic] = []

    def on_result(task: TranslateTask, result: TranslateResult) -> None:
        unit = misses[result.key]
        now = time.perf_counter()
        log.spans.append(Span(f"translate {unit.symbol}", "translate",
                              now - result.seconds, now, result.worker))
        if not result.ok:
            failed.append(errors.executable_error(
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

    tasks: list[Job] = [TranslateTask(key, unit.symbol, unit.source(), unit.buffer_name, env)
                        for key, unit in misses.items()]
    for failure in (runner.run(tasks, on_result) if tasks else []):
        failed.append(errors.executable_error(misses[failure.task.key], request.name,
                                              failure.reason))
        log.sink(Event(Kind.FAILED, executable=failure.task.executable))
    log.clock.add("codegen", time.perf_counter() - started)
    if failed:
        raise CodegenError(failed)
    return _Generated(translated, found.gap)


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
            reasons.why_group(group, lookup.previous) if compiled else "",
            compiled.worker if compiled else "",
            sum(m.key not in live for m in group.members)))
    host_compiled = outcome.host_result is not None
    host_report = HostReport(
        Action.COMPILED if host_compiled else Action.REUSED,
        outcome.host[1] if host_compiled else 0.0, outcome.host[1],
        reasons.why_host(outcome.host_key, lookup.previous) if host_compiled else "")
    log.warnings.extend(errors.as_printed(w, request.name, request.kind, source.data)
                        for w in outcome.warnings)
    binaries = tuple((g.linked, outcome.binaries[g.key][0]) for g in generated.group_plan)
    link_started = time.perf_counter()
    try:
        assembled = started.local.assemble(
            LinkTask(outcome.host[0], binaries, str(request.out.temp), started.env))
    except RuntimeError as e:
        raise errors.error(request.name, str(e)) from None
    if not assembled.ok:
        raise errors.error(request.name, "linking the .vmfb failed", assembled.messages)
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
        entry = decode_entry(k, store.get(k))
        if entry is None:
            raise errors.error(request.name, "a translation the Dask workers wrote to the shared "
                         "cache is no longer there; build again")
        texts[k] = entry.text
    began = time.perf_counter()
    log.sink(Event(Kind.PHASE, detail="compile .vmfb (fallback)"))
    assembly = AssembleTask(
        found.module_text, request.name,
        tuple((u.name, u.key, u.restore(texts[u.key])) for u in found.units),
        str(request.out.temp), started.env,
    )
    try:
        assembled = started.local.assemble(assembly)
    except RuntimeError as e:
        raise errors.error(request.name, str(e)) from None
    if not assembled.ok:
        raise errors.error(request.name, "the final compile failed", assembled.messages)
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
        request.out.commit()
    except OSError as e:
        raise errors.error(str(request.output_file),
                     f"cannot write output file: {e.strerror or e}") from None
    log.clock.add("write", written + time.perf_counter() - started)


def _record_manifest(store: ArtifactStore, manifest_key: str, found: _Found,
                     generated: _Generated, linked: _Linked) -> None:
    """What this build used, for the next build's reasons and preload."""
    outcome = generated.outcome
    manifests.write(store, manifest_key, Manifest(
        True, linked.mode,
        tuple((u.name, u.key, u.normalized) for u in found.units if u.cacheable),
        {g.name: g.key for g in generated.group_plan},
        groups_mod.encode_groups(generated.group_plan),
        outcome.digests if outcome is not None else {},
        overlay_mod.host_digest(found.host_program),
        outcome.host_key if outcome is not None else ""))


def fill_cache(request: fill_mod.Request, module_bytes: bytes) -> fill_mod.Outcome:
    """In a fill's process (:mod:`halflow.codegen.filler`): steps 2-4 on the
    front end's module of a build that compiled plainly (``module_bytes``),
    storing what they make, and the manifest (no link: the build has its
    ``.vmfb``, and the next build links what it needs). Raises as
    :func:`build`."""
    from halflow.store.opener import open_artifacts

    began = time.perf_counter()
    log = _Log(Clock(), sink_for(False))
    flags = flags_mod.parse(request.iree_flags)
    # (no output: nothing is written but the cache)
    asked = _Request(Path(request.model), Path(request.model), request.model, flags, b"",
                     model.ModelKind.PROGRAM, "")
    opened = _Opened(None)
    try:
        store = opened.store = open_artifacts(request.cache_dir, False, request.remote)
        env = environment_for(flags)
        opened.local = LocalExecutor(env, request.jobs, request.retries, start=False,
                                     inline=True)
        found = _materialize_and_key(_Source(module_bytes, materialized=True), asked, env,
                                     opened, log)
        lookup = _look_up(store, found.units, manifests.read(store, request.manifest_key), log)
        if found.gap is None:
            generated = _generate_groups(found, lookup, asked, env, store, opened.local, log)
        else:
            generated = _generate_translations(found, lookup, asked, env, store, opened.local,
                                               log)
        mode = BuildMode.GROUPS if generated.gap is None else BuildMode.FALLBACK
        _record_manifest(store, request.manifest_key, found, generated, _Linked(None, mode))
        return fill_mod.Outcome(True, time.perf_counter() - began, len(generated.translated))
    finally:
        opened.close()


def plan_vmfb(model_path: PathLike, output: PathLike, iree_flags: Sequence[str], *,
              store: ArtifactStore) -> VmfbPlan:
    """The plan of :func:`build_vmfb` for these arguments, writing nothing
    (Ninja's ``-n``): the build's own steps (up-to-date check, strategy,
    front end, materialize and keys, look-up, the nodes) over ``store``
    (open it read-only), with a runner that records the jobs it is given
    instead of running them (:class:`halflow.codegen.executors.Recorder`).
    Raises :class:`CodegenError` on bad input."""
    request = _request(model_path, output, VmfbOptions(tuple(iree_flags)), writing=False)
    if markers.check_vmfb(store, request.output_key, request.output_file) is not None:
        return VmfbPlan(True)
    log = _Log(Clock(), sink_for(False))
    previous = manifests.read(store, _manifest_key(request.model_file, request.flags))
    chosen = strategy_mod.strategy_of(None)  # as the command line's local build decides
    choice, whole = _choose(chosen, request, previous, True)
    if whole is not None:
        return VmfbPlan(False, plain=whole)
    recorder = Recorder()
    opened = _Opened(None)
    try:
        if request.kind == model.ModelKind.PROGRAM:
            opened.frontend = model.Frontend(request.model_file, request.flags,
                                             as_text=request.form.as_text)
        source = _front_end(request, opened.frontend, recorder.preload, store, previous, log)
        reason = (strategy_mod.plain_reason(chosen, source.data, choice.built_plainly)
                  if choice.may_be_plain else None)
        if reason is not None:
            return VmfbPlan(False, plain=reason)
        env = environment_for(request.flags)
        found = _materialize_and_key(source, request, env, opened, log)
        lookup = _look_up(store, found.units, previous, log)
        reason = _fill_reason(choice, found, lookup, store)
        if reason is not None:
            return VmfbPlan(False, plain=reason)
        if found.gap is None:
            generated = _generate_groups(found, lookup, request, env, store, recorder, log)
        else:
            generated = _generate_translations(found, lookup, request, env, store, recorder, log)
    finally:
        opened.close()
    return planned(found.units, found.gap, generated.outcome, previous, recorder.tasks)
