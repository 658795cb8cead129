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

Beside them, the planner and the one driver: ``facts`` and ``host`` (plain
data read from executables and the host program), ``plan`` and ``verify``
(planning on plain data; dispatch/export signature checks), ``materialize``
(every stage over one parsed module), and ``tracked`` (stage declarations).
"""

from __future__ import annotations

from halflow.core.stages import Stage

__all__ = ["Stage"]
