"""Build servers (``halflow.cli.server_process``) as tests see them: the
status each server of a runtime directory reports, waiting for one, and
stopping them all (every test session stops the servers it started)."""

from __future__ import annotations

import os
import signal
import socket
import time
from pathlib import Path
from typing import Any

from halflow.cli import server_wire


def status(sock_path: Path) -> dict[str, Any] | None:
    """What the server listening on ``sock_path`` says of itself, or None."""
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.settimeout(10)
    try:
        sock.connect(str(sock_path))
        server_wire.send(sock, server_wire.QUESTION, {"op": "status"})
        kind, answer = server_wire.receive(sock)
    except (OSError, server_wire.ProtocolError):
        return None
    finally:
        sock.close()
    return answer if kind == server_wire.ANSWER and isinstance(answer, dict) else None


def servers(runtime: Path) -> list[dict[str, Any]]:
    """The statuses of the servers listening in ``runtime``."""
    if not runtime.is_dir():
        return []
    found = [status(p) for p in sorted(runtime.glob("s-*.sock"))]
    return [s for s in found if s is not None]


def wait_for_servers(runtime: Path, count: int = 1, timeout: float = 60) -> list[dict[str, Any]]:
    """The statuses once ``count`` servers listen in ``runtime``."""
    deadline = time.monotonic() + timeout
    while True:
        found = servers(runtime)
        if len(found) >= count:
            return found
        assert time.monotonic() < deadline, f"{len(found)} build servers in {runtime}"
        time.sleep(0.05)


def alive(pid: int) -> bool:
    """Whether ``pid`` is a live process (not a zombie)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rpartition(")")[2].split()[0] != "Z"
    except OSError:
        return False


def wait_gone(pid: int, timeout: float = 30) -> bool:
    deadline = time.monotonic() + timeout
    while alive(pid):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


def stop_servers(runtime: Path) -> None:
    """Stop every server listening in ``runtime`` (SIGTERM: it finishes its
    builds and exits; SIGKILL after 30 s)."""
    pids = [s["pid"] for s in servers(runtime)]
    for pid in pids:
        os.kill(pid, signal.SIGTERM)
    for pid in pids:
        if not wait_gone(pid):
            os.kill(pid, signal.SIGKILL)
