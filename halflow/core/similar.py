"""Finding a build's previous state by what the input contains.

A document (an input path, or one ``// -----`` case of it) keeps its last
``MAX_STATES`` states, most recent first, in an *index* in the cache: for
each state, where its core is stored, its input hash, its options and a
digest of each of its unit keys. A build starts from the state that shares
the most units with its input (with its options; the most recent on a
tie), so a branch switch A -> B -> A' builds A' from A, and a revert to
an input the document had is a no-op that makes that state the current one
again (:func:`touch`). Reusing any state is safe because the engine reuses
nothing on the strength of a state alone: every group is checked against
its key.

A copy of a built model at another path (a git worktree, a CI checkout, a
renamed file) has no states of its own, yet most of its units are those of
the original. Like ccache's ``base_dir``, the path is then only a hint:
every saved state also leaves a few *anchors* in the cache, entries from
some of its unit keys to its document id, and a document without states
looks its unit keys' anchors up and starts from the states of the document
most of them name. Anchors are a MinHash-style sample: the ``SAMPLE``
smallest unit keys (keys are digests, so the smallest are a uniform sample,
and an edit of one unit changes the sample of a large module only rarely).

This module reads and writes plain JSON entries only, so that a build
answered from the cache (no engine loaded) can make its state current.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from halflow.core.fingerprint import fingerprint

SAMPLE = 8
# States kept per document: a branch switch needs two, a revert two; more
# cost cache space (each holds its output and the payloads only it has).
MAX_STATES = 4
INDEX_FORMAT = 1
# Hex characters of a unit key kept in the index: the index of a
# 1200-unit module stays ~15 KB per state; a collision only misjudges
# which state is closest (groups are checked against their keys anyway).
DIGEST = 12


@dataclass(frozen=True, kw_only=True)
class StateEntry:
    """One state of a document, as its index lists it."""

    key: str  # where the state's core is stored
    input_hash: str
    options: str
    units: frozenset[str]  # digests of its unit keys (see :func:`digests`)


def digests(unit_keys: Iterable[str]) -> frozenset[str]:
    """What the index keeps of unit keys (their first ``DIGEST`` characters)."""
    return frozenset(k[:DIGEST] for k in unit_keys)


def entry(key: str, input_hash: str, options: str, unit_keys: Iterable[str]) -> StateEntry:
    return StateEntry(key=key, input_hash=input_hash, options=options, units=digests(unit_keys))


# -- a document's index of states ---------------------------------------------------


def index_key(doc_id: str, env: str) -> str:
    """Where the index of ``doc_id``'s states is (``env``: the fingerprint
    of the versions, as in every state key)."""
    return "states:" + fingerprint("states", INDEX_FORMAT, doc_id, env)


def read_index(cache: Any, doc_id: str, env: str) -> list[StateEntry]:
    """The document's states, most recent first ([] when it has none, or an
    index this version did not write)."""
    data = cache.get(index_key(doc_id, env))
    if not isinstance(data, dict) or data.get("format") != INDEX_FORMAT:
        return []
    try:
        return [_decode_entry(item) for item in data["states"]]
    except (KeyError, TypeError, ValueError):
        return []


def _decode_entry(item: Any) -> StateEntry:
    key, input_hash, options, packed = item
    if not all(isinstance(x, str) for x in item) or len(packed) % DIGEST:
        raise ValueError("not a state entry")
    units = frozenset(packed[i : i + DIGEST] for i in range(0, len(packed), DIGEST))
    return StateEntry(key=key, input_hash=input_hash, options=options, units=units)


def write_index(cache: Any, doc_id: str, env: str, entries: Sequence[StateEntry]) -> None:
    """Store the document's states (most recent first; call inside a cache batch)."""
    states = [[e.key, e.input_hash, e.options, "".join(sorted(e.units))] for e in entries]
    cache.put(index_key(doc_id, env), {"format": INDEX_FORMAT, "states": states})


def push(
    entries: Sequence[StateEntry], new: StateEntry
) -> tuple[list[StateEntry], list[StateEntry]]:
    """The index with ``new`` as the most recent state (replacing the entry
    with its key), and the entries that no longer fit (their cores can go).

    >>> a, b = (entry(k, k, "", [k]) for k in "ab")
    >>> [e.key for e in push([a], b)[0]], push([a, b], b)[0] == [b, a]
    (['b', 'a'], True)
    """
    rest = [e for e in entries if e.key != new.key]
    kept = [new, *rest][:MAX_STATES]
    return kept, [e for e in rest if e not in kept]


def current_first(
    entries: Sequence[StateEntry], input_hash: str, options: str
) -> list[StateEntry] | None:
    """The index with the state of this input (and options) first, or None
    when the document has no such state."""
    for i, e in enumerate(entries):
        if e.input_hash == input_hash and e.options == options:
            return [e, *entries[:i], *entries[i + 1 :]]
    return None


def touch(cache: Any, doc_id: str, env: str, input_hash: str, options: str) -> None:
    """Make ``doc_id``'s state of this input the current one (a build
    answered without building, e.g. a revert found in the cache)."""
    entries = read_index(cache, doc_id, env)
    if entries and entries[0].input_hash == input_hash and entries[0].options == options:
        return
    moved = current_first(entries, input_hash, options)
    if moved is not None:
        with cache.batch():
            write_index(cache, doc_id, env, moved)


def closest(
    entries: Sequence[StateEntry], unit_keys: Iterable[str], options: str
) -> list[StateEntry]:
    """The states to start a build of a document with these unit keys from,
    best first: those with the same options before the others, then the
    most units shared, then the most recent.

    >>> a, b = entry("a", "1", "", ["x", "y"]), entry("b", "2", "", ["x", "z"])
    >>> [e.key for e in closest([a, b], ["x", "z", "w"], "")]
    ['b', 'a']
    >>> [e.key for e in closest([a, b], ["x"], "")]
    ['a', 'b']
    """
    mine = digests(unit_keys)
    ranked = sorted(
        range(len(entries)),
        key=lambda i: (entries[i].options != options, -len(mine & entries[i].units), i),
    )
    return [entries[i] for i in ranked]


# -- anchors: states of other documents -----------------------------------------------


def sample(unit_keys: Iterable[str]) -> list[str]:
    """The anchor unit keys of a document with these unit keys."""
    return sorted(set(unit_keys))[:SAMPLE]


def _anchor_key(unit_key: str, env: str) -> str:
    return "anchor:" + fingerprint("anchor@2", unit_key, env)


def _encode_id(doc_id: str) -> str:
    # Document ids are paths, which need not be UTF-8 (surrogate escapes):
    # the anchor holds the id's bytes in hex, which any store can keep.
    return doc_id.encode("utf-8", "surrogateescape").hex()


def _decode_id(value: object) -> str | None:
    if not isinstance(value, str):
        return None
    try:
        return bytes.fromhex(value).decode("utf-8", "surrogateescape")
    except ValueError:
        return None  # not an anchor this version wrote


def record(cache: Any, unit_keys: Iterable[str], doc_id: str, env: str) -> None:
    """Leave the anchors of ``doc_id``'s state (call inside a cache batch)."""
    for key in sample(unit_keys):
        cache.put(_anchor_key(key, env), _encode_id(doc_id))


def lookup(cache: Any, unit_keys: Iterable[str], env: str, exclude: str) -> str | None:
    """The document id that at least half (and two) of the anchors of these
    unit keys name (not ``exclude``, the document itself), or None.

    Unrelated modules share a unit or two (every IREE module has the same
    device global): starting from such a state would trade the cold
    whole-module build for a slower unit-by-unit one."""
    keys = sample(unit_keys)
    votes: Counter[str] = Counter()
    for key in keys:
        found = _decode_id(cache.get(_anchor_key(key, env)))
        if found is not None and found != exclude:
            votes[found] += 1
    if not votes:
        return None
    best, count = votes.most_common(1)[0]
    return best if count >= 2 and 2 * count >= len(keys) else None
