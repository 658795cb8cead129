"""Planning: the pure-data stages between analysis and IR rewriting.

From the host's dispatch sites and each executable's facts this decides,
without touching IR, which targets every executable needs, its variants, the
layout and interface of every export, and the new entry points of every
dispatch site. Both the reference driver (:mod:`halflow.materialize`) and the
incremental engine call these functions; the engine caches each as a node.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from halflow.facts import SOURCE, ExecutableFacts, ExportFacts
from halflow.host import DispatchSite, HostFacts
from halflow.nodes import device_targets, dispatch, layout, variants
from halflow.symbols import symref


class PlanError(ValueError):
    """An input the pass rejects; ``site`` indexes the offending dispatch
    site, ``export`` names the offending export (``@ex::@e``), if known."""

    def __init__(self, message: str, *, site: int | None = None, export: str | None = None):
        super().__init__(message)
        self.site = site
        self.export = export


def export_ref(executable: str, export: str) -> str:
    return symref(executable, export)


def sites_by_export(
    sites: Sequence[DispatchSite],
    executables: Sequence[ExecutableFacts],
    hal_exports: frozenset[str] | set[str] = frozenset(),
) -> dict[str, list[int]]:
    """Indices of the sites dispatching to each export; a dispatch to an
    export that does not exist is an error (IREE silently ignores it)."""
    by_ref: dict[str, list[int]] = {
        export_ref(e.symbol, x.name): [] for e in executables for x in e.exports
    }
    for i, site in enumerate(sites):
        for ref in site.entry_points:
            found = by_ref.get(ref)
            if found is not None:
                found.append(i)
            elif ref not in hal_exports:
                raise PlanError(
                    f"'stream.cmd.dispatch' op entry point {ref} does not refer to an "
                    "executable export",
                    site=i,
                )
    return by_ref


def executable_targets(
    facts: ExecutableFacts,
    sites: Sequence[DispatchSite],
    by_export: Mapping[str, Sequence[int]],
    host: HostFacts,
) -> tuple[str, ...]:
    site_targets = [
        sites[i].targets
        for export in facts.exports
        for i in by_export.get(export_ref(facts.symbol, export.name), ())
    ]
    return device_targets.executable_required_targets(
        site_targets, facts.public, host.devices, host.module_legacy
    )


def export_layout(
    facts: ExecutableFacts, export: ExportFacts, usages: Sequence[layout.SiteUsage]
) -> layout.PipelineLayout:
    if export.forced_layout is not None:
        return layout.assume_layout(export.forced_layout)
    if export.args is None:
        raise PlanError(
            f"export @{export.name} calls an undefined function @{export.function}",
            export=export_ref(facts.symbol, export.name),
        )
    try:
        return layout.derive_layout(export.args, usages)
    except layout.LayoutError as e:
        raise PlanError(str(e), export=export_ref(facts.symbol, export.name)) from None


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


@dataclass(frozen=True)
class ExecutablePlan:
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
    sites: Sequence[DispatchSite],
    by_export: Mapping[str, Sequence[int]],
    host: HostFacts,
) -> ExecutablePlan:
    if not facts.exports:
        return ExecutablePlan((), (), ())
    targets = executable_targets(facts, sites, by_export, host)
    if not targets:
        # Deliberate divergence: IREE stops converting every later
        # executable here (`return` instead of `continue`); we skip only this one.
        return ExecutablePlan((), (), ())
    plan = variants.plan_variants(targets)
    if facts.kind == SOURCE:
        return ExecutablePlan(targets, plan, ())
    layouts = tuple(
        export_layout(
            facts,
            export,
            [sites[i].usage for i in by_export.get(export_ref(facts.symbol, export.name), ())],
        )
        for export in facts.exports
    )
    return ExecutablePlan(targets, plan, layouts)


def annotate_sites(
    sites: Sequence[DispatchSite], all_expansions: Mapping[str, dispatch.Expansion]
) -> list[tuple[str, ...]]:
    return [dispatch.annotate(s.entry_points, s.targets, all_expansions) for s in sites]
