"""The whole pass over one parsed module, stage by stage.

This is the reference composition of the stages in :mod:`halflow.nodes`:
host analysis -> required targets -> variants -> layouts -> executables ->
dispatch annotation. The incremental engine composes the same stage
functions as cached graph nodes; tests hold both to ``iree-opt``'s output.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from iree.compiler import ir

from halflow import host, irutil
from halflow.diagnostics import HalflowError, SourceText
from halflow.nodes import (
    device_targets,
    dispatch,
    executable,
    executable_source,
    layout,
    variants,
)
from halflow.nodes.clone_function import BINDING_TYPE, argument_types

NO_DEVICES = (
    "no HAL devices defined in the module; use the module-level hal.device.targets "
    "attribute, the --iree-hal-target-device= flag, or provide inputs with global "
    "!hal.devices defined"
)


@dataclass(frozen=True)
class ExecutableRef:
    """Where a dispatch entry point leads."""

    executable: ir.Operation
    export: ir.Operation


def resolve_entry_points(
    top_level: Sequence[ir.Operation],
    analysis: host.HostAnalysis,
    source: SourceText,
) -> dict[str, list[int]]:
    """Map each export's ref (``@ex::@entry``) to the indices of the sites
    dispatching to it; a dispatch to a missing export is an error."""
    executables = {
        irutil.symbol_name(op): op for op in top_level if op.name in host.EXECUTABLE_OPS
    }
    exports: dict[str, ir.Operation] = {}
    for name, op in executables.items():
        if op.name == "hal.executable":
            for variant in irutil.region_ops(op):
                if variant.name != "hal.executable.variant":
                    continue
                for child in irutil.region_ops(variant):
                    if child.name == "hal.executable.export":
                        ref = irutil.symref(name or "", irutil.symbol_name(variant) or "",
                                     irutil.symbol_name(child) or "")
                        exports[ref] = child
            continue
        for child in irutil.region_ops(op):
            if child.name in ("stream.executable.export", "hal.executable.export"):
                exports[irutil.symref(name or "", irutil.symbol_name(child) or "")] = child
    by_export: dict[str, list[int]] = {ref: [] for ref in exports}
    for i, site in enumerate(analysis.sites):
        for ref in site.entry_points:
            if ref not in exports:
                raise HalflowError(
                    source.at_location(
                        site.loc,
                        f"'stream.cmd.dispatch' op entry point {ref} does not refer to "
                        "an executable export",
                    )
                )
            by_export[ref].append(i)
    return by_export


def _error_at(source: SourceText, op: ir.Operation, message: str) -> HalflowError:
    return HalflowError(source.at_op(op, message))


def export_layout(
    stream_executable: ir.Operation,
    export: ir.Operation,
    sites: Sequence[host.DispatchSite],
    source: SourceText,
) -> layout.PipelineLayout:
    forced = irutil.attr(export, "hal.interface.layout")
    if forced is not None:
        return layout.assume_layout(str(forced))
    func = executable.entry_function(stream_executable, export)
    if func is None:
        raise _error_at(
            source, export, f"export @{irutil.symbol_name(export)} has no entry function"
        )
    kinds = [str(t) == BINDING_TYPE for t in argument_types(func)]
    try:
        return layout.derive_layout(kinds, [s.usage for s in sites])
    except layout.LayoutError as e:
        raise HalflowError(source.at_location(sites[0].loc, str(e))) from None


def materialize(module: ir.Module | ir.Operation, source: SourceText) -> None:
    """Run the pass on ``module`` in place."""
    module_op = module.operation
    top_level = irutil.region_ops(module_op)
    analysis = host.analyze(module_op, top_level)
    sites_by_export = resolve_entry_points(top_level, analysis, source)
    if analysis.sites and not analysis.devices.globals:
        raise HalflowError(source.at_op(module_op, NO_DEVICES))

    def required(op: ir.Operation, exports: Sequence[ir.Operation]) -> tuple[str, ...]:
        name = irutil.symbol_name(op) or ""
        site_targets = [
            analysis.sites[i].targets
            for export in exports
            for i in sites_by_export.get(irutil.symref(name, irutil.symbol_name(export) or ""), [])
        ]
        return device_targets.executable_required_targets(
            site_targets,
            irutil.visibility(op) == "public",
            analysis.devices,
            analysis.module_legacy,
        )

    # Snapshot the kinds first: conversions erase the ops they replace.
    source_ops = [op for op in top_level if op.name == "hal.executable.source"]
    stream_ops = [op for op in top_level if op.name == "stream.executable"]
    expansions: dict[str, dispatch.Expansion] = {}
    for op in source_ops:
        exports = [c for c in irutil.region_ops(op) if c.name == "hal.executable.export"]
        targets = required(op, exports)
        if not targets:
            continue
        _, new = executable_source.convert(op, variants.plan_variants(targets))
        expansions.update(new)

    for op in stream_ops:
        exports = executable.exports_of(op)
        if not exports:
            continue
        targets = required(op, exports)
        if not targets:
            # Deliberate divergence: IREE stops converting every later
            # executable here (`return` instead of `continue`).
            continue
        name = irutil.symbol_name(op) or ""
        try:
            executable.check_entry_points(op)
            layouts = {
                irutil.symbol_name(export) or "": export_layout(
                    op,
                    export,
                    [
                        analysis.sites[i]
                        for i in sites_by_export[irutil.symref(name, irutil.symbol_name(export) or "")]
                    ],
                    source,
                )
                for export in exports
            }
            _, new = executable.convert(op, variants.plan_variants(targets), layouts)
        except executable.ExecutableError as e:
            raise _error_at(source, e.op, str(e)) from None
        expansions.update(new)

    for site, op in zip(analysis.sites, analysis.ops, strict=True):
        new_refs = dispatch.annotate(site.entry_points, site.targets, expansions)
        if new_refs != site.entry_points:
            op.attributes["entry_points"] = ir.ArrayAttr.get(
                [ir.Attribute.parse(r) for r in new_refs]
            )
