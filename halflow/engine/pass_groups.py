"""The pass's build script: the pass as groups of cached nodes.

:func:`evaluate` runs the planner (:mod:`halflow.nodes.plan`) and the IR stages
(through a provider) over one document, as nodes of the evaluator, group by
group: the host, each executable, each host op, the module. Both build modes
run it; node ids come from :mod:`halflow.graph`.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, NamedTuple, TypeVar

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


class _Units(NamedTuple):
    """The document's top-level ops as the script reads them."""

    split: SplitModule
    keys: Sequence[str]  # each unit's key
    exec_idx: list[int]  # executable units
    host_idx: list[int]  # the others (host ops)
    names: dict[int, str]  # executable unit -> its symbol
    owners: list[str]  # host op names (graph.owner_names), as host_idx


class _Host(NamedTuple):
    sig: str  # every group signature derives from this one or the shell's
    facts: _HostView
    changed: bool  # evaluated by this build (not reused whole)


class _Executables(NamedTuple):
    groups: dict[int, Group]  # every executable's group, by unit
    opened: dict[int, Group]  # those evaluated node by node
    facts: dict[int, ExecutableFacts]  # the facts of those, read this build


def evaluate(
    ev: Evaluator,
    split: SplitModule,
    provider: Provider,
    unit_keys: Sequence[str],
    assembler: asm.Assembler,
) -> Assembled:
    """Evaluate every group (and, in changed groups, every node) of one
    document: the single script both build modes run (they differ only in
    ``provider``). The steps, in order: the host, the executables' facts,
    which sites feed which executable, the dispatches checked against their
    exports, each executable's plan and conversion, each host op's
    annotations and print, the module."""
    units = _units(split, unit_keys)
    host = _host_step(ev, units, provider)
    execs = _executables_step(ev, units, provider, host)
    sites_of = _sites_step(ev.prev, units, host, execs)
    # (MLIR's verifier never saw both sides: see halflow.nodes.verify.)
    _verify_sites(units, host, execs, sites_of)
    _plan_step(ev, provider, units, host, execs, sites_of)
    body = _host_ops_step(ev, provider, units, host, execs)
    return _module_step(ev, provider, units, body, assembler)


def _units(split: SplitModule, unit_keys: Sequence[str]) -> _Units:
    units = split.units
    exec_idx = [i for i, u in enumerate(units) if u.kind in EXECUTABLE_KINDS]
    host_idx = [i for i, u in enumerate(units) if u.kind not in EXECUTABLE_KINDS]
    return _Units(
        split=split,
        keys=unit_keys,
        exec_idx=exec_idx,
        host_idx=host_idx,
        names={i: units[i].symbol or "" for i in exec_idx},
        # (As host.owner_names names their ops: executables all have symbols.)
        owners=graph.owner_names((units[i].symbol, units[i].kind) for i in host_idx),
    )



def _host_step(ev: Evaluator, units: _Units, provider: Provider) -> _Host:
    """The host analysis and its dispatch sites (reused whole when the host
    ops' text is unchanged)."""
    split = units.split
    # (The resources a host op names are in its unit key: the section's
    # other blobs are not the host's.)
    host_text = fingerprint(split.module_open or "", [units.keys[i] for i in units.host_idx])
    # Every group signature derives from this one or the shell's: both carry
    # the stage versions, so a bumped stage re-evaluates groups node by node
    # (and there only that stage's nodes re-run).
    sig = fingerprint_strings(stages.tag(), ev.options, host_text)
    reused = ev.reuse(graph.HOST_GROUP, sig)
    if reused is not None:
        return _Host(sig, _HostView(group=reused), False)
    with ev.within(ev.open_group(graph.HOST_GROUP, sig)) as g:
        facts = ev.read_ir(graph.HOST, ANALYSIS, [], provider.host_facts, text=host_text)
        for site in facts.sites:
            ev.node(site.id, stage_tag(DISPATCH), [graph.HOST], _const(site), derived=True)
        g.summary = {"sites": len(facts.sites)}
    return _Host(sig, _HostView(facts=facts), True)


def _executables_step(
    ev: Evaluator, units: _Units, provider: Provider, host: _Host
) -> _Executables:
    """Each executable's group: reused whole, or opened and its facts read
    (against the previous group that had its text, when it was renamed,
    renumbered or swapped)."""
    prev_by_unit_key: dict[str, list[str]] = {}
    if ev.prev is not None:
        for gid, group in ev.prev.groups.items():
            k = group.summary.get("unit_key")
            if k and gid.startswith(graph.EXEC_GROUP):
                prev_by_unit_key.setdefault(k, []).append(gid)
    out = _Executables({}, {}, {})
    for i in units.exec_idx:
        name = units.names[i]
        gid = graph.exec_group(name)
        sig = fingerprint_strings(units.keys[i], host.sig)
        reused = ev.reuse(gid, sig)
        if reused is not None:
            out.groups[i] = reused
            continue
        prev_gid = rename = None
        same_text = prev_by_unit_key.get(units.keys[i])
        if same_text and gid not in same_text:
            prev_gid = same_text.pop(0)
            rename = graph.rename_executable(graph.group_executable(prev_gid) or "", name)
        group = out.opened[i] = out.groups[i] = ev.open_group(gid, sig, prev_gid, rename)
        with ev.within(group):
            out.facts[i] = _read_facts(ev, provider, i, name, units.keys[i])
    return out


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


def _prev_summary(group: Group) -> dict[str, Any]:
    before = group.prev
    return before.summary if before is not None else {}


def _sites_step(
    prev: DocState | None, units: _Units, host: _Host, execs: _Executables
) -> dict[int, list[int]]:
    """Which dispatch sites (by index) feed each executable: recomputed when
    the host or the module's table of exports changed (an executable's
    exports, or an executable added, removed or renamed), else as before."""
    exec_idx = units.exec_idx
    exports_of = {
        i: tuple(e.name for e in execs.facts[i].exports) if i in execs.facts
        else tuple(execs.groups[i].summary["exports"])
        for i in exec_idx
    }
    # The sites of each export are kept only while the host and the table
    # of exports are what the previous build checked them against.
    reshuffled = host.changed or prev is None or plan.export_table(
        (units.names[i], exports_of[i]) for i in exec_idx
    ) != plan.export_table(
        (ex, g.summary.get("exports", ())) for gid, g in prev.groups.items()
        if (ex := graph.group_executable(gid)) is not None
    )
    if not reshuffled:
        return {
            i: list((execs.groups[i].summary if i not in execs.opened
                     else _prev_summary(execs.opened[i])).get("sites", ()))
            for i in exec_idx
        }
    # (A PlanError falls back: the reference driver reports it.)
    all_sites = host.facts.get()
    plan.check_devices(all_sites)
    refs_of = {i: [plan.export_ref(units.names[i], e) for e in exports_of[i]] for i in exec_idx}
    by_ref = plan.sites_by_export(
        all_sites.sites, [r for i in exec_idx for r in refs_of[i]], all_sites.hal_exports
    )
    return {i: plan.executable_sites(by_ref, refs_of[i]) for i in exec_idx}


def _plan_step(
    ev: Evaluator, provider: Provider, units: _Units, host: _Host, execs: _Executables,
    sites_of: Mapping[int, list[int]],
) -> None:
    """Plan and convert every opened executable; its summary is what the
    host ops and the next build read of it."""
    for i, group in execs.opened.items():
        name = units.names[i]
        site_values = _site_slice(host.facts, group.prev, sites_of[i], host.changed)
        with ev.within(group):
            planned = _plan_and_convert(ev, provider, group, i, name, execs.facts[i],
                                        site_values, host.facts, units.keys[i])
        group.summary = _exec_summary(name, execs.facts[i], planned, units.keys[i], sites_of[i],
                                      ev.targets)
        group.sites = site_values


def _host_ops_step(
    ev: Evaluator, provider: Provider, units: _Units, host: _Host, execs: _Executables
) -> dict[int, Group]:
    """Each host op's group (its sites' annotations and its print), reused
    whole when neither its text nor the expansions of what it dispatches
    changed; returns every body group by unit."""
    prev = ev.prev
    exec_by_name = {units.names[i]: execs.groups[i] for i in units.exec_idx}
    body: dict[int, Group] = dict(execs.groups)
    by_owner: dict[str, list[int]] | None = None
    for position, (i, owner) in enumerate(zip(units.host_idx, units.owners, strict=True)):
        gid = graph.op_group(owner)
        prev_op = prev.groups.get(gid) if prev is not None else None
        if host.changed or prev_op is None:
            sites = host.facts.get().sites
            if by_owner is None:
                by_owner = {}
                for k, site in enumerate(sites):
                    by_owner.setdefault(site.owner, []).append(k)
            owned = by_owner.get(owner, [])
            execs_used = sorted({plan_exec(r) for k in owned for r in sites[k].entry_points})
        else:
            owned = list(prev_op.summary.get("sites", ()))
            execs_used = list(prev_op.summary.get("execs", ()))
        sig = fingerprint_strings(units.keys[i], host.sig, *(
            e + "=" + (exec_by_name[e].summary.get("expansions_fp", "")
                       if e in exec_by_name else "")
            for e in execs_used
        ))
        found = ev.reuse(gid, sig)
        if found is None:
            found = ev.open_group(gid, sig)
            site_values = _site_slice(host.facts, prev_op, owned, host.changed)
            with ev.within(found):
                _annotate_and_print(ev, provider, found, owner, position, owned, site_values,
                                    exec_by_name, units.keys[i])
            found.summary = {"sites": owned, "execs": execs_used}
            found.sites = site_values
        body[i] = found
    return body


def _module_step(
    ev: Evaluator, provider: Provider, units: _Units, body: Mapping[int, Group],
    assembler: asm.Assembler,
) -> Assembled:
    """The shell (the module's opening) and the assembled module; the
    previous output when no group changed."""
    split = units.split
    groups = [body[i] for i in range(len(split.units))]
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


def _verify_sites(
    units: _Units, host: _Host, execs: _Executables, sites_of: Mapping[int, Sequence[int]]
) -> None:
    """Raise :class:`Fallback` when a dispatch does not match the export it
    names (the whole-module build then reports it in IREE's words). Checks
    every site when the host changed, else the sites of changed executables."""
    names, facts_of = units.names, execs.facts

    def signatures(i: int) -> dict[str, Any]:
        if i in facts_of:
            return {e.name: verify.signature(e) for e in facts_of[i].exports}
        found: dict[str, Any] | None = execs.groups[i].summary.get("signatures")
        if found is None:
            raise Fallback(f"no export signatures of @{names[i]}")
        return found

    if host.changed:
        by_ref = {
            plan.export_ref(names[i], e): sig
            for i in units.exec_idx for e, sig in signatures(i).items()
        }
        checked: Iterable[Any] = host.facts.get().sites
    else:
        by_ref = {}
        seen: dict[int, Any] = {}
        for i, group in execs.opened.items():
            by_ref.update(
                (plan.export_ref(names[i], e), sig) for e, sig in signatures(i).items()
            )
            seen.update(_site_slice(host.facts, group.prev, sites_of[i], False))
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
    group: Group,
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
    group: Group,
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
    group.piece = None if provider.whole else piece
