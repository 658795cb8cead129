"""``halflow.watch(...)``: keep outputs current while their inputs are edited.

The library call and the names the product documents (``from halflow.watch
import Watcher``). ``halflow.watch`` is the function :func:`watch`: the
package imports it from here when it is imported, so that no import order
binds the name to this module. Everything else loads on first use (the
no-op rebuild imports the package, and with it this module). The session's
code lives in :mod:`halflow.session`: snapshots of saved inputs
(:mod:`~halflow.session.snapshots`), the watcher and its contract of when a
change is built (:mod:`~halflow.session.watcher`), the warm builders
(:mod:`~halflow.session.hal_builder`, :mod:`~halflow.session.vmfb_builder`)
and the command (:mod:`~halflow.session.command`).
"""

from __future__ import annotations

TYPE_CHECKING = False  # not typing's: importing typing costs a no-op rebuild ~2 ms
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from halflow.core.options import PathLike, RemoteCache
    from halflow.session.hal_builder import HalBuilder as HalBuilder
    from halflow.session.hal_builder import watch_with as watch_with
    from halflow.session.snapshots import Snapshot as Snapshot
    from halflow.session.snapshots import read_stable as read_stable
    from halflow.session.watcher import Builder as Builder
    from halflow.session.watcher import UsageError as UsageError
    from halflow.session.watcher import Watcher as Watcher
    from halflow.session.watcher import WatchEvent as WatchEvent
    from halflow.session.watcher import format_event as format_event
    from halflow.store.protocol import EntryStore

_EXPORTS = {
    "Builder": "halflow.session.watcher",
    "HalBuilder": "halflow.session.hal_builder",
    "Snapshot": "halflow.session.snapshots",
    "UsageError": "halflow.session.watcher",
    "WatchEvent": "halflow.session.watcher",
    "Watcher": "halflow.session.watcher",
    "format_event": "halflow.session.watcher",
    "read_stable": "halflow.session.snapshots",
    "watch_with": "halflow.session.hal_builder",
}

__all__ = ["watch", *sorted(_EXPORTS)]


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
    from halflow.core.options import BuildOptions
    from halflow.session.hal_builder import watch_with
    from halflow.session.watcher import Watcher

    if builder is not None:
        return Watcher(input, output, builder, on_build=on_build, log=log, **options)
    build_options = BuildOptions(
        split_input_file=split_input_file, cache_dir=cache_dir, no_cache=no_cache,
        explain=explain, report=report, trace=trace, progress=progress, remote=remote,
    )
    return watch_with(input, output, build_options, cache=cache, on_build=on_build, log=log,
                      **options)


def __getattr__(name: str) -> object:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'halflow.watch' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_EXPORTS})
