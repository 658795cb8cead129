"""Encoding a document's state for the cache.

The state's *core* (one JSON entry per document) holds the small per-group
data a rebuild reads first; each group's *payload* (its node records and the
dispatch sites it read) is stored in blobs shared by the groups a build
evaluated, with one string table per blob, and decoded only when a rebuild
needs that group.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from halflow.core import safejson
from halflow.core.fingerprint import environment, fingerprint
from halflow.engine import codec
from halflow.engine.records import UNSTORED, DocState, Group

STATE_FORMAT = 4


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
        if r.stage in UNSTORED:
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
    data = safejson.loads(raw)
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
