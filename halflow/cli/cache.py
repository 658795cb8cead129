"""``halflow cache``: statistics, the size limit, garbage collection, clearing."""

from __future__ import annotations

from pathlib import Path

import click

from halflow.cli.common_options import human_size, load_settings
from halflow.cli.mlir_build import fail as _fail
from halflow.core.config import parse_size
from halflow.core.diagnostics import Diagnostic, HalflowError

TYPE_CHECKING = False
if TYPE_CHECKING:
    from halflow.core.config import Config


def open_cache_dir(cache_dir: str | None, settings: Config | None = None):
    """The cache for ``halflow cache ...`` (``--cache-dir``, else the
    cache-dir setting seen from the current directory): a folder that holds
    no cache (a typo, a cache never made) or one that cannot be used is a
    diagnostic (exit 1). Nothing is created: these commands read or trim a
    cache."""
    from halflow.store import diskformat as cacheio
    from halflow.store.disk import Cache, CacheUnavailable

    if settings is None:
        settings = load_settings(None, {"cache-dir": cache_dir})
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


@click.group()
def cache() -> None:
    """Inspect and maintain the cache."""


@cache.command("stats")
@click.option("--cache-dir", type=click.Path(file_okay=False), help="Cache directory.")
@click.option("--json", "as_json", is_flag=True,
              help="Print the statistics as JSON (keys: see README).")
@click.option("--zero", is_flag=True,
              help="Reset the statistics (history, hit rates, seconds saved); keep the entries.")
def cache_stats(cache_dir: str | None, as_json: bool, zero: bool) -> None:
    """Entries and sizes per build kind, hit rates and compile seconds saved
    over the last builds, and those builds."""
    import json

    from halflow.store import size_limit
    from halflow.store.artifacts import DiskStore, codegen_stats

    settings = load_settings(None, {"cache-dir": cache_dir})
    store = open_cache_dir(cache_dir, settings)
    try:
        if zero:
            store.zero_stats()
        stats = store.stats()
        stats["max_size"] = size_limit.limit(store.directory, settings["max-size"])
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
        click.echo(f"  {label:<30} {b['entries']:>7} entries {human_size(b['bytes']):>12}")
    limit = (f"max size {human_size(stats['max_size'])}" if stats["max_size"] is not None
             else f"limit {human_size(stats['size_limit'])}")
    click.echo(f"  {'total':<30} {stats['entries']:>7} entries {human_size(stats['bytes']):>12}  "
               f"({limit}; held by entries: what gc can free)")
    click.echo(f"  {'index file':<30} {'':>15} {human_size(stats['index_bytes']):>12}")
    history = stats.get("history") or []
    rates = stats["hit_rate"]
    click.echo(f"hit rate over the last {len(history)} builds:")
    if not rates:
        click.echo("  no builds recorded")
    for kind, what in (("mlir", "nodes"), ("vmfb", "executables")):
        r = rates.get(kind)
        if r is not None:
            click.echo(f"  {kind}: {r['percent']:.1f}% of {what} reused ({r['reused']} reused, "
                       f"{r['executed']} executed in {r['builds']} builds)")
    codegen = stats["codegen"]
    click.echo(f"compile seconds saved: {codegen['seconds_saved']:.1f} by "
               f"{codegen['reuses']} reuses; {codegen['entries']} executables cached")
    if history:
        click.echo("last builds (newest last):")
        for h in history[-10:]:
            click.echo(
                f"  {h.get('input', '?')}: mode {h.get('mode')}, "
                f"executed {h.get('executed')}, reused {h.get('reused')}, "
                f"{h.get('seconds', 0):.3f}s"
            )
            remote = h.get("remote")
            if isinstance(remote, dict):
                click.echo(
                    f"    remote: {remote.get('hits', 0)} hits, {remote.get('misses', 0)} "
                    f"misses, {human_size(remote.get('bytes_fetched', 0))} fetched, "
                    f"{remote.get('errors', 0)} errors, {remote.get('writes', 0)} written"
                )


@cache.command("gc")
@click.option("--max-size", required=True,
              help="Keep at most this many bytes of entries (e.g. 500M, 2G, 0).")
@click.option("--cache-dir", type=click.Path(file_okay=False), help="Cache directory.")
def cache_gc(max_size: str, cache_dir: str | None) -> None:
    """Evict the oldest entries until the entries hold at most --max-size
    bytes (the index file is not counted; it shrinks with them)."""
    try:
        limit = parse_size(max_size)
    except ValueError:
        raise click.BadParameter(f"not a size of at least 0: {max_size!r}",
                                 param_hint="--max-size") from None
    store = open_cache_dir(cache_dir)
    removed, freed = store.gc(limit)
    stats = store.stats()
    store.close()
    click.echo(
        f"removed {removed} entries ({freed} bytes); {stats['entries']} entries, "
        f"{stats['bytes']} bytes left (held by entries; index file: {stats['index_bytes']} bytes)"
    )


@cache.command("max-size")
@click.argument("size", required=False)
@click.option("--cache-dir", type=click.Path(file_okay=False), help="Cache directory.")
def cache_max_size(size: str | None, cache_dir: str | None) -> None:
    """Show or set the lasting size limit (e.g. 500M, 5G; 'none' removes
    it), applied by every build: the oldest entries are evicted."""
    from halflow.store import size_limit

    limit: int | None = None
    if size is not None and size.strip().lower() not in ("none", "0"):
        try:
            limit = parse_size(size)
        except ValueError:
            raise click.BadParameter(f"not a size: {size!r}", param_hint="SIZE") from None
        if limit <= 0:
            raise click.BadParameter(f"not a size: {size!r}", param_hint="SIZE")
    settings = load_settings(None, {"cache-dir": cache_dir})
    configured = settings["max-size"]
    store = open_cache_dir(cache_dir, settings)
    try:
        if size is None:
            limit = size_limit.max_size(store.directory)
            if limit is not None:
                click.echo(human_size(limit))
            elif configured is not None:
                click.echo(f"none (the max-size setting applies: {human_size(configured)}, from "
                           f"{settings.source('max-size')})")
            else:
                click.echo("none")
            return
        try:
            size_limit.set_max_size(store.directory, limit)
        except OSError as e:
            _fail(HalflowError(Diagnostic(str(store.directory), 0, 0,
                                          f"cannot write the cache settings: {e.strerror or e}")))
        removed = size_limit.apply(store, configured)
        stats = store.stats()
    finally:
        store.close()
    click.echo(f"max size {human_size(limit) if limit is not None else 'none'}; removed {removed} "
               f"entries; {stats['entries']} entries, {human_size(stats['bytes'])} left")


@cache.command("clear")
@click.option("--cache-dir", type=click.Path(file_okay=False), help="Cache directory.")
def cache_clear(cache_dir: str | None) -> None:
    """Remove every entry."""
    store = open_cache_dir(cache_dir)
    removed = store.clear()
    store.close()
    click.echo(f"removed {removed} entries")
