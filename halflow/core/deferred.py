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

The ability to answer early is an :class:`EarlyAnswer` object: the fork
makes one and passes it down with the build's options; a build without
one (any other process) cannot answer early.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import time
from collections.abc import Callable

LOCK_NAME = "recording.lock"

class EarlyAnswer:
    """How the process that owns it (the build server's fork) answers its
    caller before it ends: ``answer()`` hands the client its answer (exit
    status 0) and its descriptors back. Made by the fork and passed down
    to the build (:attr:`halflow.core.options.BuildOptions.answer`), it
    also holds the recording lock once it has answered, until the process
    ends."""

    def __init__(self, answer: Callable[[], None]):
        self._answer = answer
        self._held: int | None = None  # the lock held (its descriptor)

    def can_answer(self) -> bool:
        """Whether the caller can still be answered before the end."""
        return self._held is None

    def answered(self) -> bool:
        """Whether the caller has been answered already."""
        return self._held is not None

    def answer_now(self, cache_dir: str | os.PathLike[str] | None) -> bool:
        """Answer the caller now, with the recording lock of ``cache_dir``
        held until this process ends; whether it answered (not without a
        cache directory, nor when the lock is taken)."""
        if not self.can_answer() or cache_dir is None:
            return False
        try:
            fd = os.open(os.path.join(cache_dir, LOCK_NAME),
                         os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
        except OSError:
            return False
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            return False
        self._held = fd
        self._answer()
        return True


def wait_for_recordings(cache_dir: str | os.PathLike[str] | None,
                        answer: EarlyAnswer | None = None) -> None:
    """Wait until no build that answered early is still saving into
    ``cache_dir`` (at once when none is, or never was, or when it is this
    process, which holds the lock through ``answer``)."""
    if cache_dir is None or (answer is not None and answer.answered()):
        return
    wait_for_lock(os.path.join(cache_dir, LOCK_NAME))


def wait_for_lock(path: str | os.PathLike[str],
                  waiting: Callable[[], object] = lambda: None) -> float:
    """Wait until no process holds the lock file ``path`` (``flock``,
    exclusively: work that goes on after its process answered, such as
    this module's recording or a fill of the cache,
    :mod:`halflow.codegen.fill`), calling ``waiting`` first when one does;
    the seconds waited (0 at once when none does, or the file does not
    exist: no such work ever ran)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_CLOEXEC)
    except OSError:
        return 0.0
    began = time.perf_counter()
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
            return 0.0
        except OSError:
            waiting()
        with contextlib.suppress(OSError):
            fcntl.flock(fd, fcntl.LOCK_SH)
    finally:
        os.close(fd)
    return time.perf_counter() - began
