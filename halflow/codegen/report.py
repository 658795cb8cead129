"""What a ``.vmfb`` build shows: the ``--report`` JSON, IREE's warnings,
``--explain`` lines, the ``--trace`` file and the one-line summary."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable
from typing import Any

from halflow.codegen.results import Action, CodegenResult

PathLike = str | os.PathLike[str]


def report_data(result: CodegenResult, input: PathLike, output: PathLike,
                seconds: float) -> dict[str, Any]:
    """The JSON of ``--report`` for a ``.vmfb`` build."""
    return {**result.report, "input": str(input), "output": str(output),
            "seconds": round(seconds, 6)}


def show(result: CodegenResult, *, explain: Callable[[str], object] | None = None,
         trace: PathLike | None = None) -> None:
    """What a build prints besides its summary: IREE's warnings on stderr
    (as its tools print them), ``--explain`` lines, the ``--trace`` file."""
    from halflow.core.output import write_reported

    for line in result.warnings:
        sys.stderr.write(line + "\n")
    if explain is not None:
        for line in result.explain():
            explain(line)
    if trace is not None:
        write_reported(trace, json.dumps(result.trace()) + "\n", "trace file")


def summary(result: CodegenResult) -> str:
    """``executables: 1 compiled, 119 reused``."""
    return (f"executables: {len(result.compiled)} compiled, "
            f"{len(result.reused)} reused")


def build_line(result: CodegenResult, output: PathLike) -> str:
    """The line that ends a ``.vmfb`` build which ran something: ``built
    m.vmfb: executables: 1 compiled, 119 reused; groups: 1 serialized, 14
    reused; host reused`` (a fallback says so, and why; a plain build
    only that it was one, and why)."""
    if result.mode == "plain":  # nothing per executable ran
        return f"built {output} by one iree-compile ({result.plain})"
    how = (f" by IREE's whole-program compile ({result.fallback})"
           if result.mode == "fallback" else "")
    line = f"built {output}{how}: {summary(result)}"
    if result.groups:
        serialized = sum(g.action == Action.COMPILED for g in result.groups)
        line += f"; groups: {serialized} serialized, {len(result.groups) - serialized} reused"
    if result.host is not None:
        line += "; host " + ("compiled" if result.host.action == Action.COMPILED else "reused")
    return line
