"""The whole pass over one parsed module, stage by stage.

This is the reference composition of the stages: host analysis ->
executable facts -> planning (targets, variants, layouts, interfaces) ->
executable conversion -> dispatch annotation. The incremental engine runs the
same functions as cached graph nodes and, on a cold build, this driver with
the trace of intermediate results it returns.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from iree.compiler import ir

from halflow.core.diagnostics import HalflowError, SourceText
from halflow.ir import irutil
from halflow.nodes import device_targets, dispatch, executable, executable_source, host, plan
from halflow.nodes.facts import SOURCE, STREAM, ExecutableFacts, executable_facts
from halflow.nodes.host import OpSites


@dataclass
class Materialized:
    """Intermediate results of one run (what the engine records as nodes)."""

    host: host.HostFacts
    executables: list[ExecutableFacts]
    plans: list[plan.ExecutablePlan]
    by_export: dict[str, list[int]]
    annotations: list[tuple[str, ...]]
    # Index of each executable's top-level op in the module body.
    positions: list[int] = field(default_factory=list)
    # Each host op's dispatch sites, by owner name (host.owner_names).
    by_op: dict[str, OpSites] = field(default_factory=dict)


# IREE's pass, as iree-opt runs it.
PASS = "iree-hal-materialize-interfaces"


class NativePassFailed(Exception):
    """IREE's pass failed where the stages' analysis did not (build again
    without ``native``: the stages give the diagnostic)."""


def plan_error(
    source: SourceText,
    err: plan.PlanError,
    analysis: host.HostAnalysis,
    export_ops: dict[str, ir.Operation],
    module_op: ir.Operation,
) -> HalflowError:
    if err.site is not None:
        return HalflowError(source.at_op(analysis.ops[err.site], str(err)))
    op = export_ops.get(err.export or "", module_op)
    return HalflowError(source.at_op(op, str(err)))


def _export_ops(
    facts: list[ExecutableFacts], exec_ops: list[ir.Operation]
) -> dict[str, ir.Operation]:
    """Each export op by its reference (where a planner's error is reported)."""
    return {
        plan.export_ref(f.symbol, irutil.symbol_name(c) or ""): c
        for f, op in zip(facts, exec_ops, strict=True)
        for c in irutil.region_ops(op)
        if c.name in ("stream.executable.export", "hal.executable.export")
    }


def device_error(
    source: SourceText, err: device_targets.DeviceResolutionError, top_level: list[ir.Operation]
) -> HalflowError:
    """A device reference naming no global, at the dispatch whose affinity
    led to it, or at the device global being resolved for a public
    executable. (IREE 3.13 asserts on such input.)"""
    op = err.op
    if op is None:
        op = next(
            (o for o in top_level
             if o.name == "util.global" and irutil.symbol_name(o) == err.device),
            None,
        )
    if not isinstance(op, ir.Operation):
        return HalflowError(source.diagnostic(0, 0, f"device {err}"))
    return HalflowError(source.at_op(op, f"'{op.name}' op device {err}"))


def materialize(
    module: ir.Module | ir.Operation,
    source: SourceText,
    on_executable: Callable[[int, int], None] | None = None,
    native: bool = False,
) -> Materialized:
    """Run the pass on ``module`` in place; ``on_executable(done, total)``
    reports progress. ``native``: the rewrites are IREE's own pass, run in
    this process, where it rewrites the module as the stages would
    (:func:`_iree_converts_alike`; the analysis and the plans, what the
    engine records, are the stages' all the same); raises
    :class:`NativePassFailed`, the module then half rewritten, should it
    fail."""
    module_op = module.operation
    top_level = irutil.region_ops(module_op)
    try:
        analysis = host.analyze(module_op, top_level)
    except device_targets.DeviceResolutionError as e:
        raise device_error(source, e, top_level) from None
    host_facts = analysis.facts

    exec_ops: list[ir.Operation] = []
    positions: list[int] = []
    facts: list[ExecutableFacts] = []
    for index, op in enumerate(top_level):
        if op.name in (STREAM, SOURCE):
            facts.append(executable_facts(op))
            exec_ops.append(op)
            positions.append(index)

    try:
        plan.check_devices(host_facts)
        by_export = plan.sites_by_export(
            host_facts.sites, [r for f in facts for r in plan.export_refs(f)],
            host_facts.hal_exports,
        )
        plans = [
            plan.plan_executable(f, host_facts.sites, by_export, host_facts) for f in facts
        ]
    except plan.PlanError as e:
        raise plan_error(source, e, analysis, _export_ops(facts, exec_ops), module_op) from None
    except device_targets.DeviceResolutionError as e:
        raise device_error(source, e, top_level) from None

    if native and _iree_converts_alike(facts, plans):
        all_expansions: dict[str, dispatch.Expansion] = {}
        for f, p in zip(facts, plans, strict=True):
            all_expansions.update(plan.expansions(f, p.variants))
        annotations = plan.annotate_sites(host_facts.sites, all_expansions)
        if not irutil.run_pass(module_op, PASS):
            raise NativePassFailed("IREE's pass failed on a module halflow's analysis accepted")
        if on_executable is not None:
            on_executable(len(facts), len(facts))
    else:
        annotations = _convert(source, module_op, analysis, facts, plans, exec_ops, on_executable)
    return Materialized(host_facts, facts, plans, by_export, annotations, positions,
                        analysis.by_op)


def _convert(
    source: SourceText,
    module_op: ir.Operation,
    analysis: host.HostAnalysis,
    facts: list[ExecutableFacts],
    plans: list[plan.ExecutablePlan],
    exec_ops: list[ir.Operation],
    on_executable: Callable[[int, int], None] | None,
) -> list[tuple[str, ...]]:
    """The pass's rewrites, stage by stage (executables, then dispatch
    annotations); the annotations."""
    host_facts = analysis.facts
    all_expansions: dict[str, dispatch.Expansion] = {}
    parse_attr = irutil.AttrParser()
    # hal.executable.source ops first, then stream executables, as IREE does.
    order = [i for i, f in enumerate(facts) if f.kind == SOURCE] + [
        i for i, f in enumerate(facts) if f.kind == STREAM
    ]
    for done, i in enumerate(order):
        p, f, op = plans[i], facts[i], exec_ops[i]
        if p.converted:
            if f.entry_error is not None:
                try:
                    executable.check_entry_points(op)
                except executable.ExecutableError as e:
                    report = source.op_error if e.op_error else source.at_op
                    raise HalflowError(report(e.op, str(e))) from None
            if f.kind == SOURCE:
                executable_source.convert(op, p.variants, parse_attr)
            else:
                layouts = dict(zip((e.name for e in f.exports), p.layouts, strict=True))
                executable.convert(op, p.variants, layouts, parse_attr)
            all_expansions.update(plan.expansions(f, p.variants))
        if on_executable is not None:
            on_executable(done + 1, len(order))

    annotations = plan.annotate_sites(host_facts.sites, all_expansions)
    for site, new_refs, op in zip(host_facts.sites, annotations, analysis.ops, strict=True):
        if new_refs != site.entry_points:
            set_entry_points(op, new_refs, parse_attr)
    if any(
        plans[i].converted and (facts[i].entry_error or "").startswith(executable.RETURNS_VALUES)
        for i in range(len(facts))
    ):
        verify_after_pass(module_op, source)
    return annotations


def _iree_converts_alike(facts: list[ExecutableFacts], plans: list[plan.ExecutablePlan]) -> bool:
    """Whether IREE's own pass rewrites this module as the stages do: every
    executable converted (with one that is not, IREE stops converting the
    rest: docs/divergences.md) and no entry function the stages check or
    verify specially (their diagnostics are halflow's)."""
    return all(p.converted for p in plans) and all(f.entry_error is None for f in facts)


def verify_after_pass(module_op: ir.Operation, source: SourceText) -> None:
    """MLIR's verifier over the converted module, as iree-opt runs it after
    the pass: its errors (with their notes) are the build's."""
    from halflow.core.diagnostics import from_mlir_diagnostics
    from halflow.ir.rawdiag import capture_errors

    with capture_errors(module_op.context) as errors:
        try:
            module_op.verify()
        except ir.MLIRError as e:
            raise from_mlir_diagnostics(source, errors, e.message) from None


def set_entry_points(
    op: ir.Operation, refs: tuple[str, ...], parse_attr: irutil.AttrParser | None = None
) -> None:
    parse = parse_attr or ir.Attribute.parse
    op.attributes["entry_points"] = ir.ArrayAttr.get([parse(r) for r in refs])
