"""The local worker pool's parts that own processes and threads: a worker
process (:class:`WorkerProcess`, ``python -m halflow.codegen.worker``), a
lane of the build process (:class:`Lane`, a task on a thread), the idle
workers of one environment (:class:`WorkerPool`) and the worker lent to
parsing translations ahead of the final compile (:class:`Preloading`).
What runs where and when is :class:`halflow.codegen.executors.LocalExecutor`'s.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import tempfile
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from halflow.codegen import worker
from halflow.codegen.environment import Environment
from halflow.codegen.tasks import PreloadTask, Task


def _describe_exit(code: int | None) -> str:
    if code is not None and code < 0:
        try:
            return f"killed by {signal.Signals(-code).name}"
        except ValueError:
            return f"killed by signal {-code}"
    if code:
        return f"exited with status {code}"
    return "exited"


def _package_root() -> str:
    # This file is halflow/codegen/worker_pool.py.
    return str(Path(__file__).resolve().parent.parent.parent)


class WorkerProcess:
    """One ``python -m halflow.codegen.worker`` child, set up for ``env``."""

    def __init__(self, env: Environment):
        env_vars = dict(os.environ)
        # The child must import the same halflow as this process.
        env_vars["PYTHONPATH"] = os.pathsep.join(
            [_package_root(), *filter(None, [os.environ.get("PYTHONPATH")])])
        self._stderr = tempfile.TemporaryFile()  # noqa: SIM115 - closed in close()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "halflow.codegen.worker"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self._stderr, env=env_vars,
        )
        assert self.process.stdin is not None and self.process.stdout is not None
        self.stdin = self.process.stdin
        self.stdout = self.process.stdout
        self.ready = False
        self.failure = ""  # why it could not start, once known
        self.task: Any = None
        self.job: Task | None = None
        self.preloading = False  # sent a preload whose answer is not read yet
        self.id = ""
        # A worker that died at once shows as EOF on its first reply.
        with contextlib.suppress(OSError):
            worker.write_message(self.stdin, env)

    def fileno(self) -> int:
        return self.stdout.fileno()

    def send(self, task: Task) -> bool:
        """Send a task; False if the worker is gone (see :meth:`death`)."""
        self.task = task
        try:
            worker.write_message(self.stdin, task)
        except OSError:  # broken pipe: the process died
            return False
        return True

    def receive(self) -> tuple[str, Any]:
        """The next reply; raises EOFError if the process died."""
        status, value = worker.read_message(self.stdout)
        return status, value

    def death(self) -> str:
        """Why the process is gone (waits for it), with its last stderr line."""
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(timeout=10)
        reason = "worker process " + _describe_exit(self.process.returncode)
        self._stderr.seek(0)
        lines = [ln.strip() for ln in self._stderr.read().decode("utf-8", "replace").splitlines()
                 if ln.strip()]
        if lines and self.process.returncode and self.process.returncode > 0:
            # LLVM's option parser says what is wrong on its first line; a
            # Python failure on the last line of its traceback.
            flagged = [ln for ln in lines if "command line argument" in ln or " option" in ln]
            reason += f": {(flagged or lines[-1:])[0]}"
        return reason

    def wait_ready(self) -> bool:
        """Wait for the ready message; False (and :attr:`failure` says why)
        if the worker cannot start."""
        while not self.ready and not self.failure:
            try:
                status, value = self.receive()
            except EOFError:
                self.failure = self.death()
                break
            if status == "ready":
                self.ready, self.id = True, value
            else:
                self.failure = str(value)
        return self.ready

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self.stdin.close()
        try:
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.stdout.close()
        self._stderr.close()


class Lane:
    """The calling process as a worker of the pool: a task runs on a thread
    of its own (IREE's compiles release the GIL) and says it is done through
    a pipe, so that the pool's ``select`` sees it as it sees a worker's
    reply. It cannot die apart from the build: a task that raises comes
    back as an error (retried, as a worker's)."""

    def __init__(self) -> None:
        self._read, self._write = os.pipe()
        self.job: Task | None = None
        self._reply: tuple[str, Any] = ("error", "no task")
        self._thread: threading.Thread | None = None

    def fileno(self) -> int:
        return self._read

    def send(self, task: Task) -> bool:
        def work() -> None:
            try:
                self._reply = ("ok", task.run())
            except Exception as e:  # unfit for the task, as a worker says
                self._reply = ("error", f"{type(e).__name__}: {e}")
            os.write(self._write, b".")

        self._thread = threading.Thread(target=work, name="halflow-lane", daemon=True)
        self._thread.start()
        return True

    def receive(self) -> tuple[str, Any]:
        os.read(self._read, 1)
        if self._thread is not None:
            self._thread.join()
        return self._reply

    def close(self) -> None:
        """Wait for a task still running (an interrupted build), then close
        (not a pipe a thread that may yet run could write to)."""
        if join_started(self._thread):
            os.close(self._read)
            os.close(self._write)


def join_started(thread: threading.Thread | None) -> bool:
    """Join ``thread`` if it was started; whether it has ended (None: no
    thread, True). A Ctrl-C (KeyboardInterrupt) can end ``start()`` before
    the thread is under way, and joining it then raises RuntimeError:
    False, it may be starting still."""
    if thread is None:
        return True
    try:
        thread.join()
    except RuntimeError:  # "cannot join thread before it is started"
        return False
    return True


class WorkerPool:
    """The worker processes of one environment that wait for work: started
    ahead (their start-up overlaps what the caller does meanwhile), taken
    for a task and given back after it; one of them may be lent to
    :attr:`preloading`."""

    def __init__(self, env: Environment, *, start: bool = True):
        """``start``: start one worker now."""
        self.env = env
        self.idle: list[WorkerProcess] = [WorkerProcess(env)] if start else []
        self.preloading = Preloading(self)

    def started(self) -> int:
        """Workers started and not busy (the one preloading counts: it is
        nearly done)."""
        return len(self.idle) + int(self.preloading.busy)

    def start(self, count: int) -> None:
        """Start ``count`` more workers (none for 0 or less)."""
        for _ in range(count):
            self.idle.insert(0, WorkerProcess(self.env))  # taken last: the others started first

    def any_ready(self) -> bool:
        return any(w.ready for w in self.idle)

    def take(self) -> WorkerProcess:
        """An idle, set-up worker (waits for its ready message); raises
        RuntimeError if it cannot start."""
        if not self.idle and self.preloading.busy:
            self.preloading.finish()
        w = self.idle.pop() if self.idle else WorkerProcess(self.env)
        if not w.wait_ready():
            w.close()
            raise RuntimeError(f"a halflow worker could not start ({w.failure})")
        return w

    def give_back(self, w: WorkerProcess) -> None:
        """``w``, done with its task, waits for the next."""
        w.task = None
        self.idle.append(w)

    def prefer(self, w: WorkerProcess) -> None:
        """Have :meth:`take` give ``w`` next, if it is idle."""
        if w in self.idle:
            self.idle.remove(w)
            self.idle.append(w)  # take pops from the end

    def check(self) -> None:
        """Wait until a worker is set up; raises RuntimeError if workers
        cannot start (e.g. IREE rejects a global flag)."""
        self.idle.append(self.take())

    def close(self) -> None:
        self.preloading.finish()
        for w in self.idle:
            w.close()
        self.idle = []

    def stop_idle(self) -> None:
        """Kill the workers waiting for work, without waiting for their
        start-up to end."""
        self.preloading.finish()
        for w in self.idle:
            w.process.kill()
            w.close()
        self.idle = []


class Preloading:
    """A worker of ``pool`` lent to parsing translations ahead of the final
    compile, the thread feeding it, and (once it has answered) the worker
    that holds what it parsed (:mod:`halflow.codegen.link`)."""

    def __init__(self, pool: WorkerPool):
        self._pool = pool
        self._worker: WorkerProcess | None = None
        self._thread: threading.Thread | None = None
        self._holder: WorkerProcess | None = None

    @property
    def busy(self) -> bool:
        """Whether a worker is lent to a preload."""
        return self._worker is not None

    def start(self, items: Callable[[], list[tuple[str, str, bool, bytes]]]) -> None:
        """Lend an idle worker to parse ``items()`` (called on a helper
        thread). Best effort: any failure just means nothing is preloaded."""
        if self._worker is not None or not self._pool.idle:
            return
        w = self._pool.idle.pop()
        env = self._pool.env

        def feed() -> None:
            try:
                chosen = items()
            except Exception:
                chosen = []
            if not chosen or not w.wait_ready():
                return
            if w.send(PreloadTask(tuple(chosen), env)):
                w.preloading = True

        self._worker = w
        self._thread = threading.Thread(target=feed, name="halflow-preload", daemon=True)
        self._thread.start()

    def finish(self) -> None:
        """Wait for the preloading worker and give it back to the pool."""
        w, thread = self._worker, self._thread
        if w is None or thread is None:
            return
        if not join_started(thread):
            return  # interrupted while it started: the worker stays with it
        self._worker = self._thread = None
        if w.preloading:  # read its answer to the preload
            try:
                status, _ = w.receive()
            except EOFError:
                w.close()
                return
            if status == "ok":
                self._holder = w
        w.preloading = False
        self._pool.give_back(w)  # if it is unfit, take says why

    def take_holder(self) -> WorkerProcess | None:
        """The worker holding what the last preload parsed, if any (asked
        once: the final compile)."""
        held, self._holder = self._holder, None
        return held
