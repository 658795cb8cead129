"""Test helpers for ``halflow.asm.assembler``: print a module's top-level ops as
separate chunks, the way the incremental engine prints them.

Kept out of the library on purpose (the brief): the engine owns how it prints
its pieces; these helpers only need to obey the contract in ``halflow.asm.assembler``.
"""

from __future__ import annotations

from collections.abc import Sequence

from iree.compiler import ir


def top_level_ops(module: ir.Module) -> list[ir.Operation]:
    return [op.operation for op in module.body.operations]


def new_module_like(module: ir.Module) -> ir.Module:
    """An empty ``builtin.module`` with ``module``'s attributes (and name)."""
    with module.context, ir.Location.unknown():
        chunk = ir.Module.create()
        attrs = module.operation.attributes
        for i in range(len(attrs)):
            named = attrs[i]
            chunk.operation.attributes[named.name] = named.attr
    return chunk


def print_chunk(module: ir.Module, ops: Sequence[ir.Operation]) -> str:
    """Print clones of ``ops`` (top-level ops of ``module``) as the only ops
    of a fresh module carrying ``module``'s attributes."""
    chunk = new_module_like(module)
    with module.context, ir.Location.unknown():
        ip = ir.InsertionPoint(chunk.body)
        for op in ops:
            op.clone(ip=ip)
    text = chunk.operation.get_asm(assume_verified=True)
    return text


def print_chunks(module: ir.Module, groups: Sequence[Sequence[int]]) -> list[str]:
    """One printed chunk per group of top-level op indices."""
    ops = top_level_ops(module)
    return [print_chunk(module, [ops[i] for i in group]) for group in groups]


def print_opening(module: ir.Module) -> str:
    """The module with no ops: its opening line and the aliases it needs."""
    return print_chunk(module, [])


def print_subset(module: ir.Module, keep: Sequence[int]) -> str:
    """Reference text for a module holding only the ops ``keep`` (in the
    module's order), printed whole by MLIR."""
    return print_chunk(module, [top_level_ops(module)[i] for i in sorted(keep)])


def print_permuted(module: ir.Module, order: Sequence[int]) -> str:
    """Reference text for the module with its top-level ops in ``order``."""
    ops = top_level_ops(module)
    return print_chunk(module, [ops[i] for i in order])
