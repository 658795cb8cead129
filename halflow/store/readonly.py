"""A cache that is read but never written.

``halflow graph`` builds its input to know the graph, against the state of
the last build, without becoming the last build itself: what ``--changed``
shows stays "since the last build" however often the graph is drawn.
``halflow build --cache-read-only`` (``$HALFLOW_CACHE_READ_ONLY``) uses a
shared cache without adding to it, as ccache's read-only mode does. It is
a :class:`halflow.store.disk.Cache` opened read-only: its index is read with
SQLite alone (also on a read-only file system) and every write (entries,
build state, counters, history) is dropped, as ``--no-cache``'s
:class:`halflow.store.disk.NullCache` does; the engine sees an enabled cache
whose writes are lost, as if another process had evicted them. Where
there is no cache yet, nothing is created (no folder, no index).
"""

from __future__ import annotations

import os
from pathlib import Path

from halflow.store.disk import Cache, NullCache, open_or_none


def open_read_only(directory: str | os.PathLike[str] | None) -> Cache | NullCache:
    """The cache in ``directory`` (default: the usual one), read-only; a
    :class:`NullCache` after a warning when it cannot be used, and, without
    a word, when there is no cache there: opening one would create the
    folder and an index, and a read-only cache creates nothing."""
    from halflow.store.disk import default_cache_dir
    from halflow.store.diskformat import DB_NAME

    where = Path(directory) if directory is not None else default_cache_dir()
    if not (where / DB_NAME).is_file():
        return NullCache()
    cache = open_or_none(where, read_only=True)
    return cache if cache is not None else NullCache()
