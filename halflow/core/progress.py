"""Progress of a build on a terminal (rich, on stderr), for both build kinds.

The ``.vmfb`` build reports :class:`Event` s to a sink; :func:`sink_for`
picks one: a rich display (:class:`RichDisplay`: the running phase with its
clock, executables compiled / reused / remaining, groups serialized) when
stderr is a terminal, nothing otherwise, or a caller's function (``halflow
watch`` and tests use that). :class:`Clock` times its phases. The MLIR
build shows one bar (:class:`Progress`) once it has run for ``delay``
seconds, only on a terminal (quick builds stay silent).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from enum import StrEnum
from typing import Any, NamedTuple


class Kind(StrEnum):
    PHASE = "phase"  # a build phase started: ``detail`` names it
    PLAN = "plan"  # codegen planned: ``total`` executables, ``reused`` of them hits
    COMPILED = "compiled"  # one executable translated
    REUSED = "reused"  # one executable taken from the cache
    FAILED = "failed"  # one executable could not be translated
    GROUP = "group"  # one group serialized: ``detail`` names it
    DONE = "done"  # the build finished (successfully or not)


class Event(NamedTuple):
    kind: Kind
    executable: str = ""
    seconds: float = 0.0
    detail: str = ""
    total: int = 0
    reused: int = 0
    groups: int = 0  # with PLAN: groups to serialize


Sink = Callable[[Event], None]


def _ignore(_: Event) -> None:
    pass


class RichDisplay:
    """Live progress on stderr: one row per phase (front-end, materialize,
    translate N, serialize K groups, host, assemble), each with its own
    running clock; a phase of unknown length pulses instead of sitting at a
    full bar."""

    def __init__(self) -> None:
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeElapsedColumn,
        )

        self._progress = Progress(
            TextColumn("[bold]{task.description}"),
            BarColumn(bar_width=20),
            MofNCompleteColumn(),
            TextColumn("{task.fields[counts]}"),
            TimeElapsedColumn(),
            console=Console(stderr=True),
            transient=False,
        )
        self._phase: Any = None  # the row of the running phase of unknown length
        self._phases: set[str] = set()
        self._translate: Any = None
        self._groups: Any = None
        self._compiled = self._reused = self._failed = 0
        self._total = 0
        self._started = False

    def _counts(self) -> str:
        remaining = self._total - self._compiled - self._reused - self._failed
        text = f"{self._compiled} compiled · {self._reused} reused · {remaining} left"
        return text + (f" · {self._failed} failed" if self._failed else "")

    def _end_phase(self) -> None:
        if self._phase is not None:
            self._progress.update(self._phase, total=1, completed=1)
            self._phase = None

    def __call__(self, event: Event) -> None:
        if not self._started:
            self._progress.start()
            self._started = True
        progress = self._progress
        if event.kind == Kind.PHASE:
            if event.detail in self._phases:
                return
            self._phases.add(event.detail)
            self._end_phase()
            self._phase = progress.add_task(event.detail, total=None, counts="")
            return
        if event.kind == Kind.PLAN:
            self._end_phase()
            self._total = event.total
            self._reused = event.reused
            # The bar counts only what must be compiled: reuses are instant.
            misses = event.total - event.reused
            self._translate = progress.add_task(f"translate {misses}", total=misses,
                                                counts=self._counts())
            if event.groups:
                self._groups = progress.add_task(f"serialize {event.groups} groups",
                                                 total=event.groups, counts="")
            return
        if event.kind == Kind.DONE:
            self._end_phase()
            progress.stop()
            return
        if event.kind == Kind.REUSED:
            return
        if event.kind == Kind.GROUP:
            if self._groups is not None:
                progress.update(self._groups, advance=1)
            return
        if event.kind == Kind.COMPILED:
            self._compiled += 1
        elif event.kind == Kind.FAILED:
            self._failed += 1
        if self._translate is not None:
            progress.update(self._translate, advance=1, counts=self._counts())


def sink_for(progress: bool | Sink | None) -> Sink:
    """``None``: rich on a terminal, silent otherwise; ``False``: silent;
    ``True``: rich; a callable: that callable."""
    if callable(progress):
        return progress
    if progress is False:
        return _ignore
    if progress is None and not sys.stderr.isatty():
        return _ignore
    return RichDisplay()


class Clock:
    """Named wall-clock phases of a build, for the timing breakdown."""

    def __init__(self) -> None:
        self.started = time.perf_counter()
        self.phases: dict[str, float] = {}

    def add(self, name: str, seconds: float) -> None:
        self.phases[name] = self.phases.get(name, 0.0) + seconds

    def total(self) -> float:
        return time.perf_counter() - self.started


class Progress:
    """The MLIR build's bar: ``update(done, total, **fields)``; shown on a
    terminal once the build has run ``delay`` seconds."""

    def __init__(self, description: str, *, delay: float = 0.5, enabled: bool | None = None):
        self.description = description
        self.delay = delay
        self.enabled = sys.stderr.isatty() if enabled is None else enabled
        self.start = time.monotonic()
        self._bar: Any = None
        self._task: Any = None

    def update(self, done: int, total: int, **fields: Any) -> None:
        if not self.enabled:
            return
        if self._bar is None:
            if time.monotonic() - self.start < self.delay or done >= total:
                return
            from rich.console import Console
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                TextColumn,
                TimeElapsedColumn,
                TimeRemainingColumn,
            )
            from rich.progress import Progress as RichProgress

            self._bar = RichProgress(
                TextColumn("[bold]{task.description}"),
                BarColumn(),
                MofNCompleteColumn(),
                TextColumn("{task.fields[detail]}"),
                TimeElapsedColumn(),
                TimeRemainingColumn(),
                console=Console(stderr=True),
                transient=True,
            )
            self._bar.start()
            self._task = self._bar.add_task(self.description, total=total, detail="")
        detail = " ".join(f"{k} {v}" for k, v in fields.items())
        self._bar.update(self._task, completed=done, total=total, detail=detail)

    def close(self) -> None:
        if self._bar is not None:
            self._bar.stop()
            self._bar = None

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
