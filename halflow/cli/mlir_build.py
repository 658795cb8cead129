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
import errno
import os
import sys
from collections.abc import Callable, Iterator, Sequence

from halflow.core.output import write_stderr

TYPE_CHECKING = False
if TYPE_CHECKING:
    from halflow.core.blobs import Snapshot
    from halflow.core.diagnostics import Diagnostic, HalflowError
    from halflow.core.options import BuildOptions
    from halflow.library.build_mlir import BuildResult


# ``verbosity`` below: the command line's, -1 with -q (errors and warnings
# only), 1 with -v (also what a quiet build does), else 0
# (:func:`halflow.cli.common_options.verbosity`, or the entry point's form).


def note(message: str, verbosity: int, level: int = 0) -> None:
    """``halflow: message`` on stderr, unless ``-q`` (``level`` 1: only
    with ``-v``)."""
    if level <= verbosity:
        write_stderr(f"halflow: {message}\n", diagnostics=False)


def shows_summary(verbosity: int) -> bool:
    """Whether a build ends with its summary line (and shows progress): on
    a terminal, or anywhere with ``-v``; never with ``-q``. Both build
    kinds (MLIR, ``.vmfb``) ask this."""
    return verbosity > 0 or (verbosity == 0 and sys.stderr.isatty())


def finished(executed: bool, explain: bool, line: Callable[[], str], verbosity: int) -> None:
    """The end of a build of either kind: ``no work to do`` when nothing ran
    (with ``-v``, or ``--explain``: it asked why things ran), else the
    summary ``line()`` when :func:`shows_summary`."""
    if not executed:
        note("no work to do", verbosity, level=0 if explain else 1)  # as Ninja says it
    elif shows_summary(verbosity):
        note(line(), verbosity)


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
    renames); files being written are removed first. A process started
    with SIGINT ignored (a background job of a non-interactive shell,
    ``nohup``-style launchers) keeps ignoring it, as Python itself does."""
    import signal
    import threading

    if (threading.current_thread() is not threading.main_thread()
            or signal.getsignal(signal.SIGINT) == signal.SIG_IGN):
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
    content: Snapshot | None = None,
    verbosity: int = 0,
) -> None:
    """``halflow build`` to MLIR: the output to ``output`` (stdout when
    None); a diagnosed input error exits with status 1. ``content``: the
    input's bytes when the caller already read them; ``options.read_only``:
    use the cache without writing to it; ``verbosity``: the command line's
    (see :func:`note`)."""
    import dataclasses

    from halflow.core.diagnostics import HalflowError
    from halflow.library.build_mlir import build_with

    if not options.records_nodes and not shows_summary(verbosity):
        # Nothing to reuse, nothing to keep, no node to name, nobody
        # watching: the stages over the whole module, without recording any
        # node (a terminal gets the engine's progress and summary line).
        _clean_build(input, output, options.split_input_file, content)
        return
    if output is None or shows_summary(verbosity):
        # What it prints after the build reads the nodes' records: no early answer.
        options = dataclasses.replace(options, answer=None)
    try:
        with exit_on_interrupt():
            result = build_with(
                input, output,
                dataclasses.replace(options, progress=False) if verbosity < 0 else options,
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
    def line() -> str:
        return change_line(result.report, input, output if result.wrote_output else None)

    if options.explain is not None and result.wrote_output and not result.executed:
        note(line(), verbosity)  # what --explain asked: why the output changed, no node to name
    else:
        finished(bool(result.executed) or result.wrote_output, options.explain is not None, line,
                 verbosity)


def dry_run_to_mlir(input: str | None, output: str | None, options: BuildOptions) -> None:
    """``halflow build -n``: on stdout, every node the next build would run
    and why (``halflow: would run NODE (STAGE): REASON``), then one line
    saying what that build would do, or ``halflow: no work to do``; writes
    nothing (:func:`halflow.library.build_mlir.dry_run`)."""
    from halflow.core.diagnostics import HalflowError
    from halflow.core.wording import plural
    from halflow.library.build_mlir import dry_run

    try:
        with exit_on_interrupt():
            plan = dry_run(input, output, options)
    except HalflowError as err:
        fail(err)
        return
    name = {None: "the example", "-": "<stdin>"}.get(input, input)
    lines = [f"would run {node} ({stage}): {reason}" for node, stage, reason in plan.executed]
    write = f"would write {output}"
    if not plan.executed:
        lines.append(f"{write} from the cache (no node would run)" if plan.writes_output
                     else "no work to do")
    else:
        if plan.mode == "whole":
            why = plan.fallback or plan.executed[0][2]
            what = f"would build {name} whole: {plural(plan.total, 'node')} ({why})"
        else:
            what = f"would rebuild {name}: {len(plan.executed)} of {plural(plan.total, 'node')}"
            if plan.fallback:
                what += f" ({plan.fallback})"
        lines.append(what + (f"; {write}" if plan.writes_output else ""))
    sys.stdout.write("".join(f"halflow: {line}\n" for line in lines))
    sys.stdout.flush()


def _write_stdout(result: BuildResult) -> None:
    """The output on stdout, chunk by chunk (an output with large weights
    is never joined into one string; see ``BuildResult.chunks``). A
    stdout that cannot take it (a full device, a closed descriptor) is
    reported as an output file that cannot be written is:
    ``<stdout>:0:0: error: cannot write output: REASON``, exit 1."""
    try:
        if sys.__stdout__ is None:  # closed when the process started (cli.process)
            raise OSError(errno.EBADF, os.strerror(errno.EBADF))
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
    except OSError as e:
        from halflow.core.diagnostics import Diagnostic, HalflowError

        # What it holds could not be written and never will: dropped (the
        # exit's flush would fail again).
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - the process's stdout from now on
        fail(HalflowError(Diagnostic("<stdout>", 0, 0,
                                     f"cannot write output: {e.strerror or e}")))


def change_line(report: dict[str, object], input: str | None, wrote: str | None = None) -> str:
    """The one line that ends a build which changed things: which
    executables and host ops, out of how many. ``wrote``: the output the
    build wrote, said when no node ran (a deleted or edited output that the
    cache rewrote, which is not "no work to do")."""
    from halflow.core.wording import listed, plural
    from halflow.graph import what_changed

    executed = report.get("executed", [])
    assert isinstance(executed, list)
    if not executed and wrote is not None:
        return f"wrote {wrote} from the cache (no node ran)"
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
    input: str | None, output: str | None, split_input_file: bool, content: Snapshot | None
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
                data = source_mod.InputData.of(input, content)
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
