"""IR providers: where node computations get their IR work done.

The build script is the same for both build modes; they differ in the
provider. :class:`IncrementalProvider` parses and prints only the units
executing nodes need (:mod:`halflow.engine.unit_ir`); :class:`WholeProvider`
runs the reference driver over the whole module and hands out what it found.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from halflow.asm import assembler, pieces
from halflow.core import stages
from halflow.engine.records import Assembled, Record
from halflow.engine.splice import piece_visit_fp
from halflow.engine.unit_ir import LazyIR
from halflow.nodes import plan
from halflow.nodes.facts import ExecutableFacts
from halflow.nodes.host import DispatchSite, ModuleFacts, OpSites
from halflow.nodes.tracked import IrStage
from halflow.source.toplevel import EXECUTABLE_KINDS, SplitModule


def release_memory() -> None:
    """Return freed heap memory to the operating system (glibc only)."""
    import ctypes
    import gc

    gc.collect()
    with contextlib.suppress(OSError, AttributeError):  # not glibc: nothing to do
        ctypes.CDLL("libc.so.6").malloc_trim(0)


# The engine's own IR nodes, run by :meth:`Provider.print_host` and
# :meth:`Provider.shell`: a host op printed with its dispatch annotations
# (its unit's text key, ``text``, and the annotations, its dependencies'
# values), and the module's opening (``text``: the opening and the aliases).
PRINTED = IrStage(stages.PRINT, inputs=("text",))
SHELL = IrStage(stages.SHELL, inputs=("text",))


class Provider:
    """Where node computations get their IR work done (see subclasses)."""

    whole = False

    def module_facts(self, indices: Sequence[int]) -> ModuleFacts:
        """The ``devices`` node: the module's declarations (units ``indices``)."""
        raise NotImplementedError

    def op_sites(self, index: int, owner: str, devices: ModuleFacts) -> OpSites:
        """A ``host:`` node: the dispatch sites of host unit ``index``."""
        raise NotImplementedError

    def exec_facts(self, index: int) -> ExecutableFacts:
        raise NotImplementedError

    def convert(self, index: int, facts: ExecutableFacts, p: plan.ExecutablePlan) -> Record:
        raise NotImplementedError

    def print_host(
        self, index: int, sites: Sequence[DispatchSite],
        annotations: Sequence[tuple[int, tuple[str, ...]]],
    ) -> Record:
        """Host unit ``index`` printed, its sites (``sites``) annotated."""
        raise NotImplementedError

    def shell(self) -> Record:
        raise NotImplementedError

    def assembled(self, order: list[str]) -> Assembled | None:
        """The output, when the provider has it whole (else the engine
        assembles it from the groups' printed ops)."""
        return None


class IncrementalProvider(Provider):
    """Parses and prints only what executing nodes need (per unit)."""

    def __init__(self, bench: LazyIR):
        self.bench = bench

    def module_facts(self, indices: Sequence[int]) -> ModuleFacts:
        return self.bench.declarations(indices)

    def op_sites(self, index: int, owner: str, devices: ModuleFacts) -> OpSites:
        return self.bench.op_sites(index, owner, devices.devices)

    def exec_facts(self, index: int) -> ExecutableFacts:
        return self.bench.exec_facts(index)

    def convert(self, index: int, facts: ExecutableFacts, p: plan.ExecutablePlan) -> Record:
        return self.bench.convert(index, facts, p.variants, p.layouts)

    def print_host(
        self, index: int, sites: Sequence[DispatchSite],
        annotations: Sequence[tuple[int, tuple[str, ...]]],
    ) -> Record:
        return self.bench.print_host(index, sites, annotations)

    def shell(self) -> Record:
        return self.bench.shell()


class WholeProvider(Provider):
    """The reference driver over the whole module, then cut into records."""

    whole = True

    def __init__(
        self,
        text: str,
        source: Any,
        on_executable: Callable[[int, int], None] | None = None,
    ):
        from iree.compiler import ir

        from halflow.ir import irutil
        from halflow.nodes.materialize import NativePassFailed, materialize
        from halflow.source.inputs import Case, parse_text

        context = irutil.new_context()
        with context, ir.Location.unknown():
            module = parse_text(context, Case(text, 0, 0), source)
            try:
                # IREE's own rewrites where they are the stages' (the output
                # iree-opt's by construction; the C++ pass takes a third
                # less time than the stages' rewrites in Python).
                self.mat = materialize(module, source, on_executable, native=True)
            except NativePassFailed:
                module = parse_text(context, Case(text, 0, 0), source)
                self.mat = materialize(module, source, on_executable)
            printed = irutil.print_module_bytes(module)
        # Only plain data is kept from here on: let MLIR free the module now,
        # and hand the memory back, before the output is decoded and taken
        # apart (Python allocates its objects elsewhere: without this the
        # peak is the sum).
        del module, context
        release_memory()
        self.output = irutil.decode_printed(printed)
        del printed
        self.header: assembler.PrintedModule | None = None
        self.ops: list[_PrintedOp] = []
        self.aligned = False
        self.unaligned: str | None = None  # why not aligned (a split that did not fail)

    def scan(self, split: SplitModule | None) -> None:
        """Read what the build and its state need of each printed op (the
        input's ``split``: what they are aligned with), in one pass over the
        output without keeping the ops' pieces (they would hold the whole
        text a second time; later builds cut the ops they need out of the
        output). Once the output is out: not what a caller waits for."""
        if split is None:
            return
        try:
            self.header = assembler.scan_printed(self.output, self._scanned)
        except assembler.SpliceError as e:
            self.unaligned = f"the printed output cannot be cut into top-level ops: {e}"
            return
        exec_idx = [i for i, u in enumerate(split.units) if u.kind in EXECUTABLE_KINDS]
        self.aligned = len(self.ops) == len(split.units) and exec_idx == self.mat.positions
        if not self.aligned:
            self.unaligned = (
                f"the printed output has {len(self.ops)} top-level ops where the input "
                f"split into {len(split.units)}"
            )
        self.exec_position = {i: k for k, i in enumerate(exec_idx)}

    def _scanned(self, piece: assembler.Piece, start: int, end: int) -> None:
        self.ops.append(_PrintedOp(start, end, piece_visit_fp(piece), piece.keys, piece.resources))

    def module_facts(self, indices: Sequence[int]) -> ModuleFacts:
        found = self.mat.host
        return ModuleFacts(found.devices, found.module_legacy, found.hal_exports)

    def op_sites(self, index: int, owner: str, devices: ModuleFacts) -> OpSites:
        return self.mat.by_op.get(owner, OpSites(()))

    def exec_facts(self, index: int) -> ExecutableFacts:
        return self.mat.executables[self.exec_position[index]]

    def convert(self, index: int, facts: ExecutableFacts, p: plan.ExecutablePlan) -> Record:
        return self._outline(index)

    def print_host(
        self, index: int, sites: Sequence[DispatchSite],
        annotations: Sequence[tuple[int, tuple[str, ...]]],
    ) -> Record:
        return self._outline(index)

    def _outline(self, index: int) -> Record:
        """Op ``index`` as a record without its text: the aliases and
        resources it uses (enough for :func:`pieces.mentions`; whole-module
        builds keep no printed ops, see ``Evaluator.node``)."""
        assert self.header is not None
        op = self.ops[index]
        stub = assembler.Piece("", (), op.keys, (), (), (), True, op.resources)
        header = self.header
        return assembler.op_record(
            assembler.PrintedModule(header.aliases, header.opening, (stub,), header.resources), 0
        )

    def shell(self) -> Record:
        assert self.header is not None
        return pieces.opening_only(self.header)

    def assembled(self, order: list[str]) -> Assembled:
        assert self.header is not None
        ops = self.ops
        names = {d.key: d.name for d in self.header.aliases}
        return Assembled(
            text=self.output, order=order, spans=[(op.start, op.end) for op in ops],
            visits=[op.visit for op in ops], names=names,
            has_resources=[i for i, op in enumerate(ops) if op.resources],
        )


class _PrintedOp(NamedTuple):
    start: int
    end: int
    visit: str  # see visit_fp
    keys: tuple[str, ...]
    resources: tuple[str, ...]
