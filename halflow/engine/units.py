"""Unit keys: what each top-level op of the input means, as a key.

A unit's key is its alias-free, location-free, name-normalized text
(:mod:`halflow.source.keys`), qualified by the values of the dialect
resources it names (directly or through its aliases): a blob no unit names
is in no key. Keys are memoized by the unit's raw text, so a
rebuild computes keys only for text it has not seen; a warm workspace
re-splits only around the edit (:func:`halflow.source.toplevel.resplit`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from halflow.core.fingerprint import fingerprint, fingerprint_text
from halflow.engine.records import DocState
from halflow.source import keys, resources
from halflow.source.toplevel import EXECUTABLE_KINDS, SplitModule, Unit, common_ends, resplit

_ENTRY_RE = re.compile(r"^[ \t]*([A-Za-z_][\w$.\-]*|\"[^\"\n]*\"): (.*?),?[ \t\r]*$", re.M)


def trailer_values(split: SplitModule) -> dict[str, str]:
    """Each resource key of the ``{-# dialect_resources #-}`` section and
    the fingerprint of its value (the section is small: large blobs are
    stand-ins, :mod:`halflow.source.resources`)."""
    if not split.trailer:
        return {}
    return {
        m.group(1): fingerprint_text(m.group(2))
        for m in _ENTRY_RE.finditer(split.trailer)
        if m.group(2) != "{"
    }


def header_fingerprint(split: SplitModule) -> str:
    """What a unit's text means besides itself and the resources it names:
    the alias definitions."""
    return fingerprint([(a.name, a.text) for a in split.aliases])


def with_resources(key: str, names: Iterable[str], values: Mapping[str, str]) -> str:
    """A unit's key, with the values of the resources it names (printed
    ops carry the resource data they reference): a blob no unit names
    enters no key, and a unit naming none has its plain key."""
    named = sorted(names)
    if not named:
        return key
    return key + "+" + fingerprint([(n, values.get(n, "")) for n in named])[:20]


def _keyed(
    known: Mapping[str, str], text: str, split: SplitModule, units: Iterable[Unit]
) -> list[tuple[str, str, str]]:
    """(raw hash, plain key, key) of each of ``units``; a plain key is
    computed only for a unit text not seen before (``known``) under the same
    aliases; the key adds the values of the resources the unit names."""
    header_fp = header_fingerprint(split)
    canon: Mapping[str, str] | None = None
    refs: resources.ResourceRefs | None = None
    values: dict[str, str] | None = None
    out = []
    for unit in units:
        body = text[unit.start : unit.end]
        raw = fingerprint_text(body) + header_fp
        k = known.get(raw)
        if k is None:
            if canon is None:
                canon = keys.canonical_aliases(split.aliases)
            name = unit.symbol if unit.kind in EXECUTABLE_KINDS else None
            k = keys.unit_key(body, canon, name)
        key = k
        if split.trailer:
            if refs is None:
                refs = resources.ResourceRefs([(a.name, a.text) for a in split.aliases])
                values = trailer_values(split)
            names = refs.of(body)
            if names:
                assert values is not None
                key = with_resources(k, names, values)
        out.append((raw, k, key))
    return out


def resplit_keys(
    known: dict[str, str], prev: DocState | None, text: str, source_bytes: bytes | None
) -> tuple[SplitModule, list[str], dict[str, str]] | None:
    """Split and unit keys of ``text`` from the previous build's, looking
    only at the units around the edit (warm workspace, ASCII text); also
    the raw hash -> key map of the document. None: split it afresh."""
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
    keyed = _keyed(known, text, split, split.units[first : first + new_count])
    pairs = [(raw, plain) for raw, plain, _ in keyed]
    known.update(pairs)
    raw_keys = dict(prev.units)
    raw_keys.update(pairs)
    middle = [k for _, _, k in keyed]
    unit_keys = prev.unit_keys[:first] + middle + prev.unit_keys[first + old_count :]
    if len(raw_keys) > 2 * len(unit_keys) + 64:
        return None  # let a full split rebuild the map without stale entries
    return split, unit_keys, raw_keys


def unit_keys(
    known: dict[str, str], text: str, split: SplitModule
) -> tuple[list[str], dict[str, str]]:
    """Each unit's key (alias-free, location-free, name-normalized text) and
    the raw hash -> key map of the document; ``known`` learns them."""
    keyed = _keyed(known, text, split, split.units)
    raw_keys = {raw: plain for raw, plain, _ in keyed}
    if len(known) > 100_000:
        known.clear()
    known.update(raw_keys)
    return [k for _, _, k in keyed], raw_keys
