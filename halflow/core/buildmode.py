"""How a build went: the ``mode`` of every report, of both build kinds.

The report of a build to MLIR (``halflow.build``, ``--report``) and of a
build to ``.vmfb`` (``halflow.build_vmfb``) say in ``mode`` what the build
did; the history of builds (``halflow cache stats``) keeps it per build.
One closed set for both, so a reader of either report (or of the history)
matches the same words; :class:`BuildSummary` is the history's line of a
build of either kind.
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple


class BuildMode(StrEnum):
    UP_TO_DATE = "up-to-date"  # the output was current: nothing ran (entry point, .vmfb)
    NOOP = "noop"  # MLIR: the whole output from the cache (another output path)
    INCREMENTAL = "incremental"  # MLIR: the nodes an edit dirtied
    WHOLE = "whole"  # MLIR: the reference driver over the whole module
    MIXED = "mixed"  # MLIR, --split-input-file: cases built in different modes
    GROUPS = "groups"  # .vmfb: group binaries linked into the host
    FALLBACK = "fallback"  # .vmfb: IREE's whole-program final compile
    PLAIN = "plain"  # .vmfb: a small program's back end in one iree-compile
    VMFB = "vmfb"  # the history's mode of a .vmfb build (its report says which)


class BuildSummary(NamedTuple):
    """A build's line in the cache's history (``halflow cache stats``), the
    same for both kinds: the input, how the build went, the nodes (MLIR) or
    executables (``.vmfb``) executed and reused, and its seconds."""

    input: str
    mode: BuildMode
    executed: int
    reused: int
    seconds: float
    # An up-to-date build: counted apart from hits and misses (cache stats).
    noop: bool = False

    def as_dict(self) -> dict[str, object]:
        """What :meth:`halflow.store.protocol.EntryStore.record_build` takes."""
        line: dict[str, object] = {"input": self.input, "mode": self.mode}
        if self.noop:
            line["noop"] = True
        line.update(executed=self.executed, reused=self.reused, seconds=self.seconds)
        return line
