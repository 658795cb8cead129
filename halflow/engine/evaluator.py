"""The generic evaluator: content keys, reuse, early cutoff, reasons.

The build script (:mod:`halflow.engine.pass_groups`) asks it for node
values inside groups; it decides, per node, whether the previous build's
value stands, a memoized or cached one has the same key, or the node must
execute, and records why (:class:`~halflow.engine.recorder.Recorder`). A
node's key is :func:`node_key` of its stage tag, the environment, the
options and its inputs. Of the pass it knows only which stages' values are
printed ops (``PIECE_STAGES``: cut out of the previous output rather than
stored, a conversion with its executable's name normalized).
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

from halflow import graph
from halflow.asm import assembler, pieces
from halflow.core.fingerprint import environment, fingerprint, fingerprint_strings, short
from halflow.engine import codec
from halflow.engine.recorder import Recorder
from halflow.engine.records import (
    CONVERT,
    PIECE_STAGES,
    DocState,
    Group,
    NodeRecord,
    Record,
    ValueFingerprints,
    stage_name,
    value_fp,
)
from halflow.graph import BuildGraph
from halflow.nodes.tracked import IrStage, Tracked, label, stage_tag
from halflow.source import keys
from halflow.store import keys as store_keys

if TYPE_CHECKING:
    from halflow.store.protocol import EntryStore

T = TypeVar("T")


MISSING = object()


_UNCHANGED = NodeRecord(tag="", key="", extra={}, depsig="", vfp="", value=None, changed=False)


class Memo:
    """Node values by key, kept in memory across a workspace's builds
    (cleared whole when it holds ``limit`` of them)."""

    def __init__(self, limit: int = 200_000):
        self.limit = limit
        self._values: dict[str, Any] = {}

    def get(self, key: str) -> Any:
        """The value remembered under ``key``, else ``MISSING``."""
        return self._values.get(key, MISSING)

    def remember(self, key: str, value: Any) -> None:
        if len(self._values) >= self.limit:
            self._values.clear()
        self._values[key] = value


class NodeValues(NamedTuple):
    """Where an evaluator looks a node's key up besides the previous build:
    the workspace's memory, then the persistent cache (which it also
    writes); ``warn`` hears about entries it discards."""

    memo: Memo
    cache: EntryStore
    warn: Callable[[str], None]


def node_key(
    tag: str, env: str, options_fingerprint: str, inputs: Mapping[str, str],
    dep_fps: Sequence[str] = (),
) -> str:
    """A node's key: its stage tag (name@version), the environment
    (halflow and iree-base-compiler versions), the build options, its named
    input fingerprints and, for a node that names none of what it reads of
    its dependencies, their values' fingerprints."""
    return fingerprint_strings(
        tag, env, options_fingerprint, *(f"{k}={v}" for k, v in sorted(inputs.items())), *dep_fps
    )


def tracked_key(step: Tracked[..., Any], env: str, options_fingerprint: str,
                values: Mapping[str, Any]) -> str:
    """The key of a node of tracked stage ``step`` on input ``values``."""
    return node_key(stage_tag(step.stage), env, options_fingerprint, input_fps(step, values))


def ir_key(step: IrStage, env: str, options_fingerprint: str, texts: Mapping[str, str],
           dep_fps: Sequence[str] = ()) -> str:
    """The key of a node of IR stage ``step`` reading the text keys
    ``texts`` and dependencies whose values have fingerprints ``dep_fps``
    (raises when ``texts`` are not exactly its declared inputs)."""
    step.check(texts)
    return node_key(step.tag, env, options_fingerprint, texts, dep_fps)


def input_fps(
    step: Tracked[..., Any], values: Mapping[str, Any],
    fp: Callable[[Any], str] = value_fp,
) -> dict[str, str]:
    """The named input fingerprints of a tracked stage (raises when
    ``values`` are not exactly its declared inputs); ``fp``: how a value
    is fingerprinted (:func:`value_fp`, or a build's memo of it)."""
    step.check(values)
    return {label(k): fp(v) for k, v in values.items()}


def _normalized(record: Record, gid: str) -> Record:
    """A printed executable as conversions are cached: its own name normalized."""
    name = graph.group_executable(gid) or ""
    return pieces.rename(record, lambda s: keys.normalize_name(s, name))


class Evaluator:
    """Evaluates one document build against the previous one.

    Within a changed group, a node whose non-node inputs are unchanged and
    whose dependencies all kept their values is reused without computing
    anything (not even its key). Otherwise its key is computed and looked up
    in the previous build, in memory and in the cache before it executes.
    """

    def __init__(
        self,
        prev: DocState | None,
        recorder: Recorder,
        values: NodeValues,
        *,
        options_fingerprint: str = "",
        force: bool = False,
        node_by_node: bool = False,
        graph: BuildGraph | None = None,
    ):
        """``force``: compute every node (a whole-module build, which says
        so); ``node_by_node``: evaluate every group node by node (a graph
        request); ``graph``: record every node and edge into it (costs time
        and memory on large modules, so only on request)."""
        self.values = values
        # The versions of halflow and IREE; stage versions are per node.
        self.env = fingerprint(environment())
        usable = prev is not None and prev.env == self.env
        self.env_changed = prev is not None and not usable
        self.options_fingerprint = options_fingerprint
        self.options_changed = (usable and prev is not None
                                and prev.options_fingerprint != options_fingerprint)
        self.prev = prev if usable else None
        self.groups: dict[str, Group] = {}
        self.nodes: dict[str, NodeRecord] = {}  # of the groups evaluated node by node
        self.prev_nodes: dict[str, NodeRecord] = {}  # of the group being evaluated
        self.graph = graph
        self.recorder = recorder
        self.pending: list[tuple[str, Any]] = []  # cache writes, flushed at the end
        self.fps = ValueFingerprints()  # value_fp, remembered for this build
        self.force = force
        self.node_by_node = node_by_node
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
            gid=gid, sig=sig, count=prev.count, summary=prev.summary, records=prev.records,
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
        group = Group(gid=gid, sig=sig, records={}, prev=prev, prev_records=records)
        self.groups[gid] = group
        return group

    @contextlib.contextmanager
    def within(self, group: Group) -> Iterator[Group]:
        """Evaluate nodes into ``group`` (opened with :meth:`open_group`)."""
        assert group.prev_records is not None, "a group opened with open_group"
        self.prev_nodes = group.prev_records
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
        labels: Mapping[str, str] | None = None,
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
        stage = stage_name(tag)
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
            kept = self._prev_value(node_id, prev)
            if kept is not MISSING:
                self.recorder.reused += 1
                return self._keep(node_id, NodeRecord(
                    tag=tag, key=prev.key, extra=prev.extra, depsig=depsig, vfp=prev.vfp,
                    value=kept, changed=False,
                ))

        if inputs is not None:
            extra.update(inputs())
        key = node_key(
            tag, self.env, self.options_fingerprint, extra,
            () if inputs is not None else [d.vfp for d in dep_recs],
        )
        value: Any = MISSING
        if derived:  # (`span` is read only for derived nodes)
            value, span = _timed(compute)
        elif not self.force:
            value = self._lookup(node_id, prev, key, persist)
        executed = value is MISSING
        seconds = 0.0
        if executed:
            start = time.perf_counter()
            value = compute()
            end = time.perf_counter()
            seconds = end - start
            self.recorder.event(node_id, stage, start, end)
            if persist and not self.force:
                # Cold builds keep everything in the document state instead.
                self.pending.append((store_keys.node_key(key), value))
        vfp = key if fp_value is None else (self.fps if fp_value is value_fp else fp_value)(value)
        changed = prev is None or prev.vfp != vfp
        if derived:
            executed = self.force or changed
            if executed:  # in the trace as every executed node is
                seconds = span[1] - span[0]
                self.recorder.event(node_id, stage, *span)
        if executed:
            reason = self._reason(prev, tag, extra, dep_recs, deps, inputs is not None, labels)
            self.recorder.executed(node_id, stage, reason, seconds)
        else:
            self.recorder.reused += 1
        stored = value
        if persist:
            if self.force and stage in PIECE_STAGES:
                # A whole-module build's printed ops stay in its output, where
                # later builds cut them out (see _prev_value): holding every
                # op's text a second time would only cost memory.
                stored = None
            else:
                self.values.memo.remember(key, value)
        self._keep(node_id, NodeRecord(
            tag=tag, key=key, extra=extra, depsig=depsig, vfp=vfp, value=stored, changed=changed
        ))
        return value

    def run(
        self,
        node_id: str,
        step: Tracked[..., T],
        deps: Sequence[str],
        read: Callable[[], Mapping[str, Any]],
        sources: Mapping[str, str] | None = None,
    ) -> T:
        """The value of ``node_id``, computed by the tracked stage ``step``.

        ``read`` gives the stage's declared inputs (and nothing else) from
        the values of ``deps``, which must be every node they are read
        from; it runs only when a dependency changed. The node's key is the
        fingerprint of each input under its name, and the stage's function
        is called with exactly these inputs. ``sources`` names the
        dependency an input is the whole value of: explain says that node
        changed (the key does not hold node ids: they carry names)."""
        values: list[Mapping[str, Any]] = []

        def inputs() -> dict[str, str]:
            found = read()
            values.append(found)
            return input_fps(step, found, self.fps)

        def compute() -> T:
            return step.apply(values[0] if values else read())

        labels = {label(k): v for k, v in sources.items()} if sources else None
        value: T = self.node(
            node_id, stage_tag(step.stage), deps, compute, inputs=inputs, labels=labels
        )
        return value

    def read_ir(
        self,
        node_id: str,
        step: IrStage,
        deps: Sequence[str],
        compute: Callable[[], T],
        by_value: bool = False,
        **texts: str,
    ) -> T:
        """The value of ``node_id``, computed by the IR stage ``step``
        (through a provider): keyed on the text keys ``texts``, exactly the
        stage's declared inputs, and the values of ``deps`` (see
        :func:`ir_key`). Its value is persisted, and its key stands for it
        (a printed op or facts are a pure function of their key), unless
        ``by_value``: then its value is fingerprinted, and a recomputed
        value equal to the previous one dirties no dependent (early cutoff
        for a node whose inputs change more often than its value)."""
        step.check(texts)
        value: T = self.node(node_id, step.tag, deps, compute, extra=texts, persist=True,
                             fp_value=value_fp if by_value else None)
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
        labels: Mapping[str, str] | None = None,
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
        changed = [
            labels.get(k, k) if labels else k for k in extra if prev.extra.get(k) != extra[k]
        ]
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
        value = record.stored_value()
        if value is not None:
            return value
        if record.stage not in PIECE_STAGES or self.prev is None or self._current is None:
            return MISSING
        prev_group = self._current.prev
        if prev_group is None:
            return MISSING
        held = prev_group.piece or prev_group.cached_piece
        if held is not None:
            value = held
            if record.stage == CONVERT.name:
                value = _normalized(value, prev_group.gid)
            return value
        printed = self.prev.printed()
        if printed is None:
            return MISSING
        if self._prev_positions is None:
            self._prev_positions = {g: i for i, g in enumerate(self.prev.order)}
        position = self._prev_positions.get(prev_group.gid)
        if position is None or position >= len(printed.ops):
            return MISSING
        value = assembler.op_record(printed, position)
        if record.stage == CONVERT.name:
            value = _normalized(value, prev_group.gid)
        return value

    def _lookup(self, node_id: str, prev: NodeRecord | None, key: str, persist: bool) -> Any:
        """A value with this key: the previous build's, the memory's, the
        cache's (``persist``: only persisted nodes are there); else MISSING."""
        value = MISSING
        if prev is not None and prev.key == key:
            value = self._prev_value(node_id, prev)
        if value is MISSING:
            value = self.values.memo.get(key)
        if value is MISSING and persist:
            value = self._from_cache(node_id, key)
        return value

    def _from_cache(self, node_id: str, key: str) -> Any:
        cache = self.values.cache
        data = cache.get(store_keys.node_key(key))
        if data is None:
            return MISSING
        try:
            return codec.decode(data)
        except (codec.DecodeError, TypeError, ValueError) as e:
            cache.delete(store_keys.node_key(key))
            self.values.warn(f"discarding undecodable cache entry for {node_id}: {e}")
            return MISSING

    @property
    def current(self) -> Group:
        """The group nodes are being evaluated into (see :meth:`within`)."""
        assert self._current is not None, "nodes are evaluated inside a group"
        return self._current

    def flush(self) -> None:
        """Write the node values this build computed to the cache."""
        cache = self.values.cache
        if self.pending and cache.enabled:
            with cache.batch():
                for key, value in self.pending:
                    cache.put(key, codec.encode(value))
        self.pending.clear()

    def discard(self) -> None:
        """Forget the cache writes this build would make (its records cannot be kept)."""
        self.pending.clear()


def _timed(compute: Callable[[], Any]) -> tuple[Any, tuple[float, float]]:
    """``compute()`` and when it started and ended (for the trace)."""
    start = time.perf_counter()
    value = compute()
    return value, (start, time.perf_counter())
