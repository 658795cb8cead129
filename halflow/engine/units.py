"""Unit keys: what each top-level op of the input means, as a key.

A unit's key is its alias-free, location-free, name-normalized text
(:mod:`halflow.source.keys`), qualified by the alias definitions and the resource
section it is read with. Keys are memoized by the unit's raw text, so a
rebuild computes keys only for text it has not seen; a warm workspace
re-splits only around the edit (:func:`halflow.source.toplevel.resplit`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from halflow.core.fingerprint import fingerprint, fingerprint_text
from halflow.engine.records import DocState
from halflow.source import keys
from halflow.source.toplevel import EXECUTABLE_KINDS, SplitModule, Unit, common_ends, resplit


def trailer_fingerprint(split: SplitModule) -> str:
    """The ``{-# dialect_resources #-}`` section's fingerprint ("" without one)."""
    return fingerprint_text(split.trailer) if split.trailer else ""


def header_fingerprint(split: SplitModule, trailer_fp: str) -> str:
    """What a unit's text means besides itself: the alias definitions and
    the resource section."""
    return fingerprint([(a.name, a.text) for a in split.aliases], trailer_fp)


def with_resources(key: str, trailer_fp: str) -> str:
    """A unit's key, with the resource section's fingerprint when the input
    has one: printed ops carry the resource data they reference, so a
    changed section rebuilds every unit (it is rarely edited: its blobs are
    weights)."""
    return key + "+" + trailer_fp[:20] if trailer_fp else key


def _keyed(
    known: Mapping[str, str], text: str, split: SplitModule, units: Iterable[Unit]
) -> list[tuple[str, str]]:
    """(raw hash, key) of each of ``units``; a key is computed only for a
    unit text not seen before (``known``) under the same header."""
    trailer_fp = trailer_fingerprint(split)
    header_fp = header_fingerprint(split, trailer_fp)
    canon: Mapping[str, str] | None = None
    out = []
    for unit in units:
        body = text[unit.start : unit.end]
        raw = fingerprint_text(body) + header_fp
        k = known.get(raw)
        if k is None:
            if canon is None:
                canon = keys.canonical_aliases(split.aliases)
            name = unit.symbol if unit.kind in EXECUTABLE_KINDS else None
            k = with_resources(keys.unit_key(body, canon, name), trailer_fp)
        out.append((raw, k))
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
    pairs = _keyed(known, text, split, split.units[first : first + new_count])
    known.update(pairs)
    raw_keys = dict(prev.units)
    raw_keys.update(pairs)
    middle = [k for _, k in pairs]
    unit_keys = prev.unit_keys[:first] + middle + prev.unit_keys[first + old_count :]
    if len(raw_keys) > 2 * len(unit_keys) + 64:
        return None  # let a full split rebuild the map without stale entries
    return split, unit_keys, raw_keys


def unit_keys(
    known: dict[str, str], text: str, split: SplitModule
) -> tuple[list[str], dict[str, str]]:
    """Each unit's key (alias-free, location-free, name-normalized text) and
    the raw hash -> key map of the document; ``known`` learns them."""
    pairs = _keyed(known, text, split, split.units)
    raw_keys = dict(pairs)
    if len(known) > 100_000:
        known.clear()
    known.update(raw_keys)
    return [k for _, k in pairs], raw_keys
