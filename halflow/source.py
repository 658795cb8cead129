"""Reading inputs: files, stdin, bytecode, and ``--split-input-file`` cases.

Parsing always goes through MLIR's own parser. Text cases are parsed with
the case's preceding lines replaced by blank lines, so every location MLIR
reports (and every location on the parsed ops) is a position in the original
file, as in ``iree-opt --split-input-file``.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from halflow.diagnostics import Diagnostic, HalflowError, SourceText, from_mlir_diagnostics

BYTECODE_MAGIC = b"ML\xefR"
SPLIT_MARKER = "// -----"
if TYPE_CHECKING:  # MLIR is imported only when something is parsed
    from iree.compiler import ir

EXAMPLE = Path(__file__).parent / "examples" / "mlp_s.mlir"


@dataclass(frozen=True)
class InputData:
    """The bytes of one input and the name diagnostics use for it."""

    name: str
    data: bytes

    @property
    def is_bytecode(self) -> bool:
        return self.data.startswith(BYTECODE_MAGIC)

    def text(self) -> str:
        """The input as text; bytes that are not UTF-8 become lone surrogates
        (``surrogateescape``) and :func:`parse_text` turns them back, so MLIR
        sees the exact input and decides, as in iree-opt, whether they are an
        error (not in comments or strings)."""
        return self.data.decode("utf-8", "surrogateescape")


def engine_text(data: InputData) -> str:
    """The input's text as the incremental engine reads it: CRLF line ends
    become LF. The engine cuts the text into top-level ops by its lines;
    MLIR reads both the same way, and dropping the CR that ends a line moves
    no token to another line or column, so outputs and diagnostics are
    unchanged."""
    text = data.text()
    return text.replace("\r\n", "\n") if "\r\n" in text else text


def read_input(path: str | os.PathLike[str] | None) -> InputData:
    """Read ``path`` (``-`` for stdin, None for the bundled example)."""
    if path is None:
        path = EXAMPLE
    if str(path) == "-":
        return InputData("<stdin>", sys.stdin.buffer.read())
    name = str(path)
    try:
        return InputData(name, Path(path).read_bytes())
    except OSError as e:
        reason = e.strerror or str(e)
        raise HalflowError(
            Diagnostic(name, 0, 0, f"cannot open input file '{name}': {reason}")
        ) from None


@dataclass(frozen=True)
class Case:
    """One ``// -----`` separated case (the whole file when not splitting)."""

    text: str
    line_offset: int  # lines before the case's first character
    col_offset: int  # columns before it on that line


def split_cases(text: str, split: bool) -> list[Case]:
    """Split like MLIR's ``splitAndProcessBuffer``: at every ``// -----``."""
    if not split:
        return [Case(text, 0, 0)]
    cases = []
    start = 0
    while True:
        end = text.find(SPLIT_MARKER, start)
        chunk = text[start : end if end >= 0 else len(text)]
        line_offset = text.count("\n", 0, start)
        col_offset = start - (text.rfind("\n", 0, start) + 1)
        cases.append(Case(chunk, line_offset, col_offset))
        if end < 0:
            return cases
        start = end + len(SPLIT_MARKER)


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
    return _parse(context, data, source)


def parse_bytecode(context: ir.Context, data: bytes, source: SourceText) -> ir.Module:
    return _parse(context, data, source)


def _parse(context: ir.Context, data: bytes, source: SourceText) -> ir.Module:
    """Parse text or bytecode; MLIR's errors, with their notes, as the bytes
    MLIR wrote (:mod:`halflow.rawdiag`: the bindings' own error capture
    raises a RuntimeError on a message quoting input that is not UTF-8)."""
    from iree.compiler import ir

    from halflow.rawdiag import capture_errors

    _single_threaded(context)
    with capture_errors(context) as errors:
        try:
            return ir.Module.parse(data, context)
        except ir.MLIRError as e:
            raise from_mlir_diagnostics(source, errors, e.message) from None
