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
    from halflow import startup

    startup.command_line()


@main.command()
# INPUT is not validated here: a missing, unreadable or directory input is an
# input error (exit 1, diagnosed by halflow.source), not a usage error.
@click.argument("input", required=False, type=click.Path(readable=False, allow_dash=True))
@click.option("-o", "--output", type=click.Path(dir_okay=False, writable=True),
              help="Write the result here (atomically) instead of stdout.")
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
def build(
    input: str | None,
    output: str | None,
    split_input_file: bool,
    cache_dir: str | None,
    no_cache: bool,
    explain: bool,
    report: str | None,
    trace: str | None,
) -> None:
    """Materialize interfaces for INPUT (.mlir, .mlirbc or -).

    Without INPUT, builds the bundled example.
    """
    from halflow.builder import build as run_build

    def say(line: str) -> None:
        click.echo(f"halflow: explain: {line}", err=True)

    # What the entry point's up-to-date check already read (halflow.quick).
    checked = click.get_current_context().obj
    reuse = (
        checked is not None
        and (checked.input, checked.cache_dir) == (input, cache_dir)
        and not (no_cache or split_input_file)
    )
    try:
        result = run_build(
            input,
            output,
            split_input_file=split_input_file,
            cache=checked.store if reuse else None,
            cache_dir=cache_dir,
            no_cache=no_cache,
            content=checked.data if reuse else None,
            explain=say if explain else None,
            report=report,
            trace=trace,
        )
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


@main.command()
@click.argument("input", type=click.Path(dir_okay=False, allow_dash=True))
@click.option("--format", "fmt", type=click.Choice(["dot", "json"]), default="dot",
              show_default=True, help="Output format.")
@click.option("-o", "--output", type=click.Path(dir_okay=False), help="Write here instead of stdout.")
@click.option("--split-input-file", is_flag=True, help="Graph of every '// -----' case.")
@click.option("--cache-dir", type=click.Path(file_okay=False), help="Cache directory.")
@click.option("--no-cache", is_flag=True, help="Read and write no cache.")
def graph(input: str, fmt: str, output: str | None, split_input_file: bool,
          cache_dir: str | None, no_cache: bool) -> None:
    """Write the build graph of INPUT (nodes, dependency edges) as DOT or JSON."""
    from halflow import graph as graph_mod
    from halflow.builder import build_graph
    from halflow.output import write_atomic

    try:
        g = build_graph(input, split_input_file=split_input_file, cache_dir=cache_dir,
                        no_cache=no_cache)
    except HalflowError as err:
        _fail(err)
        return
    text = graph_mod.to_dot(g) if fmt == "dot" else graph_mod.to_json(g)
    if output is None:
        sys.stdout.write(text)
    else:
        write_atomic(output, text)


@main.group()
def cache() -> None:
    """Inspect and maintain the cache."""


def _size(text: str) -> int:
    units = {"k": 2**10, "m": 2**20, "g": 2**30, "t": 2**40}
    t = text.strip().lower().rstrip("b").rstrip("i")
    if t and t[-1] in units:
        return int(float(t[:-1]) * units[t[-1]])
    return int(t)


@cache.command("stats")
@click.option("--cache-dir", type=click.Path(file_okay=False), help="Cache directory.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def cache_stats(cache_dir: str | None, as_json: bool) -> None:
    """Entries, bytes, and hits/misses of the last builds."""
    import json

    from halflow.cache import Cache

    store = Cache(cache_dir)
    stats = store.stats()
    store.close()
    if as_json:
        click.echo(json.dumps(stats, indent=1))
        return
    click.echo(f"cache: {stats['directory']}")
    click.echo(f"entries: {stats['entries']}  bytes: {stats['bytes']}")
    kinds = stats.get("by_kind") or {}
    if kinds:
        click.echo("by kind: " + ", ".join(f"{k} {v}" for k, v in sorted(kinds.items())))
    codegen = stats.get("codegen") or {}
    if codegen:
        click.echo(
            f"codegen entries: {codegen.get('entries', 0)}  "
            f"compile seconds saved: {codegen.get('seconds_saved', 0):.1f}"
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
@click.option("--max-size", required=True, help="Keep at most this many bytes (e.g. 500M, 2G).")
@click.option("--cache-dir", type=click.Path(file_okay=False), help="Cache directory.")
def cache_gc(max_size: str, cache_dir: str | None) -> None:
    """Evict the oldest entries until the cache fits in --max-size."""
    from halflow.cache import Cache

    try:
        limit = _size(max_size)
    except ValueError:
        raise click.BadParameter(f"not a size: {max_size!r}", param_hint="--max-size") from None
    store = Cache(cache_dir)
    removed = store.gc(limit)
    stats = store.stats()
    store.close()
    click.echo(f"removed {removed} entries; {stats['entries']} entries, {stats['bytes']} bytes left")


@cache.command("clear")
@click.option("--cache-dir", type=click.Path(file_okay=False), help="Cache directory.")
def cache_clear(cache_dir: str | None) -> None:
    """Remove every entry."""
    from halflow.cache import Cache

    store = Cache(cache_dir)
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
) -> None:
    """Build INPUT, then rebuild it whenever it changes on disk (Ctrl-C stops).

    INPUT may be a directory: every *.mlir in it builds to OUTPUT/<name>.
    One line per rebuild on stderr; a save that fails keeps the last good
    OUTPUT.
    """
    from halflow.watcher import UsageError, run_command

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
        )
    except UsageError as e:
        raise click.UsageError(str(e)) from None
    sys.exit(code)


if __name__ == "__main__":  # pragma: no cover
    main()
