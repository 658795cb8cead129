"""Where translations are kept between builds.

:class:`Store` is the whole interface code generation needs: bytes in, bytes
out, and a counter hook for statistics. :class:`DiskStore` implements it in
the halflow cache (:mod:`halflow.store.disk`), next to the pass's entries.

Entries are plain data, never pickled objects: :func:`encode_entry` seals a
JSON header and the zlib-compressed translation text with a blake2b checksum,
and :func:`decode_entry` refuses anything that does not check out (a
corrupt entry is a miss, never an error). The cache commits an entry in one
SQLite transaction after its file is fully written, so a build that dies
while writing leaves no entry, not half of one.
"""

from __future__ import annotations

import hashlib
import json
import os
import zlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from halflow.core import safejson
from halflow.store.protocol import ArtifactStore, EntryStore

if TYPE_CHECKING:
    from halflow.core.options import RemoteCache

_MAGIC = b"HFCG1\n"
_DIGEST = 20

# Keys of build manifests (the translations a model's last build used)
# start with this; translation keys are bare hex fingerprints.
MANIFEST_PREFIX = "manifest-"

# The kind of code generation entries in the halflow cache.
_KIND = "codegen:"

# Counter names (kept by the store, reported by ``stats``).
SECONDS_SAVED = "codegen.seconds_saved"
REUSES = "codegen.reuses"


@dataclass(frozen=True)
class Entry:
    """A cached translation: the translated executable module (normalized
    text), the text of its interface (see :mod:`halflow.codegen.groups`) and
    what it cost to make."""

    key: str
    text: str
    seconds: float
    interface: str = ""


def seal(key: str, kind: str, meta: dict[str, Any], payload: bytes) -> bytes:
    """``payload`` (compressed) and ``meta`` under ``key``, checksummed: the
    one format of every code generation entry. ``meta`` must not use the
    header's own fields (format, kind, key, bytes)."""
    assert not {"format", "kind", "key", "bytes"} & meta.keys()
    data = zlib.compress(payload, 6)
    header = json.dumps(
        {**meta, "format": 1, "kind": kind, "key": key, "bytes": len(data)}, sort_keys=True,
    ).encode("utf-8")
    body = len(header).to_bytes(4, "little") + header + data
    return _MAGIC + hashlib.blake2b(body, digest_size=_DIGEST).digest() + body


def unseal(key: str, kind: str, data: bytes) -> tuple[dict[str, Any], bytes] | None:
    """(meta, payload) sealed in ``data`` for ``key`` and ``kind``, or None if
    it does not check out (foreign format, bad checksum, other key or kind,
    truncated payload)."""
    try:
        if not data.startswith(_MAGIC):
            return None
        digest = data[len(_MAGIC) : len(_MAGIC) + _DIGEST]
        body = data[len(_MAGIC) + _DIGEST :]
        if hashlib.blake2b(body, digest_size=_DIGEST).digest() != digest:
            return None
        size = int.from_bytes(body[:4], "little")
        header = safejson.loads(body[4 : 4 + size])
        payload = body[4 + size :]
        if header.get("format") != 1 or header.get("key") != key:
            return None
        if header.get("kind") != kind or header.get("bytes") != len(payload):
            return None
        return header, _inflate(payload)
    except (ValueError, KeyError, TypeError, zlib.error):
        return None


# What a payload may inflate to: linear in what was read (a forged entry of
# a few MB must not inflate to gigabytes; MLIR text compresses ~10x, hex
# blobs of zeros far more, hence the floor).
_INFLATE_FLOOR = 256 << 20
_INFLATE_RATIO = 100


def _inflate(payload: bytes) -> bytes:
    """``zlib.decompress(payload)``, bounded (ValueError beyond the bound)."""
    limit = max(_INFLATE_FLOOR, _INFLATE_RATIO * len(payload))
    inflater = zlib.decompressobj()
    out = inflater.decompress(payload, limit)
    if inflater.unconsumed_tail or not inflater.eof:
        raise ValueError("the payload inflates beyond its bound, or is cut short")
    return out


def encode_entry(entry: Entry) -> bytes:
    return seal(entry.key, "codegen.translation",
                {"seconds": round(entry.seconds, 6), "interface": entry.interface},
                entry.text.encode("utf-8"))


def decode_entry(key: str, data: bytes) -> Entry | None:
    """The translation entry sealed in ``data`` for ``key``, or None."""
    opened = unseal(key, "codegen.translation", data)
    if opened is None:
        return None
    meta, payload = opened
    try:
        return Entry(key, payload.decode("utf-8"), float(meta["seconds"]),
                     str(meta.get("interface", "")))
    except (ValueError, KeyError, TypeError, UnicodeDecodeError):
        return None


def cache_key(key: str) -> str:
    """The halflow cache's (and the shared cache's) key of a code generation key."""
    return _KIND + key


class DiskStore:
    """An :class:`~halflow.store.protocol.ArtifactStore` in the halflow cache
    (the directory ``halflow build`` uses, default
    :func:`halflow.store.disk.default_cache_dir`): translations and
    manifests are entries of kind ``codegen``, so ``halflow cache stats``,
    ``gc`` and ``clear`` cover them, and they get the cache's guarantees
    (checksummed plain bytes, never unpickled, safe for several processes,
    a damaged entry is a miss)."""

    def __init__(self, directory: str | os.PathLike[str] | None = None, *, cache: Any = None,
                 remote: Any = None):
        """The cache in ``directory`` (with the shared cache ``remote``, a
        :class:`halflow.core.options.RemoteCache`, behind it), or an open
        :class:`halflow.store.disk.Cache` (``cache``; then :meth:`close` leaves
        it open)."""
        from halflow.store.disk import Cache
        from halflow.store.layered import with_remote

        self._owned = cache is None
        self.cache = with_remote(Cache(directory), remote) if cache is None else cache
        self.directory = self.cache.directory

    def get(self, key: str) -> bytes | None:
        return self.cache.get_blob(cache_key(key))

    def put(self, key: str, value: bytes) -> None:
        self.cache.put_blob(cache_key(key), value)

    def delete(self, key: str) -> None:
        self.cache.delete(cache_key(key))

    @property
    def shared_settings(self) -> RemoteCache | None:
        """The shared cache Dask workers may write to directly, or None."""
        return self.cache.shared_settings

    def backing_cache(self) -> EntryStore:
        """The halflow cache (or its read-only or layered wrapper) holding
        the translations."""
        return self.cache

    def absorb_remote(self, warnings: Any, problems: Any) -> None:
        """What Dask workers' stores of the shared cache said (see
        :meth:`halflow.store.layered.LayeredCache.absorb_remote`)."""
        absorb = getattr(self.cache, "absorb_remote", None)
        if absorb is not None:
            absorb(warnings, problems)

    def add(self, counter: str, amount: float) -> None:
        # Kept in micro-units: the cache's counters are integers, updated
        # atomically across processes.
        self.cache.add(counter, round(amount * 1_000_000))

    def counter(self, counter: str) -> float:
        return self.cache.counter(counter) / 1_000_000

    def translation_keys(self) -> list[str]:
        """Keys of the translations stored (not of build manifests, group
        binaries, hosts or up-to-date records, whose keys have a prefix)."""
        return [k[len(_KIND):] for k in self.cache.keys(_KIND) if "-" not in k[len(_KIND):]]

    def entries(self) -> int:
        """Translations stored (build manifests not counted)."""
        return len(self.translation_keys())

    def record_build(self, summary: dict[str, Any]) -> None:
        """Add a build to the cache's history (``halflow cache stats``)."""
        self.cache.record_build(summary)

    def close(self) -> None:
        if self._owned:
            self.cache.close()

    def __enter__(self) -> DiskStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class MemoryStore:
    """An :class:`~halflow.store.protocol.ArtifactStore` that forgets
    everything when the build ends (``--no-cache``): every executable is
    compiled, nothing is written."""

    shared_settings = None

    def __init__(self) -> None:
        self._entries: dict[str, bytes] = {}
        self._counters: dict[str, float] = {}

    def get(self, key: str) -> bytes | None:
        return self._entries.get(key)

    def put(self, key: str, value: bytes) -> None:
        self._entries[key] = value

    def add(self, counter: str, amount: float) -> None:
        self._counters[counter] = self._counters.get(counter, 0.0) + amount

    def backing_cache(self) -> None:
        return None

    def close(self) -> None:
        self._entries.clear()


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


def open_store(cache_dir: str | os.PathLike[str] | None = None, no_cache: bool = False,
               remote: RemoteCache | None = None) -> ArtifactStore:
    """The halflow cache (``cache_dir``, else the default location), with
    the shared cache ``remote`` behind it, or a store that keeps nothing
    (``no_cache``)."""
    if no_cache:
        return MemoryStore()
    from halflow.store.disk import CacheUnavailable, _warn_stderr

    try:
        return DiskStore(cache_dir, remote=remote)
    except CacheUnavailable as e:  # a cache is never fatal
        _warn_stderr(f"{e}; building without a cache")
        return MemoryStore()
