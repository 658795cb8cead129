"""Why each node ran: the data behind ``--explain``, ``--report`` and ``--trace``."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, NamedTuple


class NodeRun(NamedTuple):
    node: str
    stage: str
    reason: str
    seconds: float


@dataclass
class Recorder:
    """Why each node ran; the data behind --explain, --report and --trace."""

    runs: list[NodeRun] = field(default_factory=list)
    reused: int = 0
    events: list[dict[str, Any]] = field(default_factory=list)
    t0: float = field(default_factory=time.perf_counter)
    # Per-node trace events are kept only when a trace was asked for.
    trace_nodes: bool = False

    def executed(self, node: str, stage: str, reason: str, seconds: float) -> None:
        self.runs.append(NodeRun(node, stage, reason, seconds))

    def event(self, name: str, cat: str, start: float, end: float) -> None:
        if cat != "phase" and not self.trace_nodes:
            return
        self.events.append(
            {
                "name": name,
                "cat": cat,
                "ph": "X",
                "ts": round((start - self.t0) * 1e6, 1),
                "dur": round((end - start) * 1e6, 1),
                "pid": 1,
                "tid": 1,
            }
        )

    @contextlib.contextmanager
    def phase(self, name: str) -> Iterator[None]:
        start = time.perf_counter()
        try:
            yield
        finally:
            self.event(name, "phase", start, time.perf_counter())
