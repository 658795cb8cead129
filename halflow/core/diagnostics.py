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
from typing import Protocol


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
    # Where the caret goes in ``source_line`` when not at ``col`` (LLVM's
    # SourceMgr messages cut the line at a CR but count columns from the
    # last LF, and clamp the caret to the line's end).
    caret_col: int | None = field(default=None, compare=False)

    @property
    def position(self) -> tuple[str, int, int]:
        return (self.filename, self.line, self.col)

    def render(self) -> str:
        """As MLIR's ``SourceMgrDiagnosticHandler`` prints it: a note shows
        its source line only when its position differs from the one before
        (a "see current operation" note at the op that has the error shows
        none)."""
        lines = self._render(show_source=True)
        previous = self.position
        for note in self.notes:
            lines += note._render(show_source=note.position != previous)
            previous = note.position
        return "\n".join(lines)

    def _render(self, show_source: bool) -> list[str]:
        head = f"{self.filename}:{self.line}:{self.col}: {self.severity}: {self.message}"
        if not show_source or self.source_line is None or self.line <= 0:
            return [head]
        col = self.col if self.caret_col is None else self.caret_col
        return [head, *source_excerpt(self.source_line, col)]


# OpPrintingFlags::elideLargeElementsAttrs()'s default limit.
DIAGNOSTIC_ELEMENTS_LIMIT = 16


def current_operation(op: object) -> str:
    """The note ``Operation::emitError`` attaches: the op printed with the
    flags ``Diagnostic::appendOp`` uses (generic form, local scope, elements
    attributes over 16 elements elided), on a line of its own when it takes
    several."""
    text: str = op.get_asm(  # type: ignore[attr-defined]
        print_generic_op_form=True,
        use_local_scope=True,
        large_elements_limit=DIAGNOSTIC_ELEMENTS_LIMIT,
        assume_verified=True,  # the generic form is printed unverified anyway
    )
    return "see current operation: " + ("\n" if "\n" in text else "") + text


TAB_STOP = 8  # llvm::SMDiagnostic's


def source_excerpt(line: str, col: int) -> list[str]:
    """The lines LLVM's ``SMDiagnostic::print`` shows under a diagnostic at
    1-based byte column ``col`` of ``line`` (a source line without its
    ``\n``; bytes that are not UTF-8 as lone surrogates).

    - No position (column 0, past the end of the line, or a ``\r`` before
      it): nothing, as ``SourceMgr::FindLocForLineAndColumn`` fails.
    - The shown line ends at the first ``\r``; tabs are expanded to
      8-column stops, in the caret line too.
    - A line with any byte that is not ASCII (a UTF-8 BOM, a non-ASCII
      character in a comment or string) is shown without a caret line.
    """
    raw = line.encode("utf-8", "surrogateescape")
    offset = col - 1
    if offset < 0 or offset > len(raw) or b"\r" in raw[:offset]:
        return []
    shown = raw.split(b"\r", 1)[0]
    source = _expand_tabs(shown).decode("utf-8", "surrogateescape")
    if not shown.isascii():
        return [source]
    caret = (" " * min(offset, len(shown)) + "^").encode()
    out = bytearray()
    for i, c in enumerate(caret):
        out.append(c)
        if i < len(shown) and shown[i] == 0x09:  # a tab: fill to the next stop
            while len(out) % TAB_STOP:
                out.append(c)
    return [source, out.decode()]


def _expand_tabs(line: bytes) -> bytes:
    """Tabs to spaces up to the next 8-column stop (at least one space),
    counting bytes, as LLVM's ``printSourceLine``."""
    if b"\t" not in line:
        return line
    out = bytearray()
    for piece in line.split(b"\t")[:-1]:
        out += piece
        out += b" " * (TAB_STOP - len(out) % TAB_STOP)
    out += line.rsplit(b"\t", 1)[1]
    return bytes(out)



class HalflowError(Exception):
    """An input or usage problem, described by one or more diagnostics.

    ``diagnostics`` are the errors (with their notes). ``warnings`` are what
    the same build warned about before it failed (near misses with the
    ``--split-input-file`` marker); :meth:`render` puts them first, as
    iree-opt prints them before it processes any case. ``warnings`` may be
    set after construction (a build attaches its own). ``partial_output``:
    what a ``--split-input-file`` build printed for its good cases (iree-opt
    prints them on stdout before the failing case's errors), else "".
    """

    def __init__(
        self, diagnostics: Sequence[Diagnostic] | Diagnostic, warnings: Sequence[Diagnostic] = ()
    ):
        if isinstance(diagnostics, Diagnostic):
            diagnostics = [diagnostics]
        self.diagnostics: tuple[Diagnostic, ...] = tuple(diagnostics)
        self.warnings: tuple[Diagnostic, ...] = tuple(warnings)
        self.partial_output = ""
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


# The name the bindings give the text halflow parses (ir.Module.parse).
PARSED_BUFFER_NAME = "-"


def _line_of_file(filename: str, line: int) -> str | None:
    """Line ``line`` of another file, which MLIR's source manager loads to
    show it (relative to the working directory)."""
    if line <= 0:
        return None
    try:
        with open(filename, "rb") as f:
            data = f.read()
    except (OSError, ValueError):
        return None
    return SourceText(filename, data.decode("utf-8", "surrogateescape")).line(line)


class SourceText:
    """The text of one input, for caret display and line lookups.

    :meth:`line` is the text between two ``\\n``, ``\\r`` included:
    :func:`source_excerpt` decides what of it MLIR would show."""

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
        return self._lines[line - 1]

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
        self,
        loc_text: str,
        message: str,
        severity: Severity = Severity.ERROR,
        notes: Iterable[Diagnostic] = (),
    ) -> Diagnostic:
        """A diagnostic at a printed MLIR location (``loc("-":3:5)``).

        ``-`` is the buffer halflow parses (this input); a location naming
        another file (debug locations, ``loc("model.py":7:3)``) is reported
        in that file, with its line when the file can be read, as MLIR's
        source manager does."""
        filename, line, col = parse_location(loc_text)
        if filename is None or filename in (PARSED_BUFFER_NAME, self.filename):
            return self.diagnostic(line, col, message, severity, notes)
        return Diagnostic(
            filename=filename,
            line=line,
            col=col,
            message=message,
            severity=severity,
            notes=tuple(notes),
            source_line=_line_of_file(filename, line),
        )

    def at_op(self, op: object, message: str) -> Diagnostic:
        """A diagnostic at an operation's location."""
        return self.at_location(str(op.location), message)  # type: ignore[attr-defined]

    def op_error(self, op: object, message: str) -> Diagnostic:
        """An error as MLIR's ``Operation::emitError`` reports it: at the
        op, with a note at the same place showing the op as it is now."""
        loc = str(op.location)  # type: ignore[attr-defined]
        note = self.at_location(loc, current_operation(op), Severity.NOTE)
        return self.at_location(loc, message, notes=(note,))


class EmittedDiagnostic(Protocol):
    """What MLIR emitted, as :class:`halflow.ir.rawdiag.RawDiagnostic` holds it."""

    @property
    def location(self) -> str: ...  # printed: loc("-":2:19)
    @property
    def message(self) -> str: ...
    @property
    def notes(self) -> Sequence[EmittedDiagnostic]: ...


def from_mlir_diagnostics(
    source: SourceText, errors: Sequence[EmittedDiagnostic], fallback: str
) -> HalflowError:
    """Diagnostics for the error diagnostics MLIR emitted, with every note
    MLIR attached (its "see current operation" notes too: iree-opt prints
    them). ``fallback``: the message when MLIR emitted none."""
    diags = [
        source.at_location(
            d.location,
            d.message,
            notes=tuple(
                source.at_location(n.location, _as_iree_opt_lists(n.message), Severity.NOTE)
                for n in d.notes
            ),
        )
        for d in errors
    ]
    if not diags:
        diags.append(source.diagnostic(0, 0, fallback))
    return HalflowError(diags)


_AVAILABLE_DIALECTS = "Available dialects: "
_LOADED_NOT_REGISTERED = re.compile(r"(, )?[\w.]+ \(\*\)(?(1)|(, )?)")
_LOADED_FOOTNOTE = "(* corresponding to loaded but unregistered dialects)"


def _as_iree_opt_lists(message: str) -> str:
    """MLIR's note on an unknown dialect lists the context's dialects. The
    bindings' context also has ``index`` loaded without registering it,
    which MLIR marks ``index (*)`` with a footnote; iree-opt's context has
    only the registered ones, so both go."""
    if not message.startswith(_AVAILABLE_DIALECTS) or _LOADED_FOOTNOTE not in message:
        return message
    return _LOADED_NOT_REGISTERED.sub("", message).replace(_LOADED_FOOTNOTE, "")

