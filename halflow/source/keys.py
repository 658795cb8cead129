"""Canonical text of what a node reads, for its key.

A key must change exactly when the node's output can change. Input text
differs in ways that cannot change any output, and those are normalized away
before hashing:

- alias names: ``#map7`` and ``#map8`` with the same definition are the same
  attribute, so every alias reference is replaced by a token derived from its
  fully expanded definition (renumbered aliases still hit);
- locations: ``loc(...)`` is dropped (outputs are printed without them);
- comments, blank lines and spaces at the end of a line (MLIR's parser
  skips them, and nothing prints them);
- an executable's own symbol name: renumbered dispatches
  (``main$async_dispatch_12`` -> ``_13``) must hit. The name also prefixes the
  executable's export and function names, so every ``@name``-prefixed
  symbol (and ``"name``-prefixed string) is rewritten to a placeholder, and
  cached outputs are stored with the same placeholder and renamed back on
  use (:func:`normalize_name` / :func:`denormalize_name`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping

from halflow.core.fingerprint import fingerprint_text
from halflow.core.symbols import is_bare
from halflow.source.toplevel import ALIAS_REF_RE as _ALIAS_REF
from halflow.source.toplevel import HeaderAlias

PLACEHOLDER = "\x01"


class _Tokens(Mapping[str, str]):
    """Alias name -> canonical token, each computed when first asked for: a
    rebuild keys only the units it has not seen, which rarely refer to the
    megabyte constant pools of inline weights. A definition refers only to
    the aliases defined before it (as MLIR's parser requires), so a token
    does not depend on which were asked for first."""

    def __init__(self, aliases: Iterable[HeaderAlias]):
        self._defs = {a.name: (i, a.text) for i, a in enumerate(aliases)}
        self._tokens: dict[str, str] = {}

    def _token(self, name: str) -> str:
        token = self._tokens.get(name)
        if token is None:
            index, text = self._defs[name]
            expanded = replace_refs(text, _Before(self, index))
            token = self._tokens[name] = name[0] + "<" + fingerprint_text(expanded)[:24] + ">"
        return token

    def __getitem__(self, name: str) -> str:
        return self._token(name)

    def get(self, name: str, default: str | None = None) -> str | None:  # type: ignore[override]
        # (Mapping.get goes through __getitem__ and a KeyError: keying a
        # large module's units asks ~50,000 times)
        token = self._tokens.get(name)
        if token is not None:
            return token
        return self._token(name) if name in self._defs else default

    def __iter__(self) -> Iterator[str]:
        return iter(self._defs)

    def __len__(self) -> int:
        return len(self._defs)

    def __contains__(self, name: object) -> bool:
        return name in self._defs


class _Before(Mapping[str, str]):
    """The tokens of the aliases defined before the ``index``-th one."""

    def __init__(self, tokens: _Tokens, index: int):
        self._tokens = tokens
        self._index = index

    def __getitem__(self, name: str) -> str:
        found = self._tokens._defs.get(name)
        if found is None or found[0] >= self._index:
            raise KeyError(name)
        return self._tokens._token(name)

    def __iter__(self) -> Iterator[str]:
        return (n for n, (i, _) in self._tokens._defs.items() if i < self._index)

    def __len__(self) -> int:
        return self._index


def canonical_aliases(aliases: Iterable[HeaderAlias]) -> Mapping[str, str]:
    """Alias name -> canonical token (a hash of its expanded definition),
    computed on demand."""
    return _Tokens(aliases)


def replace_refs(text: str, canon: Mapping[str, str]) -> str:
    """``text`` with every alias reference in ``canon`` replaced by its token.

    A long text (inline weights make constant pools of megabytes) is read
    from its sigils, found with ``str.find`` (the regex alone crawls over
    it); the matches are the regex's, left to right, not overlapping."""
    if len(text) < _LONG:
        return _ALIAS_REF.sub(lambda m: canon.get(m.group(), m.group()), text)
    starts: list[int] = []
    for sigil in "#!":
        pos = text.find(sigil)
        while pos >= 0:
            starts.append(pos)
            pos = text.find(sigil, pos + 1)
    out = []
    last = 0
    for pos in sorted(starts):
        m = _ALIAS_REF.match(text, pos) if pos >= last else None
        if m is not None:
            out.append(text[last:pos])
            out.append(canon.get(m.group(), m.group()))
            last = m.end()
    out.append(text[last:])
    return "".join(out)


_LONG = 1 << 14


def strip_locations(text: str) -> str:
    """Remove ``loc(...)`` groups (balanced parentheses, strings skipped)."""
    if "loc(" not in text:
        return text
    out = []
    i = 0
    n = len(text)
    while True:
        j = text.find("loc(", i)
        if j < 0:
            out.append(text[i:])
            return "".join(out)
        if j > 0 and (text[j - 1].isalnum() or text[j - 1] in "_$.#"):
            out.append(text[i : j + 4])
            i = j + 4
            continue
        out.append(text[i:j])
        depth = 0
        k = j + 3
        while k < n:
            c = text[k]
            if c == '"':
                k += 1
                while k < n and text[k] != '"':
                    k += 2 if text[k] == "\\" else 1
            elif c == "(":
                depth += 1
            elif c == ")":
                depth -= 1
                if depth == 0:
                    break
            k += 1
        i = k + 1


_COMMENT_OR_STRING = re.compile(r'"(?:[^"\\\n]|\\.)*"|//[^\n]*')
# (one search: cheaper than `in` for each; "\t\n" alone costs 40 ms on 5 MB)
_STRIPPABLE = re.compile(r"//|\n[ \t]*\n|[ \t\r]\n")


def _may_strip(text: str) -> bool:
    """False when ``_STRIPPABLE`` cannot match ``text``: ~4x cheaper than
    the search on a printed module's units, most of which it clears (a
    blank line with spaces has " \n", with tabs a tab, a CR line end a CR)."""
    return ("//" in text or "\r" in text or "\t" in text or " \n" in text
            or "\n\n" in text)


def strip_comments(text: str) -> str:
    """``text`` without ``//`` comments (strings left alone: MLIR's strings
    do not span lines), spaces at line ends and blank lines (line by line:
    a regular expression over a whole unit costs ~15x more)."""
    if not _may_strip(text) or _STRIPPABLE.search(text) is None:
        return text
    out = []
    for line in text.split("\n"):
        if "//" in line:
            line = _COMMENT_OR_STRING.sub(_keep_strings, line)
        line = line.rstrip()
        if line:
            out.append(line)
    # (as the text would read without them: its last line end kept)
    return "\n".join(out) + ("\n" if text.endswith("\n") else "")


def _keep_strings(m: re.Match[str]) -> str:
    return m.group() if m.group()[0] == '"' else ""


def canonical_text(text: str, canon: Mapping[str, str]) -> str:
    """Alias-free, location-free, comment-free text of a unit."""
    text = strip_comments(strip_locations(text))
    return replace_refs(text, canon) if canon else text


def can_normalize(name: str | None) -> bool:
    return name is not None and is_bare(name)


def normalize_name(text: str, name: str | None) -> str:
    """Replace the executable's own name (as a symbol/string prefix)."""
    if not can_normalize(name):
        return text
    assert name is not None
    return text.replace("@" + name, "@" + PLACEHOLDER).replace('"' + name, '"' + PLACEHOLDER)


def denormalize_name(text: str, name: str | None) -> str:
    if not can_normalize(name) or PLACEHOLDER not in text:
        return text
    assert name is not None
    return text.replace("@" + PLACEHOLDER, "@" + name).replace('"' + PLACEHOLDER, '"' + name)


def unit_key(text: str, canon: Mapping[str, str], name: str | None = None) -> str:
    """Fingerprint of a unit's canonical text (name-normalized when given)."""
    return fingerprint_text(normalize_name(canonical_text(text, canon), name))


def normalize_symbol(symbol: str, name: str | None) -> str:
    """A bare symbol name with the executable's name prefix replaced."""
    if not can_normalize(name) or not symbol.startswith(name):  # type: ignore[arg-type]
        return symbol
    return PLACEHOLDER + symbol[len(name) :]  # type: ignore[arg-type]


def denormalize_symbol(symbol: str, name: str | None) -> str:
    if not can_normalize(name) or not symbol.startswith(PLACEHOLDER):
        return symbol
    return name + symbol[len(PLACEHOLDER) :]  # type: ignore[operator]
