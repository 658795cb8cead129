"""The incremental engine: nodes with content keys, early cutoff, explain.

A build evaluates the nodes of :mod:`halflow.graph` in dependency order.
Each node's key is the fingerprint of its stage (name, version), the
environment (halflow and iree-base-compiler versions) and its inputs, where
an input is the *value fingerprint* of a dependency (so a recomputed value
equal to the old one does not dirty its dependents: early cutoff). A node is

- reused when the previous build of this document had the same key, or an
  entry with that key is in memory or in the persistent cache;
- executed otherwise, with the reason recorded (no entry, which input
  changed, stage version, environment).

IR work is lazy: only nodes that execute parse anything. Executables are
parsed one by one when few changed, the whole module once when many did; a
rebuild whose output can be assembled from printed pieces never prints the
whole module. Whenever the incremental path cannot vouch for a result (the
text does not split cleanly, a piece cannot be placed, or the input has an
error), the build falls back to the reference driver on the whole module,
which also produces IREE's exact diagnostics.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from halflow import asm, codec, keys, pieces, plan
from halflow.facts import SOURCE, ExecutableFacts, ExportFacts
from halflow.fingerprint import (
    environment,
    fingerprint,
    fingerprint_strings,
    fingerprint_text,
    short,
)
from halflow.graph import BuildGraph
from halflow.host import DispatchSite, HostFacts
from halflow.nodes import (
    Stage,
    clone_function,
    dispatch,
    export_ops,
    interface,
    layout,
    objects,
    variants,
    workgroup_info,
)
from halflow.nodes import device_targets as targets_stage
from halflow.nodes import executable as executable_stage
from halflow.nodes import executable_source as source_stage
from halflow.split import EXECUTABLE_KINDS, SplitError, SplitModule, Unit, split_module

STATE_FORMAT = 1

# Node stages that are not in halflow.nodes (reading inputs, printing).
EXECUTABLE = Stage("executable", 1, "facts of one executable, read from its text")
EXPORT = Stage("export", 1, "facts of one export")
DISPATCH = Stage("dispatch_site", 1, "facts of one dispatch site")
HOST = Stage("host", 1, "device globals and dispatch sites of the host program")
CONVERT = Stage("convert", 1, "hal.executable of one executable, printed")
# The convert node runs these stages in one go; each one's version is part of
# its key.
CONVERT_SUBSTAGES = (
    executable_stage.STAGE,
    source_stage.STAGE,
    export_ops.STAGE,
    clone_function.STAGE,
    workgroup_info.STAGE,
    objects.STAGE,
)
ANNOTATE = dispatch.STAGE
PRINT = Stage("print", 1, "printed host op after dispatch annotation")
MODULE = Stage("module", 1, "assembled output")


class Fallback(Exception):
    """The incremental path cannot vouch for this build; use the whole module."""


@dataclass
class NodeRecord:
    tag: str  # stage name@version
    key: str
    extra: dict[str, str]  # non-node inputs (text keys, ...)
    depsig: str  # fingerprint of the dependency ids
    vfp: str  # fingerprint of the value (what dependents compare)
    value: Any = None
    # Position of this node's op among the ops of the document's output
    # (printed nodes): how the next build finds the value without storing it.
    index: int | None = None
    changed: bool = True  # this build: value differs from the previous build

    @property
    def stage(self) -> str:
        return self.tag.split("@", 1)[0]


@dataclass
class NodeRun:
    node: str
    stage: str
    reason: str
    seconds: float


@dataclass
class DocState:
    """What a document's last build leaves for the next one."""

    input_hash: str
    options: str
    env: str
    output: str
    output_key: str
    nodes: dict[str, NodeRecord]
    units: dict[str, str] = field(default_factory=dict)  # raw unit hash -> unit key
    _printed: asm.PrintedModule | None = field(default=None, repr=False)

    def printed(self) -> asm.PrintedModule | None:
        """The previous output cut into records (computed on first use)."""
        if self._printed is None:
            try:
                self._printed = asm.parse_printed(self.output)
            except asm.SpliceError:
                return None
        return self._printed


@dataclass
class Recorder:
    """Why each node ran; the data behind --explain, --report and --trace."""

    runs: list[NodeRun] = field(default_factory=list)
    reused: int = 0
    events: list[dict[str, Any]] = field(default_factory=list)
    t0: float = field(default_factory=time.perf_counter)

    def executed(self, node: str, stage: str, reason: str, seconds: float) -> None:
        self.runs.append(NodeRun(node, stage, reason, seconds))

    def event(self, name: str, cat: str, start: float, end: float) -> None:
        self.events.append(
            {
                "name": name,
                "cat": cat,
                "ph": "X",
                "ts": round((start - self.t0) * 1e6, 1),
                "dur": round((end - start) * 1e6, 1),
                "pid": 1,
                "tid": 1,
            }
        )

    @contextlib.contextmanager
    def phase(self, name: str) -> Iterator[None]:
        start = time.perf_counter()
        try:
            yield
        finally:
            self.event(name, "phase", start, time.perf_counter())


def value_fp(value: Any) -> str:
    """Fingerprint of a node value (what dependents see as their input)."""
    return fingerprint(value)


def stage_tag(stage: Stage) -> str:
    return f"{stage.name}@{stage.version}"


CONVERT_TAG = "+".join(stage_tag(s) for s in (CONVERT, *CONVERT_SUBSTAGES))
_MISSING = object()


class Evaluator:
    """Evaluates the nodes of one document build against the previous one.

    A node whose stage and non-node inputs are unchanged and whose
    dependencies all kept their values is reused without computing anything
    (not even its key). Otherwise its key is computed from its stage, the
    environment, its non-node inputs and its dependencies' value
    fingerprints, and looked up in the previous build, in memory and in the
    cache before the node executes.
    """

    def __init__(self, workspace: Workspace, prev: DocState | None, recorder: Recorder):
        self.ws = workspace
        self.env = fingerprint(environment())
        usable = prev is not None and prev.env == self.env
        self.env_changed = prev is not None and not usable
        self.prev = prev if usable else None
        self.prev_nodes: dict[str, NodeRecord] = prev.nodes if usable and prev else {}
        self.nodes: dict[str, NodeRecord] = {}
        self.graph = BuildGraph()
        self.recorder = recorder
        self.pending: list[tuple[str, Any]] = []  # cache writes, flushed at the end
        # Whole-module builds compute every node (and say so).
        self.force = False
        self._prev_by_key: dict[str, NodeRecord] | None = None

    def node(
        self,
        node_id: str,
        tag: str,
        deps: Sequence[str],
        compute: Callable[[], Any],
        *,
        extra: Mapping[str, str] | None = None,
        inputs: Callable[[], Mapping[str, str]] | None = None,
        persist: bool = False,
        derived: bool = False,
        fp_value: Callable[[Any], str] | None = value_fp,
    ) -> Any:
        """The value of ``node_id`` (see class docstring).

        ``extra`` holds inputs that are not nodes (text keys). ``inputs``,
        when given, names the exact parts of the dependencies the node reads
        (fingerprints, computed only when a dependency changed): the key is
        made of them instead of the dependencies' whole values, so a change
        elsewhere in a dependency does not re-execute the node.
        ``derived`` nodes are views of a dependency's value (exports,
        dispatch sites): recomputing them is free, so they are recomputed
        whenever a dependency changed and count as executed when their value
        changed. ``fp_value=None`` uses the key as value fingerprint (for
        values, like printed pieces, that are a pure function of the key).
        """
        extra = dict(extra) if extra else {}
        stage = tag.split("@", 1)[0]
        self.graph.add(node_id, stage, deps)
        dep_recs = [self.nodes[d] for d in deps]
        depsig = short("\0".join(deps))
        prev = self.prev_nodes.get(node_id)

        if (
            not self.force
            and prev is not None
            and prev.tag == tag
            and prev.depsig == depsig
            and all(prev.extra.get(k) == v for k, v in extra.items())
            and not any(d.changed for d in dep_recs)
        ):
            value = prev.value if prev.value is not None else self._from_prev(node_id, prev)
            if value is not _MISSING:
                self.recorder.reused += 1
                self.nodes[node_id] = NodeRecord(
                    tag, prev.key, prev.extra, depsig, prev.vfp, value, prev.index, False
                )
                return value

        if inputs is not None:
            extra.update(inputs())
        key = fingerprint_strings(
            tag,
            self.env,
            *(f"{k}={v}" for k, v in sorted(extra.items())),
            *(() if inputs is not None else (d.vfp for d in dep_recs)),
        )
        value: Any = _MISSING
        index = None
        if derived:
            value = compute()
        elif not self.force:
            if prev is not None and prev.key == key:
                value = prev.value if prev.value is not None else self._from_prev(node_id, prev)
                index = prev.index
            if value is _MISSING:
                value = self.ws.memo.get(key, _MISSING)
            if value is _MISSING:
                value = self._from_prev_key(key)
            if value is _MISSING and persist:
                value = self._from_cache(node_id, key)
        executed = value is _MISSING
        if executed:
            start = time.perf_counter()
            value = compute()
            end = time.perf_counter()
            self.recorder.event(node_id, stage, start, end)
            if persist:
                self.pending.append(("node:" + key, value))
        vfp = key if fp_value is None else fp_value(value)
        changed = prev is None or prev.vfp != vfp
        if derived:
            executed = self.force or changed
        if executed:
            self.recorder.executed(
                node_id,
                stage,
                self._reason(prev, tag, extra, dep_recs, deps, inputs is not None),
                0.0 if derived else end - start,
            )
        else:
            self.recorder.reused += 1
        if persist:
            self.ws.remember(key, value)
        self.nodes[node_id] = NodeRecord(tag, key, extra, depsig, vfp, value, index, changed)
        return value

    def _reason(
        self,
        prev: NodeRecord | None,
        tag: str,
        extra: Mapping[str, str],
        dep_recs: Sequence[NodeRecord],
        deps: Sequence[str],
        explicit: bool = False,
    ) -> str:
        if self.force and prev is not None and not any(d.changed for d in dep_recs) and (
            prev.extra == extra and prev.tag == tag
        ):
            return "recomputed in a whole-module build"
        if self.env_changed:
            return "halflow or iree-base-compiler version changed"
        if prev is None:
            return "no cache entry"
        if prev.tag != tag:
            return f"stage version changed ({prev.tag} -> {tag})"
        changed = [k for k in extra if prev.extra.get(k) != extra[k]]
        if not explicit:
            changed += [d for d, r in zip(deps, dep_recs, strict=True) if r.changed]
        if prev.depsig != short("\0".join(deps)) and not explicit:
            changed.append("dependency set")
        if changed:
            return "input changed: " + ", ".join(changed)
        return "no cache entry"

    def _from_prev_key(self, key: str) -> Any:
        """A value the previous build computed under another node id (an
        executable renamed without changing its content)."""
        if self._prev_by_key is None:
            self._prev_by_key = {r.key: (n, r) for n, r in self.prev_nodes.items()}
        found = self._prev_by_key.get(key)
        if found is None:
            return _MISSING
        node_id, record = found
        return record.value if record.value is not None else self._from_prev(node_id, record)

    def _from_cache(self, node_id: str, key: str) -> Any:
        data = self.ws.cache.get("node:" + key)
        if data is None:
            return _MISSING
        try:
            return codec.decode(data)
        except (codec.DecodeError, TypeError, ValueError) as e:
            self.ws.cache.delete("node:" + key)
            self.ws.warn(f"discarding undecodable cache entry for {node_id}: {e}")
            return _MISSING

    def _from_prev(self, node_id: str, record: NodeRecord) -> Any:
        """A printed node's value, cut out of the previous output (and
        name-normalized, as conversions are cached)."""
        if record.index is None or self.prev is None:
            return _MISSING
        printed = self.prev.printed()
        if printed is None or record.index >= len(printed.ops):
            return _MISSING
        value = asm.op_record(printed, record.index)
        if node_id.startswith("convert:@"):
            name = node_id[len("convert:@") :]
            value = pieces.rename(value, lambda s: keys.normalize_name(s, name))
        return value

    def flush(self) -> None:
        if not self.pending or not getattr(self.ws.cache, "enabled", False):
            self.pending.clear()
            return
        with self.ws.cache.batch():
            for key, value in self.pending:
                self.ws.cache.put(key, codec.encode(value))
        self.pending.clear()


@dataclass
class Assembled:
    text: str
    # The output cut into records, when the build has it at hand anyway.
    printed: asm.PrintedModule | None = None


Record = asm.PrintedModule


class Provider:
    """Where node computations get their IR work done (see subclasses)."""

    whole = False

    def host_facts(self) -> HostFacts:
        raise NotImplementedError

    def exec_facts(self, index: int) -> ExecutableFacts:
        raise NotImplementedError

    def convert(self, index: int, facts: ExecutableFacts, p: plan.ExecutablePlan) -> Record:
        raise NotImplementedError

    def print_host(self, position: int, annotations: Sequence[tuple[int, tuple[str, ...]]]) -> Record:
        raise NotImplementedError

    def shell(self) -> Record:
        raise NotImplementedError

    def assemble(self, shell: Record, body: Sequence[Record]) -> Assembled:
        raise NotImplementedError


def evaluate(
    ev: Evaluator,
    text: str,
    split: SplitModule,
    provider: Provider,
    unit_keys: Sequence[str],
) -> Assembled:
    """Evaluate every node of one document; the single script both build
    modes run (they differ only in ``provider``)."""
    units = split.units
    exec_idx = [i for i, u in enumerate(units) if u.kind in EXECUTABLE_KINDS]
    host_idx = [i for i, u in enumerate(units) if u.kind not in EXECUTABLE_KINDS]

    host_text_key = fingerprint(
        split.module_open or "", [unit_keys[i] for i in host_idx], fingerprint_text(split.trailer)
    )
    host_facts: HostFacts = ev.node(
        "host", stage_tag(HOST), [], provider.host_facts, extra={"text": host_text_key},
        persist=True,
    )
    sites = host_facts.sites
    for site in sites:
        ev.node(site.id, stage_tag(DISPATCH), ["host"], lambda s=site: s, derived=True)

    # Executable facts (cached name-normalized) and their exports.
    all_facts: list[ExecutableFacts] = []
    for i in exec_idx:
        name = units[i].symbol

        def read(i: int = i, name: str | None = name) -> ExecutableFacts:
            return provider.exec_facts(i).rename(lambda s: keys.normalize_symbol(s, name))

        node_id = f"executable:@{name}"
        normalized: ExecutableFacts = ev.node(
            node_id, stage_tag(EXECUTABLE), [], read, extra={"text": unit_keys[i]}, persist=True
        )
        facts = normalized.rename(lambda s, name=name: keys.denormalize_symbol(s, name))
        all_facts.append(facts)
        for export in facts.exports:
            ev.node(
                f"export:@{name}::@{export.name}",
                stage_tag(EXPORT),
                [node_id],
                lambda export=export: export,
                derived=True,
            )

    if sites and not host_facts.devices.globals:
        raise Fallback("no devices")  # the reference driver reports it
    try:
        by_export = plan.sites_by_export(sites, all_facts, host_facts.hal_exports)
    except plan.PlanError as e:
        raise Fallback(str(e)) from None

    # Planning and conversion, per executable.
    expansions: dict[str, dispatch.Expansion] = {}
    # What an expansion is computed from: the variant plan and the export.
    expansion_deps: dict[str, tuple[str, str]] = {}
    exec_pieces: dict[int, Record] = {}
    for facts, i in zip(all_facts, exec_idx, strict=True):
        name = facts.symbol
        exec_node = f"executable:@{name}"
        refs = [plan.export_ref(name, e.name) for e in facts.exports]
        site_ids = [sites[k].id for r in refs for k in by_export.get(r, ())]
        site_idx = [k for r in refs for k in by_export.get(r, ())]
        targets: tuple[str, ...] = ev.node(
            f"targets:@{name}",
            stage_tag(targets_stage.STAGE),
            [exec_node, *site_ids, *(["host"] if facts.public else [])],
            lambda f=facts: plan.executable_targets(f, sites, by_export, host_facts),
            inputs=lambda f=facts, site_idx=site_idx: {
                "site targets": value_fp([sites[k].targets for k in site_idx]),
                "public": str(f.public),
                "devices": value_fp((host_facts.devices, host_facts.module_legacy))
                if f.public
                else "",
            },
        )
        converted = bool(facts.exports) and bool(targets)
        plan_variants: tuple[variants.Variant, ...] = ()
        layouts: list[layout.PipelineLayout] = []
        convert_deps = [exec_node]
        if converted:
            plan_variants = ev.node(
                f"variants:@{name}",
                stage_tag(variants.STAGE),
                [f"targets:@{name}"],
                lambda t=targets: variants.plan_variants(tuple(t)),
            )
            convert_deps.append(f"variants:@{name}")
            if facts.kind != SOURCE:
                if facts.entry_error is not None:
                    raise Fallback(facts.entry_error)
                for export, ref in zip(facts.exports, refs, strict=True):
                    usages = [sites[k].usage for k in by_export.get(ref, ())]
                    suffix = f"@{name}::@{export.name}"
                    try:
                        lay = ev.node(
                            "layout:" + suffix,
                            stage_tag(layout.STAGE),
                            ["export:" + suffix, *(sites[k].id for k in by_export.get(ref, ()))],
                            lambda f=facts, e=export, u=usages: plan.export_layout(f, e, u),
                            inputs=lambda e=export, u=usages: {
                                "signature": value_fp((e.args, e.forced_layout)),
                                "site usages": value_fp(u),
                            },
                        )
                    except plan.PlanError as e:
                        raise Fallback(str(e)) from None
                    layouts.append(lay)
                    ev.node(
                        "interface:" + suffix,
                        stage_tag(interface.STAGE),
                        ["layout:" + suffix],
                        lambda lay=lay: interface.layout_attr_text(lay),
                    )
                    convert_deps += ["layout:" + suffix, "interface:" + suffix]
            expansions.update(plan.expansions(facts, plan_variants))
            for export, ref in zip(facts.exports, refs, strict=True):
                expansion_deps[ref] = (f"variants:@{name}", f"export:@{name}::@{export.name}")
        p = plan.ExecutablePlan(targets if converted else (), plan_variants, tuple(layouts))

        def convert(i: int = i, f: ExecutableFacts = facts, p: plan.ExecutablePlan = p,
                    name: str = name) -> Record:
            record = provider.convert(i, f, p)
            if keys.can_normalize(name) and pieces.mentions(record, name):
                # The name reaches an attribute alias, where renaming does not.
                raise Fallback(f"@{name} appears in an attribute of its own conversion")
            return pieces.rename(record, lambda s: keys.normalize_name(s, name))

        piece = ev.node(
            f"convert:@{name}",
            CONVERT_TAG,
            convert_deps,
            convert,
            extra={"text": unit_keys[i]},
            persist=True,
            fp_value=None,
        )
        exec_pieces[i] = pieces.rename(piece, lambda s, name=name: keys.denormalize_name(s, name))

    # Dispatch annotation.
    annotations: list[tuple[str, ...]] = []
    for site in sites:
        exp = {r: expansions[r] for r in site.entry_points if r in expansions}
        deps = [site.id]
        for r in exp:
            deps.extend(expansion_deps[r])
        annotations.append(
            ev.node(
                "annotate:" + site.id.split(":", 1)[1],
                stage_tag(ANNOTATE),
                deps,
                lambda s=site, e=exp: dispatch.annotate(s.entry_points, s.targets, e),
                inputs=lambda s=site, e=exp: {
                    "entry points": value_fp(s.entry_points),
                    "site targets": value_fp(s.targets),
                    "expansions": value_fp(e),
                },
            )
        )

    # Host ops, printed after annotation.
    owners = _owner_names(units, host_idx)
    by_owner: dict[str, list[int]] = {}
    for k, site in enumerate(sites):
        by_owner.setdefault(site.owner, []).append(k)
    host_pieces: dict[int, Record] = {}
    body_nodes: list[str] = [""] * len(units)
    for i in exec_idx:
        body_nodes[i] = f"convert:@{units[i].symbol}"
    for position, (i, owner) in enumerate(zip(host_idx, owners, strict=True)):
        owned = by_owner.get(owner, [])
        ann = [(k, annotations[k]) for k in owned]
        node_id = f"print:{owner}"
        body_nodes[i] = node_id
        host_pieces[i] = ev.node(
            node_id,
            stage_tag(PRINT),
            ["annotate:" + sites[k].id.split(":", 1)[1] for k in owned],
            lambda position=position, ann=ann: provider.print_host(position, ann),
            extra={"text": unit_keys[i]},
            persist=True,
            fp_value=None,
        )

    shell = ev.node(
        "shell",
        stage_tag(MODULE),
        [],
        provider.shell,
        extra={"text": fingerprint(split.module_open or "", [a.text for a in split.aliases])},
        persist=True,
        fp_value=None,
    )
    body = [exec_pieces[i] if i in exec_pieces else host_pieces[i] for i in range(len(units))]
    result: list[Assembled] = []

    def assemble() -> bool:
        result.append(provider.assemble(shell, body))
        return True

    ev.node(
        "module",
        stage_tag(MODULE),
        ["shell", *body_nodes],
        assemble,
        extra={"trailer": fingerprint_text(split.trailer), "order": fingerprint(
            [u.symbol or "" for u in units])},
        fp_value=None,
    )
    for position, node_id in enumerate(body_nodes):
        ev.nodes[node_id].index = position
    if not result:
        # Every piece and the module are unchanged: the previous output stands.
        assert ev.prev is not None
        return Assembled(ev.prev.output, ev.prev._printed)
    return result[0]


def _owner_names(units: Sequence[Unit], host_idx: Sequence[int]) -> list[str]:
    """Names of host units, as host.owner_names gives them for their ops."""
    names = []
    counts: dict[str, int] = {}
    for i in host_idx:
        unit = units[i]
        if unit.symbol is not None:
            names.append("@" + unit.symbol)
        else:
            k = counts.get(unit.kind, 0)
            counts[unit.kind] = k + 1
            names.append(f"{unit.kind}#{k}")
    return names


class IncrementalProvider(Provider):
    """Parses and prints only what executing nodes need (per unit)."""

    def __init__(self, bench: Any, host_idx: Sequence[int], assembler: asm.Assembler):
        self.bench = bench
        self.host_idx = list(host_idx)
        self.assembler = assembler

    def host_facts(self) -> HostFacts:
        return self.bench.host_analysis(self.host_idx).facts

    def exec_facts(self, index: int) -> ExecutableFacts:
        return self.bench.exec_facts(index)

    def convert(self, index: int, facts: ExecutableFacts, p: plan.ExecutablePlan) -> Record:
        return self.bench.convert(index, facts, p.variants, p.layouts)

    def print_host(self, position: int, annotations: Sequence[tuple[int, tuple[str, ...]]]) -> Record:
        self.bench.host_analysis(self.host_idx)
        return self.bench.print_host(position, annotations)

    def shell(self) -> Record:
        return self.bench.shell()

    def assemble(self, shell: Record, body: Sequence[Record]) -> Assembled:
        try:
            text = self.assembler.assemble(shell, body)
        except asm.SpliceError as e:
            raise Fallback(f"cannot assemble: {e}") from None
        return Assembled(text + "\n")


class WholeProvider(Provider):
    """The reference driver over the whole module, then cut into records."""

    whole = True

    def __init__(self, text: str, source: Any, split: SplitModule | None,
                 on_executable: Callable[[int, int], None] | None = None):
        from iree.compiler import ir

        from halflow.materialize import materialize
        from halflow.source import Case, parse_text

        context = ir.Context()
        with context, ir.Location.unknown():
            module = parse_text(context, Case(text, 0, 0), source)
            self.mat = materialize(module, source, on_executable)
            self.output = module.operation.get_asm(assume_verified=True) + "\n"
        self.printed: asm.PrintedModule | None = None
        self.aligned = False
        if split is None:
            return
        try:
            self.printed = asm.parse_printed(self.output)
        except asm.SpliceError:
            return
        exec_idx = [i for i, u in enumerate(split.units) if u.kind in EXECUTABLE_KINDS]
        self.aligned = len(self.printed.ops) == len(split.units) and exec_idx == self.mat.positions
        self.exec_position = {i: k for k, i in enumerate(exec_idx)}
        self.host_idx = [i for i, u in enumerate(split.units) if u.kind not in EXECUTABLE_KINDS]

    def host_facts(self) -> HostFacts:
        return self.mat.host

    def exec_facts(self, index: int) -> ExecutableFacts:
        return self.mat.executables[self.exec_position[index]]

    def convert(self, index: int, facts: ExecutableFacts, p: plan.ExecutablePlan) -> Record:
        assert self.printed is not None
        return asm.op_record(self.printed, index)

    def print_host(self, position: int, annotations: Sequence[tuple[int, tuple[str, ...]]]) -> Record:
        assert self.printed is not None
        return asm.op_record(self.printed, self.host_idx[position])

    def shell(self) -> Record:
        assert self.printed is not None
        return pieces.opening_only(self.printed)

    def assemble(self, shell: Record, body: Sequence[Record]) -> Assembled:
        return Assembled(self.output, self.printed)


# -- persisted document state ---------------------------------------------------

def state_key(doc_id: str) -> str:
    return "state:" + fingerprint(doc_id, environment())


def output_key(input_hash: str, options: str) -> str:
    return "output:" + fingerprint(input_hash, options, environment())


_PIECE_STAGES = frozenset({"convert", "print", "shell"})
_DERIVED_STAGES = frozenset({"export", "dispatch_site"})


def encode_state(state: DocState) -> dict[str, Any]:
    """Plain JSON for a document's state. Long strings (executable targets
    repeat in thousands of values) go to a string table once."""
    table: dict[str, int] = {}

    def intern(obj: Any) -> Any:
        if isinstance(obj, str):
            if len(obj) < 128:
                return obj
            index = table.setdefault(obj, len(table))
            return {"~r": index}
        if isinstance(obj, list):
            return [intern(x) for x in obj]
        if isinstance(obj, dict):
            return {k: intern(v) for k, v in obj.items()}
        return obj

    nodes = {}
    for node_id, rec in state.nodes.items():
        keep = rec.value
        if (rec.stage in _PIECE_STAGES and rec.index is not None) or rec.stage in _DERIVED_STAGES:
            keep = None
        nodes[node_id] = [
            rec.tag,
            rec.key,
            rec.extra,
            rec.depsig,
            rec.vfp,
            intern(codec.encode(keep)) if keep is not None else None,
            rec.index,
        ]
    return {
        "format": STATE_FORMAT,
        "input": state.input_hash,
        "options": state.options,
        "env": state.env,
        "output_key": state.output_key,
        "units": state.units,
        "nodes": nodes,
        "strings": sorted(table, key=table.__getitem__),
    }


def decode_state(data: Any, output: str) -> DocState | None:
    if not isinstance(data, dict) or data.get("format") != STATE_FORMAT:
        return None
    strings = data["strings"]

    def resolve(obj: Any) -> Any:
        if isinstance(obj, dict):
            if "~r" in obj and len(obj) == 1:
                return strings[obj["~r"]]
            return {k: resolve(v) for k, v in obj.items()}
        if isinstance(obj, list):
            return [resolve(x) for x in obj]
        return obj

    nodes = {}
    for node_id, (tag, key, extra, depsig, vfp, value, index) in data["nodes"].items():
        nodes[node_id] = NodeRecord(
            tag,
            key,
            extra,
            depsig,
            vfp,
            codec.decode(resolve(value)) if value is not None else None,
            index if isinstance(index, int) else None,
            False,
        )
    return DocState(
        input_hash=data["input"],
        options=data["options"],
        env=data["env"],
        output=output,
        output_key=data["output_key"],
        nodes=nodes,
        units=dict(data["units"]),
    )


def _seed_unit_keys(ws: Any, state: DocState) -> None:
    ws.unit_keys.update(state.units)


@dataclass
class CaseResult:
    output: str
    mode: str  # "noop", "incremental", "whole"
    fallback: str | None
    graph: BuildGraph | None
    total: int


class Workspace:
    """A long-lived build session: keeps each document's last build (graph,
    node values, output) warm in memory, over a persistent cache."""

    def __init__(self, cache: Any = None, *, warn: Callable[[str], None] | None = None):
        from halflow.cache import Cache

        self.cache = cache if cache is not None else Cache()
        if warn is None:
            warn = getattr(self.cache, "warn", None) or (lambda m: None)
        self.warn = warn
        self.docs: dict[str, DocState] = {}
        self.memo: dict[str, Any] = {}
        self.unit_keys: dict[str, str] = {}  # raw unit hash + header fp -> unit key
        self.assembler = asm.Assembler()
        self.last_graph: BuildGraph | None = None

    def remember(self, key: str, value: Any) -> None:
        if len(self.memo) > 200_000:
            self.memo.clear()
        self.memo[key] = value

    # -- state ----------------------------------------------------------------
    def _load_state(self, doc_id: str) -> DocState | None:
        data = self.cache.get(state_key(doc_id))
        if not isinstance(data, dict):
            return None
        blob = self.cache.get_blob(str(data.get("output_key", "")))
        if blob is None:
            return None
        try:
            return decode_state(data, blob.decode("utf-8"))
        except (codec.DecodeError, KeyError, TypeError, ValueError, UnicodeDecodeError) as e:
            self.warn(f"discarding unreadable build state: {e}")
            self.cache.delete(state_key(doc_id))
            return None

    def _save_state(self, doc_id: str, state: DocState) -> None:
        self.docs[doc_id] = state
        if getattr(self.cache, "enabled", False):
            with self.cache.batch():
                self.cache.put_blob(state.output_key, state.output.encode("utf-8"))
                self.cache.put(state_key(doc_id), encode_state(state))

    # -- building one case ------------------------------------------------------
    def build_case(
        self,
        doc_id: str,
        text: str,
        source: Any,
        options: str,
        recorder: Recorder,
        *,
        on_executable: Callable[[int, int], None] | None = None,
        need_graph: bool = False,
    ) -> CaseResult:
        """Build one document (a file, or one ``// -----`` case of it)."""
        from halflow.workbench import UnitMismatch, Workbench

        input_hash = fingerprint_text(text)
        prev = self.docs.get(doc_id)
        if prev is None:
            with recorder.phase("load state"):
                prev = self._load_state(doc_id)
            if prev is not None:
                self.unit_keys.update(prev.units)
        if (
            not need_graph
            and prev is not None
            and prev.input_hash == input_hash
            and prev.options == options
            and prev.env == fingerprint(environment())
        ):
            recorder.reused += len(prev.nodes)
            return CaseResult(prev.output, "noop", None, None, len(prev.nodes))

        with recorder.phase("split"):
            try:
                split: SplitModule | None = split_module(text)
            except SplitError:
                split = None
        unit_keys, raw_keys = self._unit_keys(text, split) if split is not None else ([], {})

        fallback: str | None = None
        ev = Evaluator(self, prev, recorder)
        assembled: Assembled | None = None
        if prev is not None and split is not None and prev.nodes:
            bench = Workbench(text, split, source)
            host_idx = [i for i, u in enumerate(split.units) if u.kind not in EXECUTABLE_KINDS]
            provider = IncrementalProvider(bench, host_idx, self.assembler)
            try:
                with recorder.phase("incremental"):
                    assembled = evaluate(ev, text, split, provider, unit_keys)
            except (Fallback, UnitMismatch) as e:
                fallback = str(e) or type(e).__name__
                ev = Evaluator(self, prev, recorder)
                recorder.runs.clear()
                recorder.reused = 0
        if assembled is None:
            with recorder.phase("whole module"):
                whole = WholeProvider(text, source, split, on_executable)
            if split is not None and whole.aligned:
                ev.force = True
                try:
                    with recorder.phase("record nodes"):
                        assembled = evaluate(ev, text, split, whole, unit_keys)
                except Fallback as e:
                    # The output is right; only its per-unit records cannot be
                    # kept (e.g. an executable's name inside an attribute alias).
                    fallback = str(e)
                    ev.pending.clear()
            if assembled is None:
                # Nothing to keep per unit; the output still stands.
                state = DocState(
                    input_hash, options, ev.env, whole.output,
                    "text:" + fingerprint_text(whole.output), {},
                )
                self._save_state(doc_id, state)
                return CaseResult(whole.output, "whole", fallback or "no unit split", None, 0)
            mode = "whole"
        else:
            mode = "incremental"
        with recorder.phase("save state"):
            ev.flush()
            state = DocState(
                input_hash,
                options,
                ev.env,
                assembled.text,
                "text:" + fingerprint_text(assembled.text),
                ev.nodes,
                raw_keys,
            )
            state._printed = assembled.printed
            self._save_state(doc_id, state)
        self.last_graph = ev.graph
        return CaseResult(assembled.text, mode, fallback, ev.graph, len(ev.nodes))

    def _unit_keys(self, text: str, split: SplitModule) -> tuple[list[str], dict[str, str]]:
        """Each unit's key (alias-free, location-free, name-normalized text),
        computed only for unit texts not seen before under the same header."""
        header_fp = fingerprint([(a.name, a.text) for a in split.aliases])
        canon: dict[str, str] | None = None
        out = []
        raw_keys: dict[str, str] = {}
        for unit in split.units:
            body = unit.text(text)
            raw = fingerprint_text(body) + header_fp
            k = self.unit_keys.get(raw)
            if k is None:
                if canon is None:
                    canon = keys.canonical_aliases(split.aliases)
                name = unit.symbol if unit.kind in EXECUTABLE_KINDS else None
                k = keys.unit_key(body, canon, name)
            raw_keys[raw] = k
            out.append(k)
        if len(self.unit_keys) > 100_000:
            self.unit_keys.clear()
        self.unit_keys.update(raw_keys)
        return out, raw_keys
