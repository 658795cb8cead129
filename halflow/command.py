"""What ``halflow build`` (to MLIR) does, without the command-line framework.

:mod:`halflow.cli` parses every command line with click. The entry point
(:mod:`halflow.quick`) runs the forms build tools use on every build
(``halflow build INPUT -o OUTPUT`` with ``--cache-dir``, ``--report``,
``--trace``, ``--explain``) through :func:`build_to_mlir` directly: importing
click costs a one-edit rebuild of a large module about a tenth of its time.
Both paths call the same function, so they cannot disagree.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterator, Sequence

from halflow.output import write_stderr

TYPE_CHECKING = False
if TYPE_CHECKING:
    from halflow.diagnostics import Diagnostic, HalflowError
    from halflow.options import BuildOptions


def fail(err: HalflowError) -> None:
    """Report ``err`` (its warnings, then its errors) on stderr and exit
    with status 1."""
    write_stderr(err.render() + "\n")
    sys.exit(1)


def warn(warnings: Sequence[Diagnostic]) -> None:
    """Report the warnings of a successful build on stderr."""
    if warnings:
        write_stderr("".join(w.render() + "\n" for w in warnings))


@contextlib.contextmanager
def exit_on_interrupt() -> Iterator[None]:
    """Ctrl-C (SIGINT) ends the process at once, as the full command line
    reports it ("Aborted!", exit status 1).

    Not as a KeyboardInterrupt: Python raises that wherever the interpreter
    happens to be, including inside a callback the MLIR bindings run from
    C++ (an IR walk, a rewrite pattern), which print and swallow it and
    carry on with half a walk. Ending at once is what SIGKILL does, which
    the cache and the outputs are built to survive (transactions, atomic
    renames); files being written are removed first."""
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def interrupted(signum: int, frame: object) -> None:
        from halflow.output import discard_in_flight

        discard_in_flight()
        with contextlib.suppress(Exception):
            sys.stderr.write("\nAborted!\n")
            sys.stderr.flush()
        os._exit(1)

    previous = signal.signal(signal.SIGINT, interrupted)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def explain_line(line: str) -> None:
    sys.stderr.write(f"halflow: explain: {line}\n")


def build_to_mlir(
    input: str | None,
    output: str | None,
    options: BuildOptions,
    *,
    content: bytes | None = None,
) -> None:
    """``halflow build`` to MLIR: the output to ``output`` (stdout when
    None); a diagnosed input error exits with status 1. ``content``: the
    input's bytes when the caller already read them."""
    from halflow.builder import build_with
    from halflow.diagnostics import HalflowError

    if not options.records_nodes:
        # Nothing to reuse, nothing to keep, no node to name: the stages
        # over the whole module, without recording any node.
        _clean_build(input, output, options.split_input_file, content)
        return
    try:
        with exit_on_interrupt():
            result = build_with(input, output, options, content=content)
    except HalflowError as err:
        partial = err.partial_output
        if partial and output is None:
            sys.stdout.write(partial)
            sys.stdout.flush()
        fail(err)
        return
    warn(result.warnings)
    if output is None:
        sys.stdout.write(result.text)
        sys.stdout.flush()


def _clean_build(
    input: str | None, output: str | None, split_input_file: bool, content: bytes | None
) -> None:
    """``build --no-cache`` without --report/--trace/--explain: the
    reference driver (:func:`halflow.builder.materialize_text`), which
    produces the same output and diagnostics as a build through the engine."""
    from halflow import source as source_mod
    from halflow.builder import materialize_text
    from halflow.diagnostics import HalflowError
    from halflow.output import write_reported
    from halflow.startup import load_mlir

    warnings: tuple[Diagnostic, ...] = ()
    try:
        with exit_on_interrupt():
            if content is not None and input is not None and input != "-":
                data = source_mod.InputData(input, content)
            else:
                data = source_mod.read_input(input)
            warnings = source_mod.split_warnings(data) if split_input_file else ()
            load_mlir()
            text = materialize_text(data, split_input_file)
            if output is not None:
                write_reported(output, text, "output file")
    except HalflowError as err:
        partial = err.partial_output
        if partial and output is None:
            sys.stdout.write(partial)
            sys.stdout.flush()
        # The build's own errors carry its warnings; writing the output's do not.
        err.warnings = err.warnings or warnings
        fail(err)
        return
    warn(warnings)
    if output is None:
        sys.stdout.write(text)
        sys.stdout.flush()
