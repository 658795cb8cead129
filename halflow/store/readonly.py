"""A cache that is read but never written.

``halflow graph`` builds its input to know the graph, against the state of
the last build, without becoming the last build itself: what ``--changed``
shows stays "since the last build" however often the graph is drawn.
``halflow build --cache-read-only`` (``$HALFLOW_CACHE_READ_ONLY``) uses a
shared cache without adding to it, as ccache's read-only mode does. The
wrapper forwards every lookup to a :class:`halflow.store.disk.Cache` and drops
every write (entries, build state, counters, history) to a ``--no-cache``
:class:`halflow.store.disk.NullCache`; the engine sees an enabled cache
whose writes are lost, as if another process had evicted them. Where
there is no cache yet, nothing is created (no folder, no index).
"""

from __future__ import annotations

import os
from pathlib import Path

from halflow.store.disk import Cache, NullCache, open_or_none


class ReadOnlyCache:
    """Reads of ``cache`` (a :class:`halflow.store.disk.Cache`); no writes.

    Made of two stores: lookups are the cache's, writes a
    :class:`~halflow.store.disk.NullCache`'s (dropped). ``enabled``: the
    engine looks entries up and writes as usual; what it writes is lost."""

    enabled = True
    shared_settings = None  # nothing is written, so nothing is shared

    def __init__(self, cache: Cache):
        self._cache = cache
        self.directory = cache.directory
        self.counters = cache.counters
        self.warn = cache.warn
        # Reads: the cache's.
        self.get = cache.get
        self.get_blob = cache.get_blob
        self.counter = cache.counter
        self.keys = cache.keys
        # Writes: dropped.
        dropped = NullCache()
        self.put = dropped.put
        self.put_json_text = dropped.put_json_text
        self.put_blob = dropped.put_blob
        self.put_blob_parts = dropped.put_blob_parts
        self.put_blob_streamed = dropped.put_blob_streamed
        self.delete = dropped.delete
        self.add = dropped.add
        self.batch = dropped.batch
        self.record_build = dropped.record_build

    def close(self) -> None:
        self._cache.close()


def open_read_only(directory: str | os.PathLike[str] | None) -> ReadOnlyCache | NullCache:
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
