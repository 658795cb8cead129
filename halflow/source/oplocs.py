"""Where MLIR's parser says the top-level ops of a text start.

:mod:`halflow.source.toplevel` proposes units from line structure alone; for the few
units that do not look like one printed op (an op at another indentation,
two ops on one line, ...) it asks this module, so that MLIR's parser, not a
hand-written one, decides where each op begins.
"""

from __future__ import annotations

import re

from halflow.core.diagnostics import PARSED_BUFFER_NAME

_LOC_RE = re.compile(r":(\d+):(\d+)\)$")


class DoesNotParse(ValueError):
    """MLIR's parser refused the text; ``line``, ``col``: its error position
    (1-based; 0, 0 when it gave none)."""

    def __init__(self, line: int, col: int) -> None:
        super().__init__(f"{line}:{col}: does not parse")
        self.line = line
        self.col = col


def top_level_starts(text: str) -> list[tuple[int, int]]:
    """The 1-based (line, byte column) of each top-level op of ``text``, in
    order, as the locations MLIR's parser gives them; (0, 0) for an op that
    carries a location of its own (``loc("model.py":3:4)``: MLIR's parser
    then keeps that one, and the op's place in the text is unknown). Raises
    :class:`DoesNotParse` (at MLIR's error position) when the text does not
    parse."""
    from iree.compiler import ir

    from halflow.ir import irutil
    from halflow.source.inputs import lexable

    context = irutil.new_context(threads=False)
    try:
        module = ir.Module.parse(lexable(text.encode("utf-8", "surrogateescape")), context)
    except ir.MLIRError as e:
        diagnostics = getattr(e, "error_diagnostics", None) or []
        where = _LOC_RE.search(str(diagnostics[0].location)) if diagnostics else None
        line, col = (int(where.group(1)), int(where.group(2))) if where else (0, 0)
        raise DoesNotParse(line, col) from None
    starts = []
    with context:
        for op in irutil.region_ops(module.operation):
            loc = op.location
            at_line = getattr(loc, "start_line", None)
            at_col = getattr(loc, "start_col", None)
            if (not isinstance(at_line, int) or not isinstance(at_col, int)
                    or getattr(loc, "filename", None) != PARSED_BUFFER_NAME):
                at_line = at_col = 0
            starts.append((at_line, at_col))
    return starts
