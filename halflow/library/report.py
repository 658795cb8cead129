"""The report of a build to MLIR (``halflow.build``, ``--report``), typed.

:class:`MlirReport` is what :mod:`halflow.library.build_mlir` makes of a
build; :meth:`MlirReport.as_dict` is ``BuildResult.report`` and
:meth:`MlirReport.json` the report file, both in the keys and order
documented (DESIGN.md): ``executed``, ``total``, ``reused``, ``mode``,
``fallback`` (when there was one), the document's counts (``executables``,
``dispatch_sites``), ``cases`` (``--split-input-file`` with more than one),
``seconds``, ``cache``. The ``mode`` is :class:`halflow.core.buildmode.BuildMode`,
shared with the ``.vmfb`` report, and so is the history line
(:class:`halflow.core.buildmode.BuildSummary`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from halflow.core.buildmode import BuildMode, BuildSummary


def _with_fallback(data: dict[str, Any], fallback: str | None) -> dict[str, Any]:
    if fallback:
        data["fallback"] = fallback
    return data


class CaseReport(NamedTuple):
    """How one case of a ``--split-input-file`` build went."""

    mode: BuildMode
    fallback: str | None = None

    def as_dict(self) -> dict[str, Any]:
        return _with_fallback({"mode": self.mode}, self.fallback)


def peak_memory() -> dict[str, int]:
    """The peak resident memory of the process that ran the build (KiB):
    ``halflow build`` through the build server builds in a fork of the
    server, and this is that fork's, not the client's. ``children``: the
    largest of the processes it waited for, when any ran (a command
    running a tool)."""
    import resource

    found = {"peak_rss_kb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}
    children = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    if children:
        found["children_peak_rss_kb"] = children
    return found


class CacheCounts(NamedTuple):
    """This build's lookups in the cache."""

    hits: int
    misses: int
    corrupt: int

    def as_dict(self) -> dict[str, int]:
        return {"hits": self.hits, "misses": self.misses, "corrupt": self.corrupt}


def run_data(run: Any) -> dict[str, Any]:
    """One executed node (a :class:`halflow.engine.recorder.NodeRun`) as the
    report shows it."""
    return {"node": run.node, "stage": run.stage, "reason": run.reason,
            "seconds": round(run.seconds, 6)}


@dataclass(frozen=True, kw_only=True)
class MlirReport:
    """A build to MLIR: see the module docstring. ``executed`` holds the
    engine's records (a cold build of a large module runs tens of
    thousands: they become JSON-ready objects only when written or read);
    ``counts`` is empty for a build answered whole from the cache;
    ``seconds`` and ``cache`` are set when the build ends
    (:meth:`finished`); ``trace_events`` go to the trace file, not the
    report."""

    mode: BuildMode
    total: int
    reused: int
    executed: tuple[Any, ...] = ()
    fallback: str | None = None
    counts: Mapping[str, int] = field(default_factory=dict)
    cases: tuple[CaseReport, ...] = ()
    seconds: float = 0.0
    cache: CacheCounts | None = None
    # The shared cache's traffic of the build, when one is configured.
    remote: Mapping[str, Any] | None = None
    # Peak resident memory where the build ran (see peak_memory), KiB.
    memory: Mapping[str, int] | None = None
    trace_events: tuple[dict[str, Any], ...] = field(default=(), repr=False, compare=False)

    def finished(self, seconds: float, cache: CacheCounts) -> MlirReport:
        """The report with the build's time and cache lookups."""
        from dataclasses import replace

        return replace(self, seconds=round(seconds, 6), cache=cache, memory=peak_memory())

    def with_remote(self, remote: Mapping[str, Any]) -> MlirReport:
        """The report with the shared cache's traffic of the build."""
        from dataclasses import replace

        return replace(self, remote=dict(remote))

    def with_event(self, event: dict[str, Any]) -> MlirReport:
        from dataclasses import replace

        return replace(self, trace_events=(*self.trace_events, event))

    def summary(self, input: str) -> BuildSummary:
        """The build's line in the cache's history."""
        return BuildSummary(input=input, mode=self.mode, executed=len(self.executed),
                            reused=self.reused, seconds=self.seconds)

    def _head(self) -> dict[str, Any]:
        """Every key but ``executed``, in the report's order."""
        data = _with_fallback(
            {"total": self.total, "reused": self.reused, "mode": self.mode}, self.fallback
        )
        data.update(self.counts)
        if self.cases:
            data["cases"] = [c.as_dict() for c in self.cases]
        data["seconds"] = self.seconds
        if self.cache is not None:
            data["cache"] = self.cache.as_dict()
        if self.remote is not None:
            data["remote"] = dict(self.remote)
        if self.memory is not None:
            data["memory"] = dict(self.memory)
        return data

    def as_dict(self) -> dict[str, Any]:
        """``BuildResult.report``: ``executed`` as objects with ``node``,
        ``stage``, ``reason``, ``seconds``."""
        head = self._head()
        return {"total": head.pop("total"), "executed": [run_data(r) for r in self.executed],
                **head}

    def json(self) -> str:
        """The report file's text, written one executed node at a time."""
        parts = ['{\n "executed": [']
        for k, run in enumerate(self.executed):
            parts.append(("\n  " if k == 0 else ",\n  ") + json.dumps(run_data(run)))
        parts.append("\n ]")
        rest = json.dumps(self._head(), indent=1)[1:]
        parts.append("," + rest)
        return "".join(parts) + "\n"
