"""The pass's build script: the pass as groups of cached nodes.

:func:`evaluate` runs the planner (:mod:`halflow.nodes.plan`) and the IR stages
(through a provider) over one document, as nodes of the evaluator, group by
group: the host, each executable, each host op, the module. Both build modes
run it; node ids come from :mod:`halflow.graph`.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, TypeVar

from halflow import graph
from halflow.asm import assembler as asm
from halflow.asm import pieces
from halflow.core import stages
from halflow.core.fingerprint import fingerprint, fingerprint_strings, fingerprint_text, short
from halflow.engine.evaluator import Evaluator
from halflow.engine.providers import PRINTED, SHELL, Provider
from halflow.engine.records import (
    DISPATCH,
    EXPORT,
    MODULE,
    Assembled,
    Fallback,
    Group,
    Record,
    value_fp,
)
from halflow.engine.splice import assemble
from halflow.nodes import device_targets as targets_stage
from halflow.nodes import dispatch, interface, layout, plan, variants, verify
from halflow.nodes import executable as executable_stage
from halflow.nodes.facts import FACTS, SOURCE, ExecutableFacts, ExportFacts
from halflow.nodes.host import ANALYSIS, HostFacts
from halflow.nodes.tracked import stage_tag
from halflow.source import keys
from halflow.source.toplevel import EXECUTABLE_KINDS, SplitModule

T = TypeVar("T")


class _HostView:
    """The host facts: fresh, or decoded from a reused group on first use."""

    def __init__(self, facts: HostFacts | None = None, group: Group | None = None):
        self._facts = facts
        self._group = group

    def get(self) -> HostFacts:
        if self._facts is None:
            assert self._group is not None
            record = self._group.decoded().get(graph.HOST)
            if record is None or record.value is None:
                raise Fallback("the previous host analysis is not available")
            self._facts = record.value
        return self._facts


def _const(value: T) -> Callable[[], T]:
    """A computation that returns ``value`` (bound now, not at call time)."""
    return lambda: value


def _denormalize_symbol(symbol: str, name: str) -> str:
    return keys.denormalize_symbol(symbol, name)


def _layout_inputs(
    export: ExportFacts, ref: str, sites: Mapping[int, Any], by_export: Mapping[str, list[int]]
) -> dict[str, Any]:
    """What the layout stage reads of one export and its sites."""
    return {
        "signature": plan.signature(export),
        "site_usages": plan.site_usages(ref, sites, by_export),
    }


def _site_slice(host: _HostView, prev_group: Group | None, indices: Sequence[int],
                host_changed: bool) -> dict[int, Any]:
    """The dispatch sites a group reads, by index: from the fresh host
    analysis, or from the group's previous payload when the host did not
    change (so that the host's facts need not be decoded)."""
    if not host_changed and prev_group is not None:
        cached = prev_group.site_values()
        if cached is not None and all(k in cached for k in indices):
            return {k: cached[k] for k in indices}
    sites = host.get().sites
    return {k: sites[k] for k in indices}


def evaluate(
    ev: Evaluator,
    split: SplitModule,
    provider: Provider,
    unit_keys: Sequence[str],
    assembler: asm.Assembler,
) -> Assembled:
    """Evaluate every group (and, in changed groups, every node) of one
    document: the single script both build modes run (they differ only in
    ``provider``)."""
    units = split.units
    exec_idx = [i for i, u in enumerate(units) if u.kind in EXECUTABLE_KINDS]
    host_idx = [i for i, u in enumerate(units) if u.kind not in EXECUTABLE_KINDS]
    # (As host.owner_names names their ops: executables all have symbols.)
    owners = graph.owner_names((units[i].symbol, units[i].kind) for i in host_idx)
    prev = ev.prev

    # -- the host ----------------------------------------------------------------
    host_text = fingerprint(
        split.module_open or "", [unit_keys[i] for i in host_idx], fingerprint_text(split.trailer)
    )
    # Every group signature derives from this one or the shell's: both carry
    # the stage versions, so a bumped stage re-evaluates groups node by node
    # (and there only that stage's nodes re-run).
    host_sig = fingerprint_strings(stages.tag(), ev.options, host_text)
    reused_host = ev.reuse(graph.HOST_GROUP, host_sig)
    if reused_host is None:
        with ev.within(ev.open_group(graph.HOST_GROUP, host_sig)) as g:
            host_facts = ev.read_ir(graph.HOST, ANALYSIS, [], provider.host_facts,
                                    text=host_text)
            for site in host_facts.sites:
                ev.node(site.id, stage_tag(DISPATCH), [graph.HOST], _const(site), derived=True)
            g.summary = {"sites": len(host_facts.sites)}
        host = _HostView(facts=host_facts)
    else:
        host = _HostView(group=reused_host)
    host_changed = reused_host is None

    # -- executables: reuse or read their facts -------------------------------------
    names = {i: units[i].symbol or "" for i in exec_idx}
    # Previous executable groups by content: a renamed (or renumbered, or
    # swapped) executable is evaluated against the group that had its text.
    prev_by_unit_key: dict[str, list[str]] = {}
    if prev is not None:
        for gid, group in prev.groups.items():
            k = group.summary.get("unit_key")
            if k and gid.startswith(graph.EXEC_GROUP):
                prev_by_unit_key.setdefault(k, []).append(gid)

    exec_groups: dict[int, Group] = {}
    opened: dict[int, Group] = {}
    facts_of: dict[int, ExecutableFacts] = {}
    for i in exec_idx:
        name = names[i]
        gid = graph.exec_group(name)
        sig = fingerprint_strings(unit_keys[i], host_sig)
        reused = ev.reuse(gid, sig)
        if reused is not None:
            exec_groups[i] = reused
            continue
        prev_gid = rename = None
        same_text = prev_by_unit_key.get(unit_keys[i])
        if same_text and gid not in same_text:
            prev_gid = same_text.pop(0)
            rename = graph.rename_executable(graph.group_executable(prev_gid) or "", name)
        group = opened[i] = exec_groups[i] = ev.open_group(gid, sig, prev_gid, rename)
        with ev.within(group):

            def read(i: int = i, name: str = name) -> ExecutableFacts:
                return provider.exec_facts(i).rename(lambda s: keys.normalize_symbol(s, name))

            normalized = ev.read_ir(graph.executable(name), FACTS, [], read, text=unit_keys[i])
            facts = normalized.rename(functools.partial(_denormalize_symbol, name=name))
            facts_of[i] = facts
            for export in facts.exports:
                ev.node(graph.export(name, export.name), stage_tag(EXPORT),
                        [graph.executable(name)], _const(export), derived=True)

    # -- which sites feed which executable -------------------------------------------
    def prev_summary(group: Group) -> dict[str, Any]:
        before = group.prev
        return before.summary if before is not None else {}

    exports_of = {
        i: tuple(e.name for e in facts_of[i].exports) if i in facts_of
        else tuple(exec_groups[i].summary["exports"])
        for i in exec_idx
    }
    reshuffled = host_changed or prev is None or any(
        exports_of[i] != tuple(prev_summary(opened[i]).get("exports", ("<none>",)))
        for i in opened
    )
    sites_of: dict[int, list[int]] = {}
    if reshuffled:
        # (A PlanError falls back: the reference driver reports it.)
        all_sites = host.get()
        plan.check_devices(all_sites)
        refs_of = {i: [plan.export_ref(names[i], e) for e in exports_of[i]] for i in exec_idx}
        by_ref = plan.sites_by_export(
            all_sites.sites, [r for i in exec_idx for r in refs_of[i]], all_sites.hal_exports
        )
        for i in exec_idx:
            sites_of[i] = plan.executable_sites(by_ref, refs_of[i])
    else:
        for i in exec_idx:
            summary = exec_groups[i].summary if i not in opened else prev_summary(opened[i])
            sites_of[i] = list(summary.get("sites", ()))

    # -- symbol uses: each dispatch against the export it names -----------------------
    # (MLIR's verifier never saw both sides: see halflow.nodes.verify.)
    _verify_sites(host, host_changed, exec_idx, names, exec_groups, opened, facts_of, sites_of)

    # -- planning and conversion --------------------------------------------------------
    for i, group in opened.items():
        name = names[i]
        site_values = _site_slice(host, group.prev, sites_of[i],
                                  host_changed)
        with ev.within(group):
            planned = _plan_and_convert(ev, provider, i, name, facts_of[i], site_values, host,
                                        unit_keys[i])
        group.summary = _exec_summary(name, facts_of[i], planned, unit_keys[i], sites_of[i],
                                      ev.targets)
        group.sites = site_values

    # -- host ops: annotations and printing ---------------------------------------------
    exec_by_name = {names[i]: exec_groups[i] for i in exec_idx}
    body: dict[int, Group] = dict(exec_groups)
    by_owner: dict[str, list[int]] | None = None
    for position, (i, owner) in enumerate(zip(host_idx, owners, strict=True)):
        gid = graph.op_group(owner)
        prev_op = prev.groups.get(gid) if prev is not None else None
        if host_changed or prev_op is None:
            if by_owner is None:
                by_owner = {}
                for k, site in enumerate(host.get().sites):
                    by_owner.setdefault(site.owner, []).append(k)
            owned = by_owner.get(owner, [])
            sites = host.get().sites
            execs = sorted({plan_exec(r) for k in owned for r in sites[k].entry_points})
        else:
            owned = list(prev_op.summary.get("sites", ()))
            execs = list(prev_op.summary.get("execs", ()))
        sig = fingerprint_strings(unit_keys[i], host_sig, *(
            e + "=" + (exec_by_name[e].summary.get("expansions_fp", "")
                       if e in exec_by_name else "")
            for e in execs
        ))
        found = ev.reuse(gid, sig)
        if found is None:
            group = ev.open_group(gid, sig)
            site_values = _site_slice(host, prev_op, owned, host_changed)
            with ev.within(group):
                _annotate_and_print(ev, provider, owner, position, owned, site_values,
                                    exec_by_name, unit_keys[i])
            group.summary = {"sites": owned, "execs": execs}
            group.sites = site_values
        else:
            group = found
        body[i] = group

    # -- the module ----------------------------------------------------------------------
    groups = [body[i] for i in range(len(units))]
    shell_text = fingerprint(split.module_open or "", [a.text for a in split.aliases])
    shell_sig = fingerprint_strings(stages.tag(), ev.options, shell_text)
    shell_group = ev.reuse(graph.SHELL_GROUP, shell_sig)
    if shell_group is None:
        shell_group = ev.open_group(graph.SHELL_GROUP, shell_sig)
        with ev.within(shell_group):
            shell_group.piece = ev.read_ir(graph.SHELL, SHELL, [], provider.shell,
                                           text=shell_text)
    module_sig = fingerprint(
        shell_sig, [(g.gid, g.sig) for g in groups], fingerprint_text(split.trailer)
    )
    if prev is not None and ev.reuse(graph.MODULE_GROUP, module_sig) is not None:
        return Assembled(prev.output, prev.order, prev.spans, prev.visits, prev.names,
                         prev.has_resources, prev._printed)
    result: list[Assembled] = []

    def assemble_module() -> bool:
        result.append(
            provider.assembled([g.gid for g in groups])
            or assemble(ev.prev, groups, shell_group, assembler)
        )
        return True

    with ev.within(ev.open_group(graph.MODULE_GROUP, module_sig)):
        deps = [graph.SHELL, *(graph.piece_node(g.gid) for g in groups)]
        ev.node(graph.MODULE, stage_tag(MODULE), deps, assemble_module,
                extra={"pieces": module_sig}, fp_value=None)
    if not result:  # the module node was reused: nothing changed after all
        assert prev is not None
        return Assembled(prev.output, prev.order, prev.spans, prev.visits, prev.names,
                         prev.has_resources, prev._printed)
    return result[0]


def _verify_sites(
    host: _HostView,
    host_changed: bool,
    exec_idx: Sequence[int],
    names: Mapping[int, str],
    exec_groups: Mapping[int, Group],
    opened: Mapping[int, Group],
    facts_of: Mapping[int, ExecutableFacts],
    sites_of: Mapping[int, Sequence[int]],
) -> None:
    """Raise :class:`Fallback` when a dispatch does not match the export it
    names (the whole-module build then reports it in IREE's words). Checks
    every site when the host changed, else the sites of changed executables."""

    def signatures(i: int) -> dict[str, Any]:
        if i in facts_of:
            return {e.name: verify.signature(e) for e in facts_of[i].exports}
        found: dict[str, Any] | None = exec_groups[i].summary.get("signatures")
        if found is None:
            raise Fallback(f"no export signatures of @{names[i]}")
        return found

    if host_changed:
        by_ref = {
            plan.export_ref(names[i], e): sig
            for i in exec_idx for e, sig in signatures(i).items()
        }
        checked: Iterable[Any] = host.get().sites
    else:
        by_ref = {}
        seen: dict[int, Any] = {}
        for i, group in opened.items():
            by_ref.update(
                (plan.export_ref(names[i], e), sig) for e, sig in signatures(i).items()
            )
            seen.update(_site_slice(host, group.prev, sites_of[i], False))
        checked = seen.values()
    for site in checked:
        for ref in site.entry_points:
            sig = by_ref.get(ref)
            if sig is not None:
                reason = verify.mismatch(site, ref, sig)
                if reason is not None:
                    raise Fallback(reason)


def plan_exec(ref: str) -> str:
    """The executable name of an entry point reference (``@ex::@e``)."""
    from halflow.core.attrtext import symbol_ref_parts

    return symbol_ref_parts(ref)[0]


def _plan_and_convert(
    ev: Evaluator,
    provider: Provider,
    index: int,
    name: str,
    facts: ExecutableFacts,
    sites: Mapping[int, Any],
    host: _HostView,
    unit_key: str,
) -> tuple[variants.Variant, ...]:
    """The planner's stages on one executable as nodes, then its
    conversion; returns its variants."""
    exec_node = graph.executable(name)
    refs = plan.export_refs(facts)
    by_export = plan.sites_by_export(sites, refs)
    site_ids = [sites[k].id for r in refs for k in by_export[r]]

    def devices() -> targets_stage.Devices | None:
        return plan.devices_of(host.get()) if facts.public else None

    targets = ev.run(
        graph.targets(name), targets_stage.executable_targets,
        [exec_node, *site_ids, *([graph.HOST] if facts.public else [])],
        lambda: {
            "site_targets": plan.site_targets(refs, sites, by_export),
            "public": facts.public,
            "devices": devices(),
        },
    )
    if ev.graph is not None:
        # What the graph's summary view clusters executables by.
        ev.graph.nodes[graph.targets(name)]["targets"] = list(targets)
    converted = plan.converts(facts, targets)
    plan_variants: tuple[variants.Variant, ...] = ()
    layouts: list[layout.PipelineLayout] = []
    deps = [exec_node]
    if converted:
        plan_variants = ev.run(
            graph.variants(name), variants.plan_variants, [graph.targets(name)],
            lambda: {"targets": tuple(targets)}, sources={"targets": graph.targets(name)},
        )
        deps.append(graph.variants(name))
        if facts.kind != SOURCE:
            if facts.entry_error is not None:
                raise Fallback(facts.entry_error)
            for export, ref in zip(facts.exports, refs, strict=True):
                plan.check_export(facts, export)
                layout_id = graph.layout(name, export.name)
                with plan.layout_errors(facts, export):
                    lay = ev.run(
                        layout_id, layout.pipeline_layout,
                        [graph.export(name, export.name),
                         *(sites[k].id for k in by_export[ref])],
                        functools.partial(_layout_inputs, export, ref, sites, by_export),
                    )
                layouts.append(lay)
                interface_id = graph.interface(name, export.name)
                ev.run(interface_id, interface.layout_attr_text, [layout_id],
                       _const({"layout": lay}), sources={"layout": layout_id})
                deps += [layout_id, interface_id]
    p = plan.ExecutablePlan(targets if converted else (), plan_variants, tuple(layouts))

    computed: list[Record] = []

    def convert() -> Record:
        record = provider.convert(index, facts, p)
        if keys.can_normalize(name) and pieces.mentions(record, name):
            # The name reaches an attribute alias, where renaming does not.
            raise Fallback(f"@{name} appears in an attribute of its own conversion")
        computed.append(record)
        if ev.force:
            return record  # not kept (see Evaluator.node): no need to normalize
        return pieces.rename(record, lambda s: keys.normalize_name(s, name))

    piece = ev.read_ir(graph.convert(name), executable_stage.CONVERT, deps, convert,
                       text=unit_key)
    group = ev._current
    assert group is not None
    if provider.whole:
        group.piece = None  # an outline (see WholeProvider._outline), not the op
    else:
        group.piece = (
            computed[0] if computed
            else pieces.rename(piece, lambda s: keys.denormalize_name(s, name))
        )
    return plan_variants


def _exec_summary(name: str, facts: ExecutableFacts, plan_variants: Sequence[variants.Variant],
                  unit_key: str, sites: Sequence[int], targets: dict[str, str]) -> dict[str, Any]:
    expansions = plan.expansions(facts, plan_variants) if plan_variants else {}
    stored: dict[str, list[list[str]]] = {}
    for ref, items in expansions.items():
        row = []
        for new_ref, target in items:
            h = short(target)
            targets[h] = target
            row.append([new_ref, h])
        stored[ref] = row
    return {
        "unit_key": unit_key,
        "exports": [e.name for e in facts.exports],
        "signatures": {e.name: verify.signature(e) for e in facts.exports},
        "sites": list(sites),
        "expansions": stored,
        "expansions_fp": value_fp(expansions),
    }


def _expansions(exec_by_name: Mapping[str, Group], exec_name: str, ref: str,
                targets: Mapping[str, str]) -> dispatch.Expansion | None:
    group = exec_by_name.get(exec_name)
    if group is None:
        return None
    found = group.summary.get("expansions", {}).get(ref)
    return tuple((a, targets[h]) for a, h in found) if found is not None else None


def _annotate_and_print(
    ev: Evaluator,
    provider: Provider,
    owner: str,
    position: int,
    owned: Sequence[int],
    sites: Mapping[int, Any],
    exec_by_name: Mapping[str, Group],
    unit_key: str,
) -> None:
    annotations: list[tuple[int, tuple[str, ...]]] = []
    annotate_ids = []
    for k in owned:
        site = sites[k]
        exp: dict[str, dispatch.Expansion] = {}
        deps = [site.id]
        for r in site.entry_points:
            e = plan_exec(r)
            found = _expansions(exec_by_name, e, r, ev.targets)
            if found is not None:
                exp[r] = found
                deps.append(graph.convert(e))
        node_id = graph.annotate(site.id)
        annotate_ids.append(node_id)
        annotations.append((k, ev.run(
            node_id, dispatch.annotate, deps,
            _const({
                "entry_points": site.entry_points, "site_targets": site.targets, "expansions": exp,
            }),
        )))
    piece = ev.read_ir(graph.print_op(owner), PRINTED, annotate_ids,
                       lambda: provider.print_host(position, annotations), text=unit_key)
    group = ev._current
    assert group is not None
    group.piece = None if provider.whole else piece
