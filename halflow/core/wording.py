"""Wording of the lines halflow prints for people."""

from __future__ import annotations

from collections.abc import Sequence


def plural(count: int, noun: str) -> str:
    """``1 executable``, ``2 executables``."""
    return f"{count} {noun}{'' if count == 1 else 's'}"


def listed(names: Sequence[str], noun: str, shown: int = 4) -> str:
    """``2 executables (@a, @b)``; beyond ``shown`` names, ``and N more``."""
    head = ", ".join(names[:shown])
    if len(names) > shown:
        head += f" and {len(names) - shown} more"
    return plural(len(names), noun) + (f" ({head})" if names else "")
