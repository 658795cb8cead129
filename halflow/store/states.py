"""The index of a document's build states, most recent first.

A document (an input path, or one ``// -----`` case of it) keeps its last
``MAX_STATES`` build states. Its index, one entry in the cache, lists for
each where its core is stored (:func:`halflow.engine.state.core_key`), its
input hash, its options' fingerprint (``options_fingerprint``; the JSON
entry has no field names) and a digest of each of its unit keys, which is
what :func:`halflow.engine.anchors.closest` chooses the state a build
starts from by. A new state goes first and pushes the oldest out
(:func:`push`); an input the document had a state of makes that state the
current one again (:func:`touch`: a revert answered from the cache).

Plain JSON entries only, and nothing of the engine is imported: a build
answered from the cache without loading the engine updates the index too.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple

from halflow.core.fingerprint import fingerprint
from halflow.store import keys

# States kept per document: a branch switch needs two, a revert two; more
# cost cache space (each holds its output and the payloads only it has).
MAX_STATES = 4
INDEX_FORMAT = 2  # v2: 8-character digests, as a list
# Hex characters of a unit key kept in the index: the index of a
# 1700-unit module stays ~20 KB per state; a collision (about 1 in 3000
# for two such modules) only misjudges which state is closest (groups are
# checked against their keys anyway).
DIGEST = 8


class StateEntry(NamedTuple):
    """One state of a document, as its index lists it."""

    key: str  # where the state's core is stored
    input_hash: str
    options_fingerprint: str
    units: frozenset[str]  # digests of its unit keys (see :func:`digests`)


def digests(unit_keys: Iterable[str]) -> frozenset[str]:
    """What the index keeps of unit keys (their first ``DIGEST`` characters)."""
    return frozenset(k[:DIGEST] for k in unit_keys)


def entry(key: str, input_hash: str, options_fingerprint: str,
          unit_keys: Iterable[str]) -> StateEntry:
    return StateEntry(key=key, input_hash=input_hash, options_fingerprint=options_fingerprint,
                      units=digests(unit_keys))


def index_key(doc_id: str, env: str) -> str:
    """Where the index of ``doc_id``'s states is (``env``: the fingerprint
    of the versions, as in every state key)."""
    return keys.STATES + fingerprint("states", INDEX_FORMAT, doc_id, env)


# The document's current state on this machine: the input it was last
# built from or answered for (kept local: see halflow.store.layered).
CURRENT_PREFIX = keys.CURRENT_STATE


def current_key(doc_id: str, env: str) -> str:
    return CURRENT_PREFIX + fingerprint("current", INDEX_FORMAT, doc_id, env)


def read_index(cache: Any, doc_id: str, env: str) -> list[StateEntry]:
    """The document's states, the current one first, then by recency ([]
    when it has none, or an index this version did not write)."""
    data = cache.get(index_key(doc_id, env))
    if not isinstance(data, dict) or data.get("format") != INDEX_FORMAT:
        return []
    try:
        entries = [_decode_entry(item) for item in data["states"]]
    except (KeyError, TypeError, ValueError):
        return []
    current = cache.get(current_key(doc_id, env))
    if isinstance(current, list) and len(current) == 2 and entries and (
        [entries[0].input_hash, entries[0].options_fingerprint] != current
    ):
        entries = current_first(entries, *map(str, current)) or entries
    return entries


def _decode_entry(item: Any) -> StateEntry:
    key, input_hash, options_fingerprint, units = item
    if not (isinstance(key, str) and isinstance(input_hash, str)
            and isinstance(options_fingerprint, str) and isinstance(units, list)):
        raise ValueError("not a state entry")
    found = frozenset(units)
    if not all(isinstance(u, str) for u in found):
        raise ValueError("not a state entry")
    return StateEntry(key=key, input_hash=input_hash, options_fingerprint=options_fingerprint,
                      units=found)


def write_index(cache: Any, doc_id: str, env: str, entries: Sequence[StateEntry]) -> None:
    """Store the document's states, the current one first (call inside a
    cache batch)."""
    rows = [[e.key, e.input_hash, e.options_fingerprint, list(e.units)] for e in entries]
    cache.put(index_key(doc_id, env), {"format": INDEX_FORMAT, "states": rows})
    if entries:
        cache.put(current_key(doc_id, env), [entries[0].input_hash, entries[0].options_fingerprint])


def push(
    entries: Sequence[StateEntry], new: StateEntry
) -> tuple[list[StateEntry], list[StateEntry]]:
    """The index with ``new`` as the most recent state (replacing the entry
    with its key), and the entries that no longer fit (their cores can go).

    >>> a, b = (entry(k, k, "", [k * 8]) for k in "ab")
    >>> [e.key for e in push([a], b)[0]], push([a, b], b)[0] == [b, a]
    (['b', 'a'], True)
    """
    rest = [e for e in entries if e.key != new.key]
    kept = [new, *rest][:MAX_STATES]
    return kept, [e for e in rest if e not in kept]


def current_first(
    entries: Sequence[StateEntry], input_hash: str, options_fingerprint: str
) -> list[StateEntry] | None:
    """The index with the state of this input (and options) first, or None
    when the document has no such state."""
    for i, e in enumerate(entries):
        if e.input_hash == input_hash and e.options_fingerprint == options_fingerprint:
            return [e, *entries[:i], *entries[i + 1 :]]
    return None


def touch(cache: Any, doc_id: str, env: str, input_hash: str, options_fingerprint: str) -> None:
    """Make ``doc_id``'s state of this input the current one (a build
    answered without building, e.g. a revert found in the cache): one
    write of a local entry, nothing read (:func:`read_index` puts the state
    it names first; none: nothing changes)."""
    with cache.batch():
        cache.put(current_key(doc_id, env), [input_hash, options_fingerprint])
