"""The Workspace: a long-lived build session over a persistent cache.

:meth:`Workspace.build_case` is one document's build: the no-op check, the
split into units and their keys, the incremental evaluation (falling back to
the whole module when it cannot vouch for the result), and the state saved
for the next build.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from halflow.asm import assembler
from halflow.core import stages
from halflow.core.fingerprint import environment, fingerprint, fingerprint_text
from halflow.engine import units
from halflow.engine.evaluator import Evaluator
from halflow.engine.pass_groups import evaluate
from halflow.engine.providers import IncrementalProvider, WholeProvider
from halflow.engine.recorder import Recorder
from halflow.engine.records import Assembled, CaseResult, DocState, Fallback, Group
from halflow.engine.state import (
    decode_core,
    decode_payload,
    encode_core,
    encode_strings,
    iter_payload,
    state_key,
)
from halflow.engine.unit_ir import LazyIR, UnitMismatch
from halflow.graph import BuildGraph
from halflow.nodes import device_targets as targets_stage
from halflow.nodes import plan
from halflow.source.toplevel import EXECUTABLE_KINDS, SplitError, SplitModule, split_module
from halflow.store.protocol import EntryStore


class Workspace:
    """A long-lived build session: keeps each document's last build (groups,
    node values, output) warm in memory, over a persistent cache."""

    def __init__(
        self, cache: EntryStore | None = None, *, warn: Callable[[str], None] | None = None
    ):
        from halflow.store.disk import NullCache, open_or_none

        self.cache: EntryStore = (
            cache if cache is not None else open_or_none(None) or NullCache()
        )
        self.warn = warn if warn is not None else self.cache.warn
        self.docs: dict[str, DocState] = {}
        self.memo: dict[str, Any] = {}
        self.unit_keys: dict[str, str] = {}  # raw unit hash + header fp -> unit key
        self.assembler = assembler.Assembler()
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
            if blob_key in self._blobs:
                blob = self._blobs[blob_key]
            else:
                blob = self._blobs[blob_key] = self.cache.get_blob(blob_key)
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
        self, doc_id: str, state: DocState, fresh: Sequence[Group], write_output: bool = True,
        anchored: DocState | None = None,
    ) -> None:
        """Keep ``state`` in memory and in the cache; only the payloads of
        groups evaluated by this build (``fresh``) are encoded and written.
        ``write_output=False``: the caller stores the output entry.
        ``anchored``: this document's state that the cache holds, whose
        anchors (:mod:`halflow.engine.anchors`) need not be written again when
        ``state`` has the same."""
        self.docs[doc_id] = state
        if not self.cache.enabled:
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
                from halflow.engine import anchors

                if (
                    anchored is None
                    or anchored.env != state.env
                    or anchors.sample(anchored.units.values())
                    != anchors.sample(state.units.values())
                ):
                    anchors.record(self.cache, state.units.values(), doc_id, self._env)

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
        input_hash = input_hash or fingerprint_text(text)
        prev = self.docs.get(doc_id)
        if prev is None:
            with recorder.phase("load state"):
                prev = self._load_state(doc_id)
            if prev is not None:
                self.unit_keys.update(prev.units)
        own = prev  # this document's own state (not one found by content)
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
            quick = units.resplit_keys(self.unit_keys, prev, text, source_bytes)
            if quick is not None:
                split, unit_keys, raw_keys = quick
            else:
                try:
                    split = split_module(text)
                except SplitError as e:
                    split = None
                    split_failure = f"the input does not split into top-level ops: {e}"
                if split is not None:
                    unit_keys, raw_keys = units.unit_keys(self.unit_keys, text, split)

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
            bench = LazyIR(text, split, source)
            host_idx = [i for i, u in enumerate(split.units) if u.kind not in EXECUTABLE_KINDS]
            try:
                with recorder.phase("incremental"):
                    assembled = evaluate(
                        ev, split, IncrementalProvider(bench, host_idx), unit_keys,
                        self.assembler,
                    )
            except (
                Fallback, UnitMismatch, plan.PlanError, targets_stage.DeviceResolutionError
            ) as e:
                # (The planner's errors and an unresolvable device are input
                # errors: the whole-module build below reports them.)
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
                except (Fallback, plan.PlanError) as e:
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
                self._save_state(doc_id, state, [], write_output=output_key is None,
                                 anchored=own)
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
                     and g.prev_records is not None]
            self._save_state(doc_id, state, fresh, write_output=output_key is None,
                             anchored=own)
        return CaseResult(assembled.text, mode, fallback, ev.graph, state.total, state.counts())

    def _state_by_content(
        self, doc_id: str, unit_keys: Sequence[str], options: str
    ) -> DocState | None:
        """Another document's state that most of these units share (see
        :mod:`halflow.engine.anchors`), for a document without state of its own."""
        from halflow.engine import anchors

        other = anchors.lookup(self.cache, unit_keys, self._env, doc_id)
        if other is None:
            return None
        state = self.docs.get(other) or self._load_state(other)
        if state is None or state.options != options:
            return None
        self.unit_keys.update(state.units)
        return state
