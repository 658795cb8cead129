"""Encoding a document's states for the cache.

A state's *core* (one JSON entry per state) holds the small per-group data
a rebuild reads first; each group's *payload* (its node records and the
dispatch sites it read) is stored in blobs shared by the groups a build
evaluated, with one string table per blob, and decoded only when a rebuild
needs that group. A document keeps several states, each core under its own
key (:func:`core_key`); which of them a build starts from is decided by
:mod:`halflow.engine.anchors`.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any

from halflow.core import safejson
from halflow.core.fingerprint import fingerprint
from halflow.engine import codec
from halflow.engine.records import UNSTORED, DocState, Group, InputLayout
from halflow.source.toplevel import HeaderAlias, SplitModule, Unit
from halflow.store import keys
from halflow.store.protocol import EntryStore

# v5: several states per document (cores by input, found through the
# document's index of states); dispatch sites hold no position.
# v6: the host analysed op by op; groups keep the sites they read by id.
# v7: the input's layout (its split, unit keys and block digests).
STATE_FORMAT = 7

# Payloads are written to the cache in pieces of about this many characters,
# into blobs of about this many bytes.
_SPOOL_CHUNK = 1 << 16
_BLOB_SIZE = 1 << 20

Loader = Callable[[list[Any]], dict[str, Any] | None]


def core_key(doc_id: str, env: str, input_hash: str, options_fingerprint: str) -> str:
    """Where the core of ``doc_id``'s state for this input and these options
    is stored (``env``: the fingerprint of the versions)."""
    return keys.STATE + fingerprint(STATE_FORMAT, doc_id, env, input_hash, options_fingerprint)


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
        if r.stage in UNSTORED:
            out.append("null]")
        else:
            out.extend(codec.iter_json(r.stored_value(), strings, memo))
            out.append("]")
        yield from out
        out.clear()
    out.append("]")
    if group.sites is not None:
        out.append(',"sites":[')
        for k, (site_id, site) in enumerate(sorted(group.sites.items())):
            out.append(f"{',' if k else ''}[{_dump(site_id)},")
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
    data = safejson.loads(raw)
    if not isinstance(data, dict):
        raise ValueError("not a group payload")
    if strings is not None:
        data["strings"] = strings
    return data


class PayloadReader:
    """Reads group payloads out of the cache's payload blobs, keeping each
    blob and its string table once (the groups of one build share them)."""

    def __init__(self, cache: EntryStore, warn: Callable[[str], None]):
        self.cache = cache
        self.warn = warn
        self._blobs: dict[str, bytes | None] = {}
        self._tables: dict[str, list[str]] = {}

    def load(self, ref: list[Any]) -> dict[str, Any] | None:
        """A group's payload: ``ref`` is [blob key, offset, length, offset
        of the blob's string table (stored last)]; None when it is gone or
        unreadable (the group is then evaluated afresh)."""
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
                strings = safejson.loads(blob[table_offset:])
                if not isinstance(strings, list):
                    raise ValueError("bad string table")
                self._tables[blob_key] = strings
            return decode_payload(blob[offset : offset + length], strings)
        except (ValueError, KeyError, TypeError, IndexError, AttributeError) as e:
            self.warn(f"discarding an unreadable part of the build state: {e}")
            return None


def spool_payloads(cache: EntryStore, fresh: Sequence[Group], loader: Loader) -> None:
    """Store the payloads of ``fresh`` groups in blobs of about
    ``_BLOB_SIZE`` bytes each (call inside a cache batch) and point each
    group at its part (``loader`` reads it).

    The payloads are encoded and written one group at a time (a cold build
    of a large module writes tens of MB of them), each blob followed by the
    string table its groups share. A rebuild reads the blobs of the groups
    it opens, whole (their checksum is the blob's): one blob for a whole
    cold build would make an edit of one function read all of it."""
    pending = iter(fresh)
    nxt: list[Group] = [g for g in (next(pending, None),) if g is not None]
    while nxt:
        nxt = _spool_blob(cache, nxt[0], pending, loader)


def _spool_blob(
    cache: EntryStore, first: Group, rest: Iterator[Group], loader: Loader
) -> list[Group]:
    """One blob of payloads, from ``first`` on while it is below
    ``_BLOB_SIZE``; returns the group that did not fit, if any."""
    strings: dict[str, int] = {}
    memo: dict[int, tuple[Any, str]] = {}  # see codec.iter_json
    offsets: list[tuple[Group, int, int]] = []
    table_offset = 0
    left: list[Group] = []

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

        group: Group | None = first
        while group is not None:
            start = pos
            for piece in iter_payload(group, strings, memo):
                pending.append(piece)
                size += len(piece)
                if size > _SPOOL_CHUNK:
                    flush()
            flush()
            offsets.append((group, start, pos - start))
            group = next(rest, None)
            if group is not None and pos >= _BLOB_SIZE:
                left.append(group)
                break
        table_offset = pos
        write(encode_strings(strings))

    blob_key = cache.put_blob_streamed(keys.PAYLOAD, produce)
    for group, offset, length in offsets if blob_key else ():
        group.payload_ref = [blob_key, offset, length, table_offset]
        group.loader = loader
        group.fragment = None
    return left


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
    return "".join(core_parts(state))


def core_parts(state: DocState) -> list[str]:
    """:func:`encode_core` in pieces (never joined when stored: the core of
    a large module is a few MB, saved when a cold build's memory peaks)."""

    dump = codec.dumps
    head = {
        "format": STATE_FORMAT,
        "input": state.input_hash,
        "options": state.options_fingerprint,  # (the stored name)
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
        "layout": _encode_layout(state.layout) if state.layout is not None else None,
    }
    parts = [dump(head)[:-1] + ',"groups":{']
    pending: list[str] = []
    size = 0
    for k, (gid, g) in enumerate(state.groups.items()):
        piece = ("," if k else "") + dump(gid) + ":" + _group_fragment(g)
        pending.append(piece)
        size += len(piece)
        if size > _SPOOL_CHUNK:  # (pieces of ~64 KB: each part is one write)
            parts.append("".join(pending))
            pending.clear()
            size = 0
    parts.append("".join(pending) + "}}")
    return parts


def decode_core(data: Any, output: str, loader: Loader) -> DocState | None:
    """The state a core holds (``output``: its output text); None when it
    is not a core of this format."""
    if not isinstance(data, dict) or data.get("format") != STATE_FORMAT:
        return None
    groups = {}
    for gid, (sig, count, summary, ref) in data["groups"].items():
        groups[gid] = Group(
            gid=gid, sig=sig, count=count, summary=summary, payload_ref=ref, loader=loader
        )
    return DocState(
        input_hash=data["input"],
        options_fingerprint=data["options"],
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
        layout=_decode_layout(data.get("layout")),
    )


def _encode_layout(layout: InputLayout) -> list[Any]:
    s = layout.split
    return [layout.length, layout.bounds, layout.digests, layout.unit_keys,
            [s.header_end, [list(a) for a in s.aliases], s.module_open, s.body_start, s.body_end,
             [list(u) for u in s.units], s.trailer, s.indent]]


def _decode_layout(data: Any) -> InputLayout | None:
    """The layout a core holds; None when it has none or it does not
    decode (the next build then splits the input afresh)."""
    if data is None:
        return None
    try:
        length, bounds, digests, unit_keys, s = data
        header_end, aliases, module_open, body_start, body_end, units, trailer, indent = s
        split = SplitModule(
            int(header_end), tuple(HeaderAlias(str(n), str(t), int(a), int(b))
                                   for n, t, a, b in aliases),
            None if module_open is None else str(module_open), int(body_start), int(body_end),
            tuple(Unit(str(k), None if y is None else str(y), int(a), int(b), int(ln), int(c))
                  for k, y, a, b, ln, c in units),
            str(trailer), False, str(indent),
        )
        if (len(unit_keys) != len(units) or len(bounds) != len(digests) + 1
                or not all(isinstance(x, str) for x in (*unit_keys, *digests))):
            return None
        return InputLayout(split=split, unit_keys=list(unit_keys), length=int(length),
                           bounds=[int(b) for b in bounds], digests=list(digests))
    except (ValueError, TypeError):
        return None


def load_core(cache: EntryStore, key: str, reader: PayloadReader) -> DocState | None:
    """The state whose core is stored under ``key``, with its output (its
    payloads are read on demand through ``reader``); None when either is
    gone. An unreadable core is deleted, with a warning."""
    data = cache.get(key)
    if not isinstance(data, dict):
        return None
    blob = cache.get_blob(str(data.get("output_key", "")))
    if blob is None:
        return None
    try:
        _, _, text = blob.partition(b"\n")  # first line: the node count
        return decode_core(data, text.decode("utf-8"), reader.load)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as e:
        # (A checksum that holds over what no halflow wrote: forged.)
        reader.warn(f"discarding unreadable build state: {e}")
        cache.delete(key)
        return None


def save_core(cache: EntryStore, key: str, state: DocState, *, write_output: bool) -> None:
    """Store ``state``'s core under ``key`` (call inside a cache batch,
    after its fresh payloads), and its output unless the caller stores it
    (``write_output=False``)."""
    if write_output:
        cache.put_blob_parts(state.output_key, [f"{state.total}\n".encode(), state.output])
    cache.put_json_parts(key, core_parts(state))
