"""Reading fields out of printed HAL attributes.

The MLIR Python bindings have no accessors for IREE's HAL attributes
(``#hal.device.target``, ``#hal.executable.target``, ...). Their printed form
is canonical (MLIR prints it), so we read the few fields the pass needs from
that text: the top-level, comma-separated parameters inside ``<...>``. This is
deliberately not a parser for IR semantics; it only splits parameter lists of
attributes MLIR itself printed.
"""

from __future__ import annotations

import re

_OPEN = {"(": ")", "[": "]", "{": "}", "<": ">"}
_CLOSE = {")", "]", "}", ">"}


def split_top_level(text: str, sep: str = ",") -> list[str]:
    """Split ``text`` at ``sep`` outside of brackets and strings.

    Angle brackets count only outside parentheses, and ``->`` never closes
    one, so affine maps and integer sets inside parameters are safe.
    """
    parts: list[str] = []
    stack: list[str] = []
    start = 0
    i = 0
    n = len(text)
    while i < n:
        c = text[i]
        if c == '"':
            i += 1
            while i < n and text[i] != '"':
                i += 2 if text[i] == "\\" else 1
        elif c in _OPEN:
            if c == "<" and "(" in stack:
                pass
            else:
                stack.append(c)
        elif c in _CLOSE:
            if c == ">" and ((i > 0 and text[i - 1] == "-") or "(" in stack[-1:] or not stack):
                pass
            elif stack and _OPEN[stack[-1]] == c:
                stack.pop()
        elif c == sep and not stack:
            parts.append(text[start:i].strip())
            start = i + 1
        i += 1
    tail = text[start:].strip()
    if tail or parts:
        parts.append(tail)
    return parts


def strip_type_suffix(text: str) -> str:
    """``#hal.device.target<...> : !hal.device`` -> ``#hal.device.target<...>``."""
    parts = split_top_level(text, ":")
    return parts[0] if parts else text


def parameters(text: str, mnemonic: str) -> list[str] | None:
    """The top-level parameters of ``#mnemonic<p0, p1, ...>``, or None.

    ``text`` may carry a trailing ``: type``.
    """
    body = strip_type_suffix(text.strip())
    prefix = mnemonic + "<"
    if not body.startswith(prefix) or not body.endswith(">"):
        return None
    return split_top_level(body[len(prefix) : -1])


_STRING_RE = re.compile(r'"((?:[^"\\]|\\.)*)"')
_HEX_ESCAPE_RE = re.compile(r"\\([0-9A-Fa-f]{2})")


def unquote(text: str) -> str:
    """Decode an MLIR string literal (``"a\\22b"`` -> ``a"b``)."""
    m = _STRING_RE.fullmatch(text.strip())
    if not m:
        raise ValueError(f"not a string literal: {text!r}")
    raw = m.group(1)

    def repl(mm: re.Match[str]) -> str:
        return chr(int(mm.group(1), 16))

    raw = raw.replace("\\\\", "\x00").replace("\\n", "\n").replace("\\t", "\t")
    raw = raw.replace('\\"', '"')
    return _HEX_ESCAPE_RE.sub(repl, raw).replace("\x00", "\\")


def is_symbol_ref(text: str) -> bool:
    return text.strip().startswith("@")


# One ``@name`` of a symbol reference: bare, quoted (``@"a::b"``, which may
# hold ``::``), or how MLIR prints the empty name.
_SYMBOL_PART_RE = re.compile(r'@(?:("(?:[^"\\]|\\.)*")|(<<INVALID EMPTY SYMBOL>>)|([^\s:"@<>]+))')
# ``::`` between the parts of a nested reference.
_SYMBOL_SEP_RE = re.compile(r"\s*::\s*")


def symbol_ref_parts(text: str) -> list[str]:
    """``@a::@b::@c`` -> ``["a", "b", "c"]`` (quoted names decoded, so
    ``@"a::b"`` is the one name ``a::b``; MLIR's ``@<<INVALID EMPTY SYMBOL>>``
    is the empty name)."""
    text = text.strip()
    parts = []
    pos = 0
    while True:
        m = _SYMBOL_PART_RE.match(text, pos)
        if m is None:
            raise ValueError(f"not a symbol reference: {text!r}")
        quoted, _empty, bare = m.groups()
        parts.append(unquote(quoted) if quoted is not None else bare or "")
        pos = m.end()
        if pos == len(text):
            return parts
        sep = _SYMBOL_SEP_RE.match(text, pos)
        if sep is None or sep.end() == pos:
            raise ValueError(f"not a symbol reference: {text!r}")
        pos = sep.end()
