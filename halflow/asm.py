"""Assemble a module's printed text from separately printed top-level ops.

MLIR prints a module as: the alias header (``#map3 = affine_map<...>``), the
``module ... {`` line, one text segment per top-level op, ``}``, and a
``{-# dialect_resources: ... #-}`` trailer. Alias names and the order of the
header depend on the whole module, so an op printed on its own (as the only op
of a module: a *chunk*) carries its own local header and numbering. This
module splices such chunks back into exactly the text MLIR prints for the
module holding all their ops, without parsing or printing that module.

How MLIR names aliases (``AliasInitializer`` in ``AsmPrinter.cpp``; every rule
below is pinned by ``tests/test_asm.py``):

* A dummy printer walks the op exactly as printing would (so for ops in their
  custom form, in textual order) and records every attribute and type it
  visits, in first-visit order. Visiting an attribute visits its nested
  attributes and types right after it (pre-order).
* Each visited value gets an *alias depth*: 1 + the largest depth of its
  nested elements, counting non-aliased intermediate values (an array between
  ``#device_target_local`` and ``#executable_target_...`` adds a level).
* Aliases are stably sorted by (depth, types before attributes, base name);
  equal keys keep first-visit order. Then each base name is numbered in that
  order: the first is bare, the next get ``1``, ``2``, ... (``_1`` when the
  base name ends in a digit).
* Dialect resources are printed for referenced keys only, in the order the
  printer first prints a reference: the header first, then the module text.

The splice: a segment's aliases are identified across chunks by a canonical
key (a digest of the definition with nested aliases replaced by their keys).
The global first-visit order is rebuilt from the per-segment visit orders
(the chunk header certifies the order among aliases a segment visits first;
text order is the fallback); MLIR itself then computes depths, sorting and
names, by parsing and printing a tiny *probe* module that lists every alias in
that order. Its header is the final header; the order of its printed list is
the final name of each key.

Chunks must be printed with ``Operation.get_asm(assume_verified=True)`` (no
debug info, no generic form, no local scope), each as a ``builtin.module``
carrying the same attributes (and name) as the final module. Anything this
splice cannot reproduce exactly raises :class:`SpliceError`; the caller then
prints the whole module instead.
"""

from __future__ import annotations

import hashlib
import re
import threading
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

__all__ = [
    "AliasDef",
    "AliasPlacementError",
    "Assembler",
    "Piece",
    "PrintedModule",
    "ResourceConflictError",
    "SpliceError",
    "UnsupportedTextError",
    "assemble",
    "collect_definitions",
    "parse_printed",
]


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


@dataclass(frozen=True, slots=True)
class AliasDef:
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


@dataclass(frozen=True, slots=True)
class Piece:
    """One top-level op (or the module's opening line) as printed.

    ``parts``: the exact text (indentation included, no trailing newline)
    split around alias references; odd items are canonical alias keys.
    ``visits``: every alias key printing this piece visits, in the order
    MLIR's printer first visits them, as certified by the chunk header,
    valid when every key in ``after`` was visited before this piece.
    ``textual_visits``: the same keys in text order (pre-order through
    definitions); exact unless ``textual_exact`` is false (generic-form ops).
    """

    digest: str
    parts: tuple[str, ...]
    keys: tuple[str, ...]  # distinct keys in parts, first-occurrence order
    visits: tuple[str, ...]
    after: tuple[str, ...]
    textual_visits: tuple[str, ...]
    textual_exact: bool
    resources: tuple[str, ...]  # builtin resource keys referenced, in text order

    @property
    def text(self) -> str:
        """The text as printed in its own chunk (local alias names lost: keys
        stand in for them); use :func:`render` for real names."""
        return "".join(self.parts)


@dataclass(frozen=True, slots=True)
class PrintedModule:
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
_HEADER_LINE = re.compile(r"([#!][A-Za-z_][\w$\-]*) = (.*)")
_RESOURCE_REF = re.compile(r"dense_resource<([^>]*)>")
_OP_START = re.compile(r"\n  [^ }^\n]")
# A generic-form op: its name is printed as a string.
_GENERIC_OP = re.compile(r'^ *(?:%[^"\n=]*= )?"', re.M)
_TRAILER_DIALECT = re.compile(r"    ([^ :]+): \{")
_TRAILER_ENTRY = re.compile(r"      (.+?): (.*)")

_DIGEST_SIZE = 12


def _digest(data: str) -> str:
    return hashlib.blake2b(data.encode("utf-8"), digest_size=_DIGEST_SIZE).hexdigest()


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


def _check_supported(text: str, what: str) -> None:
    if "distinct[" in text:
        positions = [m.start() for m in re.finditer(r"distinct\[", text)]
        if _outside_strings(text, positions):
            raise UnsupportedTextError(f"{what}: distinct attributes are numbered module-wide")
    if " loc(" in text and _outside_strings(text, [m.start() for m in re.finditer(r" loc\(", text)]):
        raise UnsupportedTextError(f"{what}: printed with debug locations")


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


def _parse_header(lines: list[str]) -> tuple[list[AliasDef], dict[str, str]]:
    table: dict[str, str] = {}
    defs: list[AliasDef] = []
    for line in lines:
        m = _HEADER_LINE.fullmatch(line)
        if m is None:
            raise UnsupportedTextError(f"not an alias definition: {line[:80]!r}")
        name, rhs = m.groups()
        # Definitions only refer to aliases printed above them (lower depth).
        parts, children = _split_refs(rhs, table)
        key = _digest(name[0] + "\x00".join(parts))
        if name in table:
            raise UnsupportedTextError(f"alias {name} is defined twice")
        table[name] = key
        defs.append(AliasDef(key, name[0] == "!", name, parts, children, _resource_refs(rhs)))
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


def _balance(text: str) -> int:
    if '"' in text:
        text = _STRING.sub("", text)
    return (
        text.count("{") + text.count("(") + text.count("[")
        - text.count("}") - text.count(")") - text.count("]")
    )


def _split_ops(body: str) -> list[str]:
    """Split the module body into top-level op texts (2-space indented lines
    start an op; an op ends where its brackets balance)."""
    if not body:
        return []
    if not body.startswith("  ") or body[2] in " }^":
        raise UnsupportedTextError("module body does not start with a top-level op")
    starts = [0] + [m.start() + 1 for m in _OP_START.finditer(body)]
    starts.append(len(body) + 1)
    ops: list[str] = []
    pending = ""
    for a, b in zip(starts, starts[1:], strict=False):
        text = pending + body[a : b - 1]
        if _balance(text) != 0:
            pending = text + "\n"
            continue
        pending = ""
        ops.append(text)
    if pending:
        raise UnsupportedTextError("unbalanced brackets in the module body")
    return ops


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
        digest=_digest("\x00".join(parts)),
        parts=parts,
        keys=keys,
        visits=tuple(after + fresh),
        after=tuple(after),
        textual_visits=tuple(textual),
        textual_exact='"(' not in text or _GENERIC_OP.search(text) is None,
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
    if text.endswith("\n\n"):
        text = text[:-1]
    pos = 0
    header_lines: list[str] = []
    n = len(text)
    while pos < n and text[pos] in "#!":
        end = text.find("\n", pos)
        if end < 0:
            raise UnsupportedTextError("no module after the alias header")
        header_lines.append(text[pos:end])
        pos = end + 1
    end = text.find("\n", pos)
    opening = text[pos:end] if end >= 0 else text[pos:]
    if not (opening.startswith("module") and opening.endswith("{")) or opening.startswith(
        "module:"
    ):
        raise UnsupportedTextError(f"expected a builtin.module, got {opening[:80]!r}")
    close = text.find("\n}\n", end)
    if close < 0:
        raise UnsupportedTextError("no closing brace for the module")
    body = text[end + 1 : close]  # "" for an empty module
    rest = text[close + 3 :]

    defs, table = _parse_header(header_lines)
    for line in header_lines:
        _check_supported(line, "alias header")
    children = {d.key: d.children for d in defs}
    rank = {d.key: i for i, d in enumerate(defs)}
    _check_supported(opening, "module")
    seen: set[str] = set()
    opening_piece = _make_piece(opening, table, children, rank, seen)
    op_texts = _split_ops(body)
    pieces = []
    for op_text in op_texts:
        if op_text.startswith("  %"):
            raise UnsupportedTextError("top-level ops with results are numbered module-wide")
        pieces.append(_make_piece(op_text, table, children, rank, seen))
    _check_supported(body, "module body")
    unplaced = [d.name for d in defs if d.key not in seen]
    if unplaced:
        raise AliasPlacementError(
            "alias(es) defined in the header but not referenced by any op: "
            + ", ".join(unplaced)
        )
    return PrintedModule(tuple(defs), opening_piece, tuple(pieces), _parse_trailer(rest))


# ---------------------------------------------------------------------------
# Assembly


def collect_definitions(
    modules: Iterable[PrintedModule],
) -> tuple[dict[str, AliasDef], dict[str, str]]:
    """Alias definitions by key and builtin resource values by key, from all
    ``modules``. Raises :class:`ResourceConflictError` when two modules give a
    resource key different data."""
    aliases: dict[str, AliasDef] = {}
    resources: dict[str, str] = {}
    seen: set[int] = set()
    for module in modules:
        if id(module) in seen:
            continue
        seen.add(id(module))
        for d in module.aliases:
            aliases.setdefault(d.key, d)
        for key, value in module.resources:
            old = resources.setdefault(key, value)
            if old != value:
                raise ResourceConflictError(
                    f"dialect resource {key!r} has different data in different chunks"
                )
    return aliases, resources


def render(piece: Piece, names: Mapping[str, str]) -> str:
    """The piece's text with each alias key replaced by ``names[key]``."""
    return _render_parts(piece.parts, names)


def _render_parts(parts: tuple[str, ...], names: Mapping[str, str]) -> str:
    if len(parts) == 1:
        return parts[0]
    out = list(parts)
    out[1::2] = [names[k] for k in parts[1::2]]
    return "".join(out)


@dataclass(frozen=True, slots=True)
class _ProbeResult:
    names: dict[str, str]  # key -> final alias name
    header: str  # the final alias header, each line ending in "\n"
    header_keys: tuple[str, ...]  # key of each header line


_PROBE_ATTR = "halflow.probe"
_local = threading.local()


def _probe_context():  # -> ir.Context
    ctx = getattr(_local, "context", None)
    if ctx is None:
        from iree.compiler import ir

        ctx = ir.Context()
        _local.context = ctx
    return ctx


def _run_probe(order: Sequence[str], aliases: Mapping[str, AliasDef]) -> _ProbeResult:
    """Let MLIR name and sort the aliases ``order`` (in first-visit order)."""
    if not order:
        return _ProbeResult({}, "", ())
    from iree.compiler import ir

    probe_name = {}
    for i, key in enumerate(order):
        probe_name[key] = ("!" if aliases[key].is_type else "#") + f"halflow_probe_{i}_"
    # Definitions must precede their uses: emit in post-order.
    lines: list[str] = []
    emitted: set[str] = set()
    uses_resources = False

    def emit(key: str) -> None:
        emitted.add(key)
        d = aliases[key]
        for child in d.children:
            if child not in emitted:
                emit(child)
        lines.append(probe_name[key] + " = " + _render_parts(d.parts, probe_name))

    for key in order:
        if key not in emitted:
            emit(key)
        uses_resources = uses_resources or bool(aliases[key].resources)
    source = (
        "\n".join(lines)
        + f"\nmodule attributes {{{_PROBE_ATTR} = ["
        + ", ".join(probe_name[k] for k in order)
        + "]} {\n}\n"
    )
    # Parsing a resource reference declares the key in the context's blob
    # manager; a reused context would rename it. Use a fresh one then.
    context = ir.Context() if uses_resources else _probe_context()
    try:
        module = ir.Module.parse(source, context)
    except ir.MLIRError as e:
        raise SpliceError(f"alias probe did not parse: {e}") from None
    printed = module.operation.get_asm(assume_verified=True)
    marker = f"module attributes {{{_PROBE_ATTR} = ["
    at = printed.find(marker)
    stop = printed.find("]} {\n}\n", at)
    if at < 0 or stop < 0:
        raise SpliceError("unexpected probe output")
    header = printed[:at]
    final = printed[at + len(marker) : stop].split(", ")
    if len(final) != len(order):
        raise SpliceError("probe printed a different number of aliases")
    names = dict(zip(order, final, strict=True))
    by_name: dict[str, str] = {}
    for key, name in names.items():
        if not name or name[0] not in "#!" or " " in name:
            raise AliasPlacementError(f"an alias was printed inline by the probe: {name[:80]!r}")
        by_name.setdefault(name, key)
    header_keys = []
    for line in header.split("\n")[:-1]:
        name = line.split(" = ", 1)[0]
        if name not in by_name:
            raise AliasPlacementError(f"probe printed an unexpected alias {name}")
        header_keys.append(by_name[name])
    if len(header_keys) != len(by_name):
        raise AliasPlacementError("probe header does not define every alias")
    return _ProbeResult(names, header, tuple(header_keys))


OpRef = PrintedModule | tuple[PrintedModule, int]


class Assembler:
    """Splices printed chunks; keeps caches across calls so that assembling
    again after a few pieces changed costs little.

    Not thread-safe: use one per thread (the alias probe uses a per-thread
    MLIR context).
    """

    def __init__(self, probe_cache_size: int = 8) -> None:
        self._probes: dict[tuple[str, ...], _ProbeResult] = {}
        self._probe_cache_size = probe_cache_size
        self._rendered: dict[str, tuple[tuple[str, ...], str]] = {}
        self.stats = {"probes": 0, "probe_hits": 0, "rendered": 0, "render_hits": 0}

    def assemble(self, opening: PrintedModule, ops: Iterable[OpRef] | None = None) -> str:
        """Text of the module with ``opening``'s module line and the given
        ops, in order: a ``PrintedModule`` stands for all its ops, a
        ``(module, index)`` pair for one. ``ops=None`` means ``opening``'s
        own ops. Returns what ``get_asm(assume_verified=True)`` prints."""
        if ops is None:
            ops = [opening]
        modules: list[PrintedModule] = [opening]
        pieces: list[Piece] = []
        for ref in ops:
            if isinstance(ref, PrintedModule):
                modules.append(ref)
                pieces.extend(ref.ops)
            else:
                module, index = ref
                modules.append(module)
                pieces.append(module.ops[index])
        aliases, resources = collect_definitions(modules)
        return self.assemble_pieces(opening.opening, pieces, aliases, resources)

    def assemble_pieces(
        self,
        opening: Piece,
        pieces: Sequence[Piece],
        aliases: Mapping[str, AliasDef],
        resources: Mapping[str, str],
    ) -> str:
        """Lower-level form of :meth:`assemble`: ``aliases`` and
        ``resources`` must cover every key the pieces use (see
        :func:`collect_definitions`)."""
        order = _visit_order(opening, pieces)
        probe = self._probe(order, aliases)
        names = probe.names
        out: list[str] = [probe.header, _render_parts(opening.parts, names), "\n"]
        rendered = self._rendered
        for piece in pieces:
            if not piece.keys:
                out.append(piece.parts[0])
            else:
                local = tuple(names[k] for k in piece.keys)
                hit = rendered.get(piece.digest)
                if hit is not None and hit[0] == local:
                    out.append(hit[1])
                    self.stats["render_hits"] += 1
                else:
                    text = _render_parts(piece.parts, names)
                    rendered[piece.digest] = (local, text)
                    out.append(text)
                    self.stats["rendered"] += 1
            out.append("\n")
        out.append("}\n")
        out.append(_trailer(probe, aliases, opening, pieces, resources))
        return "".join(out)

    def _probe(self, order: tuple[str, ...], aliases: Mapping[str, AliasDef]) -> _ProbeResult:
        hit = self._probes.get(order)
        if hit is not None:
            self.stats["probe_hits"] += 1
            return hit
        result = _run_probe(order, aliases)
        self.stats["probes"] += 1
        if len(self._probes) >= self._probe_cache_size:
            self._probes.pop(next(iter(self._probes)))
        self._probes[order] = result
        return result


def _visit_order(opening: Piece, pieces: Sequence[Piece]) -> tuple[str, ...]:
    """Global first-visit order of alias keys over the module."""
    visited: dict[str, None] = dict.fromkeys(opening.visits)
    for piece in pieces:
        visits = piece.visits
        if not visits:
            continue
        if piece.after and not all(k in visited for k in piece.after):
            if not piece.textual_exact:
                new = [k for k in piece.textual_visits if k not in visited]
                if len(new) > 1:
                    raise AliasPlacementError(
                        "cannot order the aliases of a generic-form op printed after "
                        "other ops of its chunk"
                    )
            visits = piece.textual_visits
        for k in visits:
            if k not in visited:
                visited[k] = None
    return tuple(visited)


def _trailer(
    probe: _ProbeResult,
    aliases: Mapping[str, AliasDef],
    opening: Piece,
    pieces: Sequence[Piece],
    resources: Mapping[str, str],
) -> str:
    # Resources are printed in the order the printer first references them:
    # the alias header first, then the module text.
    used: dict[str, None] = {}
    for key in probe.header_keys:
        for r in aliases[key].resources:
            used[r] = None
    for piece in (opening, *pieces):
        for r in piece.resources:
            used[r] = None
    if not used:
        return ""
    entries = [f"      {k}: {resources[k]}" for k in used if k in resources]
    if not entries:
        return ""
    return (
        "\n{-#\n  dialect_resources: {\n    builtin: {\n"
        + ",\n".join(entries)
        + "\n    }\n  }\n#-}\n"
    )


_default = threading.local()


def assemble(opening: PrintedModule, ops: Iterable[OpRef] | None = None) -> str:
    """:meth:`Assembler.assemble` with a per-thread default assembler."""
    assembler = getattr(_default, "assembler", None)
    if assembler is None:
        assembler = _default.assembler = Assembler()
    return assembler.assemble(opening, ops)
