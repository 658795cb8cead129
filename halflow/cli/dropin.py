"""The drop-in: ``halflow iree-compile ARGS``, ``halflow iree-opt ARGS``,
``halflow shim-dir``, and the masquerade executables that run them.

``halflow iree-compile`` takes ``iree-compile``'s own command line
(:mod:`halflow.cli.dropin_args` reads it as LLVM's parser does) and
behaves as ``iree-compile``. What halflow can cache (a program or module
compiled to a ``.vmfb``, the default output) goes through its incremental
``--to vmfb`` build (:mod:`halflow.cli.dropin_build`); everything else
(other phases or output formats, ``--help``, ``--version``, dumps and IR
printing, options it does not know, ...) *passes through*: the real
``iree-compile`` is executed in this process's place, with the same
arguments, standard streams and exit status, after one line of counting
(``halflow cache stats``). This module and what it imports on that path
are kept small: a pass-through costs one interpreter start-up.

``halflow iree-opt`` builds exactly ``iree-opt INPUT
--iree-hal-materialize-interfaces [-o OUT]`` (the pass halflow implements)
with ``halflow build`` and passes every other pipeline through.

Nested calls (halflow's own use of IREE's tools while it serves a call, or
any process it starts) run the real tool at once (:data:`ACTIVE`).
"""

from __future__ import annotations

import os
import sys

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import NoReturn

# Set while the drop-in serves a call: a tool started under it is never
# served again.
ACTIVE = "HALFLOW_DROPIN_ACTIVE"
COMMANDS = ("iree-compile", "iree-opt", "shim-dir")


def main(argv: Sequence[str]) -> NoReturn:
    """``halflow COMMAND ARGS`` for COMMAND in :data:`COMMANDS`."""
    command, args = argv[0], list(argv[1:])
    if command == "shim-dir":
        if args:
            sys.stderr.write("halflow: error: 'halflow shim-dir' takes no arguments\n")
            sys.exit(2)
        from halflow.cli.dropin_shims import shim_dir

        sys.stdout.write(shim_dir() + "\n")
        sys.exit(0)
    run_tool(command, args)


def shim(name: str) -> NoReturn:
    """A masquerade executable ``name`` (:mod:`halflow.cli.dropin_shims`)."""
    run_tool(name, sys.argv[1:])


def real_tool(name: str) -> str:
    """IREE's own ``name``, never a masquerade (exits 1 when there is none)."""
    from halflow.codegen.tools import real_tool as find

    found = find(name)
    if found is None:
        sys.stderr.write(f"halflow: error: cannot find IREE's own {name} (install "
                         "iree-base-compiler, or name its folder in IREE_TOOL_PATH)\n")
        sys.exit(1)
    return found


def run_tool(name: str, args: list[str]) -> NoReturn:
    real = real_tool(name)
    if os.environ.get(ACTIVE):
        execute(real, args)
    if name == "iree-opt":
        _iree_opt(real, args)
    _iree_compile(real, args)


def execute(real: str, args: Sequence[str]) -> NoReturn:
    """Become the real tool, with ``args`` (same process, streams, status)."""
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError):
        pass
    try:
        os.execv(real, [real, *args])
    except OSError as e:
        sys.stderr.write(f"halflow: error: cannot run {real}: {e.strerror or e}\n")
        sys.exit(1)


def pass_through(real: str, args: Sequence[str], input: str | None, reason: str) -> NoReturn:
    """Count the call as passed through (``reason``), then run the real tool."""
    from halflow.cli.dropin_counts import record

    record(input, {"dropin": "passed", "reason": reason})
    execute(real, args)


def _iree_compile(real: str, args: list[str]) -> NoReturn:
    from halflow.cli import dropin_args
    from halflow.cli.dropin_shims import option_table

    expanded = dropin_args.expand_response_files(args)
    if expanded is None:
        pass_through(real, args, None, "response file")
    table = option_table(real)
    if table is None:
        pass_through(real, args, None, "iree-compile's options unknown")
    every, valued = table
    parsed = dropin_args.parse(expanded, valued.__contains__)
    reason = dropin_args.pass_through_reason(parsed, every.__contains__)
    if reason is not None:
        pass_through(real, args, parsed.input, reason)
    from halflow.cli import process
    from halflow.cli.dropin_build import serve

    process.configure()  # (again under the halflow command: idempotent)
    process.one_build()
    os.environ[ACTIVE] = "1"
    finish(serve(real, args, parsed))


def _iree_opt(real: str, args: list[str]) -> NoReturn:
    """``iree-opt INPUT --iree-hal-materialize-interfaces [-o OUT]`` (in
    any order; ``-`` or no INPUT for stdin) by ``halflow build``; anything
    else passes through."""
    rest = [a for a in args if a not in ("--iree-hal-materialize-interfaces",
                                         "-iree-hal-materialize-interfaces")]
    output = None
    positional: list[str] = []
    other = len(rest) != len(args) - 1
    while rest and not other:
        arg = rest.pop(0)
        if arg in ("-o", "--o") and rest:
            output = rest.pop(0)
        elif arg.startswith(("-o=", "--o=")):
            output = arg.split("=", 1)[1]
        elif arg == "-" or not arg.startswith("-"):
            positional.append(arg)
        else:
            other = True
    if other or len(positional) > 1 or output == "":
        pass_through(real, args, None, "not --iree-hal-materialize-interfaces alone")
    from halflow.cli.dropin_build import serve_materialize

    os.environ[ACTIVE] = "1"
    finish(serve_materialize(real, args, positional[0] if positional else "-", output))


def finish(code: int) -> NoReturn:
    """Exit with ``code``, skipping the interpreter's teardown (a build
    leaves an MLIR context and many objects) when nothing else runs."""
    import threading

    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError):
        sys.exit(code)
    multiprocessing = sys.modules.get("multiprocessing")
    if (threading.active_count() == 1 and "distributed" not in sys.modules
            and (multiprocessing is None or not multiprocessing.active_children())):
        os._exit(code)
    sys.exit(code)
