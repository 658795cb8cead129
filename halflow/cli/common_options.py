"""What the commands of the full command line share: the options ``build``,
``watch`` and ``config`` spell once, reading the settings, and the usage
checks of ``--to vmfb``."""

from __future__ import annotations

from collections.abc import Callable

import click

from halflow.cli.mlir_build import fail as _fail
from halflow.core.diagnostics import HalflowError
from halflow.core.options import RemoteCache

TYPE_CHECKING = False
if TYPE_CHECKING:
    from halflow.core.config import Config
    from halflow.core.options import VmfbOptions


_VERBOSITY = "halflow.verbosity"  # the key of the invocation's ``ctx.meta``


def verbosity() -> int:
    """This invocation's -q (-1) / -v (1), else 0: kept in the click
    context's ``meta``, which the group and its command share and a next
    invocation does not."""
    context = click.get_current_context(silent=True)
    return int(context.meta.get(_VERBOSITY, 0)) if context is not None else 0


def _set_verbosity(ctx: click.Context, param: click.Parameter, value: bool) -> None:
    if not value:
        return
    wanted = -1 if param.name == "quiet" else 1
    if -wanted == ctx.meta.get(_VERBOSITY, 0):
        raise click.UsageError("-q/--quiet and -v/--verbose exclude each other", ctx)
    ctx.meta[_VERBOSITY] = wanted


def verbosity_options(f: Callable[..., None]) -> Callable[..., None]:
    """``-q``/``-v``, accepted before the command and after it."""
    f = click.option("-v", "--verbose", "verbose", is_flag=True, expose_value=False,
                     callback=_set_verbosity,
                     help="Also say what a quiet build does (no work to do, what changed).")(f)
    return click.option("-q", "--quiet", "quiet", is_flag=True, expose_value=False,
                        callback=_set_verbosity,
                        help="Errors and warnings only: no progress, no summary line.")(f)


def load_settings(input: str | None, flags: dict[str, object] | None = None) -> Config:
    """The effective settings for a command on ``input`` (the command
    line's ``flags`` by setting name, None where not given); a bad
    configuration file is a diagnostic (exit 1). The files and the
    environment are read once per process: when the entry point read them
    for this input (:class:`halflow.cli.entry.Checked`, the context's
    ``obj``), its reading is used with these flags on top."""
    from halflow.core import config

    context = click.get_current_context(silent=True)
    handed = getattr(context, "obj", None)
    read = getattr(handed, "settings", None)
    try:
        if read is not None and getattr(handed, "input", None) == input:
            return read.with_flags(flags or {})
        return config.load(input, flags)
    except HalflowError as err:
        _fail(err)
        raise AssertionError("unreachable") from None


# The options build and watch share, spelt once.
split_input_file_option = click.option(
    "--split-input-file", is_flag=True,
    help="Treat '// -----' separated chunks as independent inputs, like iree-opt.")


cache_dir_option = click.option(
    "--cache-dir", type=click.Path(file_okay=False),
    help="Cache directory (default: $HALFLOW_CACHE_DIR, the cache-dir setting, or "
         "~/.cache/halflow).")


def codegen_options(command: Callable[..., None]) -> Callable[..., None]:
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


def remote_options(command: Callable[..., None]) -> Callable[..., None]:
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


def remote_of(settings: Config) -> RemoteCache | None:
    """The shared cache of ``settings``; a bad ``--remote-cache`` is a usage
    error (a file's or variable's was a diagnostic when read)."""
    try:
        return settings.remote()
    except ValueError as e:
        raise click.BadParameter(str(e), param_hint="'--remote-cache'") from None


def check_codegen_usage(
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


def check_scheduler(scheduler: str | None, settings: Config) -> None:
    """``--scheduler`` needs the dask executor (by flag or setting)."""
    if scheduler is not None and settings["executor"] != "dask":
        raise click.UsageError("--scheduler needs --executor dask")


def vmfb_flags(input: str | None, iree_flags: tuple[str, ...]
                ) -> tuple[str | None, tuple[str, ...]]:
    """INPUT and the IREE flags after '--': in `halflow build --to vmfb -o
    out.vmfb -- --iree-flag ...` (no INPUT; `halflow config -- ...` too),
    click took the first IREE flag for INPUT."""
    if input is not None and input.startswith("-") and input != "-":
        return None, (input, *iree_flags)
    return input, iree_flags


def codegen_settings(settings: Config) -> VmfbOptions:
    """What ``--to vmfb`` takes of the settings: IREE flags, executor,
    scheduler (only for dask), jobs. With dask, the scheduler-timeout
    setting becomes Dask's connect timeout (``distributed.comm.timeouts.connect``,
    30 s of its own), so that an unreachable scheduler fails in seconds."""
    executor = settings["executor"]
    if executor == "dask":
        import dask

        dask.config.set({"distributed.comm.timeouts.connect":
                         f"{settings['scheduler-timeout']}s"})
    from halflow.core import options

    return options.VmfbOptions(iree_flags=tuple(settings["iree-flags"]), executor=executor,
                       scheduler=settings["scheduler"] if executor == "dask" else None,
                       jobs=settings["jobs"])


def human_size(size: float) -> str:
    """``12.3 MiB``: sizes as ``--max-size`` reads them (powers of 1024)."""
    for unit in ("bytes", "KiB", "MiB", "GiB"):
        if size < 1024 or unit == "GiB":
            return f"{size:.0f} {unit}" if unit == "bytes" else f"{size:.1f} {unit}"
        size /= 1024
    raise AssertionError("unreachable")
