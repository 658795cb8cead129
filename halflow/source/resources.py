"""Large resource blobs pass through a build untouched.

Inline weights put hundreds of megabytes of hex into the module's
``{-# dialect_resources #-}`` section (``key: "0x..."``, one line per
blob). The pass never reads them: only printing does, and MLIR prints a
blob exactly as it reads one written the way it prints (``"0x"``, the
alignment, the data, upper-case hex). So a build reads the text with each
such value replaced by a short *stand-in* (:func:`elide`): the same key,
the same alignment, twelve bytes of data that name the key. MLIR, the
engine, its keys, state and cache entries all see the small text; the
output is the small output with every stand-in's text replaced by the
input's own value, written as chunks (:meth:`Elided.restore`), the values
straight from the input's buffer: nothing of them is copied, decoded or
held twice.

The output of the pass does not depend on a stand-in's data only where no
executable reads the blob (the greedy folder of an executable's
conversion may read constants): a value an executable refers to, directly
or through an alias, is never elided (:func:`elide` checks it on the text
split, :class:`ResourceRefs`). A value that is not upper-case hex is left to
MLIR as well (it reads lower case, prints upper case, and reports anything
else). The check runs once per blob: the digests of the blobs that passed
are remembered (``checked``), so a rebuild whose weights did not change
reads them only to hash them (:func:`halflow.core.blobs.scan`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, NamedTuple, Protocol

from halflow.core import blobs
from halflow.core.fingerprint import short
from halflow.source import locations
from halflow.source.toplevel import (
    ALIAS_REF_RE,
    EXECUTABLE_KINDS,
    KnownSplit,
    SplitError,
    split_module,
)

if TYPE_CHECKING:
    from halflow.core.blobs import InputBytes

# Twelve bytes after the alignment: "HALF" and 8 bytes naming the key.
_MAGIC = "48414C46"
_RESOURCE_REF = re.compile(r"dense_resource<([^>]*)>")
_HEX = b"0123456789ABCDEF"
_CHUNK = 1 << 20


class Blob(NamedTuple):
    """One elided value: its key, its span in the input's bytes (the quoted
    text) and the stand-in the engine reads instead (quoted too)."""

    key: str
    start: int
    end: int
    standin: str
    digest: str  # of the value (:func:`halflow.core.blobs.scan`)


class Elided(NamedTuple):
    """An input with its large blobs replaced by stand-ins."""

    data: bytes  # the text the build reads
    source: InputBytes  # the input's bytes
    blobs: tuple[Blob, ...]
    split: KnownSplit | None = None  # the split of the text (the engine's, if it is the same)

    def restore(self, output: str) -> Restored:
        """The output for the input: ``output`` (built from :attr:`data`)
        with each stand-in's text replaced by the input's value."""
        return Restored.of(output, self)


Chunk = bytes | memoryview | blobs.FileSpan


class Restored:
    """An output as chunks: the small output's own bytes and spans of the
    input's values (:class:`halflow.core.blobs.FileSpan` of a mapped input,
    else views of its bytes). :meth:`text` makes the string only for a
    caller that asks for it (a library user's ``BuildResult.text``)."""

    __slots__ = ("_digest", "_parts")

    def __init__(self, parts: Sequence[Chunk], digest: str | None = None) -> None:
        self._parts = tuple(parts)
        self._digest = digest

    @classmethod
    def of(cls, output: str, elided: Elided | None) -> Restored:
        data = output.encode("utf-8", "surrogateescape")
        if elided is None or not elided.blobs:
            return cls((data,))
        trailer = data.rfind(b"\n{-#")
        found: list[tuple[int, int, Blob]] = []
        for blob in elided.blobs:
            needle = blob.standin.encode("ascii")
            at = data.find(needle, max(trailer, 0))
            if at >= 0:  # (an unused resource is not printed)
                found.append((at, at + len(needle), blob))
        found.sort(key=lambda f: f[0])
        source = elided.source
        parts: list[Chunk] = []
        digest: blobs.Digest | None = None
        if not blobs.large_values(data):  # the values restored are all the output has
            digest = blobs.Digest()
        pos = 0
        for a, b, blob in found:
            parts.append(data[pos:a])
            if isinstance(source, blobs.MappedFile):
                parts.append(blobs.FileSpan(source, blob.start, blob.end))
            else:
                parts.append(memoryview(source)[blob.start : blob.end])
            if digest is not None:
                digest.update(data[pos:a])
                digest.update_value(blob.digest)
            pos = b
        parts.append(data[pos:])
        if digest is not None:
            digest.update(data[pos:])
        return cls(parts, digest.hexdigest() if digest is not None else None)

    def chunks(self) -> Iterator[Chunk]:
        return iter(self._parts)

    def digest(self) -> str | None:
        """The output's :func:`halflow.core.blobs.digest`, when known
        without reading the file written (None: an output whose own large
        values are not the restored ones)."""
        if self._digest is None and len(self._parts) == 1:
            part = self._parts[0]
            assert not isinstance(part, blobs.FileSpan)
            self._digest = blobs.digest(part if isinstance(part, bytes) else bytes(part))
        return self._digest

    def __len__(self) -> int:
        return sum(len(p) for p in self._parts)

    def text(self) -> str:
        return b"".join(
            p.view if isinstance(p, blobs.FileSpan) else p for p in self._parts
        ).decode("utf-8", "surrogateescape")


def standin(key: str, source: InputBytes, blob: blobs.Value) -> str | None:
    """The stand-in of ``blob``: its alignment and twelve bytes naming
    ``key``; None when the value is not upper-case hex of at least the
    alignment (then MLIR reads it)."""
    align = source[blob.start + 3 : blob.start + 11]
    if len(align) != 8 or align.translate(None, _HEX) or (blob.end - blob.start) % 2:
        return None
    return '"0x' + align.decode("ascii") + _MAGIC + short(key).upper() + '"'


def canonical_hex(source: InputBytes, blob: blobs.Value) -> bool:
    """Whether the value's digits (after ``"0x``) are all upper-case hex."""
    view = memoryview(source)
    for pos in range(blob.start + 3, blob.end - 1, _CHUNK):
        chunk = bytes(view[pos : min(pos + _CHUNK, blob.end - 1)])
        if chunk.translate(None, _HEX):
            return False
    return True


class ResourceRefs:
    """Which resource keys a unit's text refers to: ``dense_resource<k>``
    in it, or in an alias it names (aliases refer to the ones before them)."""

    def __init__(self, split_aliases: Sequence[tuple[str, str]]) -> None:
        self.by_alias: dict[str, frozenset[str]] = {}
        for name, text in split_aliases:
            keys: set[str] = set()
            if "dense_resource<" in text:
                keys.update(_RESOURCE_REF.findall(text))
            if self.by_alias and ("#" in text or "!" in text):
                for ref in set(ALIAS_REF_RE.findall(text)):
                    keys.update(self.by_alias.get(ref, ()))
            if keys:
                self.by_alias[name] = frozenset(keys)
        self._patterns = {
            name: re.compile(re.escape(name) + r"(?![\w$.\-])") for name in self.by_alias
        }

    def of(self, text: str) -> frozenset[str]:
        keys: set[str] = set()
        if "dense_resource<" in text:
            keys.update(_RESOURCE_REF.findall(text))
        for name, found in self.by_alias.items():
            if name in text and self._patterns[name].search(text):
                keys.update(found)
        return frozenset(keys)


class BlobMemo(Protocol):
    """The digests of blobs found to be upper-case hex (kept across builds)."""

    def __contains__(self, digest: object) -> bool: ...

    def add(self, digest: str) -> None: ...


def elide(
    data: InputBytes, values: Sequence[blobs.Value], digests: Sequence[str], checked: BlobMemo
) -> Elided | None:
    """``data`` with its large values (:func:`halflow.core.blobs.large_values`,
    ``digests`` their digests) that no executable reads replaced by
    stand-ins; None when none is. ``checked`` holds the digests of blobs
    found to be upper-case hex by earlier builds, and learns this one's."""
    chosen: list[tuple[blobs.Value, str]] = []
    digests_of = {id(v): d for v, d in zip(values, digests, strict=True)}
    for value, digest in zip(values, digests, strict=True):
        stand = standin(value.key, data, value)
        if stand is None:
            continue
        if digest not in checked:
            if not canonical_hex(data, value):
                continue
            checked.add(digest)
        chosen.append((value, stand))
    if not chosen:
        return None
    elided = _replace(data, chosen, digests_of)
    found = _read_by_executables(elided.data, {v.key for v, _ in chosen})
    if found is None:
        return None
    read, known = found
    if read:
        kept = [(v, s) for v, s in chosen if v.key not in read]
        return _replace(data, kept, digests_of) if kept else None
    return elided._replace(split=known)


def _replace(
    data: InputBytes, chosen: Sequence[tuple[blobs.Value, str]], digests: dict[int, str]
) -> Elided:
    parts: list[bytes] = []
    pos = 0
    for value, stand in chosen:
        parts.append(data[pos : value.start])
        parts.append(stand.encode("ascii"))
        pos = value.end
    parts.append(data[pos:])
    return Elided(
        b"".join(parts), data,
        tuple(Blob(v.key, v.start, v.end, s, digests[id(v)]) for v, s in chosen),
    )


def _read_by_executables(
    small: bytes, keys: set[str]
) -> tuple[set[str], KnownSplit] | None:
    """The ``keys`` some executable of ``small`` refers to, and the split
    of its text as the engine reads it; None when the text does not split
    (then nothing is elided: the whole-module build must see the real
    values)."""
    text = small.decode("utf-8", "surrogateescape")
    if "\r\n" in text:
        return None
    if locations.has_locations(text):  # (as the engine will read it)
        text = locations.strip(text)
    try:
        split = split_module(text, locate=_no_locator)
    except SplitError:
        return None
    refs = ResourceRefs([(a.name, a.text) for a in split.aliases])
    read: set[str] = set()
    for unit in split.units:
        if unit.kind in EXECUTABLE_KINDS:
            read |= refs.of(text[unit.start : unit.end]) & keys
    return read, KnownSplit(text, split)


def _no_locator(text: str) -> Sequence[tuple[int, int]]:
    raise SplitError("irregular text: elision declined")
