"""Where translations are kept between builds.

:class:`Store` is the whole interface code generation needs: bytes in, bytes
out, and a counter hook for statistics. :class:`DiskStore` implements it on
diskcache for now; the shared halflow cache can take its place (its
``get_blob``/``put_blob`` fit ``get``/``put``).

Entries are plain data, never pickled objects: :func:`encode_entry` seals a
JSON header and the zlib-compressed translation text with a blake2b checksum,
and :func:`decode_entry` refuses anything that does not check out (a
corrupt entry is a miss, never an error). diskcache commits an entry in one
SQLite transaction after its file is fully written, so a build that dies
while writing leaves no entry, not half of one.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol, runtime_checkable

_MAGIC = b"HFCG1\n"
_DIGEST = 20

# Keys of build manifests (the translations a model's last build used)
# start with this; translation keys are bare hex fingerprints.
MANIFEST_PREFIX = "manifest-"

# Counter names (kept by the store, reported by ``stats``).
ENTRIES_WRITTEN = "codegen.entries_written"
SECONDS_SAVED = "codegen.seconds_saved"
REUSES = "codegen.reuses"


@runtime_checkable
class Store(Protocol):
    """A key -> bytes store with statistics counters. ``get`` may be called
    from a helper thread while the build goes on (diskcache is thread-safe)."""

    def get(self, key: str) -> bytes | None:
        """The bytes stored under ``key``, or None."""
        ...

    def put(self, key: str, value: bytes) -> None:
        """Store ``value`` under ``key`` atomically (all of it or nothing)."""
        ...

    def add(self, counter: str, amount: float) -> None:
        """Add ``amount`` to a statistics counter."""
        ...


@dataclass(frozen=True)
class Entry:
    """A cached translation: the translated executable module (normalized
    text) and what it cost to make."""

    key: str
    text: str
    seconds: float


def encode_entry(entry: Entry) -> bytes:
    payload = zlib.compress(entry.text.encode("utf-8"), 6)
    header = json.dumps(
        {"format": 1, "kind": "codegen.translation", "key": entry.key,
         "seconds": round(entry.seconds, 6), "bytes": len(payload)},
        sort_keys=True,
    ).encode("utf-8")
    body = len(header).to_bytes(4, "little") + header + payload
    return _MAGIC + hashlib.blake2b(body, digest_size=_DIGEST).digest() + body


def decode_entry(key: str, data: bytes) -> Entry | None:
    """The entry sealed in ``data`` for ``key``, or None if it does not check
    out (foreign format, bad checksum, other key, truncated payload)."""
    try:
        if not data.startswith(_MAGIC):
            return None
        digest = data[len(_MAGIC) : len(_MAGIC) + _DIGEST]
        body = data[len(_MAGIC) + _DIGEST :]
        if hashlib.blake2b(body, digest_size=_DIGEST).digest() != digest:
            return None
        size = int.from_bytes(body[:4], "little")
        header = json.loads(body[4 : 4 + size])
        payload = body[4 + size :]
        if header.get("format") != 1 or header.get("key") != key:
            return None
        if header.get("bytes") != len(payload):
            return None
        return Entry(key, zlib.decompress(payload).decode("utf-8"), float(header["seconds"]))
    except (ValueError, KeyError, TypeError, zlib.error, UnicodeDecodeError):
        return None


def default_directory() -> Path:
    """``$HALFLOW_CACHE_DIR/codegen``, else ``$XDG_CACHE_HOME/halflow/codegen``."""
    env = os.environ.get("HALFLOW_CACHE_DIR")
    if env:
        return Path(env) / "codegen"
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "halflow" / "codegen"


class DiskStore:
    """A :class:`Store` on a diskcache directory (safe for several processes)."""

    _COUNTER_PREFIX = "counter:"

    def __init__(self, directory: str | os.PathLike[str] | None = None,
                 size_limit: int = 8 * 2**30):
        import diskcache

        self.directory = Path(directory) if directory is not None else default_directory()
        self._cache = diskcache.Cache(str(self.directory), size_limit=size_limit)

    def get(self, key: str) -> bytes | None:
        value = self._cache.get("entry:" + key)
        return value if isinstance(value, bytes) else None

    def put(self, key: str, value: bytes) -> None:
        self._cache.set("entry:" + key, value)

    def delete(self, key: str) -> None:
        with contextlib.suppress(KeyError):
            del self._cache["entry:" + key]

    def add(self, counter: str, amount: float) -> None:
        # Counters are kept in micro-units so that diskcache's atomic integer
        # increment works across processes.
        self._cache.incr(self._COUNTER_PREFIX + counter, round(amount * 1_000_000), default=0)

    def counter(self, counter: str) -> float:
        return int(self._cache.get(self._COUNTER_PREFIX + counter, 0)) / 1_000_000

    def entries(self) -> int:
        """Translations stored (build manifests not counted)."""
        return sum(1 for k in self._cache.iterkeys()
                   if str(k).startswith("entry:") and not str(k).startswith(
                       "entry:" + MANIFEST_PREFIX))

    def close(self) -> None:
        self._cache.close()

    def __enter__(self) -> DiskStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


@dataclass(frozen=True)
class CodegenStats:
    """What ``halflow cache stats`` reports about code generation."""

    entries: int  # translations in the store
    reuses: int  # translations reused by builds so far
    seconds_saved: float  # compile seconds those reuses saved

    def as_dict(self) -> dict[str, float | int]:
        return {"entries": self.entries, "reuses": self.reuses,
                "seconds_saved": round(self.seconds_saved, 3)}


def codegen_stats(store: DiskStore) -> CodegenStats:
    return CodegenStats(store.entries(), round(store.counter(REUSES)),
                        store.counter(SECONDS_SAVED))
