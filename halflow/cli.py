"""``halflow`` command line: a thin shell over the library.

Artifacts go to stdout (or ``-o``), diagnostics to stderr. Exit status: 0 on
success, 1 on a diagnosed input error, 2 on a usage error.
"""

from __future__ import annotations

import sys

import click

from halflow import __version__
from halflow.diagnostics import HalflowError


def _fail(err: HalflowError) -> None:
    text = err.render() + "\n"
    stream = getattr(sys.stderr, "buffer", None)
    if stream is None:
        click.echo(text, err=True, nl=False)
    else:
        # Quoted source lines are the input's own bytes, UTF-8 or not.
        sys.stderr.flush()
        stream.write(text.encode("utf-8", "surrogateescape"))
        stream.flush()
    sys.exit(1)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="halflow")
def main() -> None:
    """Incremental builds of IREE's HAL materialize-interfaces pass."""


@main.command()
# INPUT is not validated here: a missing, unreadable or directory input is an
# input error (exit 1, diagnosed by halflow.source), not a usage error.
@click.argument("input", required=False, type=click.Path(readable=False, allow_dash=True))
@click.option("-o", "--output", type=click.Path(dir_okay=False, writable=True),
              help="Write the result here (atomically) instead of stdout.")
@click.option("--split-input-file", is_flag=True,
              help="Treat '// -----' separated chunks as independent inputs, like iree-opt.")
def build(input: str | None, output: str | None, split_input_file: bool) -> None:
    """Materialize interfaces for INPUT (.mlir, .mlirbc or -).

    Without INPUT, builds the bundled example.
    """
    from halflow.build import build as run_build

    try:
        result = run_build(input, output, split_input_file=split_input_file)
    except HalflowError as err:
        partial = getattr(err, "partial_output", None)
        if partial and output is None:
            sys.stdout.write(partial)
            sys.stdout.flush()
        _fail(err)
        return
    if output is None:
        sys.stdout.write(result.text)
        sys.stdout.flush()


if __name__ == "__main__":  # pragma: no cover
    main()
