"""The ``halflow watch`` command: signals, quiet mode, the builder it runs."""

from __future__ import annotations

import dataclasses
import signal
from typing import Any

from halflow.core.options import BuildOptions, VmfbOptions
from halflow.session.hal_builder import watch_with
from halflow.session.watcher import DEFAULT_DEBOUNCE, Watcher, WatchEvent, format_event


def _stderr(line: str) -> None:
    from halflow.core.output import write_stderr

    write_stderr(line + "\n")


def explain_line(line: str) -> None:
    """What ``halflow watch --explain`` prints for an executed node."""
    _stderr(f"halflow: explain: {line}")


def run_command(
    input: str,
    output: str,
    options: BuildOptions,
    *,
    debounce: float = DEFAULT_DEBOUNCE,
    vmfb: VmfbOptions | None = None,
    quiet: bool = False,
) -> int:
    """``halflow watch``: runs until SIGINT/SIGTERM, then returns 0.

    ``vmfb``: build ``.vmfb`` files instead, so (with the cache, report,
    trace and explain of ``options``: :class:`halflow.session.vmfb_builder.VmfbBuilder`).
    ``quiet`` (``-q``): only errors and warnings, no line per build.

    The first signal abandons a build in progress (outputs are replaced
    atomically, so none is left half-written) and ends the watch cleanly;
    further signals during shutdown are ignored. Raises ``ValueError`` for
    unusable arguments (:class:`UsageError`).
    """
    stopping: list[int] = []

    def on_signal(signum: int, frame: Any) -> None:
        if stopping:
            return
        stopping.append(signum)
        from halflow.core import interrupts

        interrupts.interrupt()  # not inside a callback MLIR runs

    # Installed for the rest of the process: after the first signal, further
    # ones are ignored while shutdown (observer, persisting state) finishes.
    for s in (signal.SIGINT, signal.SIGTERM):
        signal.signal(s, on_signal)
    builder = None
    log = _quiet_log if quiet else _stderr
    on_build = _quiet_event if quiet else None
    try:
        if vmfb is not None:
            from halflow.session.vmfb_builder import VmfbBuilder

            builder = VmfbBuilder(options, vmfb)
            watcher = Watcher(input, output, builder, log=log, on_build=on_build,
                              debounce=debounce)
        else:
            if quiet:
                options = dataclasses.replace(options, progress=False)
            watcher = watch_with(input, output, options, log=log, on_build=on_build,
                                 debounce=debounce)
        builder = None  # the watcher closes it when it stops
        watcher.run()
    except KeyboardInterrupt:
        pass
    finally:
        if builder is not None:
            builder.close()
    if stopping and not quiet:
        _stderr("halflow: stopped watching")
    return 0


def _quiet_log(line: str) -> None:
    """``watch -q``: of the watcher's own lines, the warnings."""
    if line.startswith("halflow: warning:"):
        _stderr(line)


def _quiet_event(event: WatchEvent) -> None:
    """``watch -q``: a failed build as always; of a good one, its warnings."""
    if not event.ok:
        _stderr(format_event(event))
        return
    warnings = getattr(event.result, "warnings", ())
    if warnings:
        _stderr("\n".join(w.render() for w in warnings))
