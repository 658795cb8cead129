"""``halflow.watch(...)``: keep outputs current while their inputs are edited.

The library call and the names the product documents. The session's code
lives in :mod:`halflow.session`: snapshots of saved inputs
(:mod:`~halflow.session.snapshots`), the watcher and its contract of when a
change is built (:mod:`~halflow.session.watcher`), the warm builders
(:mod:`~halflow.session.hal_builder`, :mod:`~halflow.session.vmfb_builder`)
and the command (:mod:`~halflow.session.command`).
"""

from __future__ import annotations

import sys
import types
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from halflow.core.options import BuildOptions, PathLike, RemoteCache
from halflow.session.hal_builder import HalBuilder, watch_with
from halflow.session.snapshots import Snapshot, read_stable
from halflow.session.watcher import Builder, UsageError, Watcher, WatchEvent, format_event

if TYPE_CHECKING:
    from halflow.store.protocol import EntryStore

__all__ = [
    "Builder",
    "HalBuilder",
    "Snapshot",
    "UsageError",
    "WatchEvent",
    "Watcher",
    "format_event",
    "read_stable",
    "watch",
    "watch_with",
]


def watch(
    input: PathLike,
    output: PathLike,
    *,
    split_input_file: bool = False,
    cache: EntryStore | None = None,
    cache_dir: PathLike | None = None,
    no_cache: bool = False,
    explain: Callable[[str], None] | None = None,
    report: PathLike | None = None,
    trace: PathLike | None = None,
    progress: bool | None = False,
    on_build: Callable[[WatchEvent], None] | None = None,
    log: Callable[[str], None] | None = None,
    builder: Builder | None = None,
    remote: RemoteCache | None = None,
    **options: Any,
) -> Watcher:
    """A :class:`Watcher` that keeps ``output`` materialized from ``input``
    (a file and its output file, or a directory of ``*.mlir`` and an output
    directory). Not started: use it as a context manager (background
    thread), or call :meth:`Watcher.run` (blocking) or
    :meth:`Watcher.start`.

    Build options are those of :func:`halflow.library.build_mlir.build`; ``builder``
    replaces the HAL build altogether (see :class:`Builder`). ``options``
    go to :class:`Watcher` (``debounce``, ``close_wait``, ``poll_interval``,
    ``idle_after``).
    """
    if builder is not None:
        return Watcher(input, output, builder, on_build=on_build, log=log, **options)
    build_options = BuildOptions(
        split_input_file=split_input_file, cache_dir=cache_dir, no_cache=no_cache,
        explain=explain, report=report, trace=trace, progress=progress, remote=remote,
    )
    return watch_with(input, output, build_options, cache=cache, on_build=on_build, log=log,
                      **options)


# -- `halflow.watch` is this module and the library call -------------------------
#
# The package exports ``halflow.watch(...)`` and this module is
# ``halflow/watch.py``: Python binds ``halflow.watch`` to the module whenever
# the module is first imported, whichever way (``import halflow.watch``,
# ``from halflow.watch import Watcher``, the CLI). Calling the module runs
# :func:`watch`, so ``halflow.watch(...)`` is the library call in every import
# order, and ``halflow.watch`` is always the same object.


class _CallableModule(types.ModuleType):
    def __call__(self, *args: Any, **kwargs: Any) -> Watcher:
        return watch(*args, **kwargs)


sys.modules[__name__].__class__ = _CallableModule
