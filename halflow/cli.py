"""``halflow`` command line: a thin shell over the library.

Artifacts go to stdout (or ``-o``), diagnostics to stderr. Exit status: 0 on
success, 1 on a diagnosed input error, 2 on a usage error.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

import click

from halflow import __version__, command
from halflow.command import fail as _fail
from halflow.diagnostics import HalflowError


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="halflow")
def main() -> None:
    """Incremental builds of IREE's HAL materialize-interfaces pass."""
    from halflow import startup

    startup.command_line()


def _codegen_options(command: Callable[..., None]) -> Callable[..., None]:
    """The options of ``--to vmfb`` (``build`` and ``watch``)."""
    for decorator in reversed([
        click.option("--to", type=click.Choice(["mlir", "vmfb"]), default="mlir",
                     show_default=True,
                     help="mlir: the module after materialize-interfaces; vmfb: a runnable "
                          "module, code generation cached per executable."),
        click.option("--executor", type=click.Choice(["local", "dask"]), default="local",
                     show_default=True,
                     help="--to vmfb: compile cache misses in local worker processes or on "
                          "a Dask cluster."),
        click.option("--scheduler", metavar="ADDRESS",
                     help="--executor dask: the scheduler (tcp://host:8786; default: Dask's "
                          "configured scheduler, else a local cluster)."),
        click.option("-j", "--jobs", type=click.IntRange(min=1),
                     help="--to vmfb: local worker processes (default: one per CPU)."),
        click.argument("iree_flags", nargs=-1, type=click.UNPROCESSED, metavar="[-- IREE_FLAGS]"),
    ]):
        command = decorator(command)
    return command


def _check_codegen_usage(
    to: str, output: str | None, iree_flags: tuple[str, ...], executor: str,
    scheduler: str | None, jobs: int | None, **mlir_only: object,
) -> None:
    if to == "mlir":
        if iree_flags:
            raise click.UsageError(
                f"unexpected arguments {' '.join(iree_flags)!r}: IREE flags after '--' "
                "need --to vmfb"
            )
        if executor != "local" or scheduler is not None or jobs is not None:
            raise click.UsageError("--executor, --scheduler and --jobs need --to vmfb")
        return
    if output is None:
        raise click.UsageError("--to vmfb needs -o OUTPUT (a .vmfb file)")
    used = [name.replace("_", "-") for name, value in mlir_only.items() if value]
    if used:
        raise click.UsageError(f"--{used[0]} applies to --to mlir only")
    if scheduler is not None and executor != "dask":
        raise click.UsageError("--scheduler needs --executor dask")


def _output_path(input: str | None, output: str | None, to: str) -> str | None:
    """``-o``'s file, None for stdout (``-o -``, as for iree-opt and every
    LLVM tool); one that names the input is a usage error (it would
    replace it)."""
    from halflow.output import OUTPUT_IS_INPUT, is_same_file

    if output == "-":
        if to == "vmfb":
            raise click.UsageError("--to vmfb writes a file: -o OUTPUT.vmfb, not '-'")
        return None
    if output is not None and input not in (None, "-") and is_same_file(output, input):
        raise click.UsageError(OUTPUT_IS_INPUT)
    return output


def _build_vmfb(input: str | None, output: str, iree_flags: tuple[str, ...], *,
                cache_dir: str | None, no_cache: bool, report: str | None,
                executor: str, scheduler: str | None, jobs: int | None,
                explain: bool = False, trace: str | None = None) -> None:
    import json
    import time
    from pathlib import Path

    from halflow.codegen import uptodate
    from halflow.codegen.watching import open_store, report_data, show
    from halflow.output import write_reported
    from halflow.source import EXAMPLE

    if input is not None and input.startswith("-") and input != "-":
        # `halflow build --to vmfb -o out.vmfb -- --iree-flag ...`: no INPUT,
        # and click took the first IREE flag for it.
        input, iree_flags = None, (input, *iree_flags)
    model = EXAMPLE if input is None else input
    if model == "-":
        raise click.UsageError("--to vmfb reads INPUT from a file, not stdin")
    started = time.perf_counter()
    store = open_store(cache_dir, no_cache)
    try:
        if uptodate.check(store, Path(model), Path(output), iree_flags) is None:
            from halflow.startup import load_mlir

            load_mlir()  # the command line's cheaper way (see halflow.startup)
        from halflow.codegen.pipeline import build_vmfb

        result = build_vmfb(model, output, list(iree_flags), store=store, executor=executor,
                            scheduler=scheduler, jobs=jobs)
    except HalflowError as err:
        _fail(err)
        return
    finally:
        store.close()
    try:
        show(result, explain=command.explain_line if explain else None, trace=trace)
    except HalflowError as err:
        _fail(err)
    if report is not None:
        data = report_data(result, model, output, time.perf_counter() - started)
        try:
            write_reported(report, json.dumps(data, indent=1) + "\n", "report file")
        except HalflowError as err:
            _fail(err)


@main.command()
# INPUT is not validated here: a missing, unreadable or directory input is an
# input error (exit 1, diagnosed by halflow.source), not a usage error.
@click.argument("input", required=False, type=click.Path(readable=False, allow_dash=True))
@click.option("-o", "--output", type=click.Path(dir_okay=False, writable=True, allow_dash=True),
              help="Write the result here (atomically) instead of stdout ('-': stdout).")
@click.option("--split-input-file", is_flag=True,
              help="Treat '// -----' separated chunks as independent inputs, like iree-opt.")
@click.option("--cache-dir", type=click.Path(file_okay=False),
              help="Cache directory (default: $HALFLOW_CACHE_DIR or ~/.cache/halflow).")
@click.option("--no-cache", is_flag=True, help="Build from scratch; read and write no cache.")
@click.option("--explain", is_flag=True, help="Print why each executed node ran.")
@click.option("--report", type=click.Path(dir_okay=False),
              help="Write a JSON report (total, executed, reused, seconds).")
@click.option("--trace", type=click.Path(dir_okay=False),
              help="Write a Chrome/Perfetto trace of the build.")
@_codegen_options
def build(
    input: str | None,
    output: str | None,
    split_input_file: bool,
    cache_dir: str | None,
    no_cache: bool,
    explain: bool,
    report: str | None,
    trace: str | None,
    to: str,
    executor: str,
    scheduler: str | None,
    jobs: int | None,
    iree_flags: tuple[str, ...],
) -> None:
    """Materialize interfaces for INPUT (.mlir, .mlirbc or -).

    Without INPUT, builds the bundled example. With --to vmfb, compiles INPUT
    (a module right before materialize-interfaces, or any program
    iree-compile accepts) to a runnable .vmfb, reusing the cached code of
    every executable an edit did not change; IREE_FLAGS after '--' go to
    IREE (e.g. -- --iree-hal-target-device=local
    --iree-hal-local-target-device-backends=llvm-cpu).
    """
    _check_codegen_usage(to, output, iree_flags, executor, scheduler, jobs,
                         split_input_file=split_input_file)
    output = _output_path(input, output, to)
    if to == "vmfb":
        assert output is not None
        _build_vmfb(input, output, iree_flags, cache_dir=cache_dir, no_cache=no_cache,
                    report=report, executor=executor, scheduler=scheduler, jobs=jobs,
                    explain=explain, trace=trace)
        return
    # What the entry point's up-to-date check already read (halflow.quick).
    checked = click.get_current_context().obj
    reuse = (
        checked is not None
        and (checked.input, checked.cache_dir) == (input, cache_dir)
        and not (no_cache or split_input_file)
    )
    command.build_to_mlir(
        input,
        output,
        split_input_file=split_input_file,
        cache_dir=cache_dir,
        no_cache=no_cache,
        content=checked.data if reuse else None,
        explain=command.explain_line if explain else None,
        report=report,
        trace=trace,
    )


@main.command()
@click.argument("input", type=click.Path(dir_okay=False, allow_dash=True))
@click.option("--format", "fmt", type=click.Choice(["dot", "json"]), default="dot",
              show_default=True, help="Output format.")
@click.option("-o", "--output", type=click.Path(dir_okay=False, allow_dash=True),
              help="Write here instead of stdout ('-': stdout).")
@click.option("--split-input-file", is_flag=True, help="Graph of every '// -----' case.")
@click.option("--cache-dir", type=click.Path(file_okay=False), help="Cache directory.")
@click.option("--no-cache", is_flag=True, help="Read and write no cache.")
def graph(input: str, fmt: str, output: str | None, split_input_file: bool,
          cache_dir: str | None, no_cache: bool) -> None:
    """Write the build graph of INPUT (nodes, dependency edges) as DOT or JSON."""
    from halflow import graph as graph_mod
    from halflow.builder import build_graph
    from halflow.output import write_reported

    try:
        with command.exit_on_interrupt():
            g = build_graph(input, split_input_file=split_input_file, cache_dir=cache_dir,
                            no_cache=no_cache)
    except HalflowError as err:
        _fail(err)
        return
    command.warn(g.warnings)
    text = graph_mod.to_dot(g) if fmt == "dot" else graph_mod.to_json(g)
    if output in (None, "-"):
        sys.stdout.write(text)
        return
    try:
        write_reported(output, text, "output file")
    except HalflowError as err:
        _fail(err)


def _open_cache(cache_dir: str | None):
    """The cache for ``halflow cache ...``: a folder that holds no cache
    (a typo, a cache never made) or one that cannot be used is a diagnostic
    (exit 1). Nothing is created: these commands read or trim a cache."""
    from halflow import cacheio
    from halflow.cache import Cache, CacheUnavailable, default_cache_dir
    from halflow.diagnostics import Diagnostic

    where = Path(cache_dir if cache_dir is not None else default_cache_dir())
    if not where.is_dir():
        _fail(HalflowError(Diagnostic(str(where), 0, 0,
                                      f"no cache at {where}: the folder does not exist")))
    if not (where / cacheio.DB_NAME).is_file():
        _fail(HalflowError(Diagnostic(str(where), 0, 0, f"no cache at {where}: the folder "
                                      f"holds no halflow cache ({cacheio.DB_NAME})")))
    try:
        return Cache(where)
    except CacheUnavailable as e:
        _fail(HalflowError(Diagnostic(str(where), 0, 0, str(e))))


@main.group()
def cache() -> None:
    """Inspect and maintain the cache."""


def _size(text: str) -> int:
    """Bytes in ``text`` (``500M``, ``2G``, ``1.5GiB``, ``4096``); ValueError
    unless it is a size of at least 0."""
    units = {"k": 2**10, "m": 2**20, "g": 2**30, "t": 2**40}
    t = text.strip().lower().rstrip("b").rstrip("i")
    size = float(t[:-1]) * units[t[-1]] if t and t[-1] in units else int(t)
    if not size >= 0 or size == float("inf"):  # also NaN
        raise ValueError(text)
    return int(size)


@cache.command("stats")
@click.option("--cache-dir", type=click.Path(file_okay=False), help="Cache directory.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def cache_stats(cache_dir: str | None, as_json: bool) -> None:
    """Entries, bytes, and hits/misses of the last builds."""
    import json

    from halflow.codegen.store import DiskStore, codegen_stats

    store = _open_cache(cache_dir)
    try:
        stats = store.stats()
        stats["codegen"] = codegen_stats(DiskStore(cache=store)).as_dict()
    finally:
        store.close()
    if as_json:
        click.echo(json.dumps(stats, indent=1))
        return
    click.echo(f"cache: {stats['directory']}")
    click.echo(f"entries: {stats['entries']}  bytes: {stats['bytes']} "
               f"(held by entries: what gc can free; index file: {stats['index_bytes']})")
    kinds = stats.get("by_kind") or {}
    if kinds:
        click.echo("by kind: " + ", ".join(f"{k} {v}" for k, v in sorted(kinds.items())))
    codegen = stats["codegen"]
    if codegen["entries"] or codegen["reuses"]:
        click.echo(
            f"code generation: {codegen['entries']} executables cached; "
            f"{codegen['reuses']} reuses saved {codegen['seconds_saved']:.1f} compile seconds"
        )
    history = stats.get("history") or []
    if history:
        click.echo("last builds (newest last):")
        for h in history[-10:]:
            click.echo(
                f"  {h.get('input', '?')}: mode {h.get('mode')}, hits {h.get('hits')}, "
                f"misses {h.get('misses')}, executed {h.get('executed')}, "
                f"reused {h.get('reused')}, {h.get('seconds', 0):.3f}s"
            )


@cache.command("gc")
@click.option("--max-size", required=True,
              help="Keep at most this many bytes of entries (e.g. 500M, 2G, 0).")
@click.option("--cache-dir", type=click.Path(file_okay=False), help="Cache directory.")
def cache_gc(max_size: str, cache_dir: str | None) -> None:
    """Evict the oldest entries until the entries hold at most --max-size
    bytes (the index file is not counted; it shrinks with them)."""
    try:
        limit = _size(max_size)
    except ValueError:
        raise click.BadParameter(f"not a size of at least 0: {max_size!r}",
                                 param_hint="--max-size") from None
    store = _open_cache(cache_dir)
    removed, freed = store.gc(limit)
    stats = store.stats()
    store.close()
    click.echo(
        f"removed {removed} entries ({freed} bytes); {stats['entries']} entries, "
        f"{stats['bytes']} bytes left (held by entries; index file: {stats['index_bytes']} bytes)"
    )


@cache.command("clear")
@click.option("--cache-dir", type=click.Path(file_okay=False), help="Cache directory.")
def cache_clear(cache_dir: str | None) -> None:
    """Remove every entry."""
    store = _open_cache(cache_dir)
    removed = store.clear()
    store.close()
    click.echo(f"removed {removed} entries")


@main.command()
@click.argument("input", type=click.Path())
@click.option("-o", "--output", required=True, type=click.Path(),
              help="Output file (a directory when INPUT is a directory), replaced atomically.")
@click.option("--split-input-file", is_flag=True,
              help="Treat '// -----' separated chunks as independent inputs, like iree-opt.")
@click.option("--cache-dir", type=click.Path(file_okay=False),
              help="Cache directory (default: $HALFLOW_CACHE_DIR or ~/.cache/halflow).")
@click.option("--no-cache", is_flag=True, help="Read and write no persistent cache.")
@click.option("--explain", is_flag=True, help="Print why each executed node ran, per rebuild.")
@click.option("--report", type=click.Path(dir_okay=False),
              help="Rewrite this JSON report after every successful build.")
@click.option("--trace", type=click.Path(dir_okay=False),
              help="Rewrite a Chrome/Perfetto trace after every successful build.")
@click.option("--debounce", type=click.FloatRange(min=0), default=0.05, show_default=True,
              help="Seconds without changes before a save is built.")
@_codegen_options
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
) -> None:
    """Build INPUT, then rebuild it whenever it changes on disk (Ctrl-C stops).

    INPUT may be a directory: every *.mlir in it builds to OUTPUT/<name>
    (OUTPUT/<stem>.vmfb with --to vmfb). One line per rebuild on stderr; a
    save that fails keeps the last good OUTPUT. --to vmfb keeps the worker
    processes warm between rebuilds.
    """
    from halflow.watch import UsageError, run_command

    _check_codegen_usage(to, output, iree_flags, executor, scheduler, jobs,
                         split_input_file=split_input_file)
    vmfb = None
    if to == "vmfb":
        vmfb = {"iree_flags": iree_flags, "executor": executor, "scheduler": scheduler,
                "jobs": jobs, "explain": explain, "trace": trace}
        explain, trace = False, None  # the .vmfb builder explains and traces itself
    try:
        code = run_command(
            input,
            output,
            split_input_file=split_input_file,
            cache_dir=cache_dir,
            no_cache=no_cache,
            explain=explain,
            report=report,
            trace=trace,
            debounce=debounce,
            vmfb=vmfb,
        )
    except UsageError as e:
        raise click.UsageError(str(e)) from None
    sys.exit(code)


if __name__ == "__main__":  # pragma: no cover
    main()
