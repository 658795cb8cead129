"""MODEL -> its materialized module (IREE's ``executable-sources`` state).

A MODEL is one of two kinds:

- ``pre-materialize``: a module as it stands right before
  ``iree-hal-materialize-interfaces`` (``stream.executable`` ops, device
  globals), like the corpus; it is used as is;
- ``program``: anything ``iree-compile`` accepts. IREE's front end brings it
  all the way to the materialized module: ``iree-compile MODEL FLAGS
  --compile-to=executable-sources --verify=false --emit-mlir-bytecode -o TMP``
  (:class:`Frontend`), which halflow parses once (:func:`parse_materialized`).
  That module is the one a plain ``iree-compile`` translates, so nothing of
  it is recomputed. Bytecode carries every location (the host keeps the
  model's) and parses several times faster than text, except where the
  model holds ``dense_resource`` literals (:func:`front_end_form`). Verification: the
  front end's per-pass verification (~30% of it) is off unless the user
  asks for it with ``--verify=true``; the parse of its output verifies the
  module once, and the outputs of a correct pipeline do not depend on
  verification (same bytes, measured).

For a pre-materialize MODEL, halflow's materialize stages run on it, and
IREE's ``iree-hal-prune-executables`` (which IREE runs right after the pass).
The module is parsed by IREE's own source manager under the model's file
name, so the host program keeps the locations a plain ``iree-compile`` gives
it.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import time
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from halflow.codegen import iree_api, strategy, tools
from halflow.codegen.flags import IreeFlags
from halflow.core import output
from halflow.core.diagnostics import Diagnostic, HalflowError, SourceText

if TYPE_CHECKING:
    from halflow.codegen.plain import WholeCompile

BYTECODE_MAGIC = b"ML\xefR"
_DENSE_RESOURCE = b"dense_resource<"
_RESOURCES = b"\n{-#"  # the start of a module's trailer of resource data
_PRE_MATERIALIZE = re.compile(rb"^\s*(?:stream\.executable|hal\.executable\.source)\b", re.M)
_DIAGNOSTIC = re.compile(r"^(.*?):(\d+):(\d+): (error|warning|note): (.*)$")
# An error line without a column (``<unknown>:0: error: ...``) or position.
_UNLOCATED_ERROR = re.compile(r"^(?:\S*: )?error\b|^\S+:\d+: error: ")


class ModelKind(StrEnum):
    AUTO = "auto"
    PROGRAM = "program"
    PRE_MATERIALIZE = "pre-materialize"


def detect_kind(data: bytes) -> ModelKind:
    """A module with a top-level ``stream.executable`` or
    ``hal.executable.source`` op and ``stream.cmd.dispatch`` ops is a
    pre-materialize module; anything else
    is a program for ``iree-compile``. Text is scanned; bytecode is parsed
    (a bytecode file that does not parse is left to ``iree-compile``)."""
    if not data.startswith(BYTECODE_MAGIC):
        # A program may hold hal.executable.source ops too (custom
        # dispatches); only a pre-materialize module dispatches through stream.
        # Ops end where the trailer of resource data begins (inline weights:
        # most of the bytes, and a regular expression's full scan of them).
        end = data.find(_RESOURCES)
        end = len(data) if end < 0 else end
        pre = (_PRE_MATERIALIZE.search(data, 0, end) is not None
               and data.find(b"stream.cmd.dispatch", 0, end) >= 0)
        return ModelKind.PRE_MATERIALIZE if pre else ModelKind.PROGRAM
    with iree_api.Invocation(()) as invocation:
        try:
            invocation.parse(data, "model.mlirbc")
        except iree_api.CompileError:
            return ModelKind.PROGRAM
        names = {op.operation.name for op in invocation.module().regions[0].blocks[0].operations}
    pre = "stream.executable" in names or {"hal.executable.source", "util.func"} <= names
    return ModelKind.PRE_MATERIALIZE if pre else ModelKind.PROGRAM


def diagnostics_from(text: str, fallback_file: str, headline: str) -> HalflowError:
    """IREE's error lines as halflow diagnostics: ``file:line:col: error:
    ...`` as they are, and every other line that reports an error (an
    unlocated ``<unknown>:0: error: ...``, a tool's ``error ...``) kept in
    IREE's words at ``fallback_file`` (a located error is often only the
    consequence of one of these: the failed write of a constant whose data
    an unlocated line names)."""
    diags: list[Diagnostic] = []
    for line in text.splitlines():
        m = _DIAGNOSTIC.match(line)
        if m:
            if m.group(4) == "error":
                diags.append(Diagnostic(m.group(1), int(m.group(2)), int(m.group(3)), m.group(5)))
        elif _UNLOCATED_ERROR.search(line):
            diags.append(Diagnostic(fallback_file, 0, 0, line.strip()))
    if not diags:
        detail = text.strip()
        diags.append(Diagnostic(fallback_file, 0, 0, headline + (":\n" + detail if detail else "")))
    return HalflowError(diags)


_LOCATED = re.compile(r"^(.*?):(\d+):(\d+): (.*)$", re.S)


def parse_errors(messages: Sequence[str], name: str) -> HalflowError:
    """The parser's error messages (``file:line:col: message``, severity
    given apart) as ``file:line:col: error: ...`` diagnostics, as
    ``iree-compile`` prints them."""
    diags = []
    for message in messages:
        m = _LOCATED.match(message)
        if m is None:
            return diagnostics_from("\n".join(messages), name, "cannot parse the model")
        diags.append(Diagnostic(m.group(1), int(m.group(2)), int(m.group(3)), m.group(4)))
    if not diags:
        return diagnostics_from("", name, "cannot parse the model")
    return HalflowError(diags)




class FrontEndForm(NamedTuple):
    """How a program's materialized module travels from IREE's front end
    (:func:`front_end_form`)."""

    as_text: bool  # as text with every location, else as bytecode
    # The program's IR in bytes of text without its resources' data, when
    # the module travels as text (what decides whether to skip the front
    # end: halflow.codegen.strategy.compiles_whole); else None.
    text_size: int | None


# Bytes of text per op in iree-turbine's exports (Electra 22 KB for 218 ops,
# RegNet 41 KB for 474, llama_serving_l2 186 KB for 2,149): a bytecode
# program's size in the terms of a text one's.
TEXT_BYTES_PER_OP = 90


def front_end_form(data: bytes, name: str) -> FrontEndForm:
    """How the materialized module of the program ``data`` (text or
    bytecode, named ``name``) must travel. IREE 3.13 folds ``dense_resource``
    constants (a registered int64 buffer, inline weights) into
    ``#util.composite`` attributes of ``util.buffer.constant`` ops, which its
    bytecode writer stores as text apart from their resources: read back,
    they name ``dense_resource<X_1>`` with no data, and the ``.vmfb`` link
    fails ("resource data missing in input IR"), though the same module as
    text compiles to the plain ``.vmfb`` byte for byte. So a program with
    such literals goes as text. A text program is scanned for them (its IR
    ends where its trailer of resource data begins); a bytecode one (what
    iree-turbine's in-process compile hands over) is parsed here and its
    ops counted (0.2 s for 100 MB of weights)."""
    if not data.startswith(BYTECODE_MAGIC):
        if data.find(_DENSE_RESOURCE) < 0:
            return FrontEndForm(False, None)
        end = data.find(_RESOURCES)
        return FrontEndForm(True, end if end >= 0 else len(data))
    ops, literals = _bytecode_census(data, name)
    return FrontEndForm(True, ops * TEXT_BYTES_PER_OP) if literals else FrontEndForm(False, None)


def _bytecode_census(data: bytes, name: str) -> tuple[int, bool]:
    """(ops, whether any op holds a ``dense_resource`` attribute) of the
    bytecode ``data``; (0, False) when it does not parse (``iree-compile``
    then says why)."""
    from iree.compiler import ir

    count, literals = 0, False

    def visit(op: Any) -> Any:
        nonlocal count, literals
        count += 1
        literals = literals or any(op.attributes[n].typeid == resource for n in op.attributes)
        return ir.WalkResult.ADVANCE

    with iree_api.Invocation(()) as invocation:
        try:
            invocation.parse(data, name)
        except iree_api.CompileError:
            return 0, False
        with invocation.context:  # (the attribute kind has no static type id to compare)
            resource = ir.Attribute.parse("dense_resource<halflow_probe> : tensor<1xi8>").typeid
        invocation.module().walk(visit)
    return count, literals


def frontend_command(model: Path, flags: IreeFlags, destination: Path,
                     *, as_text: bool = False) -> list[str]:
    """The ``iree-compile`` command that writes MODEL's materialized module
    (``executable-sources``, as bytecode, or as text with every location
    when ``as_text``: see :func:`front_end_form`) to ``destination``. Per-pass
    verification stays off unless the user's flags say ``--verify``: the
    module is verified once, when halflow parses it."""
    form = ["--mlir-print-debuginfo"] if as_text else ["--emit-mlir-bytecode"]
    return [tools.iree_compile(), str(model), *flags.all, *flags.verification,
            "--compile-to=executable-sources", *form, "-o", str(destination)]


class Frontend:
    """A running ``iree-compile`` that writes the materialized module.

    Started early (its wall time overlaps halflow's own start-up); call
    :meth:`result` to wait for the module.
    """

    def __init__(self, model: Path, flags: IreeFlags, *, as_text: bool = False):
        self.model = model
        self.started = time.perf_counter()
        self.warnings: tuple[str, ...] = ()  # iree-compile's stderr of a successful run
        # Named after this process, so that a later build removes it if this
        # one is killed (halflow.core.output.temp_folder).
        self._dir = output.temp_folder("halflow-frontend")
        self._output = self._dir / ("executable-sources" + (".mlir" if as_text else ".mlirbc"))
        self._command = frontend_command(model, flags, self._output, as_text=as_text)
        self._unverified = bool(flags.verification)
        self._process = subprocess.Popen(
            self._command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE
        )

    def result(self) -> tuple[bytes, float]:
        """(the materialized module, bytecode or text, seconds); raises
        HalflowError with IREE's diagnostics if the front-end failed."""
        try:
            _, err = self._process.communicate()
            returncode = self._process.returncode
            stderr = err.decode("utf-8", "replace")
            if returncode != 0 and self._unverified:
                returncode, stderr = self._verified()
            seconds = time.perf_counter() - self.started
            if returncode != 0:
                raise diagnostics_from(
                    stderr, str(self.model),
                    f"iree-compile could not bring the model to the pre-materialize state "
                    f"(exit status {returncode})",
                )
            self.warnings = tuple(stderr.splitlines())
            try:
                return self._output.read_bytes(), seconds
            except OSError:
                raise HalflowError(Diagnostic(
                    str(self.model), 0, 0,
                    "iree-compile did not write the materialized module",
                )) from None
        finally:
            self.close()

    def _verified(self) -> tuple[int, str]:
        """The front end run again with per-pass verification, after it
        failed without: IREE's passes may crash on invalid IR (an abort, no
        diagnostic) where the verifier names the op at fault, as a plain
        ``iree-compile`` does. (exit status, stderr); its output, if it
        succeeds, is the one the first run would have written."""
        command = [c for c in self._command if c not in ("--verify=false",)]
        done = subprocess.run(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, check=False)
        return done.returncode, done.stderr.decode("utf-8", "replace")

    def close(self) -> None:
        if self._process.poll() is None:
            self._process.kill()
            self._process.wait()
        shutil.rmtree(self._dir, ignore_errors=True)


@dataclass(frozen=True)
class Early:
    """What the entry point started before the rest of halflow loaded
    (:func:`start_early`) for ``model`` with flags ``flags``: its front end,
    or (``whole``) its whole compile; handed to the build that takes it
    (:func:`frontend`, :func:`take_whole`), else closed."""

    model: Path
    flags: tuple[str, ...]
    frontend: Frontend | None
    whole: WholeCompile | None = None

    def close(self) -> None:
        """Stop what was started (closing twice is harmless)."""
        if self.frontend is not None:
            self.frontend.close()
        if self.whole is not None:
            self.whole.close()


def take_whole(early: Early | None, model: Path, flags: IreeFlags) -> WholeCompile | None:
    """``early``'s whole compile when it was started for ``model`` with
    ``flags``; else None (``early`` is then stopped)."""
    if early is None:
        return None
    if early.whole is not None and early.model == model and early.flags == flags.all:
        return early.whole
    early.close()
    return None


def start_early(model: str, iree_flags: Sequence[str], output: str | None = None,
                last_mode: str = "") -> Early | None:
    """Start MODEL's front end now, when MODEL is a program and the flags
    are ones halflow takes: a ``halflow build --to vmfb`` that is not up to
    date launches ``iree-compile`` before it imports the command line and
    the compiler bindings (~0.2 s), which then load beside it. A program the
    build will compile whole (:func:`halflow.codegen.strategy.compiles_whole`)
    has that whole compile started instead, writing beside ``output``
    (:class:`halflow.codegen.plain.WholeCompile`). ``last_mode``: how the
    output was last built as far as the entry point knows ("groups",
    "plain" or ""; "groups" keeps this build incremental: its front end is
    started). Anything doubtful starts nothing (None: the build then starts
    it as usual)."""
    from halflow.codegen import flags as flags_mod

    try:
        flags = flags_mod.parse(iree_flags)
        with open(model, "rb") as f:
            head = f.read()
    except (OSError, HalflowError):
        return None
    # (Bytecode is left to the build: telling its kind loads the compiler.)
    if (flags.compile_from is not None or head.startswith(BYTECODE_MAGIC)
            or detect_kind(head) != ModelKind.PROGRAM):
        return None
    form = front_end_form(head, model)
    try:
        chosen = strategy.strategy_of(None)
    except HalflowError:
        return None  # the build reports it; start nothing
    try:
        stays_incremental = last_mode == "groups" and chosen == strategy.Strategy.AUTO
        if (stays_incremental
                or strategy.compiles_whole(chosen, form.text_size, last_mode == "plain") is None):
            return Early(Path(model), flags.all, Frontend(Path(model), flags,
                                                          as_text=form.as_text))
        if output is None:
            return None
        from halflow.codegen.plain import WholeCompile  # (plain imports this module)

        return Early(Path(model), flags.all, None, WholeCompile(Path(model), flags, output))
    except OSError:
        return None


def frontend(model: Path, flags: IreeFlags, early: Early | None = None, *,
             as_text: bool = False) -> Frontend:
    """The front end of ``model`` with ``flags`` (as text when ``as_text``):
    ``early``'s when it was started for them, else a new one (``early`` is
    then stopped)."""
    if early is not None:
        if early.frontend is not None and early.model == model and early.flags == flags.all:
            return early.frontend
        early.close()
    return Frontend(model, flags, as_text=as_text)


class Materialized:
    """The materialized module and the compiler session that owns its context."""

    def __init__(self, invocation: iree_api.Invocation, module: Any, source: SourceText):
        self.invocation = invocation
        self.module = module  # ir.Operation (builtin.module)
        self.source = source

    def close(self) -> None:
        self.invocation.close()


def parse_materialized(data: bytes, name: str, session_flags: tuple[str, ...]) -> Materialized:
    """Parse (and verify) the materialized module :class:`Frontend` wrote
    for the model ``name``."""
    invocation = _parsed(data, name, session_flags)
    return Materialized(invocation, invocation.module(), SourceText(name, None))


def _parsed(data: bytes, name: str, session_flags: tuple[str, ...]) -> iree_api.Invocation:
    """An invocation holding ``data`` parsed under file name ``name``;
    raises the parser's diagnostics as HalflowError (nothing left open)."""
    invocation = iree_api.Invocation(session_flags)
    try:
        invocation.parse(data, name)
    except iree_api.CompileError as e:
        invocation.close()
        raise parse_errors(e.messages, name) from None
    except BaseException:
        invocation.close()
        raise
    return invocation


def materialize(data: bytes, name: str, session_flags: tuple[str, ...]) -> Materialized:
    """Parse ``data`` (text or bytecode, under file name ``name``), run
    halflow's materialize stages and IREE's prune pass. Raises HalflowError
    on bad input."""
    from iree.compiler import ir

    from halflow.nodes.materialize import materialize as run_materialize
    from halflow.source.inputs import lexable

    data = lexable(data)  # cut inside a string, MLIR's lexer would read past the buffer
    invocation = _parsed(data, name, session_flags)
    try:
        module = invocation.module()
        text = None if data.startswith(BYTECODE_MAGIC) else data.decode("utf-8", "replace")
        source = SourceText(name, text)
        with invocation.context, ir.Location.unknown():
            run_materialize(module, source)
        # IREE prunes right after the pass; translation then sees the same
        # executables (and exports) as inside iree-compile.
        invocation.import_module(module)
        try:
            invocation.run_passes("iree-hal-prune-executables")
        except iree_api.CompileError as e:
            raise diagnostics_from(
                "\n".join(e.messages), name, "pruning executables failed") from None
        return Materialized(invocation, module, source)
    except BaseException:
        invocation.close()
        raise
