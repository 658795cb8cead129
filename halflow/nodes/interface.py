"""The ``#hal.pipeline.layout`` attribute of an export's layout."""

from __future__ import annotations

from halflow.core import stages
from halflow.nodes.layout import PipelineLayout
from halflow.nodes.tracked import tracked

STAGE = stages.INTERFACE


@tracked(STAGE)
def layout_attr_text(layout: PipelineLayout) -> str:
    """Parseable text of the layout attribute (MLIR prints it canonically)."""
    if layout.forced is not None:
        return layout.forced
    bindings = []
    for binding in layout.bindings:
        flags = binding.flags.text()
        inner = binding.type if flags is None else f"{binding.type}, {flags}"
        bindings.append(f"#hal.pipeline.binding<{inner}>")
    parts = []
    if layout.constants:
        parts.append(f"constants = {layout.constants}")
    parts.append(f"bindings = [{', '.join(bindings)}]")
    # Derived layouts always carry their flags, printed even when None.
    parts.append("flags = Indirect" if layout.indirect else "flags = None")
    return f"#hal.pipeline.layout<{', '.join(parts)}>"
