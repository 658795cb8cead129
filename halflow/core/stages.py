"""Every stage's declaration (name, version), in one table, and the
:class:`Stage` record itself.

Each stage module under :mod:`halflow.nodes` re-exports its entry as
``STAGE``; the engine's own nodes (reading inputs, printing) are here too.
Bump a stage's version whenever its output for the same inputs changes: the
version enters the key of every node of that stage, the signature of every
node group, and the key of whole-output cache entries (:func:`tag`), so a
new version is never answered from old entries. This module imports no MLIR,
so the no-op check of a rebuild can read it.
"""

from __future__ import annotations

import collections
import functools

from halflow.core.fingerprint import fingerprint


class Stage(collections.namedtuple("Stage", ["name", "version", "doc"], defaults=[""])):
    """Declaration of a stage: its ``name`` (used in node ids), ``version``
    (an int) and ``doc``.

    (A named tuple, not a dataclass: the up-to-date check of a command-line
    rebuild reads the stage table, and importing dataclasses or typing costs
    it several milliseconds.)
    """

    __slots__ = ()


# The pass, in halflow.nodes.
TARGETS = Stage("targets", 2, "executable targets required by a dispatch site or executable")
VARIANTS = Stage("variants", 1, "variant names and targets of one executable")
LAYOUT = Stage("layout", 1, "pipeline layout of one export from its signature and dispatch sites")
INTERFACE = Stage("interface", 1, "#hal.pipeline.layout attribute text of a layout")
EXPORT_OPS = Stage("export_ops", 1, "hal.executable.export ops of one export in each variant")
CLONE_FUNCTION = Stage("clone_function", 1, "entry function rewritten to the HAL interface")
OBJECTS = Stage("objects", 1, "objects of hal.executable.objects that apply to a target")
WORKGROUP_INFO = Stage("workgroup_info", 1, "stream workgroup info -> hal.interface.*, greedy fold")
CONVERT_EXECUTABLE = Stage("convert_executable", 1, "hal.executable of one stream.executable")
EXECUTABLE_SOURCE = Stage("executable_source", 1, "hal.executable of one hal.executable.source")
DISPATCH = Stage("dispatch", 1, "entry points of one dispatch site after materialization")

# The engine's own nodes.
# v2: export facts carry the workload and uniform types IREE verifies
# dispatches against (halflow.nodes.verify).
EXECUTABLE = Stage("executable", 3, "facts of one executable, read from its text")
EXPORT = Stage("export", 1, "facts of one export")
# v2: a site is named by its callee, not its position, and holds no index.
DISPATCH_SITE = Stage("dispatch_site", 2, "facts of one dispatch site")
# v3: dispatch sites carry their workload and uniform operand types.
# v4: dispatch site ids name the callee (see DISPATCH_SITE).
# v5: one node per top-level host op (its dispatch sites); the device
# globals are the ``devices`` node's.
HOST = Stage("host", 5, "dispatch sites of one top-level host op")
DEVICES = Stage("devices", 1, "device globals, legacy targets and hal.executable exports")
# v2: printed ops of units with dialect resources are parsed in their own
# context (a shared one renamed resource keys).
CONVERT = Stage("convert", 2, "hal.executable of one executable, printed")
PRINT = Stage("print", 2, "printed host op after dispatch annotation")
SHELL = Stage("shell", 1, "printed module opening")
MODULE = Stage("module", 1, "assembled output")

ALL = (
    TARGETS, VARIANTS, LAYOUT, INTERFACE, EXPORT_OPS, CLONE_FUNCTION, OBJECTS,
    WORKGROUP_INFO, CONVERT_EXECUTABLE, EXECUTABLE_SOURCE, DISPATCH,
    EXECUTABLE, EXPORT, DISPATCH_SITE, HOST, DEVICES, CONVERT, PRINT, SHELL, MODULE,
)


@functools.cache
def tag() -> str:
    """Fingerprint of every stage version (enters whole-output keys; the
    versions are constants of the source tree, so it is computed once)."""
    return fingerprint([(s.name, s.version) for s in ALL])
