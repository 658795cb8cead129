"""Where translations are kept between builds.

:class:`Store` is the whole interface code generation needs: bytes in, bytes
out, and a counter hook for statistics. :class:`DiskStore` implements it in
the halflow cache (:mod:`halflow.store.disk`), next to the pass's entries.

Entries are plain data, never pickled objects: their records and codecs
are in :mod:`halflow.store.codegen_entries`, :mod:`halflow.store.manifests`
and :mod:`halflow.store.markers` (a corrupt entry is a miss, never an
error); their keys live in the cache under
:data:`halflow.store.keys.CODEGEN`. The cache commits an entry in one
SQLite transaction after its file is fully written, so a build that dies
while writing leaves no entry, not half of one. The one opener is
:func:`halflow.store.opener.open_artifacts`.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from halflow.store import keys
from halflow.store.protocol import EntryStore

if TYPE_CHECKING:
    from halflow.core.options import RemoteCache

# Counter names (kept by the store, reported by ``stats``).
SECONDS_SAVED = "codegen.seconds_saved"
REUSES = "codegen.reuses"


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
        return self.cache.get_blob(keys.codegen_key(key))

    def put(self, key: str, value: bytes) -> None:
        self.cache.put_blob(keys.codegen_key(key), value)

    def delete(self, key: str) -> None:
        self.cache.delete(keys.codegen_key(key))

    @property
    def shared_settings(self) -> RemoteCache | None:
        """The shared cache Dask workers may write to directly, or None."""
        return self.cache.shared_settings

    def backing_cache(self) -> EntryStore:
        """The halflow cache (or its read-only or layered wrapper) holding
        the translations."""
        return self.cache

    def absorb_remote(
        self, warnings: Sequence[str], problems: Mapping[str, Mapping[str, int]]
    ) -> None:
        """What Dask workers' stores of the shared cache said (see
        :meth:`halflow.store.layered.LayeredCache.absorb_remote`)."""
        self.cache.absorb_remote(warnings, problems)

    def add(self, counter: str, amount: float) -> None:
        # Kept in micro-units: the cache's counters are integers, updated
        # atomically across processes.
        self.cache.add(counter, round(amount * 1_000_000))

    def counter(self, counter: str) -> float:
        return self.cache.counter(counter) / 1_000_000

    def translation_keys(self) -> list[str]:
        """Keys of the translations stored (not of build manifests, group
        binaries, hosts or up-to-date records, whose keys have a prefix)."""
        found = (k[len(keys.CODEGEN):] for k in self.cache.keys(keys.CODEGEN))
        return [k for k in found if keys.is_translation(k)]

    def entries(self) -> int:
        """Translations stored (build manifests not counted)."""
        return len(self.translation_keys())

    def record_build(self, summary: dict[str, object]) -> None:
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

    def record_build(self, summary: dict[str, object]) -> None:
        pass  # no history: nothing is kept

    def absorb_remote(
        self, warnings: Sequence[str], problems: Mapping[str, Mapping[str, int]]
    ) -> None:
        pass  # no shared cache behind it

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
