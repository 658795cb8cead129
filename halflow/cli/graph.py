"""``halflow graph``: the build graph of an input, as DOT, JSON or SVG."""

from __future__ import annotations

import os
import sys

import click

from halflow.cli import mlir_build as command
from halflow.cli.common_options import load_settings, verbosity, verbosity_options
from halflow.cli.graphview import SUMMARY_THRESHOLD, View
from halflow.cli.mlir_build import fail as _fail
from halflow.core.diagnostics import Diagnostic, HalflowError


@click.command()
# As build's INPUT: a missing or directory input is an input error (exit 1).
@click.argument("input", required=False, type=click.Path(readable=False, allow_dash=True))
@click.option("--format", "fmt", type=click.Choice(["dot", "json", "svg"]), default="dot",
              show_default=True, help="Output format (svg: rendered by Graphviz's dot).")
@click.option("--view", type=click.Choice([v.value for v in View]), default="auto",
              show_default=True,
              help=f"summary: one node per executable and host function; nodes: every "
                   f"build node; auto: the summary above {SUMMARY_THRESHOLD} nodes.")
@click.option("--executable", "executables", multiple=True, metavar="NAME",
              help="Only this executable's nodes and their neighbours (repeatable; "
                   "shell patterns such as 'main$async_dispatch_1*').")
@click.option("--changed", is_flag=True,
              help="Only the nodes a build would execute now (changed since the last "
                   "build) and their neighbours.")
@click.option("--depth", type=click.IntRange(min=0),
              help="With --executable/--changed: also nodes up to N edges away "
                   "(default 1).")
@click.option("-o", "--output", type=click.Path(dir_okay=False, allow_dash=True),
              help="Write here instead of stdout ('-': stdout).")
@click.option("--split-input-file", is_flag=True, help="Graph of every '// -----' case.")
@click.option("--cache-dir", type=click.Path(file_okay=False),
              help="Cache directory (read, never written).")
@click.option("--no-cache", is_flag=True, help="Read no cache: every node is new.")
@verbosity_options
def graph(input: str | None, fmt: str, view: str, executables: tuple[str, ...], changed: bool,
          depth: int | None, output: str | None, split_input_file: bool,
          cache_dir: str | None, no_cache: bool) -> None:
    """Write the build graph of INPUT (the bundled example without INPUT).

    Large modules get a summary (one node per executable, labelled with its
    exports and dispatch sites, clustered by executable target and by the
    host functions that dispatch it); --view nodes shows every build node.
    The graph is computed against the last build's state in the cache,
    which it never changes.
    """
    from halflow.cli import graphview
    from halflow.core.output import write_reported
    from halflow.library.build_mlir import build_graph

    if depth is not None and not (executables or changed):
        raise click.UsageError("--depth needs --executable or --changed")
    cache_dir = load_settings(input, {"cache-dir": cache_dir})["cache-dir"]
    try:
        with command.exit_on_interrupt():
            g = build_graph(input, split_input_file=split_input_file, cache_dir=cache_dir,
                            no_cache=no_cache)
    except HalflowError as err:
        _fail(err)
        return
    command.warn(g.warnings)
    try:
        view_of = graphview.filtered(g, executables, changed, depth)
    except graphview.SelectionError as e:
        raise click.BadParameter(str(e), param_hint="'--executable'") from None
    if changed and not view_of.graph.nodes:
        command.note("no changes since the last build", verbosity())
    if view_of.fresh:
        command.note("no previous build in the cache: every node is new", verbosity(), level=1)
    g = view_of.graph
    too_large = graphview.svg_too_large(View(view), g) if fmt == "svg" else None
    if too_large is not None:
        _fail(HalflowError(Diagnostic("halflow", 0, 0, too_large)))
    name = "<stdin>" if input == "-" else os.path.basename(input or "mlp_s.mlir")
    text = graphview.render(g, View(view), "dot" if fmt == "svg" else fmt, name=name,
                            changed=changed, whole=view_of.whole)
    data: str | bytes = text
    if fmt == "svg":
        from halflow.cli import graphviz

        try:
            data = graphviz.render(text, "svg")
        except HalflowError as err:
            _fail(err)
            return
    if output in (None, "-"):
        if isinstance(data, bytes):
            sys.stdout.flush()
            sys.stdout.buffer.write(data)
        else:
            sys.stdout.write(data)
        return
    try:
        write_reported(output, data, "output file")
    except HalflowError as err:
        _fail(err)
