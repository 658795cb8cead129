"""The persistent cache: content-addressed, checksummed, plain-data entries.

Backed by diskcache (SQLite index + files), which several processes can use
at once. Every entry is ``MAGIC + crc32(payload) + payload`` where the
payload is JSON (or raw bytes for blobs): no pickled objects are ever loaded
from the cache. An entry that fails its checksum, cannot be decoded, or whose
file vanished is evicted with a warning and treated as a miss; a cache whose
index itself is damaged is moved aside and rebuilt. The cache can make a
build slower, never wrong and never fail.

Location: ``--cache-dir``, else ``$HALFLOW_CACHE_DIR``, else
``$XDG_CACHE_HOME/halflow`` (``~/.cache/halflow``).
"""

from __future__ import annotations

import contextlib
import errno
import io
import json
import os
import sqlite3
import sys
import time
import zlib
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO, TypeVar

from halflow.core import cachedir, safejson
from halflow.store import diskformat, keys
from halflow.store.codec import MAGIC_BLOB as _MAGIC_BLOB
from halflow.store.codec import MAGIC_JSON as _MAGIC_JSON
from halflow.store.codec import CorruptEntry
from halflow.store.codec import frame as _frame
from halflow.store.codec import unframe as _unframe

T = TypeVar("T")

ENV_VAR = cachedir.ENV_VAR
_LARGE = 1 << 16
_COUNTER = keys.COUNTER
_SQLITE_FULL = 13
_SQLITE_READONLY = 8
DEFAULT_SIZE_LIMIT = 4 * 2**30

Warn = Callable[[str], None]


def default_cache_dir() -> Path:
    return Path(cachedir.default_cache_dir())


def warn_stderr(message: str) -> None:
    print(f"halflow: warning: {message}", file=sys.stderr)


class _ChainReader:
    """A file-like ``read(n)`` over a sequence of parts: byte strings, text
    (encoded as UTF-8 a slice at a time, so that a large output is never
    copied whole) and binary files (read from their current position)."""

    _SLICE = 1 << 18

    def __init__(self, parts: Sequence[bytes | str | BinaryIO]):
        self._parts = [p for p in parts if p]
        self._index = 0
        self._offset = 0  # within the current bytes or text part

    def read(self, size: int = -1) -> bytes:
        """Up to ``size`` bytes (all of them for -1); like a raw file, a
        call may return fewer (at most 256 KiB of one part: diskcache copies
        in 4 MiB reads, and joining them would cost a copy of that size)."""
        if size < 0:
            return b"".join(iter(lambda: self.read(self._SLICE), b""))
        if size == 0:
            return b""
        while self._index < len(self._parts):
            part = self._parts[self._index]
            want = min(size, self._SLICE)
            if isinstance(part, bytes | bytearray | memoryview):
                take = bytes(part[self._offset : self._offset + want])
                self._offset += len(take)
            elif isinstance(part, str):
                piece = part[self._offset : self._offset + want]
                take = piece.encode("utf-8", "surrogateescape")
                self._offset += len(piece)
            else:
                take = part.read(want)
            if take:
                return take
            self._index += 1
            self._offset = 0
        return b""


def _bytes_only_disk():
    """diskcache's Disk, minus unpickling: halflow stores only bytes, so a
    row whose mode says "pickled" is damaged (or planted), and loading it
    would run pickle on whatever the cache directory holds."""
    import diskcache
    from diskcache.core import MODE_PICKLE

    class BytesOnlyDisk(diskcache.Disk):
        def fetch(self, mode, filename, value, read):
            if mode == MODE_PICKLE:
                raise ValueError("entry claims to be a pickled object")
            return super().fetch(mode, filename, value, read)

        def get(self, key, raw):
            if not raw:  # halflow keys are str: never pickled
                return "damaged:" + repr(key)[:40]
            return super().get(key, raw)

        def _write(self, full_path, iterator, mode, encoding=None):
            try:
                return super()._write(full_path, iterator, mode, encoding)
            except OSError:
                # A full disk: diskcache would leave the file cut short,
                # which no row names and nothing would ever remove.
                with contextlib.suppress(OSError):
                    os.unlink(full_path)
                raise

    return BytesOnlyDisk


@dataclass
class Counters:
    hits: int = 0
    misses: int = 0
    corrupt: int = 0
    writes: int = 0
    by_kind: dict[str, list[int]] = field(default_factory=dict)  # kind -> [hits, misses]

    def count(self, key: str, hit: bool) -> None:
        kind = key.split(":", 1)[0]
        pair = self.by_kind.setdefault(kind, [0, 0])
        if hit:
            self.hits += 1
            pair[0] += 1
        else:
            self.misses += 1
            pair[1] += 1


def is_full(error: BaseException) -> bool:
    """Whether ``error`` says the file system is full (or over quota), which
    is never damage: nothing is moved aside for it (:meth:`Cache._full`)."""
    if isinstance(error, OSError):
        return error.errno in (errno.ENOSPC, errno.EDQUOT)
    if isinstance(error, sqlite3.Error):
        code = getattr(error, "sqlite_errorcode", None)
        return code == _SQLITE_FULL or "database or disk is full" in str(error)
    return False


def _is_read_only(error: BaseException) -> bool:
    return isinstance(error, sqlite3.Error) and (
        getattr(error, "sqlite_errorcode", None) == _SQLITE_READONLY
        or "readonly database" in str(error))


def _no_space(directory: Path) -> bool:
    """Whether the file system of ``directory`` is (nearly) full: SQLite
    reports a failure to make its index there as "unable to open"."""
    try:
        info = os.statvfs(directory)
    except OSError:
        return False
    return info.f_bavail * info.f_frsize < (1 << 20)


def _reason(error: BaseException) -> str:
    return (error.strerror if isinstance(error, OSError) else None) or str(error)


class CacheUnavailable(Exception):
    """The cache directory cannot be created or written (not damage: nothing
    is moved aside). Builds go on without a cache (:func:`open_or_none`)."""


def open_or_none(
    directory: str | os.PathLike[str] | None, warn: Warn = warn_stderr, read_only: bool = False
) -> Cache | None:
    """The cache in ``directory``; None, after a warning, when it cannot be
    used (a build then goes on without one: a cache is never fatal)."""
    try:
        return Cache(directory, warn=warn, read_only=read_only)
    except CacheUnavailable as e:
        warn(f"{e}; building without a cache")
        return None


class Cache:
    """A halflow cache in ``directory`` (see module docstring).

    Keys are strings ``kind:fingerprint`` (``node:...``, ``codegen:...``,
    ``output:...``, ``state:...``); the kind is used only for statistics.
    """

    enabled = True
    shared_settings = None  # no shared cache behind it (see halflow.store.layered)
    writable = True  # False: opened read-only (see _read_only); writes are dropped

    def __init__(
        self,
        directory: str | os.PathLike[str] | None = None,
        *,
        warn: Warn = warn_stderr,
        size_limit: int = DEFAULT_SIZE_LIMIT,
        read_only: bool = False,
    ):
        """``read_only``: lookups only, every write dropped, nothing created
        (CacheUnavailable where there is no cache): ``--cache-read-only``."""
        self.directory = Path(directory) if directory is not None else default_cache_dir()
        self.warn = warn
        self.counters = Counters()
        self._size_limit = size_limit
        self._out_of_space = False  # warned once (see _full)
        self._unreadable = False  # a read-only index that fails: warned once
        self._dc = self._read_only(None) if read_only else self._open()

    # -- opening and recovery -------------------------------------------------
    def _connect(self):
        import diskcache

        version = getattr(diskcache, "__version__", "")
        if version.split(".")[0] != str(diskformat.DISKCACHE_MAJOR):
            raise CacheUnavailable(
                f"cannot use cache directory {self.directory}: diskcache {version} is "
                f"installed; halflow reads the index of diskcache "
                f"{diskformat.DISKCACHE_MAJOR}.x"
            )
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise CacheUnavailable(
                f"cannot use cache directory {self.directory}: {e.strerror or e}"
            ) from None
        if not os.access(self.directory, os.W_OK | os.X_OK):
            return self._read_only("is not writable")
        return diskcache.Cache(
            str(self.directory),
            size_limit=self._size_limit,
            eviction_policy="least-recently-stored",
            # No fsync (SQLite's synchronous=OFF): committing, and closing
            # the last connection (a WAL checkpoint), would otherwise sync
            # the disk on every build, a third of a no-op rebuild. A crash
            # of the process cannot damage the index; an OS crash or power
            # loss may, and then the next build starts a fresh cache (see
            # _rebuild), as it does for any damaged index. Entries are
            # checksummed either way.
            sqlite_synchronous=0,
            timeout=60,
            disk=_bytes_only_disk(),
        )

    def _open(self):
        try:
            return self._connect()
        except CacheUnavailable:
            raise
        except Exception as e:
            if is_full(e) or _no_space(self.directory):
                # Not damage: diskcache writes its settings when it opens,
                # which a full disk refuses.
                return self._read_only(f"is full ({_reason(e)})")
            if _is_read_only(e):  # an index file that cannot be written
                return self._read_only(f"cannot be written ({e})")
            if not (self.directory / diskformat.DB_NAME).is_file():
                # No index to be damaged: SQLite cannot create one here (a
                # folder like /sys/kernel, which even root cannot write).
                raise CacheUnavailable(
                    f"cannot use cache directory {self.directory}: {e}"
                ) from None
            # Not only sqlite3.DatabaseError: damaged rows of diskcache's
            # Settings table surface as UnicodeDecodeError (text that is not
            # UTF-8) or AttributeError/TypeError (a NULL or wrong-typed key).
            return self._rebuild(e)

    def _read_only(self, why: str | None):
        """The index opened for reading only (:class:`diskformat.IndexReader`):
        asked for (``why`` None), or after a warning saying ``why`` the cache
        cannot be written, which is still used as ``--cache-read-only`` uses
        one. CacheUnavailable when there is no cache to read."""
        where = f"cannot use cache directory {self.directory}"
        if not (self.directory / diskformat.DB_NAME).is_file():
            raise CacheUnavailable(f"{where}: it {why} and holds no cache" if why
                                   else f"{where}: it holds no cache")
        try:
            index = diskformat.IndexReader(self.directory)
        except (OSError, sqlite3.Error) as e:
            raise CacheUnavailable(f"{where}: {e}") from None
        self.writable = False
        if why is not None:
            self.warn(f"cache directory {self.directory} {why}: using it read-only "
                      "(nothing this build makes is cached)")
        return index

    def _rebuild(self, error: BaseException):
        """Move a damaged cache's own files aside and start a fresh one in
        the same folder; files halflow did not write stay where they are
        (:mod:`halflow.store.quarantine`)."""
        from halflow.store import quarantine

        aside = quarantine.move_aside(self.directory, f"{type(error).__name__}: {error}")
        where = f"; its files are in {aside}" if aside is not None else ""
        self.warn(f"cache at {self.directory} is damaged ({error}); starting a fresh one{where}")
        try:
            return self._connect()
        except CacheUnavailable:
            raise
        except Exception as e:  # what could not be moved aside is still damaged
            raise CacheUnavailable(f"cannot use cache directory {self.directory}: {e}") from None

    def _full(self, error: BaseException) -> None:
        """A write that did not fit: warned about once per cache opened; the
        build goes on, and later writes that fit are still made."""
        if not self._out_of_space:
            self._out_of_space = True
            self.warn(f"cache at {self.directory} is full ({_reason(error)}); "
                      "building on without caching what does not fit")

    def _write_failed(self, error: OSError) -> None:
        if is_full(error):
            self._full(error)
        else:  # a cache write is never fatal
            self.warn(f"cannot write cache entry: {error}")

    def _guard(self, action: Callable[[], object], default: object = None) -> object:
        try:
            return action()
        except (sqlite3.DatabaseError, UnicodeDecodeError) as e:
            if is_full(e) or _no_space(self.directory):
                # Never damage, nothing is moved aside (SQLite may call a
                # write the full disk refused "disk I/O error").
                self._full(e)
                return default
            if not self.writable:  # nothing may be written, nor moved aside
                if not self._unreadable:
                    self._unreadable = True
                    self.warn(f"cannot read cache at {self.directory}: {e}")
                return default
            with contextlib.suppress(Exception):
                self._dc.close()
            self._dc = self._rebuild(e)
            return default

    # -- raw access -----------------------------------------------------------
    def _get_raw(self, key: str) -> object:
        def fetch() -> object:
            try:
                return self._dc.get(key, default=None, retry=True)
            except (OSError, ValueError, EOFError, TypeError) as e:
                # A value file cut short, or a damaged row (TypeError: a file
                # mode without a file name).
                raise CorruptEntry(str(e)) from e

        return self._guard(fetch)

    def _evict(self, key: str, reason: str) -> None:
        self.counters.corrupt += 1
        if not self.writable:
            self.warn(f"ignoring corrupt cache entry {key[:48]}: {reason}")
            return
        self.warn(f"evicting corrupt cache entry {key[:48]}: {reason}")
        with contextlib.suppress(Exception):
            self._guard(lambda: self._dc.delete(key, retry=True))

    # -- public API -----------------------------------------------------------
    def _vanished(self, key: str) -> bool:
        """After a miss: whether ``key``'s row is there but its value file is
        gone (deleted under the cache). A second read tells that apart from
        a concurrent replacement of the entry."""
        try:
            if key not in self._dc:
                return False
            return self._dc.get(key, default=None, retry=True) is None
        except Exception:
            return False

    def get(self, key: str) -> object | None:
        """The JSON value stored under ``key``, or None (miss or evicted)."""
        return self._read(key, lambda raw: safejson.loads(_unframe(_MAGIC_JSON, raw)))

    def get_blob(self, key: str) -> bytes | None:
        return self._read(key, lambda raw: _unframe(_MAGIC_BLOB, raw))

    def _read(self, key: str, decode: Callable[[object], T]) -> T | None:
        """``key``'s value as ``decode`` makes it from the sealed row, or None:
        a miss, or an entry that does not decode (evicted, counted a miss)."""
        try:
            raw = self._get_raw(key)
            if raw is None:
                if self._vanished(key):
                    self._evict(key, "its value file is missing")
                self.counters.count(key, False)
                return None
            value = decode(raw)
        except (CorruptEntry, ValueError, UnicodeDecodeError) as e:
            self._evict(key, str(e))
            self.counters.count(key, False)
            return None
        self.counters.count(key, True)
        return value

    def put(self, key: str, value: object) -> None:
        payload = json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
        self._put_raw(key, _frame(_MAGIC_JSON, payload))

    def put_json_text(self, key: str, text: str) -> None:
        """Store already-encoded JSON (read back with :meth:`get`)."""
        self._put_raw(key, _frame(_MAGIC_JSON, text.encode("utf-8")))

    def put_blob(self, key: str, blob: bytes) -> None:
        self._put_raw(key, _frame(_MAGIC_BLOB, blob))

    def put_json_parts(self, key: str, parts: Sequence[str]) -> None:
        self._put_parts(key, _MAGIC_JSON, parts)

    def put_blob_parts(self, key: str, parts: Sequence[bytes | str]) -> None:
        """Store the concatenation of ``parts`` (text parts as UTF-8) as one
        blob without building it in memory (large outputs: peak memory)."""
        self._put_parts(key, _MAGIC_BLOB, parts)

    def _put_parts(self, key: str, magic: bytes, parts: Sequence[bytes | str]) -> None:
        crc = 0
        size = 0
        for part in parts:
            if isinstance(part, str):
                for i in range(0, len(part), _ChainReader._SLICE):
                    data = part[i : i + _ChainReader._SLICE].encode("utf-8", "surrogateescape")
                    crc = zlib.crc32(data, crc)
                    size += len(data)
            else:
                crc = zlib.crc32(part, crc)
                size += len(part)
        header = magic + crc.to_bytes(4, "little")
        self._put_chain(key, [header, *parts], size)

    def put_blob_streamed(
        self, prefix: str, produce: Callable[[Callable[[bytes], None]], None]
    ) -> str:
        """Store what ``produce(write)`` writes as one blob keyed by
        ``prefix`` and a digest of it, spooled through an unnamed file in
        the cache directory instead of memory. Returns the key ("" when
        nothing was written or the cache cannot be written)."""
        import tempfile

        from halflow.core.fingerprint import blake2b

        if not self.writable:
            return ""
        digest = blake2b(digest_size=20)
        crc = 0
        size = 0
        try:
            spool = tempfile.TemporaryFile(dir=self.directory, prefix="spool-")  # noqa: SIM115
        except OSError as e:
            self._write_failed(e)
            return ""
        try:
            with spool:

                def write(data: bytes) -> None:
                    nonlocal crc, size
                    digest.update(data)
                    crc = zlib.crc32(data, crc)
                    size += len(data)
                    spool.write(data)

                produce(write)
                if not size:
                    return ""
                spool.seek(0)
                key = prefix + digest.hexdigest()
                header = _MAGIC_BLOB + crc.to_bytes(4, "little")
                if not self._put_chain(key, [header, spool], size):
                    return ""
        except OSError as e:  # the spool's folder is full: nothing was stored
            self._write_failed(e)
            return ""
        return key

    def _put_chain(self, key: str, parts: Sequence[bytes | str | BinaryIO], size: int) -> bool:
        """Store the concatenation of ``parts``; whether it was stored."""
        if not self.writable:
            return False
        if size <= _LARGE:
            return self._put_raw(key, _ChainReader(parts).read())
        self.counters.writes += 1
        reader = _ChainReader(parts)
        try:
            return self._guard(lambda: self._dc.set(key, reader, read=True, retry=True)) is True
        except OSError as e:
            self._write_failed(e)
            return False

    def _put_raw(self, key: str, data: bytes) -> bool:
        """Store ``data``; whether it was stored (a cache write is never fatal)."""
        if not self.writable:
            return False
        self.counters.writes += 1

        def store() -> object:
            if len(data) > _LARGE:
                # Handing diskcache a file object makes it copy in 4 MiB
                # chunks; given bytes it writes them line by line.
                return self._dc.set(key, io.BytesIO(data), read=True, retry=True)
            return self._dc.set(key, data, retry=True)

        try:
            return self._guard(store) is True
        except OSError as e:
            self._write_failed(e)
            return False

    def delete(self, key: str) -> None:
        if not self.writable:
            return
        with contextlib.suppress(Exception):
            self._guard(lambda: self._dc.delete(key, retry=True))

    @contextlib.contextmanager
    def batch(self) -> Iterator[None]:
        """Group writes into one transaction (much faster for many entries)."""
        if not self.writable:
            yield
            return
        try:
            with self._dc.transact(retry=True):
                yield
        except sqlite3.DatabaseError as e:
            if is_full(e) or self._out_of_space or _no_space(self.directory):
                # Not damage: a full disk (SQLite may have rolled the
                # transaction back already, so the commit itself fails).
                self._full(e)
            else:
                self._dc = self._rebuild(e)

    def keys(self, prefix: str) -> list[str]:
        """The keys that start with ``prefix`` (statistics: walks the index)."""

        def collect() -> list[str]:
            return [k for k in self._dc.iterkeys() if isinstance(k, str) and k.startswith(prefix)]

        result = self._guard(collect, default=[])
        return result if isinstance(result, list) else []

    # -- counters ---------------------------------------------------------------
    def add(self, counter: str, amount: int) -> None:
        """Add ``amount`` to a persistent integer counter (atomic across
        processes: one SQL update)."""
        if not self.writable:
            return
        with contextlib.suppress(Exception):
            self._guard(
                lambda: self._dc.incr(_COUNTER + counter, int(amount), default=0, retry=True)
            )

    def counter(self, counter: str) -> int:
        value = self._guard(lambda: self._dc.get(_COUNTER + counter, default=0, retry=True), 0)
        return value if isinstance(value, int) else 0

    def absorb_remote(
        self, warnings: Sequence[str], problems: Mapping[str, Mapping[str, int]]
    ) -> None:
        pass  # no shared cache behind it (see store.layered.LayeredCache)

    # -- statistics and maintenance -------------------------------------------
    def record_build(self, summary: dict[str, object]) -> None:
        """Append this process's counters (plus ``summary``) to the history."""
        if not self.writable:
            return
        entry = {
            "time": time.time(),
            "hits": self.counters.hits,
            "misses": self.counters.misses,
            "corrupt": self.counters.corrupt,
            "by_kind": self.counters.by_kind,
            **summary,
        }
        diskformat.append_history(self.directory, entry)

    # What an entry holds: its value file's size, or the bytes stored in the
    # index itself (diskcache records 0 as the size of those). diskcache has
    # no API for sizes per entry: its Cache table (diskcache 5) is queried.
    _ENTRY_BYTES = "CASE WHEN filename IS NULL THEN COALESCE(LENGTH(value), 0) ELSE size END"

    def entry_bytes(self) -> int:
        """The bytes the entries hold: what ``gc`` counts and can free (the
        index file's own pages are not counted: see :meth:`index_bytes`)."""
        ((total,),) = self._dc._sql(f"SELECT COALESCE(SUM({self._ENTRY_BYTES}), 0) FROM Cache")
        return int(total)

    def index_bytes(self) -> int:
        """The size of the index on disk (``cache.db`` and its write-ahead log)."""
        total = 0
        for suffix in ("", "-wal"):
            with contextlib.suppress(OSError):
                total += (self.directory / (diskformat.DB_NAME + suffix)).stat().st_size
        return total

    def stats(self) -> dict[str, object]:
        """Entries and bytes (in all, per key kind, and per build kind:
        ``mlir`` for the pass's entries, ``vmfb`` for code generation's),
        the size limit, the history of the last builds, and the counters
        since ``--zero`` (``since``): per build kind its builds, no-ops,
        hits and misses (``hit_rate``), and the shared cache's traffic
        (``remote``)."""

        def collect() -> dict[str, object]:
            kinds: dict[str, int] = {}
            builds: dict[str, dict[str, int]] = {
                k: {"entries": 0, "bytes": 0} for k in ("mlir", "vmfb")}
            # One pass over diskcache's index: each row's key and size (the
            # file's for an entry in a file, the row's bytes for one inline).
            rows = self._dc._sql(
                "SELECT key, size + COALESCE(LENGTH(value), 0) FROM Cache").fetchall()
            for key, size in rows:
                if isinstance(key, str):
                    kind = key.split(":", 1)[0]
                    kinds[kind] = kinds.get(kind, 0) + 1
                    build = BUILD_KINDS.get(kind, "mlir")
                    if build:
                        builds[build]["entries"] += 1
                        builds[build]["bytes"] += int(size or 0)
            history = diskformat.read_history(self.directory)
            totals = diskformat.read_totals(self.directory)
            return {
                "directory": str(self.directory),
                "entries": len(self._dc),
                "bytes": self.entry_bytes(),
                "index_bytes": self.index_bytes(),
                "size_limit": int(self._dc.size_limit),
                "by_kind": kinds,
                "by_build_kind": builds,
                "hit_rate": hit_rates(totals),
                "since": totals["since"],
                "remote": totals["remote"],
                "dropin": totals["dropin"],
                "history": history,
            }

        result = self._guard(collect, default=None)
        return result if isinstance(result, dict) else collect()

    def zero_stats(self) -> None:
        """Forget the statistics (history of builds, counters such as the
        compile seconds saved), not the entries: ``cache stats --zero``."""
        if not self.writable:
            return
        diskformat.clear_history(self.directory)
        for key in self.keys(_COUNTER):
            self.delete(key)

    def gc(self, max_size: int | None = None, older_than: float | None = None) -> tuple[int, int]:
        """Evict the oldest entries (least recently stored): every entry
        stored more than ``older_than`` seconds ago, then more until they
        hold at most ``max_size`` bytes (:meth:`entry_bytes`); then give the
        index's freed pages back to the file system. Persistent counters
        are kept. Returns the number of entries removed and their bytes."""
        if max_size is not None and max_size < 0:
            raise ValueError("max_size must be >= 0")
        if older_than is not None and older_than < 0:
            raise ValueError("older_than must be >= 0")
        if not self.writable:
            return 0, 0
        total = self.entry_bytes()
        cutoff = time.time() - older_than if older_than is not None else None
        removed = freed = 0
        if (max_size is not None and total > max_size) or cutoff is not None:
            rows = self._dc._sql(
                f"SELECT key, {self._ENTRY_BYTES}, store_time FROM Cache WHERE raw = 1"
                " ORDER BY store_time, rowid"
            ).fetchall()
            try:
                with self._dc.transact(retry=True):
                    for key, size, stored in rows:
                        too_old = cutoff is not None and stored < cutoff
                        if not too_old and (max_size is None or total <= max_size):
                            break
                        if not isinstance(key, str) or key.startswith(_COUNTER):
                            continue
                        if self._dc.delete(key, retry=True):
                            removed += 1
                            freed += int(size)
                            total -= int(size)
            except sqlite3.DatabaseError as e:
                if not is_full(e):
                    raise
                self._full(e)  # (even deleting needs room in the log): rolled back
                return 0, 0
        if removed:
            with contextlib.suppress(sqlite3.Error):
                self._dc._sql("VACUUM")
                # VACUUM goes through the write-ahead log: fold it back now.
                self._dc._sql("PRAGMA wal_checkpoint(TRUNCATE)")
        return removed, freed

    def clear(self) -> int:
        if not self.writable:
            return 0
        diskformat.clear_history(self.directory)
        return int(self._dc.clear(retry=True))

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self._dc.close()


# Build kind of each key kind (None: not an entry of a build, e.g. counters).
BUILD_KINDS: dict[str, str | None] = {"codegen": "vmfb", "counter": None}


def hit_rates(totals: dict[str, object]) -> dict[str, dict[str, object]]:
    """Per build kind with builds since ``--zero``
    (:func:`halflow.store.diskformat.read_totals`): ``builds``, ``noops``
    (answered up to date: counted apart, as ccache counts direct hits),
    and of the other builds the work reused (``hits``: nodes for ``mlir``,
    executables for ``vmfb``) and executed (``misses``), with ``percent``,
    the hit rate (None when no build ran anything)."""
    rates: dict[str, dict[str, object]] = {}
    for kind in ("mlir", "vmfb"):
        counts = totals.get(kind)
        if not isinstance(counts, dict) or not counts.get("builds"):
            continue
        hits, misses = counts["hits"], counts["misses"]
        rates[kind] = {**counts, "percent": round(100 * hits / (hits + misses), 1)
                       if hits + misses else None}
    return rates


class NullCache:
    """``--no-cache``: every lookup misses, nothing is stored."""

    enabled = False
    shared_settings = None
    directory = None

    def __init__(self) -> None:
        self.counters = Counters()
        self.warn: Warn = lambda message: None  # nothing to recover from

    def get(self, key: str) -> object | None:
        self.counters.count(key, False)
        return None

    def get_blob(self, key: str) -> bytes | None:
        self.counters.count(key, False)
        return None

    def put(self, key: str, value: object) -> None:
        pass

    def put_json_text(self, key: str, text: str) -> None:
        pass

    def put_json_parts(self, key: str, parts: Sequence[str]) -> None:
        pass

    def put_blob_parts(self, key: str, parts: Sequence[bytes | str]) -> None:
        pass

    def put_blob_streamed(
        self, prefix: str, produce: Callable[[Callable[[bytes], None]], None]
    ) -> str:
        return ""

    def put_blob(self, key: str, blob: bytes) -> None:
        pass

    def delete(self, key: str) -> None:
        pass

    def add(self, counter: str, amount: int) -> None:
        pass

    def counter(self, counter: str) -> int:
        return 0

    @contextlib.contextmanager
    def batch(self) -> Iterator[None]:
        yield

    def record_build(self, summary: dict[str, object]) -> None:
        pass

    def gc(self, max_size: int) -> tuple[int, int]:
        return 0, 0  # nothing stored

    def absorb_remote(
        self, warnings: Sequence[str], problems: Mapping[str, Mapping[str, int]]
    ) -> None:
        pass  # no shared cache behind it

    def close(self) -> None:
        pass
