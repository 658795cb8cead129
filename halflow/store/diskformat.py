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

The history of builds (``halflow cache stats``) is a file of JSON lines,
``builds.jsonl``, appended to with one ``write`` per build (concurrent
builds do not lose each other's lines) and cut back to the last entries
when it grows.
"""

from __future__ import annotations

import json
import os
import zlib

DB_NAME = "cache.db"  # diskcache's index
HISTORY_NAME = "builds.jsonl"
HISTORY_KEEP = 20  # entries `cache stats` shows
_HISTORY_COMPACT = 1 << 16  # bytes: rewrite the file with the last entries beyond this

MAGIC_JSON = b"HFJ2"
MAGIC_BLOB = b"HFB2"
DIGEST = 4  # CRC-32: detects truncation and flipped bytes, 2.5 ms per 5 MB



class CorruptEntry(Exception):
    pass


def checksum(payload: bytes) -> bytes:
    return zlib.crc32(payload).to_bytes(4, "little")


def seal(magic: bytes, payload: bytes) -> bytes:
    return magic + checksum(payload) + payload


def unseal(magic: bytes, data: object) -> bytes:
    if not isinstance(data, bytes) or len(data) < len(magic) + DIGEST:
        raise CorruptEntry("truncated or foreign entry")
    if data[: len(magic)] != magic:
        raise CorruptEntry("unknown entry format")
    digest = data[len(magic) : len(magic) + DIGEST]
    payload = data[len(magic) + DIGEST :]
    if checksum(payload) != digest:
        raise CorruptEntry("checksum mismatch")
    return payload


def read_json_entry(directory: str | os.PathLike[str], key: str) -> object | None:
    """The JSON entry ``key`` of the cache in ``directory``, read with one
    query on its index (None when absent, stored in a file, or in any
    doubt). Reads nothing else and changes nothing."""
    import sqlite3
    import time

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
        row = con.execute(
            "SELECT mode, value FROM Cache WHERE key = ? AND raw = 1"
            " AND (expire_time IS NULL OR expire_time > ?)",
            (key, time.time()),
        ).fetchone()
    except sqlite3.Error:
        return None
    finally:
        con.close()
    if row is None or row[0] != 1 or not isinstance(row[1], bytes):  # 1: stored inline
        return None
    try:
        return json.loads(unseal(MAGIC_JSON, row[1]))
    except (CorruptEntry, ValueError):
        return None


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
    kept = read_history_file(path)
    tmp = f"{path}.{os.getpid()}.tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.writelines(json.dumps(e, separators=(",", ":")) + "\n" for e in kept)
    os.replace(tmp, path)


def read_history(directory: str | os.PathLike[str]) -> list[dict[str, object]]:
    """The last builds, oldest first."""
    return read_history_file(os.path.join(directory, HISTORY_NAME))


def read_history_file(path: str) -> list[dict[str, object]]:
    try:
        with open(path, "rb") as f:
            lines = f.read().splitlines()
    except OSError:
        return []
    entries: list[dict[str, object]] = []
    for line in lines:
        try:
            entry = json.loads(line)
        except ValueError:  # a line cut short by a crash, or damaged
            continue
        if isinstance(entry, dict):
            entries.append(entry)
    return entries[-HISTORY_KEEP:]


def clear_history(directory: str | os.PathLike[str]) -> None:
    try:  # noqa: SIM105 (contextlib is not imported on the up-to-date path)
        os.unlink(os.path.join(directory, HISTORY_NAME))
    except OSError:
        pass
