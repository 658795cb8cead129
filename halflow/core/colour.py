"""Colours on a terminal, as LLVM's tools print diagnostics there.

Only when the stream is a terminal, ``TERM`` is not ``dumb`` and
``NO_COLOR`` is unset or empty (https://no-color.org). The words never
change: colour is added around them, so a pipe or a file gets exactly the
plain text (what the tests compare with ``iree-opt``'s).
"""

from __future__ import annotations

import os
import re
from typing import TextIO

BOLD = "1"
RED = "1;31"
MAGENTA = "1;35"
GREY = "1;30"

# LLVM's WithColor: error red, warning magenta, note black (grey), all bold;
# the location and the message bold.
_SEVERITY = {"error": RED, "warning": MAGENTA, "note": GREY, "remark": "1;34"}
_DIAGNOSTIC = re.compile(r"^(\S[^\n]*?: )(error|warning|note|remark)(: )(.*)$", re.M)


def enabled(stream: TextIO) -> bool:
    """Whether to colour what goes to ``stream``."""
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def paint(text: str, style: str) -> str:
    return f"\033[{style}m{text}\033[0m"


def diagnostics(text: str) -> str:
    """``text`` with each diagnostic's head line coloured as LLVM does."""

    def head(m: re.Match[str]) -> str:
        return (paint(m.group(1), BOLD) + paint(m.group(2) + m.group(3), _SEVERITY[m.group(2)])
                + paint(m.group(4), BOLD))

    return _DIAGNOSTIC.sub(head, text)
