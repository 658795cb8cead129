"""``halflow config``: the effective settings and where each came from."""

from __future__ import annotations

import os

import click

from halflow.cli.common_options import (
    human_size,
    load_settings,
    remote_of,
    remote_options,
    vmfb_flags,
)


@click.command("config")
@click.argument("path", required=False, type=click.Path())
@click.option("--json", "as_json", is_flag=True,
              help="Print JSON: project, user, settings (value and source of each).")
@click.option("--cache-dir", type=click.Path(file_okay=False), help="As build's flag.")
@click.option("--cache-read-only", "read_only", is_flag=True, help="As build's flag.")
@click.option("--executor", type=click.Choice(["local", "dask"]), help="As build's flag.")
@click.option("--scheduler", metavar="ADDRESS", help="As build's flag.")
@click.option("-j", "--jobs", type=click.IntRange(min=1), help="As build's flag.")
@click.argument("iree_flags", nargs=-1, type=click.UNPROCESSED, metavar="[-- IREE_FLAGS]")
@remote_options
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

    from halflow.core import config
    from halflow.store import size_limit

    path, iree_flags = vmfb_flags(path, iree_flags)
    settings = load_settings(path, {
        "cache-dir": cache_dir, "cache-read-only": read_only or None, "executor": executor,
        "scheduler": scheduler, "jobs": jobs, "iree-flags": iree_flags or None, **remote_flags})
    remote_of(settings)  # a bad --remote-cache is a usage error here too
    shown = {name: config.Value(settings.shown(name), v.source)
             for name, v in settings.values.items()}
    shown["cache-dir"] = config.Value(settings.cache_dir(), settings.source("cache-dir"))
    own = size_limit.max_size(settings.cache_dir())
    if own is not None:  # the cache's own limit wins (halflow.store.size_limit)
        shown["max-size"] = config.Value(
            own, f"{os.path.join(settings.cache_dir(), size_limit.SETTINGS_NAME)} "
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
        return human_size(value) if name == "max-size" and isinstance(value, int) else str(value)

    click.echo(f"project file: {settings.project or 'none'}")
    click.echo(f"user file: {settings.user or 'none'}")
    rows = [(name, text(name, v.value), v.source) for name, v in shown.items()]
    names, width = max(len(r[0]) for r in rows), max(len(r[1]) for r in rows)
    for name, value, source in rows:
        click.echo(f"{name:<{names}} {value:<{width}}  {source}")
