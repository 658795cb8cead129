"""Facts the pass reads from the host program, as plain data.

:func:`analyze` walks the top-level ops that are not executables and returns
the device globals, the legacy ``hal.device.targets`` of the module, and one
:class:`DispatchSite` per ``stream.cmd.dispatch``: its entry points, how it
uses its resources, its affinity and the targets that affinity needs. These
records are what the layout and dispatch-annotation stages (and cache keys)
are made of; the ops themselves stay in :class:`HostAnalysis` for rewriting.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from iree.compiler import ir

from halflow import graph
from halflow.core import stages
from halflow.core.symbols import symref
from halflow.ir import irutil
from halflow.nodes import device_targets
from halflow.nodes.layout import ResourceOrigin, SiteUsage
from halflow.nodes.tracked import IrStage

EXECUTABLE_OPS = frozenset({"stream.executable", "hal.executable", "hal.executable.source"})

# Ops with MLIR's ConstantLike trait that can appear in host code (the trait
# is not visible from Python). IREE's categorizeValue treats their results as
# local constants.
CONSTANT_LIKE_OPS = frozenset(
    {
        "arith.constant",
        "complex.constant",
        "util.null",
        "util.buffer.constant",
        "flow.tensor.constant",
        "stream.timepoint.immediate",
        "hal.buffer_usage",
        "hal.memory_type",
        "ub.poison",
    }
)

# Attribute kinds implementing IREE::Stream::AffinityAttr.
AFFINITY_PREFIXES = ("#hal.device.affinity<", "#hal.device.promise<", "#hal.device.optimal<")


class DispatchSite(NamedTuple):
    """One ``stream.cmd.dispatch``; ``id`` names its top-level op and what it
    calls, never its position (:func:`halflow.graph.dispatch`):
    ``dispatch:@func/@ex::@e``. Nothing here says where the site is, so a
    site moved, or shifted by an edit elsewhere, keeps its value."""

    id: str
    owner: str
    entry_points: tuple[str, ...]
    usage: SiteUsage
    targets: tuple[str, ...]
    # Types of the workload and uniform operands (the resource count is
    # ``len(usage.accesses)``): what IREE verifies against the export.
    workload: tuple[str, ...] = ()
    uniforms: tuple[str, ...] = ()


class HostFacts(NamedTuple):
    """Everything the planning stages read from the host program."""

    devices: device_targets.DeviceTable
    module_legacy: tuple[str, ...]
    sites: tuple[DispatchSite, ...]
    # Exports of executables that are already hal.executable ops
    # (`@ex::@variant::@export`): dispatches to them are left alone.
    hal_exports: frozenset[str] = frozenset()
    # Dispatches that are not sites (inside nested modules): they name no
    # executable of the module, but IREE's "no HAL devices" check counts them.
    other_dispatches: int = 0

    @property
    def has_dispatches(self) -> bool:
        return bool(self.sites) or self.other_dispatches > 0


class HostAnalysis(NamedTuple):
    facts: HostFacts
    # The dispatch ops, index-aligned with `facts.sites`.
    ops: list[ir.Operation]
    # Each host op's sites, by owner name (see :func:`owner_names`).
    by_op: dict[str, OpSites]

    @property
    def sites(self) -> tuple[DispatchSite, ...]:
        return self.facts.sites


def owner_names(top_level: Iterable[ir.Operation]) -> list[str]:
    """Readable, stable names of top-level ops (:func:`halflow.graph.owner_names`)."""
    return graph.owner_names((irutil.symbol_name(op), op.name) for op in top_level)


def _is_affinity(text: str) -> bool:
    return text.startswith(AFFINITY_PREFIXES)


def _legacy_targets(
    op: ir.Operation, chain: Sequence[ir.Operation] | None = None
) -> tuple[str, ...]:
    for ancestor in chain if chain is not None else irutil.parents(op):
        targets = irutil.attr(ancestor, "hal.device.targets")
        if targets is not None:
            return tuple(str(t) for t in ir.ArrayAttr(targets))
    return ()


def lookup_affinity(op: ir.Operation, chain: Sequence[ir.Operation] | None = None) -> str | None:
    """``AffinityAttr::lookupOrDefault``: printed affinity governing ``op``
    (``chain``: ``op`` and its ancestors, if listed already)."""
    chain = chain if chain is not None else list(irutil.parents(op))
    for ancestor in chain:
        # Stream ops carrying an affinity implement AffinityOpInterface.
        if ancestor.name.startswith("stream.") and "affinity" in ancestor.attributes:
            text = str(ancestor.attributes["affinity"])
            if _is_affinity(text):
                return text
        if "stream.affinity" in ancestor.attributes:
            text = str(ancestor.attributes["stream.affinity"])
            if _is_affinity(text):
                return text
    for ancestor in chain:
        if "stream.affinity.default" in ancestor.attributes:
            text = str(ancestor.attributes["stream.affinity.default"])
            if _is_affinity(text):
                return text
    return None


def _origin(value: ir.Value) -> ResourceOrigin:
    owner = value.owner
    if isinstance(owner, ir.Block):
        return ResourceOrigin.UNKNOWN
    op = owner.operation
    if op.name in CONSTANT_LIKE_OPS:
        return ResourceOrigin.LOCAL_CONSTANT
    if op.name == "util.global.load":
        if "is_immutable" in op.attributes:
            return ResourceOrigin.IMMUTABLE_GLOBAL
        return ResourceOrigin.MUTABLE_GLOBAL
    return ResourceOrigin.UNKNOWN


def site_usage(dispatch: ir.Operation, chain: Sequence[ir.Operation] | None = None) -> SiteUsage:
    """How a dispatch uses its resources (BindingLayoutAnalysis inputs)."""
    execute = next(
        (p for p in (chain if chain is not None else irutil.parents(dispatch))
         if p.name == "stream.cmd.execute"), None
    )
    once = execute is not None and "once" in execute.attributes
    segments = list(ir.DenseI32ArrayAttr(dispatch.attributes["operandSegmentSizes"]))
    start = segments[0] + segments[1]
    operands = dispatch.operands
    resources = [operands[start + i] for i in range(segments[2])]
    accesses = tuple(
        ir.IntegerAttr(a).value for a in ir.ArrayAttr(dispatch.attributes["resource_accesses"])
    )
    origins = []
    for resource in resources:
        if once:
            origins.append(ResourceOrigin.UNKNOWN)  # not consulted for once regions
            continue
        value = resource
        if isinstance(value, ir.BlockArgument) and execute is not None:
            parent = value.owner.owner
            if parent is not None and parent.operation == execute:
                value = execute.operands[value.arg_number]
        origins.append(_origin(value))
    return SiteUsage(once=once, accesses=accesses, origins=tuple(origins))


def operand_types(dispatch: ir.Operation) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Types of a dispatch's workload and uniform operands."""
    segments = list(ir.DenseI32ArrayAttr(dispatch.attributes["operandSegmentSizes"]))
    operands = dispatch.operands
    workload = tuple(str(operands[i].type) for i in range(segments[0]))
    uniforms = tuple(str(operands[segments[0] + i].type) for i in range(segments[1]))
    return workload, uniforms


def device_table(top_level: Iterable[ir.Operation]) -> device_targets.DeviceTable:
    devices: list[tuple[str, str | None]] = []
    others: list[tuple[str, str | None]] = []
    for op in top_level:
        if op.name != "util.global":
            continue
        name = irutil.symbol_name(op) or ""
        initial = irutil.attr(op, "initial_value")
        type_attr = irutil.attr(op, "type")
        if type_attr is not None and str(ir.TypeAttr(type_attr).value) == "!hal.device":
            devices.append((name, None if initial is None else str(initial)))
        elif initial is None:
            others.append((name, None))
        elif isinstance(initial, (ir.FlatSymbolRefAttr, ir.SymbolRefAttr)):
            others.append((name, str(initial)))
        else:
            others.append((name, device_targets.NOT_A_DEVICE))
    return device_targets.DeviceTable(tuple(devices), tuple(others))


def find_dispatches(
    op: ir.Operation, nested: list[ir.Operation] | None = None
) -> list[ir.Operation]:
    """The dispatch sites in top-level op ``op``, in order. Dispatches inside
    a nested ``builtin.module`` are not sites: IREE looks their entry points
    up from the nearest symbol table, the nested module, so they never name
    the executables the pass converts (and are left alone). They are added
    to ``nested`` when it is given."""
    if op.name == "builtin.module":
        if nested is not None:
            nested += irutil.walk_named(op, "stream.cmd.dispatch")
        return []
    found: list[ir.Operation] = []

    def visit(o: ir.Operation) -> ir.WalkResult:
        if o.name == "stream.cmd.dispatch":
            found.append(o)
        elif o.name == "builtin.module":
            if nested is not None:
                nested.extend(irutil.walk_named(o, "stream.cmd.dispatch"))
            return ir.WalkResult.SKIP
        return ir.WalkResult.ADVANCE

    irutil.walk(op, visit, ir.WalkOrder.PRE_ORDER)
    return found


# The engine's ``devices`` node: :func:`module_facts` over the module's
# declarations (its opening, every ``util.global`` and ``hal.executable``);
# ``text`` is their keys'. Its value is fingerprinted (early cutoff): an edit
# of a weight's global leaves the table as it was.
DEVICES = IrStage(stages.DEVICES, inputs=("text",))
# The engine's ``host:@op`` nodes: :func:`analyze_op` over one top-level host
# op: ``text`` is the op's unit key, ``module`` the module opening's (its
# default affinity and legacy targets), ``devices`` the value fingerprint of
# the ``devices`` node (what the op's affinities resolve through).
ANALYSIS = IrStage(stages.HOST, inputs=("text", "module", "devices"))

# Top-level ops whose facts are the module's declarations (the ``devices``
# node), not dispatch sites.
DECLARATION_OPS = frozenset({"util.global", "hal.executable"})


class ModuleFacts(NamedTuple):
    """What the pass reads of the module's declarations: the device table,
    the module's legacy ``hal.device.targets`` and the exports of existing
    ``hal.executable`` ops."""

    devices: device_targets.DeviceTable
    module_legacy: tuple[str, ...]
    hal_exports: frozenset[str] = frozenset()


class OpSites(NamedTuple):
    """The dispatch sites of one top-level host op, in walk order, and the
    dispatches inside its nested modules (not sites; see
    :func:`find_dispatches`)."""

    sites: tuple[DispatchSite, ...]
    nested: int = 0


def module_facts(module: ir.Operation, top_level: Iterable[ir.Operation]) -> ModuleFacts:
    """The device table, legacy targets and hal.executable exports of the
    module (``top_level``: its top-level ops, or at least its declarations)."""
    ops = list(top_level)
    return ModuleFacts(device_table(ops), _legacy_targets(module), _hal_exports(ops))


def analyze_op(
    op: ir.Operation,
    owner: str,
    table: device_targets.DeviceTable,
    target_memo: dict[tuple[str | None, tuple[str, ...]], tuple[str, ...]] | None = None,
) -> tuple[OpSites, list[ir.Operation]]:
    """The dispatch sites of top-level host op ``op`` (named ``owner``, see
    :func:`owner_names`) and their ops; ``table``: the module's devices.
    ``target_memo`` remembers resolved targets across ops of one module."""
    memo = {} if target_memo is None else target_memo
    nested: list[ir.Operation] = []  # dispatches inside nested modules
    dispatches = find_dispatches(op, nested)
    callees = [_entry_points(d) for d in dispatches]
    ids = graph.dispatch_ids(owner, map(graph.callee, callees))
    sites: list[DispatchSite] = []
    for dispatch, site_id, entry_points in zip(dispatches, ids, callees, strict=True):
        chain = list(irutil.parents(dispatch))  # (read once for the three lookups)
        affinity = lookup_affinity(dispatch, chain)
        legacy = _legacy_targets(dispatch, chain)
        key = (affinity, legacy)
        targets = memo.get(key)
        if targets is None:
            if not table.globals:
                # No devices at all: the pass stops with "no HAL devices
                # defined" before it resolves any affinity.
                targets = ()
            else:
                try:
                    targets = device_targets.required_targets(affinity, table, legacy)
                except device_targets.DeviceResolutionError as e:
                    e.op = dispatch
                    raise
            memo[key] = targets
        workload, uniforms = operand_types(dispatch)
        sites.append(
            DispatchSite(
                id=site_id,
                owner=owner,
                entry_points=entry_points,
                usage=site_usage(dispatch, chain),
                targets=targets,
                workload=workload,
                uniforms=uniforms,
            )
        )
    return OpSites(tuple(sites), len(nested)), dispatches


def analyze(module: ir.Operation, top_level: list[ir.Operation] | None = None) -> HostAnalysis:
    """Collect device globals and dispatch sites of ``module``'s host ops."""
    if top_level is None:
        top_level = irutil.region_ops(module)
    declared = module_facts(module, top_level)
    sites: list[DispatchSite] = []
    ops: list[ir.Operation] = []
    by_op: dict[str, OpSites] = {}
    target_memo: dict[tuple[str | None, tuple[str, ...]], tuple[str, ...]] = {}
    nested = 0
    for owner, op in zip(owner_names(top_level), top_level, strict=True):
        if op.name in EXECUTABLE_OPS:
            continue
        found, dispatches = analyze_op(op, owner, declared.devices, target_memo)
        by_op[owner] = found
        sites += found.sites
        ops += dispatches
        nested += found.nested
    facts = HostFacts(
        declared.devices, declared.module_legacy, tuple(sites), declared.hal_exports, nested
    )
    return HostAnalysis(facts, ops, by_op)


def _entry_points(dispatch: ir.Operation) -> tuple[str, ...]:
    return tuple(str(a) for a in ir.ArrayAttr(dispatch.attributes["entry_points"]))


def _hal_exports(top_level: Iterable[ir.Operation]) -> frozenset[str]:
    refs = set()
    for op in top_level:
        if op.name != "hal.executable":
            continue
        name = irutil.symbol_name(op) or ""
        for variant in irutil.region_ops(op):
            if variant.name != "hal.executable.variant":
                continue
            for child in irutil.region_ops(variant):
                if child.name == "hal.executable.export":
                    refs.add(
                        symref(
                            name,
                            irutil.symbol_name(variant) or "",
                            irutil.symbol_name(child) or "",
                        )
                    )
    return frozenset(refs)
