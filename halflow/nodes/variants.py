"""Variant creation plan: one ``hal.executable.variant`` per required target.

Targets are sorted stably by their symbol-name fragment (the sanitized,
lower-cased format string); a fragment already in use gets ``_0``, ``_1``...
the way MLIR's ``SymbolTable::insert`` uniquifies names.
"""

from __future__ import annotations

import functools
import re
from typing import NamedTuple

from halflow.core import attrtext, stages
from halflow.nodes.tracked import tracked

STAGE = stages.VARIANTS

_NOT_SYMBOL_CHAR = re.compile(r"[^A-Za-z0-9_]")


class Variant(NamedTuple):
    name: str
    target: str  # printed #hal.executable.target<...>


def target_fields(target: str) -> tuple[str, str, str | None]:
    """``(backend, format, configuration text or None)`` of an executable target."""
    params = attrtext.parameters(target, "#hal.executable.target")
    if not params or len(params) < 2:
        raise ValueError(f"not an executable target: {target}")
    config = params[2] if len(params) > 2 else None
    return attrtext.unquote(params[0]), attrtext.unquote(params[1]), config


@functools.lru_cache(maxsize=256)
def symbol_name_fragment(target: str) -> str:
    """IREE's ``ExecutableTargetAttr::getSymbolNameFragment``."""
    _, fmt, _ = target_fields(target)
    return _NOT_SYMBOL_CHAR.sub("_", fmt.lower())


@tracked(STAGE)
@functools.lru_cache(maxsize=256)
def plan_variants(targets: tuple[str, ...]) -> tuple[Variant, ...]:
    """Variants for an executable's required targets, in creation order.

    Memoized: every executable of a module usually needs the same targets,
    and reading a target's format out of its (large) text is not free.
    """
    ordered = sorted(targets, key=symbol_name_fragment)  # stable, like llvm::stable_sort
    used: set[str] = set()
    counter = 0
    variants = []
    for target in ordered:
        name = symbol_name_fragment(target)
        if name in used:
            while True:
                candidate = f"{name}_{counter}"
                counter += 1
                if candidate not in used:
                    name = candidate
                    break
        used.add(name)
        variants.append(Variant(name, target))
    return tuple(variants)
