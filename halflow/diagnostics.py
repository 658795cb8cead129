"""Diagnostics in MLIR's format: ``file:line:col: error: message``.

Every error halflow reports about its input goes through :class:`Diagnostic`
and is raised as :class:`HalflowError`. The CLI prints them to stderr and exits
with status 1; the library raises them. No Python traceback reaches a user
for bad input.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"
    NOTE = "note"
    REMARK = "remark"


@dataclass(frozen=True)
class Diagnostic:
    """One diagnostic at a source position (line/col are 1-based, 0 = unknown)."""

    filename: str
    line: int
    col: int
    message: str
    severity: Severity = Severity.ERROR
    notes: tuple[Diagnostic, ...] = ()
    # The source line the position points into, for the caret display.
    source_line: str | None = field(default=None, compare=False)

    def render(self) -> str:
        head = f"{self.filename}:{self.line}:{self.col}: {self.severity}: {self.message}"
        lines = [head]
        if self.source_line is not None and self.line > 0:
            lines += quote_source(self.source_line, self.col)
        for note in self.notes:
            lines.append(note.render())
        return "\n".join(lines)


TAB_STOP = 8


def _expand_tabs(text: str, source: str) -> str:
    """``text`` (the quoted source line or its caret line) with the column
    of every tab of ``source`` widened to the next tab stop, so that the
    quote and the caret under it line up. A tab becomes spaces; a caret
    line repeats its own character there."""
    out: list[str] = []
    width = 0
    for i, ch in enumerate(text):
        fill = " " if ch == "\t" else ch
        n = 1
        if i < len(source) and source[i] == "\t":
            n += -(width + 1) % TAB_STOP
        out.append(fill * n)
        width += n
    return "".join(out)


def quote_source(line: str, col: int) -> list[str]:
    """The quoted source line and its caret line under column ``col``
    (1-based, in bytes), as LLVM's ``SMDiagnostic::print`` shows them:
    tabs widened to multiples of 8; the caret at the end of the line when
    ``col`` is past it; and no caret line at all when the line holds a
    non-ASCII byte (LLVM would misplace it, so it leaves it out)."""
    if not line.isascii():
        return [_expand_tabs(line, line)]
    caret = " " * min(max(col - 1, 0), len(line)) + "^"
    return [_expand_tabs(line, line), _expand_tabs(caret, line)]


class HalflowError(Exception):
    """An input or usage problem, described by one or more diagnostics.

    ``diagnostics`` are the errors (with their notes). ``warnings`` are what
    the same build warned about before it failed (near misses with the
    ``--split-input-file`` marker); :meth:`render` puts them first, as
    iree-opt prints them before it processes any case. ``warnings`` may be
    set after construction (a build attaches its own).
    """

    def __init__(
        self, diagnostics: Sequence[Diagnostic] | Diagnostic, warnings: Sequence[Diagnostic] = ()
    ):
        if isinstance(diagnostics, Diagnostic):
            diagnostics = [diagnostics]
        self.diagnostics: tuple[Diagnostic, ...] = tuple(diagnostics)
        self.warnings: tuple[Diagnostic, ...] = tuple(warnings)
        super().__init__(self.render())

    def __str__(self) -> str:
        return self.render()

    def render(self) -> str:
        return "\n".join(d.render() for d in (*self.warnings, *self.diagnostics))


_LOC_RE = re.compile(r'loc\("((?:[^"\\]|\\.)*)":(\d+):(\d+)(?:\s+to\s+[^)]*)?\)')


def parse_location(loc_text: str) -> tuple[str | None, int, int]:
    """Extract ``(filename, line, col)`` from a printed MLIR location.

    Returns ``(None, 0, 0)`` for locations without a file position (unknown,
    name-only). For fused/callsite locations the first file position wins,
    which is what MLIR's own source manager handler reports.
    """
    m = _LOC_RE.search(loc_text)
    if not m:
        return None, 0, 0
    return m.group(1), int(m.group(2)), int(m.group(3))


class SourceText:
    """The text of one input, for caret display and line lookups."""

    def __init__(self, filename: str, text: str | None):
        self.filename = filename
        self._text = text
        self._lines: list[str] | None = None  # split on first use (errors only)

    def line(self, line: int) -> str | None:
        if self._text is None or line <= 0:
            return None
        if self._lines is None:
            self._lines = self._text.split("\n")
        if line > len(self._lines):
            return None
        return self._lines[line - 1].rstrip("\r")

    def diagnostic(
        self,
        line: int,
        col: int,
        message: str,
        severity: Severity = Severity.ERROR,
        notes: Iterable[Diagnostic] = (),
    ) -> Diagnostic:
        return Diagnostic(
            filename=self.filename,
            line=line,
            col=col,
            message=message,
            severity=severity,
            notes=tuple(notes),
            source_line=self.line(line),
        )

    def at_location(
        self, loc_text: str, message: str, severity: Severity = Severity.ERROR
    ) -> Diagnostic:
        """A diagnostic at a printed MLIR location (``loc("-":3:5)``)."""
        _, line, col = parse_location(loc_text)
        return self.diagnostic(line, col, message, severity)

    def at_op(self, op: object, message: str) -> Diagnostic:
        """A diagnostic at an operation's location."""
        return self.at_location(str(op.location), message)  # type: ignore[attr-defined]


def from_mlir_error(source: SourceText, err: object) -> HalflowError:
    """Convert an ``ir.MLIRError`` raised by the parser into diagnostics."""
    diags: list[Diagnostic] = []
    for d in getattr(err, "error_diagnostics", ()) or ():
        notes = tuple(
            source.at_location(str(n.location), n.message, Severity.NOTE)
            for n in d.notes
            # MLIR's "see current operation" notes dump generic IR; they help
            # nobody reading a parse error in their own file.
            if not n.message.startswith("see current operation")
        )
        _, line, col = parse_location(str(d.location))
        diags.append(source.diagnostic(line, col, d.message, notes=notes))
    if not diags:
        diags.append(source.diagnostic(0, 0, str(getattr(err, "message", err))))
    return HalflowError(diags)
