"""The one opener of the halflow cache, for both kinds of build.

:func:`open_entries` gives the cache as the engine and the MLIR build use
it (an :class:`~halflow.store.protocol.EntryStore`), :func:`open_artifacts`
as code generation uses it (an :class:`~halflow.store.protocol.ArtifactStore`
over the same cache). Either way a cache that cannot be used is never
fatal: the build goes on with a store that keeps nothing, after one
warning.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from halflow.core.options import RemoteCache
    from halflow.store.protocol import ArtifactStore, EntryStore

PathLike = str | os.PathLike[str]


def open_entries(
    cache: EntryStore | None = None, *, cache_dir: PathLike | None = None, no_cache: bool = False,
    max_size: int | None = None, remote: RemoteCache | None = None, read_only: bool = False,
) -> EntryStore:
    """``cache`` when given, else the cache in ``cache_dir`` (the default
    one when None), else (``no_cache``, or a cache that cannot be used) the
    null cache. ``max_size``: the lasting limit when the cache keeps none.
    ``remote``: a shared cache behind the one opened here
    (:func:`halflow.store.layered.with_remote`). ``read_only``: the cache
    is used without writing (:mod:`halflow.store.readonly`), and so is
    the remote."""
    from halflow.store.disk import NullCache, open_or_none

    if cache is not None:
        return cache
    if no_cache:
        return NullCache()
    if read_only:
        from halflow.store.readonly import open_read_only

        return _with_remote(open_read_only(cache_dir), remote, read_only=True)
    store = open_or_none(cache_dir)
    if store is None:
        return NullCache()
    from halflow.store import size_limit

    # its eviction keeps to the lasting limit while the build writes
    size_limit.apply(store, max_size)
    return _with_remote(store, remote)


def _with_remote(local: Any, remote: RemoteCache | None, *, read_only: bool = False) -> EntryStore:
    """:func:`halflow.store.layered.with_remote`, imported only when a remote
    is configured: the remote client (uuid, hashlib, its records) is no part
    of a local build's start-up."""
    if remote is None:
        store: EntryStore = local
        return store
    from halflow.store.layered import with_remote

    layered: EntryStore = with_remote(local, remote, read_only=read_only)
    return layered


def open_artifacts(cache_dir: PathLike | None = None, no_cache: bool = False,
                   remote: RemoteCache | None = None) -> ArtifactStore:
    """The halflow cache (``cache_dir``, else the default location), with
    the shared cache ``remote`` behind it, or a store that keeps nothing
    (``no_cache``, or a cache that cannot be used)."""
    from halflow.store.artifacts import DiskStore, MemoryStore

    if no_cache:
        return MemoryStore()
    from halflow.store.disk import CacheUnavailable, warn_stderr

    try:
        return DiskStore(cache_dir, remote=remote)
    except CacheUnavailable as e:  # a cache is never fatal
        warn_stderr(f"{e}; building without a cache")
        return MemoryStore()
