"""``hal.executable.source`` -> ``hal.executable``.

Hand-authored executables already carry their layout: each variant gets a
copy of the source's exports, the objects applicable to its target and a
copy of the inner module (attributes included). The new op replaces the
source in place.
"""

from __future__ import annotations

from collections.abc import Sequence

from iree.compiler import ir

from halflow.core import stages
from halflow.ir import irutil
from halflow.nodes import objects
from halflow.nodes.dispatch import Expansion
from halflow.nodes.variants import Variant

STAGE = stages.EXECUTABLE_SOURCE
# Every stage :func:`convert` runs, itself first (see executable.RUNS).
RUNS = (STAGE, objects.STAGE)


def convert(
    source: ir.Operation,
    variants: Sequence[Variant],
    parse_attr: irutil.AttrParser | None = None,
) -> tuple[ir.Operation, dict[str, Expansion]]:
    parse_attr = parse_attr or irutil.AttrParser()
    name = irutil.symbol_name(source) or ""
    attributes = {"sym_name": ir.StringAttr.get(name)}
    if "sym_visibility" in source.attributes:
        attributes["sym_visibility"] = source.attributes["sym_visibility"]
    loc = source.location
    hal_exec = ir.Operation.create(
        "hal.executable", attributes=attributes, regions=1, loc=loc, ip=ir.InsertionPoint(source)
    )
    block = hal_exec.regions[0].blocks.append()
    end = ir.Operation.create("hal.executable_end", loc=loc, ip=ir.InsertionPoint(block))

    children = irutil.region_ops(source)
    exports = [op for op in children if op.name == "hal.executable.export"]
    module = next((op for op in children if op.name == "builtin.module"), None)
    objects_attr = irutil.attr(source, "objects")
    objects_text = str(objects_attr) if objects_attr is not None else None

    expansions: dict[str, list[tuple[str, str]]] = {}
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
        for export in exports:
            export.clone(ip=ir.InsertionPoint(v_end))
            export_name = irutil.symbol_name(export) or ""
            expansions.setdefault(irutil.symref(name, export_name), []).append(
                (irutil.symref(name, variant.name, export_name), variant.target)
            )
        if module is not None:
            module.clone(ip=ir.InsertionPoint(v_end))

    source.erase()
    return hal_exec, {k: tuple(v) for k, v in expansions.items()}
