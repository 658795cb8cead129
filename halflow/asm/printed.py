"""Printed modules parsed into records (:mod:`halflow.asm.assembler` splices them).

A chunk (a ``builtin.module`` printed alone, see the assembler's docstring)
is read here into a :class:`PrintedModule`: its alias header as
:class:`AliasDef` records keyed by a canonical digest, its opening line and
ops as :class:`Piece` records (text cut around alias references, with the
order in which MLIR's printer visits them), and its builtin resources. The
records are plain data, kept in the engine's cache. Anything the splice
cannot reproduce exactly raises :class:`SpliceError`.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import NamedTuple

from halflow.core.fingerprint import blake2b, utf8


class SpliceError(Exception):
    """The text cannot be spliced exactly; print the whole module instead."""


class UnsupportedTextError(SpliceError):
    """The printed text uses a feature whose output depends on the whole
    module in a way this splice does not model (debug locations, distinct
    attributes, top-level op results, non-builtin or external resources, ...)."""


class AliasPlacementError(SpliceError):
    """An alias cannot be placed in the global visit order: a chunk header
    defines an alias no segment refers to, or a segment's visit order is
    unknown where it matters."""


class ResourceConflictError(SpliceError):
    """Two chunks give the same dialect resource key different data (they
    were printed from different contexts)."""


# ---------------------------------------------------------------------------
# Records (plain data: picklable, safe to keep in a disk cache)


class AliasDef(NamedTuple):
    """One alias definition, independent of the chunk it came from.

    ``parts`` is the right-hand side of ``#name = ...`` split around nested
    alias references: even items are literal text, odd items are the
    canonical keys of the referenced aliases.
    """

    key: str
    is_type: bool
    name: str  # the local name in the chunk it was read from, with its sigil
    parts: tuple[str, ...]
    children: tuple[str, ...]  # distinct keys referenced, in text order
    resources: tuple[str, ...]  # builtin resource keys referenced, in text order


class Piece(NamedTuple):
    """One top-level op (or the module's opening line) as printed.

    ``parts``: the exact text (indentation included, no trailing newline)
    split around alias references; odd items are canonical alias keys.
    ``visits``: every alias key printing this piece visits, in the order
    MLIR's printer first visits them, as certified by the chunk header,
    valid when every key in ``after`` was visited before this piece.
    ``textual_visits``: the same keys in text order (pre-order through
    definitions); exact unless ``textual_exact`` is false (the piece has a
    generic-form op, whose printer visits types before attributes; only
    determined when ``after`` is not empty, the only case it is needed).
    """

    digest: str
    parts: tuple[str, ...]
    keys: tuple[str, ...]  # distinct keys in parts, first-occurrence order
    visits: tuple[str, ...]
    after: tuple[str, ...]
    textual_visits: tuple[str, ...]
    textual_exact: bool
    resources: tuple[str, ...]  # builtin resource keys referenced, in text order


class PrintedModule(NamedTuple):
    """A printed ``builtin.module`` cut into its pieces."""

    aliases: tuple[AliasDef, ...]  # header order
    opening: Piece  # the ``module ... {`` line
    ops: tuple[Piece, ...]
    resources: tuple[tuple[str, str], ...]  # builtin (key, value text), trailer order


# ---------------------------------------------------------------------------
# Parsing printed text

# A string literal as MLIR prints it: quotes inside are escaped as \22, so the
# next quote always closes it.
_STRING = re.compile(r'"[^"]*"')
# A `#name` / `!name` token, maximal like MLIR's lexer, without '.' (alias
# names never contain one; `#hal.x`, `!stream.y` are dialect attributes and
# types). Aliases are the tokens found in the chunk's header.
_ALIAS_TOKEN = re.compile(r"[#!][A-Za-z_][\w$\-]*+(?!\.)")
HEADER_NAME = re.compile(r"[#!][A-Za-z_][\w$\-]*")
# A definition may span lines (``#util.composite<...>`` prints one element
# per line): continuation lines start with neither sigil.
_HEADER_LINE = re.compile(r"([#!][A-Za-z_][\w$\-]*) = (.*)", re.S)
_RESOURCE_REF = re.compile(r"dense_resource<([^>]*)>")
_OP_START = re.compile(r"\n  [^ }^\n]")
# A generic-form op: its name is printed as a string.
_GENERIC_OP = re.compile(r'^ *(?:%[^"\n=]*= )?"', re.M)
_TRAILER_DIALECT = re.compile(r"    ([^ :]+): \{")
_TRAILER_ENTRY = re.compile(r"      (.+?): (.*)")

_DIGEST_SIZE = 12


def digest(data: str) -> str:
    return blake2b(utf8(data), digest_size=_DIGEST_SIZE).hexdigest()


def _outside_strings(text: str, positions: Iterable[int]) -> list[int]:
    """The positions (ascending) that are not inside a string literal."""
    out = []
    parity = 0
    last = 0
    for pos in positions:
        parity ^= text.count('"', last, pos) & 1
        last = pos
        if not parity:
            out.append(pos)
    return out


def _split_refs(text: str, table: Mapping[str, str]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Split ``text`` around references to ``table``'s aliases (outside
    strings). Returns (parts with odd items replaced by keys, distinct keys)."""
    matches = [m for m in _ALIAS_TOKEN.finditer(text) if m.group() in table]
    if not matches:
        return (text,), ()
    if '"' in text:
        keep = set(_outside_strings(text, (m.start() for m in matches)))
        matches = [m for m in matches if m.start() in keep]
    parts: list[str] = []
    keys: dict[str, None] = {}
    last = 0
    for m in matches:
        key = table[m.group()]
        parts.append(text[last : m.start()])
        parts.append(key)
        keys[key] = None
        last = m.end()
    parts.append(text[last:])
    return tuple(parts), tuple(keys)


def _resource_refs(text: str) -> tuple[str, ...]:
    if "dense_resource<" not in text:
        return ()
    matches = list(_RESOURCE_REF.finditer(text))
    keep = set(_outside_strings(text, (m.start() for m in matches)))
    return tuple(dict.fromkeys(m.group(1) for m in matches if m.start() in keep))


DISTINCT_ID = re.compile(r"distinct\[(\d+)\]")


def _check_supported(text: str, what: str) -> None:
    if "distinct[" in text:
        positions = [m.start() for m in re.finditer(r"distinct\[", text)]
        if _outside_strings(text, positions):
            raise UnsupportedTextError(
                f"{what}: a distinct attribute printed without an alias (numbered module-wide)"
            )


def _closure_preorder(refs: Iterable[str], children: Mapping[str, tuple[str, ...]]) -> list[str]:
    """Keys visited when printing references ``refs`` in order: each alias
    followed by its nested aliases (pre-order), each key once."""
    out: list[str] = []
    seen: set[str] = set()
    stack: list[str] = []
    for root in refs:
        if root in seen:
            continue
        stack.append(root)
        while stack:
            key = stack.pop()
            if key in seen:
                continue
            seen.add(key)
            out.append(key)
            stack.extend(reversed(children[key]))
    return out


# Header lines repeat across chunks (every chunk of an executable carries the
# same target definitions): remember each line's parse, valid while the names
# it refers to stand for the same keys.
_HEADER_MEMO: dict[str, tuple[tuple[tuple[str, str | None], ...], AliasDef]] = {}
_HEADER_MEMO_LIMIT = 4096


def _parse_header_line(line: str, table: Mapping[str, str], salt: str = "") -> AliasDef:
    memo = _HEADER_MEMO.get(line)
    if memo is not None and all(table.get(n) == k for n, k in memo[0]) and not salt:
        return memo[1]
    m = _HEADER_LINE.fullmatch(line)
    if m is None:
        raise UnsupportedTextError(f"not an alias definition: {line[:80]!r}")
    name, rhs = m.groups()
    # Definitions only refer to aliases printed above them (lower depth).
    parts, children = _split_refs(rhs, table)
    # A distinct attribute is its own identity, its printed number only its
    # place in this chunk: its key is unique to the chunk (``salt``).
    if DISTINCT_ID.search(rhs) is None:
        salt = ""
    key = digest(name[0] + "\x00".join(parts) + salt)
    definition = AliasDef(key, name[0] == "!", name, parts, children, _resource_refs(rhs))
    # Every alias-like token, and what it stood for (None: not an alias).
    used = {n: table.get(n) for n in _ALIAS_TOKEN.findall(rhs)}
    if len(_HEADER_MEMO) >= _HEADER_MEMO_LIMIT:
        _HEADER_MEMO.clear()
    if not salt:
        _HEADER_MEMO[line] = (tuple(used.items()), definition)
    return definition


def _parse_header(lines: list[str], salt: str = "") -> tuple[list[AliasDef], dict[str, str]]:
    table: dict[str, str] = {}
    defs: list[AliasDef] = []
    for line in lines:
        definition = _parse_header_line(line, table, salt)
        if definition.name in table:
            raise UnsupportedTextError(f"alias {definition.name} is defined twice")
        table[definition.name] = definition.key
        defs.append(definition)
    return defs, table


def _parse_trailer(rest: str) -> tuple[tuple[str, str], ...]:
    if rest == "":
        return ()
    if not rest.startswith("\n{-#\n") or not rest.endswith("\n#-}\n"):
        raise UnsupportedTextError(
            "unexpected text after the module (deferred aliases or debug locations?)"
        )
    lines = rest[len("\n{-#\n") : -len("\n#-}\n")].split("\n")
    if lines[0] != "  dialect_resources: {" or lines[-1] != "  }":
        raise UnsupportedTextError("only dialect_resources are supported in the file metadata")
    entries: list[tuple[str, str]] = []
    dialect = None
    for line in lines[1:-1]:
        if dialect is None:
            m = _TRAILER_DIALECT.fullmatch(line)
            if m is None:
                raise UnsupportedTextError(f"unexpected resource line {line[:80]!r}")
            dialect = m.group(1)
            if dialect != "builtin":
                raise UnsupportedTextError(f"resources of dialect {dialect!r} are not supported")
        elif line in ("    }", "    },"):
            dialect = None
        else:
            m = _TRAILER_ENTRY.fullmatch(line)
            if m is None:
                raise UnsupportedTextError(f"unexpected resource line {line[:80]!r}")
            key, value = m.groups()
            entries.append((key, value.removesuffix(",")))
    return tuple(entries)


def _bracket_balance(text: str) -> int:
    opened = text.count("{") + text.count("(") + text.count("[")
    return opened - text.count("}") - text.count(")") - text.count("]")


def _balanced(text: str) -> bool:
    """Whether brackets balance outside string literals."""
    if _bracket_balance(text) == 0:
        # Strings whose brackets cancel out exactly are not worth a scan.
        return True
    return '"' in text and _bracket_balance(_STRING.sub("", text)) == 0


def _split_ops(body: str) -> Iterator[tuple[int, str]]:
    """Split the module body into top-level ops: (offset in ``body``, text)
    (2-space indented lines start an op; an op ends where its brackets
    balance)."""
    if not body:
        return
    if not body.startswith("  ") or body[2] in " }^":
        raise UnsupportedTextError("module body does not start with a top-level op")
    starts = [0] + [m.start() + 1 for m in _OP_START.finditer(body)]
    starts.append(len(body) + 1)
    pending = ""
    first = 0
    for a, b in itertools.pairwise(starts):
        text = pending + body[a : b - 1]
        if not pending:
            first = a
        if not _balanced(text):
            pending = text + "\n"
            continue
        pending = ""
        yield first, text
    if pending:
        raise UnsupportedTextError("unbalanced brackets in the module body")


def _make_piece(
    text: str,
    table: Mapping[str, str],
    children: Mapping[str, tuple[str, ...]],
    rank: Mapping[str, int],
    seen_in_chunk: set[str],
) -> Piece:
    parts, keys = _split_refs(text, table)
    textual = _closure_preorder(keys, children)
    # Aliases this piece visits first within its chunk are certified by the
    # header (stable sort keeps visit order among equal names); the others
    # were visited earlier in the chunk and must be visited earlier here too.
    after = [k for k in textual if k in seen_in_chunk]
    fresh = sorted((k for k in textual if k not in seen_in_chunk), key=rank.__getitem__)
    after.sort(key=rank.__getitem__)
    seen_in_chunk.update(fresh)
    return Piece(
        digest=digest("\x00".join(parts)),
        parts=parts,
        keys=keys,
        visits=tuple(after + fresh),
        after=tuple(after),
        textual_visits=tuple(textual),
        # Only consulted when ``after`` is not empty: skip the scan otherwise.
        textual_exact=not after or '"(' not in text or _GENERIC_OP.search(text) is None,
        resources=_resource_refs(text),
    )


def parse_printed(text: str) -> PrintedModule:
    """Cut the printed text of a ``builtin.module`` into its pieces.

    ``text`` is what ``Operation.get_asm(assume_verified=True)`` returns for
    the module (one extra trailing newline, as ``iree-opt`` writes, is
    accepted). Raises :class:`UnsupportedTextError` for text this splice
    cannot reproduce, :class:`AliasPlacementError` when the header defines an
    alias that nothing refers to.
    """
    ops: list[Piece] = []
    module = scan_printed(text, lambda piece, start, end: ops.append(piece))
    return module._replace(ops=tuple(ops))


def _definition_end(text: str, pos: int) -> int:
    """The end of the alias definition starting at ``pos`` (its last line's
    newline; -1 when the text ends first): lines up to the next one that
    starts a definition or the module."""
    end = text.find("\n", pos)
    while (
        end >= 0
        and end + 1 < len(text)
        and text[end + 1] not in "#!"
        and not text.startswith("module", end + 1)
    ):
        end = text.find("\n", end + 1)
    return end


def header_definitions(header: str) -> list[str]:
    """The definitions of a printed alias header (each ends with a newline)."""
    out = []
    pos = 0
    while pos < len(header):
        end = _definition_end(header, pos)
        end = len(header) - 1 if end < 0 else end
        out.append(header[pos:end])
        pos = end + 1
    return out


def scan_printed(text: str, on_op: Callable[[Piece, int, int], None]) -> PrintedModule:
    """:func:`parse_printed` one op at a time: ``on_op(piece, start, end)``
    gets each top-level op's piece and its span in ``text``; the result
    has no ops. For a caller that needs a few facts of each op of a large
    module, not all of its pieces at once."""
    if text.endswith("\n\n"):
        text = text[:-1]
    pos = 0
    header_lines: list[str] = []  # one per definition, multi-line ones joined
    n = len(text)
    while pos < n and text[pos] in "#!":
        end = _definition_end(text, pos)
        if end < 0:
            raise UnsupportedTextError("no module after the alias header")
        header_lines.append(text[pos:end])
        pos = end + 1
    end = text.find("\n", pos)
    opening = text[pos:end] if end >= 0 else text[pos:]
    if not opening.startswith(("module {", "module @", "module attributes {")) or not (
        opening.endswith(" {")
    ):
        raise UnsupportedTextError(f"expected a builtin.module, got {opening[:80]!r}")
    close = text.find("\n}\n", end)
    if close < 0:
        # Also where debug info is printed: the module's `} loc(...)`.
        raise UnsupportedTextError("no closing brace for the module (debug locations?)")
    body = text[end + 1 : close]  # "" for an empty module
    rest = text[close + 3 :]

    # Distinct attributes are printed as aliases (``#distinct =
    # distinct[0]<...>``), numbered in header order: the probe renumbers
    # them (see name_aliases); each chunk's are its own.
    salt = ""
    if any("distinct[" in line for line in header_lines):
        salt = digest(text)
    defs, table = _parse_header(header_lines, salt)
    children = {d.key: d.children for d in defs}
    rank = {d.key: i for i, d in enumerate(defs)}
    _check_supported(opening, "module")
    seen: set[str] = set()
    opening_piece = _make_piece(opening, table, children, rank, seen)
    _check_supported(body, "module body")
    for offset, op_text in _split_ops(body):
        if op_text.startswith("  %"):
            raise UnsupportedTextError("top-level ops with results are numbered module-wide")
        start = end + 1 + offset
        on_op(_make_piece(op_text, table, children, rank, seen), start, start + len(op_text))
    unplaced = [d.name for d in defs if d.key not in seen]
    if unplaced:
        raise AliasPlacementError(
            "alias(es) defined in the header but referenced by no op: " + ", ".join(unplaced)
        )
    return PrintedModule(tuple(defs), opening_piece, (), _parse_trailer(rest))
