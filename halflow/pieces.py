"""Printed top-level ops as cacheable records (see :mod:`halflow.asm`).

A node that prints IR (an executable's conversion, a host op after
annotation, the module's opening line) produces an ``asm.PrintedModule``
holding one op: its text split around alias references, the alias
definitions it needs and the resources it references. The module node joins
them with :class:`halflow.asm.Assembler`.
"""

from __future__ import annotations

from collections.abc import Callable

from halflow import asm


def single(printed: asm.PrintedModule) -> asm.PrintedModule:
    """The record of a chunk that holds exactly one op."""
    if len(printed.ops) != 1:
        raise asm.SpliceError(f"expected one op in the chunk, found {len(printed.ops)}")
    return printed


def opening_only(printed: asm.PrintedModule) -> asm.PrintedModule:
    """The record of a module's opening line (and the aliases it uses)."""
    keys = set(printed.opening.visits)
    aliases = tuple(d for d in printed.aliases if d.key in keys)
    return asm.PrintedModule(aliases, printed.opening, (), ())


def rename(record: asm.PrintedModule, fn: Callable[[str], str]) -> asm.PrintedModule:
    """``record`` with ``fn`` applied to its ops' literal text."""
    ops = tuple(asm.map_literals(p, fn) for p in record.ops)
    if all(a is b for a, b in zip(ops, record.ops, strict=True)):
        return record
    return asm.PrintedModule(record.aliases, record.opening, ops, record.resources)


def mentions(record: asm.PrintedModule, name: str) -> bool:
    """Whether symbol ``name`` occurs, as ``keys.normalize_name`` rewrites it
    (``@name...`` or ``"name...``), in an alias definition or resource of the
    record (where renaming does not reach). A bare substring does not count:
    ``@ex`` is not mentioned by ``#hal.executable.target<...>``."""
    needles = ("@" + name, '"' + name)
    return any(
        n in part for d in record.aliases for part in d.parts[::2] for n in needles
    ) or any(n in v for _, v in record.resources for n in needles)
