"""``halflow`` command line: a thin shell over the library.

Artifacts go to stdout (or ``-o``), diagnostics to stderr. Exit status: 0 on
success, 1 on a diagnosed input error, 2 on a usage error. This module is
the group and its global options; each command family has its module
(:mod:`~halflow.cli.build`, :mod:`~halflow.cli.watch`,
:mod:`~halflow.cli.graph`, :mod:`~halflow.cli.cache`,
:mod:`~halflow.cli.config`, :mod:`~halflow.cli.server_command`), and what they share is
:mod:`~halflow.cli.common_options`.
"""

from __future__ import annotations

import click

from halflow.cli.build import build
from halflow.cli.cache import cache
from halflow.cli.common_options import verbosity_options
from halflow.cli.config import config_command
from halflow.cli.graph import graph
from halflow.cli.server_command import server
from halflow.cli.watch import watch
from halflow.core.version import __version__


def _print_version(ctx: click.Context, param: click.Parameter, value: bool) -> None:
    if not value or ctx.resilient_parsing:
        return
    from importlib.metadata import PackageNotFoundError, version

    try:
        iree = version("iree-base-compiler")
    except PackageNotFoundError:
        iree = "not installed"
    click.echo(f"halflow {__version__}\niree-base-compiler {iree}")
    ctx.exit()


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--version", is_flag=True, expose_value=False, is_eager=True,
              callback=_print_version,
              help="Print halflow's and iree-base-compiler's versions and exit.")
@verbosity_options
def main() -> None:
    """Incremental builds of IREE's HAL materialize-interfaces pass.

    Settings set once (cache dir, max size, executor, jobs, IREE flags...)
    live in halflow.toml or pyproject.toml [tool.halflow] (the input's
    directory or above) and ~/.config/halflow/config.toml; flags and
    HALFLOW_* variables override them; 'halflow config' shows them.

    Shell completion (click's): eval "$(_HALFLOW_COMPLETE=bash_source halflow)"
    in ~/.bashrc (zsh_source for ~/.zshrc, fish_source for fish).

    As a drop-in for IREE's tools: 'halflow iree-compile ARGS' and 'halflow
    iree-opt ARGS' take their own command lines; export
    IREE_TOOL_PATH=$(halflow shim-dir) puts halflow under an existing flow.
    """


for _command in (build, graph, cache, config_command, watch, server):
    main.add_command(_command)


if __name__ == "__main__":  # pragma: no cover
    main()
