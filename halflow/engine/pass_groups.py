"""The pass's build script: the pass as groups of cached nodes.

:func:`evaluate` runs the planner (:mod:`halflow.nodes.plan`) and the IR stages
(through a provider) over one document, as nodes of the evaluator, group by
group: the host, each executable, each host op, the module. Both build modes
run it; node ids come from :mod:`halflow.graph`.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple, TypeVar

from halflow import graph
from halflow.asm import assembler as asm
from halflow.asm import pieces
from halflow.core import stages
from halflow.core.attrtext import symbol_ref_parts
from halflow.core.fingerprint import fingerprint, fingerprint_strings, fingerprint_text, short
from halflow.engine.evaluator import Evaluator
from halflow.engine.host_groups import (
    Declarations,
    SiteTable,
    Units,
    analysis_step,
    devices_step,
    units_of,
)
from halflow.engine.providers import PRINTED, SHELL, Provider
from halflow.engine.records import (
    EXPORT,
    MODULE,
    Assembled,
    DocState,
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
from halflow.nodes.host import DispatchSite
from halflow.nodes.tracked import stage_tag
from halflow.source import keys
from halflow.source.toplevel import SplitModule

T = TypeVar("T")


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


class _Executables(NamedTuple):
    groups: dict[int, Group]  # every executable's group, by unit
    opened: dict[int, Group]  # those evaluated node by node
    facts: dict[int, ExecutableFacts]  # the facts of those, read this build
    sites: dict[int, list[int]]  # the sites (SiteTable indices) of every executable


def evaluate(
    ev: Evaluator,
    split: SplitModule,
    provider: Provider,
    unit_keys: Sequence[str],
    assembler: asm.Assembler,
) -> Assembled:
    """Evaluate every group (and, in changed groups, every node) of one
    document: the single script both build modes run (they differ only in
    ``provider``). The steps, in order: the module's declarations, each
    host op's dispatch sites, the executables (keyed on their sites), the
    dispatches checked against their exports, each executable's plan and
    conversion, each host op's annotations and print, the module."""
    units = units_of(split, unit_keys)
    declared = devices_step(ev, units, provider)
    table = analysis_step(ev, units, provider, declared)
    execs = _executables_step(ev, units, provider, declared, table)
    # (MLIR's verifier never saw both sides: see halflow.nodes.verify.)
    _verify_sites(units, table, execs)
    _plan_step(ev, provider, units, declared, table, execs)
    body = _host_ops_step(ev, provider, units, declared, table, execs)
    return _module_step(ev, provider, units, body, assembler)


def _executables_step(
    ev: Evaluator, units: Units, provider: Provider, declared: Declarations, table: SiteTable
) -> _Executables:
    """Each executable's group, keyed on its text and on its sites' rows:
    reused whole, or opened and its facts read (against the previous group
    that had its text, when it was renamed, renumbered or swapped)."""
    prev_groups = ev.prev.groups if ev.prev is not None else {}
    out = _Executables({}, {}, {}, {})
    exports_of: dict[int, tuple[str, ...]] = {}
    by_text: dict[str, list[str]] | None = None
    for i in units.exec_idx:
        before = prev_groups.get(graph.exec_group(units.names[i]))
        if before is not None and before.summary.get("unit_key") == units.keys[i]:
            exports_of[i] = tuple(before.summary["exports"])
        else:
            if by_text is None:
                by_text = _previous_by_text(prev_groups)
            _open_executable(ev, provider, units, i, out, by_text)
            exports_of[i] = tuple(e.name for e in out.facts[i].exports)
    refs_of = {i: [plan.export_ref(units.names[i], e) for e in exports_of[i]]
               for i in units.exec_idx}
    # (A PlanError falls back: the reference driver reports it.)
    plan.check_has_devices(bool(table.rows) or table.nested > 0, declared.has_devices)
    by_ref = plan.sites_by_export(
        table.rows, [r for i in units.exec_idx for r in refs_of[i]], declared.hal_exports
    )
    for i in units.exec_idx:
        out.sites[i] = plan.executable_sites(by_ref, refs_of[i])
        sig = fingerprint_strings(units.keys[i], declared.base, declared.fp,
                                  table.signature(out.sites[i]))
        if i in out.opened:
            out.opened[i].sig = sig
            continue
        gid = graph.exec_group(units.names[i])
        reused = ev.reuse(gid, sig)
        if reused is not None:
            out.groups[i] = reused
        else:
            _open_executable(ev, provider, units, i, out, sig=sig)
    return out


def _open_executable(
    ev: Evaluator, provider: Provider, units: Units, i: int, out: _Executables,
    by_text: dict[str, list[str]] | None = None, sig: str = "",
) -> None:
    """Open executable ``i``'s group and read its facts: against the
    previous group of the same text when it has another name (``by_text``:
    the previous executable groups by unit key, which this takes from);
    ``sig``: its signature, when known already."""
    name = units.names[i]
    gid = graph.exec_group(name)
    prev_gid = rename = None
    same_text = by_text.get(units.keys[i]) if by_text is not None else None
    if same_text and gid not in same_text:
        prev_gid = same_text.pop(0)
        rename = graph.rename_executable(graph.group_executable(prev_gid) or "", name)
    group = out.opened[i] = out.groups[i] = ev.open_group(gid, sig, prev_gid, rename)
    with ev.within(group):
        out.facts[i] = _read_facts(ev, provider, i, name, units.keys[i])


def _previous_by_text(prev_groups: Mapping[str, Group]) -> dict[str, list[str]]:
    """The previous build's executable groups by their unit key."""
    found: dict[str, list[str]] = {}
    for gid, group in prev_groups.items():
        k = group.summary.get("unit_key")
        if k and gid.startswith(graph.EXEC_GROUP):
            found.setdefault(k, []).append(gid)
    return found


def _read_facts(
    ev: Evaluator, provider: Provider, index: int, name: str, unit_key: str
) -> ExecutableFacts:
    """An executable's facts (cached with its own name normalized away) and
    its exports' nodes."""

    def read() -> ExecutableFacts:
        return provider.exec_facts(index).rename(lambda s: keys.normalize_symbol(s, name))

    normalized = ev.read_ir(graph.executable(name), FACTS, [], read, text=unit_key)
    facts = normalized.rename(functools.partial(_denormalize_symbol, name=name))
    for export in facts.exports:
        ev.node(graph.export(name, export.name), stage_tag(EXPORT),
                [graph.executable(name)], _const(export), derived=True)
    return facts


def _plan_step(
    ev: Evaluator, provider: Provider, units: Units, declared: Declarations, table: SiteTable,
    execs: _Executables,
) -> None:
    """Plan and convert every opened executable; its summary is what the
    host ops and the next build read of it."""
    for i, group in execs.opened.items():
        name = units.names[i]
        site_values = table.values(execs.sites[i], _stored_sites(group.prev))
        with ev.within(group):
            planned = _plan_and_convert(ev, provider, group, i, name, execs.facts[i],
                                        site_values, declared, units.keys[i])
        group.summary = _exec_summary(name, execs.facts[i], planned, units.keys[i], ev.targets)
        group.sites = {site.id: site for site in site_values.values()}


def _stored_sites(group: Group | None) -> Mapping[str, Any] | None:
    """The dispatch sites a previous group read (by id), if it has them."""
    return group.site_values() if group is not None else None


def _host_ops_step(
    ev: Evaluator, provider: Provider, units: Units, declared: Declarations, table: SiteTable,
    execs: _Executables,
) -> dict[int, Group]:
    """Each host op's group (its sites' annotations and its print), reused
    whole when neither its text, the devices nor the expansions of what it
    dispatches changed; returns every body group by unit."""
    prev = ev.prev
    exec_by_name = {units.names[i]: execs.groups[i] for i in units.exec_idx}
    body: dict[int, Group] = dict(execs.groups)
    for i, owner in zip(units.host_idx, units.owners, strict=True):
        gid = graph.op_group(owner)
        owned = table.by_owner.get(owner, [])
        prev_op = prev.groups.get(gid) if prev is not None else None
        execs_used: list[str]
        if owner not in table.groups:
            execs_used = []  # a declaration: no sites
        elif prev_op is not None and owner not in table.analysed and "execs" in prev_op.summary:
            execs_used = list(prev_op.summary["execs"])  # (its sites are as before)
        else:
            execs_used = sorted({plan_exec(r) for k in owned for r in table.rows[k].entry_points})
        sig = fingerprint_strings(units.keys[i], declared.base, declared.fp, *(
            e + "=" + (exec_by_name[e].summary.get("expansions_fp", "")
                       if e in exec_by_name else "")
            for e in execs_used
        ))
        found = ev.reuse(gid, sig)
        if found is None:
            found = ev.open_group(gid, sig)
            site_values = table.values(owned, _stored_sites(prev_op))
            with ev.within(found):
                _annotate_and_print(ev, provider, found, owner, i,
                                    [site_values[k] for k in owned], exec_by_name, units.keys[i])
            found.sites = {site.id: site for site in site_values.values()}
            found.summary = {"execs": execs_used}
        body[i] = found
    return body


def _module_step(
    ev: Evaluator, provider: Provider, units: Units, body: Mapping[int, Group],
    assembler: asm.Assembler,
) -> Assembled:
    """The shell (the module's opening) and the assembled module; the
    previous output when no group changed."""
    split = units.split
    groups = [body[i] for i in range(len(split.units))]
    shell_text = fingerprint(split.module_open or "", [a.text for a in split.aliases])
    shell_sig = fingerprint_strings(stages.tag(), ev.options_fingerprint, shell_text)
    shell_group = ev.reuse(graph.SHELL_GROUP, shell_sig)
    if shell_group is None:
        shell_group = ev.open_group(graph.SHELL_GROUP, shell_sig)
        with ev.within(shell_group):
            shell_group.piece = ev.read_ir(graph.SHELL, SHELL, [], provider.shell,
                                           text=shell_text)
    module_sig = fingerprint(
        shell_sig, [(g.gid, g.sig) for g in groups], fingerprint_text(split.trailer)
    )
    prev = ev.prev
    if prev is not None and ev.reuse(graph.MODULE_GROUP, module_sig) is not None:
        return _previous_output(prev)
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
        return _previous_output(prev)
    return result[0]


def _previous_output(prev: DocState) -> Assembled:
    return Assembled(text=prev.output, order=prev.order, spans=prev.spans, visits=prev.visits,
                     names=prev.names, has_resources=prev.has_resources,
                     printed=prev.printed_at_hand())


def _verify_sites(units: Units, table: SiteTable, execs: _Executables) -> None:
    """Raise :class:`Fallback` when a dispatch does not match the export it
    names (the whole-module build then reports it in IREE's words). Checks
    the sites analysed by this build, and every site of the executables
    read by this build."""
    names, facts_of = units.names, execs.facts
    by_name = {names[i]: i for i in units.exec_idx}
    signatures: dict[int, dict[str, Any]] = {}

    def signature(ref: str) -> Any:
        parts = symbol_ref_parts(ref)
        i = by_name.get(parts[0])
        if i is None or len(parts) != 2:
            return None
        found = signatures.get(i)
        if found is None:
            if i in facts_of:
                found = {e.name: verify.signature(e) for e in facts_of[i].exports}
            else:
                found = execs.groups[i].summary.get("signatures")
                if found is None:
                    raise Fallback(f"no export signatures of @{names[i]}")
            signatures[i] = found
        return found.get(parts[1])

    checked: dict[str, Any] = dict(table.fresh)
    for i, group in execs.opened.items():
        for site in table.values(execs.sites[i], _stored_sites(group.prev)).values():
            checked[site.id] = site
    for site in checked.values():
        for ref in site.entry_points:
            sig = signature(ref)
            if sig is not None:
                reason = verify.mismatch(site, ref, sig)
                if reason is not None:
                    raise Fallback(reason)


def plan_exec(ref: str) -> str:
    """The executable name of an entry point reference (``@ex::@e``)."""
    return symbol_ref_parts(ref)[0]


def _plan_and_convert(
    ev: Evaluator,
    provider: Provider,
    group: Group,
    index: int,
    name: str,
    facts: ExecutableFacts,
    sites: Mapping[int, Any],
    declared: Declarations,
    unit_key: str,
) -> tuple[variants.Variant, ...]:
    """The planner's stages on one executable as nodes, then its
    conversion; returns its variants."""
    exec_node = graph.executable(name)
    refs = plan.export_refs(facts)
    by_export = plan.sites_by_export(sites, refs)
    site_ids = [sites[k].id for r in refs for k in by_export[r]]

    def devices() -> targets_stage.Devices | None:
        if not facts.public:
            return None
        found = declared.facts.get()
        return found.devices, found.module_legacy

    targets = ev.run(
        graph.targets(name), targets_stage.executable_targets,
        [exec_node, *site_ids, *([graph.DEVICES] if facts.public else [])],
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
    if provider.whole:
        group.piece = None  # an outline (see WholeProvider._outline), not the op
    else:
        group.piece = (
            computed[0] if computed
            else pieces.rename(piece, lambda s: keys.denormalize_name(s, name))
        )
    return plan_variants


def _exec_summary(name: str, facts: ExecutableFacts, plan_variants: Sequence[variants.Variant],
                  unit_key: str, targets: dict[str, str]) -> dict[str, Any]:
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
    group: Group,
    owner: str,
    index: int,
    sites: Sequence[DispatchSite],
    exec_by_name: Mapping[str, Group],
    unit_key: str,
) -> None:
    """Host op ``owner``'s annotation nodes (one per site of ``sites``, its
    sites in walk order) and its print (unit ``index``)."""
    annotations: list[tuple[int, tuple[str, ...]]] = []
    annotate_ids = []
    for k, site in enumerate(sites):
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
                       lambda: provider.print_host(index, sites, annotations), text=unit_key)
    group.piece = None if provider.whole else piece
