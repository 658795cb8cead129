"""A cache that is read but never written.

``halflow graph`` builds its input to know the graph, against the state of
the last build, without becoming the last build itself: what ``--changed``
shows stays "since the last build" however often the graph is drawn.
``halflow build --cache-read-only`` (``$HALFLOW_CACHE_READ_ONLY``) uses a
shared cache without adding to it, as ccache's read-only mode does. The
wrapper forwards every lookup to a :class:`halflow.store.disk.Cache` and drops
every write (entries, build state, counters, history), as ``--no-cache``'s
:class:`halflow.store.disk.NullCache` does; the engine sees an enabled cache
whose writes are lost, as if another process had evicted them. Where
there is no cache yet, nothing is created (no folder, no index).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from halflow.store.disk import NullCache, open_or_none


class ReadOnlyCache(NullCache):
    """Reads of ``cache`` (a :class:`halflow.store.disk.Cache`); no writes."""

    enabled = True

    def __init__(self, cache: Any):
        self._cache = cache
        self.directory = cache.directory
        self.counters = cache.counters
        self.warn = cache.warn

    def get(self, key: str) -> object | None:
        return self._cache.get(key)

    def get_blob(self, key: str) -> bytes | None:
        return self._cache.get_blob(key)

    def counter(self, counter: str) -> int:
        return self._cache.counter(counter)

    def keys(self, prefix: str) -> list[str]:
        return self._cache.keys(prefix)

    def close(self) -> None:
        self._cache.close()


def open_read_only(directory: str | os.PathLike[str] | None) -> NullCache:
    """The cache in ``directory`` (default: the usual one), read-only; a
    :class:`NullCache` after a warning when it cannot be used, and, without
    a word, when there is no cache there: opening one would create the
    folder and an index, and a read-only cache creates nothing."""
    from halflow.store.disk import default_cache_dir
    from halflow.store.diskformat import DB_NAME

    where = Path(directory) if directory is not None else default_cache_dir()
    if not (where / DB_NAME).is_file():
        return NullCache()
    cache = open_or_none(where)
    return ReadOnlyCache(cache) if cache is not None else NullCache()
