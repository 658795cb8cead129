"""``halflow watch``: rebuild an input whenever it changes on disk."""

from __future__ import annotations

import contextlib
import sys

import click

from halflow.cli.common_options import (
    cache_dir_option,
    check_codegen_usage,
    check_scheduler,
    codegen_options,
    codegen_settings,
    load_settings,
    remote_of,
    remote_options,
    split_input_file_option,
    verbosity,
    verbosity_options,
)
from halflow.cli.mlir_build import fail as _fail
from halflow.core.diagnostics import HalflowError
from halflow.core.options import BuildOptions


@click.command()
@click.argument("input", type=click.Path())
@click.option("-o", "--output", required=True, type=click.Path(),
              help="Output file (a directory when INPUT is a directory), replaced atomically.")
@split_input_file_option
@cache_dir_option
@click.option("--no-cache", is_flag=True, help="Read and write no persistent cache.")
@click.option("--explain", is_flag=True, help="Print why each executed node ran, per rebuild.")
@click.option("--report", type=click.Path(dir_okay=False),
              help="Rewrite this JSON report after every successful build.")
@click.option("--trace", type=click.Path(dir_okay=False),
              help="Rewrite a Chrome/Perfetto trace after every successful build.")
@click.option("--debounce", type=click.FloatRange(min=0), default=0.05, show_default=True,
              help="Seconds without changes before a save is built.")
@codegen_options
@verbosity_options
@remote_options
def watch(
    input: str,
    output: str,
    split_input_file: bool,
    cache_dir: str | None,
    no_cache: bool,
    explain: bool,
    report: str | None,
    trace: str | None,
    debounce: float,
    to: str,
    executor: str,
    scheduler: str | None,
    jobs: int | None,
    iree_flags: tuple[str, ...],
    remote_flags: dict[str, object],
) -> None:
    """Build INPUT, then rebuild it whenever it changes on disk (Ctrl-C stops).

    INPUT may be a directory: every *.mlir in it builds to OUTPUT/<name>
    (OUTPUT/<stem>.vmfb with --to vmfb). One line per rebuild on stderr; a
    save that fails keeps the last good OUTPUT. --to vmfb keeps the worker
    processes warm between rebuilds.
    """
    from halflow.session.command import explain_line, run_command
    from halflow.session.watcher import UsageError

    check_codegen_usage(to, output, iree_flags, executor, scheduler, jobs,
                         split_input_file=split_input_file)
    settings = load_settings(input, {
        "cache-dir": cache_dir, "executor": executor, "scheduler": scheduler, "jobs": jobs,
        "iree-flags": iree_flags or None, **remote_flags})
    check_scheduler(scheduler, settings)
    remote = remote_of(settings)
    vmfb = None
    if to == "vmfb":
        if settings["cache-read-only"] and not no_cache:
            raise click.UsageError(
                f"watch --to vmfb cannot use a read-only cache (the cache-read-only setting, "
                f"from {settings.source('cache-read-only')}); use --no-cache")
        vmfb = codegen_settings(settings)
    try:
        options = BuildOptions(
            split_input_file=split_input_file,
            cache_dir=settings["cache-dir"],
            no_cache=no_cache,
            explain=explain_line if explain else None,
            report=report,
            trace=trace,
            read_only=settings["cache-read-only"],
            max_size=settings["max-size"],
            remote=remote,
        )
        from halflow.cli.process import own_temp_dir

        # (IREE's linker files: none left by a killed watch)
        with own_temp_dir() if vmfb is not None else contextlib.nullcontext():
            code = run_command(input, output, options, debounce=debounce, vmfb=vmfb,
                               quiet=verbosity() < 0)
    except UsageError as e:
        raise click.UsageError(str(e)) from None
    except HalflowError as err:  # the session could not start (e.g. no Dask scheduler)
        _fail(err)
        return
    sys.exit(code)
