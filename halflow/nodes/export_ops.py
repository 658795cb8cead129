"""``hal.executable.export`` ops: ordinal, layout, workgroup count, size.

Each new export is inserted at the start of its variant's block, so a
variant with several exports lists them in reverse (ordinal 1 first), as
IREE's pass does. The HAL export is named after the function the stream
export calls, not the stream export's own symbol.
"""

from __future__ import annotations

import re

from iree.compiler import ir

from halflow.core import stages
from halflow.ir import irutil

STAGE = stages.EXPORT_OPS

_EXPORT_CONFIG_PREFIX = "#iree_codegen.export_config<"
_INHERENT = frozenset({"sym_name", "sym_visibility", "function_ref", "hal.interface.layout"})


class ExportError(ValueError):
    pass


def workgroup_size(stream_export: ir.Operation) -> list[int] | None:
    """Workgroup size from an ``#iree_codegen.export_config`` on the export,
    padded to three dimensions with 1; None when there is no such attribute."""
    attrs = stream_export.attributes
    for name in sorted(irutil.attr_names(stream_export)):
        if name in _INHERENT:
            continue
        text = str(attrs[name])
        if text.startswith(_EXPORT_CONFIG_PREFIX):
            sizes = [int(v) for v in re.findall(r"-?\d+", text[len(_EXPORT_CONFIG_PREFIX) :])]
            return sizes + [1] * (3 - len(sizes)) if len(sizes) < 3 else sizes
    return None


def create_export(
    variant_block: ir.Block,
    name: str,
    ordinal: int,
    layout: ir.Attribute,
    sizes: list[int] | None,
    loc: ir.Location,
) -> ir.Operation:
    """Create the export at the start of ``variant_block``."""
    attributes: dict[str, ir.Attribute] = {
        "sym_name": ir.StringAttr.get(name),
        "ordinal": irutil.index_attr(ordinal),
        "layout": layout,
    }
    if sizes is not None:
        attributes["workgroup_size"] = ir.ArrayAttr.get([irutil.index_attr(s) for s in sizes])
    # (at_block_begin builds no OpView of the first op: see clone_function)
    ip = ir.InsertionPoint.at_block_begin(variant_block)
    return ir.Operation.create(
        "hal.executable.export", attributes=attributes, regions=2, loc=loc, ip=ip
    )


def clone_workgroup_count(
    stream_export: ir.Operation, hal_export: ir.Operation, *, move: bool = False
) -> None:
    """Copy the workgroup count region, adding a leading ``!hal.device``
    argument unless one is already there. With ``move`` the stream export's
    own region is taken apart instead (for the last variant: the stream
    executable is erased afterwards)."""
    if not list(stream_export.regions[0].blocks):
        return
    # Take apart a detached copy (or, with `move`, the original's block).
    scratch = stream_export if move else stream_export.clone()
    try:
        blocks = list(scratch.regions[0].blocks)
        if len(blocks) != 1:
            raise ExportError("workgroup count regions with several blocks are not supported")
        old = blocks[0]
        device_type = ir.Type.parse("!hal.device")
        old_types = [a.type for a in old.arguments]
        insert_device = device_type not in old_types
        new_types = ([device_type] if insert_device else []) + old_types
        loc = hal_export.location
        new = ir.Block.create_at_start(hal_export.regions[0], new_types, [loc] * len(new_types))
        shift = 1 if insert_device else 0
        for i, arg in enumerate(old.arguments):
            arg.replace_all_uses_with(new.arguments[i + shift])
        for op in _ops_of_first_region(scratch):
            new.append(op)
    finally:
        if not move:
            scratch.erase()


def _ops_of_first_region(op: ir.Operation) -> list[ir.Operation]:
    """Ops of the (single-block) first region of ``op``, without OpViews."""
    first_block = op.regions[0].blocks[0]
    found: list[ir.Operation] = []

    def visit(child: ir.Operation) -> ir.WalkResult:
        if child == op:
            return ir.WalkResult.ADVANCE
        if child.block == first_block:
            found.append(child)
        return ir.WalkResult.SKIP

    irutil.walk(op, visit, ir.WalkOrder.PRE_ORDER)
    return found
