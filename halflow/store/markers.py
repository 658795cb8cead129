"""Output markers: what a build wrote to an output file, and the one check
of whether the file still holds it.

Every build, of either kind, records a marker under
:func:`halflow.store.keys.marker_key` of each output file it writes
(:func:`record`), and every up-to-date check (the entry point's no-op,
:mod:`halflow.cli.entry`; the MLIR build's, :mod:`halflow.library.build_mlir`;
the ``.vmfb`` build's, :mod:`halflow.codegen.pipeline`; their dry runs)
asks :func:`status` / :func:`check` of it: one definition, so they cannot
disagree.

Format: a JSON entry of the halflow cache (where the no-op reads it with
one query, :func:`halflow.store.diskformat.read_json_entry`), a list::

    [output key, size, mtime_ns, node count, BLAKE3 digest of the bytes]
    [... the same five, {"input": INPUT, "output": OUTPUT}]

with the statuses the check trusts instead of reading a file
(:mod:`halflow.core.uptodate`): ``OUTPUT`` = :func:`~halflow.core.uptodate.stamp`
of the output + the clock read before it + the boot id; ``INPUT`` = the
input's absolute path, then the same seven, then the input's hash. A build
records the input's status only; the first check that had to read bytes
records both (:func:`refreshed`). Where a code generation store keeps
nothing in a halflow cache (:class:`ArtifactBook`), the list is kept as
JSON bytes in that store.

A no-op ``.vmfb`` build also reports what the build it stands for did:
its :class:`NoopSummary` (a code generation entry under
:func:`halflow.store.keys.summary_key` of the output key, envelope kind
``codegen.uptodate``: JSON ``{"kind", "executables": [[name, seconds]]}``).
"""

from __future__ import annotations

import json
import os
from stat import S_ISREG

from halflow.core import uptodate
from halflow.store import keys

TYPE_CHECKING = False  # (importing typing costs a no-op rebuild ~3 ms)
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Protocol

    from halflow.core.blobs import Snapshot
    from halflow.store.protocol import ArtifactStore

    class MarkerBook(Protocol):
        """Where markers are kept: the halflow cache (JSON entries), a
        workspace's memory (:class:`MemoryBook`), a code generation store
        (:class:`ArtifactBook`)."""

        def get(self, key: str) -> object: ...

        def put(self, key: str, value: object) -> None: ...


class OutputMarker:
    """One output file's marker (see the module docstring for its format):
    a plain record (the no-op imports no ``typing``)."""

    __slots__ = ("digest", "key", "mtime_ns", "size", "stamps", "total")

    def __init__(self, key: str, size: int, mtime_ns: int, total: int, digest: str,
                 stamps: dict[str, object] | None = None):
        self.key = key  # the output key of what was written
        self.size = size
        self.mtime_ns = mtime_ns
        self.total = total  # node count of the build (reported by a later no-op)
        self.digest = digest  # halflow.core.uptodate.content_digest of the bytes written
        self.stamps = stamps  # "input", "output": statuses (None: none recorded)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, OutputMarker) and self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]  # (mutable contents)

    def __repr__(self) -> str:
        return f"OutputMarker{tuple(self.to_json())!r}"

    def to_json(self) -> list[object]:
        record: list[object] = [self.key, self.size, self.mtime_ns, self.total, self.digest]
        if self.stamps is not None:
            record.append(self.stamps)
        return record

    @classmethod
    def from_json(cls, data: object) -> OutputMarker | None:
        """The marker stored as ``data``, or None for anything else."""
        if not (isinstance(data, list) and len(data) in (5, 6) and isinstance(data[0], str)
                and isinstance(data[1], int) and isinstance(data[2], int)
                and isinstance(data[3], int) and isinstance(data[4], str)):
            return None
        stamps = data[5] if len(data) == 6 else None
        return cls(data[0], data[1], data[2], data[3], data[4],
                   stamps if isinstance(stamps, dict) or len(data) == 5 else {})

    def stamp(self, which: str) -> object:
        return (self.stamps or {}).get(which)


class MemoryBook(dict[str, object]):
    """Markers kept in memory (a workspace: its builds' outputs)."""

    def put(self, key: str, value: object) -> None:
        self[key] = value


class ArtifactBook:
    """The markers of a code generation store: JSON entries of the halflow
    cache holding it (where the entry point reads them), else JSON bytes
    in the store itself."""

    def __init__(self, store: ArtifactStore):
        self.store = store

    def get(self, key: str) -> object:
        cache = self.store.backing_cache()
        if cache is not None:
            return cache.get(key)
        from halflow.core import safejson

        raw = self.store.get(key)
        try:
            return safejson.loads(raw) if raw is not None else None
        except ValueError:
            return None

    def put(self, key: str, value: object) -> None:
        cache = self.store.backing_cache()
        if cache is not None:
            cache.put(key, value)
        else:
            self.store.put(key, json.dumps(value).encode("utf-8"))


def read(book: MarkerBook, path: str | os.PathLike[str]) -> OutputMarker | None:
    """The marker of the output file at ``path``, or None."""
    return OutputMarker.from_json(book.get(keys.marker_key(path)))


def _trusted(entry: object, status: os.stat_result) -> bool:
    """Whether ``entry`` (a recorded :func:`~halflow.core.uptodate.stamp`,
    the clock read before it and the boot id) is ``status``'s stamp,
    settled, recorded in this boot."""
    if not (isinstance(entry, list) and len(entry) == 7
            and all(type(v) is int for v in entry[:6])):
        return False
    return bool(entry[6] and entry[6] == uptodate.boot_id()
                and entry[:5] == uptodate.stamp(status)
                and uptodate.settled(entry[:5], entry[5]))


def recorded_input_hash(marker: OutputMarker | None, path: str | os.PathLike[str]) -> str | None:
    """The input hash ``marker`` recorded for the file at ``path``, if the
    file's status is the one recorded with it and that status is settled:
    then its bytes are what was hashed, and need not be read. None
    otherwise (the bytes are read and hashed)."""
    if marker is None or marker.stamps is None:
        return None
    entry = marker.stamp("input")
    if not (isinstance(entry, list) and len(entry) == 9
            and entry[0] == uptodate.path_text(path) and isinstance(entry[8], str)):
        return None
    try:
        status = os.stat(path)
    except OSError:
        return None
    return entry[8] if S_ISREG(status.st_mode) and _trusted(entry[1:8], status) else None


def status(marker: OutputMarker | None, key: str, stat: os.stat_result,
           path: str | os.PathLike[str]) -> str | None:
    """Whether the file at ``path`` (with ``stat``) is still what was
    written for ``key``: None if not; ``"status"`` when its status is the
    one recorded and settled (its bytes are not read); ``"bytes"`` when
    same output key, size and modification time, and the same bytes
    (read: size and time alone are no proof, an edit in place that keeps
    the size with the time set back)."""
    if marker is None or (marker.key, marker.size, marker.mtime_ns) != (
            key, stat.st_size, stat.st_mtime_ns):
        return None
    if _trusted(marker.stamp("output"), stat):
        return "status"
    try:
        return "bytes" if uptodate.file_digest(path) == marker.digest else None
    except (OSError, ValueError):
        return None


def is_current(marker: OutputMarker | None, key: str, path: str | os.PathLike[str],
               stat: os.stat_result | None = None) -> bool:
    """Whether the regular file at ``path`` (``stat``: its status, taken
    now when None) still holds what ``marker`` says was written for
    ``key``."""
    if marker is None:
        return False
    if stat is None:
        try:
            stat = os.stat(path)
        except OSError:
            return False
    return S_ISREG(stat.st_mode) and status(marker, key, stat, path) is not None


def check(book: MarkerBook, key: str, path: str | os.PathLike[str],
          stat: os.stat_result | None = None) -> OutputMarker | None:
    """The marker of the regular file at ``path`` (``stat``: its status,
    taken now when None) if the file still holds what was written for
    ``key``; None otherwise."""
    marker = read(book, path)
    return marker if is_current(marker, key, path, stat) else None


def record(book: MarkerBook, path: str | os.PathLike[str], key: str, stat: os.stat_result,
           total: int, digest: str, source: Snapshot | None = None) -> OutputMarker:
    """Record that the file at ``path`` (``stat``: its status after it was
    written; ``digest``: :func:`~halflow.core.uptodate.content_digest` of
    its bytes) is what ``key`` builds (``total``: node count of the build;
    ``source``: the snapshot of the input built, whose status is recorded
    when it is a file's).

    The output's own status is not recorded here: one taken after the
    rename that put the file in place may already show another writer's
    change (a status is only worth what is known of the bytes when it was
    taken, and the writer knows them up to the rename), so the first check
    reads the output and records its status (:func:`refreshed`)."""
    stamp = uptodate.input_stamp(source) if source is not None else None
    marker = OutputMarker(key, stat.st_size, stat.st_mtime_ns, total, digest,
                          {"input": stamp} if stamp is not None else None)
    book.put(keys.marker_key(path), marker.to_json())
    return marker


def refreshed(marker: OutputMarker, stat: os.stat_result, seen_ns: int,
              source: list[object] | None) -> OutputMarker | None:
    """``marker`` with the output's status ``stat`` (taken after the clock
    read ``seen_ns``, its bytes found current after that) and the input's
    ``source`` (:func:`~halflow.core.uptodate.input_stamp`, or None to keep
    the recorded one): what a check that had to read bytes records, so
    that the next one need not. None when nothing would change."""
    stamps = dict(marker.stamps or {})
    stamps["output"] = [*uptodate.stamp(stat), seen_ns, uptodate.boot_id()]
    if source is not None:
        stamps["input"] = source
    new = OutputMarker(marker.key, marker.size, marker.mtime_ns, marker.total, marker.digest,
                       stamps)
    return None if new == marker else new


SUMMARY_KIND = "codegen.uptodate"


class NoopSummary:
    """What a no-op ``.vmfb`` build reports: the model's kind, the
    executables of the build it stands for, with the seconds each cost, and
    the warnings IREE printed for it, which an up-to-date answer prints
    again (as ccache replays a compiler's stderr). ``warnings`` is left out
    of the payload when there are none: such entries are the bytes they
    were before it existed."""

    __slots__ = ("executables", "kind", "warnings")

    def __init__(self, kind: str, executables: tuple[tuple[str, float], ...],
                 warnings: tuple[str, ...] = ()):
        self.kind = kind
        self.executables = executables
        self.warnings = warnings

    def encode(self, key: str) -> bytes:
        from halflow.store import codec

        data: dict[str, object] = {"kind": self.kind,
                                   "executables": [list(e) for e in self.executables]}
        if self.warnings:
            data["warnings"] = list(self.warnings)
        return codec.seal(key, SUMMARY_KIND, {}, json.dumps(data).encode("utf-8"))

    @classmethod
    def decode(cls, key: str, raw: bytes | None) -> NoopSummary | None:
        from halflow.core import safejson
        from halflow.store import codec

        opened = codec.unseal(key, SUMMARY_KIND, raw)
        try:
            data = safejson.loads(opened[1]) if opened is not None else None
            if not isinstance(data, dict):
                return None
            executables = tuple((str(e), float(s)) for e, s in data.get("executables", []))
            warnings = tuple(str(w) for w in data.get("warnings", []))
            return cls(str(data["kind"]) if "kind" in data else "", executables, warnings)
        except (ValueError, TypeError):
            return None


def recorded_warnings(directory: str | os.PathLike[str], output_key: str) -> tuple[str, ...]:
    """IREE's warnings of the ``.vmfb`` build recorded for ``output_key``,
    read from the cache's index alone (the drop-in's answer before the
    build loads: :mod:`halflow.cli.dropin_current`); none in any doubt."""
    import sqlite3

    from halflow.store import codec, diskformat

    where = keys.summary_key(output_key)
    try:
        reader = diskformat.IndexReader(directory)
    except (OSError, sqlite3.Error):
        return ()
    try:
        raw = reader.get(keys.codegen_key(where))
        sealed = codec.unframe(codec.MAGIC_BLOB, raw) if isinstance(raw, bytes) else None
    except (OSError, ValueError, sqlite3.Error, codec.CorruptEntry):
        return ()
    finally:
        reader.close()
    summary = NoopSummary.decode(where, sealed)
    return summary.warnings if summary is not None else ()


def check_vmfb(store: ArtifactStore, output_key: str,
               output_file: str | os.PathLike[str]) -> NoopSummary | None:
    """What the last ``.vmfb`` build reported if ``output_file`` still holds
    what it wrote for ``output_key``; None otherwise (also when the summary
    is gone: the build then runs, cheaply)."""
    if check(ArtifactBook(store), output_key, output_file) is None:
        return None
    where = keys.summary_key(output_key)
    return NoopSummary.decode(where, store.get(where))


def record_vmfb(store: ArtifactStore, output_key: str, output_file: str | os.PathLike[str],
                written: str | os.PathLike[str], kind: str,
                executables: Sequence[tuple[str, float]],
                warnings: Sequence[str] = ()) -> None:
    """Record that ``written`` (the file just renamed into place as
    ``output_file``) is what ``output_key`` builds: its marker, and the
    summary a no-op reports (with IREE's ``warnings`` of the build). Nothing
    for a file written in place."""
    from halflow.core import output as output_mod

    if output_mod.written_in_place(output_file):
        return  # a FIFO or device holds nothing: no marker (read, it would block)
    try:
        stat = os.stat(written)
        with open(written, "rb") as f:
            digest = uptodate.content_digest(f.read())
    except OSError:
        return
    where = keys.summary_key(output_key)
    store.put(where, NoopSummary(kind, tuple(executables), tuple(warnings)).encode(where))
    record(ArtifactBook(store), output_file, output_key, stat, len(executables), digest)
