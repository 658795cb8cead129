"""``halflow build``: to MLIR (the pass) or, with ``--to vmfb``, to a runnable
module."""

from __future__ import annotations

import click

from halflow.cli import mlir_build as command
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
    vmfb_flags,
)
from halflow.cli.mlir_build import fail as _fail
from halflow.core.diagnostics import HalflowError
from halflow.core.options import BuildOptions, VmfbOptions


def output_path(input: str | None, output: str | None, to: str) -> str | None:
    """``-o``'s file, None for stdout (``-o -``, as for iree-opt and every
    LLVM tool); one that names the input is a usage error (it would
    replace it)."""
    from halflow.core.output import OUTPUT_IS_INPUT, is_same_file

    if output == "-":
        if to == "vmfb":
            raise click.UsageError("--to vmfb writes a file: -o OUTPUT.vmfb, not '-'")
        return None
    if output is not None and input not in (None, "-") and is_same_file(output, input):
        raise click.UsageError(OUTPUT_IS_INPUT)
    return output


def build_vmfb(input: str | None, output: str, options: BuildOptions,
               vmfb: VmfbOptions) -> None:
    """``halflow build --to vmfb``: the cache, report, trace and explain of
    ``options``, the build of ``vmfb``."""
    import json
    import time

    from halflow.codegen.report import build_line
    from halflow.core.output import write_reported
    from halflow.session.vmfb_builder import report_data, show
    from halflow.source.inputs import EXAMPLE
    from halflow.store.opener import open_artifacts

    model = EXAMPLE if input is None else input
    if model == "-":
        raise click.UsageError("--to vmfb reads INPUT from a file, not stdin")
    started = time.perf_counter()
    from halflow.store.protocol import ArtifactStore

    store: ArtifactStore
    if options.read_only and not options.no_cache:
        from halflow.store.artifacts import DiskStore
        from halflow.store.opener import open_entries

        shared = open_entries(cache_dir=options.cache_dir, remote=options.remote,
                              read_only=True)
        store = DiskStore(cache=shared)
    else:
        from halflow.store import size_limit

        shared = None
        store = open_artifacts(options.cache_dir, options.no_cache, options.remote)
        size_limit.apply(store.backing_cache(), options.max_size)
    try:
        from halflow.cli.process import own_temp_dir
        from halflow.codegen import pipeline

        # The front end the entry point started (halflow.cli.entry), if any.
        handed = click.get_current_context().obj
        checked = handed.checked if handed is not None else None
        early = checked.early if checked is not None else None
        with own_temp_dir():  # (IREE's linker files: none left by a killed build)
            result = pipeline.build(model, output, vmfb, store=store, early=early)
        if shared is None:
            size_limit.apply(store.backing_cache(), options.max_size)
    except HalflowError as err:
        _fail(err)
        return
    finally:
        store.close()
        if shared is not None:
            shared.close()
    try:
        show(result, explain=options.explain, trace=options.trace)
    except HalflowError as err:
        _fail(err)
    command.finished(result.mode != "up-to-date", options.explain is not None,
                     lambda: build_line(result, output), verbosity())
    if options.report is not None:
        data = report_data(result, model, output, time.perf_counter() - started)
        try:
            write_reported(options.report, json.dumps(data, indent=1) + "\n", "report file")
        except HalflowError as err:
            _fail(err)


def dry_run_vmfb(input: str | None, output: str, options: BuildOptions,
                 vmfb: VmfbOptions) -> None:
    """``halflow build -n --to vmfb``: on stdout, what the build would
    translate, serialize and compile, and why, then one line saying what it
    would do, or ``halflow: no work to do``; writes nothing (the cache and
    a shared one are read only: :func:`halflow.codegen.pipeline.plan_vmfb`)."""
    from halflow.core.wording import plural
    from halflow.source.inputs import EXAMPLE
    from halflow.store.artifacts import DiskStore, MemoryStore
    from halflow.store.protocol import ArtifactStore

    model = EXAMPLE if input is None else input
    if model == "-":
        raise click.UsageError("--to vmfb reads INPUT from a file, not stdin")
    store: ArtifactStore
    if options.no_cache:
        store = MemoryStore()
    else:
        from halflow.store.opener import open_entries

        store = DiskStore(cache=open_entries(cache_dir=options.cache_dir, remote=options.remote,
                                             read_only=True))
    try:
        from halflow.codegen.pipeline import plan_vmfb

        with command.exit_on_interrupt():
            plan = plan_vmfb(model, output, vmfb.iree_flags, store=store)
    except HalflowError as err:
        _fail(err)
        return
    finally:
        store.close()
    if plan.up_to_date:
        lines = ["no work to do"]
    elif plan.plain:
        lines = [f"would build {output} by one iree-compile ({plan.plain})"]
    else:
        lines = [f"would translate {name}: {why}" for name, why in plan.translations]
        lines += [f"would serialize group {name}: {why}" for name, why in plan.groups]
        host, why = plan.host
        if host == "compiled":
            lines.append(f"would compile the host: {why}")
        what = (f"would build {output}: executables: {len(plan.translations)} of "
                f"{plan.executables} to translate")
        if plan.fallback:
            what += f"; IREE's whole-program compile links them ({plan.fallback})"
        else:
            later = host == "after translation"
            what += (f"; groups: {len(plan.groups)} of {plural(plan.group_count, 'group')} "
                     f"to serialize; host " + (f"decided after translation ({why})" if later
                                               else host))
        lines.append(what)
    click.echo("".join(f"halflow: {line}\n" for line in lines), nl=False)


@click.command()
# INPUT is not validated here: a missing, unreadable or directory input is an
# input error (exit 1, diagnosed by halflow.source.inputs), not a usage error.
@click.argument("input", required=False, type=click.Path(readable=False, allow_dash=True))
@click.option("-o", "--output", type=click.Path(dir_okay=False, writable=True, allow_dash=True),
              help="Write the result here (atomically) instead of stdout ('-': stdout).")
@split_input_file_option
@cache_dir_option
@click.option("--no-cache", is_flag=True, help="Build from scratch; read and write no cache.")
@click.option("--cache-read-only", "read_only", is_flag=True,
              help="Use the cache, never write to it (a shared cache; also "
                   "$HALFLOW_CACHE_READ_ONLY=1 or the cache-read-only setting).")
@click.option("--explain", is_flag=True, help="Print why each executed node ran.")
@click.option("-n", "--dry-run", is_flag=True,
              help="Print what the build would run and why (on stdout), and write nothing: "
                   "no output, cache entry or history (as ninja -n -d explain).")
@click.option("--report", type=click.Path(dir_okay=False),
              help="Write a JSON report (total, executed, reused, seconds).")
@click.option("--trace", type=click.Path(dir_okay=False),
              help="Write a Chrome/Perfetto trace of the build.")
@codegen_options
@verbosity_options
@remote_options
def build(
    input: str | None,
    output: str | None,
    split_input_file: bool,
    cache_dir: str | None,
    no_cache: bool,
    read_only: bool,
    explain: bool,
    dry_run: bool,
    report: str | None,
    trace: str | None,
    to: str,
    executor: str,
    scheduler: str | None,
    jobs: int | None,
    iree_flags: tuple[str, ...],
    remote_flags: dict[str, object],
) -> None:
    """Materialize interfaces for INPUT (.mlir, .mlirbc or -).

    Without INPUT, builds the bundled example. With --to vmfb, compiles INPUT
    (a module right before materialize-interfaces, or any program
    iree-compile accepts) to a runnable .vmfb, reusing the cached code of
    every executable an edit did not change; IREE_FLAGS after '--' go to
    IREE (e.g. -- --iree-hal-target-device=local
    --iree-hal-local-target-device-backends=llvm-cpu).
    """
    check_codegen_usage(to, output, iree_flags, executor, scheduler, jobs,
                         split_input_file=split_input_file)
    if dry_run and (report or trace):
        raise click.UsageError("-n/--dry-run writes nothing: not with --report or --trace")
    output = output_path(input, output, to)
    if to == "vmfb":
        input, iree_flags = vmfb_flags(input, iree_flags)
    settings = load_settings(input, {
        "cache-dir": cache_dir, "cache-read-only": read_only or None, "executor": executor,
        "scheduler": scheduler, "jobs": jobs, "iree-flags": iree_flags or None, **remote_flags})
    cache_dir, read_only = settings["cache-dir"], settings["cache-read-only"]
    check_scheduler(scheduler, settings)
    remote = remote_of(settings)
    # What the entry point's up-to-date check already read (halflow.cli.entry).
    handed = click.get_current_context().obj
    checked = handed.checked if handed is not None else None
    reuse = (
        checked is not None
        and (checked.input, checked.cache_dir) == (input, cache_dir)
        and not (no_cache or split_input_file or read_only)
    )
    options = BuildOptions(
        split_input_file=split_input_file,
        cache_dir=cache_dir,
        no_cache=no_cache,
        explain=command.explain_line if explain else None,
        report=report,
        trace=trace,
        read_only=read_only,
        max_size=settings["max-size"],
        remote=remote,
        answer=handed.answer if handed is not None else None,
    )
    if to == "vmfb":
        assert output is not None  # check_codegen_usage requires it
        if dry_run:
            dry_run_vmfb(input, output, options, codegen_settings(settings))
        else:
            build_vmfb(input, output, options, codegen_settings(settings))
        return
    if dry_run:
        command.dry_run_to_mlir(input, output, options)
        return
    command.build_to_mlir(input, output, options,
                          content=checked.data if reuse and checked is not None else None,
                          verbosity=verbosity())
