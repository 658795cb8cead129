"""A worker process of the local pool (``python -m halflow.codegen.worker``):
set up for one :class:`~halflow.codegen.environment.Environment`, it runs
the tasks it is sent (:mod:`halflow.codegen.tasks`), one at a time, and
answers each with its result. Messages are pickled records, each preceded
by its size.

Protocol: the environment -> ``("ready", worker id)`` or ``("error",
why)``; then task -> ``("ok", result)`` | ``("error", message)`` until
stdin closes.
"""

from __future__ import annotations

import os
import pickle
import sys
from typing import IO, Any, BinaryIO

from halflow.codegen.environment import Environment, warm_up


def write_message(stream: IO[bytes], message: object) -> None:
    data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
    stream.write(len(data).to_bytes(8, "little") + data)
    stream.flush()


def read_message(stream: IO[bytes]) -> Any:
    """The next message; raises EOFError when the other side is gone."""
    header = stream.read(8)
    if len(header) < 8:
        raise EOFError
    size = int.from_bytes(header, "little")
    data = stream.read(size)
    if len(data) < size:
        raise EOFError
    return pickle.loads(data)


def serve(stdin: BinaryIO, stdout: BinaryIO) -> None:
    """Serve tasks until stdin closes. The process's one state between
    tasks is what it parses ahead of a final compile: its
    :class:`~halflow.codegen.link.Preloads`, owned here and handed to the
    tasks that use it."""
    from halflow.codegen.link import Preloads
    from halflow.codegen.tasks import USES_PRELOADS

    env = read_message(stdin)
    assert isinstance(env, Environment)
    try:
        write_message(stdout, ("ready", warm_up(env)))
    except Exception as e:  # unfit: say why, then stop
        write_message(stdout, ("error", f"{type(e).__name__}: {e}"))
        return
    preloads = Preloads()
    while True:
        try:
            task = read_message(stdin)
        except EOFError:
            return
        try:
            result = task.run(preloads) if isinstance(task, USES_PRELOADS) else task.run()
            write_message(stdout, ("ok", result))
        except Exception as e:
            write_message(stdout, ("error", f"{type(e).__name__}: {e}"))


def main() -> None:
    # Keep stray output (IREE's, C or Python) off the message channel.
    channel = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)
    serve(sys.stdin.buffer, channel)


if __name__ == "__main__":
    # Run from the imported module, not this __main__ copy (one module
    # object for what pickled messages name).
    from halflow.codegen import worker as _worker

    _worker.main()
