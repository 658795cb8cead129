"""The host program as groups of cached nodes, op by op.

The pass reads two things of the host program: the module's declarations
(its device globals, the legacy targets of its opening, the exports of
existing ``hal.executable`` ops), and the dispatch sites of each top-level
host op. Each is its own group here:

- ``devices`` (group ``devices``): :func:`halflow.nodes.host.module_facts`
  over the module's opening and its ``util.global``/``hal.executable`` ops,
  its value fingerprinted (an edit of a weight's global leaves the device
  table, and so everything downstream, alone);
- ``host:@op`` (group ``host:@op``, one per other top-level host op):
  :func:`halflow.nodes.host.analyze_op`, keyed on that op's text, the
  module's opening and the devices' value, and one derived
  ``dispatch:@op/...`` node per site.

A group whose inputs are unchanged is reused whole. Its summary lists its
sites (entry points and value fingerprints): the :class:`SiteTable` of
every site of the module is made of these summaries, and the executables'
groups are keyed on the rows of their own sites, so an edit inside one
function that leaves its sites' values as they were reaches no other group
but that function's print.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Generic, NamedTuple, TypeVar

from halflow import graph
from halflow.core import stages
from halflow.core.fingerprint import fingerprint, fingerprint_strings
from halflow.engine.evaluator import Evaluator
from halflow.engine.providers import Provider
from halflow.engine.records import DISPATCH, Fallback, Group
from halflow.nodes import host
from halflow.nodes.host import DispatchSite, ModuleFacts, OpSites
from halflow.nodes.tracked import stage_tag
from halflow.source.toplevel import EXECUTABLE_KINDS, SplitModule, needed_aliases

T = TypeVar("T")


class Units(NamedTuple):
    """The document's top-level ops as the build script reads them."""

    split: SplitModule
    keys: Sequence[str]  # each unit's key
    exec_idx: list[int]  # executable units
    host_idx: list[int]  # the others (host ops)
    names: dict[int, str]  # executable unit -> its symbol
    owners: list[str]  # host op names (graph.owner_names), as host_idx


def units_of(split: SplitModule, unit_keys: Sequence[str]) -> Units:
    units = split.units
    exec_idx = [i for i, u in enumerate(units) if u.kind in EXECUTABLE_KINDS]
    host_idx = [i for i, u in enumerate(units) if u.kind not in EXECUTABLE_KINDS]
    return Units(
        split=split,
        keys=unit_keys,
        exec_idx=exec_idx,
        host_idx=host_idx,
        names={i: units[i].symbol or "" for i in exec_idx},
        # (As host.owner_names names their ops: executables all have symbols.)
        owners=graph.owner_names((units[i].symbol, units[i].kind) for i in host_idx),
    )


class Lazy(Generic[T]):
    """A node's value: fresh, or decoded from its reused group on first use."""

    def __init__(self, value: T | None = None, group: Group | None = None, node: str = ""):
        self._value = value
        self._group = group
        self._node = node

    def get(self) -> T:
        if self._value is None:
            assert self._group is not None
            record = self._group.decoded().get(self._node)
            if record is None or record.stored_value() is None:
                raise Fallback(f"the previous value of {self._node} is not available")
            self._value = record.value
        return self._value


class Declarations(NamedTuple):
    """The ``devices`` node as the other groups read it."""

    base: str  # stage versions, options and the module's opening: in every group's signature
    module: str  # fingerprint of the module's opening (and the aliases it names)
    fp: str  # the value fingerprint of the devices node
    facts: Lazy[ModuleFacts]
    has_devices: bool
    hal_exports: frozenset[str]


def _const(value: T) -> Callable[[], T]:
    return lambda: value


def devices_step(ev: Evaluator, units: Units, provider: Provider) -> Declarations:
    """The module's declarations: reused whole while the module's opening
    and its ``util.global``/``hal.executable`` ops are unchanged."""
    split = units.split
    opening = split.module_open or ""
    module = fingerprint(opening, [a.text for a in needed_aliases(split, opening)])
    base = fingerprint_strings(stages.tag(), ev.options_fingerprint, module)
    declared = [i for i in units.host_idx if split.units[i].kind in host.DECLARATION_OPS]
    text = fingerprint(module, [units.keys[i] for i in declared])
    sig = fingerprint_strings(base, text)
    reused = ev.reuse(graph.DEVICES_GROUP, sig)
    if reused is not None:
        s = reused.summary
        return Declarations(base, module, str(s["fp"]),
                            Lazy(group=reused, node=graph.DEVICES), bool(s["devices"]),
                            frozenset(s["hal_exports"]))
    with ev.within(ev.open_group(graph.DEVICES_GROUP, sig)) as g:
        facts: ModuleFacts = ev.read_ir(
            graph.DEVICES, host.DEVICES, [], lambda: provider.module_facts(declared), text=text,
            by_value=True,
        )
        fp = ev.nodes[graph.DEVICES].vfp
        g.summary = {"fp": fp, "devices": bool(facts.devices.globals),
                     "hal_exports": sorted(facts.hal_exports)}
    return Declarations(base, module, fp, Lazy(facts), bool(facts.devices.globals),
                        facts.hal_exports)


class SiteRow(NamedTuple):
    """One dispatch site as the table of the module's sites holds it."""

    id: str
    entry_points: tuple[str, ...]
    vfp: str  # its value's fingerprint
    owner: str  # its host op


class SiteTable:
    """Every dispatch site of the module, in walk order (a site's index is
    its position here, this build only: ids are what builds share), with
    their values where this build has them at hand."""

    def __init__(self) -> None:
        self.rows: list[SiteRow] = []
        self.index: dict[str, int] = {}
        self.by_owner: dict[str, list[int]] = {}
        self.fresh: dict[str, DispatchSite] = {}  # sites of the ops analysed by this build
        self.analysed: set[str] = set()  # the ops analysed by this build
        self.groups: dict[str, Group] = {}  # analysis groups, by owner
        self.nested = 0  # dispatches inside nested modules (not sites)
        self._decoded: dict[str, dict[str, DispatchSite]] = {}

    def add(self, owner: str, group: Group, fresh: OpSites | None) -> None:
        summary = group.summary
        rows = summary.get("sites", ())
        ids = graph.dispatch_ids(owner, (graph.callee(eps) for eps, _ in rows))
        mine = self.by_owner.setdefault(owner, [])
        for site_id, (eps, vfp) in zip(ids, rows, strict=True):
            self.index[site_id] = len(self.rows)
            mine.append(len(self.rows))
            self.rows.append(SiteRow(site_id, tuple(eps), vfp, owner))
        self.groups[owner] = group
        self.nested += int(summary.get("nested", 0))
        if fresh is not None:
            self.fresh.update((s.id, s) for s in fresh.sites)
            self.analysed.add(owner)

    def signature(self, indices: Sequence[int]) -> str:
        """What an executable's group is keyed on of its sites."""
        rows = self.rows
        return fingerprint_strings(*(rows[k].id + "=" + rows[k].vfp for k in indices))

    def values(
        self, indices: Sequence[int], stored: Mapping[str, Any] | None
    ) -> dict[int, DispatchSite]:
        """The sites ``indices``: analysed by this build, else as a group
        that read them before stored them (``stored``, by id: valid while
        their op's analysis is reused whole), else from their op's reused
        analysis."""
        out: dict[int, DispatchSite] = {}
        for k in indices:
            row = self.rows[k]
            site = self.fresh.get(row.id)
            if site is None and stored is not None:
                site = stored.get(row.id)
            if site is None:
                site = self._of_owner(row.owner).get(row.id)
            if site is None:
                raise Fallback(f"the previous value of {row.id} is not available")
            out[k] = site
        return out

    def _of_owner(self, owner: str) -> dict[str, DispatchSite]:
        found = self._decoded.get(owner)
        if found is None:
            sites: OpSites = Lazy[OpSites](group=self.groups[owner],
                                           node=graph.host_op(owner)).get()
            found = self._decoded[owner] = {s.id: s for s in sites.sites}
        return found


def analysis_step(
    ev: Evaluator, units: Units, provider: Provider, declared: Declarations
) -> SiteTable:
    """Each host op's dispatch sites: reused whole while its text and the
    devices are unchanged."""
    table = SiteTable()
    kinds = units.split.units
    for i, owner in zip(units.host_idx, units.owners, strict=True):
        if kinds[i].kind in host.DECLARATION_OPS:
            continue
        gid = graph.host_group(owner)
        sig = fingerprint_strings(units.keys[i], declared.base, declared.fp)
        group = ev.reuse(gid, sig)
        fresh = None
        if group is None:
            group = ev.open_group(gid, sig)
            with ev.within(group):
                fresh = _analyse(ev, provider, i, owner, units.keys[i], declared)
        table.add(owner, group, fresh)
    return table


def _analyse(
    ev: Evaluator, provider: Provider, index: int, owner: str, unit_key: str,
    declared: Declarations,
) -> OpSites:
    """Host op ``owner``'s analysis node and its sites' nodes (into the open group)."""
    node = graph.host_op(owner)
    found: OpSites = ev.read_ir(
        node, host.ANALYSIS, [], lambda: provider.op_sites(index, owner, declared.facts.get()),
        text=unit_key, module=declared.module, devices=declared.fp,
    )
    rows = []
    for site in found.sites:
        ev.node(site.id, stage_tag(DISPATCH), [node], _const(site), derived=True)
        rows.append([list(site.entry_points), ev.nodes[site.id].vfp])
    ev.current.summary = {"sites": rows, "nested": found.nested}
    return found
