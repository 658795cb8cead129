"""The cache's lasting size limit (``halflow cache max-size 5G``).

``cache gc --max-size`` evicts once; a lasting limit is kept in the cache
directory (``settings.json``) and applied to every cache a build opens
(:func:`apply`): at open, so that the cache's own eviction while the build
writes keeps to it, and after the build, so that the cache ends within it.
The oldest entries go first (least recently stored).
"""

from __future__ import annotations

import json
import os
from typing import Any

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
            value = json.load(f).get("max_size")
    except (OSError, ValueError, AttributeError):
        return None
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else None


def set_max_size(directory: str | os.PathLike[str], size: int | None) -> None:
    """Keep ``size`` bytes as the lasting limit (None: remove it). Raises
    OSError when the settings cannot be written."""
    from halflow.output import write_atomic

    os.makedirs(directory, exist_ok=True)
    write_atomic(_path(directory), json.dumps({"max_size": size}) + "\n")


def apply(cache: Any) -> int:
    """Evict from ``cache`` (a :class:`halflow.cache.Cache`) down to its
    lasting limit, if it has one; returns the number of entries removed."""
    limit = max_size(getattr(cache, "directory", None)) if getattr(cache, "enabled", False) \
        else None
    if limit is None or not hasattr(cache, "gc"):
        return 0
    removed, _freed = cache.gc(limit)
    return removed
