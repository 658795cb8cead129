"""How to build: the one definition of a build's options.

The library (:func:`halflow.build`, :func:`halflow.watch`), the command
line (``halflow build``, ``halflow watch``) and the fast entry point
(:mod:`halflow.quick`) all describe a build as a :class:`BuildOptions`, so
an option added here reaches every path, and :attr:`BuildOptions.key` (what
enters cache keys) is computed in one place.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass

from halflow import uptodate

PathLike = str | os.PathLike[str]


@dataclass(frozen=True)
class BuildOptions:
    """``split_input_file``: build each ``// -----`` case (as ``iree-opt
    --split-input-file``). ``cache_dir`` / ``no_cache``: which cache (see
    :func:`halflow.cache.default_cache_dir`), or none. ``explain`` receives
    one line per executed node; ``report`` / ``trace`` are files to write
    the JSON report and a Chrome trace to; ``progress`` shows progress on a
    terminal (None: when stderr is one). ``read_only``: use the cache
    without writing to it (the command line's ``--cache-read-only``).
    ``max_size``: the lasting size limit of a cache that keeps none of its
    own (the ``max-size`` setting, :mod:`halflow.config`; see
    :func:`halflow.cachelimit.limit`)."""

    split_input_file: bool = False
    cache_dir: PathLike | None = None
    no_cache: bool = False
    explain: Callable[[str], None] | None = None
    report: PathLike | None = None
    trace: PathLike | None = None
    progress: bool | None = None
    read_only: bool = False
    max_size: int | None = None

    @property
    def key(self) -> str:
        """The options that change outputs, as they enter keys (``--explain``
        reports a change)."""
        return uptodate.options_fingerprint(self.split_input_file)

    @property
    def records_nodes(self) -> bool:
        """Whether anything names nodes or keeps them: without a cache,
        report, trace or explain, a build need not run the engine."""
        return not (
            self.no_cache and self.explain is None and self.report is None and self.trace is None
        )
