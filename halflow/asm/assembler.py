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
  equal keys keep first-visit order. Then names are given in that order: the
  base name, else the base name with the next free number (``map1``, ``map2``;
  ``x86_64_1`` when the base ends in a digit; ``fb1_1`` when another alias
  already took ``fb1``): names are unique over the whole module.
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
carrying the same attributes (and name) as the final module (otherwise the
text-order fallback applies). Anything this splice cannot reproduce exactly
raises :class:`SpliceError`; the caller then prints the whole module instead.

Use from the incremental engine::

    printed = asm.parse_printed(chunk_text)   # once per printed chunk; cache it
    assembler = asm.Assembler()               # keep one per thread, across builds
    text = assembler.assemble(opening, [printed_op_1, printed_op_2, ...])

Print each changed top-level op as its own chunk (a fresh module with the
output module's attributes), ``parse_printed`` it once and store the
:class:`PrintedModule` with the node's output (plain frozen data, picklable).
Print the empty module once for ``opening``. A cold build may instead print
the whole module once and refer to its ops as ``(printed, index)``. Each
build passes the ops in output order; the assembler re-renders only pieces
whose aliases were renamed and runs MLIR (a sub-millisecond probe) only when
the set or order of aliases changed.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, NamedTuple

# The records and the parsing of printed text (halflow.asm.printed), named
# here too: callers see one module.
from halflow.asm.printed import (
    DISTINCT_ID,
    HEADER_NAME,
    AliasDef,
    AliasPlacementError,
    Piece,
    PrintedModule,
    ResourceConflictError,
    SpliceError,
    UnsupportedTextError,
    digest,
    header_definitions,
    parse_printed,
    scan_printed,
)

if TYPE_CHECKING:
    from iree.compiler import ir

__all__ = [
    "AliasDef",
    "AliasNaming",
    "AliasPlacementError",
    "Assembler",
    "OpRef",
    "Piece",
    "PrintedModule",
    "ResourceConflictError",
    "SpliceError",
    "UnsupportedTextError",
    "assemble",
    "collect_definitions",
    "map_literals",
    "name_aliases",
    "op_record",
    "parse_printed",
    "render",
    "resource_section",
    "scan_printed",
    "visit_order",
]


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


def map_literals(piece: Piece, fn: Callable[[str], str]) -> Piece:
    """``piece`` with ``fn`` applied to its literal text (not to alias keys),
    e.g. to rename a symbol; the digest follows the new text."""
    parts = tuple(fn(p) if i % 2 == 0 else p for i, p in enumerate(piece.parts))
    if parts == piece.parts:
        return piece
    return piece._replace(digest=digest("\x00".join(parts)), parts=parts)


def op_record(printed: PrintedModule, index: int) -> PrintedModule:
    """A self-contained record of op ``index`` of ``printed``: its piece with
    the alias definitions and resources it needs (for caching per op)."""
    piece = printed.ops[index]
    by_key = {d.key: d for d in printed.aliases}
    needed: set[str] = set()
    stack = list(piece.keys)
    while stack:
        key = stack.pop()
        if key not in needed:
            needed.add(key)
            stack.extend(by_key[key].children)
    aliases = tuple(d for d in printed.aliases if d.key in needed)
    used = set(piece.resources)
    for d in aliases:
        used.update(d.resources)
    resources = tuple((k, v) for k, v in printed.resources if k in used)
    return PrintedModule(aliases, printed.opening, (piece,), resources)


def render(piece: Piece, names: Mapping[str, str]) -> str:
    """The piece's text with each alias key replaced by ``names[key]``."""
    return _render_parts(piece.parts, names)


def _render_parts(parts: tuple[str, ...], names: Mapping[str, str]) -> str:
    if len(parts) == 1:
        return parts[0]
    out = list(parts)
    out[1::2] = [names[k] for k in parts[1::2]]
    return "".join(out)


def visit_order(opening: Piece, pieces: Iterable[Piece]) -> tuple[str, ...]:
    """Alias keys in the order MLIR's printer first visits them when printing
    the module made of ``opening`` and ``pieces``.

    Each piece contributes its header-certified order when everything its
    chunk visited before it has been visited here too; otherwise its text
    order, which is exact for ops in custom form. A generic-form op in that
    situation that brings two or more new aliases raises
    :class:`AliasPlacementError`.
    """
    visited: dict[str, None] = dict.fromkeys(opening.visits)
    for piece in pieces:
        visits = piece.visits
        if not visits:
            continue
        if piece.after and not all(k in visited for k in piece.after):
            visits = piece.textual_visits
            if not piece.textual_exact and sum(k not in visited for k in visits) > 1:
                raise AliasPlacementError(
                    "the alias order of a generic-form op is known only after the ops "
                    "printed before it in its chunk"
                )
        for k in visits:
            if k not in visited:
                visited[k] = None
    return tuple(visited)


class AliasNaming(NamedTuple):
    """What the probe found: the final name of each alias and the header."""

    names: Mapping[str, str]  # key -> final alias name, with its sigil
    header: str  # the alias header, each line ending in "\n"
    header_keys: tuple[str, ...]  # the key defined by each header line


_PROBE_ATTR = "halflow.probe"
_PROBE_OPEN = f"module attributes {{{_PROBE_ATTR} = ["
_PROBE_CLOSE = "]} {\n}\n"
_local = threading.local()


def _probe_context() -> ir.Context:
    context: ir.Context | None = getattr(_local, "context", None)
    if context is None:
        from halflow.ir.irutil import new_context

        # Diagnostics from MLIR worker threads can deadlock on the GIL.
        context = _local.context = new_context(threads=False)
    return context


def name_aliases(order: Sequence[str], aliases: Mapping[str, AliasDef]) -> AliasNaming:
    """Let MLIR sort and name the aliases ``order`` (keys in first-visit
    order): parse and print a module whose only content is an array
    attribute listing them in that order."""
    if not order:
        return AliasNaming({}, "", ())
    from iree.compiler import ir

    from halflow.ir.irutil import new_context

    missing = [k for k in order if k not in aliases]
    if missing:
        raise SpliceError(f"no definition for {len(missing)} alias key(s), e.g. {missing[0]}")
    probe_name = {
        key: ("!" if aliases[key].is_type else "#") + f"halflow_probe_{i}_"
        for i, key in enumerate(order)
    }
    # A definition must come before its uses: emit in post-order.
    lines: list[str] = []
    emitted: set[str] = set()
    # Each alias's distinct attributes get numbers of their own in the probe
    # (equal numbers from two chunks are different attributes); MLIR
    # renumbers them as the whole module's print would.
    distinct: dict[tuple[str, str], str] = {}

    def renumber(key: str, text: str) -> str:
        return DISTINCT_ID.sub(
            lambda m: f"distinct[{distinct.setdefault((key, m.group(1)), str(len(distinct)))}]",
            text,
        )

    def emit(key: str) -> None:
        emitted.add(key)
        definition = aliases[key]
        for child in definition.children:
            if child not in emitted:
                emit(child)
        rhs = _render_parts(definition.parts, probe_name)
        if "distinct[" in rhs:
            rhs = renumber(key, rhs)
        lines.append(probe_name[key] + " = " + rhs)

    for key in order:
        if key not in emitted:
            emit(key)
    lines.append(_PROBE_OPEN + ", ".join(probe_name[k] for k in order) + _PROBE_CLOSE)
    # Parsing a resource reference declares its key in the context, and a
    # reused context would rename the key the next time: use a fresh one.
    uses_resources = any(aliases[k].resources for k in order)
    context = new_context(threads=False) if uses_resources else _probe_context()
    try:
        module = ir.Module.parse("\n".join(lines), context)
    except ir.MLIRError as e:
        raise SpliceError(f"the alias probe did not parse: {e}") from None
    printed = module.operation.get_asm(assume_verified=True)

    at = printed.find(_PROBE_OPEN)
    if at < 0 or not printed.endswith(_PROBE_CLOSE):
        raise SpliceError("unexpected probe output")
    header = printed[:at]
    final = printed[at + len(_PROBE_OPEN) : -len(_PROBE_CLOSE)].split(", ")
    if len(final) != len(order):
        raise AliasPlacementError("the probe printed a different number of aliases")
    names = dict(zip(order, final, strict=True))
    key_of: dict[str, str] = {}
    for key, name in names.items():
        if not HEADER_NAME.fullmatch(name):
            raise AliasPlacementError(f"the probe printed an alias inline: {name[:80]!r}")
        key_of.setdefault(name, key)
    header_keys = []
    for line in header_definitions(header):
        name = line.split(" = ", 1)[0]
        if name not in key_of:
            raise AliasPlacementError(f"the probe printed an unexpected alias {name}")
        header_keys.append(key_of[name])
    if len(header_keys) != len(key_of):
        raise AliasPlacementError("the probe header does not define every alias")
    return AliasNaming(names, header, tuple(header_keys))


def resource_section(
    naming: AliasNaming,
    aliases: Mapping[str, AliasDef],
    pieces: Iterable[Piece],
    resources: Mapping[str, str],
) -> str:
    """The ``{-# dialect_resources ... #-}`` trailer: the referenced keys that
    have data, in the order the printer first prints a reference to them (the
    alias header first, then the module text, ``pieces`` in order)."""
    used: dict[str, None] = {}
    for key in naming.header_keys:
        used.update(dict.fromkeys(aliases[key].resources))
    for piece in pieces:
        if piece.resources:
            used.update(dict.fromkeys(piece.resources))
    entries = [f"      {k}: {resources[k]}" for k in used if k in resources]
    if not entries:
        return ""
    return (
        "\n{-#\n  dialect_resources: {\n    builtin: {\n"
        + ",\n".join(entries)
        + ("\n    }\n  }\n#-}\n")
    )


OpRef = PrintedModule | tuple[PrintedModule, int]


class Assembler:
    """Splices printed pieces into whole-module text, keeping what it can
    reuse across calls: the probe's naming (keyed by the global visit order)
    and each piece's rendered text (kept while its aliases' names stay).

    Not thread-safe: use one per thread (the probe uses a per-thread MLIR
    context). ``stats`` counts probes run and reused, pieces rendered and
    reused, for tests and ``--explain``-style reports.
    """

    def __init__(self, probe_cache_size: int = 4) -> None:
        self._namings: dict[tuple[str, ...], AliasNaming] = {}
        self._probe_cache_size = probe_cache_size
        self._rendered: dict[str, tuple[tuple[str, ...], str]] = {}
        self.stats = {"probes": 0, "probe_hits": 0, "rendered": 0, "render_hits": 0}
        # Of the last assembly: where each op's text starts and ends, and the
        # alias names used (what an incremental caller needs to splice later).
        self.last_spans: list[tuple[int, int]] = []
        self.last_names: Mapping[str, str] = {}

    def assemble(self, opening: PrintedModule, ops: Iterable[OpRef] | None = None) -> str:
        """The text MLIR prints for the module with ``opening``'s module line
        (name and attributes) and the given top-level ops, in order: a
        :class:`PrintedModule` stands for all its ops, ``(module, index)``
        for one of them. ``ops=None`` means ``opening``'s own ops.

        Returns exactly what ``get_asm(assume_verified=True)`` returns for
        that module (``iree-opt`` writes one more newline).
        """
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
        """:meth:`assemble` from pieces; ``aliases`` and ``resources`` must
        cover every key they use (see :func:`collect_definitions`)."""
        naming = self._naming(visit_order(opening, pieces), aliases)
        names = naming.names
        out = [naming.header, _render_parts(opening.parts, names), "\n"]
        pos = sum(len(x) for x in out)
        spans: list[tuple[int, int]] = []
        previous = self._rendered
        kept: dict[str, tuple[tuple[str, ...], str]] = {}
        rendered = reused = 0
        for piece in pieces:
            if len(piece.parts) == 1:
                out.append(piece.parts[0])
                spans.append((pos, pos + len(piece.parts[0])))
            else:
                local = tuple([names[k] for k in piece.keys])
                hit = kept.get(piece.digest) or previous.get(piece.digest)
                if hit is not None and hit[0] == local:
                    reused += 1
                else:
                    hit = (local, _render_parts(piece.parts, names))
                    rendered += 1
                kept[piece.digest] = hit
                out.append(hit[1])
                spans.append((pos, pos + len(hit[1])))
            pos = spans[-1][1] + 1
            out.append("\n")
        out.append("}\n")
        self.last_spans = spans
        self.last_names = names
        out.append(resource_section(naming, aliases, [opening, *pieces], resources))
        # Keep only what this module uses: the cache never outgrows it.
        self._rendered = kept
        self.stats["rendered"] += rendered
        self.stats["render_hits"] += reused
        return "".join(out)

    def _naming(self, order: tuple[str, ...], aliases: Mapping[str, AliasDef]) -> AliasNaming:
        hit = self._namings.get(order)
        if hit is not None:
            self.stats["probe_hits"] += 1
            return hit
        naming = name_aliases(order, aliases)
        self.stats["probes"] += 1
        if len(self._namings) >= self._probe_cache_size:
            del self._namings[next(iter(self._namings))]
        self._namings[order] = naming
        return naming


_default = threading.local()


def assemble(opening: PrintedModule, ops: Iterable[OpRef] | None = None) -> str:
    """:meth:`Assembler.assemble` on a per-thread default :class:`Assembler`."""
    assembler: Assembler | None = getattr(_default, "assembler", None)
    if assembler is None:
        assembler = _default.assembler = Assembler()
    return assembler.assemble(opening, ops)
