"""What became of each drop-in call, counted as sccache counts its
non-cacheable calls: one line per call in the cache's history of builds
(``mode: iree-compile``, ``dropin``: ``up-to-date``, ``plain``, ``groups``
or ``fallback`` (the modes of the build that served it), ``passed`` with its
``reason``, ``fallback`` with its ``cause``, ``error`` (IREE diagnosed the
input), ``strict-failure``), which ``halflow cache stats`` sums since the
last ``--zero`` (:func:`halflow.store.diskformat.fold`).
"""

from __future__ import annotations

import os


def record(input: str | None, entry: dict[str, object]) -> None:
    """Add ``entry`` (what became of one call) to the history of the cache
    the settings name for ``input``, which ``halflow cache stats`` counts;
    never fatal, and nothing when the cache is read-only (a missing cache
    is made, as a build makes it)."""
    try:
        import time

        from halflow.core import config
        from halflow.store import diskformat

        settings = config.load(input if input not in (None, "-") else None)
        directory = settings.cache_dir()
        if settings["cache-read-only"]:
            return
        if not os.path.isfile(os.path.join(directory, diskformat.DB_NAME)):
            # The first call counted makes the cache (once), as a build would.
            from halflow.store.disk import Cache

            Cache(directory, warn=lambda message: None).close()
        diskformat.append_history(directory, {"time": time.time(), "mode": "iree-compile",
                                              "input": input or "", **entry})
    except Exception:
        return
