"""What the planning stages need to know about an executable, as plain data.

Read once from a parsed ``stream.executable`` / ``hal.executable.source`` and
cached under the executable's (name-normalized) text key, so that planning a
rebuild does not need to parse executables whose text did not change.
"""

from __future__ import annotations

from typing import NamedTuple

from iree.compiler import ir

from halflow.core import stages
from halflow.ir import irutil
from halflow.nodes import clone_function, executable
from halflow.nodes.tracked import IrStage

STREAM = "stream.executable"
SOURCE = "hal.executable.source"


class ExportFacts(NamedTuple):
    name: str
    function: str
    # Per argument: is it a !stream.binding? None without an entry function.
    args: tuple[bool, ...] | None
    forced_layout: str | None  # printed hal.interface.layout, if any
    # What IREE's CmdDispatchOp::verifySymbolUses compares a dispatch with
    # (see halflow.nodes.verify): the explicit (non-!hal.device) argument types of
    # the workgroup-count region, None when it has none; the non-binding
    # argument types of the entry function, None when it is not found. Both
    # None for hal.executable.source exports (not stream exports: unchecked).
    workload: tuple[str, ...] | None = None
    uniforms: tuple[str, ...] | None = None


class ExecutableFacts(NamedTuple):
    symbol: str
    kind: str  # STREAM or SOURCE
    public: bool
    has_inner_module: bool
    exports: tuple[ExportFacts, ...]
    # IREE's entry-point type error, reported only if the executable is
    # actually converted (IREE never looks at executables it skips).
    entry_error: str | None = None

    def export(self, name: str) -> ExportFacts | None:
        return next((e for e in self.exports if e.name == name), None)

    def rename(self, fn) -> ExecutableFacts:
        """A copy with every name passed through ``fn`` (name normalization)."""
        return ExecutableFacts(
            symbol=fn(self.symbol),
            kind=self.kind,
            public=self.public,
            has_inner_module=self.has_inner_module,
            exports=tuple(
                ExportFacts(fn(e.name), fn(e.function), e.args, e.forced_layout,
                            e.workload, e.uniforms)
                for e in self.exports
            ),
            entry_error=self.entry_error,
        )


# The engine's ``executable`` node: :func:`executable_facts` of one
# executable, read from its unit's text (``text``, its name-normalized key).
FACTS = IrStage(stages.EXECUTABLE, inputs=("text",))


def executable_facts(op: ir.Operation) -> ExecutableFacts:
    """Facts of a parsed executable."""
    symbol = irutil.symbol_name(op) or ""
    public = irutil.visibility(op) == "public"
    if op.name == SOURCE:
        exports = tuple(
            ExportFacts(irutil.symbol_name(c) or "", irutil.symbol_name(c) or "", None, None)
            for c in irutil.region_ops(op)
            if c.name == "hal.executable.export"
        )
        has_module = any(c.name == "builtin.module" for c in irutil.region_ops(op))
        return ExecutableFacts(symbol, SOURCE, public, has_module, exports)

    found = executable.entries(op)
    try:
        executable.check_entry_points(op, found)
        entry_error = None
    except executable.ExecutableError as e:
        entry_error = str(e)
    if entry_error is None:
        returning = executable.entry_returning_values(op, found)
        if returning is not None:
            entry_error = executable.RETURNS_VALUES + returning
    out = []
    for export, func in found.exports:
        info = executable.export_info(export)
        types = [str(t) for t in clone_function.argument_types(func)] if func is not None else None
        args = tuple(t == clone_function.BINDING_TYPE for t in types) if types is not None else None
        uniforms = (
            tuple(t for t in types if t != clone_function.BINDING_TYPE)
            if types is not None
            else None
        )
        forced = irutil.attr(export, "hal.interface.layout")
        out.append(
            ExportFacts(
                info.name, info.function, args, str(forced) if forced else None,
                _workload_types(export), uniforms,
            )
        )
    return ExecutableFacts(symbol, STREAM, public, found.has_module, tuple(out), entry_error)


def _workload_types(export: ir.Operation) -> tuple[str, ...] | None:
    """Types of the workgroup-count region's explicit arguments (IREE skips
    implicitly captured types: ``!hal.device``), None without the region."""
    if not export.regions:
        return None
    blocks = list(export.regions[0].blocks)
    if not blocks:
        return None
    return tuple(
        str(a.type) for a in blocks[0].arguments if str(a.type) != "!hal.device"
    )
