"""``halflow server status|stop``: this installation's build server
(:mod:`halflow.cli.server_client`)."""

from __future__ import annotations

import click


@click.group("server")
def server() -> None:
    """The warm build server that runs 'halflow build' in a fork of itself.

    Started by the first build that has work to do (Linux; HALFLOW_SERVER=0
    or 'server = false' in a configuration file turns it off); it exits
    after 'server-idle-timeout' seconds with nothing to do (default 600).
    One server per installation (interpreter, import path, halflow's and
    IREE's files): its socket is in $HALFLOW_RUNTIME_DIR, else
    $XDG_RUNTIME_DIR/halflow, else /tmp/halflow-UID.
    """


@server.command("status")
@click.option("--json", "as_json", is_flag=True, help="Print the status as JSON.")
def status(as_json: bool) -> None:
    """Show this installation's server; exit status 1 if none runs."""
    from halflow.cli import server_client

    answer = server_client.question("status")
    if as_json:
        import json

        click.echo(json.dumps(answer))
    elif not isinstance(answer, dict):
        click.echo("no build server of this installation is running")
        why = server_client.failure()
        if why is not None:
            click.echo(why)
    else:
        import time

        click.echo(f"pid {answer['pid']}, {answer['builds']} builds, {len(answer['running'])} "
                   f"running, up {time.time() - float(answer['started']):.0f} s, idle timeout "
                   f"{answer['idle_timeout']:g} s\nsocket {answer['socket']}")
    if not isinstance(answer, dict):
        raise SystemExit(1)


@server.command("stop")
def stop() -> None:
    """Stop this installation's server (builds it runs finish first)."""
    from halflow.cli import server_client

    answer = server_client.question("stop")
    if isinstance(answer, dict):
        click.echo(f"stopping build server {answer['pid']}")
    else:
        click.echo("no build server of this installation is running")
