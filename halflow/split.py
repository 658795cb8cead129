"""Splitting module text into top-level ops without parsing it.

An incremental build must find what changed without parsing the whole input.
:func:`split_module` cuts MLIR text into the alias header, the module's
opening line, one :class:`Unit` per top-level op, and the trailing
``{-# dialect_resources #-}`` section, using only line structure: a top-level
op starts on a line at the module body's indentation. That is how MLIR
prints modules (and how ``iree-compile`` dumps are laid out); for anything
else the split may be wrong, so it is only ever a *proposal*: every unit is
validated by MLIR's parser the first time its text is seen (it must parse to
exactly one op of the expected kind), and a build falls back to parsing the
whole module when a proposal does not hold.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import pairwise

# Alias definitions start a line: `#name = ...` or `!name = ...`.
_ALIAS_RE = re.compile(r"^([#!][A-Za-z_][\w$.\-]*)[ \t]*=", re.M)
# What can start an operation at the start of a line.
_OP_START = r"[A-Za-z_\"%^]"
_MODULE_RE = re.compile(r"^module\b[^\n]*\{[ \t]*$", re.M)
_OP_NAME_RE = re.compile(r'(?:%[^=]*=\s*)?"?([A-Za-z_][\w$.\-]*)"?')
_SYMBOL_RE = re.compile(r'@([A-Za-z_][\w$.\-]*|"(?:[^"\\]|\\.)*")')

EXECUTABLE_KINDS = frozenset({"stream.executable", "hal.executable.source"})


class SplitError(ValueError):
    """The text does not have the regular layout the splitter relies on."""


@dataclass(frozen=True)
class AliasDef:
    name: str  # including the sigil: "#map3", "!type1"
    text: str  # the definition after "=" (stripped)


@dataclass(frozen=True)
class Unit:
    """One top-level op: its kind (op name), symbol, and text span."""

    kind: str
    symbol: str | None
    start: int
    end: int
    line: int  # 1-based line of `start`
    col: int  # 1-based column of `start`

    def text(self, source: str) -> str:
        return source[self.start : self.end]


@dataclass(frozen=True)
class SplitModule:
    header_end: int  # end offset of the alias header
    aliases: tuple[AliasDef, ...]
    module_open: str | None  # "module @m attributes {...} {" or None (implicit)
    body_start: int
    body_end: int  # offset of the closing "}" line (explicit) or of the trailer
    units: tuple[Unit, ...]
    trailer: str  # the "{-# ... #-}" section, or ""


def _unit_kind_and_symbol(head: str) -> tuple[str, str | None]:
    m = _OP_NAME_RE.match(head)
    kind = m.group(1) if m else ""
    # The symbol of a symbol-defining op is the first @name on its first line
    # (`util.global private @x`, `stream.executable private @ex {`).
    first_line = head.split("\n", 1)[0]
    s = _SYMBOL_RE.search(first_line)
    symbol = None
    if s and kind not in ("util.initializer",):
        name = s.group(1)
        symbol = name
    return kind, symbol


def split_module(text: str) -> SplitModule:
    """Propose a split of ``text`` into top-level ops (see module docstring)."""
    trailer = ""
    body_limit = len(text)
    tpos = text.rfind("\n{-#")
    if tpos >= 0 or text.startswith("{-#"):
        tpos = tpos + 1 if tpos >= 0 else 0
        if text.rstrip().endswith("#-}"):
            trailer = text[tpos:]
            body_limit = tpos

    m = _MODULE_RE.search(text, 0, body_limit)
    if m is not None:
        header_end = m.start()
        module_open = m.group(0).rstrip()
        body_start = m.end() + 1
        close = text.rfind("\n}", body_start - 1, body_limit)
        if close < 0:
            raise SplitError("no closing brace for the module")
        body_end = close + 1
        if text[body_end + 1 : body_limit].strip():
            raise SplitError("text after the module")
        indent = _body_indent(text, body_start, body_end)
    else:
        module_open = None
        indent = ""
        first_op = re.compile(r"^(?=" + _OP_START + ")", re.M).search(text, 0, body_limit)
        header_end = first_op.start() if first_op else body_limit
        body_start = header_end
        body_end = body_limit

    header = text[:header_end]
    aliases = _parse_aliases(header)
    # Only the alias definitions enter the keys: anything else before the
    # first one (or before the module, without aliases) must be blank lines
    # or comments, or the split declines (an op or stray text there is an
    # input the whole-module build must see).
    first_alias = _ALIAS_RE.search(header)
    if not _only_comments(header[: first_alias.start() if first_alias else len(header)]):
        raise SplitError("unrecognized text in the alias header")

    starts = _op_starts(text, indent, body_start, body_end)
    if not starts:
        return SplitModule(header_end, aliases, module_open, body_start, body_end, (), trailer)
    if text[body_start : starts[0]].strip() and not _only_comments(text[body_start : starts[0]]):
        raise SplitError("text before the first top-level op")
    units = _units(text, indent, starts, body_end, text.count("\n", 0, starts[0]) + 1)
    return SplitModule(
        header_end, aliases, module_open, body_start, body_end, tuple(units), trailer
    )


def _op_starts(text: str, indent: str, start: int, end: int) -> list[int]:
    """Offsets of the lines in ``text[start:end]`` that start a top-level op."""
    # A literal "\n<indent>" prefix lets the regex engine skip ahead fast
    # (a ^-anchored pattern is ~10x slower on large modules).
    start_re = re.compile("\n" + re.escape(indent) + _OP_START)
    starts = [m.start() + 1 for m in start_re.finditer(text, max(start - 1, 0), end)]
    if start == 0 and re.match(re.escape(indent) + _OP_START, text):
        starts.insert(0, 0)  # an op on the very first line
    return starts


def _units(text: str, indent: str, starts: list[int], end: int, line: int) -> list[Unit]:
    """Units starting at ``starts`` (line offsets), the last ending at ``end``;
    ``line`` is the line number of the first."""
    units = []
    bounds = [*starts, end]
    prev = starts[0]
    for a, b in pairwise(bounds):
        line += text.count("\n", prev, a)  # lines are counted incrementally
        prev = a
        start = a + len(indent)
        head = text[start : min(b, start + 400)]
        kind, symbol = _unit_kind_and_symbol(head)
        units.append(Unit(kind, symbol, start, b, line, len(indent) + 1))
    return units


def common_ends(old: bytes, new: bytes) -> tuple[int, int]:
    """Lengths of the common prefix and suffix of two byte strings (not
    overlapping), by block-wise comparisons that stay in C."""
    limit = min(len(old), len(new))
    a, b = old, new  # bytes slices compare with memcmp (memoryviews do not)
    block = 1 << 16
    p = 0
    while p + block <= limit and a[p : p + block] == b[p : p + block]:
        p += block
    lo, hi = p, min(p + block, limit)  # the first difference is in [lo, hi]
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if a[lo:mid] == b[lo:mid]:
            lo = mid
        else:
            hi = mid - 1
    p = lo
    rest = limit - p
    q = 0
    la, lb = len(old), len(new)
    while q + block <= rest and a[la - q - block : la - q] == b[lb - q - block : lb - q]:
        q += block
    lo, hi = q, min(q + block, rest)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if a[la - mid : la - q] == b[lb - mid : lb - q]:
            lo = mid
        else:
            hi = mid - 1
    return p, lo


def resplit(
    prev: SplitModule, prev_len: int, text: str, prefix: int, suffix: int
) -> tuple[SplitModule, int, int, int] | None:
    """The split of ``text``, given the split ``prev`` of an earlier text of
    length ``prev_len`` that shares ``prefix`` leading and ``suffix`` trailing
    characters with it: only the units around the change are split again.

    Returns ``(split, first, new_count, old_count)``: the units
    ``first:first+new_count`` of the result replace the earlier text's units
    ``first:first+old_count``; None when the change reaches outside the
    module body (then split from scratch).
    """
    units = prev.units
    delta = len(text) - prev_len
    if not units or prefix <= prev.body_start or prev_len - suffix >= prev.body_end:
        return None
    changed_end = prev_len - suffix  # in the old text
    # Units touching the change (and their neighbours: a change at a unit
    # boundary can move it).
    first = next((i for i, u in enumerate(units) if u.end >= prefix), len(units)) - 1
    last = next((i for i in range(len(units) - 1, -1, -1) if units[i].start <= changed_end),
                -1) + 1
    first = max(first, 0)
    last = min(last, len(units) - 1)
    if first > last:
        return None
    indent = " " * (units[0].col - 1)
    region_start = units[first].start - len(indent)
    region_end = units[last].end + delta
    if region_end <= region_start:
        return None
    starts = _op_starts(text, indent, region_start, region_end)
    if not starts or starts[0] != region_start:
        return None
    middle = _units(text, indent, starts, region_end, units[first].line)
    # Lines after the region shift by the change in newlines inside it.
    line_shift = 0
    if last + 1 < len(units):
        line_shift = (
            units[first].line + text.count("\n", region_start, region_end) - units[last + 1].line
        )
    tail = [
        Unit(u.kind, u.symbol, u.start + delta, u.end + delta, u.line + line_shift, u.col)
        for u in units[last + 1 :]
    ]
    new_units = (*units[:first], *middle, *tail)
    split = SplitModule(
        prev.header_end,
        prev.aliases,
        prev.module_open,
        prev.body_start,
        prev.body_end + delta,
        new_units,
        prev.trailer,
    )
    return split, first, len(middle), last - first + 1


def _only_comments(text: str) -> bool:
    return all(not ln.strip() or ln.strip().startswith("//") for ln in text.split("\n"))


def _body_indent(text: str, body_start: int, body_end: int) -> str:
    for line in text[body_start:body_end].split("\n", 50):
        stripped = line.lstrip(" ")
        if stripped and not stripped.startswith("//"):
            return line[: len(line) - len(stripped)]
    return "  "


def _parse_aliases(header: str) -> tuple[AliasDef, ...]:
    matches = list(_ALIAS_RE.finditer(header))
    defs = []
    for i, m in enumerate(matches):
        end = matches[i + 1].start() if i + 1 < len(matches) else len(header)
        defs.append(AliasDef(m.group(1), header[m.end() : end].strip()))
    return tuple(defs)
