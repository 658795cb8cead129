"""The output file of a build to MLIR: whether it must be written (its
marker, :mod:`halflow.store.markers`), its early write on a thread of its
own, and the atomic write that records its marker."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from halflow.core import uptodate
from halflow.core.diagnostics import Diagnostic, HalflowError
from halflow.core.output import write_atomic, written_in_place
from halflow.source.resources import Elided, Restored
from halflow.store import keys, markers

if TYPE_CHECKING:
    from halflow.core.blobs import Snapshot
    from halflow.core.deferred import EarlyAnswer
    from halflow.engine import Workspace
    from halflow.store.protocol import EntryStore


def must_write(
    path: Path, key: str | None, store: EntryStore, workspace: Workspace | None
) -> tuple[bool, str | None]:
    """Whether ``path`` must be written: not when it still holds exactly
    what an earlier build wrote there for the same output ``key`` (the
    marker's contract is in :mod:`halflow.store.markers`); and the key its
    marker is to record (None: none is kept, for a device or pipe)."""
    try:
        seen = path.stat()
    except OSError:
        seen = None
    if seen is not None and written_in_place(path):
        # A device or pipe (-o /dev/stdout) holds nothing: always written,
        # and no marker is kept for it.
        return True, None
    if seen is not None and key is not None:
        book = marker_book(store, workspace)
        if book is not None and markers.check(book, key, path, seen) is not None:
            return False, key
    return True, key


def marker_book(store: EntryStore, workspace: Workspace | None) -> markers.MarkerBook | None:
    """Where this build's output markers are kept: its workspace's memory
    (a warm builder), else the cache (None: a cache that keeps nothing)."""
    if workspace is not None:
        return workspace.written
    return store if store.enabled else None


class EarlyOutput:
    """The output file of a build, written on a thread of its own from the
    moment the build has the output (a whole-module build: the reference
    driver has printed it), while the build goes on to record its nodes
    and save its state (which, with large inline weights, takes longer
    than writing the output, mostly the kernel copying the weights out of
    the input file, ``copy_file_range``, which holds no GIL). The file is
    written as :func:`write_output` writes it (atomically: renamed into
    place complete, or not at all), and only when that would write it:
    not over an output that is up to date, nor in place (a device, a pipe).
    The build joins the thread before it returns or raises; an output of
    a build that then fails is the input's output all the same (the build
    fails only afterwards, in its state).

    ``answer``: where this process can answer its caller before it ends
    (the build server's fork: :mod:`halflow.core.deferred`), the output is
    written here and the caller answered as soon as it is; the build then
    records its nodes and saves its state on its own, holding the cache's
    recording lock, which every later build of the cache waits for."""

    def __init__(
        self, path: Path, store: EntryStore, workspace: Workspace | None, *,
        answer: EarlyAnswer | None = None,
    ) -> None:
        self.path, self.store, self.workspace = path, store, workspace
        self.answer = answer
        self.text: str | None = None  # the engine's output written
        self.restored: Restored | None = None
        self.key: str | None = None  # the output key its marker records
        self.span: tuple[float, float] | None = None  # when the thread wrote
        self._error: BaseException | None = None
        self._thread: threading.Thread | None = None

    def start(self, text: str, elided: Elided | None, key: str | None) -> None:
        """Write the output ``text`` (its blobs restored from ``elided``)."""
        if self._thread is not None or written_in_place(self.path):
            return
        must, self.key = must_write(self.path, key, self.store, self.workspace)
        if not must:
            return
        self.text, self.restored = text, Restored.of(text, elided)
        if self.answer is not None and self.answer.can_answer() and self.store.enabled:
            self._write(self.restored)
            if self._error is None:
                self.answer.answer_now(self.store.directory)
            return
        self._thread = threading.Thread(target=self._write, args=(self.restored,),
                                        name="halflow-output")
        self._thread.start()

    def _write(self, restored: Restored) -> None:
        begin = time.perf_counter()
        try:
            write_atomic(self.path, restored.chunks())
        except BaseException as e:  # raised again by finish(), in the build's thread
            self._error = e
        self.span = (begin, time.perf_counter())

    def join(self) -> None:
        if self._thread is not None:
            self._thread.join()

    def finish(self) -> None:
        """Wait for the write; raise what it raised."""
        self.join()
        if self._error is not None:
            raise self._error

    def event(self, t0: float) -> dict[str, Any]:
        """The write's trace event (on a track of its own)."""
        assert self.span is not None
        begin, end = self.span
        return {"name": "write output (early)", "cat": "phase", "ph": "X", "pid": 1, "tid": 2,
                "ts": round((begin - t0) * 1e6, 1), "dur": round((end - begin) * 1e6, 1)}


def write_output(
    path: Path, output: Restored, key: str | None, total: int, store: EntryStore,
    workspace: Workspace | None, source: Snapshot | None = None,
    early: EarlyOutput | None = None,
) -> bool:
    """Write ``output`` to ``path`` atomically, unless ``path`` still holds
    exactly what an earlier build wrote there for the same output ``key``
    (:func:`must_write`); whether it wrote. ``early``: the write of this
    very output already under way (:class:`EarlyOutput`). The marker
    records the status of the input ``source`` (its snapshot,
    :func:`halflow.core.uptodate.input_stamp`)."""
    try:
        if early is not None and early.restored is output:
            key = early.key
            early.finish()
        else:
            must, key = must_write(path, key, store, workspace)
            if not must:
                return False
            write_atomic(path, output.chunks())
        written = path.stat()
        # (known without reading the output back, but for an output with
        # large values of its own: see Restored.digest)
        digest = (output.digest() or uptodate.file_digest(path)) if key is not None else ""
    except OSError as e:
        raise HalflowError(
            Diagnostic(str(path), 0, 0, f"cannot write output file: {e.strerror or e}")
        ) from None
    if key is not None:
        marker = None
        if workspace is not None:
            marker = markers.record(workspace.written, path, key, written, total, digest, source)
        if store.enabled:
            if marker is None:
                markers.record(store, path, key, written, total, digest, source)
            else:
                store.put(keys.marker_key(path), marker.to_json())
    return True
