"""Progress of a build, per executable: compiled / reused / remaining, ETA.

A build reports :class:`Event` s to a sink. :func:`sink_for` picks one: a
rich display on stderr when stderr is a terminal, nothing otherwise, or a
caller's function (``halflow watch`` and tests use that).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any


class Kind(StrEnum):
    PHASE = "phase"  # a build phase started: ``detail`` names it
    PLAN = "plan"  # codegen planned: ``total`` executables, ``reused`` of them hits
    COMPILED = "compiled"  # one executable translated
    REUSED = "reused"  # one executable taken from the cache
    FAILED = "failed"  # one executable could not be translated
    GROUP = "group"  # one group serialized: ``detail`` names it
    DONE = "done"  # the build finished (successfully or not)


@dataclass(frozen=True)
class Event:
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
    """A live per-executable progress bar on stderr."""

    def __init__(self) -> None:
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )

        self._progress = Progress(
            TextColumn("[bold]{task.description}"),
            BarColumn(bar_width=20),
            MofNCompleteColumn(),
            TextColumn("{task.fields[counts]}"),
            TextColumn("ETA"),
            TimeRemainingColumn(compact=True),
            TimeElapsedColumn(),
            console=Console(stderr=True),
            transient=False,
        )
        self._task: Any = None
        self._compiled = self._reused = self._failed = 0
        self._total = 0
        self._started = False

    def _counts(self) -> str:
        remaining = self._total - self._compiled - self._reused - self._failed
        text = f"{self._compiled} compiled · {self._reused} reused · {remaining} left"
        return text + (f" · {self._failed} failed" if self._failed else "")

    def __call__(self, event: Event) -> None:
        if not self._started:
            self._progress.start()
            self._task = self._progress.add_task("halflow", total=None, counts="")
            self._started = True
        if event.kind == Kind.PHASE:
            self._progress.update(self._task, description=event.detail)
            return
        if event.kind == Kind.PLAN:
            # The bar (and so the ETA) counts only what must be compiled:
            # reuses are instant and would skew the rate.
            self._total = event.total
            self._progress.update(self._task, description="codegen",
                                  total=event.total - event.reused, completed=0,
                                  counts=self._counts())
            return
        if event.kind == Kind.DONE:
            self._progress.stop()
            return
        if event.kind == Kind.REUSED:
            self._reused += 1
            self._progress.update(self._task, counts=self._counts())
            return
        if event.kind == Kind.COMPILED:
            self._compiled += 1
        elif event.kind == Kind.FAILED:
            self._failed += 1
        self._progress.update(self._task, advance=1, counts=self._counts())


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
