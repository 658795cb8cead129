"""What a process that runs code generation tasks is set up with (a
worker process, a Dask worker, the build process for its lanes): the IREE
version and flags (:class:`Environment`), and where a task ran."""

from __future__ import annotations

import os
import socket
from dataclasses import dataclass
from typing import TYPE_CHECKING

from halflow.codegen import iree_api, tools

if TYPE_CHECKING:
    from halflow.codegen.flags import IreeFlags


@dataclass(frozen=True)
class Environment:
    """What a worker process must be set up with."""

    session_flags: tuple[str, ...]
    global_flags: tuple[str, ...]
    iree_version: str
    verify: bool = True  # verify IR after each pass (iree-compile --verify)


def worker_id() -> str:
    """Where a task runs: this host and process (a span's ``where``)."""
    return f"{socket.gethostname()}:{os.getpid()}"


def prepare(env: Environment) -> None:
    """Set up this process for ``env`` (idempotent). Raises RuntimeError if
    it cannot be: another IREE version, or other global flags already set."""
    if tools.iree_version() != env.iree_version:
        raise RuntimeError(
            f"worker {worker_id()} has iree-base-compiler {tools.iree_version()}, "
            f"the build needs {env.iree_version}"
        )
    iree_api.set_global_flags(env.global_flags)


def warm_up(env: Environment) -> str:
    """Load the compiler library and set flags ahead of the first task."""
    prepare(env)
    iree_api.split_flags(())  # loads libIREECompiler and creates a session
    return worker_id()


def environment_for(flags: IreeFlags) -> Environment:
    """What worker processes need for these flags. Per-pass verification
    is off unless the user gives ``--verify`` (as in the front end,
    :func:`halflow.codegen.model.frontend_command`): IREE's passes work on
    IREE's own output here, and verifying changes no byte of it."""
    session_flags, global_flags = iree_api.split_flags(flags.compile)
    return Environment(session_flags, global_flags, tools.iree_version(),
                       flags.verify_per_pass)
