"""The stages of IREE's ``iree-hal-materialize-interfaces`` pass.

One module per stage. Each holds a pure function from explicit inputs to an
output (no module-wide state) and a :class:`Stage` declaration whose version
enters the cache key of every node computed by that stage: bump it whenever
the stage's output for the same inputs changes.

    device_targets     required executable targets per dispatch site/executable
    variants           hal.executable.variant plan per executable
    layout             per-export pipeline layout (BindingLayoutAnalysis)
    interface          the #hal.pipeline.layout attribute of a layout
    export_ops         hal.executable.export ops (ordinal, count region, size)
    clone_function     entry function rewritten to the HAL interface
    dispatch           stream.cmd.dispatch entry points -> variant exports
    workgroup_info     stream.* workgroup info -> hal.interface.*, greedy fold
    executable         one stream.executable -> hal.executable (uses the above)
    executable_source  hal.executable.source -> hal.executable
"""

from __future__ import annotations

import collections


class Stage(collections.namedtuple("Stage", ["name", "version", "doc"], defaults=[""])):
    """Declaration of a stage: its ``name`` (used in node ids), ``version``
    (an int) and ``doc``.

    (A named tuple, not a dataclass: the up-to-date check of a command-line
    rebuild reads the stage table, and importing dataclasses or typing costs
    it several milliseconds.)
    """

    __slots__ = ()
