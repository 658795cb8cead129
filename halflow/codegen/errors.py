"""How a ``.vmfb`` build fails and warns: :class:`CodegenError` with
IREE's diagnostics at the model's locations, and IREE's in-process
warnings as its tools print them."""

from __future__ import annotations

import re
from collections.abc import Sequence

from halflow.codegen import executables, model
from halflow.core.diagnostics import Diagnostic, HalflowError, Severity, parse_location


class CodegenError(HalflowError):
    """A build to ``.vmfb`` failed; the diagnostics say where and why."""


def error(filename: str, message: str, notes: Sequence[str] = ()) -> CodegenError:
    return CodegenError(Diagnostic(
        filename, 0, 0, message,
        notes=tuple(Diagnostic(filename, 0, 0, n, Severity.NOTE) for n in notes),
    ))


def executable_error(unit: executables.ExecutableUnit, model_name: str, message: str,
                      notes: Sequence[str] = ()) -> Diagnostic:
    filename, line, col = parse_location(unit.location)
    return Diagnostic(
        filename or model_name, line, col,
        f"code generation failed for executable {unit.symbol}: {message}",
        notes=tuple(Diagnostic(filename or model_name, 0, 0, n, Severity.NOTE) for n in notes),
    )


def as_printed(message: str, name: str, kind: model.ModelKind, data: bytes) -> str:
    """An in-process IREE warning as ``iree-compile MODEL`` prints it: at the
    program's module location (``MODEL:0:0``), or at a pre-materialize
    module's first line, quoted."""
    text = re.sub(r"^\S*:\d+:\d+: ", "", message)
    if kind == model.ModelKind.PROGRAM:
        return f"{name}:0:0: warning: {text}"
    first = data.split(b"\n", 1)[0].decode("utf-8", "replace")
    return f"{name}:1:1: warning: {text}\n{first}\n^"
