"""Debug locations out of a module's text, before a build reads it.

A module printed with ``--mlir-print-debuginfo`` (as IREE's own dumps with
locations are) carries ``loc(...)`` after every op, block argument and
function argument, ``} loc(#loc)`` after the module, and the location
aliases (``#loc12 = loc("model.py":3:7)``) before the module and after it
(deferred: ops refer to them before their definition). The output of the
pass never prints locations (``iree-opt`` prints them only when asked), so
a build reads the text without them (:func:`strip`): the top-level ops
then split as in any module, and a unit's key is the same with or without
them. Every line keeps its place (a removed definition leaves its line
empty), and diagnostics, which ``iree-opt`` places at those locations, come
from the reference driver on the original text
(``halflow.library.build_mlir``).
"""

from __future__ import annotations

import re

# A string (skipped: a "loc(" inside one is text) or a location: optional
# spaces before it, the keyword not preceded by a name character.
_LOC_OR_STRING = re.compile(r'"(?:[^"\\\n]|\\.)*"|[ \t]*(?<![\w$.#!%^@-])loc\(')
_LOC_ALIAS_LINE = re.compile(r"^#loc[\w$.\-]* = loc\(.*$", re.M)
_PAREN_OR_STRING = re.compile(r'"(?:[^"\\\n]|\\.)*"|[()]')


_LOC = re.compile(r"loc\(")


def has_locations(text: str) -> bool:
    # (A regular expression: ``"loc(" in text`` is ~6x slower on a large
    # module, whose text is full of the needle's last character.)
    return _LOC.search(text) is not None


def strip(text: str) -> str:
    """``text`` without location aliases and ``loc(...)`` groups (strings
    left alone; lines kept). A text with an unbalanced ``loc(`` is returned
    as it is (MLIR's parser reports it)."""
    if "loc(" not in text:
        return text
    text = _LOC_ALIAS_LINE.sub("", text)
    out: list[str] = []
    pos = 0
    for m in _LOC_OR_STRING.finditer(text):
        if m.start() < pos:
            continue
        if m.group().startswith('"'):
            continue
        end = _close(text, m.end())
        if end < 0:
            return text
        out.append(text[pos : m.start()])
        pos = end
    if not out:
        return text
    out.append(text[pos:])
    return "".join(out)


def _close(text: str, pos: int) -> int:
    """The offset after the ``)`` that closes the group opened before ``pos``."""
    depth = 1
    for m in _PAREN_OR_STRING.finditer(text, pos):
        t = m.group()
        if t == "(":
            depth += 1
        elif t == ")":
            depth -= 1
            if depth == 0:
                return m.end()
        elif "\n" in t:
            return -1
    return -1
