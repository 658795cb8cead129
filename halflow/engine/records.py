"""The engine's data model: node records, groups, document state.

A node's record (:class:`NodeRecord`) is what a build keeps of it: stage
tag, key, the inputs its key was made of, and its value's fingerprint.
Nodes that change together form a :class:`Group` (ids: :mod:`halflow.graph`);
a document's last build is a :class:`DocState`. Everything here is plain
data; the evaluator (:mod:`halflow.engine.evaluator`) fills it, the state
codec (:mod:`halflow.engine.state`) stores it.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from halflow import graph
from halflow.asm import assembler
from halflow.core import stages
from halflow.core.fingerprint import fingerprint
from halflow.engine import codec
from halflow.graph import BuildGraph
from halflow.source.toplevel import SplitModule

# Node stages that are not in halflow.nodes (reading inputs, printing).
EXECUTABLE = stages.EXECUTABLE
EXPORT = stages.EXPORT
DISPATCH = stages.DISPATCH_SITE
HOST = stages.HOST
CONVERT = stages.CONVERT
PRINT = stages.PRINT
SHELL = stages.SHELL
MODULE = stages.MODULE

Record = assembler.PrintedModule  # a printed top-level op (or the module's opening)


class Fallback(Exception):
    """The incremental path cannot vouch for this build; use the whole module."""


def value_fp(value: Any) -> str:
    """Fingerprint of a node value (what dependents see as their input)."""
    return fingerprint(value)


class ValueFingerprints:
    """:func:`value_fp` for one build, remembered per object: a build
    fingerprints many values more than once (an executable's layout is
    the input of each of its interface and dispatch nodes, a site's table
    of all of its dispatch nodes; a third of a cold build's ~34,000 value
    fingerprints are of an object fingerprinted already). Only immutable
    values are remembered (tuples, records, frozensets: a node's value is
    never changed once made, and these cannot be); the memo holds each
    object, so its id is not reused while it is remembered."""

    __slots__ = ("_memo",)

    def __init__(self) -> None:
        self._memo: dict[int, tuple[Any, str]] = {}

    def __call__(self, value: Any) -> str:
        if not isinstance(value, tuple | frozenset):
            return value_fp(value)
        hit = self._memo.get(id(value))
        if hit is not None and hit[0] is value:
            return hit[1]
        fp = value_fp(value)
        self._memo[id(value)] = (value, fp)
        return fp


@dataclass(slots=True, kw_only=True)
class NodeRecord:
    tag: str  # stage name@version
    key: str
    extra: dict[str, str]  # inputs (text keys, fingerprints of what is read)
    depsig: str  # fingerprint of the dependency ids
    vfp: str  # fingerprint of the value (what dependents compare)
    value: Any = None
    changed: bool = True  # this build: value differs from the previous build
    # A record read from a stored payload keeps its value encoded until it is
    # asked for (:meth:`stored_value`): a rebuild that opens a group rarely
    # reads the values of the nodes it recomputes (a host op's analysis
    # holds every one of its dispatch sites).
    encoded: Any = None
    strings: list[str] | None = None

    @property
    def stage(self) -> str:
        return stage_name(self.tag)

    def stored_value(self) -> Any:
        """The value, decoded now if it is still encoded (raises
        :class:`Fallback` when it does not decode: only a forged entry)."""
        if self.encoded is not None:
            try:
                self.value = codec.decode(self.encoded, self.strings)
            except (ValueError, TypeError, KeyError) as e:  # codec.DecodeError included
                raise Fallback(f"a stored value does not decode: {e}") from None
            self.encoded = self.strings = None
        return self.value


@dataclass(kw_only=True)
class Group:
    """Nodes that change together, with what the next build needs of them.

    ``summary`` is small plain data other groups and the assembly read (kept
    decoded in the state's core). The node records and the dispatch sites
    the group read live in its *payload*, decoded only when a rebuild needs
    them (``records`` is None until then). A group is filled while its
    build evaluates it; the build's state keeps it as it ends.
    """

    gid: str
    sig: str
    count: int = 0
    summary: dict[str, Any] = field(default_factory=dict)
    records: dict[str, NodeRecord] | None = None
    piece: assembler.PrintedModule | None = None  # printed op, when computed by this build
    cached_piece: assembler.PrintedModule | None = None  # printed op of an earlier build
    sites: Mapping[str, Any] | None = None  # dispatch sites read (by id)
    payload_ref: list[Any] | None = None  # where the encoded payload is stored
    loader: Callable[[list[Any]], dict[str, Any] | None] | None = field(
        default=None, repr=False
    )
    reused: bool = False  # kept whole from the previous build
    # Evaluated node by node by this build: the group's previous version
    # (None when new) and its records, by this build's node ids.
    prev: Group | None = field(default=None, repr=False)
    prev_records: dict[str, NodeRecord] | None = field(default=None, repr=False)
    fragment: str | None = field(default=None, repr=False)  # encoded core entry

    def payload(self) -> dict[str, Any] | None:
        if self.payload_ref is None or self.loader is None:
            return None
        return self.loader(self.payload_ref)

    def decoded(self) -> dict[str, NodeRecord]:
        """The node records (raises :class:`Fallback` when the payload does
        not decode: its checksum held, so only a forged entry gets here)."""
        if self.records is None:
            data = self.payload()
            try:
                self.records = (
                    decode_records(data["records"], data.get("strings")) if data else {}
                )
            except (ValueError, TypeError, KeyError) as e:  # codec.DecodeError included
                raise Fallback(f"the build state of {self.gid} does not decode: {e}") from None
        return self.records

    def site_values(self) -> Mapping[str, Any] | None:
        """The dispatch sites the group read, by id (each decoded when it
        is first looked up)."""
        if self.sites is None:
            data = self.payload()
            if data is None or "sites" not in data:
                return None
            try:
                self.sites = _StoredSites({str(k): v for k, v in data["sites"]},
                                          data.get("strings"), self.gid)
            except (ValueError, TypeError) as e:
                raise Fallback(f"the build state of {self.gid} does not decode: {e}") from None
        return self.sites


class _StoredSites(Mapping[str, Any]):
    """Stored dispatch sites by id, decoded one by one when looked up."""

    def __init__(self, encoded: dict[str, Any], strings: list[str] | None, gid: str):
        self._encoded = encoded
        self._strings = strings
        self._gid = gid
        self._decoded: dict[str, Any] = {}

    def __getitem__(self, site_id: str) -> Any:
        found = self._decoded.get(site_id, _UNDECODED)
        if found is _UNDECODED:
            raw = self._encoded[site_id]
            try:
                found = self._decoded[site_id] = codec.decode(raw, self._strings)
            except (ValueError, TypeError) as e:
                raise Fallback(f"the build state of {self._gid} does not decode: {e}") from None
        return found

    def __iter__(self) -> Iterator[str]:
        return iter(self._encoded)

    def __len__(self) -> int:
        return len(self._encoded)


_UNDECODED = object()


class InputLayout(NamedTuple):
    """The input's split as a state's core keeps it, so that the next build
    (in another process) re-splits just around an edit: it finds the edit
    by the digests of the input's blocks of units
    (:func:`halflow.engine.units.layout_ends`), with no copy of the input."""

    split: SplitModule
    unit_keys: list[str]  # each unit's key, in order
    length: int  # characters of the text (ASCII: its bytes too)
    bounds: list[int]  # block boundaries: 0, the end of every few units, length
    digests: list[str]  # of each block's bytes


@dataclass(frozen=True, kw_only=True)
class DocState:
    """What one build of a document leaves for the next ones (a document
    keeps several, see :mod:`halflow.store.states`)."""

    input_hash: str
    options_fingerprint: str
    env: str  # versions of halflow, iree-base-compiler and every stage
    output: str
    output_key: str
    groups: dict[str, Group] = field(default_factory=dict)
    order: list[str] = field(default_factory=list)  # body group ids, in output order
    spans: list[tuple[int, int]] = field(default_factory=list)  # of each body op in ``output``
    visits: list[str] = field(default_factory=list)  # fingerprint of each body op's alias visits
    names: dict[str, str] = field(default_factory=dict)  # alias key -> name in ``output``
    # Positions of ops that reference dialect resources (splicing must not
    # change which resources the trailer lists).
    has_resources: list[int] = field(default_factory=list)
    units: dict[str, str] = field(default_factory=dict)  # raw unit hash -> unit key
    # Executable target texts by fingerprint (summaries refer to them: each
    # is ~600 characters and shared by every executable).
    targets: dict[str, str] = field(default_factory=dict)
    # The stage versions it was built with (see halflow.core.stages.tag).
    stages: str = ""
    # In memory only (a warm workspace): the input and its split, so that
    # the next build re-splits just around an edit.
    source_bytes: bytes | None = field(default=None, repr=False)
    split: SplitModule | None = field(default=None, repr=False)
    unit_keys: list[str] | None = field(default=None, repr=False)
    # Stored in the core: the split again, for a build without the above.
    layout: InputLayout | None = field(default=None, repr=False)
    # The output cut into records, when the build that made it has them.
    known_printed: assembler.PrintedModule | None = field(default=None, repr=False)

    def printed(self) -> assembler.PrintedModule | None:
        """The previous output cut into records (computed on first use)."""
        return self.known_printed if self.known_printed is not None else self._parsed

    def printed_at_hand(self) -> assembler.PrintedModule | None:
        """The output's records if they are at hand (never parses it)."""
        if self.known_printed is not None:
            return self.known_printed
        found: assembler.PrintedModule | None = self.__dict__.get("_parsed")
        return found

    @functools.cached_property
    def _parsed(self) -> assembler.PrintedModule | None:
        try:
            return assembler.parse_printed(self.output)
        except assembler.SpliceError:
            return None

    @property
    def total(self) -> int:
        return sum(g.count for g in self.groups.values())

    def counts(self) -> dict[str, int]:
        """Executables and dispatch sites of the document."""
        return {
            "executables": sum(1 for g in self.groups if g.startswith(graph.EXEC_GROUP)),
            "dispatch_sites": sum(
                len(g.summary.get("sites", ())) for gid, g in self.groups.items()
                if gid.startswith(graph.HOST_OP_GROUP)
            ),
        }


@functools.cache
def stage_name(tag: str) -> str:
    """The stage of a node tag (``name@version``), one string per stage."""
    return tag.split("@", 1)[0]


# Values of these stages are not stored in group payloads: printed ops come
# back from the previous output, derived values from their parents.
PIECE_STAGES = frozenset({"convert", "print"})


UNSTORED = frozenset({"export", "dispatch_site", *PIECE_STAGES})


def decode_records(
    data: Sequence[Any], strings: list[str] | None = None
) -> dict[str, NodeRecord]:
    out: dict[str, NodeRecord] = {}
    for node_id, tag, key, extra, depsig, vfp, value in data:
        out[node_id] = NodeRecord(
            tag=tag, key=key, extra=dict(extra), depsig=depsig, vfp=vfp,
            encoded=value, strings=strings if value is not None else None, changed=False,
        )
    return out


class Assembled(NamedTuple):
    """A document's assembled output: its text, the ops in order with their
    spans in it and visits, the alias names used, and the positions of ops
    that reference dialect resources."""

    text: str
    order: list[str]
    spans: list[tuple[int, int]]
    visits: list[str]
    names: dict[str, str]
    has_resources: list[int]  # positions of ops that reference dialect resources
    printed: assembler.PrintedModule | None = None


@dataclass(frozen=True, kw_only=True)
class CaseResult:
    """One document's build, as the library reports it."""

    output: str
    mode: str  # "noop", "incremental", "whole"
    fallback: str | None = None
    graph: BuildGraph | None = None
    total: int = 0
    counts: dict[str, int] = field(default_factory=dict)  # executables, dispatch sites
