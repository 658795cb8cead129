"""``halflow cache``: statistics, the size limit, garbage collection, clearing."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import click

from halflow.cli.common_options import human_size, load_settings
from halflow.cli.mlir_build import fail as _fail
from halflow.core.config import parse_age, parse_size
from halflow.core.diagnostics import Diagnostic, HalflowError
from halflow.store.diskformat import dropin_counter

T = TypeVar("T")
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
@click.option("--cache-dir", "group_cache_dir", type=click.Path(file_okay=False),
              help="Cache directory (before the subcommand, as ccache's options; also after it).")
@click.pass_context
def cache(ctx: click.Context, group_cache_dir: str | None) -> None:
    """Inspect and maintain the cache."""
    ctx.meta["halflow.cache-dir"] = group_cache_dir


def cache_dir_of(cache_dir: str | None) -> str | None:
    """The ``--cache-dir`` of a ``cache`` subcommand, given before it
    (``halflow cache --cache-dir DIR stats``) or after it; both, and
    different, is a usage error."""
    ctx = click.get_current_context()
    before = ctx.meta.get("halflow.cache-dir")
    if before is not None and cache_dir is not None and Path(before) != Path(cache_dir):
        raise click.UsageError(f"two cache directories: --cache-dir {before} before the "
                               f"subcommand and --cache-dir {cache_dir} after it", ctx)
    return cache_dir if cache_dir is not None else before


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

    from halflow.core.wording import plural
    from halflow.store import size_limit
    from halflow.store.artifacts import DiskStore, codegen_stats

    cache_dir = cache_dir_of(cache_dir)
    settings = load_settings(None, {"cache-dir": cache_dir})
    store = open_cache_dir(cache_dir, settings)
    try:
        if zero:
            store.zero_stats()
        stats = store.stats()
        stats["max_size"] = size_limit.limit(store.directory, settings["max-size"])
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
        click.echo(f"  {label:<30} {b['entries']:>7} entries {human_size(b['bytes']):>12}")
    limit = (f"max size {human_size(stats['max_size'])}" if stats["max_size"] is not None
             else f"limit {human_size(stats['size_limit'])}")
    click.echo(f"  {'total':<30} {stats['entries']:>7} entries {human_size(stats['bytes']):>12}  "
               f"({limit}; held by entries: what gc can free)")
    click.echo(f"  {'index file':<30} {'':>15} {human_size(stats['index_bytes']):>12}")
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
            f"{human_size(remote['bytes_fetched'])} fetched, {remote['writes']} written "
            f"({human_size(remote['bytes_written'])})")
    for line in dropin_lines(stats.get("dropin") or {}):
        click.echo(line)
    codegen = stats["codegen"]
    click.echo(f"compile seconds saved: {codegen['seconds_saved']:.1f} by "
               f"{codegen['reuses']} reuses; {codegen['entries']} executables cached")
    if history:
        click.echo("last builds (newest last):")
        for h in history[-10:]:
            if h.get("mode") == "iree-compile":
                click.echo(f"  {h.get('input') or 'iree-compile'}: iree-compile, "
                           f"{dropin_counter(h).replace(':', ': ', 1)}")
                continue
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
                    f"misses, {human_size(remote.get('bytes_fetched', 0))} fetched, "
                    f"{remote.get('errors', 0)} errors, {remote.get('writes', 0)} written"
                )

# The drop-in's outcomes (halflow.cli.dropin_counts), as cache stats words them.
_SERVED = (("up-to-date", "up to date"), ("plain", "plainly"), ("groups", "incrementally"),
           ("fallback", "incrementally, linked whole"), ("materialize", "materialize (iree-opt)"))


def dropin_lines(counts: dict[str, int]) -> list[str]:
    """``halflow iree-compile`` (and the masquerade directory) since
    ``--zero``: calls served by halflow, by how; passed through to the real
    tool, by reason; fallbacks after an internal failure, by cause; errors
    IREE diagnosed."""
    if not counts:
        return []

    def part(prefix: str) -> dict[str, int]:
        return {k.split(":", 1)[1] if ":" in k else "": v for k, v in counts.items()
                if k == prefix or k.startswith(prefix + ":")}

    served, passed = part("served"), part("passed")
    fallback, strict = part("fallback"), part("strict-failure")
    from halflow.core.wording import plural

    lines = [f"  iree-compile (drop-in): {plural(sum(counts.values()), 'call')}"]
    words = [f"{served[k]} {w}" for k, w in _SERVED if k in served]
    lines.append(f"    served by halflow: {sum(served.values())}"
                 + (f" ({', '.join(words)})" if words else ""))
    for title, group in (("passed through", passed), ("fallbacks", fallback),
                         ("strict failures", strict)):
        lines.append(f"    {title}: {sum(group.values())}")
        lines += [f"      {v} {k}" for k, v in sorted(group.items(), key=lambda kv: -kv[1])]
    lines.append(f"    errors diagnosed by IREE: {counts.get('error', 0)}")
    return lines


def _parsed(text: str | None, parse: Callable[[str], T], expected: str, option: str) -> T | None:
    """``parse(text)``; None for None; a value it refuses is a usage error."""
    if text is None:
        return None
    try:
        return parse(text)
    except ValueError:
        raise click.BadParameter(f"not {expected}: {text!r}", param_hint=option) from None


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
    limit = _parsed(max_size, parse_size, "a size of at least 0", "--max-size")
    age = _parsed(older_than, parse_age, "an age such as 30d, 12h or 3600s", "--older-than")
    store = open_cache_dir(cache_dir_of(cache_dir))
    removed, freed = store.gc(limit, age)
    stats = store.stats()
    store.close()
    click.echo(
        f"removed {removed} entries ({human_size(freed)}); {stats['entries']} entries, "
        f"{human_size(stats['bytes'])} left (held by entries; index file: "
        f"{human_size(stats['index_bytes'])})"
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
    cache_dir = cache_dir_of(cache_dir)
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
    store = open_cache_dir(cache_dir_of(cache_dir))
    removed = store.clear()
    store.close()
    click.echo(f"removed {removed} entries")
