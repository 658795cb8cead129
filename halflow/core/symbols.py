"""Printing symbol references exactly as MLIR does, without a context."""

from __future__ import annotations

import re

_BARE = re.compile(r"[A-Za-z_][A-Za-z0-9_$.]*\Z")


def escape(text: str) -> str:
    """MLIR's ``printEscapedString``: printable ASCII kept, ``\\`` doubled,
    everything else (``"``, control and non-ASCII bytes) as ``\\XX``."""
    out = []
    for b in text.encode("utf-8"):
        c = chr(b)
        if c == "\\":
            out.append("\\\\")
        elif 0x20 <= b < 0x7F and c != '"':
            out.append(c)
        else:
            out.append(f"\\{b:02X}")
    return "".join(out)


def symbol(name: str) -> str:
    """``@name``, quoted when ``name`` is not a bare identifier."""
    return "@" + (name if _BARE.match(name) else '"' + escape(name) + '"')


def symref(*names: str) -> str:
    """``@a::@b::@c``."""
    return "::".join(symbol(n) for n in names)


def is_bare(name: str) -> bool:
    return bool(_BARE.match(name))
