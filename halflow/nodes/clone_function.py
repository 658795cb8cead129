"""The entry function of one (export, variant), rewritten to the HAL interface.

Non-binding arguments become ``hal.interface.constant.load`` (with the
argument's ``stream.alignment`` / ``stream.values``), each
``stream.binding.subspan`` of a binding argument becomes a
``hal.interface.binding.subspan`` (alignment, descriptor flags of the
binding), and the arguments are erased.
"""

from __future__ import annotations

from collections.abc import Sequence

from iree.compiler import ir

from halflow.core import stages
from halflow.ir import irutil
from halflow.nodes.layout import PipelineLayout

STAGE = stages.CLONE_FUNCTION

BINDING_TYPE = "!stream.binding"


class CloneError(ValueError):
    pass


def argument_types(func: ir.Operation) -> list[ir.Type]:
    ftype = ir.FunctionType(ir.TypeAttr(func.attributes["function_type"]).value)
    return list(ftype.inputs)


def unsupported_argument(func: ir.Operation) -> str | None:
    """IREE's message for the first argument that is neither a binding nor
    an i32, else None."""
    for i, t in enumerate(argument_types(func)):
        if str(t) == BINDING_TYPE:
            continue
        if isinstance(t, ir.IntegerType) and t.width == 32:
            continue
        return (
            f"unsupported interface function argument {i} type '{t}'; "
            "requires !stream.binding or i32 operands only"
        )
    return None


def _arg_attrs(func: ir.Operation, count: int, name: str) -> list[ir.Attribute | None]:
    """The ``name`` argument attribute of each of ``count`` arguments."""
    attrs = func.attributes
    if "arg_attrs" not in attrs:
        return [None] * count
    out: list[ir.Attribute | None] = []
    for d in ir.ArrayAttr(attrs["arg_attrs"]):
        d = ir.DictAttr(d)
        out.append(d[name] if name in d else None)  # noqa: SIM401 (DictAttr.get is a constructor)
    return out + [None] * (count - len(out))


def clone_with_interface(
    source: ir.Operation,
    layout_attr: ir.Attribute,
    layout: PipelineLayout,
    resource_map: Sequence[int] | None = None,
    *,
    in_place: bool = False,
) -> ir.Operation:
    """A detached clone of ``source`` taking all I/O through the interface.

    With ``in_place`` the source itself is rewritten (and returned): IREE
    clones once per variant and then erases the source, so rewriting the
    source for the last variant gives the same IR without one deep copy.
    """
    block = irutil.first_block(source)
    n_args = len(block.arguments) if block is not None else 0
    alignments = _arg_attrs(source, n_args, "stream.alignment")
    values = _arg_attrs(source, n_args, "stream.values")
    clone = source if in_place else source.clone()
    clone.attributes["function_type"] = ir.TypeAttr.get(ir.FunctionType.get([], []))
    for name in ("arg_attrs", "res_attrs"):
        if name in clone.attributes:
            del clone.attributes[name]
    block = irutil.first_block(clone)
    if block is None:
        return clone
    args = list(block.arguments)
    binding_type = ir.Type.parse(BINDING_TYPE)
    is_binding = [a.type == binding_type for a in args]
    _load_constants(block, args, is_binding, layout_attr, alignments, values)
    subspans = _binding_subspans(clone, args, is_binding)
    resource = 0
    for i, arg in enumerate(args):
        if not is_binding[i]:
            continue
        binding = resource_map[resource] if resource_map is not None else resource
        resource += 1
        _rewrite_binding(i, arg, subspans.get(i, []), binding, layout, layout_attr, alignments[i])
    for i in range(len(args) - 1, -1, -1):
        block.erase_argument(i)
    return clone


def _load_constants(
    block: ir.Block,
    args: Sequence[ir.BlockArgument],
    is_binding: Sequence[bool],
    layout_attr: ir.Attribute,
    alignments: Sequence[ir.Attribute | None],
    values: Sequence[ir.Attribute | None],
) -> None:
    """Each non-binding argument replaced by a ``hal.interface.constant.load``
    (ordinals counting those arguments only)."""
    # Constants first, at the top of the entry block and in argument order,
    # so they are available to the binding accessors. (at_block_begin: no
    # OpView of the first op is built, so its dialect's module is not imported.)
    ip = ir.InsertionPoint.at_block_begin(block)
    ordinal = 0
    for i, arg in enumerate(args):
        if is_binding[i]:
            continue
        attributes = {"layout": layout_attr, "ordinal": irutil.index_attr(ordinal)}
        if alignments[i] is not None:
            attributes["alignment"] = alignments[i]
        if values[i] is not None:
            attributes["values"] = values[i]
        load = ir.Operation.create(
            "hal.interface.constant.load",
            results=[arg.type],
            attributes=attributes,
            loc=arg.location,
            ip=ip,
        )
        arg.replace_all_uses_with(load.result)
        ordinal += 1


def _binding_subspans(
    func: ir.Operation, args: Sequence[ir.BlockArgument], is_binding: Sequence[bool]
) -> dict[int, list[ir.Operation]]:
    """Argument index -> the ``stream.binding.subspan`` ops of that binding
    argument, in walk order."""
    # Found by walking (use lists give OpViews, whose construction imports
    # dialect modules).
    subspans: dict[int, list[ir.Operation]] = {}
    if any(is_binding):
        binding_args = {i: a for i, a in enumerate(args) if is_binding[i]}
        for op in irutil.walk_named(func, "stream.binding.subspan"):
            first_operand = op.operands[0]
            for i, a in binding_args.items():
                if first_operand == a:
                    subspans.setdefault(i, []).append(op)
                    break
    return subspans


def _rewrite_binding(
    index: int,
    arg: ir.BlockArgument,
    users: Sequence[ir.Operation],
    binding: int,
    layout: PipelineLayout,
    layout_attr: ir.Attribute,
    alignment: ir.Attribute | None,
) -> None:
    """Binding argument ``index`` (``users``: its subspans) as binding
    ``binding`` of the layout: each subspan replaced by a
    ``hal.interface.binding.subspan``. Raises :class:`CloneError` for a
    binding the layout lacks or a use that is not a subspan."""
    if binding >= len(layout.bindings):
        raise CloneError(f"layout has no binding {binding}")
    flags = int(layout.bindings[binding].flags)
    flags_attr = ir.IntegerAttr.get(ir.IntegerType.get_signless(32), flags)
    binding_attr = irutil.index_attr(binding)
    if len(users) != sum(1 for _ in arg.uses):
        raise CloneError(
            f"binding argument {index} is used by an op other than stream.binding.subspan; "
            "bindings are only usable by stream.binding.subspan"
        )
    for old in users:
        operands = list(old.operands)
        offset, dims = operands[1], operands[2:]
        attributes = {
            "layout": layout_attr,
            "binding": binding_attr,
            "descriptor_flags": flags_attr,
            "operandSegmentSizes": ir.DenseI32ArrayAttr.get([1, len(dims)]),
        }
        if alignment is not None:
            attributes["alignment"] = alignment
        new = ir.Operation.create(
            "hal.interface.binding.subspan",
            results=[old.results[0].type],
            operands=[offset, *dims],
            attributes=attributes,
            loc=old.location,
            ip=ir.InsertionPoint(old),
        )
        old.results[0].replace_all_uses_with(new.results[0])
        old.erase()
