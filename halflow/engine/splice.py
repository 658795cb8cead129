"""Assembling the output: splice changed ops into the previous output, or
assemble every op's printed record (:mod:`halflow.asm.assembler` names the aliases).

A changed op that visits the same aliases in the same order as the op it
replaces keeps every alias name, so its text drops straight into the previous
output; otherwise the whole module is assembled from records.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from halflow import graph
from halflow.asm import assembler as asm
from halflow.core.fingerprint import short
from halflow.engine.records import Assembled, DocState, Fallback, Group, Record

_GENERIC_OP = re.compile(r'^ *(?:%[^"\n=]*= )?"', re.M)


def visit_fp(record: Record) -> str:
    """Fingerprint of the order in which printing the op visits aliases
    (empty when its text does not tell: generic-form ops)."""
    return piece_visit_fp(record.ops[0])


def piece_visit_fp(piece: asm.Piece) -> str:
    if any(_GENERIC_OP.search(p) for p in piece.parts[::2]):
        return ""
    return short("\0".join(piece.textual_visits))


def assemble(
    prev: DocState | None,
    groups: Sequence[Group],
    shell_group: Group,
    assembler: asm.Assembler,
) -> Assembled:
    """The output of body ``groups`` (in order) after ``shell_group``'s
    opening: spliced into ``prev``'s output when every changed op keeps its
    aliases' names, else assembled from every op's record (changed ops'
    from this build, the others' from the previous output). Raises
    :class:`Fallback` when a record is missing or cannot be placed."""
    order = [g.gid for g in groups]
    # Splice: changed ops visit the same aliases in the same order as the ops
    # they replace, so every alias keeps its name and the header stands.
    shell_unchanged = shell_group.reused or not any(
        r.changed for r in (shell_group.records or {}).values()
    )
    if prev is not None and prev.order == order and shell_unchanged:
        touches_resources = set(prev.has_resources)
        replaced: list[tuple[int, str, str]] = []
        for position, group in enumerate(groups):
            if group.piece is None:
                continue
            piece = group.piece.ops[0]
            fp = visit_fp(group.piece)
            if (
                not fp
                or fp != prev.visits[position]
                or group.piece.resources
                or position in touches_resources
                or any(k not in prev.names for k in piece.keys)
            ):
                break
            replaced.append((position, asm.render(piece, prev.names), fp))
        else:
            out: list[str] = []
            spans = list(prev.spans)
            visits = list(prev.visits)
            cursor = 0
            shift = 0
            for position, rendered, fp in replaced:
                start, end = prev.spans[position]
                out.append(prev.output[cursor:start])
                out.append(rendered)
                cursor = end
                visits[position] = fp
                spans[position] = (start + shift, start + shift + len(rendered))
                delta = len(rendered) - (end - start)
                for later in range(position + 1, len(spans)):
                    a, b = spans[later]
                    spans[later] = (a + delta, b + delta)
                shift += delta
            out.append(prev.output[cursor:])
            return Assembled(text="".join(out), order=order, spans=spans, visits=visits,
                             names=dict(prev.names), has_resources=list(prev.has_resources))

    # Full assembly from every op's record.
    shell = shell_group.piece
    if shell is None:
        record = (shell_group.records or {}).get(graph.SHELL) \
            if shell_group.records is not None else shell_group.decoded().get(graph.SHELL)
        shell = record.stored_value() if record is not None else None
    if shell is None:
        raise Fallback("no record of the module opening")
    records: list[Record] = []
    positions = {g: i for i, g in enumerate(prev.order)} if prev is not None else {}
    printed = (
        prev.printed()
        if prev is not None and any(g.piece is None and g.cached_piece is None for g in groups)
        else None
    )
    visits = []
    for group in groups:
        if group.piece is not None:
            records.append(group.piece)
            visits.append(visit_fp(group.piece))
            continue
        at = positions.get(group.gid)
        if group.cached_piece is not None and at is not None and prev is not None:
            records.append(group.cached_piece)
            visits.append(prev.visits[at])
            continue
        if printed is None or at is None or prev is None:
            raise Fallback(f"no printed text for {group.gid}")
        records.append(asm.op_record(printed, at))
        visits.append(prev.visits[at])
    try:
        text = assembler.assemble(shell, records) + "\n"
    except asm.SpliceError as e:
        raise Fallback(f"cannot assemble: {e}") from None
    with_resources = [i for i, r in enumerate(records) if r.ops[0].resources]
    return Assembled(text=text, order=order, spans=list(assembler.last_spans), visits=visits,
                     names=dict(assembler.last_names), has_resources=with_resources)
