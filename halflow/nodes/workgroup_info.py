"""Workgroup-info conversion and folding over one new ``hal.executable``.

``stream.return`` becomes ``hal.return``,
``stream.dispatch.workgroup.{id,count,size}`` become
``hal.interface.workgroup.{id,count,size}``, a workgroup size that the export
fixes is inlined as a constant, and IREE's greedy driver folds the whole
executable. The greedy driver (not hand-written rewrites) is what makes the
output byte-identical: it also erases dead interface loads, folds, and
hoists and dedups constants.
"""

from __future__ import annotations

from iree.compiler import ir, rewrite

from halflow.core import stages
from halflow.ir import irutil

STAGE = stages.WORKGROUP_INFO

_WORKGROUP_OPS = {
    "stream.dispatch.workgroup.id": "hal.interface.workgroup.id",
    "stream.dispatch.workgroup.count": "hal.interface.workgroup.count",
    "stream.dispatch.workgroup.size": "hal.interface.workgroup.size",
}


def _convert_return(op: ir.Operation, rewriter: rewrite.PatternRewriter) -> None:
    op = op.operation
    new = ir.Operation.create(
        "hal.return", operands=list(op.operands), loc=op.location, ip=rewriter.ip
    )
    rewriter.replace_op(op, new)


def _workgroup_info_pattern(target: str):
    def convert(op: ir.Operation, rewriter: rewrite.PatternRewriter) -> None:
        op = op.operation
        new = ir.Operation.create(
            target,
            results=[op.results[0].type],
            attributes={"dimension": op.attributes["dimension"]},
            loc=op.location,
            ip=rewriter.ip,
        )
        rewriter.replace_op(op, new)

    return convert


def _inline_workgroup_size(op: ir.Operation, rewriter: rewrite.PatternRewriter) -> bool:
    """Replace ``hal.interface.workgroup.size`` by the export's fixed size.

    Returns True (no match) when the export does not fix a size.
    """
    op = op.operation
    func = next((p for p in irutil.parents(op) if p.name == "func.func"), None)
    if func is None:
        return True
    variant = next((p for p in irutil.parents(func) if p.name == "hal.executable.variant"), None)
    if variant is None:
        return True
    export = irutil.lookup_in(variant, irutil.symbol_name(func) or "")
    if export is None or export.name != "hal.executable.export":
        return True
    sizes = irutil.attr(export, "workgroup_size")
    if sizes is None:
        return True
    dim = ir.IntegerAttr(op.attributes["dimension"]).value
    value = ir.ArrayAttr(sizes)[dim]
    const = ir.Operation.create(
        "arith.constant",
        results=[ir.IndexType.get()],
        attributes={"value": value},
        loc=op.location,
        ip=rewriter.ip,
    )
    rewriter.replace_op(op, const)
    return False


def _patterns(context: ir.Context) -> rewrite.FrozenRewritePatternSet:
    patterns = rewrite.RewritePatternSet(context)
    patterns.add("stream.return", _convert_return)
    for source, target in _WORKGROUP_OPS.items():
        patterns.add(source, _workgroup_info_pattern(target))
    patterns.add("hal.interface.workgroup.size", _inline_workgroup_size)
    return patterns.freeze()


def convert_and_fold(executable: ir.Operation) -> None:
    """Apply the conversions and IREE's greedy fold to one hal.executable."""
    irutil.apply_patterns(executable, _patterns(executable.context))
