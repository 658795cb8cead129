"""A whole-module build that answers its caller once its output is written,
and records its nodes and saves its state afterwards.

A cold build of a large module spends a third of its time after its output
is complete: recording every node and saving the state the next build
starts from. In the build server's fork (the only process that can answer
its client before it ends: :mod:`halflow.cli.server_process`), the build
answers as soon as the output file is written (exit status 0, the client's
descriptors handed back) and goes on with that bookkeeping on its own.

What keeps this safe is one lock file per cache directory,
``recording.lock``: the process that answers early holds it exclusively
(``flock``) from before it answers until it ends, and every build of the
same cache waits for it (:func:`wait_for_recordings`) before it reads any
state. So a build that starts after the answer sees the finished state,
never a half-saved one (the state is saved in one transaction anyway: a
recorder killed before its commit leaves no state, and the lock is freed
by the kernel when it dies). A process answers early only when it can
take the lock at once: never while another build of the cache waits or
records.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
from collections.abc import Callable

LOCK_NAME = "recording.lock"

# Set by the build server's fork: hands the client its answer (exit status
# 0) and its descriptors back. None: nobody to answer before the end.
_answer: Callable[[], None] | None = None
_held: int | None = None  # the lock this process holds (its descriptor)


def offer(answer: Callable[[], None] | None) -> None:
    """``answer()``: answer the caller now, the process going on alone."""
    global _answer
    _answer = answer


def can_answer() -> bool:
    """Whether this process can answer before it ends (and has not yet)."""
    return _answer is not None and _held is None


def answer_now(cache_dir: str | os.PathLike[str] | None) -> bool:
    """Answer the caller now, with the recording lock of ``cache_dir``
    held until this process ends; whether it answered (not without a
    cache directory, nor when the lock is taken)."""
    global _held
    if not can_answer() or cache_dir is None:
        return False
    try:
        fd = os.open(os.path.join(cache_dir, LOCK_NAME), os.O_RDWR | os.O_CREAT | os.O_CLOEXEC,
                     0o600)
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        return False
    _held = fd
    assert _answer is not None
    _answer()
    return True


def answered() -> bool:
    """Whether this process has answered its caller already."""
    return _held is not None


def wait_for_recordings(cache_dir: str | os.PathLike[str] | None) -> None:
    """Wait until no build that answered early is still saving into
    ``cache_dir`` (at once when none is, or never was)."""
    if cache_dir is None or _held is not None:
        return
    try:
        fd = os.open(os.path.join(cache_dir, LOCK_NAME), os.O_RDONLY | os.O_CLOEXEC)
    except OSError:
        return  # no build ever answered early here
    try:
        with contextlib.suppress(OSError):
            fcntl.flock(fd, fcntl.LOCK_SH)
    finally:
        os.close(fd)
