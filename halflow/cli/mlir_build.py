"""What ``halflow build`` (to MLIR) does, without the command-line framework.

:mod:`halflow.cli.commandline` parses every command line with click. The entry point
(:mod:`halflow.cli.entry`) runs the forms build tools use on every build
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

from halflow.core.output import write_stderr

TYPE_CHECKING = False
if TYPE_CHECKING:
    from halflow.core.blobs import InputBytes
    from halflow.core.diagnostics import Diagnostic, HalflowError
    from halflow.core.options import BuildOptions
    from halflow.library.build_mlir import BuildResult


# -q: -1 (errors and warnings only); -v: 1 (also what a quiet build does).
VERBOSITY = 0


def note(message: str, level: int = 0) -> None:
    """``halflow: message`` on stderr, unless ``-q`` (``level`` 1: only
    with ``-v``)."""
    if level <= VERBOSITY:
        write_stderr(f"halflow: {message}\n", diagnostics=False)


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
        from halflow.core.output import discard_in_flight

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
    content: InputBytes | None = None,
) -> None:
    """``halflow build`` to MLIR: the output to ``output`` (stdout when
    None); a diagnosed input error exits with status 1. ``content``: the
    input's bytes when the caller already read them; ``options.read_only``:
    use the cache without writing to it."""
    import dataclasses

    from halflow.core.diagnostics import HalflowError
    from halflow.library.build_mlir import build_with

    if not options.records_nodes:
        # Nothing to reuse, nothing to keep, no node to name: the stages
        # over the whole module, without recording any node.
        _clean_build(input, output, options.split_input_file, content)
        return
    try:
        with exit_on_interrupt():
            result = build_with(
                input, output,
                dataclasses.replace(options, progress=False) if VERBOSITY < 0 else options,
                content=content,
            )
    except HalflowError as err:
        partial = err.partial_output
        if partial and output is None:
            sys.stdout.write(partial)
            sys.stdout.flush()
        fail(err)
        return
    warn(result.warnings)
    if output is None:
        _write_stdout(result)
    if not result.executed:
        if options.explain is not None:
            note("no work to do")  # as Ninja says it
        else:
            note("no work to do", level=1)
    elif VERBOSITY > 0 or (VERBOSITY == 0 and sys.stderr.isatty()):
        note(change_line(result.report, input))


def _write_stdout(result: BuildResult) -> None:
    """The output on stdout, chunk by chunk (an output with large weights
    is never joined into one string; see ``BuildResult.chunks``)."""
    buffer = getattr(sys.stdout, "buffer", None)
    if buffer is None:
        sys.stdout.write(result.text)
    else:
        from halflow.core.blobs import FileSpan

        sys.stdout.flush()
        for chunk in result.chunks():
            buffer.write(chunk.view if isinstance(chunk, FileSpan) else chunk)
        buffer.flush()
    sys.stdout.flush()


def change_line(report: dict[str, object], input: str | None) -> str:
    """The one line that ends a build which changed things: which
    executables and host ops, out of how many."""
    from halflow.core.wording import listed, plural
    from halflow.graph import what_changed

    executed = report.get("executed", [])
    assert isinstance(executed, list)
    changes = what_changed(run["node"] for run in executed)
    total = report.get("executables")
    name = {None: "the example", "-": "<stdin>"}.get(input, input)

    if report.get("mode") == "whole":
        why = report.get("fallback") or (executed[0]["reason"] if executed else "")
        what = plural(total, "executable") if isinstance(total, int) else "every executable"
        return f"built {name} whole: {what}" + (f" ({why})" if why else "")
    parts = [listed(names, noun) for names, noun in
             ((changes.executables, "executable"), (changes.host_ops, "host op")) if names]
    line = f"rebuilt {name}: changed " + (" and ".join(parts) or "nothing that is printed")
    if isinstance(total, int):
        reused = max(total - len(changes.executables), 0)
        line += f"; {plural(reused, 'executable')} reused"
    return line


def _clean_build(
    input: str | None, output: str | None, split_input_file: bool, content: InputBytes | None
) -> None:
    """``build --no-cache`` without --report/--trace/--explain: the
    reference driver (:func:`halflow.library.build_mlir.materialize_text`), which
    produces the same output and diagnostics as a build through the engine."""
    from halflow.core.diagnostics import HalflowError
    from halflow.core.output import write_reported
    from halflow.library.build_mlir import materialize_text
    from halflow.source import inputs as source_mod

    warnings: tuple[Diagnostic, ...] = ()
    try:
        with exit_on_interrupt():
            if content is not None and input is not None and input != "-":
                data = source_mod.InputData(input, content)
            else:
                data = source_mod.read_input(input)
            warnings = source_mod.split_warnings(data) if split_input_file else ()
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
