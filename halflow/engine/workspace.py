"""The Workspace: a long-lived build session over a persistent cache.

:meth:`Workspace.build_case` is one document's build, as named steps: load
the document's current state, answer an input it has a state of as a
no-op, split the input into units and key them, choose the state to start
from (the one sharing the most units: :mod:`halflow.engine.anchors`), evaluate
incrementally (falling back to the whole module when the incremental path
cannot vouch for the result), and save the new state for the next build.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from halflow.asm import assembler
from halflow.core import deferred, stages
from halflow.core.fingerprint import environment, fingerprint, fingerprint_text
from halflow.engine import anchors
from halflow.engine import units as units_mod
from halflow.engine.evaluator import Evaluator, Memo, NodeValues
from halflow.engine.pass_groups import evaluate
from halflow.engine.providers import IncrementalProvider, WholeProvider
from halflow.engine.recorder import Recorder
from halflow.engine.records import Assembled, CaseResult, DocState, Fallback, Group
from halflow.engine.state import PayloadReader, core_key, load_core, save_core, spool_payloads
from halflow.engine.unit_ir import LazyIR, UnitMismatch
from halflow.graph import BuildGraph
from halflow.nodes import device_targets as targets_stage
from halflow.nodes import plan
from halflow.source.toplevel import KnownSplit, SplitError, SplitModule, split_module
from halflow.store import keys, markers, states
from halflow.store.protocol import EntryStore


def _unit_keys(state: DocState) -> Sequence[str]:
    """The unit keys of ``state``'s input (its ``units`` map may also hold
    keys of units a warm workspace re-split away)."""
    return state.unit_keys if state.unit_keys is not None else list(state.units.values())


# An input mostly new to the state it would start from (another document's
# found by content, a re-export that changed most of the module) is built
# whole: IREE's pass over the module costs ~0.5 ms a unit, the incremental
# path ~5 ms a new unit (docs/benchmarks.md, "Figures behind constants").
# Small inputs stay incremental whatever their share: the difference is
# then negligible, and their node-level records stay exact.
MOSTLY_NEW_UNITS = 64  # at least this many units new to the state ...
MOSTLY_NEW_SHARE = 0.10  # ... and more than this share of the input's


def _mostly_new(unit_keys: Sequence[str], prev: DocState) -> bool:
    """Whether the input's units (``unit_keys``) are new to ``prev`` in
    such number that a whole-module build is the cheaper one."""
    known = set(_unit_keys(prev))
    new = sum(1 for key in unit_keys if key not in known)
    return new >= MOSTLY_NEW_UNITS and new > MOSTLY_NEW_SHARE * len(unit_keys)


# What makes the incremental path give up on a build (the whole-module
# build then runs; for the planner's errors and an unresolvable device it
# is also what reports them, in IREE's words).
_FALLBACKS = (Fallback, UnitMismatch, plan.PlanError, targets_stage.DeviceResolutionError)


class Case(NamedTuple):
    """One document to build, and how (see :meth:`Workspace.build_case`)."""

    doc_id: str
    text: str
    source: Any
    options_fingerprint: str
    input_hash: str
    output_key: str | None = None
    source_bytes: bytes | None = None
    need_graph: bool = False
    on_executable: Callable[[int, int], None] | None = None
    on_output: Callable[[str], None] | None = None
    split: KnownSplit | None = None  # a split an earlier step of the build made

    def output_entry(self, output: str) -> str:
        """The cache entry of the output: the caller's, else one of its own."""
        return self.output_key or keys.TEXT + fingerprint_text(output)


@dataclass(frozen=True, kw_only=True)
class Units:
    """The input cut into top-level ops, with each one's key."""

    split: SplitModule | None
    keys: list[str] = field(default_factory=list)
    raw_keys: dict[str, str] = field(default_factory=dict)  # raw unit hash -> key
    failure: str | None = None  # why it does not split


@dataclass(frozen=True, kw_only=True)
class Known:
    """A document's states as its build found them."""

    current: DocState | None  # the most recent (in memory, else the cache's)
    index: list[states.StateEntry]  # all of them, most recent first


class Workspace:
    """A long-lived build session: keeps each document's current state
    (groups, node values, output) warm in memory, over a persistent cache
    that also holds its earlier states."""

    def __init__(
        self, cache: EntryStore | None = None, *, warn: Callable[[str], None] | None = None,
        answer: deferred.EarlyAnswer | None = None,
    ):
        """``answer``: how this process answers its caller early, if it can
        (:mod:`halflow.core.deferred`): once it has, it holds the recording
        lock builds wait for, and does not wait for itself."""
        from halflow.store.disk import NullCache, open_or_none

        self.cache: EntryStore = (
            cache if cache is not None else open_or_none(None) or NullCache()
        )
        self.warn = warn if warn is not None else self.cache.warn
        self.docs: dict[str, DocState] = {}  # each document's current state
        self.memo = Memo()
        self.unit_keys: dict[str, str] = {}  # raw unit hash + header fp -> unit key
        self.assembler = assembler.Assembler()
        self.payloads = PayloadReader(self.cache, self.warn)
        # Last build of each input file (bytes, output, node count, output
        # key), and what was last written to each output path.
        self.files: dict[tuple[str, str], tuple[bytes, str, int, str | None]] = {}
        self.written = markers.MemoryBook()
        self._env = fingerprint(environment())
        self._values = NodeValues(memo=self.memo, cache=self.cache, warn=self.warn)
        self._answer = answer

    def env_ok(self) -> bool:
        """Whether the environment (versions) is the one this workspace saw."""
        return self._env == fingerprint(environment())

    # -- states -------------------------------------------------------------------------
    def _key(self, doc_id: str, state: DocState) -> str:
        return core_key(doc_id, self._env, state.input_hash, state.options_fingerprint)

    def _index(self, doc_id: str) -> list[states.StateEntry]:
        return states.read_index(self.cache, doc_id, self._env)

    def _first_loaded(self, entries: Sequence[states.StateEntry]) -> DocState | None:
        """The state of the first of ``entries`` that is still in the cache."""
        for entry in entries:
            state = load_core(self.cache, entry.key, self.payloads)
            if state is not None:
                return state
        return None

    def _entry(self, doc_id: str, state: DocState) -> states.StateEntry:
        return states.entry(
            self._key(doc_id, state), state.input_hash, state.options_fingerprint, _unit_keys(state)
        )

    def _save_state(
        self, doc_id: str, state: DocState, fresh: Sequence[Group], *,
        write_output: bool = True, anchored: DocState | None = None,
        index: Sequence[states.StateEntry] | None = None,
    ) -> None:
        """Make ``state`` the document's current one, in memory and in the
        cache; only the payloads of groups evaluated by this build
        (``fresh``) are encoded and written. ``write_output=False``: the
        caller stores the output entry. ``anchored``: the document's state
        before, whose anchors (:mod:`halflow.engine.anchors`) need not be
        written again when ``state`` has the same. ``index``: the
        document's states as the build read them (else read now)."""
        self.docs[doc_id] = state
        if not self.cache.enabled:
            return
        new = self._entry(doc_id, state)
        kept, dropped = states.push(self._index(doc_id) if index is None else index, new)
        with self.cache.batch():
            spool_payloads(self.cache, fresh, self.payloads.load)
            save_core(self.cache, new.key, state, write_output=write_output)
            states.write_index(self.cache, doc_id, self._env, kept)
            for old in dropped:
                self.cache.delete(old.key)
            keys = _unit_keys(state)
            if keys and (
                anchored is None
                or anchored.env != state.env
                or anchors.sample(_unit_keys(anchored)) != anchors.sample(keys)
            ):
                anchors.record(self.cache, keys, doc_id, self._env)

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
        options_fingerprint: str,
        recorder: Recorder,
        *,
        on_executable: Callable[[int, int], None] | None = None,
        need_graph: bool = False,
        output_key: str | None = None,
        input_hash: str | None = None,
        source_bytes: bytes | None = None,
        on_output: Callable[[str], None] | None = None,
        split: KnownSplit | None = None,
    ) -> CaseResult:
        """Build one document (a file, or one ``// -----`` case of it).

        ``output_key`` names the cache entry the caller stores the output
        under (a single-document file); otherwise the state stores it.
        ``on_output`` hears the output as soon as the build has it, before
        it saves its state (a whole-module build: before it records its
        nodes too); the caller may write it meanwhile; the result's output
        is that text.
        ``split`` is a split of the input an earlier step made (used if
        it is of this text).
        """
        case = Case(
            doc_id=doc_id, text=text, source=source, options_fingerprint=options_fingerprint,
            input_hash=input_hash or fingerprint_text(text), output_key=output_key,
            source_bytes=source_bytes, need_graph=need_graph, on_executable=on_executable,
            on_output=on_output, split=split,
        )
        with recorder.phase("load state"):
            if self.cache.enabled:
                deferred.wait_for_recordings(self.cache.directory, self._answer)
            known = self._known(doc_id)
        if not need_graph:
            done = self._noop(case, known, recorder)
            if done is not None:
                return done
        units = None
        if not self._nothing_to_start_from(known):
            with recorder.phase("split"):
                units = self._split(case, known.current)
        prev = self._start_from(case, known, units, recorder) if units is not None else None
        mostly_new = prev is not None and units is not None and _mostly_new(units.keys, prev)
        ev, assembled, fallback = self._incremental(
            case, None if mostly_new else prev, units, recorder)  # (None: the whole module)
        mode = "incremental"
        if assembled is not None and case.on_output is not None:
            case.on_output(assembled.text)  # (before its state is saved)
        if assembled is None or units is None:
            mode = "whole"
            ev, whole, assembled, failure, units = self._whole(case, prev, units, recorder)
            fallback = failure if failure is not None else fallback
            if assembled is None:
                # Nothing to keep per unit; the output still stands.
                return self._output_only(
                    case, ev, whole.output, fallback or units.failure or whole.unaligned, known
                )
        with recorder.phase("save state"):
            state = self._keep(case, ev, assembled, units, known)
        return CaseResult(output=assembled.text, mode=mode, fallback=fallback, graph=ev.graph,
                          total=state.total, counts=state.counts())

    def _nothing_to_start_from(self, known: Known) -> bool:
        """Whether no state can be found to build from, whatever the input's
        units: the document has none and the cache holds no anchors
        (:func:`halflow.engine.anchors.recorded`). The input is then split
        after the whole-module build has given its output."""
        return (known.current is None and not known.index
                and not anchors.recorded(self.cache, self._env))

    def _known(self, doc_id: str) -> Known:
        """The document's states: its index, and its current state (in
        memory, else the index's first)."""
        index = self._index(doc_id)
        current = self.docs.get(doc_id)
        if current is None:
            current = self._first_loaded(index[:1])
            if current is not None:
                self.unit_keys.update(current.units)
        return Known(current=current, index=index)

    def _noop(self, case: Case, known: Known, recorder: Recorder) -> CaseResult | None:
        """The answer when the document has a state of exactly this input
        (its current one, or an earlier one, which becomes current: a
        revert), built with these options, versions and stages; else None."""
        state = known.current
        earlier = None
        wanted = (case.input_hash, case.options_fingerprint)
        if state is None or (state.input_hash, state.options_fingerprint) != wanted:
            earlier = states.current_first(known.index, case.input_hash, case.options_fingerprint)
            state = self._first_loaded(earlier[:1]) if earlier else None
        if state is None or not self._up_to_date(state):
            return None
        if earlier:
            self.docs[case.doc_id] = state
            if self.cache.enabled:
                with self.cache.batch():
                    states.write_index(self.cache, case.doc_id, self._env, earlier)
        recorder.reused += state.total
        return CaseResult(output=state.output, mode="noop", total=state.total,
                          counts=state.counts())

    def _up_to_date(self, state: DocState) -> bool:
        return state.env == self._env and state.stages == stages.tag()

    def _split(self, case: Case, current: DocState | None) -> Units:
        """The input's units and their keys: re-split around the edit when
        the current state holds its input (a warm workspace), else afresh."""
        quick = units_mod.resplit_keys(self.unit_keys, current, case.text, case.source_bytes)
        if quick is not None:
            split, keys, raw_keys = quick
            return Units(split=split, keys=keys, raw_keys=raw_keys)
        try:
            known = case.split.of(case.text) if case.split is not None else None
            split = known if known is not None else split_module(case.text)
        except SplitError as e:
            return Units(split=None, failure=f"the input does not split into top-level ops: {e}")
        keys, raw_keys = units_mod.unit_keys(self.unit_keys, case.text, split)
        return Units(split=split, keys=keys, raw_keys=raw_keys)

    def _start_from(
        self, case: Case, known: Known, units: Units, recorder: Recorder
    ) -> DocState | None:
        """The state to build from: of this document's states, the one that
        shares the most units with the input (the current one on a tie);
        without any, another document's that most of them share."""
        current = known.current
        if not units.keys:
            return current
        candidates = list(known.index)
        mine = self._key(case.doc_id, current) if current is not None else None
        if current is not None and not any(e.key == mine for e in candidates):
            # In memory only (a session building with cache writes off).
            candidates.insert(0, self._entry(case.doc_id, current))
        for best in anchors.closest(candidates, units.keys, case.options_fingerprint):
            if best.key == mine:
                return current
            with recorder.phase("load state"):
                state = self._first_loaded([best])
            if state is not None:
                return state
        with recorder.phase("find state by content"):
            return self._state_by_content(case, units.keys)

    def _state_by_content(self, case: Case, unit_keys: Sequence[str]) -> DocState | None:
        """Another document's state that most of these units share (see
        :mod:`halflow.engine.anchors`), for a document without states of its own."""
        other = anchors.lookup(self.cache, unit_keys, self._env, case.doc_id)
        if other is None:
            return None
        state = self.docs.get(other)
        if state is None or state.options_fingerprint != case.options_fingerprint:
            ranked = anchors.closest(self._index(other), unit_keys, case.options_fingerprint)
            state = self._first_loaded(
                [e for e in ranked if e.options_fingerprint == case.options_fingerprint][:1])
        if state is None:
            return None
        self.unit_keys.update(state.units)
        return state

    def _evaluator(
        self, case: Case, prev: DocState | None, recorder: Recorder, *, force: bool = False
    ) -> Evaluator:
        return Evaluator(
            prev, recorder, self._values, options_fingerprint=case.options_fingerprint, force=force,
            node_by_node=case.need_graph, graph=BuildGraph() if case.need_graph else None,
        )

    def _incremental(
        self, case: Case, prev: DocState | None, units: Units | None, recorder: Recorder
    ) -> tuple[Evaluator, Assembled | None, str | None]:
        """Evaluate against ``prev`` unit by unit: the evaluator, the
        assembled output (None when there is nothing to build from, or the
        incremental path gave up) and why it gave up."""
        ev = self._evaluator(case, prev, recorder)
        if prev is None or units is None or units.split is None or not prev.groups:
            return ev, None, None
        bench = LazyIR(case.text, units.split, case.source)
        runs, reused = len(recorder.runs), recorder.reused
        try:
            with recorder.phase("incremental"):
                provider = IncrementalProvider(bench)
                return ev, evaluate(ev, units.split, provider, units.keys, self.assembler), None
        except _FALLBACKS as e:
            # What ran is not what this build did: the whole module runs now.
            del recorder.runs[runs:]
            recorder.reused = reused
            return ev, None, str(e) or type(e).__name__

    def _whole(
        self, case: Case, prev: DocState | None, units: Units | None, recorder: Recorder
    ) -> tuple[Evaluator, WholeProvider, Assembled | None, str | None, Units]:
        """The reference driver over the whole module, then every node
        recorded from its results: the evaluator, the driver, the assembled
        output (None when its records cannot be kept), why not, and the
        input's units (``units`` None: split now, once the output is out)."""
        with recorder.phase("whole module"):
            whole = WholeProvider(case.text, case.source, case.on_executable)
        if case.on_output is not None:
            case.on_output(whole.output)
        if units is None:
            with recorder.phase("split"):
                units = self._split(case, None)
        with recorder.phase("scan output"):
            whole.scan(units.split)
        ev = self._evaluator(case, prev, recorder, force=True)
        if units.split is None or not whole.aligned:
            return ev, whole, None, None, units
        try:
            with recorder.phase("record nodes"):
                assembled = evaluate(ev, units.split, whole, units.keys, self.assembler)
                return ev, whole, assembled, None, units
        except (Fallback, plan.PlanError) as e:
            # The output is right; only its per-unit records cannot be
            # kept (e.g. an executable's name inside an attribute alias).
            ev.discard()
            return ev, whole, None, str(e), units

    def _output_only(
        self, case: Case, ev: Evaluator, output: str, fallback: str | None, known: Known
    ) -> CaseResult:
        """Save a state with the output alone (nothing to keep per unit)."""
        state = DocState(input_hash=case.input_hash,
                         options_fingerprint=case.options_fingerprint, env=ev.env,
                         output=output, output_key=case.output_entry(output))
        self._save_state(case.doc_id, state, [], write_output=case.output_key is None,
                         anchored=known.current, index=known.index)
        return CaseResult(output=output, mode="whole", fallback=fallback)

    def _keep(
        self, case: Case, ev: Evaluator, assembled: Assembled, units: Units, known: Known
    ) -> DocState:
        """The state this build leaves, saved as the document's current one."""
        ev.flush()
        warm = case.source_bytes is not None and len(case.source_bytes) == len(case.text)
        state = DocState(
            input_hash=case.input_hash,
            options_fingerprint=case.options_fingerprint,
            env=ev.env,
            output=assembled.text,
            output_key=case.output_entry(assembled.text),
            groups=ev.groups,
            order=assembled.order,
            spans=assembled.spans,
            visits=assembled.visits,
            names=assembled.names,
            has_resources=assembled.has_resources,
            units=units.raw_keys,
            targets=ev.targets,
            stages=stages.tag(),
            source_bytes=case.source_bytes if warm else None,
            split=units.split if warm else None,
            unit_keys=list(units.keys) if warm else None,
            # (for the core: a workspace of its own keeps the bytes instead)
            layout=(units_mod.input_layout(units.split, units.keys, case.text)
                    if self.cache.enabled else None),
            known_printed=assembled.printed,
        )
        fresh = [g for g in ev.groups.values() if g.records is not None
                 and g.prev_records is not None]
        self._save_state(case.doc_id, state, fresh, write_output=case.output_key is None,
                         anchored=known.current, index=known.index)
        return state
