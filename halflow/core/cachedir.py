"""Where the cache directory is: its environment variables and the user's
default.

The settings (:mod:`halflow.core.config`) name the cache directory, and the
store (:mod:`halflow.store`) opens it; both read these.
"""

from __future__ import annotations

import os

ENV_VAR = "HALFLOW_CACHE_DIR"
READ_ONLY_ENV_VAR = "HALFLOW_CACHE_READ_ONLY"  # as --cache-read-only


def default_cache_dir() -> str:
    """``$HALFLOW_CACHE_DIR``, else :func:`user_cache_dir`."""
    return os.environ.get(ENV_VAR) or user_cache_dir()


def user_cache_dir() -> str:
    """``halflow`` in the user's cache directory (``$XDG_CACHE_HOME``, else
    ``~/.cache``)."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "halflow")
