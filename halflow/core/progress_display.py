"""Progress display for builds that take more than a moment.

Shown on stderr with rich, only when stderr is a terminal, and only once a
build has run for ``delay`` seconds (quick builds stay silent).
"""

from __future__ import annotations

import sys
import time
from typing import Any


class Progress:
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
