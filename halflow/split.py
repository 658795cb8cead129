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
    if header.strip() and not aliases and header.strip().startswith(("#", "!")):
        raise SplitError("unrecognized alias header")

    start_re = re.compile(r"^" + re.escape(indent) + r"(?=" + _OP_START + ")", re.M)
    starts = [mm.start() for mm in start_re.finditer(text, body_start, body_end)]
    if not starts:
        return SplitModule(header_end, aliases, module_open, body_start, body_end, (), trailer)
    if text[body_start : starts[0]].strip() and not _only_comments(text[body_start : starts[0]]):
        raise SplitError("text before the first top-level op")
    units = []
    bounds = [*starts, body_end]
    line = text.count("\n", 0, starts[0]) + 1
    prev = starts[0]
    for a, b in zip(bounds, bounds[1:], strict=False):
        line += text.count("\n", prev, a)  # lines are counted incrementally
        prev = a
        start = a + len(indent)
        head = text[start : min(b, start + 400)]
        kind, symbol = _unit_kind_and_symbol(head)
        units.append(Unit(kind, symbol, start, b, line, len(indent) + 1))
    return SplitModule(
        header_end, aliases, module_open, body_start, body_end, tuple(units), trailer
    )


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
