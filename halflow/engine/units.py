"""Unit keys: what each top-level op of the input means, as a key.

A unit's key is its alias-free, location-free, name-normalized text
(:mod:`halflow.source.keys`), qualified by the values of the dialect
resources it names (directly or through its aliases): a blob no unit names
is in no key. Keys are memoized by the unit's raw text, so a
rebuild computes keys only for text it has not seen; a rebuild re-splits
only around the edit (:func:`halflow.source.toplevel.resplit`), found by
comparing the input with the previous one (a warm workspace holds its bytes)
or, in a new process, with the digests of its blocks of units that the
previous state keeps (:class:`halflow.engine.records.InputLayout`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from itertools import pairwise

from blake3 import blake3

from halflow.core.fingerprint import fingerprint, fingerprint_text
from halflow.engine.records import DocState, InputLayout
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


# Units per block of an input layout's digests: a block is ~30-150 KB of a
# large module (hashed at several GB/s), and an edit re-splits the units of
# one or two blocks around it.
_BLOCK = 32


def _digest(data: bytes | memoryview) -> str:
    return blake3(data).hexdigest(16)


def input_layout(split: SplitModule | None, unit_keys: list[str], text: str) -> InputLayout | None:
    """What a state keeps of its input's split (None when the next build
    cannot re-split it locally anyway: no split, a split MLIR's parser
    refined, a text that is not ASCII)."""
    if split is None or split.refined or not split.units or not text.isascii():
        return None
    # The first unit and the last are blocks of their own, and so are the
    # first character of the first and the last one of the last: the header
    # and the module's end are then blocks apart from any unit (a change
    # there splits afresh), and an op added before the first unit or after
    # the last one is still found between common ends.
    units = split.units
    ends = {units[0].start + 1, units[0].end, units[-2].end if len(units) > 1 else 0,
            units[-1].end - 1, units[-1].end, *(u.end for u in units[_BLOCK - 1 :: _BLOCK])}
    bounds = [0, *sorted(e for e in ends if 0 < e < len(text)), len(text)]
    # (block by block: a cold build's peak memory is when its state is saved)
    digests = [_digest(text[a:b].encode("ascii")) for a, b in pairwise(bounds)]
    return InputLayout(split=split, unit_keys=list(unit_keys), length=len(text), bounds=bounds,
                       digests=digests)


def layout_ends(layout: InputLayout, text: str) -> tuple[int, int] | None:
    """Lengths of a common prefix and suffix of ``text`` and the input of
    ``layout`` (not overlapping; whole blocks, so at most the real ones):
    its blocks compared by digest from the back, then from the front (an op
    added after the last one is then found between the two: the last
    character of the old last op, ``}``, is also the new op's). None for a
    text that is not ASCII (offsets are then not bytes)."""
    if not text.isascii():
        return None
    data = memoryview(text.encode("ascii"))
    bounds, digests = layout.bounds, layout.digests
    size, old = len(data), layout.length
    delta = size - old
    suffix, k = 0, len(digests) - 1
    while (k >= 0 and old - bounds[k] <= min(size, old)
           and _digest(data[bounds[k] + delta : bounds[k + 1] + delta]) == digests[k]):
        suffix, k = old - bounds[k], k - 1
    room = min(size, old) - suffix  # what the prefix may take
    prefix = 0
    for j in range(k + 1):
        if bounds[j + 1] > room or _digest(data[bounds[j] : bounds[j + 1]]) != digests[j]:
            break
        prefix = bounds[j + 1]
    return prefix, suffix


def _previous_split(
    prev: DocState, text: str, source_bytes: bytes | None
) -> tuple[SplitModule, int, list[str], int, int] | None:
    """The previous input's split, length and unit keys, and the lengths of
    its common prefix and suffix with ``text``: from the previous input's
    bytes (warm workspace, ASCII text), else from the state's layout."""
    if (prev.split is not None and prev.source_bytes is not None and prev.unit_keys is not None
            and source_bytes is not None and len(source_bytes) == len(text)):
        p, q = common_ends(prev.source_bytes, source_bytes)
        return prev.split, len(prev.source_bytes), prev.unit_keys, p, q
    layout = prev.layout
    if layout is None:
        return None
    ends = layout_ends(layout, text)
    if ends is None:
        return None
    return layout.split, layout.length, layout.unit_keys, *ends


def resplit_keys(
    known: dict[str, str], prev: DocState | None, text: str, source_bytes: bytes | None
) -> tuple[SplitModule, list[str], dict[str, str]] | None:
    """Split and unit keys of ``text`` from the previous build's, looking
    only at the units around the edit (:func:`_previous_split`); also the
    raw hash -> key map of the document. None: split it afresh."""
    found_prev = _previous_split(prev, text, source_bytes) if prev is not None else None
    if prev is None or found_prev is None:
        return None
    prev_split, prev_len, prev_keys, p, q = found_prev
    found = resplit(prev_split, prev_len, text, p, q)
    if found is None:
        return None
    split, first, new_count, old_count = found
    keyed = _keyed(known, text, split, split.units[first : first + new_count])
    pairs = [(raw, plain) for raw, plain, _ in keyed]
    known.update(pairs)
    raw_keys = dict(prev.units)
    raw_keys.update(pairs)
    middle = [k for _, _, k in keyed]
    unit_keys = prev_keys[:first] + middle + prev_keys[first + old_count :]
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
