"""The cache's lasting size limit (``halflow cache max-size 5G``).

``cache gc --max-size`` evicts once; a lasting limit is kept in the cache
directory (``settings.json``) and applied to every cache a build opens
(:func:`apply`): at open, so that the cache's own eviction while the build
writes keeps to it, and after the build, so that the cache ends within it.
The oldest entries go first (least recently stored).

The limit kept in a cache is that cache's own (set for it, perhaps by the
team that shares it) and wins; the ``max-size`` setting of the
configuration files (:mod:`halflow.core.config`) is the limit of caches that
keep none (:func:`limit`).
"""

from __future__ import annotations

import json
import os
from typing import TYPE_CHECKING

from halflow.core import safejson

if TYPE_CHECKING:
    from halflow.store.protocol import EntryStore

SETTINGS_NAME = "settings.json"


def _path(directory: str | os.PathLike[str]) -> str:
    return os.path.join(directory, SETTINGS_NAME)


def max_size(directory: str | os.PathLike[str] | None) -> int | None:
    """The lasting limit of the cache in ``directory``, in bytes (None:
    none set, or the settings cannot be read)."""
    if directory is None:
        return None
    try:
        with open(_path(directory), encoding="utf-8") as f:
            value = safejson.loads(f.read()).get("max_size")
    except (OSError, ValueError, AttributeError):
        return None
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else None


def set_max_size(directory: str | os.PathLike[str], size: int | None) -> None:
    """Keep ``size`` bytes as the lasting limit (None: remove it). Raises
    OSError when the settings cannot be written."""
    from halflow.core.output import write_atomic

    os.makedirs(directory, exist_ok=True)
    write_atomic(_path(directory), json.dumps({"max_size": size}) + "\n")


def limit(directory: str | os.PathLike[str] | None, default: int | None = None) -> int | None:
    """The lasting limit of the cache in ``directory``: its own, else
    ``default`` (the configured ``max-size``), else None."""
    own = max_size(directory)
    return own if own is not None else default


def apply(cache: EntryStore | None, default: int | None = None) -> int:
    """Evict from ``cache`` down to its lasting limit (:func:`limit`,
    ``default`` when it keeps none), if there is one; returns the number of
    entries removed. Nothing for no cache (an artifact store kept in memory
    has no ``backing_cache()``) or one that keeps nothing."""
    if cache is None or not cache.enabled:
        return 0
    bound = limit(cache.directory, default)
    if bound is None:
        return 0
    removed, _freed = cache.gc(bound)
    return removed
