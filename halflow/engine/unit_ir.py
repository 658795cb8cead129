"""Lazy IR work for one incremental build: parse only what a node needs.

Units are parsed standalone: an executable as the module's alias header plus
its own text, the host as the whole text with the executables blanked out.
Blank lines and spaces stand in for everything left out, so every location
(and so every diagnostic) is the position in the real file. A parse that
does not yield exactly the op the text split promised raises
:class:`~halflow.engine.Fallback`-worthy :class:`UnitMismatch`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from iree.compiler import ir

from halflow.asm import assembler, pieces
from halflow.core.diagnostics import SourceText
from halflow.ir import irutil
from halflow.nodes import device_targets, executable, executable_source, host
from halflow.nodes.facts import SOURCE, ExecutableFacts, executable_facts
from halflow.nodes.layout import PipelineLayout
from halflow.nodes.variants import Variant
from halflow.source.inputs import lexable
from halflow.source.toplevel import EXECUTABLE_KINDS, SplitModule, Unit, needed_aliases

# Above this many characters of alias header, a unit is parsed with only the
# definitions it uses (below, filtering costs more than it saves).
_LARGE_HEADER = 1 << 16

# A symbol a host op names (`@name`, `@"quoted name"`), and the visibility
# of a function's signature line (a declaration must be private).
_SYMBOL_REF = re.compile(r'@([A-Za-z_$.][\w$.\-]*|"(?:[^"\\]|\\.)*")')
_VISIBILITY = re.compile(r"^(\S+)\s+(?:(?:public|private|nested)\s+)?@")


class UnitMismatch(Exception):
    """A unit's text did not parse to the single op the split promised."""


class LazyIR:
    def __init__(self, text: str, split: SplitModule, source: SourceText):
        self.text = text
        self.split = split
        self.source = source
        self._context: ir.Context | None = None
        self._exec_ops: dict[int, ir.Operation] = {}  # unit index -> parsed op
        self._host: dict[int, ir.Operation] | None = None  # the whole host's ops
        self._host_ops: dict[int, ir.Operation] = {}  # host unit index -> parsed op
        self._dispatches: dict[int, list[ir.Operation]] = {}  # its dispatch sites' ops
        self._symbols: dict[str, int] | None = None  # top-level symbol -> unit index
        self._keep: list[ir.Module] = []  # modules whose ops we hand out
        self._shells: dict[ir.Context, ir.Module] = {}
        # Attribute parsers are per context (attributes cannot cross contexts).
        self._parsers: dict[ir.Context, irutil.AttrParser] = {}

    @property
    def context(self) -> ir.Context:
        if self._context is None:
            self._context = irutil.new_context(threads=False)
        return self._context

    def _parse(self, text: str, own_context: bool = False) -> ir.Module:
        """Parse ``text``; ``own_context`` for text carrying dialect
        resources: a context that already holds a resource key renames the
        next one it parses (``k`` becomes ``k_1``), so each gets its own.

        A unit that does not parse only makes the build fall back to the
        whole module, whose parse reports the error exactly (as MLIR wrote
        it: :func:`halflow.source.inputs.parse_text`); here the bindings' own
        capture names it, which spares each rebuild the C-API handler
        (ctypes, ~4 ms to import). Single-threaded, as every parse halflow
        reports from (see ``source._single_threaded``)."""
        context = irutil.new_context(threads=False) if own_context else self.context
        module = self._parse_in(context, text)
        self._keep.append(module)
        return module

    def _parse_in(self, context: ir.Context, text: str) -> ir.Module:
        data = lexable(text.encode("utf-8", "surrogateescape"))
        try:
            with context, ir.Location.unknown():
                module = ir.Module.parse(data, context)
        except ir.MLIRError as e:
            raise UnitMismatch(
                "; ".join(
                    self.source.at_location(str(d.location), d.message).render()
                    for d in e.error_diagnostics
                ) or e.message
            ) from None
        except RuntimeError as e:  # a message quoting bytes that are not UTF-8
            raise UnitMismatch(f"the unit does not parse alone: {e}") from None
        return module

    def _unit_text(self, unit: Unit) -> str:
        """The unit alone, at its position, after the alias header (only
        the definitions it uses when the header is large: inline weights
        make constant pools of megabytes that no executable refers to)."""
        split = self.split
        lines_between = self.text.count("\n", split.header_end, unit.start)
        body = unit.text(self.text)
        header, uses_resources = self._header_for(body)
        trailer = split.trailer if uses_resources else ""
        pad = "\n" * lines_between + " " * (unit.col - 1)
        return header + pad + body + ("\n" + trailer if trailer else "")

    def _header_for(self, text: str) -> tuple[str, bool]:
        """The alias header to parse ``text`` after (lines kept: only the
        definitions it uses when the header is large; inline weights make
        constant pools of megabytes that no executable refers to), and
        whether ``text`` or those definitions refer to dialect resources."""
        split = self.split
        header = self.text[: split.header_end]
        uses_resources = "dense_resource<" in text
        if len(header) <= _LARGE_HEADER:
            if not uses_resources and "dense_resource<" in header:
                # Through an alias (a constant pool of inline weights).
                uses_resources = any(
                    "dense_resource<" in a.text for a in needed_aliases(split, text)
                )
            return header, uses_resources
        kept = []
        pos = 0
        for alias in needed_aliases(split, text):
            kept.append("\n" * header.count("\n", pos, alias.start))
            kept.append(header[alias.start : alias.end])
            pos = alias.end
            uses_resources = uses_resources or "dense_resource<" in alias.text
        kept.append("\n" * header.count("\n", pos))
        return "".join(kept), uses_resources

    def exec_op(self, index: int) -> ir.Operation:
        op = self._exec_ops.get(index)
        if op is not None:
            return op
        unit = self.split.units[index]
        text = self._unit_text(unit)
        module = self._parse(text, own_context="{-#" in text)
        ops = irutil.region_ops(module.operation)
        if len(ops) != 1 or ops[0].name != unit.kind or irutil.symbol_name(ops[0]) != unit.symbol:
            raise UnitMismatch(f"{unit.line}:{unit.col}: the unit is not one {unit.kind}")
        self._exec_ops[index] = ops[0]
        return ops[0]

    def exec_facts(self, index: int) -> ExecutableFacts:
        return executable_facts(self.exec_op(index))

    def _subset_text(self, indices: Sequence[int], extra: str = "") -> str:
        """The module (its aliases and opening) with only the units
        ``indices``, each at its position in the file, then ``extra``
        (declarations the units refer to)."""
        split, text = self.split, self.text
        chunks: list[str] = []
        pos = split.body_start
        for i in indices:
            unit = self.split.units[i]
            chunks.append("\n" * text.count("\n", pos, unit.start) + " " * (unit.col - 1))
            chunks.append(unit.text(text))
            pos = unit.end
        body = "".join(chunks) + "\n" + extra
        opening = text[split.header_end : split.body_start]
        header, uses_resources = self._header_for(opening + body)
        close = "}\n" if split.module_open is not None else ""
        trailer = split.trailer if uses_resources else ""
        return header + opening + body + close + ("\n" + trailer if trailer else "")

    def _parse_units(
        self, indices: Sequence[int], extra: str = ""
    ) -> tuple[ir.Operation, list[ir.Operation]]:
        """Parse the units ``indices`` (and ``extra`` after them) as one
        module: the module and the units' ops, checked against the split."""
        text = self._subset_text(indices, extra)
        module = self._parse(text, own_context="{-#" in text).operation
        ops = irutil.region_ops(module)
        units = self.split.units
        for k, i in enumerate(indices):
            u = units[i]
            op = ops[k] if k < len(ops) else None
            if op is None or op.name != u.kind or irutil.symbol_name(op) != u.symbol:
                found = f"a {op.name}" if op is not None else "no op"
                raise UnitMismatch(
                    f"{u.line}:{u.col}: the parse has {found} where the text split"
                    f" has a {u.kind or 'unit'}"
                )
        if not extra and len(ops) != len(indices):
            raise UnitMismatch(
                f"the parse has {len(ops)} top-level ops, the text split {len(indices)}"
            )
        return module, ops[: len(indices)]

    def declarations(self, indices: Sequence[int]) -> host.ModuleFacts:
        """The module's declarations (device globals, hal.executable ops:
        units ``indices``) and its opening, read as the ``devices`` node."""
        module, ops = self._parse_units(indices)
        return host.module_facts(module, ops)

    def host_op(self, index: int) -> ir.Operation:
        """Host unit ``index`` parsed alone (with declarations of the globals
        and functions it names, which MLIR's verifier looks up), or, when
        that does not parse, out of a parse of the whole host."""
        op = self._host_ops.get(index)
        if op is None:
            try:
                op = self._parse_units([index], self._declarations_for(index))[1][0]
            except UnitMismatch:
                op = self._whole_host()[index]
            self._host_ops[index] = op
        return op

    def _declarations_for(self, index: int) -> str:
        """Text declaring what host unit ``index`` names: the globals (their
        own text) and functions (their signature line, as a private
        declaration) among the module's top-level ops."""
        if self._symbols is None:
            self._symbols = {
                u.symbol: i for i, u in enumerate(self.split.units) if u.symbol is not None
            }
        units, text = self.split.units, self.text
        own = units[index].symbol
        out: list[str] = []
        for name in dict.fromkeys(_SYMBOL_REF.findall(text, units[index].start, units[index].end)):
            j = self._symbols.get(name)
            if j is None and name.startswith('"'):
                j = self._symbols.get(name[1:-1])
            if j is None or units[j].symbol == own:
                continue
            kind = units[j].kind
            if kind == "util.global":
                out.append(units[j].text(text))
            elif kind in ("util.func", "func.func"):
                line = units[j].text(text).split("\n", 1)[0].rstrip()
                if line.endswith("{"):
                    out.append(_VISIBILITY.sub(r"\1 private @", line[:-1].rstrip(), count=1))
        return "".join(o + "\n" for o in out)

    def _whole_host(self) -> dict[int, ir.Operation]:
        """Every host unit's op, from one parse of the host (everything but
        the executables), by unit index."""
        if self._host is None:
            indices = [
                i for i, u in enumerate(self.split.units) if u.kind not in EXECUTABLE_KINDS
            ]
            self._host = dict(zip(indices, self._parse_units(indices)[1], strict=True))
        return self._host

    def op_sites(
        self, index: int, owner: str, devices: device_targets.DeviceTable
    ) -> host.OpSites:
        """The dispatch sites of host unit ``index`` (named ``owner``)."""
        found, dispatches = host.analyze_op(self.host_op(index), owner, devices)
        self._dispatches[index] = dispatches
        return found

    def convert(
        self,
        index: int,
        facts: ExecutableFacts,
        plan_variants: Sequence[Variant],
        layouts: Sequence[PipelineLayout],
    ) -> assembler.PrintedModule:
        """Convert one executable (or leave it alone) and print it."""
        op = self.exec_op(index)
        new = op
        with op.context, ir.Location.unknown():
            if plan_variants:
                if facts.kind == SOURCE:
                    new, _ = executable_source.convert(op, plan_variants, self._parser(op))
                else:
                    named = dict(zip((e.name for e in facts.exports), layouts, strict=True))
                    new, _ = executable.convert(op, plan_variants, named, self._parser(op))
                self._exec_ops.pop(index, None)
        return self.print_alone(new)

    def print_host(
        self, index: int, sites: Sequence[host.DispatchSite],
        annotations: Sequence[tuple[int, tuple[str, ...]]],
    ) -> assembler.PrintedModule:
        """Print host unit ``index`` after setting the entry points of its
        dispatch sites (``annotations``: the site's index among ``sites``,
        its new entry points)."""
        op = self.host_op(index)
        if annotations:
            dispatches = self._dispatches.get(index)
            if dispatches is None:
                dispatches = host.find_dispatches(op)
            from halflow.nodes.materialize import set_entry_points

            with op.context, ir.Location.unknown():
                for k, refs in annotations:
                    if refs != sites[k].entry_points:
                        set_entry_points(dispatches[k], refs, self._parser(dispatches[k]))
        return self.print_alone(op)

    def _parser(self, op: ir.Operation) -> irutil.AttrParser:
        parser = self._parsers.get(op.context)
        if parser is None:
            parser = self._parsers[op.context] = irutil.AttrParser()
        return parser

    def _shell_module(self, context: ir.Context | None = None) -> ir.Module:
        """An empty module with the input module's name and attributes (in
        ``context``: ops move only within their own context)."""
        context = context or self.context
        shell = self._shells.get(context)
        if shell is None:
            opening = self.split.module_open or "module {"
            header, _ = self._header_for(opening)
            text = header + opening + "\n}\n"
            shell = self._parse_in(context, text)
            self._keep.append(shell)
            self._shells[context] = shell
        return shell

    def print_alone(self, op: ir.Operation) -> assembler.PrintedModule:
        """Print ``op`` as the only op of a module carrying the output
        module's attributes (as :mod:`halflow.asm.assembler` wants its chunks)."""
        shell = self._shell_module(op.context)
        with op.context, ir.Location.unknown():
            chunk = shell.operation.clone()
            op.detach_from_parent()
            chunk.regions[0].blocks[0].append(op)
            text = chunk.get_asm(assume_verified=True)
            chunk.erase()
        try:
            return pieces.single(assembler.parse_printed(text))
        except assembler.SpliceError as e:
            raise UnitMismatch(f"printed op cannot be spliced: {e}") from None

    def shell(self) -> assembler.PrintedModule:
        """The record of the module's opening line (and the aliases it uses)."""
        text = self._shell_module().operation.get_asm(assume_verified=True)
        try:
            return pieces.opening_only(assembler.parse_printed(text))
        except assembler.SpliceError as e:
            raise UnitMismatch(f"module opening cannot be spliced: {e}") from None
