"""The Store protocol: what every store of build results offers.

Three things store results between builds: the persistent cache
(:class:`halflow.store.disk.Cache`, JSON entries and blobs), the null cache of
``--no-cache`` builds (:class:`halflow.store.disk.NullCache`, which keeps
nothing) and the code generation stores (:mod:`halflow.store.artifacts`,
translations as bytes, kept in the cache or in memory). They share
:class:`Store`, the one protocol of a store; what each kind of build needs
on top of it is :class:`EntryStore` (the engine: blobs, batches, counters;
the cache, the null cache and their wrappers) and :class:`ArtifactStore`
(code generation: bytes, statistics, the cache it lives in). ``enabled``
says whether anything put is kept, ``backing_cache()`` which cache holds an
artifact store's entries: code asks them instead of probing the type or
its attributes. A store with nothing to do for a method (``gc`` of the null
cache, ``absorb_remote`` of a store with no shared cache behind it) has it
as a no-op.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Protocol, TypeVar

if TYPE_CHECKING:
    from pathlib import Path

    from halflow.core.options import RemoteCache

V = TypeVar("V")


class Store(Protocol[V]):
    """A key -> value store; a miss is None, never an error."""

    def get(self, key: str) -> V | None:
        """The value stored under ``key``, or None."""
        ...

    def put(self, key: str, value: V) -> None:
        """Store ``value`` under ``key``: all of it or nothing."""
        ...

    def close(self) -> None: ...


class Counting(Protocol):
    """Hits and misses of one process's lookups."""

    hits: int
    misses: int
    corrupt: int


class EntryStore(Store[object], Protocol):
    """The cache as the engine and the library build use it (JSON values,
    blobs, atomic batches, counters shared by processes, build history)."""

    @property
    def enabled(self) -> bool:
        """Whether what is put is kept (False for the null cache)."""
        ...

    @property
    def counters(self) -> Counting: ...

    @property
    def warn(self) -> Callable[[str], None]:
        """Where the store reports damage it recovered from."""
        ...

    def get_blob(self, key: str) -> bytes | None: ...

    def put_json_text(self, key: str, text: str) -> None: ...

    def put_json_parts(self, key: str, parts: Sequence[str]) -> None:
        """Store the JSON text that ``parts`` make in order (read back with
        ``get``), without joining them (a large build state: peak memory)."""
        ...

    def put_blob(self, key: str, blob: bytes) -> None: ...

    def put_blob_parts(self, key: str, parts: Sequence[bytes | str]) -> None: ...

    def put_blob_streamed(
        self, prefix: str, produce: Callable[[Callable[[bytes], None]], None]
    ) -> str:
        """Store what ``produce`` writes under ``prefix`` + its hash; that key."""
        ...

    def delete(self, key: str) -> None: ...

    def batch(self) -> contextlib.AbstractContextManager[None]:
        """Writes inside it commit together."""
        ...

    def add(self, counter: str, amount: int) -> None: ...

    def counter(self, counter: str) -> int: ...

    def record_build(self, summary: dict[str, object]) -> None:
        """Add a build (``summary``) to the history; a store may add to
        ``summary`` what it knows of the build (a shared cache behind it:
        its traffic, as ``remote``), which the build's report then shows."""

    @property
    def directory(self) -> Path | None:
        """The cache's directory (None for the null cache)."""
        ...

    def gc(self, max_size: int) -> tuple[int, int]:
        """Evict the oldest entries until the rest hold at most ``max_size``
        bytes; the entries and bytes removed ((0, 0) when nothing can be
        removed: the null cache, a cache opened read-only)."""
        ...

    def absorb_remote(
        self, warnings: Sequence[str], problems: Mapping[str, Mapping[str, int]]
    ) -> None:
        """What Dask workers' stores of the shared cache behind this one said
        (:meth:`halflow.store.remote.RemoteStore.absorb`); a no-op when no
        shared cache is behind it."""
        ...

    @property
    def shared_settings(self) -> RemoteCache | None:
        """The shared cache behind this one, when there is one."""
        ...


class ArtifactStore(Store[bytes], Protocol):
    """The :class:`Store` of code generation: key -> bytes, with statistics
    counters. ``get`` may be called from a helper thread while the build
    goes on (diskcache is thread-safe)."""

    def add(self, counter: str, amount: float) -> None:
        """Add ``amount`` to a statistics counter."""
        ...

    def record_build(self, summary: dict[str, object]) -> None:
        """Add a build to the history of the cache holding these entries
        (``halflow cache stats``); a no-op for a store that keeps none."""
        ...

    def absorb_remote(
        self, warnings: Sequence[str], problems: Mapping[str, Mapping[str, int]]
    ) -> None:
        """As :meth:`EntryStore.absorb_remote`, for the cache holding these
        entries; a no-op for a store that keeps none."""
        ...

    def backing_cache(self) -> EntryStore | None:
        """The halflow cache holding these entries (output markers are JSON
        entries of it, where the entry point reads them; its size limit
        covers them); None for a store that keeps them elsewhere."""
        ...

    @property
    def shared_settings(self) -> RemoteCache | None:
        """The shared cache Dask workers may write to directly, or None."""
        ...
