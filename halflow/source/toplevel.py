"""Splitting module text into top-level ops without parsing it.

An incremental build must find what changed without parsing the whole input.
:func:`split_module` cuts MLIR text into the alias header, the module's
opening line, one :class:`Unit` per top-level op, and the trailing
``{-# dialect_resources #-}`` section, using only line structure: a top-level
op starts on a line at the module body's indentation (block labels, ``^bb1:``,
continue the op before them). That is how MLIR prints modules (and how
``iree-compile`` dumps are laid out). A unit that does not look like one
printed op (its last line is not the closing ``}`` at the body's
indentation, or a single line names a second op) is *irregular*: MLIR's
parser then decides where the ops in it start (:mod:`halflow.source.oplocs`, the
op locations of a parse of the text without the regular executables), so
ops at another indentation, tab-indented bodies or two ops on one line
still split into one unit per op. Even so the split is only a *proposal*:
every unit is validated by MLIR's parser the first time its text is seen (it
must parse to exactly one op of the expected kind), and a build falls back
to parsing the whole module when a proposal does not hold. A text that
cannot be split, or whose top-level ops define one symbol twice (no parse of
a single unit can see that: :func:`redefinition`), raises :class:`SplitError`,
which names the construct and its ``line:col``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from itertools import pairwise
from typing import NamedTuple

# Alias definitions start a line: `#name = ...` or `!name = ...`.
_ALIAS_LINE_RE = re.compile(r"\n([#!][A-Za-z_][\w$.\-]*)[ \t]*=")
# What can start an operation at the start of a line.
_OP_START = r"[A-Za-z_\"%]"
# The parts of a module's opening: `module @name attributes {...} {`.
_MODULE_NAME_RE = re.compile(r'\s*@(?:[A-Za-z_][\w$.\-]*|"(?:[^"\\]|\\.)*")')
_ATTRIBUTES_RE = re.compile(r"\s*attributes\s*(?=\{)")
_BRACE_TOKEN_RE = re.compile(r'[{}]|"(?:[^"\\]|\\.)*"')
_BODY_BRACE_RE = re.compile(r"\s*(\{)[ \t]*$", re.M)
_SYM_NAME_RE = re.compile(r'\bsym_name = "((?:[^"\\]|\\.)*)"')
# On a unit's first line, what may start a second op: a generic op name, or
# a dotted op name followed by what follows one in custom form.
_SECOND_OP_RE = re.compile(
    r'\s(?:"[A-Za-z_][\w$.]*"\(|[A-Za-z_][\w$]*\.[\w$.]+[ \t]+(?:private\b|public\b|nested\b|@|\{))'
)
_OP_NAME_RE = re.compile(r'(?:%[^=]*=\s*)?"?([A-Za-z_][\w$.\-]*)"?')
_SYMBOL_RE = re.compile(r'@([A-Za-z_][\w$.\-]*|"(?:[^"\\]|\\.)*")')

EXECUTABLE_KINDS = frozenset({"stream.executable", "hal.executable.source"})


class SplitError(ValueError):
    """The text cannot be split into top-level ops: ``str()`` is
    ``line:col: what`` (1-based, the construct that stopped the split)."""

    def __init__(self, message: str, line: int = 0, col: int = 0) -> None:
        super().__init__(f"{line}:{col}: {message}" if line else message)
        self.line = line
        self.col = col


def position(text: str, offset: int) -> tuple[int, int]:
    """1-based line and (byte, like MLIR's) column of ``offset``."""
    start = text.rfind("\n", 0, offset) + 1
    col = len(text[start:offset].encode("utf-8", "surrogateescape")) + 1
    return text.count("\n", 0, offset) + 1, col


def _error(text: str, offset: int, message: str) -> SplitError:
    return SplitError(message, *position(text, offset))


# Given a text to parse, the 1-based (line, byte column) where MLIR's parser
# says each top-level op starts; raises SplitError when it does not parse.
Locator = Callable[[str], Sequence[tuple[int, int]]]


class HeaderAlias(NamedTuple):
    """One line of the input's alias header as the text split found it (the
    printed output's aliases are :class:`halflow.asm.printed.AliasDef`)."""

    name: str  # including the sigil: "#map3", "!type1"
    text: str  # the definition after "=" (stripped)
    start: int = 0  # the definition's span in the text (name to last line)
    end: int = 0


class Unit(NamedTuple):
    """One top-level op: its kind (op name), symbol, and text span."""

    kind: str
    symbol: str | None
    start: int
    end: int
    line: int  # 1-based line of `start`
    col: int  # 1-based column of `start`

    def text(self, source: str) -> str:
        return source[self.start : self.end]


class SplitModule(NamedTuple):
    header_end: int  # end offset of the alias header
    aliases: tuple[HeaderAlias, ...]
    module_open: str | None  # "module @m attributes {...} {" or None (implicit)
    body_start: int
    body_end: int  # offset of the closing "}" line (explicit) or of the trailer
    units: tuple[Unit, ...]
    trailer: str  # the "{-# ... #-}" section, or ""
    # Some units were placed by MLIR's parser (see module docstring): an
    # edit cannot be re-split locally.
    refined: bool = False
    indent: str = "  "  # the body's indentation


def _unit_kind_and_symbol(head: str) -> tuple[str, str | None]:
    m = _OP_NAME_RE.match(head)
    kind = m.group(1) if m else ""
    if head.startswith('"'):
        # A generic-form op names its symbol in its properties.
        g = _SYM_NAME_RE.search(head.split("\n", 1)[0])
        return kind, g.group(1) if g else None
    # The symbol of a symbol-defining op is the first @name on its first line
    # (`util.global private @x`, `stream.executable private @ex {`).
    first_line = head.split("\n", 1)[0]
    s = _SYMBOL_RE.search(first_line)
    symbol = None
    if s and kind not in ("util.initializer",):
        name = s.group(1)
        symbol = name
    return kind, symbol


def split_module(text: str, locate: Locator | None = None) -> SplitModule:
    """Propose a split of ``text`` into top-level ops (see module docstring).

    ``locate`` places the ops of irregular units (default:
    :func:`halflow.source.oplocs.top_level_starts`, which parses with MLIR); it is
    called at most once, only when some unit is irregular.
    """
    return _split_module(text, locate)


class KnownSplit(NamedTuple):
    """A split made earlier in a build, handed to a later step that splits
    the same text (:mod:`halflow.source.resources` splits the input to see
    which blobs an executable reads; the engine splits it again)."""

    text: str
    split: SplitModule

    def of(self, text: str) -> SplitModule | None:
        """The split of ``text`` if it is the text this one split."""
        if len(self.text) == len(text) and self.text == text:
            return self.split
        return None


def _split_module(text: str, locate: Locator | None) -> SplitModule:
    trailer = ""
    body_limit = len(text)
    tpos = text.rfind("\n{-#")
    if tpos >= 0 or text.startswith("{-#"):
        tpos = tpos + 1 if tpos >= 0 else 0
        if text[_content_end(text, tpos, len(text)) - 3 :].startswith("#-}"):
            trailer = text[tpos:]
            body_limit = tpos

    module_at = _find_module(text, body_limit)
    if module_at >= 0:
        header_end = module_at
        brace, line_end = _module_body(text, module_at, body_limit)
        module_open = text[header_end : brace + 1]
        body_start = line_end + 1
        close = text.rfind("\n}", body_start - 1, body_limit)
        if close < 0:
            raise _error(text, header_end, "no closing brace for the module")
        body_end = close + 1
        # Only comments may follow the module (they are no op; the
        # whole-module build sees anything else, and reports it).
        after = text[body_end + 1 : body_limit]
        if after.strip() and not _only_comments(after):
            stray = body_end + 1 + _leading_blank(after, 0, len(after))
            raise _error(text, stray, "text after the module's closing brace")
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
    lead = header[: aliases[0].start if aliases else len(header)]
    if not _only_comments(lead):
        stray = _leading_blank(lead, 0, len(lead))
        raise _error(text, stray, "text before the module that is no alias definition")

    starts = _op_starts(text, indent, body_start, body_end)
    first = starts[0] if starts else body_end
    lead_text = text[body_start:first]
    if lead_text.strip() and not _only_comments(lead_text):
        # Text before the first op at the body's indentation: an op at
        # another indentation (the units below place it).
        op = body_start + _leading_blank(text, body_start, first)
        starts.insert(0, text.rfind("\n", 0, op) + 1)
    if not starts:
        return SplitModule(
            header_end, aliases, module_open, body_start, body_end, (), trailer, False, indent
        )
    units = _units(text, indent, starts, body_end, text.count("\n", 0, starts[0]) + 1)
    if "distinct[" in text:
        _check_distinct(text, aliases, units)
    units, joined = _merge_continuations(units)
    irregular = [i for i, u in enumerate(units) if i in joined or not _regular(text, u, indent)]
    if not irregular:
        _check_symbols(units)
        return SplitModule(
            header_end, aliases, module_open, body_start, body_end, tuple(units), trailer,
            False, indent,
        )
    if locate is None:
        locate = _starts_from_mlir
    units = _refine(text, units, irregular, header_end, locate)
    _check_symbols(units)
    return SplitModule(
        header_end, aliases, module_open, body_start, body_end, tuple(units), trailer, True,
        indent,
    )


def _starts_from_mlir(text: str) -> list[tuple[int, int]]:
    """:func:`halflow.source.oplocs.top_level_starts`, its failure a
    :class:`SplitError` at MLIR's error position."""
    from halflow.source.oplocs import DoesNotParse, top_level_starts

    try:
        return top_level_starts(text)
    except DoesNotParse as e:
        raise SplitError("the module's top-level ops do not parse apart", e.line, e.col) from None


def symbol_name(symbol: str) -> str:
    """The name a unit's symbol (as :class:`Unit` holds it: bare, or
    quoted) defines: ``@"a"`` and ``@a`` are one name."""
    if symbol.startswith('"'):
        from halflow.core.attrtext import unquote

        try:
            return unquote(symbol)
        except ValueError:
            return symbol
    return symbol


def redefinition(units: Sequence[Unit]) -> tuple[Unit, str] | None:
    """The first unit that defines a name an earlier unit defined (with the
    name), or None: the module's symbol table holds each name once.

    Incremental builds read each unit alone, so no parse ever sees two
    units side by side: this is the one place a second definition (an
    executable named like another, like the host function or like a
    global) is found; MLIR reports it as ``redefinition of symbol named
    'x'`` when it parses the module. ``util.initializer`` defines no
    symbol; any other unit's symbol is the first ``@name`` of its first
    line, which at worst takes a symbol use for a definition: the build
    then parses the whole module, which decides."""
    seen: set[str] = set()
    for u in units:
        if u.symbol is None:
            continue
        name = symbol_name(u.symbol)
        if name in seen:
            return u, name
        seen.add(name)
    return None


def _check_symbols(units: Sequence[Unit]) -> None:
    """Refuse a split whose top-level ops define a name twice (see
    :func:`redefinition`): the whole-module build reports it."""
    found = redefinition(units)
    if found is not None:
        unit, name = found
        raise SplitError(f"redefinition of symbol named '{name}'", unit.line, unit.col)


_DISTINCT_RE = re.compile(r"distinct\[(\d+)\]")
# A reference to an alias (or a dialect attribute or type: look names up).
ALIAS_REF_RE = re.compile(r"[#!][A-Za-z_][\w$.\-]*")


def _check_distinct(text: str, aliases: Sequence[HeaderAlias], units: Sequence[Unit]) -> None:
    """Refuse a distinct attribute that two top-level ops share: each op is
    printed on its own, and its distinct attributes with it, so a shared one
    would come out as two (MLIR prints it once, as one alias)."""
    ids: dict[str, set[str]] = {}
    for a in aliases:
        found = set(_DISTINCT_RE.findall(a.text))
        for ref in ALIAS_REF_RE.findall(a.text):
            found |= ids.get(ref, set())
        ids[a.name] = found
    owner: dict[str, Unit] = {}
    for u in units:
        body = text[u.start : u.end]
        found = set(_DISTINCT_RE.findall(body))
        for ref in set(ALIAS_REF_RE.findall(body)):
            found |= ids.get(ref, set())
        for n in sorted(found):
            first = owner.setdefault(n, u)
            if first is not u:
                raise SplitError(
                    f"distinct[{n}] is shared with the top-level op at {first.line}:{first.col}"
                    " (MLIR prints a distinct attribute once per module)",
                    u.line,
                    u.col,
                )


def _find_module(text: str, limit: int) -> int:
    """Offset of the first line that starts with the word ``module``, or -1
    (a plain find: a ^-anchored regex crawls over long header lines)."""
    pos = 0 if text.startswith("module") else text.find("\nmodule", 0, limit) + 1
    while pos > 0 or text.startswith("module"):
        after = text[pos + 6 : pos + 7]
        if after == "" or not (after.isalnum() or after in "_$."):
            return pos
        pos = text.find("\nmodule", pos, limit) + 1
        if pos == 0:
            break
    return -1


def _leading_blank(text: str, start: int, end: int) -> int:
    """Length of the blank and comment lines (and indentation) at ``start``."""
    chunk = text[start:end]
    pos = 0
    while True:
        stripped = chunk[pos:].lstrip(" \t\r\n")
        pos = len(chunk) - len(stripped)
        if not stripped.startswith("//"):
            return pos
        nl = chunk.find("\n", pos)
        if nl < 0:
            return len(chunk)
        pos = nl + 1


def _module_body(text: str, start: int, limit: int) -> tuple[int, int]:
    """Offsets of the ``{`` opening the body of the module at ``start``
    (``module [@name] [attributes {...}] {``, over any number of lines) and
    of the end of its line."""
    pos = start + len("module")
    name = _MODULE_NAME_RE.match(text, pos, limit)
    if name:
        pos = name.end()
    attrs = _ATTRIBUTES_RE.match(text, pos, limit)
    if attrs:
        pos = _skip_braces(text, attrs.end(), limit)
    brace = _BODY_BRACE_RE.match(text, pos, limit)
    if brace is None:
        raise _error(text, start, "a module opening this splitter does not read")
    return brace.start(1), brace.end()


def _skip_braces(text: str, pos: int, limit: int) -> int:
    """The offset after the balanced ``{...}`` at ``pos`` (strings skipped)."""
    depth = 0
    for m in _BRACE_TOKEN_RE.finditer(text, pos, limit):
        t = m.group()
        if t == "{":
            depth += 1
        elif t == "}":
            depth -= 1
            if depth == 0:
                return m.end()
    raise _error(text, pos, "unbalanced braces in the module's attributes")


def _last_line(text: str, unit: Unit) -> tuple[int, str]:
    """The unit's last line that is not blank or a comment: (offset, text)."""
    end = unit.end
    while end > unit.start:
        nl = text.rfind("\n", unit.start, end - 1)
        line_start = nl + 1 if nl >= 0 else unit.start
        line = text[line_start : end].rstrip()
        if line.strip() and not line.lstrip().startswith("//"):
            return line_start, line
        end = line_start
    return unit.start, ""


def _regular(text: str, unit: Unit, indent: str) -> bool:
    """Whether ``unit`` looks like one op as MLIR prints it (see module
    docstring): its first line names no second op (``util.global ... :
    i32  util.initializer {`` is two), and it is one line or ends with the
    closing ``}`` at the body's indentation. The others go to MLIR's parser."""
    first_end = text.find("\n", unit.start, unit.end)
    first = text[unit.start : first_end if first_end >= 0 else unit.end]
    if _SECOND_OP_RE.search(first) is not None:
        return False
    line_start, line = _last_line(text, unit)
    return line_start <= unit.start or line == indent + "}"


def _continuation(unit: Unit) -> bool:
    """Whether ``unit``'s first word is no op name: a line at the body's
    indentation that continues the op before it (``attributes {...} {``
    or ``loc(...)`` on a line of their own). Top-level ops are named with
    their dialect (``util.global``), in generic form (``"util.global"``) or
    with results (``%0 = ...``); only builtin's ``module`` goes without."""
    return "." not in unit.kind and unit.kind != "module"


def _merge_continuations(units: list[Unit]) -> tuple[list[Unit], set[int]]:
    """``units`` with each continuation joined to the op before it, and the
    indices of the joined units (irregular: MLIR's parser places their ops)."""
    out: list[Unit] = []
    joined: set[int] = set()
    for u in units:
        if out and _continuation(u):
            prev = out[-1]
            out[-1] = Unit(prev.kind, prev.symbol, prev.start, u.end, prev.line, prev.col)
            joined.add(len(out) - 1)
        else:
            out.append(u)
    return out, joined


def _refine(
    text: str,
    units: list[Unit],
    irregular: Sequence[int],
    header_end: int,
    locate: Locator,
) -> list[Unit]:
    """Re-cut the irregular units where MLIR's parser says their ops start:
    it parses the text with every regular executable blanked out (so
    lines and columns stay those of the file)."""
    blanked: list[str] = []
    pos = 0
    bad = set(irregular)
    for i, u in enumerate(units):
        if i not in bad and u.kind in EXECUTABLE_KINDS:
            blanked.append(text[pos : u.start])
            blanked.append("\n" * text.count("\n", u.start, u.end))
            pos = u.end
    blanked.append(text[pos:])
    found = locate(text[:header_end] + "".join(blanked)[header_end:])
    line_starts = [0] + [m.end() for m in re.finditer("\n", text)]
    offsets = []
    for line, col in found:
        if line == 0:
            # An op with a location of its own: nothing says where it is.
            offsets.append(-1)
            continue
        if not 0 < line <= len(line_starts):
            raise SplitError("an op location outside the text", line, col)
        base = line_starts[line - 1]
        prefix = text[base : base + col * 4].encode("utf-8", "surrogateescape")[: col - 1]
        offsets.append(base + len(prefix.decode("utf-8", "surrogateescape")))
    out: list[Unit] = []
    for i, u in enumerate(units):
        if i not in bad:
            out.append(u)
            continue
        inside = [o for o in offsets if u.start <= o < u.end]
        if not inside or inside[0] != u.start:
            if -1 in offsets:
                raise _error(
                    text, u.start,
                    "a top-level op with a location of its own (loc(...)), which MLIR's"
                    " parser cannot place in the text",
                )
            raise _error(text, u.start, "a top-level op MLIR's parser does not place here")
        for a, b in pairwise([*inside, u.end]):
            line, col = position(text, a)
            kind, symbol = _unit_kind_and_symbol(text[a : min(b, a + 400)])
            out.append(Unit(kind, symbol, a, b, line, col))
    return out


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
        while text[start] in " \t":  # an op at another indentation
            start += 1
        head = text[start : min(b, start + 400)]
        kind, symbol = _unit_kind_and_symbol(head)
        units.append(Unit(kind, symbol, start, b, line, start - a + 1))
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
    if prev.refined or not units or prefix <= prev.body_start or prev_len - suffix >= prev.body_end:
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
    indent = prev.indent
    region_start = units[first].start - len(indent)
    region_end = units[last].end + delta
    if region_end <= region_start:
        return None
    starts = _op_starts(text, indent, region_start, region_end)
    if not starts or starts[0] != region_start:
        return None
    middle = _units(text, indent, starts, region_end, units[first].line)
    if not all(_regular(text, u, indent) for u in middle):
        return None
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
    if redefinition(new_units) is not None:
        return None  # split afresh: that split refuses it
    split = SplitModule(
        prev.header_end,
        prev.aliases,
        prev.module_open,
        prev.body_start,
        prev.body_end + delta,
        new_units,
        prev.trailer,
        False,
        indent,
    )
    return split, first, len(middle), last - first + 1


def _only_comments(text: str) -> bool:
    return all(not ln.strip() or ln.strip().startswith("//") for ln in text.split("\n"))


def _body_indent(text: str, body_start: int, body_end: int) -> str:
    """The least indentation of the body's first lines (one op at another
    indentation does not set it, unless it is the least)."""
    best: str | None = None
    for line in text[body_start:body_end].split("\n", 50)[:50]:
        stripped = line.lstrip(" \t")
        if stripped and not stripped.startswith("//"):
            indent = line[: len(line) - len(stripped)]
            if best is None or len(indent) < len(best):
                best = indent
    return "  " if best is None else best


def _parse_aliases(header: str) -> tuple[HeaderAlias, ...]:
    # "\n" + a literal-led pattern: the regex engine skips ahead fast over
    # long definitions (inline weights); a ^-anchored one scans each char.
    matches = list(_ALIAS_LINE_RE.finditer("\n" + header))
    defs = []
    for i, m in enumerate(matches):
        start = m.start()  # in header (the "\n" prepended shifts by one)
        end = matches[i + 1].start() if i + 1 < len(matches) else len(header)
        text = header[m.end() - 1 : end].strip()
        defs.append(HeaderAlias(m.group(1), text, start, _content_end(header, start, end)))
    return tuple(defs)


def _content_end(text: str, start: int, end: int) -> int:
    """``end`` less the whitespace before it (no copy of a long text)."""
    while end > start and text[end - 1] in " \t\r\n":
        end -= 1
    return end


def needed_aliases(split: SplitModule, text: str) -> list[HeaderAlias]:
    """The alias definitions ``text`` refers to, with the ones they refer to
    (in header order)."""
    by_name = {a.name: a for a in split.aliases}
    needed: set[str] = set()
    stack = [t for t in set(ALIAS_REF_RE.findall(text)) if t in by_name]
    while stack:
        name = stack.pop()
        if name in needed:
            continue
        needed.add(name)
        body = by_name[name].text
        if "#" in body or "!" in body:
            stack.extend(t for t in ALIAS_REF_RE.findall(body) if t in by_name)
    return [a for a in split.aliases if a.name in needed]
