"""Library entry point: ``halflow.build(...) -> BuildResult``.

The CLI is a thin layer over this module.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, field
from pathlib import Path

from iree.compiler import ir

from halflow import source as source_mod
from halflow.diagnostics import Diagnostic, HalflowError, SourceText
from halflow.materialize import materialize
from halflow.output import write_atomic

PathLike = str | os.PathLike[str]


@dataclass
class BuildResult:
    """What a build produced."""

    text: str
    output: Path | None
    seconds: float
    report: dict[str, object] = field(default_factory=dict)


def materialize_text(data: source_mod.InputData, split_input_file: bool = False) -> str:
    """Run the pass over an input; returns what ``iree-opt`` would print.

    Raises HalflowError with every case's diagnostics when any case fails;
    the error's ``partial_output`` holds the output of the cases that
    succeeded, joined as ``iree-opt --split-input-file`` joins them.
    """
    if data.is_bytecode:
        source = SourceText(data.name, None)
        context = ir.Context()
        with context, ir.Location.unknown():
            module = source_mod.parse_bytecode(context, data.data, source)
            materialize(module, source)
            return module.operation.get_asm(assume_verified=True) + "\n"

    text = data.text()
    source = SourceText(data.name, text)
    outputs: list[str] = []
    diagnostics: list[Diagnostic] = []
    for case in source_mod.split_cases(text, split_input_file):
        # A context per case, as iree-opt does: nothing leaks between cases.
        context = ir.Context()
        try:
            with context, ir.Location.unknown():
                module = source_mod.parse_text(context, case, source)
                materialize(module, source)
                outputs.append(module.operation.get_asm(assume_verified=True) + "\n")
        except HalflowError as e:
            diagnostics.extend(e.diagnostics)
            outputs.append("")
    joined = (source_mod.SPLIT_MARKER + "\n").join(outputs)
    if diagnostics:
        err = HalflowError(diagnostics)
        err.partial_output = joined  # type: ignore[attr-defined]
        raise err
    return joined


def build(
    input: PathLike | None = None,
    output: PathLike | None = None,
    *,
    split_input_file: bool = False,
) -> BuildResult:
    """Materialize interfaces for ``input`` (a path, ``-`` or None for the
    bundled example); write ``output`` atomically when given.

    Raises :class:`HalflowError` on bad input; ``output`` is then untouched.
    """
    start = time.perf_counter()
    data = source_mod.read_input(input)
    text = materialize_text(data, split_input_file)
    out_path = Path(output) if output is not None else None
    if out_path is not None:
        try:
            write_atomic(out_path, text)
        except OSError as e:
            raise HalflowError(
                Diagnostic(str(out_path), 0, 0, f"cannot write output file: {e.strerror or e}")
            ) from None
    return BuildResult(text=text, output=out_path, seconds=time.perf_counter() - start)
