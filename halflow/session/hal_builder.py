"""The builder of ``halflow watch``: the HAL build over one warm workspace.

:class:`HalBuilder` keeps a :class:`halflow.engine.Workspace` in memory
between builds, so a save in a large module rebuilds only what the edit
touched; :func:`watch_with` is a :class:`~halflow.session.watcher.Watcher`
with it.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from halflow.core.options import BuildOptions, PathLike
from halflow.session.watcher import Watcher, WatchEvent, norm_path

if TYPE_CHECKING:
    from halflow.store.protocol import EntryStore

class _SessionCache:
    """The persistent cache as a watch session's workspace sees it.

    Reads go through. Writes happen only while ``enabled``: the first build
    of each input (as ``halflow build`` would), and :meth:`HalBuilder.persist`.
    A one-edit rebuild thus does not encode and store the whole build state
    (about as long as the rebuild itself on a large module); the engine
    skips its cache writes when ``enabled`` is false, and so does the build
    history (``halflow cache stats`` lists a session's first builds only).
    """

    def __init__(self, store: EntryStore):
        self._store = store
        self.enabled = False
        self.counters = store.counters
        # Reads and writes go through; the engine checks ``enabled`` first.
        self.get = store.get
        self.get_blob = store.get_blob
        self.put = store.put
        self.put_json_text = store.put_json_text
        self.put_json_parts = store.put_json_parts
        self.put_blob = store.put_blob
        self.put_blob_parts = store.put_blob_parts
        self.put_blob_streamed = store.put_blob_streamed
        self.delete = store.delete
        self.batch = store.batch
        self.add = store.add
        self.counter = store.counter
        self.close = store.close
        self.warn = store.warn
        self.shared_settings = store.shared_settings
        self.directory = store.directory
        self.gc = store.gc
        self.absorb_remote = store.absorb_remote

    def record_build(self, summary: dict[str, object]) -> None:
        if self.enabled:
            self._store.record_build(summary)


class HalBuilder:
    """Builds with :func:`halflow.library.build_mlir.build` over one warm workspace.

    The workspace keeps each input's last build in memory. Build state goes
    to the persistent cache on the first build of each input, when the
    watcher is idle, and on :meth:`close` (not on every rebuild); a watch
    killed without warning leaves the cache at an older, still correct
    state. ``report``, when given, is rewritten after every successful
    build with the build's report plus ``input`` and ``output``. After
    every build and every write of states the cache is kept within its
    lasting size limit (:func:`halflow.store.size_limit.apply`), as ``halflow
    build`` keeps it; ``options.read_only`` uses the cache without writing.
    """

    def __init__(self, options: BuildOptions | None = None, *, cache: EntryStore | None = None):
        from halflow.engine import Workspace
        from halflow.store.opener import open_entries

        options = options if options is not None else BuildOptions()
        self.split_input_file = options.split_input_file
        self.report = options.report
        # The report is written here, with the input and output added.
        self.options = dataclasses.replace(options, report=None)
        self._owns_store = cache is None
        self._max_size = options.max_size
        self._store = open_entries(cache, cache_dir=options.cache_dir, no_cache=options.no_cache,
                                 max_size=options.max_size, remote=options.remote,
                                 read_only=options.read_only)
        self._session = _SessionCache(self._store)
        self.workspace = Workspace(self._session)
        self._built: set[str] = set()
        self._unsaved = False
        self._totals: dict[str, tuple[int, int]] = {}

    def __call__(self, input: Path, output: Path, content: bytes) -> Any:
        from halflow.core.output import write_reported
        from halflow.library.build_mlir import build_with

        key = norm_path(input)
        first = key not in self._built
        self._session.enabled = first and self._store.enabled
        try:
            result = build_with(
                input, output, self.options, workspace=self.workspace, content=content
            )
        finally:
            self._session.enabled = False
            self._keep_limit()
        self._built.add(key)
        self._unsaved = self._unsaved or not first
        counts = result.report
        if "executables" in counts and not self.split_input_file:
            self._totals[key] = (counts["executables"], counts["dispatch_sites"])
        if self.report is not None:
            data = {**result.report, "input": str(input), "output": str(output)}
            write_reported(self.report, json.dumps(data, indent=1) + "\n", "report file")
        return result

    def summary(self, input: Path, result: Any) -> str:
        """Executables and dispatch sites executed vs reused, from the report."""
        from halflow.graph import what_changed

        report = result.report
        executed = [e["node"] for e in report.get("executed", [])]
        if report.get("mode") == "noop":
            return f"up to date ({report.get('reused', 0)} nodes reused)"
        if not report.get("total"):
            fallback = report.get("fallback")
            return "whole-module build" + (f" ({fallback})" if fallback else "")
        execs = what_changed(executed).executables
        # What a node is about: the id after its stage (`dispatch:@main/@ex::@e`,
        # `annotate:util.initializer#0/@ex::@e`: initializers have no symbol).
        sites = {n.split(":", 1)[1] for n in executed if n.startswith(("dispatch:", "annotate:"))}
        totals = self._totals.get(norm_path(input))

        def part(label: str, count: int, total: int | None) -> str:
            tail = f", {max(total - count, 0)} reused" if total is not None else ""
            return f"{label}: {count} executed{tail}"

        text = (
            f"{part('executables', len(execs), totals[0] if totals else None)}; "
            f"{part('dispatch sites', len(sites), totals[1] if totals else None)}"
        )
        if report.get("fallback"):
            text += f" (whole-module build: {report['fallback']})"
        return text

    def persist(self) -> None:
        """Write the workspace's latest build states to the persistent cache."""
        if not self._unsaved or not self._store.enabled:
            return
        self._session.enabled = True
        try:
            self.workspace.save_states()
        finally:
            self._session.enabled = False
            self._keep_limit()
        self._unsaved = False

    def _keep_limit(self) -> None:
        """The cache within its lasting limit (cheap when it is: one small
        file read and one sum over the index)."""
        from halflow.store import size_limit

        size_limit.apply(self._store, self._max_size)

    idle = persist

    def close(self) -> None:
        try:
            self.persist()
        finally:
            if self._owns_store:
                self._store.close()


def watch_with(
    input: PathLike,
    output: PathLike,
    build_options: BuildOptions,
    *,
    cache: EntryStore | None = None,
    on_build: Callable[[WatchEvent], None] | None = None,
    log: Callable[[str], None] | None = None,
    **options: Any,
) -> Watcher:
    """:func:`watch` with the build's options as one record."""
    hal = HalBuilder(build_options, cache=cache)
    try:
        return Watcher(input, output, hal, on_build=on_build, log=log, **options)
    except BaseException:
        hal.close()
        raise
