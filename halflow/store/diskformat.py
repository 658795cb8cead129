"""The parts of a cache directory that are read and written without opening
the cache: the entry format, one entry read straight from the index, and
the history of builds.

The up-to-date check of a plain ``halflow build`` (:mod:`halflow.cli.entry`)
reads one small entry and records one line of history. Opening the cache
through diskcache costs more than the rest of that check (importing it and
its dependencies, and setting up its connection), so the check reads the
entry with one query on diskcache's index and appends to a file of its own.
Anything unexpected (no index, an entry stored in a file, a damaged row or
checksum) reads as "no entry": the caller then takes the full path, which
opens the cache and repairs what needs repairing.

Entries are framed as :mod:`halflow.store.codec` says (layer 1).

The history of builds (``halflow cache stats``) is a file of JSON lines,
``builds.jsonl``, appended to with one ``write`` per build (concurrent
builds do not lose each other's lines) and cut back to the last entries
when it grows. The lines it drops are first folded into ``totals.json``:
the counters since ``cache stats --zero`` (as ccache keeps them) are that
file plus the lines still in the history (:func:`read_totals`).
"""

from __future__ import annotations

import json
import os
import sqlite3  # (every path that imports this module reads the index)

from halflow.core import safejson
from halflow.store.codec import MAGIC_JSON, CorruptEntry, frame, unframe

DB_NAME = "cache.db"  # diskcache's index
# The index is diskcache's private SQLite schema, which halflow also reads
# with SQL of its own (read_json_entry here, entry sizes in
# halflow.store.disk): that of diskcache 5. The cache opens only with a
# diskcache of this major version (pyproject.toml: diskcache <6), so every
# index these queries meet was written by one.
DISKCACHE_MAJOR = 5
HISTORY_NAME = "builds.jsonl"
TOTALS_NAME = "totals.json"  # the counters of the history lines compacted away
HISTORY_KEEP = 20  # entries `cache stats` shows
_HISTORY_COMPACT = 1 << 16  # bytes: rewrite the file with the last entries beyond this

def _row(con: sqlite3.Connection, key: str) -> tuple[object, object, object] | None:
    """(mode, value file, value) of the entry ``key`` in diskcache's index."""
    import time

    row = con.execute(
        "SELECT mode, filename, value FROM Cache WHERE key = ? AND raw = 1"
        " AND (expire_time IS NULL OR expire_time > ?)",
        (key, time.time()),
    ).fetchone()
    return None if row is None else (row[0], row[1], row[2])


def _open_read_only(uri: str) -> tuple[sqlite3.Connection, int]:
    """A read-only connection to the index at ``uri``, and its size limit."""
    # Several threads may read (the .vmfb build looks entries up from its own).
    con = sqlite3.connect(uri, uri=True, timeout=60, isolation_level=None,
                          check_same_thread=False)
    try:
        size_limit = 0
        for key, value in con.execute("SELECT key, value FROM Settings"):
            if key == "size_limit" and isinstance(value, int):
                size_limit = value
        con.execute("SELECT rowid FROM Cache LIMIT 1").fetchall()  # an index cut short: none
    except sqlite3.Error:
        con.close()
        raise
    return con, size_limit


class IndexReader:
    """A cache's index (diskcache's ``cache.db``) read with SQLite alone and
    never written: opened read-only, so that it works where diskcache,
    which writes its settings when it opens, cannot (a read-only folder or
    file system, a full disk). It offers what reading needs of
    ``diskcache.Cache``: :meth:`get`, ``in``, :meth:`iterkeys`, ``len``.
    Raises OSError or sqlite3.Error when the index cannot be opened."""

    def __init__(self, directory: str | os.PathLike[str]):
        from urllib.parse import quote

        self._directory = os.fspath(directory)
        path = os.path.join(self._directory, DB_NAME)
        if not os.path.isfile(path):
            raise FileNotFoundError(2, "No such file or directory", path)
        uri = f"file:{quote(os.path.abspath(path))}?mode=ro"
        try:
            self._con, self.size_limit = _open_read_only(uri)
        except sqlite3.OperationalError:
            # A write-ahead-logged index on a read-only file system, whose
            # log's shared memory cannot be made: read as it was last
            # checkpointed (nothing writes to a read-only file system).
            self._con, self.size_limit = _open_read_only(uri + "&immutable=1")

    def _sql(self, statement: str) -> sqlite3.Cursor:
        return self._con.execute(statement)

    def get(self, key: str, default: object = None, retry: bool = True) -> object:
        """The value stored under ``key`` (bytes, or an integer counter), or
        ``default``. Raises OSError (a value file gone) or ValueError (an
        entry halflow does not write)."""
        row = _row(self._con, key)
        if row is None:
            return default
        mode, filename, value = row
        if mode == 1:  # diskcache's MODE_RAW: in the index
            return value
        if mode == 2 and isinstance(filename, str):  # MODE_BINARY: in a value file
            with open(os.path.join(self._directory, filename), "rb") as f:
                return f.read()
        raise ValueError("entry of a kind halflow does not write")

    def __contains__(self, key: str) -> bool:
        return _row(self._con, key) is not None

    def iterkeys(self) -> list[object]:
        return [k for (k,) in self._con.execute("SELECT key FROM Cache WHERE raw = 1")]

    def __len__(self) -> int:
        ((count,),) = self._con.execute("SELECT COUNT(*) FROM Cache").fetchall()
        return int(count)

    def close(self) -> None:
        self._con.close()


def read_json_entry(directory: str | os.PathLike[str], key: str) -> object | None:
    """The JSON entry ``key`` of the cache in ``directory``, read with one
    query on its index (None when absent, stored in a file, or in any
    doubt). Reads nothing else and changes nothing."""
    path = os.path.join(directory, DB_NAME)
    if not os.path.isfile(path):
        return None
    try:
        con = sqlite3.connect(path, timeout=60, isolation_level=None)
    except sqlite3.Error:
        return None
    try:
        # As the cache's own connections: closing the last connection
        # checkpoints the write-ahead log, which must not sync the disk.
        con.execute("PRAGMA synchronous=OFF")
        row = _row(con, key)
    except sqlite3.Error:
        return None
    finally:
        con.close()
    if row is None or row[0] != 1 or not isinstance(row[2], bytes):  # 1: stored inline
        return None
    try:
        return safejson.loads(unframe(MAGIC_JSON, row[2]))
    except (CorruptEntry, ValueError):
        return None


def replace_json_entry(directory: str | os.PathLike[str], key: str, old: object,
                       new: object) -> bool:
    """Replace the JSON entry ``key`` of the cache in ``directory`` by
    ``new`` if it still holds ``old`` (read by :func:`read_json_entry`),
    in one transaction; whether it did. An entry stored inline is one row
    of diskcache's index whose size diskcache counts as 0, so rewriting its
    value in place keeps diskcache's accounting (its triggers count rows
    added and removed, not values changed). Never raises: a cache that
    cannot be written keeps its entry (a later check reads the bytes
    again)."""
    path = os.path.join(directory, DB_NAME)
    if not os.path.isfile(path):
        return False
    payload = json.dumps(new, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    try:
        con = sqlite3.connect(path, timeout=5, isolation_level=None)
    except sqlite3.Error:
        return False
    try:
        con.execute("PRAGMA synchronous=OFF")
        con.execute("BEGIN IMMEDIATE")
        row = _row(con, key)
        current = None
        if row is not None and row[0] == 1 and isinstance(row[2], bytes):
            try:
                current = safejson.loads(unframe(MAGIC_JSON, row[2]))
            except (CorruptEntry, ValueError):
                current = None
        if current is None or current != old:
            con.execute("ROLLBACK")
            return False
        con.execute("UPDATE Cache SET value = ? WHERE key = ? AND raw = 1",
                    (sqlite3.Binary(frame(MAGIC_JSON, payload)), key))
        con.execute("COMMIT")
        return True
    except sqlite3.Error:
        return False
    finally:
        con.close()


def append_history(directory: str | os.PathLike[str], entry: dict[str, object]) -> None:
    """Add ``entry`` to the history of builds (never fatal: history is
    statistics)."""
    path = os.path.join(directory, HISTORY_NAME)
    line = (json.dumps(entry, separators=(",", ":")) + "\n").encode("utf-8")
    try:
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o666)
        try:
            os.write(fd, line)
            size = os.fstat(fd).st_size
        finally:
            os.close(fd)
        if size > _HISTORY_COMPACT:
            _compact(path)
    except OSError:
        pass


def _compact(path: str) -> None:
    """Cut the history back to its last entries, the others folded into the
    totals first; one process at a time (a lock file beside it)."""
    import fcntl

    with open(path + ".lock", "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if os.path.getsize(path) <= _HISTORY_COMPACT:
            return  # another process compacted it meanwhile
        entries = _read_entries(path)
        directory = os.path.dirname(path)
        totals = fold(entries[:-HISTORY_KEEP], _read_totals_file(directory))
        _write_json(os.path.join(directory, TOTALS_NAME), totals)
        _write_lines(path, entries[-HISTORY_KEEP:])


def _write_lines(path: str, entries: list[dict[str, object]]) -> None:
    from halflow.core.output import write_atomic

    lines = ((json.dumps(e, separators=(",", ":")) + "\n").encode("utf-8") for e in entries)
    write_atomic(path, lines)


def _write_json(path: str, data: object) -> None:
    from halflow.core.output import write_atomic

    write_atomic(path, json.dumps(data).encode("utf-8"))


# What the totals count, per build kind, and of the shared cache's traffic.
_KIND_COUNTERS = ("builds", "noops", "hits", "misses")
REMOTE_COUNTERS = ("hits", "misses", "errors", "bytes_fetched", "writes", "bytes_written")


def build_kind(entry: dict[str, object]) -> str:
    """``vmfb`` for a ``--to vmfb`` build's history line, else ``mlir``."""
    return "vmfb" if entry.get("mode") == "vmfb" else "mlir"


def is_noop(entry: dict[str, object]) -> bool:
    """Whether a history line is a no-op: an up-to-date output, or (MLIR)
    an output answered whole from the cache; no-ops are counted apart from
    hits and misses, as ccache counts its direct-mode answers."""
    return entry.get("noop") is True or entry.get("mode") in ("noop", "up-to-date")


def empty_totals(since: float | None = None) -> dict[str, object]:
    return {"since": since,
            "mlir": dict.fromkeys(_KIND_COUNTERS, 0), "vmfb": dict.fromkeys(_KIND_COUNTERS, 0),
            "remote": dict.fromkeys(REMOTE_COUNTERS, 0), "dropin": {}}


# The history line of a drop-in call (halflow.cli.dropin_counts), and what it
# counts: ``served:MODE``, ``passed:REASON``, ``fallback:CAUSE``, ``error``,
# ``strict-failure:CAUSE``.
DROPIN_MODE = "iree-compile"


def dropin_counter(entry: dict[str, object]) -> str:
    """The counter of a drop-in call's history line."""
    what = str(entry.get("dropin"))
    detail = entry.get("reason") if what == "passed" else entry.get("cause")
    if what in ("passed", "fallback", "strict-failure", "error"):
        return what if detail is None else f"{what}:{str(detail)[:160]}"
    return f"served:{what}"


def fold(entries: list[dict[str, object]], totals: dict[str, object]) -> dict[str, object]:
    """``totals`` plus the counters of ``entries`` (history lines): per
    build kind the builds, the no-ops among them, and, of the others, the
    work reused (``hits``: nodes for ``mlir``, executables for ``vmfb``)
    and executed (``misses``); the shared cache's traffic in all."""
    for entry in entries:
        if entry.get("mode") == DROPIN_MODE:
            counts = totals["dropin"]
            assert isinstance(counts, dict)
            name = dropin_counter(entry)
            counts[name] = counts.get(name, 0) + 1
            continue
        kind = totals[build_kind(entry)]
        assert isinstance(kind, dict)
        kind["builds"] += 1
        reused, executed = entry.get("reused"), entry.get("executed")
        if is_noop(entry):
            kind["noops"] += 1
        elif isinstance(reused, int) and isinstance(executed, int):
            kind["hits"] += reused
            kind["misses"] += executed
        remote, summed = entry.get("remote"), totals["remote"]
        if isinstance(remote, dict) and isinstance(summed, dict):
            for name in REMOTE_COUNTERS:
                value = remote.get(name)
                if isinstance(value, int):
                    summed[name] += value
        when = entry.get("time")
        if totals["since"] is None and isinstance(when, (int, float)):
            totals["since"] = when
    return totals


def _read_totals_file(directory: str | os.PathLike[str]) -> dict[str, object]:
    totals = empty_totals()
    try:
        with open(os.path.join(directory, TOTALS_NAME), encoding="utf-8") as f:
            data = json.load(f)
    except (OSError, ValueError):
        return totals
    if not isinstance(data, dict):
        return totals
    if isinstance(data.get("since"), (int, float)):
        totals["since"] = data["since"]
    for group, names in (("mlir", _KIND_COUNTERS), ("vmfb", _KIND_COUNTERS),
                         ("remote", REMOTE_COUNTERS)):
        saved, into = data.get(group), totals[group]
        if isinstance(saved, dict) and isinstance(into, dict):
            into.update({n: saved[n] for n in names if isinstance(saved.get(n), int)})
    saved = data.get("dropin")
    if isinstance(saved, dict):
        totals["dropin"] = {str(k): v for k, v in saved.items() if isinstance(v, int)}
    return totals


def read_totals(directory: str | os.PathLike[str]) -> dict[str, object]:
    """The counters since the statistics were last zeroed (see :func:`fold`;
    ``since``: when, or the first build's time)."""
    return fold(_read_entries(os.path.join(directory, HISTORY_NAME)),
                _read_totals_file(directory))


def read_history(directory: str | os.PathLike[str]) -> list[dict[str, object]]:
    """The last builds, oldest first."""
    return read_history_file(os.path.join(directory, HISTORY_NAME))


def read_history_file(path: str) -> list[dict[str, object]]:
    return _read_entries(path)[-HISTORY_KEEP:]


def _read_entries(path: str) -> list[dict[str, object]]:
    try:
        with open(path, "rb") as f:
            lines = f.read().splitlines()
    except OSError:
        return []
    entries: list[dict[str, object]] = []
    for line in lines:
        try:
            entry = safejson.loads(line)
        except ValueError:  # a line cut short by a crash, or damaged
            continue
        if isinstance(entry, dict):
            entries.append(entry)
    return entries


def clear_history(directory: str | os.PathLike[str]) -> None:
    """Forget the history and the totals (``cache stats --zero``): counting
    starts again now."""
    try:  # noqa: SIM105 (contextlib is not imported on the up-to-date path)
        os.unlink(os.path.join(directory, HISTORY_NAME))
    except OSError:
        pass
    import time

    try:  # noqa: SIM105
        _write_json(os.path.join(directory, TOTALS_NAME), empty_totals(time.time()))
    except OSError:
        pass
