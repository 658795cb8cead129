"""One ``stream.executable`` -> ``hal.executable``.

Runs, in IREE's order, variant creation (with applicable objects), the export
ops and cloned entry functions of every export in every variant, the copy of
the rest of the inner module, then the workgroup-info conversion and greedy
fold. The layouts and variants are inputs (computed by their own stages from
plain data), so this function reads nothing but its arguments.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple

from iree.compiler import ir

from halflow.core import stages
from halflow.ir import irutil
from halflow.nodes import clone_function, executable_source, export_ops, objects, workgroup_info
from halflow.nodes.dispatch import Expansion
from halflow.nodes.interface import layout_attr_text
from halflow.nodes.layout import PipelineLayout
from halflow.nodes.tracked import IrStage
from halflow.nodes.variants import Variant

STAGE = stages.CONVERT_EXECUTABLE
# Every stage :func:`convert` runs, itself first: each one's version is part
# of the key of a cached conversion (the engine's ``convert`` node).
RUNS = (STAGE, export_ops.STAGE, clone_function.STAGE, workgroup_info.STAGE, objects.STAGE)


class ExecutableError(ValueError):
    """An executable IREE rejects; ``op`` carries the location to report.
    ``op_error``: IREE reports it with ``op->emitError()``, which attaches a
    "see current operation" note (see :meth:`SourceText.op_error`)."""

    def __init__(self, message: str, op: ir.Operation, *, op_error: bool = False):
        super().__init__(message)
        self.op = op
        self.op_error = op_error


class ExportInfo(NamedTuple):
    """A stream export: its symbol and the function it calls."""

    name: str
    function: str


def exports_of(stream_executable: ir.Operation) -> list[ir.Operation]:
    return [
        op
        for op in irutil.region_ops(stream_executable)
        if op.name == "stream.executable.export"
    ]


def export_info(export: ir.Operation) -> ExportInfo:
    name = irutil.symbol_name(export) or ""
    ref = irutil.attr(export, "function_ref")
    function = ir.FlatSymbolRefAttr(ref).value if ref is not None else name
    return ExportInfo(name, function)


def entry_function(stream_executable: ir.Operation, export: ir.Operation) -> ir.Operation | None:
    """The function an export calls, or None: no inner module, no symbol of
    that name, or a symbol that is not a function (IREE looks up a function
    op; it crashes on the last two, halflow reports them)."""
    module = irutil.inner_module(stream_executable)
    if module is None:
        return None
    found = irutil.lookup_in(module, export_info(export).function)
    return _function(found)


def _function(found: ir.Operation | None) -> ir.Operation | None:
    if found is None or irutil.attr(found, "function_type") is None:
        return None
    return found


class Entries(NamedTuple):
    """An executable's exports with the function each calls
    (:func:`entry_function`; None where there is none), and whether it has
    an inner module: read once for all that asks (each lookup walks the
    executable's ops)."""

    exports: list[tuple[ir.Operation, ir.Operation | None]]
    has_module: bool


def entries(stream_executable: ir.Operation) -> Entries:
    module = irutil.inner_module(stream_executable)
    symbols: dict[str | None, ir.Operation] = {}
    for child in irutil.region_ops(module) if module is not None else ():
        symbols.setdefault(irutil.symbol_name(child), child)  # (the first, as lookup_in)
    return Entries(
        [(export, _function(symbols.get(export_info(export).function))
          if module is not None else None) for export in exports_of(stream_executable)],
        module is not None,
    )


def check_entry_points(stream_executable: ir.Operation, found: Entries | None = None) -> None:
    """IREE's entry-point type verification, raising at the function
    (``found``: :func:`entries` of the executable, if read already)."""
    found = found if found is not None else entries(stream_executable)
    for export, func in found.exports:
        if func is None:
            if found.has_module:
                raise ExecutableError(
                    f"export @{export_info(export).name} calls an undefined function "
                    f"@{export_info(export).function}",
                    export,
                )
            continue
        message = clone_function.unsupported_argument(func)
        if message is not None:
            raise ExecutableError(message, func, op_error=True)  # entryFuncOp.emitError()


# Facts' ``entry_error`` for an entry function that returns values. IREE
# converts it anyway (to a function returning nothing, whose return then
# still has operands) and the module fails verification after the pass.
RETURNS_VALUES = "entry function returns values: "


def entry_returning_values(
    stream_executable: ir.Operation, found: Entries | None = None
) -> str | None:
    """The name of an entry function that returns values, if any."""
    found = found if found is not None else entries(stream_executable)
    for _, func in found.exports:
        if func is None:
            continue
        ftype = ir.FunctionType(ir.TypeAttr(func.attributes["function_type"]).value)
        if len(ftype.results):
            return irutil.symbol_name(func)
    return None


# The engine's ``convert`` node: one executable's unit parsed, converted (by
# :func:`convert`, or :func:`executable_source.convert` for a
# ``hal.executable.source``) and printed. It reads the unit's text (its key,
# ``text``) and the plan, its dependencies' values (targets, variants,
# layouts); every stage either conversion runs enters its tag.
CONVERT = IrStage(
    stages.CONVERT,
    inputs=("text",),
    runs=(STAGE, executable_source.STAGE, *RUNS, *executable_source.RUNS),
)


class _VariantOps(NamedTuple):
    """One variant's new ops: the variant, its block (where exports go) and
    the block of its inner module (None when the source has none)."""

    variant: Variant
    block: ir.Block
    module_block: ir.Block | None


def convert(
    source: ir.Operation,
    variants: Sequence[Variant],
    layouts: Mapping[str, PipelineLayout],
    parse_attr: irutil.AttrParser | None = None,
) -> tuple[ir.Operation, dict[str, Expansion]]:
    """Replace ``source`` by its ``hal.executable``.

    The caller has run :func:`check_entry_points` (IREE reports that error
    before creating anything).

    ``layouts`` maps each stream export's symbol to its layout. Returns the
    new op and, for each original entry point (``@ex::@export``), the variant
    exports it expands to with their targets.
    """
    parse_attr = parse_attr or irutil.AttrParser()
    name = irutil.symbol_name(source) or ""
    hal_exec, end = _create_executable(source, name)
    source_module = irutil.inner_module(source)
    variant_ops = _create_variants(source, source_module, variants, end, parse_attr)
    expansions, converted = _convert_exports(
        source, source_module, name, variant_ops, layouts, parse_attr
    )
    if source_module is not None:
        _fill_modules(source_module, variant_ops, converted)
    workgroup_info.convert_and_fold(hal_exec)
    source.erase()
    return hal_exec, expansions


def _create_executable(source: ir.Operation, name: str) -> tuple[ir.Operation, ir.Operation]:
    """An empty ``hal.executable`` named ``name`` right after ``source``
    (its visibility kept), and the terminator of its block."""
    attributes = {"sym_name": ir.StringAttr.get(name)}
    if "sym_visibility" in source.attributes:
        attributes["sym_visibility"] = source.attributes["sym_visibility"]
    loc = source.location
    hal_exec = ir.Operation.create(
        "hal.executable",
        attributes=attributes,
        regions=1,
        loc=loc,
        ip=ir.InsertionPoint.after(source),
    )
    exec_block = hal_exec.regions[0].blocks.append()
    end = ir.Operation.create("hal.executable_end", loc=loc, ip=ir.InsertionPoint(exec_block))
    return hal_exec, end


def _create_variants(
    source: ir.Operation,
    source_module: ir.Operation | None,
    variants: Sequence[Variant],
    end: ir.Operation,
    parse_attr: irutil.AttrParser,
) -> list[_VariantOps]:
    """One ``hal.executable.variant`` per variant before ``end``, in order,
    with the source's objects that apply to its target and, when the source
    has an inner module, an empty ``builtin.module``."""
    loc = source.location
    objects_attr = irutil.attr(source, "hal.executable.objects")
    objects_text = str(objects_attr) if objects_attr is not None else None
    created: list[_VariantOps] = []
    for variant in variants:
        v_attrs = {
            "sym_name": ir.StringAttr.get(variant.name),
            "target": parse_attr(variant.target),
        }
        applicable = objects.applicable_objects(objects_text, variant.target)
        if applicable is not None:
            v_attrs["objects"] = applicable
        variant_op = ir.Operation.create(
            "hal.executable.variant",
            attributes=v_attrs,
            regions=1,
            loc=loc,
            ip=ir.InsertionPoint(end),
        )
        v_block = variant_op.regions[0].blocks.append()
        v_end = ir.Operation.create(
            "hal.executable.variant_end", loc=loc, ip=ir.InsertionPoint(v_block)
        )
        module_block = None
        if source_module is not None:
            module = ir.Operation.create(
                "builtin.module", regions=1, loc=loc, ip=ir.InsertionPoint(v_end)
            )
            module_block = module.regions[0].blocks.append()
        created.append(_VariantOps(variant, v_block, module_block))
    return created


def _convert_exports(
    source: ir.Operation,
    source_module: ir.Operation | None,
    name: str,
    variant_ops: Sequence[_VariantOps],
    layouts: Mapping[str, PipelineLayout],
    parse_attr: irutil.AttrParser,
) -> tuple[dict[str, Expansion], dict[str, dict[str, ir.Operation]]]:
    """Every export, in order, into every variant: its ``hal.executable.export``
    (with the workgroup count) and its entry function rewritten to the
    interface. Returns the expansions (``@ex::@export`` -> variant exports
    and targets) and the rewritten functions (function -> variant -> clone)."""
    exports = exports_of(source)
    infos = [export_info(e) for e in exports]
    funcs = [
        irutil.lookup_in(source_module, info.function) if source_module is not None else None
        for info in infos
    ]
    # IREE clones everything once per variant and erases the source. For the
    # last variant we rewrite and move the source's own IR instead (same
    # result, one deep copy less), unless a function serves several exports.
    shared = {i.function for i in infos if sum(j.function == i.function for j in infos) > 1}
    last = len(variant_ops) - 1
    expansions: dict[str, Expansion] = {}
    converted: dict[str, dict[str, ir.Operation]] = {}  # function -> variant -> clone
    for ordinal, (export, info, func) in enumerate(zip(exports, infos, funcs, strict=True)):
        layout = layouts[info.name]
        layout_attr = parse_attr(layout_attr_text(layout))
        sizes = export_ops.workgroup_size(export)
        expansion: list[tuple[str, str]] = []
        for index, ops in enumerate(variant_ops):
            is_last = index == last
            hal_export = export_ops.create_export(
                ops.block, info.function, ordinal, layout_attr, sizes, export.location
            )
            export_ops.clone_workgroup_count(export, hal_export, move=is_last)
            expansion.append(
                (irutil.symref(name, ops.variant.name, info.function), ops.variant.target)
            )
            if func is not None:
                in_place = is_last and info.function not in shared
                clone = clone_function.clone_with_interface(
                    func, layout_attr, layout, in_place=in_place
                )
                converted.setdefault(info.function, {})[ops.variant.name] = clone
        expansions[irutil.symref(name, info.name)] = tuple(expansion)
    return expansions, converted


def _fill_modules(
    source_module: ir.Operation,
    variant_ops: Sequence[_VariantOps],
    converted: Mapping[str, Mapping[str, ir.Operation]],
) -> None:
    """The source's inner module, op by op, into each variant's module: a
    converted entry function as that variant's clone, any other op cloned
    (moved, for the last variant)."""
    last = len(variant_ops) - 1
    for op in irutil.region_ops(source_module):
        func_clones = (
            converted.get(irutil.symbol_name(op) or "") if op.name == "func.func" else None
        )
        for index, ops in enumerate(variant_ops):
            assert ops.module_block is not None
            if func_clones is not None:
                ops.module_block.append(func_clones[ops.variant.name])
            elif index == last:
                ops.module_block.append(op)  # moves the source's op
            else:
                op.clone(ip=ir.InsertionPoint(ops.module_block))

