"""Reading inputs: files, stdin, bytecode, and ``--split-input-file`` cases.

Parsing always goes through MLIR's own parser. Text cases are parsed with
the case's preceding lines replaced by blank lines, so every location MLIR
reports (and every location on the parsed ops) is a position in the original
file, as in ``iree-opt --split-input-file``.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from halflow.core import blobs
from halflow.core.diagnostics import (
    Diagnostic,
    HalflowError,
    Severity,
    SourceText,
    from_mlir_diagnostics,
)

BYTECODE_MAGIC = b"ML\xefR"
SPLIT_MARKER = "// -----"
if TYPE_CHECKING:  # MLIR is imported only when something is parsed
    from iree.compiler import ir

    from halflow.core.blobs import InputBytes

EXAMPLE = Path(__file__).parent.parent / "examples" / "mlp_s.mlir"


class InputData(NamedTuple):
    """The bytes of one input and the name diagnostics use for it, with the
    snapshot they come from (:class:`halflow.core.blobs.Snapshot`: where
    and when they were read, their hash computed once)."""

    name: str
    data: InputBytes  # a large file's is a memory map of it
    snapshot: blobs.Snapshot

    @classmethod
    def of(cls, name: str, content: InputBytes | blobs.Snapshot) -> InputData:
        """``content`` (bytes, or a snapshot already taken) under ``name``."""
        snapshot = content if isinstance(content, blobs.Snapshot) else blobs.Snapshot(content)
        return cls(name, snapshot.data, snapshot)

    @property
    def is_bytecode(self) -> bool:
        return blobs.startswith(self.data, BYTECODE_MAGIC)

    def text(self) -> str:
        """The input as text; bytes that are not UTF-8 become lone surrogates
        (``surrogateescape``) and :func:`parse_text` turns them back, so MLIR
        sees the exact input and decides, as in iree-opt, whether they are an
        error (not in comments or strings)."""
        return str(self.data, "utf-8", "surrogateescape")


def engine_text(data: InputData) -> str:
    """The input's text as the incremental engine reads it: CRLF line ends
    become LF, and debug locations are left out (:mod:`halflow.source.locations`:
    the output never prints them). The engine cuts the text into top-level
    ops by its lines.

    For a valid input this changes nothing in the output: MLIR reads a CR
    before a line end as whitespace, and no token of a valid input spans it.
    Diagnostics can move, though: a string literal left open to the end of
    a line takes the CR in (MLIR's lexer stops at the LF), so its error is
    one column further right in the original, where iree-opt quotes no
    source line for it. Hence a build of a CRLF input that
    finds errors reports them from the original bytes
    (``halflow.library.build_mlir._diagnosed_from_bytes``), never from this text."""
    from halflow.source import locations

    text = data.text()
    # ("\r" first: one character is searched with memchr, ~50x faster than
    # "\r\n" in a text full of line ends)
    text = text.replace("\r\n", "\n") if "\r" in text and "\r\n" in text else text
    return locations.strip(text) if locations.has_locations(text) else text


def bytecode_as_text(data: InputData) -> InputData:
    """A bytecode input as the text MLIR prints for it: what the engine cuts
    into units, so that they are keyed on what the bytecode holds (and a
    one-executable edit rebuilds that executable). Raises
    :class:`HalflowError` when the bytecode does not parse (its diagnostics
    are then the reference driver's to give: see ``builder``)."""
    from iree.compiler import ir

    from halflow.ir import irutil

    context = irutil.new_context()
    with context, ir.Location.unknown():
        module = parse_bytecode(context, data.data, SourceText(data.name, None))
        printed = irutil.print_module_bytes(module)
    return InputData.of(data.name, printed)


def read_input(path: str | os.PathLike[str] | None) -> InputData:
    """Read ``path`` (``-`` for stdin, None for the bundled example)."""
    if path is None:
        path = EXAMPLE
    name = "<stdin>" if str(path) == "-" else str(path)
    try:
        if str(path) == "-":  # (a closed stdin: EBADF, as iree-opt says it)
            return InputData.of(name, sys.stdin.buffer.read())
        return InputData.of(name, blobs.read_snapshot(path))
    except OSError as e:
        reason = e.strerror or str(e)
        raise HalflowError(
            Diagnostic(name, 0, 0, f"cannot open input file '{path}': {reason}")
        ) from None


class Case(NamedTuple):
    """One ``// -----`` separated case (the whole file when not splitting)."""

    text: str
    line_offset: int  # lines before the case's first character
    col_offset: int  # columns (UTF-8 bytes, as MLIR counts) before it on that line


def at_case_start(
    diagnostics: Iterable[Diagnostic], case: Case, source: SourceText
) -> list[Diagnostic]:
    """``diagnostics`` of ``case`` with the ones at no position (``0:0``, the
    implicit module of a text without ``module``) placed at the case's first
    character, as iree-opt places them for every case but one that starts
    the file (its chunk is a buffer of its own, whose start is that position)."""
    if not (case.line_offset or case.col_offset):
        return list(diagnostics)
    line, col = case.line_offset + 1, case.col_offset + 1
    return [
        source.diagnostic(line, col, d.message, d.severity, d.notes)
        if (d.line, d.col) == (0, 0) and d.filename == source.filename
        else d
        for d in diagnostics
    ]


class Split(NamedTuple):
    """The cases of an input, and where a marker was almost written."""

    cases: tuple[Case, ...]
    near_misses: tuple[int, ...] = ()  # text offsets, in file order


# MLIR cuts the buffer at the marker without its last two characters, then
# decides for each cut whether the rest of a marker follows.
_CUT = SPLIT_MARKER[:-2]
_TAIL = SPLIT_MARKER[-2:]
NEAR_MISS = "near miss with file split marker"


def split_input(text: str, split: bool) -> Split:
    """The cases of ``text`` as ``iree-opt --split-input-file`` (MLIR's
    ``splitAndProcessBuffer``, 3.13) sees them, quirks included.

    The text is cut at every ``// ---``; empty pieces count. Walking the
    pieces while holding the case being built:

    - while that case is still empty (the file starts with a cut, or with
      several), the piece becomes the case, ``--`` and all: a ``// -----``
      line at the top of a file yields a case that starts with ``--`` (a
      parse error at 1:7);
    - a piece that starts with ``--``, is longer than that, and whose
      third character is not ``0`` completes a marker (MLIR tests ``'0'``,
      most likely meaning ``'-'``: ``// -----0`` is a near miss, and
      ``// ------`` splits, the next case starting at the extra ``-``): the
      case is done and the next one starts after the ``--``;
    - any other piece is a near miss, reported at its first character; the
      case goes on over the cut and the piece.

    A case is kept at the end only if it is not empty, so a file that ends
    in ``// -----`` without a newline is one case (and a near miss).
    """
    if not split:
        return Split((Case(text, 0, 0),))
    spans: list[tuple[int, int]] = []
    near: list[int] = []
    start = end = 0  # the case being built: text[start:end]
    at = 0  # where the current piece starts
    while True:
        cut = text.find(_CUT, at)
        stop = cut if cut >= 0 else len(text)
        if start == end:
            start, end = at, stop
        elif text.startswith(_TAIL, at) and stop - at > len(_TAIL) and text[at + 2] != "0":
            spans.append((start, end))
            start, end = at + len(_TAIL), stop
        else:
            near.append(at)
            end = stop
        if cut < 0:
            break
        at = cut + len(_CUT)
    if start != end:
        spans.append((start, end))
    return Split(tuple(_case(text, a, b) for a, b in spans), tuple(near))


def _columns(text: str, offset: int) -> int:
    """Columns before ``offset`` on its line, as MLIR counts them: UTF-8
    bytes since the last LF (a lone CR starts no line)."""
    piece = text[text.rfind("\n", 0, offset) + 1 : offset]
    return len(piece) if piece.isascii() else len(piece.encode("utf-8", "surrogateescape"))


def _case(text: str, start: int, end: int) -> Case:
    return Case(text[start:end], text.count("\n", 0, start), _columns(text, start))


def near_miss_warnings(text: str, split: Split, filename: str) -> tuple[Diagnostic, ...]:
    """The warnings iree-opt prints for ``split``'s near misses, before it
    processes any case."""
    warnings = []
    for offset in split.near_misses:
        # The quoted line is cut at CRs too (LLVM's SourceMgr).
        begin = max(text.rfind("\n", 0, offset), text.rfind("\r", 0, offset)) + 1
        stops = [i for i in (text.find("\n", offset), text.find("\r", offset)) if i >= 0]
        line = text[begin : min(stops, default=len(text))]
        col = _columns(text, offset) + 1
        warnings.append(Diagnostic(
            filename,
            text.count("\n", 0, offset) + 1,
            col,
            NEAR_MISS,
            Severity.WARNING,
            source_line=line,
            # Columns count from the last LF, the line from the last CR too.
            caret_col=min(col - 1, len(line.encode("utf-8", "surrogateescape"))) + 1,
        ))
    return tuple(warnings)


def split_warnings(data: InputData) -> tuple[Diagnostic, ...]:
    """The near-miss warnings of ``data`` read with ``--split-input-file``
    (none for bytecode, which halflow does not split)."""
    if data.is_bytecode or not blobs.contains(data.data, _CUT.encode()):
        return ()
    text = data.text()
    return near_miss_warnings(text, split_input(text, True), data.name)


def _single_threaded(context: ir.Context) -> None:
    """Verify on the calling thread only.

    With MLIR's thread pool, the verifier run at the end of parsing can emit a
    diagnostic from a worker thread; the Python diagnostic handler then waits
    for the GIL, which the parsing thread holds: the process hangs (seen on a
    module with a block missing its terminator inside a func in an
    executable).
    """
    context.enable_multithreading(False)


def parse_text(
    context: ir.Context, case: Case, source: SourceText
) -> ir.Module:
    """Parse one case; positions in diagnostics and locations are the file's."""
    if case.line_offset or case.col_offset:
        data = ("\n" * case.line_offset + " " * case.col_offset + case.text).encode(
            "utf-8", "surrogateescape"
        )
    else:  # one copy of a large text, not two
        data = case.text.encode("utf-8", "surrogateescape")
    return _parse(context, lexable(data), source)


_STRING_ENDS = (b"\n", b"\v", b"\f")  # what ends a string literal (an error) besides '"'
_SIMPLE_ESCAPES = frozenset(b'"\\nt')
_HEX = frozenset(b"0123456789abcdefABCDEF")


def lexable(data: bytes) -> bytes:
    """``data`` as every text parse hands it to MLIR: with a line end after
    a text cut inside a string literal (:func:`ends_in_open_string`), which
    keeps MLIR's lexer inside the buffer and gives the same first error at
    the same place. Bytecode is returned as it is."""
    if not data.startswith(BYTECODE_MAGIC) and ends_in_open_string(data):
        return data + b"\n"
    return data


def ends_in_open_string(data: bytes) -> bool:
    """Whether MLIR's lexer, reading ``data`` as text, meets its end inside
    a string literal (``"...`` cut off).

    MLIR reports that at the end (``expected '"' in string literal``) but
    leaves its read position one past the buffer; where the parser goes on
    lexing after the error (the values of a ``{-# dialect_resources #-}``
    section), it reads memory after the buffer, and iree-opt and the
    bindings alike then crash or not depending on what lies there. A line
    end after such a text puts the same error at the same position (a line
    end also ends a string) and leaves the lexer inside the buffer.

    Strings never span a line end, and neither do comments, so only the
    text after the last one is lexed here: ``"`` opens a string (outside a
    ``//`` comment, which a CR ends too), ``\\`` takes one escaped
    character or two hex digits (any other is an error that ends the
    string: lexing goes on after the backslash)."""
    start = data.rfind(b"\n") + 1  # then \v and \f only in the last line, not the whole text
    start = max([start] + [data.rfind(end, start) + 1 for end in _STRING_ENDS[1:]])
    i, n = start, len(data)
    in_string = False
    while i < n:
        c = data[i]
        i += 1
        if in_string:
            if c == 0x22:  # '"'
                in_string = False
            elif c == 0x5C:  # '\\'
                if i < n and data[i] in _SIMPLE_ESCAPES:
                    i += 1
                elif i + 1 < n and data[i] in _HEX and data[i + 1] in _HEX:
                    i += 2
                else:
                    in_string = False
        elif c == 0x22:
            in_string = True
        elif c == 0x2F and i < n and data[i] == 0x2F:  # '//': to the end of the line
            cr = data.find(b"\r", i)
            if cr < 0:
                return False
            i = cr + 1
    return in_string


def parse_bytecode(context: ir.Context, data: InputBytes, source: SourceText) -> ir.Module:
    return _parse(context, data if isinstance(data, bytes) else bytes(data), source)


def _parse(context: ir.Context, data: bytes, source: SourceText) -> ir.Module:
    """Parse text or bytecode; MLIR's errors, with their notes, as the bytes
    MLIR wrote (:mod:`halflow.ir.rawdiag`: the bindings' own error capture
    raises a RuntimeError on a message quoting input that is not UTF-8)."""
    from iree.compiler import ir

    from halflow.ir.rawdiag import capture_errors

    _single_threaded(context)
    with capture_errors(context) as errors:
        try:
            return ir.Module.parse(data, context)
        except ir.MLIRError as e:
            raise from_mlir_diagnostics(source, errors, e.message) from None
