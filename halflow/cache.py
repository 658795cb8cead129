"""The persistent cache, as the product documents it: :class:`Cache` (a
directory of entries, diskcache underneath) and :class:`NullCache` (keeps
nothing). The cache's code lives in :mod:`halflow.store`; this module names
its public part."""

from __future__ import annotations

from halflow.store.disk import (
    DEFAULT_SIZE_LIMIT,
    ENV_VAR,
    Cache,
    CacheUnavailable,
    Counters,
    NullCache,
    default_cache_dir,
    hit_rates,
    open_or_none,
)

__all__ = [
    "DEFAULT_SIZE_LIMIT",
    "ENV_VAR",
    "Cache",
    "CacheUnavailable",
    "Counters",
    "NullCache",
    "default_cache_dir",
    "hit_rates",
    "open_or_none",
]
