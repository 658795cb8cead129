"""Printed top-level ops ("pieces") and how the output is put together.

The output of a build is MLIR's print of the module. Each top-level op's
printed text is a :class:`Piece`: its text (with the 2-space indentation it
has inside the module), the alias definitions it uses (by the names the
text uses), and the dialect resources it references. Pieces are plain data,
stored in the cache; :func:`assemble` joins pieces printed at different
times, with different alias numbering, into exactly the text MLIR prints
for the whole module (the alias arithmetic lives in :mod:`halflow.asm`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from halflow.split import split_module

_ALIAS_REF = re.compile(r"[#!][A-Za-z_][\w$.\-]*")
_RESOURCE_REF = re.compile(r"dense_resource<([^>]+)>")


@dataclass(frozen=True)
class Piece:
    text: str
    # (name, definition) of every alias the text uses, directly or through
    # other definitions, in the order of the header they came from.
    aliases: tuple[tuple[str, str], ...] = ()

    def to_json(self) -> list[object]:
        return [self.text, [list(a) for a in self.aliases]]

    @staticmethod
    def from_json(data: Sequence[object]) -> Piece:
        text, aliases = data
        return Piece(str(text), tuple((str(a[0]), str(a[1])) for a in aliases))  # type: ignore[index,union-attr]

    def map_text(self, fn) -> Piece:  # noqa: ANN001 - str -> str
        return Piece(fn(self.text), tuple((n, fn(d)) for n, d in self.aliases))


@dataclass(frozen=True)
class Printed:
    """A printed module taken apart: header aliases, module line, pieces."""

    aliases: tuple[tuple[str, str], ...]
    module_open: str
    segments: tuple[str, ...]
    spans: tuple[tuple[int, int], ...]  # of each segment in the text
    trailer: str


def take_apart(text: str) -> Printed:
    """Split text MLIR printed for a ``builtin.module`` into its parts.

    Segments include their indentation and trailing newline.
    """
    split = split_module(text)
    spans = tuple((u.start - (u.col - 1), u.end) for u in split.units)
    return Printed(
        tuple((a.name, a.text) for a in split.aliases),
        split.module_open or "module {",
        tuple(text[a:b] for a, b in spans),
        spans,
        split.trailer,
    )


def alias_closure(
    text: str, definitions: Mapping[str, str], order: Mapping[str, int]
) -> tuple[tuple[str, str], ...]:
    """The aliases ``text`` uses, directly or through definitions, in header
    order."""
    seen: set[str] = set()
    stack = [m for m in _ALIAS_REF.findall(text) if m in definitions]
    while stack:
        name = stack.pop()
        if name in seen:
            continue
        seen.add(name)
        stack.extend(m for m in _ALIAS_REF.findall(definitions[name]) if m in definitions)
    return tuple((n, definitions[n]) for n in sorted(seen, key=order.__getitem__))


def pieces_of(printed: Printed) -> list[Piece]:
    definitions = dict(printed.aliases)
    order = {name: i for i, (name, _) in enumerate(printed.aliases)}
    return [Piece(s, alias_closure(s, definitions, order)) for s in printed.segments]


def resources_used(texts: Iterable[str]) -> list[str]:
    seen: dict[str, None] = {}
    for t in texts:
        if "dense_resource<" in t:
            for name in _RESOURCE_REF.findall(t):
                seen.setdefault(name)
    return list(seen)


class CannotAssemble(Exception):
    """The pieces cannot be joined without printing the whole module."""


def assemble(shell: Piece, pieces: Sequence[Piece], trailer: str) -> str:
    """The text MLIR prints for a module whose opening line is ``shell``
    (``module ... {``) and whose body holds ``pieces`` in order.

    Raises :class:`CannotAssemble` when the alias arithmetic cannot be done
    from the pieces alone; callers then print the whole module.
    """
    from halflow import asm

    return asm.assemble(shell, pieces, trailer)
