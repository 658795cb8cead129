"""Small helpers over the MLIR Python bindings shipped in iree-base-compiler.

Facts these encode are in ``shared/notes/mlir-python-recipes.md``: op names
must be read through ``op.operation.name`` (``OpView.name`` is shadowed on
some op classes), HAL attributes are built by parsing text, and moving IR
between contexts must go through text.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from iree.compiler import ir

from halflow.core import interrupts

# The dialects whose ops and attributes halflow creates itself (the stages
# build hal ops, parse hal/stream/util attributes and types, fold arith
# constants); every other dialect loads when the parser first meets it.
_OWN_DIALECTS = ("builtin", "hal", "stream", "util", "arith", "func")


def new_context(*, threads: bool = True) -> ir.Context:
    """A context for halflow's IR work.

    IREE's ``ir.Context()`` loads every registered dialect (IREE's and MLIR's:
    12-15 ms, a tenth of a command-line rebuild); MLIR's parser loads the
    dialects a text uses on demand, as ``iree-opt`` does, so only the
    dialects halflow builds IR of itself are loaded here (~1 ms). Printed
    output is the same (the printer only meets attributes of loaded
    dialects). ``threads=False``: no MLIR worker threads (their diagnostics
    can deadlock on the GIL when Python handles them).
    """
    context = ir.Context(load_on_create_dialects=[])
    for name in _OWN_DIALECTS:
        # (A descriptor, not ``context.dialects[name]``: that would import
        # the dialect's generated Python classes too.)
        context.get_dialect_descriptor(name)
    if not threads:
        context.enable_multithreading(False)
    return context


def print_module(module: ir.Module | ir.Operation) -> str:
    """What ``iree-opt`` prints for ``module`` (with the final newline)."""
    return decode_printed(print_module_bytes(module))


def print_module_bytes(module: ir.Module | ir.Operation) -> bytes:
    """:func:`print_module` as UTF-8 bytes (decode with :func:`decode_printed`).

    Printed through a bytes buffer: the printer hands Python about one
    chunk per token (over a million for a large module), and a ``BytesIO``
    takes them faster than the text buffer ``get_asm`` uses. A caller that
    frees the module before decoding keeps only one copy of a large output
    next to the IR.
    """
    import io

    buffer = io.BytesIO()
    module.operation.print(file=buffer, binary=True, assume_verified=True)
    buffer.write(b"\n")
    return buffer.getvalue()


def decode_printed(data: bytes) -> str:
    return data.decode("utf-8", "surrogateescape")


def walk(
    op: ir.Operation,
    visit: Callable[[ir.Operation], ir.WalkResult],
    order: ir.WalkOrder | None = None,
) -> None:
    """``op.walk(visit, order)``, with Ctrl-C held back until it returns
    (see :mod:`halflow.core.interrupts`)."""
    depth = interrupts.enter()
    try:
        if order is None:
            op.walk(visit)
        else:
            op.walk(visit, order)
    finally:
        interrupts.leave(depth)


def apply_patterns(op: ir.Operation, patterns: Any) -> None:
    """IREE's greedy rewrite driver over ``op`` (halflow's patterns are
    Python callbacks: Ctrl-C is held back as in :func:`walk`)."""
    from iree.compiler import rewrite

    with interrupts.callbacks_running():
        rewrite.apply_patterns_and_fold_greedily(op, patterns)


def attr(op: ir.Operation | ir.OpView, name: str) -> ir.Attribute | None:
    return op.operation.attributes.get(name, None)


def attr_names(op: ir.Operation | ir.OpView) -> list[str]:
    return [a if isinstance(a, str) else a.name for a in op.operation.attributes]


def str_attr(op: ir.Operation | ir.OpView, name: str) -> str | None:
    a = attr(op, name)
    return None if a is None else ir.StringAttr(a).value


def symbol_name(op: ir.Operation | ir.OpView) -> str | None:
    return str_attr(op, "sym_name")


def visibility(op: ir.Operation | ir.OpView) -> str:
    """``public`` unless ``sym_visibility`` says otherwise."""
    return str_attr(op, "sym_visibility") or "public"


def block_ops(block: ir.Block) -> list[ir.Operation]:
    """The operations of a block, as plain Operations (a stable snapshot).

    Iterating ``block.operations`` builds OpView subclasses, which imports
    each dialect's Python module on first use (~45 ms for IREE's); prefer
    :func:`region_ops`, which walks without that.
    """
    return [o.operation for o in block.operations]


def region_ops(op: ir.Operation | ir.OpView, region: int = 0) -> list[ir.Operation]:
    """Operations of the first block of ``op``'s region (empty when none)."""
    op = op.operation
    if region != 0 or len(op.regions) != 1:
        r = op.regions[region]
        blocks = list(r.blocks)
        return block_ops(blocks[0]) if blocks else []
    found: list[ir.Operation] = []
    first = True

    def visit(child: ir.Operation) -> ir.WalkResult:
        nonlocal first
        if first:  # the op itself (pre-order)
            first = False
            return ir.WalkResult.ADVANCE
        found.append(child)
        return ir.WalkResult.SKIP

    walk(op, visit, ir.WalkOrder.PRE_ORDER)
    return found


def walk_named(op: ir.Operation, name: str) -> list[ir.Operation]:
    """Every op named ``name`` nested in ``op`` (no OpView downcasts)."""
    found: list[ir.Operation] = []

    def visit(child: ir.Operation) -> ir.WalkResult:
        if child.name == name:
            found.append(child)
        return ir.WalkResult.ADVANCE

    walk(op.operation, visit)
    return found


def first_block(op: ir.Operation | ir.OpView, region: int = 0) -> ir.Block | None:
    blocks = list(op.operation.regions[region].blocks)
    return blocks[0] if blocks else None


def parents(op: ir.Operation) -> Iterator[ir.Operation]:
    """``op`` and then its ancestors, innermost first."""
    cur: ir.Operation | None = op
    while cur is not None:
        yield cur
        parent = cur.parent
        cur = parent.operation if parent is not None else None


def inner_module(op: ir.Operation) -> ir.Operation | None:
    """The ``builtin.module`` nested in an executable, if any."""
    for child in region_ops(op):
        if child.name == "builtin.module":
            return child
    return None


def lookup_in(container: ir.Operation, name: str) -> ir.Operation | None:
    """Direct child of ``container`` with symbol ``name``."""
    for child in region_ops(container):
        if symbol_name(child) == name:
            return child
    return None


class AttrParser:
    """Parses attribute text once per context (executables of a module share
    their targets and often their layouts; parsing a target is not free).
    Create one per context and drop it with the context."""

    def __init__(self) -> None:
        self._memo: dict[str, ir.Attribute] = {}

    def __call__(self, text: str) -> ir.Attribute:
        attr = self._memo.get(text)
        if attr is None:
            attr = self._memo[text] = ir.Attribute.parse(text)
        return attr


def index_attr(value: int) -> ir.Attribute:
    return ir.IntegerAttr.get(ir.IndexType.get(), value)


def loc_text(op: ir.Operation | ir.OpView) -> str:
    return str(op.operation.location)


from halflow.core.symbols import symref  # noqa: E402,F401 - re-exported for stage modules


def run_pass(op: ir.Operation, pipeline: str) -> bool:
    """Run the registered pass (or pipeline) ``pipeline`` on ``op`` in
    place, as ``iree-opt --<pipeline>`` runs it (the IR verified after it);
    whether it succeeded. Its diagnostics are dropped: a caller that needs
    them builds another way. Runs on this thread only (MLIR's workers
    would call the diagnostic handler, Python, while this thread holds the
    GIL: see :func:`new_context`)."""
    from iree.compiler import passmanager

    from halflow.ir.rawdiag import capture_errors

    context = op.context
    manager = passmanager.PassManager.parse(f"builtin.module({pipeline})", context)
    context.enable_multithreading(False)
    with capture_errors(context) as errors:
        try:
            manager.run(op)
        except ir.MLIRError:
            return False
    return not errors
