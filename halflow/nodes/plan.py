"""The planner: the pure-data steps between analysis and IR rewriting.

From the host's dispatch sites and each executable's facts this decides,
without touching IR, which sites dispatch to which export, whether the
module has devices, which targets every executable needs, its variants, the
layout and interface of every export, and the new entry points of every
dispatch site. There is one planner: the reference driver
(:mod:`halflow.nodes.materialize`) composes these functions over a whole module,
and the incremental engine calls the same functions, running the
``@tracked`` stages among them (:mod:`halflow.nodes.tracked`) as cached
nodes. Both see an input the pass rejects as :class:`PlanError`.
"""

from __future__ import annotations

import contextlib
from collections.abc import Collection, Iterable, Iterator, Mapping, Sequence
from typing import NamedTuple, Protocol

from halflow.core.symbols import symref
from halflow.nodes import device_targets, dispatch, interface, layout, variants
from halflow.nodes.facts import SOURCE, ExecutableFacts, ExportFacts
from halflow.nodes.host import DispatchSite, HostFacts

NO_DEVICES = (
    "no HAL devices defined in the module; use the module-level hal.device.targets "
    "attribute, the --iree-hal-target-device= flag, or provide inputs with global "
    "!hal.devices defined"
)

# Dispatch sites by index: the whole module's (a sequence) or the slice an
# incremental build read (a mapping, in index order).
Sites = Sequence[DispatchSite] | Mapping[int, DispatchSite]


# The planner's tracked stages: what the engine runs as cached nodes on
# plain data (each declares its inputs beside its function).
TRACKED = (
    device_targets.executable_targets,
    variants.plan_variants,
    layout.pipeline_layout,
    interface.layout_attr_text,
    dispatch.annotate,
)


class PlanError(ValueError):
    """An input the pass rejects; ``site`` indexes the offending dispatch
    site, ``export`` names the offending export (``@ex::@e``), if known;
    neither: the module."""

    def __init__(self, message: str, *, site: int | None = None, export: str | None = None):
        super().__init__(message)
        self.site = site
        self.export = export


def export_ref(executable: str, export: str) -> str:
    """``@ex::@e``: how a dispatch site names an export."""
    return symref(executable, export)


def export_refs(facts: ExecutableFacts) -> list[str]:
    """The references of an executable's exports, in order."""
    return [export_ref(facts.symbol, e.name) for e in facts.exports]


def check_devices(host: HostFacts) -> None:
    """IREE's first check: a module that dispatches needs a device."""
    check_has_devices(host.has_dispatches, bool(host.devices.globals))


def check_has_devices(dispatches: bool, devices: bool) -> None:
    """:func:`check_devices` on what it reads: whether the module has
    dispatches (sites or not), and device globals."""
    if dispatches and not devices:
        raise PlanError(NO_DEVICES)


class Callee(Protocol):
    """What :func:`sites_by_export` reads of a site (a
    :class:`~halflow.nodes.host.DispatchSite`, or a row of a table of them)."""

    @property
    def entry_points(self) -> tuple[str, ...]: ...


def sites_by_export(
    sites: Sequence[Callee] | Mapping[int, Callee], refs: Iterable[str],
    hal_exports: Collection[str] | None = None,
) -> dict[str, list[int]]:
    """Indices of the sites dispatching to each export of ``refs``, in site
    order, each once. With ``hal_exports`` (the module's existing
    ``hal.executable`` exports), ``sites`` are all of the module's and a
    dispatch to any other export is an error (IREE silently ignores it);
    without, ``sites`` may name exports not in ``refs``."""
    by_ref: dict[str, list[int]] = {r: [] for r in refs}
    items = sorted(sites.items()) if isinstance(sites, Mapping) else enumerate(sites)
    for i, site in items:
        for ref in site.entry_points:
            found = by_ref.get(ref)
            if found is not None:
                if not found or found[-1] != i:
                    found.append(i)
            elif hal_exports is not None and ref not in hal_exports:
                raise PlanError(
                    f"'stream.cmd.dispatch' op entry point {ref} does not refer to an "
                    "executable export",
                    site=i,
                )
    return by_ref


def export_table(
    executables: Iterable[tuple[str, Iterable[str]]],
) -> frozenset[tuple[str, str]]:
    """Every export of the module as (executable name, export name), from
    (executable name, its export names): what decides whether a dispatch
    names an export that exists (:func:`sites_by_export`). A build may keep
    the previous build's sites of each export only while this table is the
    same (an executable removed or renamed leaves its sites dangling)."""
    return frozenset((name, e) for name, exports in executables for e in exports)


def executable_sites(by_export: Mapping[str, Sequence[int]], refs: Iterable[str]) -> list[int]:
    """The sites dispatching to any of an executable's exports, in order."""
    return sorted({i for r in refs for i in by_export.get(r, ())})


def site_targets(
    refs: Iterable[str], sites: Sites, by_export: Mapping[str, Sequence[int]]
) -> list[tuple[str, ...]]:
    """The targets of an executable's sites, export by export (the targets
    stage's input)."""
    return [sites[i].targets for r in refs for i in by_export.get(r, ())]


def devices_of(host: HostFacts) -> device_targets.Devices:
    """What the targets stage reads of the host for a public executable."""
    return host.devices, host.module_legacy


def executable_targets(
    facts: ExecutableFacts, sites: Sites, by_export: Mapping[str, Sequence[int]],
    host: HostFacts | None,
) -> tuple[str, ...]:
    """The targets stage on an executable (``host`` is read only for a
    public executable)."""
    return device_targets.executable_targets(
        site_targets(export_refs(facts), sites, by_export),
        facts.public,
        devices_of(host) if facts.public and host is not None else None,
    )


def converts(facts: ExecutableFacts, targets: Sequence[str]) -> bool:
    """Whether the executable is converted. Deliberate divergence: with no
    required target IREE stops converting every later executable (`return`
    instead of `continue`); halflow leaves just this one alone."""
    return bool(facts.exports) and bool(targets)


def site_usages(
    ref: str, sites: Sites, by_export: Mapping[str, Sequence[int]]
) -> list[layout.SiteUsage]:
    """What an export's dispatch sites contribute to its layout."""
    return [sites[i].usage for i in by_export.get(ref, ())]


def signature(export: ExportFacts) -> layout.Signature:
    """What the layout stage reads of an export."""
    return export.args, export.forced_layout


def check_export(facts: ExecutableFacts, export: ExportFacts) -> None:
    """An export needs an entry function unless its layout is forced."""
    if export.forced_layout is None and export.args is None:
        raise PlanError(
            f"export @{export.name} calls an undefined function @{export.function}",
            export=export_ref(facts.symbol, export.name),
        )


@contextlib.contextmanager
def layout_errors(facts: ExecutableFacts, export: ExportFacts) -> Iterator[None]:
    """The layout stage's errors, as errors of ``export``."""
    try:
        yield
    except layout.LayoutError as e:
        raise PlanError(str(e), export=export_ref(facts.symbol, export.name)) from None


def export_layout(
    facts: ExecutableFacts, export: ExportFacts, usages: Sequence[layout.SiteUsage]
) -> layout.PipelineLayout:
    """The layout stage on one export."""
    check_export(facts, export)
    with layout_errors(facts, export):
        return layout.pipeline_layout(signature(export), usages)


def expansions(
    facts: ExecutableFacts, plan: Sequence[variants.Variant]
) -> dict[str, dispatch.Expansion]:
    """Original entry point -> variant exports (with targets) it becomes."""
    out: dict[str, dispatch.Expansion] = {}
    for export in facts.exports:
        exported = export.name if facts.kind == SOURCE else export.function
        out[export_ref(facts.symbol, export.name)] = tuple(
            (symref(facts.symbol, v.name, exported), v.target) for v in plan
        )
    return out


class ExecutablePlan(NamedTuple):
    """Everything needed to convert one executable."""

    targets: tuple[str, ...]
    variants: tuple[variants.Variant, ...]
    layouts: tuple[layout.PipelineLayout, ...]  # per export, in order (stream only)

    @property
    def converted(self) -> bool:
        """False when the executable is left alone (no exports / no targets)."""
        return bool(self.variants)


def plan_executable(
    facts: ExecutableFacts,
    sites: Sites,
    by_export: Mapping[str, Sequence[int]],
    host: HostFacts,
) -> ExecutablePlan:
    """Targets, variants and layouts of one executable (the reference
    driver's composition of the stages above)."""
    if not facts.exports:
        return ExecutablePlan((), (), ())
    targets = executable_targets(facts, sites, by_export, host)
    if not converts(facts, targets):
        return ExecutablePlan((), (), ())
    plan = variants.plan_variants(targets)
    if facts.kind == SOURCE:
        return ExecutablePlan(targets, plan, ())
    layouts = tuple(
        export_layout(facts, export, site_usages(ref, sites, by_export))
        for export, ref in zip(facts.exports, export_refs(facts), strict=True)
    )
    return ExecutablePlan(targets, plan, layouts)


def annotate_sites(
    sites: Sequence[DispatchSite], all_expansions: Mapping[str, dispatch.Expansion]
) -> list[tuple[str, ...]]:
    return [dispatch.annotate(s.entry_points, s.targets, all_expansions) for s in sites]
