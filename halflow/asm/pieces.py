"""Printed top-level ops as cacheable records (see :mod:`halflow.asm.assembler`).

A node that prints IR (an executable's conversion, a host op after
annotation, the module's opening line) produces an ``asm.PrintedModule``
holding one op: its text split around alias references, the alias
definitions it needs and the resources it references. The module node joins
them with :class:`halflow.asm.assembler.Assembler`.
"""

from __future__ import annotations

from collections.abc import Callable

from halflow.asm import assembler


def single(printed: assembler.PrintedModule) -> assembler.PrintedModule:
    """The record of a chunk that holds exactly one op."""
    if len(printed.ops) != 1:
        raise assembler.SpliceError(f"expected one op in the chunk, found {len(printed.ops)}")
    return printed


def opening_only(printed: assembler.PrintedModule) -> assembler.PrintedModule:
    """The record of a module's opening line (and the aliases it uses)."""
    keys = set(printed.opening.visits)
    aliases = tuple(d for d in printed.aliases if d.key in keys)
    return assembler.PrintedModule(aliases, printed.opening, (), ())


def rename(record: assembler.PrintedModule, fn: Callable[[str], str]) -> assembler.PrintedModule:
    """``record`` with ``fn`` applied to its ops' literal text."""
    ops = tuple(assembler.map_literals(p, fn) for p in record.ops)
    if all(a is b for a, b in zip(ops, record.ops, strict=True)):
        return record
    return assembler.PrintedModule(record.aliases, record.opening, ops, record.resources)


def mentions(record: assembler.PrintedModule, name: str) -> bool:
    """Whether symbol ``name`` is referenced (``@name...``, ``"name...``)
    from an alias definition or resource of the record, where renaming the
    op's text does not reach."""
    needles = ("@" + name, '"' + name)
    return any(
        n in part for d in record.aliases for part in d.parts[::2] for n in needles
    ) or any(n in v for _, v in record.resources for n in needles)
