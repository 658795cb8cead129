"""Finding the state a build starts from by what the input contains.

Of a document's states (:mod:`halflow.store.states`), a build starts from
the one that shares the most units with its input (:func:`closest`), so a
branch switch A -> B -> A' builds A' from A. Reusing any state is safe
because the engine reuses nothing on the strength of a state alone: every
group is checked against its key.

A copy of a built model at another path (a git worktree, a CI checkout, a
renamed file) has no states of its own, yet most of its units are those of
the original. Like ccache's ``base_dir``, the path is then only a hint:
every saved state also leaves a few *anchors* in the cache, entries from
some of its unit keys to its document id, and a document without states
looks its unit keys' anchors up and starts from the states of the document
most of them name.

Anchors are a MinHash-style sample: the ``SAMPLE`` smallest unit keys (keys
are digests, so the smallest are a uniform sample, and an edit of one unit
changes the sample of a large module only rarely).

With its anchors, a state also leaves one entry saying that the cache holds
anchors of these versions at all (:func:`recorded`): a cold build in a cache
without any need not key its input's units before its output is out (the
keys are the costliest part of splitting a large module).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from halflow.core.fingerprint import fingerprint
from halflow.store import keys
from halflow.store.states import StateEntry, digests

SAMPLE = 8


def closest(
    entries: Sequence[StateEntry], unit_keys: Iterable[str], options_fingerprint: str
) -> list[StateEntry]:
    """The states to start a build of a document with these unit keys from,
    best first: those with the same options before the others, then the
    most units shared, then the most recent.

    >>> from halflow.store.states import entry
    >>> a = entry("a", "1", "", ["x" * 8, "y" * 8])
    >>> b = entry("b", "2", "", ["x" * 8, "z" * 8])
    >>> [e.key for e in closest([a, b], ["x" * 8, "z" * 8, "w" * 8], "")]
    ['b', 'a']
    >>> [e.key for e in closest([a, b], ["x" * 8], "")]
    ['a', 'b']
    """
    mine = digests(unit_keys)
    ranked = sorted(
        range(len(entries)),
        key=lambda i: (entries[i].options_fingerprint != options_fingerprint,
                       -len(mine & entries[i].units), i),
    )
    return [entries[i] for i in ranked]


def sample(unit_keys: Iterable[str]) -> list[str]:
    """The anchor unit keys of a document with these unit keys."""
    return sorted(set(unit_keys))[:SAMPLE]


def _anchor_key(unit_key: str, env: str) -> str:
    # (@3: since anchors come with the entry `recorded` reads)
    return keys.ANCHOR + fingerprint("anchor@3", unit_key, env)


def _recorded_key(env: str) -> str:
    return keys.ANCHOR + fingerprint("anchors recorded@3", env)


def recorded(cache: Any, env: str) -> bool:
    """Whether the cache may hold anchors of these versions (``env``): a
    state was saved with its anchors. False: no document can be found by
    content (:func:`lookup` finds none)."""
    return cache.get(_recorded_key(env)) is True


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
    cache.put(_recorded_key(env), True)


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
