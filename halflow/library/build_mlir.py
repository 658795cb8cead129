"""Library entry point: ``halflow.build(...) -> BuildResult``.

The CLI is a thin layer over this module. A rebuild of an input whose bytes
did not change is answered from the cache before anything heavy (MLIR, the
engine) is imported.
"""

from __future__ import annotations

import functools
import json
import os
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from halflow.core import blobs, uptodate
from halflow.core.buildmode import BuildMode
from halflow.core.diagnostics import Diagnostic, HalflowError, SourceText
from halflow.core.options import BuildOptions, PathLike, RemoteCache
from halflow.core.output import (
    OUTPUT_IS_INPUT,
    is_same_file,
    write_reported,
    written_in_place,
)
from halflow.library.output_file import EarlyOutput, write_output
from halflow.library.report import CacheCounts, CaseReport, MlirReport
from halflow.source import inputs as source_mod
from halflow.source.resources import Chunk, Elided, Restored
from halflow.store import keys, markers
from halflow.store.opener import open_entries

if TYPE_CHECKING:
    from halflow.core.blobs import InputBytes, Snapshot
    from halflow.core.config import Config
    from halflow.core.deferred import EarlyAnswer
    from halflow.engine import Workspace
    from halflow.source.toplevel import KnownSplit
    from halflow.store.protocol import EntryStore



@dataclass
class BuildResult:
    """What a build produced, and why each node ran.

    ``warnings``: what iree-opt would warn about on stderr for the same
    build, in its order (near misses with the ``--split-input-file``
    marker); given on every build of the input, cached or not. A failed
    build raises :class:`HalflowError` with them in its ``warnings``.
    ``text`` (the output) is made when first read: the output of a model
    with large weights is held as chunks, its blobs views of the input's
    bytes (:meth:`chunks`; :mod:`halflow.source.resources`).
    """

    restored: Restored = field(repr=False)
    output: Path | None
    seconds: float
    warnings: tuple[Diagnostic, ...] = ()
    # Whether the build wrote ``output``: False when it already held the
    # text (an up-to-date output is not rewritten).
    wrote_output: bool = False
    # The typed report (:mod:`halflow.library.report`); ``report`` is its
    # JSON-ready form, made when someone reads it.
    raw_report: MlirReport = field(
        default_factory=lambda: MlirReport(mode=BuildMode.NOOP, total=0, reused=0), repr=False
    )

    @functools.cached_property
    def text(self) -> str:
        """The output text."""
        return self.restored.text()

    def chunks(self) -> Iterator[Chunk]:
        """The output's bytes, in order, without joining them (a
        :class:`~halflow.core.blobs.FileSpan` is a span of the input file)."""
        return self.restored.chunks()

    @functools.cached_property
    def report(self) -> dict[str, Any]:
        """The report data (DESIGN.md): ``total``, ``executed`` (objects
        with ``node``, ``stage``, ``reason``, ``seconds``), ``reused``,
        ``seconds``, ``mode``, ``cache``, ..."""
        return self.raw_report.as_dict()

    @property
    def executed(self) -> list[str]:
        """Ids of the nodes that executed, in execution order."""
        return [r.node for r in self.raw_report.executed]


def _doc_id(data: source_mod.InputData, case: int, split: bool) -> str:
    """The identity of a document across builds: the file, and the case of
    a ``--split-input-file`` build (its first case is the file itself, so
    that toggling the option is seen as an options change)."""
    name = data.name if data.name == "<stdin>" else os.path.abspath(data.name)
    return f"{name}#{case}" if case else name


def _join(outputs: list[str]) -> str:
    return (source_mod.SPLIT_MARKER + "\n").join(outputs)


def build(
    input: PathLike | None = None,
    output: PathLike | None = None,
    *,
    split_input_file: bool = False,
    cache: EntryStore | None = None,
    cache_dir: PathLike | None = None,
    no_cache: bool = False,
    workspace: Workspace | None = None,
    explain: Callable[[str], None] | None = None,
    report: PathLike | None = None,
    trace: PathLike | None = None,
    progress: bool | None = None,
    content: InputBytes | Snapshot | None = None,
    config: bool | Config = False,
    remote: RemoteCache | None = None,
) -> BuildResult:
    """Materialize interfaces for ``input`` (a path, ``-`` or None for the
    bundled example), incrementally over the cache.

    The options are :class:`~halflow.core.options.BuildOptions`'s. ``cache`` (an
    open cache) replaces ``cache_dir``/``no_cache``; ``workspace`` (a
    :class:`halflow.engine.Workspace`) keeps state warm between calls and
    brings its own cache.

    ``content``, when given, is the input's bytes, already read: ``input``
    then only names them (diagnostics, build state). A watcher passes the
    snapshot whose stability it checked, so a write racing the build cannot
    slip half-written content in.

    Writes ``output`` atomically when given (and only when its content
    changes); ``report``/``trace`` write the JSON report and a Chrome trace.
    ``explain`` receives one line per executed node.
    Raises :class:`HalflowError` on bad input; ``output`` is then untouched.
    Raises ValueError when ``output`` names the input file (it would be
    replaced).

    ``config``: no configuration file is read unless asked (a library call
    says what it wants); ``True`` reads the settings as ``halflow build``
    does for ``input`` (:func:`halflow.core.config.load`), or pass a loaded
    :class:`halflow.core.config.Config`. Of them a build uses ``cache-dir``
    (unless ``cache_dir`` is given), ``cache-read-only``, ``max-size`` and
    the ``remote-*`` settings (unless ``remote`` is given).
    """
    read_only, max_size = False, None
    if config is not False:
        from halflow.core import config as config_mod

        settings = config_mod.load(input) if config is True else config
        if cache_dir is None:
            cache_dir = settings["cache-dir"]
        read_only, max_size = settings["cache-read-only"], settings["max-size"]
        if remote is None:
            remote = settings.remote()
    options = BuildOptions(
        split_input_file=split_input_file, cache_dir=cache_dir, no_cache=no_cache,
        explain=explain, report=report, trace=trace, progress=progress,
        read_only=read_only, max_size=max_size, remote=remote,
    )
    return build_with(input, output, options, cache=cache, workspace=workspace, content=content)


def build_with(
    input: PathLike | None,
    output: PathLike | None,
    options: BuildOptions,
    *,
    cache: EntryStore | None = None,
    workspace: Workspace | None = None,
    content: InputBytes | Snapshot | None = None,
) -> BuildResult:
    """:func:`build` with its options as one record (what the command line
    and watch pass on). ``options.read_only``: without ``cache`` or
    ``workspace``, the cache in ``options.cache_dir`` used without writing."""
    start = time.perf_counter()
    if output is not None and input not in (None, "-") and is_same_file(output, input):
        raise ValueError(f"{OUTPUT_IS_INPUT}: {output}")
    split_input_file = options.split_input_file
    explain, report, trace = options.explain, options.report, options.trace
    if content is not None and input is not None and str(input) != "-":
        data = source_mod.InputData.of(str(input), content)
    else:
        data = source_mod.read_input(input)
    # Found before any lookup: a build answered from the cache warns too.
    warnings = source_mod.split_warnings(data) if split_input_file else ()
    try:
        if workspace is not None:
            store = workspace.cache
        else:
            store = open_entries(cache, cache_dir=options.cache_dir, no_cache=options.no_cache,
                               max_size=options.max_size, remote=options.remote,
                               read_only=options.read_only)
        out_path = Path(output) if output is not None else None
        # (answering before the state is saved: only when nothing printed
        # after the build needs the nodes' records)
        defer = explain is None and report is None and trace is None and workspace is None
        early = (EarlyOutput(out_path, store, workspace, answer=options.answer if defer else None)
                 if out_path is not None else None)
        try:
            restored, rep, key = _output_of(
                data, options.key, split_input_file, store, workspace, options.progress,
                trace_nodes=trace is not None, t0=start, early=early,
            )
            wrote = False
            if out_path is not None:
                t_write = time.perf_counter()
                wrote = write_output(out_path, restored, key, rep.total, store, workspace,
                                      source=data.snapshot, early=early)
                rep = rep.with_event(_phase("write output", t_write, start))
                if early is not None and early.span is not None:
                    rep = rep.with_event(early.event(start))
            counters = store.counters
            rep = rep.finished(time.perf_counter() - start, CacheCounts(
                hits=counters.hits, misses=counters.misses, corrupt=counters.corrupt))
            summary = rep.summary(data.name).as_dict()
            store.record_build(summary)
            remote = summary.get("remote")  # the shared cache's traffic of this build
            if isinstance(remote, dict):
                rep = rep.with_remote(remote)
            if rep.mode != BuildMode.NOOP:
                from halflow.store import size_limit

                size_limit.apply(store, options.max_size)
        finally:
            if early is not None:
                early.join()  # (an error: the build's, or the write's for write_output)
            if workspace is None and cache is None:
                store.close()
        if explain is not None:
            if rep.fallback:
                explain(f"whole-module build: {rep.fallback}")
            for run in rep.executed:
                explain(f"{run.node} ({run.stage}): {run.reason}")
        if report is not None:
            write_reported(report, rep.json(), "report file")
        if trace is not None:
            trace_data = {"traceEvents": list(rep.trace_events), "displayTimeUnit": "ms"}
            write_reported(trace, json.dumps(trace_data) + "\n", "trace file")
    except HalflowError as err:
        err.warnings = warnings + err.warnings
        raise
    return BuildResult(restored, out_path, rep.seconds, warnings, wrote, rep)


class DryRun(NamedTuple):
    """What the next build of an input would do (``halflow build -n``),
    found by building it in memory against the cache, read but never
    written (as ``halflow graph``): ``mode`` is the build's (``noop``,
    ``incremental``, ``whole``, ``mixed``) or ``up-to-date`` (the output
    file holds what this build writes: nothing would run or be written);
    ``executed``: (node, stage, reason) of every node that would run, in
    order; ``writes_output``: whether the output file would be written."""

    mode: str
    total: int
    executed: tuple[tuple[str, str, str], ...] = ()
    writes_output: bool = False
    fallback: str | None = None


def dry_run(input: PathLike | None, output: PathLike | None, options: BuildOptions) -> DryRun:
    """What :func:`build_with` would execute for ``input`` -> ``output`` and
    why, writing nothing: no output, no cache entry, no marker, no history
    (the local cache and a shared one behind it are opened read-only).
    Input errors raise :class:`HalflowError` as the build would."""
    if output is not None and input not in (None, "-") and is_same_file(output, input):
        raise ValueError(f"{OUTPUT_IS_INPUT}: {output}")
    data = source_mod.read_input(input)
    store = open_entries(cache_dir=options.cache_dir, no_cache=options.no_cache,
                       remote=options.remote, read_only=True)
    try:
        out_path = Path(output) if output is not None else None
        if out_path is not None and store.enabled:
            try:
                seen = out_path.stat()
            except OSError:
                seen = None
            if seen is not None and not written_in_place(out_path):
                key = keys.output_key(data.snapshot.fingerprint, options.key)
                recorded = markers.check(store, key, out_path, seen)
                if recorded is not None:
                    return DryRun("up-to-date", recorded.total)
        _, rep, _ = _output_of(data, options.key, options.split_input_file, store, None,
                                 progress=False)
    finally:
        store.close()
    return DryRun(rep.mode, rep.total,
                  tuple((r.node, r.stage, r.reason) for r in rep.executed),
                  out_path is not None, rep.fallback)


def _phase(name: str, start: float, t0: float) -> dict[str, Any]:
    """The trace event of a phase that began at ``start`` (``t0``: the
    build's start, time zero of the trace)."""
    return {"name": name, "cat": "phase", "ph": "X", "pid": 1, "tid": 1,
            "ts": round((start - t0) * 1e6, 1),
            "dur": round((time.perf_counter() - start) * 1e6, 1)}


def _output_of(
    data: source_mod.InputData,
    options_fingerprint: str,
    split_input_file: bool,
    store: EntryStore,
    workspace: Workspace | None,
    progress: bool | None,
    trace_nodes: bool = False,
    t0: float = 0.0,
    early: EarlyOutput | None = None,
) -> tuple[Restored, MlirReport, str | None]:
    """The output, the report, and the key of the output's cache entry
    (``early``: where a whole-module build starts writing the output file
    as soon as it has it).

    A text whose resource section holds large blobs is built with
    stand-ins for them (:mod:`halflow.source.resources`): the builds, their
    state and the cached output see the small text, and the output is
    restored from the input's bytes."""
    if workspace is not None:
        # A warm workspace compares bytes with the last build of this input:
        # cheaper than hashing them.
        last = workspace.files.get((data.name, options_fingerprint))
        if last is not None and last[0] == data.data and workspace.env_ok():
            _, text, total, key = last
            elided = _elide(data, split_input_file, store)
            noop = MlirReport(mode=BuildMode.NOOP, total=total, reused=total)
            return Restored.of(text, elided), noop, key
    input_hash = data.snapshot.fingerprint
    elided = _elide(data, split_input_file, store)
    key = None
    if store.enabled:
        key = keys.output_key(input_hash, options_fingerprint)
        if workspace is None:
            blob = store.get_blob(key)
            if blob is not None:
                total_line, _, body = blob.partition(b"\n")
                try:
                    total = int(total_line)
                    text = body.decode("utf-8")
                except (ValueError, UnicodeDecodeError):
                    store.delete(key)
                else:
                    _make_current(store, data, split_input_file, input_hash, options_fingerprint)
                    restored = Restored.of(text, elided)
                    return restored, MlirReport(mode=BuildMode.NOOP, total=total, reused=total), key

    built = source_mod.InputData.of(data.name, elided.data) if elided is not None else data
    on_output = None
    if early is not None and not split_input_file:
        def on_output(text: str) -> None:
            early.start(text, elided, key)
    try:
        text, rep = _build_input(built, options_fingerprint, split_input_file, store, workspace,
                                 progress, output_key=key, input_hash=input_hash,
                                 answer=early.answer if early is not None else None,
                                 trace_nodes=trace_nodes, t0=t0, on_output=on_output,
                                 split=elided.split if elided is not None else None)
    except HalflowError as err:
        if elided is None:
            raise
        # Diagnostics of the text with stand-ins: the original's are exact.
        raise _diagnosed_from_bytes(data, split_input_file, err, always=True) from None
    if key is not None and rep.mode != BuildMode.NOOP:
        store.put_blob_parts(key, [f"{rep.total}\n".encode(), text])
    if workspace is not None and isinstance(data.data, bytes):
        workspace.files[(data.name, options_fingerprint)] = (data.data, text, rep.total, key)
    if early is not None and early.restored is not None and early.text == text:
        return early.restored, rep, key  # (being written: write_output waits for it)
    return Restored.of(text, elided), rep, key


def _build_input(
    data: source_mod.InputData, options_fingerprint: str, split_input_file: bool, store: EntryStore,
    workspace: Workspace | None, progress: bool | None, **build: Any,
) -> tuple[str, MlirReport]:
    """The output text and report of ``data``, text or bytecode."""
    if data.is_bytecode:
        return _build_bytecode(data, options_fingerprint, store, workspace, progress, **build)
    return _build_text(data, options_fingerprint, split_input_file, store, workspace, progress,
                       **build)


def _elide(
    data: source_mod.InputData, split_input_file: bool, store: EntryStore
) -> Elided | None:
    """``data`` with its large blobs as stand-ins (None: built as it is)."""
    _, values, digests = data.snapshot.scanned()  # (hashed once)
    if not values or split_input_file or data.is_bytecode:
        return None
    from halflow.source import resources

    return resources.elide(data.data, values, digests, _CheckedBlobs(store))


class _CheckedBlobs:
    """The digests of resource blobs found to be upper-case hex, in the
    cache (:class:`halflow.source.resources.BlobMemo`)."""

    def __init__(self, store: EntryStore) -> None:
        self.store = store

    def __contains__(self, digest: object) -> bool:
        return self.store.enabled and self.store.get(f"{keys.BLOB_HEX}{digest}") is True

    def add(self, digest: str) -> None:
        if self.store.enabled:
            self.store.put(keys.BLOB_HEX + digest, True)


def _make_current(
    store: EntryStore, data: source_mod.InputData, split_input_file: bool, input_hash: str,
    options_fingerprint: str,
) -> None:
    """An input answered from the cache (a revert, a branch switched back)
    makes the document's state of it the current one, so that the next
    edit builds from it (:mod:`halflow.store.states`; the engine is not loaded)."""
    from halflow.core.fingerprint import environment, fingerprint
    from halflow.store import states

    states.touch(store, _doc_id(data, 0, split_input_file), fingerprint(environment()),
                 input_hash, options_fingerprint)


def _build_text(
    data: source_mod.InputData,
    options_fingerprint: str,
    split_input_file: bool,
    store: EntryStore,
    workspace: Workspace | None,
    progress: bool | None,
    *,
    output_key: str | None = None,
    input_hash: str | None = None,
    trace_nodes: bool = False,
    t0: float | None = None,
    on_output: Callable[[str], None] | None = None,
    split: KnownSplit | None = None,
    answer: EarlyAnswer | None = None,
) -> tuple[str, MlirReport]:
    from halflow.core.progress import Progress
    from halflow.engine import Recorder, Workspace

    ws = workspace if workspace is not None else Workspace(store, answer=answer)
    text = source_mod.engine_text(data)
    source = SourceText(data.name, text)
    recorder = Recorder(trace_nodes=trace_nodes)
    if t0 is not None:
        recorder.t0 = t0
    outputs: list[str] = []
    diagnostics: list[Diagnostic] = []
    modes: list[BuildMode] = []
    case_reports: list[CaseReport] = []
    fallbacks: list[str] = []
    total = 0
    counts = {"executables": 0, "dispatch_sites": 0}
    cases = source_mod.split_input(text, split_input_file).cases
    with Progress("materializing", enabled=progress) as bar:
        for index, case in enumerate(cases):
            padded = (
                "\n" * case.line_offset + " " * case.col_offset + case.text
                if case.line_offset or case.col_offset
                else case.text
            )
            try:
                result = ws.build_case(
                    _doc_id(data, index, split_input_file),
                    padded,
                    source,
                    options_fingerprint,
                    recorder,
                    on_executable=lambda done, n: bar.update(done, n),
                    # A single document's output is the file's output entry.
                    output_key=output_key if len(cases) == 1 else None,
                    input_hash=input_hash if len(cases) == 1 else None,
                    source_bytes=(
                        data.data if len(cases) == 1 and isinstance(data.data, bytes) else None
                    ),
                    on_output=on_output if len(cases) == 1 else None,
                    split=split if len(cases) == 1 else None,
                )
            except HalflowError as e:
                diagnostics.extend(source_mod.at_case_start(e.diagnostics, case, source))
                outputs.append("")
                continue
            outputs.append(result.output)
            modes.append(BuildMode(result.mode))
            case_reports.append(CaseReport(mode=BuildMode(result.mode), fallback=result.fallback))
            total += result.total
            for k, v in result.counts.items():
                counts[k] = counts.get(k, 0) + v
            if result.fallback:
                fallbacks.append(result.fallback)
    joined = _join(outputs)
    if workspace is None:
        # A one-shot build: its state is saved; let it go before the report
        # is made (on a large module the state is the bulk of the memory).
        ws = result = None  # type: ignore[assignment]
    if diagnostics:
        err = HalflowError(diagnostics)
        err.partial_output = joined
        raise _diagnosed_from_bytes(data, split_input_file, err)
    mode = modes[0] if len(set(modes)) == 1 else BuildMode.MIXED
    rep = MlirReport(
        mode=mode, total=total, reused=recorder.reused, executed=tuple(recorder.runs),
        fallback="; ".join(fallbacks) or None, counts=counts,
        cases=tuple(case_reports) if len(cases) > 1 else (), trace_events=tuple(recorder.events),
    )
    return joined, rep


def _diagnosed_from_bytes(
    data: source_mod.InputData, split_input_file: bool, err: HalflowError, always: bool = False
) -> HalflowError:
    """The error to report for ``data`` when the engine found ``err``.

    The engine reads CRLF line ends as LF and a text without its debug
    locations (:func:`halflow.source.inputs.engine_text`): the first moves
    the end of a string literal left open at the end of a line (MLIR's
    lexer takes the CR into the string), the second the place of every
    diagnostic (``iree-opt`` reports at an op's location). Diagnostics of
    such an input come from the original bytes, as :func:`materialize_text`
    reads them. Its near-miss warnings are left to the caller, which adds
    its own.
    """
    if not (always or blobs.contains(data.data, b"\r\n") or blobs.contains(data.data, b"loc(")):
        return err
    try:
        materialize_text(data, split_input_file)
    except HalflowError as exact:
        exact.warnings = ()
        return exact
    return err  # not expected: the engine's error then stands


def _build_bytecode(
    data: source_mod.InputData, options_fingerprint: str, store: Any, workspace: Any,
    progress: bool | None, **build: Any,
) -> tuple[str, MlirReport]:
    """A bytecode input through the engine, as the text MLIR prints for it
    (:func:`halflow.source.inputs.bytecode_as_text`). Positions in that text are not
    the input's: on any error the reference driver builds the bytecode and
    gives IREE's diagnostics, with the bytecode's own locations."""
    try:
        textual = source_mod.bytecode_as_text(data)
        return _build_text(textual, options_fingerprint, False, store, workspace, progress, **build)
    except HalflowError:
        text = materialize_bytecode(data)  # raises the input's diagnostics
        reason = "the bytecode's printed text did not build; the reference driver did"
        return text, MlirReport(mode=BuildMode.WHOLE, total=0, reused=0, fallback=reason)


def materialize_bytecode(data: source_mod.InputData) -> str:
    """The reference driver on a bytecode input (its diagnostics carry the
    bytecode's locations)."""
    from iree.compiler import ir

    from halflow.ir import irutil
    from halflow.nodes.materialize import materialize

    source = SourceText(data.name, None)
    context = irutil.new_context()
    with context, ir.Location.unknown():
        module = source_mod.parse_bytecode(context, data.data, source)
        materialize(module, source)
        return irutil.print_module(module)


def materialize_text(data: source_mod.InputData, split_input_file: bool = False) -> str:
    """Clean build without any cache (the reference driver): what
    ``iree-opt`` prints for ``data``. Its :class:`HalflowError` carries the
    near-miss warnings of a ``--split-input-file`` build; on success they
    are :func:`halflow.source.inputs.split_warnings`'s."""
    if data.is_bytecode:
        return materialize_bytecode(data)
    from iree.compiler import ir

    from halflow.ir import irutil
    from halflow.nodes.materialize import materialize

    text = data.text()
    source = SourceText(data.name, text)
    outputs: list[str] = []
    diagnostics: list[Diagnostic] = []
    split = source_mod.split_input(text, split_input_file)
    for case in split.cases:
        context = irutil.new_context()
        try:
            with context, ir.Location.unknown():
                module = source_mod.parse_text(context, case, source)
                materialize(module, source)
                outputs.append(irutil.print_module(module))
        except HalflowError as e:
            diagnostics.extend(source_mod.at_case_start(e.diagnostics, case, source))
            outputs.append("")
    joined = _join(outputs)
    if diagnostics:
        err = HalflowError(diagnostics, source_mod.near_miss_warnings(text, split, data.name))
        err.partial_output = joined
        raise err
    return joined


def build_graph(
    input: PathLike | None,
    *,
    split_input_file: bool = False,
    cache_dir: PathLike | None = None,
    no_cache: bool = False,
    workspace: Workspace | None = None,
) -> Any:
    """The build graph (:class:`halflow.graph.BuildGraph`) of ``input``.

    Builds the input against the state of the last build to know its
    nodes, reading the cache but writing nothing to it (the graph is not a
    build: what changed stays "since the last build"). A node that this
    build had to execute carries its reason as attribute ``changed``
    (``no cache entry``, ``input changed: text``, ...); a target-set node
    carries its executable targets as ``targets``. With
    ``--split-input-file`` node ids get a ``case<k>/`` prefix, and the
    graph's ``warnings`` are the build's (:attr:`BuildResult.warnings`).
    """
    from halflow.engine import Recorder, Workspace
    from halflow.graph import BuildGraph
    from halflow.store.disk import NullCache
    from halflow.store.readonly import open_read_only

    if workspace is not None:
        store = workspace.cache
    else:
        store = NullCache() if no_cache else open_read_only(cache_dir)
    ws = workspace if workspace is not None else Workspace(store)
    data = source_mod.read_input(input)
    text = source_mod.engine_text(data)
    source = SourceText(data.name, text)
    options_fingerprint = uptodate.options_fingerprint(split_input_file)
    split = source_mod.split_input(text, split_input_file)
    merged = BuildGraph(warnings=source_mod.near_miss_warnings(text, split, data.name))
    for index, case in enumerate(split.cases):
        padded = "\n" * case.line_offset + " " * case.col_offset + case.text
        recorder = Recorder()
        try:
            result = ws.build_case(
                _doc_id(data, index, split_input_file), padded, source, options_fingerprint,
                recorder, need_graph=True,
            )
        except HalflowError as err:
            exact = _diagnosed_from_bytes(data, split_input_file, err)
            exact.warnings = merged.warnings + exact.warnings
            if exact is err:
                raise
            raise exact from None
        g = result.graph or BuildGraph()
        for run in recorder.runs:
            if run.node in g.nodes:
                g.nodes[run.node]["changed"] = run.reason
        prefix = f"case{index}/" if split_input_file else ""
        for node, attrs in g.nodes.items():
            merged.nodes[prefix + node] = attrs
        merged.edges += [(prefix + a, prefix + b) for a, b in g.edges]
    if workspace is None:
        store.close()
    return merged
