"""The incremental engine: nodes with content keys, early cutoff, explain.

A build evaluates the nodes of :mod:`halflow.graph`. Each node's key is the
fingerprint of its stage (name and version), the environment (halflow and
iree-base-compiler versions) and its inputs: the text keys it reads and the
fingerprints of exactly the parts of its dependencies it uses. A node is

- reused when its inputs did not change since the previous build of this
  document (without computing anything), or when an entry with its key is
  in the previous build, in memory or in the persistent cache;
- executed otherwise, with the reason recorded (no entry, which input
  changed, stage version, environment).

A recomputed value equal to the old one does not dirty its dependents
(early cutoff).

Nodes come in *groups* that change together: the host (its analysis and
dispatch sites), one group per executable (facts, exports, targets,
variants, layouts, interfaces, conversion) and one per host op (the
annotations of its dispatch sites and its printed text). A group whose
signature (the text keys and summaries it reads) is unchanged is reused
whole, without looking at its nodes; only changed groups evaluate node by
node, against the records of their previous version, which the persisted
state keeps per group so that a rebuild decodes only what changed.

IR work is lazy: only executing nodes parse anything, unit by unit; the
output is assembled from printed ops, spliced into the previous output when
the alias numbering allows. Whenever the incremental path cannot vouch for a
result (the text does not split cleanly, a piece cannot be placed, the input
has an error), the build falls back to the reference driver on the whole
module, which also produces IREE's exact diagnostics.
"""

from __future__ import annotations

import contextlib
import functools
import json
import re
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from halflow import asm, codec, keys, pieces, plan, stages, verify
from halflow.facts import SOURCE, ExecutableFacts
from halflow.fingerprint import (
    environment,
    fingerprint,
    fingerprint_strings,
    fingerprint_text,
    short,
)
from halflow.graph import BuildGraph
from halflow.host import HostFacts
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
from halflow.split import (
    EXECUTABLE_KINDS,
    SplitError,
    SplitModule,
    Unit,
    common_ends,
    resplit,
    split_module,
)

STATE_FORMAT = 4

# Node stages that are not in halflow.nodes (reading inputs, printing).
EXECUTABLE = stages.EXECUTABLE
EXPORT = stages.EXPORT
DISPATCH = stages.DISPATCH_SITE
HOST = stages.HOST
CONVERT = stages.CONVERT
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
PRINT = stages.PRINT
SHELL = stages.SHELL
MODULE = stages.MODULE
_GENERIC_OP = re.compile(r'^ *(?:%[^"\n=]*= )?"', re.M)


def release_memory() -> None:
    """Return freed heap memory to the operating system (glibc only)."""
    import ctypes
    import gc

    gc.collect()
    with contextlib.suppress(OSError, AttributeError):  # not glibc: nothing to do
        ctypes.CDLL("libc.so.6").malloc_trim(0)


class Fallback(Exception):
    """The incremental path cannot vouch for this build; use the whole module."""


@functools.cache
def stage_tag(stage: Stage) -> str:
    """``name@version``: one string per stage, shared by all its nodes."""
    return f"{stage.name}@{stage.version}"


CONVERT_TAG = "+".join(stage_tag(s) for s in (CONVERT, *CONVERT_SUBSTAGES))


def value_fp(value: Any) -> str:
    """Fingerprint of a node value (what dependents see as their input)."""
    return fingerprint(value)


@dataclass(slots=True)
class NodeRecord:
    tag: str  # stage name@version
    key: str
    extra: dict[str, str]  # inputs (text keys, fingerprints of what is read)
    depsig: str  # fingerprint of the dependency ids
    vfp: str  # fingerprint of the value (what dependents compare)
    value: Any = None
    changed: bool = True  # this build: value differs from the previous build

    @property
    def stage(self) -> str:
        return _stage_name(self.tag)


@dataclass
class Group:
    """Nodes that change together, with what the next build needs of them.

    ``summary`` is small plain data other groups and the assembly read (kept
    decoded in the state's core). The node records and the dispatch sites
    the group read live in its *payload*, decoded only when a rebuild needs
    them (``records`` is None until then).
    """

    gid: str
    sig: str
    count: int
    summary: dict[str, Any]
    records: dict[str, NodeRecord] | None = None
    piece: asm.PrintedModule | None = None  # printed op, when computed by this build
    cached_piece: asm.PrintedModule | None = None  # printed op of an earlier build
    sites: dict[int, Any] | None = None  # dispatch sites read (by index)
    payload_ref: list[Any] | None = None  # where the encoded payload is stored
    loader: Callable[[list[Any]], dict[str, Any] | None] | None = field(
        default=None, repr=False
    )
    reused: bool = False  # kept whole from the previous build
    fragment: str | None = field(default=None, repr=False)  # encoded core entry

    def payload(self) -> dict[str, Any] | None:
        if self.payload_ref is None or self.loader is None:
            return None
        return self.loader(self.payload_ref)

    def decoded(self) -> dict[str, NodeRecord]:
        if self.records is None:
            data = self.payload()
            self.records = decode_records(data["records"], data.get("strings")) if data else {}
        return self.records

    def site_values(self) -> dict[int, Any] | None:
        if self.sites is None:
            data = self.payload()
            if data is None or "sites" not in data:
                return None
            strings = data.get("strings")
            self.sites = {int(k): codec.decode(v, strings) for k, v in data["sites"]}
        return self.sites


@dataclass(slots=True)
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
    env: str  # versions of halflow, iree-base-compiler and every stage
    output: str
    output_key: str
    groups: dict[str, Group]
    order: list[str]  # body group ids, in output order
    spans: list[tuple[int, int]]  # of each body op in ``output``
    visits: list[str]  # fingerprint of each body op's alias visit order
    names: dict[str, str]  # alias key -> name in ``output``
    # Positions of ops that reference dialect resources (splicing must not
    # change which resources the trailer lists).
    has_resources: list[int] = field(default_factory=list)
    units: dict[str, str] = field(default_factory=dict)  # raw unit hash -> unit key
    # Executable target texts by fingerprint (summaries refer to them: each
    # is ~600 characters and shared by every executable).
    targets: dict[str, str] = field(default_factory=dict)
    # The stage versions it was built with (see halflow.stages.tag).
    stages: str = ""
    # In memory only (a warm workspace): the input and its split, so that
    # the next build re-splits just around an edit.
    source_bytes: bytes | None = field(default=None, repr=False)
    split: SplitModule | None = field(default=None, repr=False)
    unit_keys: list[str] | None = field(default=None, repr=False)
    _printed: asm.PrintedModule | None = field(default=None, repr=False)

    def printed(self) -> asm.PrintedModule | None:
        """The previous output cut into records (computed on first use)."""
        if self._printed is None:
            try:
                self._printed = asm.parse_printed(self.output)
            except asm.SpliceError:
                return None
        return self._printed

    @property
    def total(self) -> int:
        return sum(g.count for g in self.groups.values())

    def counts(self) -> dict[str, int]:
        """Executables and dispatch sites of the document."""
        host = self.groups.get("host")
        return {
            "executables": sum(1 for g in self.groups if g.startswith("exec:@")),
            "dispatch_sites": int(host.summary.get("sites", 0)) if host is not None else 0,
        }


@dataclass
class Recorder:
    """Why each node ran; the data behind --explain, --report and --trace."""

    runs: list[NodeRun] = field(default_factory=list)
    reused: int = 0
    events: list[dict[str, Any]] = field(default_factory=list)
    t0: float = field(default_factory=time.perf_counter)
    # Per-node trace events are kept only when a trace was asked for.
    trace_nodes: bool = False

    def executed(self, node: str, stage: str, reason: str, seconds: float) -> None:
        self.runs.append(NodeRun(node, stage, reason, seconds))

    def event(self, name: str, cat: str, start: float, end: float) -> None:
        if cat != "phase" and not self.trace_nodes:
            return
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


@functools.cache
def _stage_name(tag: str) -> str:
    """The stage of a node tag (``name@version``), one string per stage."""
    return tag.split("@", 1)[0]


_MISSING = object()
_UNCHANGED = NodeRecord("", "", {}, "", "", None, False)


class Evaluator:
    """Evaluates one document build against the previous one.

    Within a changed group, a node whose non-node inputs are unchanged and
    whose dependencies all kept their values is reused without computing
    anything (not even its key). Otherwise its key is computed and looked up
    in the previous build, in memory and in the cache before it executes.
    """

    def __init__(
        self, workspace: Workspace, prev: DocState | None, recorder: Recorder, options: str = ""
    ):
        self.ws = workspace
        # The versions of halflow and IREE; stage versions are per node.
        self.env = fingerprint(environment())
        usable = prev is not None and prev.env == self.env
        self.env_changed = prev is not None and not usable
        self.options = options
        self.options_changed = usable and prev is not None and prev.options != options
        self.prev = prev if usable else None
        self.groups: dict[str, Group] = {}
        self.nodes: dict[str, NodeRecord] = {}  # of the groups evaluated node by node
        self.prev_nodes: dict[str, NodeRecord] = {}  # of the group being evaluated
        # Built only on request (graph output): recording every edge costs
        # time and memory on large modules.
        self.graph: BuildGraph | None = None
        self.recorder = recorder
        self.pending: list[tuple[str, Any]] = []  # cache writes, flushed at the end
        # Whole-module builds compute every node (and say so); graph
        # requests evaluate every group node by node.
        self.force = False
        self.node_by_node = False
        self._prev_positions: dict[str, int] | None = None
        self._current: Group | None = None
        # Target texts by fingerprint (see DocState.targets).
        self.targets: dict[str, str] = dict(self.prev.targets) if self.prev else {}

    # -- groups ---------------------------------------------------------------
    def reuse(self, gid: str, sig: str, prev_gid: str | None = None) -> Group | None:
        """The previous version of group ``gid`` when its signature is
        unchanged (it is then kept whole); None when it must be evaluated."""
        if self.force or self.node_by_node or self.prev is None:
            return None
        prev = self.prev.groups.get(prev_gid or gid)
        if prev is None or prev.sig != sig:
            return None
        group = Group(
            gid, sig, prev.count, prev.summary, prev.records,
            cached_piece=prev.piece or prev.cached_piece, sites=prev.sites,
            payload_ref=prev.payload_ref, loader=prev.loader, reused=True,
            fragment=prev.fragment,
        )
        self.groups[gid] = group
        self.recorder.reused += prev.count
        return group

    def open_group(
        self,
        gid: str,
        sig: str,
        prev_gid: str | None = None,
        rename: Callable[[str], str] | None = None,
    ) -> Group:
        """Start evaluating group ``gid`` node by node, against its previous
        version (found under ``prev_gid`` for a renamed executable, whose node
        ids ``rename`` maps)."""
        prev = self.prev.groups.get(prev_gid or gid) if self.prev is not None else None
        records = prev.decoded() if prev is not None else {}
        if rename is not None:
            records = {rename(k): v for k, v in records.items()}
        group = Group(gid, sig, 0, {}, {})
        group.prev_records = records  # type: ignore[attr-defined]
        group.prev_group = prev  # type: ignore[attr-defined]
        self.groups[gid] = group
        return group

    @contextlib.contextmanager
    def within(self, group: Group) -> Iterator[Group]:
        """Evaluate nodes into ``group`` (opened with :meth:`open_group`)."""
        self.prev_nodes = group.prev_records  # type: ignore[attr-defined]
        self._current = group
        try:
            yield group
        finally:
            self._current = None
            self.prev_nodes = {}
            group.count = len(group.records or {})

    # -- nodes ----------------------------------------------------------------
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
        elsewhere in a dependency does not re-execute the node. Dependencies
        in other groups must be read this way.
        ``derived`` nodes are views of a dependency's value (exports,
        dispatch sites): recomputing them is free, so they are recomputed
        whenever a dependency changed and count as executed when their value
        changed. ``fp_value=None`` uses the key as value fingerprint (for
        values that are a pure function of the key, like printed ops).
        """
        assert self._current is not None, "nodes are evaluated inside a group"
        extra = dict(extra) if extra else {}
        stage = _stage_name(tag)
        if self.graph is not None:
            self.graph.add(node_id, stage, deps)
        dep_recs = [self.nodes.get(d, _UNCHANGED) for d in deps]
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
            value = self._prev_value(node_id, prev)
            if value is not _MISSING:
                self.recorder.reused += 1
                return self._keep(node_id, NodeRecord(
                    tag, prev.key, prev.extra, depsig, prev.vfp, value, False
                ))

        if inputs is not None:
            extra.update(inputs())
        key = fingerprint_strings(
            tag,
            self.env,
            self.options,
            *(f"{k}={v}" for k, v in sorted(extra.items())),
            *(() if inputs is not None else (d.vfp for d in dep_recs)),
        )
        value: Any = _MISSING
        if derived:
            value = compute()
        elif not self.force:
            if prev is not None and prev.key == key:
                value = self._prev_value(node_id, prev)
            if value is _MISSING:
                value = self.ws.memo.get(key, _MISSING)
            if value is _MISSING and persist:
                value = self._from_cache(node_id, key)
        executed = value is _MISSING
        seconds = 0.0
        if executed:
            start = time.perf_counter()
            value = compute()
            end = time.perf_counter()
            seconds = end - start
            self.recorder.event(node_id, stage, start, end)
            if persist and not self.force:
                # Cold builds keep everything in the document state instead.
                self.pending.append(("node:" + key, value))
        vfp = key if fp_value is None else fp_value(value)
        changed = prev is None or prev.vfp != vfp
        if derived:
            executed = self.force or changed
        if executed:
            reason = self._reason(prev, tag, extra, dep_recs, deps, inputs is not None)
            self.recorder.executed(node_id, stage, reason, seconds)
        else:
            self.recorder.reused += 1
        stored = value
        if persist:
            if self.force and stage in _PIECE_STAGES:
                # A whole-module build's printed ops stay in its output, where
                # later builds cut them out (see _prev_value): holding every
                # op's text a second time would only cost memory.
                stored = None
            else:
                self.ws.remember(key, value)
        self._keep(node_id, NodeRecord(tag, key, extra, depsig, vfp, stored, changed))
        return value

    def _keep(self, node_id: str, record: NodeRecord) -> Any:
        self.nodes[node_id] = record
        assert self._current is not None and self._current.records is not None
        self._current.records[node_id] = record
        return record.value

    def _reason(
        self,
        prev: NodeRecord | None,
        tag: str,
        extra: Mapping[str, str],
        dep_recs: Sequence[NodeRecord],
        deps: Sequence[str],
        explicit: bool,
    ) -> str:
        if self.force and prev is not None and prev.tag == tag and prev.extra == extra:
            return "recomputed in a whole-module build"
        if self.env_changed:
            return "halflow or iree-base-compiler version changed"
        if self.options_changed:
            return "options changed"
        if prev is None:
            return "no cache entry"
        if prev.tag != tag:
            return f"stage version changed ({prev.tag} -> {tag})"
        changed = [k for k in extra if prev.extra.get(k) != extra[k]]
        if not explicit:
            changed += [d for d, r in zip(deps, dep_recs, strict=True) if r.changed]
            if prev.depsig != short("\0".join(deps)):
                changed.append("dependency set")
        if changed:
            return "input changed: " + ", ".join(changed)
        return "no cache entry"

    def _prev_value(self, node_id: str, record: NodeRecord) -> Any:
        """A previous node value; printed ops are cut out of the previous
        output (and name-normalized, as conversions are cached)."""
        if record.value is not None:
            return record.value
        if record.stage not in _PIECE_STAGES or self.prev is None or self._current is None:
            return _MISSING
        prev_group = getattr(self._current, "prev_group", None)
        if prev_group is None:
            return _MISSING
        held = prev_group.piece or prev_group.cached_piece
        if held is not None:
            value = held
            if record.stage == "convert":
                name = prev_group.gid[len("exec:@") :]
                value = pieces.rename(value, lambda s: keys.normalize_name(s, name))
            return value
        printed = self.prev.printed()
        if printed is None:
            return _MISSING
        if self._prev_positions is None:
            self._prev_positions = {g: i for i, g in enumerate(self.prev.order)}
        position = self._prev_positions.get(prev_group.gid)
        if position is None or position >= len(printed.ops):
            return _MISSING
        value = asm.op_record(printed, position)
        if record.stage == "convert":
            name = prev_group.gid[len("exec:@") :]
            value = pieces.rename(value, lambda s: keys.normalize_name(s, name))
        return value

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

    def flush(self) -> None:
        if not self.pending or not getattr(self.ws.cache, "enabled", False):
            self.pending.clear()
            return
        with self.ws.cache.batch():
            for key, value in self.pending:
                self.ws.cache.put(key, codec.encode(value))
        self.pending.clear()


# -- record encoding -------------------------------------------------------------

# Values of these stages are not stored in group payloads: printed ops come
# back from the previous output, derived values from their parents.
_PIECE_STAGES = frozenset({"convert", "print"})
_UNSTORED = frozenset({"export", "dispatch_site", *_PIECE_STAGES})


def decode_records(
    data: Sequence[Any], strings: list[str] | None = None
) -> dict[str, NodeRecord]:
    out: dict[str, NodeRecord] = {}
    for node_id, tag, key, extra, depsig, vfp, value in data:
        out[node_id] = NodeRecord(
            tag, key, dict(extra), depsig, vfp,
            codec.decode(value, strings) if value is not None else None, False,
        )
    return out


# -- providers: where IR work happens ----------------------------------------------

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

    def print_host(
        self, position: int, annotations: Sequence[tuple[int, tuple[str, ...]]]
    ) -> Record:
        raise NotImplementedError

    def shell(self) -> Record:
        raise NotImplementedError


class IncrementalProvider(Provider):
    """Parses and prints only what executing nodes need (per unit)."""

    def __init__(self, bench: Any, host_idx: Sequence[int]):
        self.bench = bench
        self.host_idx = list(host_idx)

    def host_facts(self) -> HostFacts:
        return self.bench.host_analysis(self.host_idx).facts

    def exec_facts(self, index: int) -> ExecutableFacts:
        return self.bench.exec_facts(index)

    def convert(self, index: int, facts: ExecutableFacts, p: plan.ExecutablePlan) -> Record:
        return self.bench.convert(index, facts, p.variants, p.layouts)

    def print_host(
        self, position: int, annotations: Sequence[tuple[int, tuple[str, ...]]]
    ) -> Record:
        self.bench.host_analysis(self.host_idx)
        return self.bench.print_host(position, annotations)

    def shell(self) -> Record:
        return self.bench.shell()


class WholeProvider(Provider):
    """The reference driver over the whole module, then cut into records."""

    whole = True

    def __init__(
        self,
        text: str,
        source: Any,
        split: SplitModule | None,
        on_executable: Callable[[int, int], None] | None = None,
    ):
        from iree.compiler import ir

        from halflow import irutil
        from halflow.materialize import materialize
        from halflow.source import Case, parse_text

        context = ir.Context()
        with context, ir.Location.unknown():
            module = parse_text(context, Case(text, 0, 0), source)
            self.mat = materialize(module, source, on_executable)
            printed = irutil.print_module_bytes(module)
        # Only plain data is kept from here on: let MLIR free the module now,
        # and hand the memory back, before the output is decoded and taken
        # apart (Python allocates its objects elsewhere: without this the
        # peak is the sum).
        del module, context
        release_memory()
        self.output = irutil.decode_printed(printed)
        del printed
        # What the build and its state need of each printed op, read in one
        # pass over the output without keeping the ops' pieces (they would
        # hold the whole text a second time; later builds cut the ops they
        # need out of the output).
        self.header: asm.PrintedModule | None = None
        self.ops: list[_PrintedOp] = []
        self.aligned = False
        self.unaligned: str | None = None  # why not aligned (a split that did not fail)
        if split is None:
            return
        try:
            self.header = asm.scan_printed(self.output, self._scanned)
        except asm.SpliceError as e:
            self.unaligned = f"the printed output cannot be cut into top-level ops: {e}"
            return
        exec_idx = [i for i, u in enumerate(split.units) if u.kind in EXECUTABLE_KINDS]
        self.aligned = len(self.ops) == len(split.units) and exec_idx == self.mat.positions
        if not self.aligned:
            self.unaligned = (
                f"the printed output has {len(self.ops)} top-level ops where the input "
                f"split into {len(split.units)}"
            )
        self.exec_position = {i: k for k, i in enumerate(exec_idx)}
        self.host_idx = [i for i, u in enumerate(split.units) if u.kind not in EXECUTABLE_KINDS]

    def _scanned(self, piece: asm.Piece, start: int, end: int) -> None:
        self.ops.append(_PrintedOp(start, end, _visit_fp(piece), piece.keys, piece.resources))

    def host_facts(self) -> HostFacts:
        return self.mat.host

    def exec_facts(self, index: int) -> ExecutableFacts:
        return self.mat.executables[self.exec_position[index]]

    def convert(self, index: int, facts: ExecutableFacts, p: plan.ExecutablePlan) -> Record:
        return self._outline(index)

    def print_host(
        self, position: int, annotations: Sequence[tuple[int, tuple[str, ...]]]
    ) -> Record:
        return self._outline(self.host_idx[position])

    def _outline(self, index: int) -> Record:
        """Op ``index`` as a record without its text: the aliases and
        resources it uses (enough for :func:`pieces.mentions`; whole-module
        builds keep no printed ops, see ``Evaluator.node``)."""
        assert self.header is not None
        op = self.ops[index]
        stub = asm.Piece("", (), op.keys, (), (), (), True, op.resources)
        header = self.header
        return asm.op_record(
            asm.PrintedModule(header.aliases, header.opening, (stub,), header.resources), 0
        )

    def shell(self) -> Record:
        assert self.header is not None
        return pieces.opening_only(self.header)


@dataclass(frozen=True, slots=True)
class _PrintedOp:
    start: int
    end: int
    visit: str  # see visit_fp
    keys: tuple[str, ...]
    resources: tuple[str, ...]


# -- the build script ----------------------------------------------------------------


@dataclass
class Assembled:
    text: str
    order: list[str]
    spans: list[tuple[int, int]]
    visits: list[str]
    names: dict[str, str]
    has_resources: list[int]  # positions of ops that reference dialect resources
    printed: asm.PrintedModule | None = None


class _HostView:
    """The host facts: fresh, or decoded from a reused group on first use."""

    def __init__(self, facts: HostFacts | None = None, group: Group | None = None):
        self._facts = facts
        self._group = group

    def get(self) -> HostFacts:
        if self._facts is None:
            assert self._group is not None
            record = self._group.decoded().get("host")
            if record is None or record.value is None:
                raise Fallback("the previous host analysis is not available")
            self._facts = record.value
        return self._facts


def _trailer_fingerprint(split: SplitModule) -> str:
    """The ``{-# dialect_resources #-}`` section's fingerprint ("" without one)."""
    return fingerprint_text(split.trailer) if split.trailer else ""


def _header_fingerprint(split: SplitModule, trailer_fp: str) -> str:
    """What a unit's text means besides itself: the alias definitions and
    the resource section."""
    return fingerprint([(a.name, a.text) for a in split.aliases], trailer_fp)


def _with_resources(key: str, trailer_fp: str) -> str:
    """A unit's key, with the resource section's fingerprint when the input
    has one: printed ops carry the resource data they reference, so a
    changed section rebuilds every unit (it is rarely edited: its blobs are
    weights)."""
    return key + "+" + trailer_fp[:20] if trailer_fp else key


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


def _node_renamer(old: str, new: str) -> Callable[[str], str]:
    """Maps node ids of executable ``old`` to those of executable ``new``."""

    def rename(node_id: str) -> str:
        kind, sep, rest = node_id.partition(":@")
        if sep and rest.startswith(old):
            rest = new + rest[len(old):]
            rest = rest.replace("::@" + old, "::@" + new, 1)
        return kind + sep + rest

    return rename


def visit_fp(record: Record) -> str:
    """Fingerprint of the order in which printing the op visits aliases
    (empty when its text does not tell: generic-form ops)."""
    return _visit_fp(record.ops[0])


def _visit_fp(piece: asm.Piece) -> str:
    if any(_GENERIC_OP.search(p) for p in piece.parts[::2]):
        return ""
    return short("\0".join(piece.textual_visits))


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
    owners = _owner_names(units, host_idx)
    prev = ev.prev

    # -- the host ----------------------------------------------------------------
    host_text = fingerprint(
        split.module_open or "", [unit_keys[i] for i in host_idx], fingerprint_text(split.trailer)
    )
    # Every group signature derives from this one or the shell's: both carry
    # the stage versions, so a bumped stage re-evaluates groups node by node
    # (and there only that stage's nodes re-run).
    host_sig = fingerprint_strings(stages.tag(), ev.options, host_text)
    reused_host = ev.reuse("host", host_sig)
    if reused_host is None:
        with ev.within(ev.open_group("host", host_sig)) as g:
            facts = ev.node("host", stage_tag(HOST), [], provider.host_facts,
                            extra={"text": host_text}, persist=True, fp_value=None)
            for site in facts.sites:
                ev.node(site.id, stage_tag(DISPATCH), ["host"], lambda s=site: s, derived=True)
            g.summary = {"sites": len(facts.sites)}
        host = _HostView(facts=facts)
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
            if k and gid.startswith("exec:@"):
                prev_by_unit_key.setdefault(k, []).append(gid)

    exec_groups: dict[int, Group] = {}
    opened: dict[int, Group] = {}
    facts_of: dict[int, ExecutableFacts] = {}
    for i in exec_idx:
        name = names[i]
        gid = "exec:@" + name
        sig = fingerprint_strings(unit_keys[i], host_sig)
        group = ev.reuse(gid, sig)
        if group is not None:
            exec_groups[i] = group
            continue
        prev_gid = rename = None
        same_text = prev_by_unit_key.get(unit_keys[i])
        if same_text and gid not in same_text:
            prev_gid = same_text.pop(0)
            rename = _node_renamer(prev_gid[len("exec:@"):], name)
        group = opened[i] = exec_groups[i] = ev.open_group(gid, sig, prev_gid, rename)
        with ev.within(group):

            def read(i: int = i, name: str = name) -> ExecutableFacts:
                return provider.exec_facts(i).rename(lambda s: keys.normalize_symbol(s, name))

            normalized = ev.node(
                "executable:@" + name, stage_tag(EXECUTABLE), [], read,
                extra={"text": unit_keys[i]}, persist=True, fp_value=None,
            )
            facts = normalized.rename(lambda s, name=name: keys.denormalize_symbol(s, name))
            facts_of[i] = facts
            for export in facts.exports:
                ev.node(f"export:@{name}::@{export.name}", stage_tag(EXPORT),
                        ["executable:@" + name], lambda e=export: e, derived=True)

    # -- which sites feed which executable -------------------------------------------
    def prev_summary(group: Group) -> dict[str, Any]:
        before = getattr(group, "prev_group", None)
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
        all_sites = host.get()
        if all_sites.has_dispatches and not all_sites.devices.globals:
            raise Fallback("no devices")  # the reference driver reports it
        by_ref = {plan.export_ref(names[i], e): i for i in exec_idx for e in exports_of[i]}
        for i in exec_idx:
            sites_of[i] = []
        for k, site in enumerate(all_sites.sites):
            for ref in site.entry_points:
                owner = by_ref.get(ref)
                if owner is not None:
                    if not sites_of[owner] or sites_of[owner][-1] != k:
                        sites_of[owner].append(k)
                elif ref not in all_sites.hal_exports:
                    raise Fallback(f"dispatch to a missing export {ref}")
    else:
        for i in exec_idx:
            summary = exec_groups[i].summary if i not in opened else prev_summary(opened[i])
            sites_of[i] = list(summary.get("sites", ()))

    # -- symbol uses: each dispatch against the export it names -----------------------
    # (MLIR's verifier never saw both sides: see halflow.verify.)
    _verify_sites(host, host_changed, exec_idx, names, exec_groups, opened, facts_of, sites_of)

    # -- planning and conversion --------------------------------------------------------
    for i, group in opened.items():
        name = names[i]
        site_values = _site_slice(host, getattr(group, "prev_group", None), sites_of[i],
                                  host_changed)
        with ev.within(group):
            _plan_and_convert(ev, provider, i, name, facts_of[i], site_values, sites_of[i],
                              host, unit_keys[i])
        group.summary = _exec_summary(group, name, facts_of[i], unit_keys[i], sites_of[i],
                                      ev.targets)
        group.sites = site_values

    # -- host ops: annotations and printing ---------------------------------------------
    exec_by_name = {names[i]: exec_groups[i] for i in exec_idx}
    body: dict[int, Group] = dict(exec_groups)
    by_owner: dict[str, list[int]] | None = None
    for position, (i, owner) in enumerate(zip(host_idx, owners, strict=True)):
        gid = "op:" + owner
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
        group = ev.reuse(gid, sig)
        if group is None:
            group = ev.open_group(gid, sig)
            site_values = _site_slice(host, prev_op, owned, host_changed)
            with ev.within(group):
                _annotate_and_print(ev, provider, owner, position, owned, site_values,
                                    exec_by_name, unit_keys[i])
            group.summary = {"sites": owned, "execs": execs}
            group.sites = site_values
        body[i] = group

    # -- the module ----------------------------------------------------------------------
    groups = [body[i] for i in range(len(units))]
    shell_text = fingerprint(split.module_open or "", [a.text for a in split.aliases])
    shell_sig = fingerprint_strings(stages.tag(), ev.options, shell_text)
    shell_group = ev.reuse("shell", shell_sig)
    if shell_group is None:
        shell_group = ev.open_group("shell", shell_sig)
        with ev.within(shell_group):
            shell_group.piece = ev.node("shell", stage_tag(SHELL), [], provider.shell,
                                        extra={"text": shell_text}, persist=True, fp_value=None)
    module_sig = fingerprint(
        shell_sig, [(g.gid, g.sig) for g in groups], fingerprint_text(split.trailer)
    )
    if prev is not None and ev.reuse("module", module_sig) is not None:
        return Assembled(prev.output, prev.order, prev.spans, prev.visits, prev.names,
                         prev.has_resources, prev._printed)
    result: list[Assembled] = []
    with ev.within(ev.open_group("module", module_sig)):
        deps = ["shell", *(_piece_node(g) for g in groups)]
        ev.node("module", stage_tag(MODULE), deps,
                lambda: result.append(_assemble(ev, provider, groups, shell_group, assembler))
                or True,
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
        found = exec_groups[i].summary.get("signatures")
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
            seen.update(_site_slice(host, getattr(group, "prev_group", None), sites_of[i], False))
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
    from halflow.attrtext import symbol_ref_parts

    return symbol_ref_parts(ref)[0]


def _piece_node(group: Group) -> str:
    kind, _, name = group.gid.partition(":")
    return ("convert:" if kind == "exec" else "print:") + name


def _plan_and_convert(
    ev: Evaluator,
    provider: Provider,
    index: int,
    name: str,
    facts: ExecutableFacts,
    sites: Mapping[int, Any],
    site_order: Sequence[int],
    host: _HostView,
    unit_key: str,
) -> None:
    exec_node = "executable:@" + name
    refs = [plan.export_ref(name, e.name) for e in facts.exports]
    by_export = {r: [k for k in site_order if r in sites[k].entry_points] for r in refs}
    site_idx = [k for r in refs for k in by_export[r]]
    site_ids = [sites[k].id for k in site_idx]

    def devices() -> Any:
        facts_h = host.get()
        return facts_h.devices, facts_h.module_legacy

    def required() -> tuple[str, ...]:
        site_targets = [sites[k].targets for k in site_idx]
        table, legacy = devices() if facts.public else (None, ())
        return targets_stage.executable_required_targets(
            site_targets, facts.public, table, legacy
        ) if facts.public else targets_stage.executable_required_targets(
            site_targets, False, targets_stage.DeviceTable(()), ()
        )

    targets: tuple[str, ...] = ev.node(
        "targets:@" + name,
        stage_tag(targets_stage.STAGE),
        [exec_node, *site_ids, *(["host"] if facts.public else [])],
        required,
        inputs=lambda: {
            "site targets": value_fp([sites[k].targets for k in site_idx]),
            "public": str(facts.public),
            "devices": value_fp(devices()) if facts.public else "",
        },
    )
    if ev.graph is not None:
        # What the graph's summary view clusters executables by.
        ev.graph.nodes["targets:@" + name]["targets"] = list(targets)
    converted = bool(facts.exports) and bool(targets)
    plan_variants: tuple[variants.Variant, ...] = ()
    layouts: list[layout.PipelineLayout] = []
    deps = [exec_node]
    if converted:
        plan_variants = ev.node(
            "variants:@" + name, stage_tag(variants.STAGE), ["targets:@" + name],
            lambda: variants.plan_variants(tuple(targets)),
        )
        deps.append("variants:@" + name)
        if facts.kind != SOURCE:
            if facts.entry_error is not None:
                raise Fallback(facts.entry_error)
            for export, ref in zip(facts.exports, refs, strict=True):
                usages = [sites[k].usage for k in by_export[ref]]
                suffix = f"@{name}::@{export.name}"
                try:
                    lay = ev.node(
                        "layout:" + suffix,
                        stage_tag(layout.STAGE),
                        ["export:" + suffix, *(sites[k].id for k in by_export[ref])],
                        lambda e=export, u=usages: plan.export_layout(facts, e, u),
                        inputs=lambda e=export, u=usages: {
                            "signature": value_fp((e.args, e.forced_layout)),
                            "site usages": value_fp(u),
                        },
                    )
                except plan.PlanError as e:
                    raise Fallback(str(e)) from None
                layouts.append(lay)
                ev.node("interface:" + suffix, stage_tag(interface.STAGE), ["layout:" + suffix],
                        lambda lay=lay: interface.layout_attr_text(lay))
                deps += ["layout:" + suffix, "interface:" + suffix]
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

    piece = ev.node("convert:@" + name, CONVERT_TAG, deps, convert,
                    extra={"text": unit_key}, persist=True, fp_value=None)
    group = ev._current
    assert group is not None
    if provider.whole:
        group.piece = None  # an outline (see WholeProvider._outline), not the op
    else:
        group.piece = (
            computed[0] if computed
            else pieces.rename(piece, lambda s: keys.denormalize_name(s, name))
        )
    group.plan = (facts, plan_variants)  # type: ignore[attr-defined]


def _exec_summary(group: Group, name: str, facts: ExecutableFacts, unit_key: str,
                  sites: Sequence[int], targets: dict[str, str]) -> dict[str, Any]:
    _, plan_variants = group.plan  # type: ignore[attr-defined]
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
                deps.append("convert:@" + e)
        node_id = "annotate:" + site.id.split(":", 1)[1]
        annotate_ids.append(node_id)
        annotations.append((k, ev.node(
            node_id, stage_tag(ANNOTATE), deps,
            lambda s=site, e=exp: dispatch.annotate(s.entry_points, s.targets, e),
            inputs=lambda s=site, e=exp: {
                "entry points": value_fp(s.entry_points),
                "site targets": value_fp(s.targets),
                "expansions": value_fp(e),
            },
        )))
    piece = ev.node("print:" + owner, stage_tag(PRINT), annotate_ids,
                    lambda: provider.print_host(position, annotations),
                    extra={"text": unit_key}, persist=True, fp_value=None)
    group = ev._current
    assert group is not None
    group.piece = None if provider.whole else piece


def _assemble(
    ev: Evaluator,
    provider: Provider,
    groups: Sequence[Group],
    shell_group: Group,
    assembler: asm.Assembler,
) -> Assembled:
    order = [g.gid for g in groups]
    if isinstance(provider, WholeProvider):
        assert provider.header is not None
        ops = provider.ops
        names = {d.key: d.name for d in provider.header.aliases}
        return Assembled(
            provider.output, order, [(op.start, op.end) for op in ops], [op.visit for op in ops],
            names, [i for i, op in enumerate(ops) if op.resources],
        )

    prev = ev.prev
    # Splice: changed ops visit the same aliases in the same order as the ops
    # they replace, so every alias keeps its name and the header stands.
    shell_unchanged = shell_group.reused or not any(
        r.changed for r in (shell_group.records or {}).values()
    )
    if prev is not None and prev.order == order and shell_unchanged:
        touches_resources = set(prev.has_resources)
        replaced: list[tuple[int, str, str]] = []
        for position, group in enumerate(groups):
            if group.piece is None:
                continue
            piece = group.piece.ops[0]
            fp = visit_fp(group.piece)
            if (
                not fp
                or fp != prev.visits[position]
                or group.piece.resources
                or position in touches_resources
                or any(k not in prev.names for k in piece.keys)
            ):
                break
            replaced.append((position, asm.render(piece, prev.names), fp))
        else:
            out: list[str] = []
            spans = list(prev.spans)
            visits = list(prev.visits)
            cursor = 0
            shift = 0
            for position, rendered, fp in replaced:
                start, end = prev.spans[position]
                out.append(prev.output[cursor:start])
                out.append(rendered)
                cursor = end
                visits[position] = fp
                spans[position] = (start + shift, start + shift + len(rendered))
                delta = len(rendered) - (end - start)
                for later in range(position + 1, len(spans)):
                    a, b = spans[later]
                    spans[later] = (a + delta, b + delta)
                shift += delta
            out.append(prev.output[cursor:])
            return Assembled("".join(out), order, spans, visits, dict(prev.names),
                             list(prev.has_resources))

    # Full assembly from every op's record.
    shell = shell_group.piece
    if shell is None:
        record = (shell_group.records or {}).get("shell") if shell_group.records is not None \
            else shell_group.decoded().get("shell")
        shell = record.value if record is not None else None
    if shell is None:
        raise Fallback("no record of the module opening")
    records: list[Record] = []
    positions = {g: i for i, g in enumerate(prev.order)} if prev is not None else {}
    printed = (
        prev.printed()
        if prev is not None and any(g.piece is None and g.cached_piece is None for g in groups)
        else None
    )
    visits = []
    for group in groups:
        if group.piece is not None:
            records.append(group.piece)
            visits.append(visit_fp(group.piece))
            continue
        position = positions.get(group.gid)
        if group.cached_piece is not None and position is not None and prev is not None:
            records.append(group.cached_piece)
            visits.append(prev.visits[position])
            continue
        if printed is None or position is None or prev is None:
            raise Fallback(f"no printed text for {group.gid}")
        records.append(asm.op_record(printed, position))
        visits.append(prev.visits[position])
    try:
        text = assembler.assemble(shell, records) + "\n"
    except asm.SpliceError as e:
        raise Fallback(f"cannot assemble: {e}") from None
    with_resources = [i for i, r in enumerate(records) if r.ops[0].resources]
    return Assembled(text, order, list(assembler.last_spans), visits,
                     dict(assembler.last_names), with_resources)


# -- persisted document state ---------------------------------------------------------


def state_key(doc_id: str) -> str:
    return "state:" + fingerprint(doc_id, environment())


def iter_payload(
    group: Group,
    strings: dict[str, int] | None = None,
    memo: dict[int, tuple[Any, str]] | None = None,
) -> Iterator[str]:
    """A group's payload (JSON), in pieces of text: its node records and the
    dispatch sites it read. Long strings go to ``strings``, the table shared
    by the payloads stored together (see :func:`encode_strings`). Records
    and sites are encoded one at a time: the host's payload holds every
    dispatch site of the module, and encoding it whole would hold all of
    them as JSON-ready lists at once."""
    yield '{"records":['
    out: list[str] = []
    for k, (node_id, r) in enumerate((group.records or {}).items()):
        if k:
            out.append(",")
        out.append(_dump([node_id, r.tag, r.key, r.extra, r.depsig, r.vfp, None])[:-5])
        if r.stage in _UNSTORED:
            out.append("null]")
        else:
            out.extend(codec.iter_json(r.value, strings, memo))
            out.append("]")
        yield from out
        out.clear()
    out.append("]")
    if group.sites is not None:
        out.append(',"sites":[')
        for k, (index, site) in enumerate(sorted(group.sites.items())):
            out.append(f"{',' if k else ''}[{index},")
            out.extend(codec.iter_json(site, strings, memo))
            out.append("]")
            yield from out
            out.clear()
        out.append("]")
    out.append("}")
    yield from out


_dump = codec.dumps


def encode_strings(strings: Mapping[str, int]) -> bytes:
    """The string table of a payload blob (its strings in index order)."""
    return json.dumps(list(strings), separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def decode_payload(raw: bytes, strings: list[str] | None = None) -> dict[str, Any]:
    data = json.loads(raw)
    if not isinstance(data, dict):
        raise ValueError("not a group payload")
    if strings is not None:
        data["strings"] = strings
    return data


def _group_fragment(group: Group) -> str:
    """The group's entry in the state's core, as JSON (cached on the group:
    unchanged groups are not encoded again)."""
    if group.fragment is None:
        group.fragment = codec.dumps(
            [group.sig, group.count, group.summary, group.payload_ref]
        )
    return group.fragment


def encode_core(state: DocState) -> str:
    """The state's core as JSON text (group entries are cached fragments)."""

    dump = codec.dumps
    head = {
        "format": STATE_FORMAT,
        "input": state.input_hash,
        "options": state.options,
        "env": state.env,
        "output_key": state.output_key,
        "order": state.order,
        "spans": state.spans,
        "visits": state.visits,
        "names": state.names,
        "has_resources": state.has_resources,
        "units": state.units,
        "targets": state.targets,
        "stages": state.stages,
    }
    groups = ",".join(
        dump(gid) + ":" + _group_fragment(g) for gid, g in state.groups.items()
    )
    return dump(head)[:-1] + ',"groups":{' + groups + "}}"


def decode_core(
    data: Any, output: str, loader: Callable[[list[Any]], dict[str, Any] | None]
) -> DocState | None:
    if not isinstance(data, dict) or data.get("format") != STATE_FORMAT:
        return None
    groups = {}
    for gid, (sig, count, summary, ref) in data["groups"].items():
        groups[gid] = Group(gid, sig, count, summary, payload_ref=ref, loader=loader)
    return DocState(
        input_hash=data["input"],
        options=data["options"],
        env=data["env"],
        output=output,
        output_key=data["output_key"],
        groups=groups,
        order=list(data["order"]),
        spans=[(a, b) for a, b in data["spans"]],
        visits=list(data["visits"]),
        names=dict(data["names"]),
        has_resources=[int(x) for x in data["has_resources"]],
        units=dict(data["units"]),
        targets=dict(data["targets"]),
        stages=str(data.get("stages", "")),
    )


@dataclass
class CaseResult:
    output: str
    mode: str  # "noop", "incremental", "whole"
    fallback: str | None
    graph: BuildGraph | None
    total: int
    counts: dict[str, int] = field(default_factory=dict)  # executables, dispatch sites


class Workspace:
    """A long-lived build session: keeps each document's last build (groups,
    node values, output) warm in memory, over a persistent cache."""

    def __init__(self, cache: Any = None, *, warn: Callable[[str], None] | None = None):
        from halflow.cache import NullCache, open_or_none

        if cache is None:
            cache = open_or_none(None) or NullCache()
        self.cache = cache
        if warn is None:
            warn = getattr(self.cache, "warn", None) or (lambda m: None)
        self.warn = warn
        self.docs: dict[str, DocState] = {}
        self.memo: dict[str, Any] = {}
        self.unit_keys: dict[str, str] = {}  # raw unit hash + header fp -> unit key
        self.assembler = asm.Assembler()
        self.last_graph: BuildGraph | None = None
        self._blobs: dict[str, bytes | None] = {}
        self._tables: dict[str, list[str]] = {}  # string table of each payload blob
        # Last build of each input file (bytes, output, node count, output
        # key), and what was last written to each output path.
        self.files: dict[tuple[str, str], tuple[bytes, str, int, str | None]] = {}
        self.written: dict[str, list[Any]] = {}
        self._env = fingerprint(environment())

    def env_ok(self) -> bool:
        """Whether the environment (versions) is the one this workspace saw."""
        return self._env == fingerprint(environment())

    def remember(self, key: str, value: Any) -> None:
        if len(self.memo) > 200_000:
            self.memo.clear()
        self.memo[key] = value

    # -- state ------------------------------------------------------------------------
    def _load_payload(self, ref: list[Any]) -> dict[str, Any] | None:
        """A group's payload: ``ref`` is [blob key, offset, length, offset
        of the blob's string table (stored last)]."""
        try:
            blob_key, offset, length, table_offset = ref
            blob = self._blobs.get(blob_key, _MISSING)
            if blob is _MISSING:
                blob = self.cache.get_blob(blob_key)
                self._blobs[blob_key] = blob
            if blob is None:
                return None
            strings = self._tables.get(blob_key)
            if strings is None:
                strings = json.loads(blob[table_offset:])
                if not isinstance(strings, list):
                    raise ValueError("bad string table")
                self._tables[blob_key] = strings
            return decode_payload(blob[offset : offset + length], strings)
        except (ValueError, KeyError, TypeError, IndexError) as e:
            self.warn(f"discarding an unreadable part of the build state: {e}")
            return None

    def _load_state(self, doc_id: str) -> DocState | None:
        data = self.cache.get(state_key(doc_id))
        if not isinstance(data, dict):
            return None
        blob = self.cache.get_blob(str(data.get("output_key", "")))
        if blob is None:
            return None
        try:
            _, _, text = blob.partition(b"\n")  # first line: the node count
            return decode_core(data, text.decode("utf-8"), self._load_payload)
        except (KeyError, TypeError, ValueError, UnicodeDecodeError) as e:
            self.warn(f"discarding unreadable build state: {e}")
            self.cache.delete(state_key(doc_id))
            return None

    def _save_state(
        self, doc_id: str, state: DocState, fresh: Sequence[Group], write_output: bool = True
    ) -> None:
        """Keep ``state`` in memory and in the cache; only the payloads of
        groups evaluated by this build (``fresh``) are encoded and written.
        ``write_output=False``: the caller stores the output entry."""
        self.docs[doc_id] = state
        if not getattr(self.cache, "enabled", False):
            return
        # The payloads are encoded and spooled to the cache one group at a
        # time (a cold build of a large module writes tens of MB of them),
        # followed by the string table they share.
        strings: dict[str, int] = {}
        memo: dict[int, tuple[Any, str]] = {}  # see codec.iter_json
        offsets: list[tuple[Group, int, int]] = []
        table_offset = 0

        def produce(write: Callable[[bytes], None]) -> None:
            nonlocal table_offset
            pos = 0
            pending: list[str] = []
            size = 0

            def flush() -> None:
                nonlocal pos, size
                raw = "".join(pending).encode("utf-8", "surrogateescape")
                pending.clear()
                size = 0
                write(raw)
                pos += len(raw)

            for group in fresh:
                start = pos
                for piece in iter_payload(group, strings, memo):
                    pending.append(piece)
                    size += len(piece)
                    if size > 1 << 16:
                        flush()
                flush()
                offsets.append((group, start, pos - start))
            if offsets:
                table_offset = pos
                write(encode_strings(strings))

        with self.cache.batch():
            blob_key = self.cache.put_blob_streamed("payload:", produce) if fresh else ""
            for group, offset, length in offsets if blob_key else ():
                group.payload_ref = [blob_key, offset, length, table_offset]
                group.loader = self._load_payload
                group.fragment = None
            if write_output:
                self.cache.put_blob_parts(
                    state.output_key, [f"{state.total}\n".encode(), state.output]
                )
            self.cache.put_json_text(state_key(doc_id), encode_core(state))
            if state.units:
                from halflow import similar

                similar.record(self.cache, state.units.values(), doc_id, self._env)

    def save_states(self) -> None:
        """Write every document's in-memory state to the cache.

        A long-lived session (``halflow watch``) may rebuild with cache
        writes off, so that a one-edit rebuild does not pay for storing its
        state; it persists its latest builds here (when idle, on exit). Groups
        evaluated while writes were off get their payloads written now. A
        no-op when the cache is disabled.
        """
        for doc_id, state in list(self.docs.items()):
            unsaved = [
                g for g in state.groups.values() if g.payload_ref is None and g.records is not None
            ]
            self._save_state(doc_id, state, unsaved)

    # -- building one case ------------------------------------------------------------
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
        output_key: str | None = None,
        input_hash: str | None = None,
        source_bytes: bytes | None = None,
    ) -> CaseResult:
        """Build one document (a file, or one ``// -----`` case of it).

        ``output_key`` names the cache entry the caller stores the output
        under (a single-document file); otherwise the state stores it.
        """
        from halflow.workbench import UnitMismatch, Workbench

        input_hash = input_hash or fingerprint_text(text)
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
            and prev.stages == stages.tag()
        ):
            recorder.reused += prev.total
            return CaseResult(prev.output, "noop", None, None, prev.total, prev.counts())

        split: SplitModule | None = None
        split_failure: str | None = None
        unit_keys: list[str] = []
        raw_keys: dict[str, str] = {}
        with recorder.phase("split"):
            quick = self._resplit(prev, text, source_bytes)
            if quick is not None:
                split, unit_keys, raw_keys = quick
            else:
                try:
                    split = split_module(text)
                except SplitError as e:
                    split = None
                    split_failure = f"the input does not split into top-level ops: {e}"
                if split is not None:
                    unit_keys, raw_keys = self._unit_keys(text, split)

        if prev is None and unit_keys:
            with recorder.phase("find state by content"):
                prev = self._state_by_content(doc_id, unit_keys, options)
        fallback: str | None = None
        ev = Evaluator(self, prev, recorder, options)
        ev.node_by_node = need_graph
        if need_graph:
            ev.graph = BuildGraph()
        assembled: Assembled | None = None
        if prev is not None and split is not None and prev.groups:
            bench = Workbench(text, split, source)
            host_idx = [i for i, u in enumerate(split.units) if u.kind not in EXECUTABLE_KINDS]
            try:
                with recorder.phase("incremental"):
                    assembled = evaluate(
                        ev, split, IncrementalProvider(bench, host_idx), unit_keys,
                        self.assembler,
                    )
            except (Fallback, UnitMismatch, targets_stage.DeviceResolutionError) as e:
                # (An unresolvable device is an input error: the whole-module
                # build below reports it.)
                fallback = str(e) or type(e).__name__
                ev = Evaluator(self, prev, recorder, options)
                if need_graph:
                    ev.graph = BuildGraph()
                recorder.runs.clear()
                recorder.reused = 0
        mode = "incremental"
        if assembled is None:
            mode = "whole"
            with recorder.phase("whole module"):
                whole = WholeProvider(text, source, split, on_executable)
            if split is not None and whole.aligned:
                ev.force = True
                try:
                    with recorder.phase("record nodes"):
                        assembled = evaluate(ev, split, whole, unit_keys, self.assembler)
                except Fallback as e:
                    # The output is right; only its per-unit records cannot be
                    # kept (e.g. an executable's name inside an attribute alias).
                    fallback = str(e)
                    ev.pending.clear()
            if assembled is None:
                # Nothing to keep per unit; the output still stands.
                state = DocState(
                    input_hash, options, ev.env, whole.output,
                    output_key or "text:" + fingerprint_text(whole.output), {}, [], [], [], {},
                )
                self._save_state(doc_id, state, [], write_output=output_key is None)
                fallback = fallback or split_failure or whole.unaligned
                return CaseResult(whole.output, "whole", fallback, None, 0)
        with recorder.phase("save state"):
            ev.flush()
            state = DocState(
                input_hash,
                options,
                ev.env,
                assembled.text,
                output_key or "text:" + fingerprint_text(assembled.text),
                ev.groups,
                assembled.order,
                assembled.spans,
                assembled.visits,
                assembled.names,
                assembled.has_resources,
                raw_keys,
                ev.targets,
            )
            state._printed = assembled.printed
            state.stages = stages.tag()
            if source_bytes is not None and len(source_bytes) == len(text):
                state.source_bytes = source_bytes
                state.split = split
                state.unit_keys = list(unit_keys)
            fresh = [g for g in ev.groups.values() if g.records is not None
                     and getattr(g, "prev_records", None) is not None]
            self._save_state(doc_id, state, fresh, write_output=output_key is None)
        self.last_graph = ev.graph
        return CaseResult(assembled.text, mode, fallback, ev.graph, state.total, state.counts())

    def _state_by_content(
        self, doc_id: str, unit_keys: Sequence[str], options: str
    ) -> DocState | None:
        """Another document's state that most of these units share (see
        :mod:`halflow.similar`), for a document without state of its own."""
        from halflow import similar

        other = similar.lookup(self.cache, unit_keys, self._env, doc_id)
        if other is None:
            return None
        state = self.docs.get(other) or self._load_state(other)
        if state is None or state.options != options:
            return None
        self.unit_keys.update(state.units)
        return state

    def _resplit(
        self, prev: DocState | None, text: str, source_bytes: bytes | None
    ) -> tuple[SplitModule, list[str], dict[str, str]] | None:
        """Split and unit keys of ``text`` from the previous build's, looking
        only at the units around the edit (warm workspace, ASCII text)."""
        if (
            prev is None
            or prev.split is None
            or prev.source_bytes is None
            or prev.unit_keys is None
            or source_bytes is None
            or len(source_bytes) != len(text)
        ):
            return None
        p, q = common_ends(prev.source_bytes, source_bytes)
        found = resplit(prev.split, len(prev.source_bytes), text, p, q)
        if found is None:
            return None
        split, first, new_count, old_count = found
        canon: dict[str, str] | None = None
        trailer_fp = _trailer_fingerprint(split)
        header_fp = _header_fingerprint(split, trailer_fp)
        middle = []
        raw_keys = dict(prev.units)
        for unit in split.units[first : first + new_count]:
            body = text[unit.start : unit.end]
            raw = fingerprint_text(body) + header_fp
            k = self.unit_keys.get(raw)
            if k is None:
                if canon is None:
                    canon = keys.canonical_aliases(split.aliases)
                name = unit.symbol if unit.kind in EXECUTABLE_KINDS else None
                k = _with_resources(keys.unit_key(body, canon, name), trailer_fp)
                self.unit_keys[raw] = k
            raw_keys[raw] = k
            middle.append(k)
        unit_keys = prev.unit_keys[:first] + middle + prev.unit_keys[first + old_count :]
        if len(raw_keys) > 2 * len(unit_keys) + 64:
            return None  # let a full split rebuild the map without stale entries
        return split, unit_keys, raw_keys

    def _unit_keys(self, text: str, split: SplitModule) -> tuple[list[str], dict[str, str]]:
        """Each unit's key (alias-free, location-free, name-normalized text),
        computed only for unit texts not seen before under the same header."""
        trailer_fp = _trailer_fingerprint(split)
        header_fp = _header_fingerprint(split, trailer_fp)
        canon: dict[str, str] | None = None
        out = []
        raw_keys: dict[str, str] = {}
        known = self.unit_keys
        for unit in split.units:
            body = text[unit.start : unit.end]
            raw = fingerprint_text(body) + header_fp
            k = known.get(raw)
            if k is None:
                if canon is None:
                    canon = keys.canonical_aliases(split.aliases)
                name = unit.symbol if unit.kind in EXECUTABLE_KINDS else None
                k = _with_resources(keys.unit_key(body, canon, name), trailer_fp)
            raw_keys[raw] = k
            out.append(k)
        if len(known) > 100_000:
            known.clear()
        known.update(raw_keys)
        return out, raw_keys
