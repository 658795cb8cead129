"""``halflow`` command line: a thin shell over the library.

Artifacts go to stdout (or ``-o``), diagnostics to stderr. Exit status: 0 on
success, 1 on a diagnosed input error, 2 on a usage error.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path

import click

from halflow import __version__
from halflow.cli import build_command as command
from halflow.cli.build_command import fail as _fail
from halflow.cli.graphview import SUMMARY_THRESHOLD, View
from halflow.core.config import parse_age, parse_size
from halflow.core.diagnostics import Diagnostic, HalflowError
from halflow.core.options import BuildOptions, RemoteCache

TYPE_CHECKING = False
if TYPE_CHECKING:
    from halflow.core.config import Config


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


def _set_verbosity(ctx: click.Context, param: click.Parameter, value: bool) -> None:
    if not value:
        return
    wanted = -1 if param.name == "quiet" else 1
    if -wanted == command.VERBOSITY:
        raise click.UsageError("-q/--quiet and -v/--verbose exclude each other", ctx)
    command.VERBOSITY = wanted


def _verbosity_options(f: Callable[..., None]) -> Callable[..., None]:
    """``-q``/``-v``, accepted before the command and after it."""
    f = click.option("-v", "--verbose", "verbose", is_flag=True, expose_value=False,
                     callback=_set_verbosity,
                     help="Also say what a quiet build does (no work to do, what changed).")(f)
    return click.option("-q", "--quiet", "quiet", is_flag=True, expose_value=False,
                        callback=_set_verbosity,
                        help="Errors and warnings only: no progress, no summary line.")(f)


def _settings(input: str | None, flags: dict[str, object] | None = None) -> Config:
    """The effective settings for a command on ``input`` (the command
    line's ``flags`` by setting name, None where not given); a bad
    configuration file is a diagnostic (exit 1)."""
    from halflow.core import config

    try:
        return config.load(input, flags)
    except HalflowError as err:
        _fail(err)
        raise AssertionError("unreachable") from None


# The options build and watch share, spelt once.
_split_input_file_option = click.option(
    "--split-input-file", is_flag=True,
    help="Treat '// -----' separated chunks as independent inputs, like iree-opt.")
_cache_dir_option = click.option(
    "--cache-dir", type=click.Path(file_okay=False),
    help="Cache directory (default: $HALFLOW_CACHE_DIR, the cache-dir setting, or "
         "~/.cache/halflow).")


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--version", is_flag=True, expose_value=False, is_eager=True,
              callback=_print_version,
              help="Print halflow's and iree-base-compiler's versions and exit.")
@_verbosity_options
def main() -> None:
    """Incremental builds of IREE's HAL materialize-interfaces pass.

    Settings set once (cache dir, max size, executor, jobs, IREE flags...)
    live in halflow.toml or pyproject.toml [tool.halflow] (the input's
    directory or above) and ~/.config/halflow/config.toml; flags and
    HALFLOW_* variables override them; 'halflow config' shows them.

    Shell completion (click's): eval "$(_HALFLOW_COMPLETE=bash_source halflow)"
    in ~/.bashrc (zsh_source for ~/.zshrc, fish_source for fish).
    """
    from halflow.ir import startup

    startup.command_line()


def _codegen_options(command: Callable[..., None]) -> Callable[..., None]:
    """The options of ``--to vmfb`` (``build`` and ``watch``)."""
    for decorator in reversed([
        click.option("--to", type=click.Choice(["mlir", "vmfb"]), default="mlir",
                     show_default=True,
                     help="mlir: the module after materialize-interfaces; vmfb: a runnable "
                          "module, code generation cached per executable."),
        click.option("--executor", type=click.Choice(["local", "dask"]),
                     help="--to vmfb: compile cache misses in local worker processes or on "
                          "a Dask cluster (default: the executor setting, else local)."),
        click.option("--scheduler", metavar="ADDRESS",
                     help="--executor dask: the scheduler (tcp://host:8786; default: Dask's "
                          "configured scheduler, else a local cluster)."),
        click.option("-j", "--jobs", type=click.IntRange(min=1),
                     help="--to vmfb: local worker processes (default: the jobs setting, "
                          "else one per CPU)."),
        # Given, they replace the iree-flags setting (as every flag replaces its setting).
        click.argument("iree_flags", nargs=-1, type=click.UNPROCESSED, metavar="[-- IREE_FLAGS]"),
    ]):
        command = decorator(command)
    return command


def _remote_options(command: Callable[..., None]) -> Callable[..., None]:
    """The shared cache's flags (``build``, ``watch``, ``config``), handed to
    the command as ``remote_flags``: the ``remote-*`` settings the command
    line gives (None where not given), to lay over the configuration
    (:mod:`halflow.core.config`; :func:`_remote`). Place it right above the
    function."""
    import functools

    @functools.wraps(command)
    def with_remote(*args: object, remote_cache: str | None, remote_read_only: bool,
                    remote_ttl: int | None, remote_timeout: float | None,
                    **kwargs: object) -> None:
        command(*args, remote_flags={
            "remote-cache": remote_cache, "remote-read-only": remote_read_only or None,
            "remote-ttl": remote_ttl, "remote-timeout": remote_timeout}, **kwargs)

    for decorator in reversed([
        click.option("--remote-cache", metavar="redis://HOST:PORT/DB",
                     help="A shared cache behind the local one (rediss:// for TLS; also "
                          "$HALFLOW_REMOTE_CACHE or the remote-cache setting): read when the "
                          "local cache misses, written with it."),
        click.option("--remote-read-only", is_flag=True,
                     help="Read the shared cache, never write to it (also "
                          "$HALFLOW_REMOTE_READ_ONLY=1 or the remote-read-only setting)."),
        click.option("--remote-ttl", type=click.IntRange(min=1), metavar="SECONDS",
                     help="Entries written to the shared cache expire after this long."),
        click.option("--remote-timeout", type=click.FloatRange(min=0, min_open=True),
                     metavar="SECONDS",
                     help="Give the shared cache up for the build when a connection or a "
                          "reply takes longer (default 2)."),
    ]):
        with_remote = decorator(with_remote)
    return with_remote


def _remote(settings: Config) -> RemoteCache | None:
    """The shared cache of ``settings``; a bad ``--remote-cache`` is a usage
    error (a file's or variable's was a diagnostic when read)."""
    try:
        return settings.remote()
    except ValueError as e:
        raise click.BadParameter(str(e), param_hint="'--remote-cache'") from None


def _check_codegen_usage(
    to: str, output: str | None, iree_flags: tuple[str, ...], executor: str | None,
    scheduler: str | None, jobs: int | None, **mlir_only: object,
) -> None:
    """The command line's own flags (the settings of the configuration
    files never make a usage error)."""
    if to == "mlir":
        if iree_flags:
            raise click.UsageError(
                f"unexpected arguments {' '.join(iree_flags)!r}: IREE flags after '--' "
                "need --to vmfb"
            )
        if executor not in (None, "local") or scheduler is not None or jobs is not None:
            raise click.UsageError("--executor, --scheduler and --jobs need --to vmfb")
        return
    if output is None:
        raise click.UsageError("--to vmfb needs -o OUTPUT (a .vmfb file)")
    used = [name.replace("_", "-") for name, value in mlir_only.items() if value]
    if used:
        raise click.UsageError(f"--{used[0]} applies to --to mlir only")


def _check_scheduler(scheduler: str | None, settings: Config) -> None:
    """``--scheduler`` needs the dask executor (by flag or setting)."""
    if scheduler is not None and settings["executor"] != "dask":
        raise click.UsageError("--scheduler needs --executor dask")


def _output_path(input: str | None, output: str | None, to: str) -> str | None:
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


def _vmfb_flags(input: str | None, iree_flags: tuple[str, ...]
                ) -> tuple[str | None, tuple[str, ...]]:
    """INPUT and the IREE flags after '--': in `halflow build --to vmfb -o
    out.vmfb -- --iree-flag ...` (no INPUT; `halflow config -- ...` too),
    click took the first IREE flag for INPUT."""
    if input is not None and input.startswith("-") and input != "-":
        return None, (input, *iree_flags)
    return input, iree_flags


def _codegen_settings(settings: Config) -> dict[str, object]:
    """What ``--to vmfb`` takes of the settings: IREE flags, executor,
    scheduler (only for dask), jobs. With dask, the scheduler-timeout
    setting becomes Dask's connect timeout (``distributed.comm.timeouts.connect``,
    30 s of its own), so that an unreachable scheduler fails in seconds."""
    executor = settings["executor"]
    if executor == "dask":
        import dask

        dask.config.set({"distributed.comm.timeouts.connect":
                         f"{settings['scheduler-timeout']}s"})
    return {"iree_flags": tuple(settings["iree-flags"]), "executor": executor,
            "scheduler": settings["scheduler"] if executor == "dask" else None,
            "jobs": settings["jobs"]}


def _build_vmfb(input: str | None, output: str, iree_flags: tuple[str, ...], *,
                cache_dir: str | None, no_cache: bool, report: str | None,
                executor: str, scheduler: str | None, jobs: int | None,
                read_only: bool = False, explain: bool = False,
                trace: str | None = None, max_size: int | None = None,
                remote: RemoteCache | None = None) -> None:
    import json
    import time

    from halflow.codegen.watching import build_line, open_store, report_data, show
    from halflow.core.output import write_reported
    from halflow.source.inputs import EXAMPLE

    model = EXAMPLE if input is None else input
    if model == "-":
        raise click.UsageError("--to vmfb reads INPUT from a file, not stdin")
    started = time.perf_counter()
    from halflow.codegen.store import Store

    store: Store
    if read_only and not no_cache:
        from halflow.codegen.store import DiskStore
        from halflow.library.build_mlir import open_cache

        shared = open_cache(cache_dir=cache_dir, remote=remote, read_only=True)
        store = DiskStore(cache=shared)
    else:
        from halflow.core import cachelimit

        shared = None
        store = open_store(cache_dir, no_cache, remote)
        cachelimit.apply(getattr(store, "cache", None), max_size)
    try:
        from halflow.codegen.pipeline import build_vmfb, up_to_date

        if not up_to_date(store, model, output, iree_flags):
            from halflow.ir.startup import load_mlir

            load_mlir()  # the command line's cheaper way (see halflow.ir.startup)

        result = build_vmfb(model, output, list(iree_flags), store=store, executor=executor,
                            scheduler=scheduler, jobs=jobs)
        if shared is None:
            cachelimit.apply(getattr(store, "cache", None), max_size)
    except HalflowError as err:
        _fail(err)
        return
    finally:
        store.close()
        if shared is not None:
            shared.close()
    try:
        show(result, explain=command.explain_line if explain else None, trace=trace)
    except HalflowError as err:
        _fail(err)
    command.finished(result.mode != "up-to-date", explain, lambda: build_line(result, output))
    if report is not None:
        data = report_data(result, model, output, time.perf_counter() - started)
        try:
            write_reported(report, json.dumps(data, indent=1) + "\n", "report file")
        except HalflowError as err:
            _fail(err)


@main.command()
# INPUT is not validated here: a missing, unreadable or directory input is an
# input error (exit 1, diagnosed by halflow.source.inputs), not a usage error.
@click.argument("input", required=False, type=click.Path(readable=False, allow_dash=True))
@click.option("-o", "--output", type=click.Path(dir_okay=False, writable=True, allow_dash=True),
              help="Write the result here (atomically) instead of stdout ('-': stdout).")
@_split_input_file_option
@_cache_dir_option
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
@_codegen_options
@_verbosity_options
@_remote_options
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
    _check_codegen_usage(to, output, iree_flags, executor, scheduler, jobs,
                         split_input_file=split_input_file)
    if dry_run and (report or trace):
        raise click.UsageError("-n/--dry-run writes nothing: not with --report or --trace")
    output = _output_path(input, output, to)
    if to == "vmfb":
        input, iree_flags = _vmfb_flags(input, iree_flags)
    settings = _settings(input, {
        "cache-dir": cache_dir, "cache-read-only": read_only or None, "executor": executor,
        "scheduler": scheduler, "jobs": jobs, "iree-flags": iree_flags or None, **remote_flags})
    cache_dir, read_only = settings["cache-dir"], settings["cache-read-only"]
    _check_scheduler(scheduler, settings)
    remote = _remote(settings)
    if to == "vmfb":
        assert output is not None  # _check_codegen_usage requires it
        _build_vmfb(input, output, cache_dir=cache_dir, no_cache=no_cache, report=report,
                    read_only=read_only, explain=explain, trace=trace,
                    max_size=settings["max-size"], remote=remote,
                    **_codegen_settings(settings))  # type: ignore[arg-type]
        return
    # What the entry point's up-to-date check already read (halflow.cli.fast).
    checked = click.get_current_context().obj
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
    )
    if dry_run:
        command.dry_run_to_mlir(input, output, options)
        return
    command.build_to_mlir(input, output, options, content=checked.data if reuse else None)


@main.command()
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
@_verbosity_options
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
    cache_dir = _settings(input, {"cache-dir": cache_dir})["cache-dir"]
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
        command.note("no changes since the last build")
    if view_of.fresh:
        command.note("no previous build in the cache: every node is new", level=1)
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


def _open_cache(cache_dir: str | None, settings: Config | None = None):
    """The cache for ``halflow cache ...`` (``--cache-dir``, else the
    cache-dir setting seen from the current directory): a folder that holds
    no cache (a typo, a cache never made) or one that cannot be used is a
    diagnostic (exit 1). Nothing is created: these commands read or trim a
    cache."""
    from halflow.cache import Cache, CacheUnavailable
    from halflow.core import cacheformat as cacheio

    if settings is None:
        settings = _settings(None, {"cache-dir": cache_dir})
    where = Path(settings.cache_dir())
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
@click.option("--cache-dir", "group_cache_dir", type=click.Path(file_okay=False),
              help="Cache directory (before the subcommand, as ccache's options; also after it).")
@click.pass_context
def cache(ctx: click.Context, group_cache_dir: str | None) -> None:
    """Inspect and maintain the cache."""
    ctx.meta["halflow.cache-dir"] = group_cache_dir


def _cache_dir_of(cache_dir: str | None) -> str | None:
    """The ``--cache-dir`` of a ``cache`` subcommand, given before it
    (``halflow cache --cache-dir DIR stats``) or after it; both, and
    different, is a usage error."""
    ctx = click.get_current_context()
    before = ctx.meta.get("halflow.cache-dir")
    if before is not None and cache_dir is not None and Path(before) != Path(cache_dir):
        raise click.UsageError(f"two cache directories: --cache-dir {before} before the "
                               f"subcommand and --cache-dir {cache_dir} after it", ctx)
    return cache_dir if cache_dir is not None else before


def _human(size: float) -> str:
    """``12.3 MiB``: sizes as ``--max-size`` reads them (powers of 1024)."""
    for unit in ("bytes", "KiB", "MiB", "GiB"):
        if size < 1024 or unit == "GiB":
            return f"{size:.0f} {unit}" if unit == "bytes" else f"{size:.1f} {unit}"
        size /= 1024
    raise AssertionError("unreachable")


@cache.command("stats")
@click.option("--cache-dir", type=click.Path(file_okay=False), help="Cache directory.")
@click.option("--json", "as_json", is_flag=True,
              help="Print the statistics as JSON (keys: docs/cache.md).")
@click.option("--zero", is_flag=True,
              help="Reset the statistics (history, hit rates, seconds saved); keep the entries.")
def cache_stats(cache_dir: str | None, as_json: bool, zero: bool) -> None:
    """Entries and sizes per build kind, hit rates and compile seconds saved
    over the last builds, and those builds."""
    import json
    import time

    from halflow.codegen.store import DiskStore, codegen_stats
    from halflow.core import cachelimit
    from halflow.core.text import plural

    cache_dir = _cache_dir_of(cache_dir)
    settings = _settings(None, {"cache-dir": cache_dir})
    store = _open_cache(cache_dir, settings)
    try:
        if zero:
            store.zero_stats()
        stats = store.stats()
        stats["max_size"] = cachelimit.limit(store.directory, settings["max-size"])
        stats["remote_cache"] = settings.shown("remote-cache")  # without user and password
        stats["codegen"] = codegen_stats(DiskStore(cache=store)).as_dict()
    finally:
        store.close()
    if as_json:
        click.echo(json.dumps(stats, indent=1))
        return
    if zero:
        click.echo("statistics zeroed")
    click.echo(f"cache directory: {stats['directory']}")
    builds = stats["by_build_kind"]
    for kind, label in (("mlir", "mlir (materialize-interfaces)"),
                        ("vmfb", "vmfb (code generation)")):
        b = builds[kind]
        click.echo(f"  {label:<30} {b['entries']:>7} entries {_human(b['bytes']):>12}")
    limit = (f"max size {_human(stats['max_size'])}" if stats["max_size"] is not None
             else f"limit {_human(stats['size_limit'])}")
    click.echo(f"  {'total':<30} {stats['entries']:>7} entries {_human(stats['bytes']):>12}  "
               f"({limit}; held by entries: what gc can free)")
    click.echo(f"  {'index file':<30} {'':>15} {_human(stats['index_bytes']):>12}")
    history = stats.get("history") or []
    rates = stats["hit_rate"]
    since = stats.get("since")
    when = time.strftime("%Y-%m-%d %H:%M", time.localtime(since)) if since else "the start"
    click.echo(f"since {when} (cache stats --zero resets):")
    if not rates:
        click.echo("  no builds recorded")
    for kind, what in (("mlir", "nodes"), ("vmfb", "executables")):
        r = rates.get(kind)
        if r is not None:
            rate = f"hit rate {r['percent']:.1f}%" if r["percent"] is not None else "no hit rate"
            click.echo(f"  {kind}: {plural(r['builds'], 'build')}, {r['noops']} up to date; "
                       f"{what}: {r['hits']} hits, {r['misses']} misses; {rate}")
    remote, where = stats["remote"], stats.get("remote_cache")
    if where is not None or any(remote.values()):
        click.echo(
            f"  remote {where or '(none configured now)'}: {remote['hits']} hits, "
            f"{remote['misses']} misses, {remote['errors']} errors, "
            f"{_human(remote['bytes_fetched'])} fetched, {remote['writes']} written "
            f"({_human(remote['bytes_written'])})")
    codegen = stats["codegen"]
    click.echo(f"compile seconds saved: {codegen['seconds_saved']:.1f} by "
               f"{codegen['reuses']} reuses; {codegen['entries']} executables cached")
    if history:
        click.echo("last builds (newest last):")
        for h in history[-10:]:
            noop = " (up to date)" if h.get("mode") == "vmfb" and h.get("noop") else ""
            click.echo(
                f"  {h.get('input', '?')}: mode {h.get('mode')}{noop}, "
                f"executed {h.get('executed')}, reused {h.get('reused')}, "
                f"{h.get('seconds', 0):.3f}s"
            )
            remote = h.get("remote")
            if isinstance(remote, dict):
                click.echo(
                    f"    remote: {remote.get('hits', 0)} hits, {remote.get('misses', 0)} "
                    f"misses, {_human(remote.get('bytes_fetched', 0))} fetched, "
                    f"{remote.get('errors', 0)} errors, {remote.get('writes', 0)} written"
                )


@cache.command("gc")
@click.option("--max-size",
              help="Keep at most this many bytes of entries (e.g. 500M, 2G, 0).")
@click.option("--older-than", metavar="AGE",
              help="Evict every entry stored more than AGE ago (e.g. 30d, 12h, 90m, 3600s; "
                   "as ccache --evict-older-than).")
@click.option("--cache-dir", type=click.Path(file_okay=False), help="Cache directory.")
def cache_gc(max_size: str | None, older_than: str | None, cache_dir: str | None) -> None:
    """Evict the oldest entries: those stored more than --older-than ago,
    then more until the entries hold at most --max-size bytes (the index
    file is not counted; it shrinks with them)."""
    if max_size is None and older_than is None:
        raise click.UsageError("cache gc needs --max-size SIZE or --older-than AGE (or both)")
    limit = age = None
    if max_size is not None:
        try:
            limit = parse_size(max_size)
        except ValueError:
            raise click.BadParameter(f"not a size of at least 0: {max_size!r}",
                                     param_hint="--max-size") from None
    if older_than is not None:
        try:
            age = parse_age(older_than)
        except ValueError:
            raise click.BadParameter(f"not an age such as 30d, 12h or 3600s: {older_than!r}",
                                     param_hint="--older-than") from None
    store = _open_cache(_cache_dir_of(cache_dir))
    removed, freed = store.gc(limit, age)
    stats = store.stats()
    store.close()
    click.echo(
        f"removed {removed} entries ({_human(freed)}); {stats['entries']} entries, "
        f"{_human(stats['bytes'])} left (held by entries; index file: "
        f"{_human(stats['index_bytes'])})"
    )


@cache.command("max-size")
@click.argument("size", required=False)
@click.option("--cache-dir", type=click.Path(file_okay=False), help="Cache directory.")
def cache_max_size(size: str | None, cache_dir: str | None) -> None:
    """Show or set the lasting size limit (e.g. 500M, 5G; 'none' removes
    it), applied by every build: the oldest entries are evicted."""
    from halflow.core import cachelimit

    limit: int | None = None
    if size is not None and size.strip().lower() not in ("none", "0"):
        try:
            limit = parse_size(size)
        except ValueError:
            raise click.BadParameter(f"not a size: {size!r}", param_hint="SIZE") from None
        if limit <= 0:
            raise click.BadParameter(f"not a size: {size!r}", param_hint="SIZE")
    cache_dir = _cache_dir_of(cache_dir)
    settings = _settings(None, {"cache-dir": cache_dir})
    configured = settings["max-size"]
    store = _open_cache(cache_dir, settings)
    try:
        if size is None:
            limit = cachelimit.max_size(store.directory)
            if limit is not None:
                click.echo(_human(limit))
            elif configured is not None:
                click.echo(f"none (the max-size setting applies: {_human(configured)}, from "
                           f"{settings.source('max-size')})")
            else:
                click.echo("none")
            return
        try:
            cachelimit.set_max_size(store.directory, limit)
        except OSError as e:
            _fail(HalflowError(Diagnostic(str(store.directory), 0, 0,
                                          f"cannot write the cache settings: {e.strerror or e}")))
        removed = cachelimit.apply(store, configured)
        stats = store.stats()
    finally:
        store.close()
    click.echo(f"max size {_human(limit) if limit is not None else 'none'}; removed {removed} "
               f"entries; {stats['entries']} entries, {_human(stats['bytes'])} left")


@cache.command("clear")
@click.option("--cache-dir", type=click.Path(file_okay=False), help="Cache directory.")
def cache_clear(cache_dir: str | None) -> None:
    """Remove every entry."""
    store = _open_cache(_cache_dir_of(cache_dir))
    removed = store.clear()
    store.close()
    click.echo(f"removed {removed} entries")


@main.command("config")
@click.argument("path", required=False, type=click.Path())
@click.option("--json", "as_json", is_flag=True,
              help="Print JSON: project, user, settings (value and source of each).")
@click.option("--cache-dir", type=click.Path(file_okay=False), help="As build's flag.")
@click.option("--cache-read-only", "read_only", is_flag=True, help="As build's flag.")
@click.option("--executor", type=click.Choice(["local", "dask"]), help="As build's flag.")
@click.option("--scheduler", metavar="ADDRESS", help="As build's flag.")
@click.option("-j", "--jobs", type=click.IntRange(min=1), help="As build's flag.")
@click.argument("iree_flags", nargs=-1, type=click.UNPROCESSED, metavar="[-- IREE_FLAGS]")
@_remote_options
def config_command(path: str | None, as_json: bool, cache_dir: str | None, read_only: bool,
                   executor: str | None, scheduler: str | None, jobs: int | None,
                   iree_flags: tuple[str, ...], remote_flags: dict[str, object]) -> None:
    """Show the effective settings and where each came from.

    PATH: the input file (or directory) whose project file applies (default:
    the current directory). Settings come from the flags given here, then
    environment variables, then the nearest halflow.toml or pyproject.toml
    [tool.halflow] at or above PATH, then $HALFLOW_CONFIG or
    $XDG_CONFIG_HOME/halflow/config.toml, then the defaults.
    """
    import json

    from halflow.core import cachelimit, config

    path, iree_flags = _vmfb_flags(path, iree_flags)
    settings = _settings(path, {
        "cache-dir": cache_dir, "cache-read-only": read_only or None, "executor": executor,
        "scheduler": scheduler, "jobs": jobs, "iree-flags": iree_flags or None, **remote_flags})
    _remote(settings)  # a bad --remote-cache is a usage error here too
    shown = {name: config.Value(settings.shown(name), v.source)
             for name, v in settings.values.items()}
    shown["cache-dir"] = config.Value(settings.cache_dir(), settings.source("cache-dir"))
    own = cachelimit.max_size(settings.cache_dir())
    if own is not None:  # the cache's own limit wins (halflow.core.cachelimit)
        shown["max-size"] = config.Value(
            own, f"{os.path.join(settings.cache_dir(), cachelimit.SETTINGS_NAME)} "
                 "(cache max-size)")
    if as_json:
        click.echo(json.dumps({
            "project": str(settings.project) if settings.project else None,
            "user": str(settings.user) if settings.user else None,
            "settings": {name: {"value": list(v.value) if isinstance(v.value, tuple)
                                else v.value, "source": v.source}
                         for name, v in shown.items()},
        }, indent=1))
        return

    def text(name: str, value: object) -> str:
        if value is None:
            return {"jobs": "none (one per CPU)", "scheduler": "none (Dask's configured one, "
                    "else a local cluster)"}.get(name, "none")
        if isinstance(value, bool):
            return str(value).lower()
        if isinstance(value, tuple):
            return " ".join(value) if value else "none"
        return _human(value) if name == "max-size" and isinstance(value, int) else str(value)

    click.echo(f"project file: {settings.project or 'none'}")
    click.echo(f"user file: {settings.user or 'none'}")
    rows = [(name, text(name, v.value), v.source) for name, v in shown.items()]
    width = max(len(r[1]) for r in rows)
    for name, value, source in rows:
        click.echo(f"{name:<16} {value:<{width}}  {source}")


@main.command()
@click.argument("input", type=click.Path())
@click.option("-o", "--output", required=True, type=click.Path(),
              help="Output file (a directory when INPUT is a directory), replaced atomically.")
@_split_input_file_option
@_cache_dir_option
@click.option("--no-cache", is_flag=True, help="Read and write no persistent cache.")
@click.option("--explain", is_flag=True, help="Print why each executed node ran, per rebuild.")
@click.option("--report", type=click.Path(dir_okay=False),
              help="Rewrite this JSON report after every successful build.")
@click.option("--trace", type=click.Path(dir_okay=False),
              help="Rewrite a Chrome/Perfetto trace after every successful build.")
@click.option("--debounce", type=click.FloatRange(min=0), default=0.05, show_default=True,
              help="Seconds without changes before a save is built.")
@_codegen_options
@_verbosity_options
@_remote_options
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
    from halflow.watch import UsageError, explain_line, run_command

    _check_codegen_usage(to, output, iree_flags, executor, scheduler, jobs,
                         split_input_file=split_input_file)
    settings = _settings(input, {
        "cache-dir": cache_dir, "executor": executor, "scheduler": scheduler, "jobs": jobs,
        "iree-flags": iree_flags or None, **remote_flags})
    _check_scheduler(scheduler, settings)
    remote = _remote(settings)
    vmfb = None
    if to == "vmfb":
        if settings["cache-read-only"] and not no_cache:
            raise click.UsageError(
                f"watch --to vmfb cannot use a read-only cache (the cache-read-only setting, "
                f"from {settings.source('cache-read-only')}); use --no-cache")
        vmfb = {**_codegen_settings(settings), "explain": explain, "trace": trace,
                "max_size": settings["max-size"]}
        explain, trace = False, None  # the .vmfb builder explains and traces itself
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
        code = run_command(input, output, options, debounce=debounce, vmfb=vmfb,
                           quiet=command.VERBOSITY < 0)
    except UsageError as e:
        raise click.UsageError(str(e)) from None
    except HalflowError as err:  # the session could not start (e.g. no Dask scheduler)
        _fail(err)
        return
    sys.exit(code)


if __name__ == "__main__":  # pragma: no cover
    main()
