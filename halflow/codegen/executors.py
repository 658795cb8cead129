"""Running the nodes of a build in parallel: a local process pool, or a Dask
cluster.

Both are runners (:class:`halflow.codegen.tasks.Runner`): they run jobs
(:mod:`halflow.codegen.tasks`: a translation, a group serialization, the
host, deferred work of the build process) and deliver each result, with
its task, to a callback on the calling thread as it arrives, so the caller
writes the cache and updates progress itself (the cache never leaves the
machine that runs the build); the callback may return further jobs that
became ready.

Failures:

- a translation that IREE rejects comes back as a failed result (not retried:
  it is deterministic);
- a task that raises (an unfit worker) is retried up to ``retries`` times;
- a local worker runs one task at a time, so a worker that dies (a compiler
  crash) names its task: the task runs again on a fresh worker, and after
  ``retries + 1`` deaths it is reported as crashing the compiler, with the
  signal;
- on Dask, the scheduler re-runs tasks of dead workers by itself; after its
  ``allowed-failures`` it gives up with ``KilledWorker``, reported the same way.
"""

from __future__ import annotations

import contextlib
import os
import select
import signal
import subprocess
import sys
import tempfile
import threading
import uuid
from collections import deque
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from halflow.codegen import flags, worker
from halflow.codegen.environment import Environment, environment_for
from halflow.codegen.tasks import (
    AssembleResult,
    AssembleTask,
    Deferred,
    HostTask,
    Job,
    LinkTask,
    OnResult,
    PreloadTask,
    Task,
    TaskFailure,
    TranslateBatch,
    TranslateTask,
    Work,
    run_task,
    tasks_in,
)

if TYPE_CHECKING:
    from halflow.codegen.dask_cluster import OwnCluster
    from halflow.codegen.host_compile import HostRun


def _split_deferred(jobs: Sequence[Job] | None) -> tuple[list[Work], list[Deferred]]:
    """``jobs`` as (those for workers, the deferred work), each in order."""
    now = [j for j in jobs or () if not isinstance(j, Deferred)]
    return now, [j for j in jobs or () if isinstance(j, Deferred)]


# At most this many tasks run in the calling process (see LocalExecutor).
INLINE_JOBS = 2

# A run of at least this many tasks (a cold build of a real model; a batch
# of translations counts each) has the calling process work as its ``jobs``
# lanes, on threads (see _Lane), up to LANES of them, in place of worker
# processes it would start: a worker held 164 MB RSS (65 MB PSS; openelm_l4,
# 2 cores), most of it the compiler library the build process has loaded
# already, and took ~1 s of CPU to start. Workers already started (a
# rebuild starts one during the front end) are used too. The price: a
# compiler crash in a lane ends the build.
LANE_FROM = 16
LANES = 2


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
    # This file is halflow/codegen/executors.py.
    return str(Path(__file__).resolve().parent.parent.parent)


class _WorkerProcess:
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


class _Lane:
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


class LocalExecutor:
    """Translations and the final compile in local worker processes.

    Workers are ``python -m halflow.codegen.worker`` children (not forks: the
    compiler library is not fork-safe), started and set up when the executor
    is created, so their start-up overlaps the front-end. Each worker runs
    one task at a time, so a dead worker names the task that killed it.
    """

    batches = True  # a group's missing translations go out as one task
    shared = None  # no shared cache between workers: results come back whole

    def __init__(self, env: Environment, jobs: int, retries: int = 2, *, start: bool = True,
                 inline: bool = False):
        """``start``: start one worker now (its start-up then overlaps what
        the caller does next, e.g. the front-end). ``inline``: a few tasks
        (:data:`INLINE_JOBS`) may run in this process when no worker is
        ready: after a small edit, starting a worker (~1 s: Python and the
        compiler library) would cost more than the work. Never with global
        IREE flags (a rejected one would end this process)."""
        self.env = env
        self.jobs = max(1, jobs)
        self.retries = retries
        self.inline = inline and not env.global_flags
        # More workers only when there are several translations: on a small
        # machine, extra workers starting up would slow the front-end they
        # are meant to overlap.
        self._idle: list[_WorkerProcess] = [_WorkerProcess(env)] if start else []
        # A worker parsing translations ahead of the final compile, the
        # thread feeding it, and (once it has answered) what it holds.
        self._preloader: _WorkerProcess | None = None
        self._preload_thread: threading.Thread | None = None
        self._preloaded_by: _WorkerProcess | None = None

    def check(self) -> None:
        """Wait until a worker is set up; raises RuntimeError if workers
        cannot start (e.g. IREE rejects a global flag)."""
        self._idle.append(self._take())

    def close(self) -> None:
        self._finish_preload()
        for w in self._idle:
            w.close()
        self._idle = []

    def stop_idle(self) -> None:
        """Kill the workers waiting for work (a build that needs none after
        all: the plain path), without waiting for their start-up to end."""
        self._finish_preload()
        for w in self._idle:
            w.process.kill()
            w.close()
        self._idle = []

    def preload(self, items: Callable[[], list[tuple[str, str, bool, bytes]]]) -> None:
        """Have a worker parse translations in the background: ``items()``
        (called on a helper thread) gives (symbol name, key, normalized,
        entry bytes) of those the final compile will probably need; :meth:`assemble` then runs on
        that worker, which parses only what it does not hold. Best effort:
        any failure just means nothing is preloaded."""
        if self._preloader is not None or not self._idle:
            return
        w = self._idle.pop()

        def feed() -> None:
            try:
                chosen = items()
            except Exception:
                chosen = []
            if not chosen or not self._wait_ready(w):
                return
            if w.send(PreloadTask(tuple(chosen), self.env)):
                w.preloading = True

        self._preloader = w
        self._preload_thread = threading.Thread(target=feed, name="halflow-preload", daemon=True)
        self._preload_thread.start()

    def _finish_preload(self) -> None:
        """Wait for the preloading worker and put it back among the idle."""
        w, thread = self._preloader, self._preload_thread
        if w is None or thread is None:
            return
        if not join_started(thread):
            return  # interrupted while it started: the worker stays with it
        self._preloader = self._preload_thread = None
        if w.preloading:  # read its answer to the preload
            try:
                status, _ = w.receive()
            except EOFError:
                w.close()
                return
            if status == "ok":
                self._preloaded_by = w
        w.task, w.preloading = None, False
        self._idle.append(w)  # if it is unfit, _take says why

    def _wait_ready(self, w: _WorkerProcess) -> bool:
        """Wait for ``w``'s ready message; False (and ``w.failure`` says why)
        if it cannot start."""
        while not w.ready and not w.failure:
            try:
                status, value = w.receive()
            except EOFError:
                w.failure = w.death()
                break
            if status == "ready":
                w.ready, w.id = True, value
            else:
                w.failure = str(value)
        return w.ready

    def _take(self) -> _WorkerProcess:
        """An idle, set-up worker (waits for its ready message)."""
        if not self._idle and self._preloader is not None:
            self._finish_preload()
        w = self._idle.pop() if self._idle else _WorkerProcess(self.env)
        if not self._wait_ready(w):
            w.close()
            raise RuntimeError(f"a halflow worker could not start ({w.failure})")
        return w

    def _run_inline(self) -> bool:
        """Whether to run the next small piece of work in this process."""
        return self.inline and not any(w.ready for w in self._idle)

    def run(self, jobs: list[Job], on_result: OnResult) -> list[TaskFailure]:
        """Run ``jobs`` (and those ``on_result`` adds); deliver results to
        ``on_result`` as they arrive. Returns the tasks that could not be run.
        A long run (:data:`LANE_FROM`) also runs tasks in this process."""
        if tasks_in(jobs) <= INLINE_JOBS and self._run_inline():
            return self._run_here(jobs, on_result)
        lanes: list[_Lane] = []
        # The preloading worker counts as started: it is nearly done.
        started = len(self._idle) + (self._preloader is not None)
        if self.inline and self.jobs > 1 and tasks_in(jobs) >= LANE_FROM:
            lanes = [_Lane() for _ in range(max(1, min(self.jobs, LANES) - started))]
        try:
            return self._run_pool(jobs, on_result, lanes)
        finally:
            for lane in lanes:
                lane.close()

    def _run_pool(self, jobs: list[Job], on_result: OnResult,
                  lanes: list[_Lane]) -> list[TaskFailure]:
        failures: list[TaskFailure] = []
        attempts: dict[tuple[str, str], int] = {}
        pending: deque[Job] = deque(jobs)
        busy: list[_WorkerProcess | _Lane] = []

        def retry_or_fail(job: Work, reason: str, crashed: bool = False) -> None:
            if crashed and isinstance(job, TranslateBatch) and len(job.members) > 1:
                # One member may crash the compiler: alone, each is named.
                pending.extendleft(reversed(job.members))
                return
            attempts[(job.kind, job.key)] = tries = attempts.get((job.kind, job.key), 0) + 1
            if tries > self.retries:
                failures.append(TaskFailure(job, f"{reason} ({tries} tries)"))
            else:
                pending.appendleft(job)

        # The preloading worker counts as available: it is nearly done.
        available = len(self._idle) + (self._preloader is not None) + len(lanes)
        for _ in range(min(self.jobs, len(jobs)) - available):
            self._idle.insert(0, _WorkerProcess(self.env))
        # The host runs in an iree-opt process of its own, started from here
        # as soon as it is ready (not queued behind groups for a worker).
        hosts: list[HostRun] = []
        try:
            while pending or busy or hosts:
                for host_task in [j for j in pending if isinstance(j, HostTask)]:
                    pending.remove(host_task)
                    hosts.append(host_task.start())
                sendable, later = _split_deferred(pending)
                pending = deque(sendable)
                while pending and len(busy) < self.jobs:
                    job = cast(Work, pending.popleft())
                    w: _WorkerProcess | _Lane
                    free = [lane for lane in lanes if lane not in busy]
                    try:
                        w = free[0] if free else self._take()
                    except RuntimeError as e:
                        retry_or_fail(job, str(e))
                        continue
                    if not w.send(job):  # only a worker process fails to
                        assert isinstance(w, _WorkerProcess)
                        reason = w.death()
                        w.close()
                        retry_or_fail(job, f"the compiler crashed on it: {reason}", True)
                        continue
                    w.job = job
                    busy.append(w)
                if later:  # what the jobs just sent did not wait for, one at a time
                    # (the host the first brings starts before the next runs)
                    pending.extendleft(reversed(later[1:]))
                    pending.extendleft(reversed(later[0].work() or ()))
                    continue
                for host in [h for h in hosts if h.done() or not (busy or pending)]:
                    hosts.remove(host)
                    pending.extendleft(reversed(on_result(host.task, host.result()) or ()))
                if not busy:
                    continue
                readable, _, _ = select.select(busy, [], [], 0.01 if hosts else None)
                for w in readable:
                    busy.remove(w)
                    job = cast(Work, w.job)  # a busy worker holds its job
                    try:
                        status, value = w.receive()
                    except EOFError:  # only a worker process dies
                        assert isinstance(w, _WorkerProcess)
                        reason = w.death()
                        w.close()
                        retry_or_fail(job, f"the compiler crashed on it: {reason}", True)
                        continue
                    if isinstance(w, _WorkerProcess):
                        w.task = None
                        self._idle.append(w)
                    if status == "ok":
                        # Work a result made ready (a group, the host) goes
                        # first: it waited for the translations queued behind.
                        pending.extendleft(reversed(on_result(job, value) or ()))
                    else:  # the worker raised: unfit for the task
                        retry_or_fail(job, str(value))
        finally:
            for w in busy:  # interrupted: these workers are mid-task
                if isinstance(w, _WorkerProcess):
                    w.process.kill()
                    w.close()
            for host in hosts:
                host.stop()
        return failures

    def _run_here(self, jobs: list[Job], on_result: OnResult) -> list[TaskFailure]:
        """``jobs`` in this process, one at a time, except the host: its
        ``iree-opt`` process is started as soon as the host is ready and
        collected when nothing else is left (it overlaps a group)."""
        pending: deque[Task] = deque()
        hosts: deque[HostRun] = deque()
        failures: list[TaskFailure] = []

        def take(ready: Sequence[Job] | None) -> None:
            # Deferred work at once: the jobs before it wait here anyway, and
            # the host it brings starts before the group this process runs.
            for job in ready or ():
                if isinstance(job, Deferred):
                    take(job.work())
                elif isinstance(job, HostTask):
                    hosts.append(job.start())
                else:
                    pending.append(job)

        take(jobs)
        while pending or hosts:
            if not pending:
                host = hosts.popleft()
                take(on_result(host.task, host.result()))
                continue
            task = pending.popleft()
            try:
                result = task.run()
            except Exception as e:  # this process cannot run it: say why
                failures.append(TaskFailure(task, f"{type(e).__name__}: {e}"))
                continue
            take(on_result(task, result))
        return failures

    def assemble(self, task: AssembleTask | LinkTask) -> AssembleResult:
        """The final compile in a worker (retried on a fresh worker if it
        dies), preferably the one that preloaded translations. ``task``
        carries every text anyway (8 MB cost ~30 ms to send), so which worker
        holds what never decides correctness. Raises RuntimeError if it keeps
        failing."""
        self._finish_preload()
        if isinstance(task, LinkTask) and self._run_inline():
            return task.run()
        reason = ""
        for _ in range(self.retries + 1):
            held = self._preloaded_by
            if held is not None and held in self._idle:
                self._idle.remove(held)
                self._idle.append(held)  # _take pops from the end
            self._preloaded_by = None
            try:
                w = self._take()
            except RuntimeError as e:
                reason = str(e)
                continue
            try:
                if not w.send(task):
                    raise EOFError
                status, value = w.receive()
            except EOFError:
                reason = w.death()
                w.close()
                continue
            w.task = None
            self._idle.append(w)
            if status == "ok":
                return value
            reason = str(value)
        raise RuntimeError(f"the final compile failed in its worker process ({reason})")


# What a build gives a runner to parse translations ahead of the final
# compile (:meth:`LocalExecutor.preload`).
Preloader = Callable[[Callable[[], list[tuple[str, str, bool, bytes]]]], None]


class Recorder:
    """A runner that runs nothing (Ninja's ``-n``): it records the tasks it
    is given (:attr:`tasks`) and does the deferred work of the build
    process (building the host's text, which says whether the host is
    stored), so that a dry run is the build's own steps. No task has a
    result, so nothing a result would make ready is asked for; nothing is
    stored. One translation per task, none through a shared cache."""

    batches = False
    shared = None

    def __init__(self) -> None:
        self.tasks: list[Work] = []

    def run(self, jobs: list[Job], on_result: OnResult) -> list[TaskFailure]:
        pending = list(jobs)
        while pending:
            job = pending.pop(0)
            if isinstance(job, Deferred):
                pending[:0] = job.work() or ()
            else:
                self.tasks.append(job)
        return []

    def preload(self, items: Callable[[], list[tuple[str, str, bool, bytes]]]) -> None:
        pass  # nothing runs: nothing to parse ahead


class Workers:
    """Local worker processes kept across builds (``halflow watch``): later
    builds skip their start-up. Use as a context manager; pass to
    :func:`halflow.codegen.pipeline.build_vmfb` with the same ``iree_flags``."""

    def __init__(self, iree_flags: Sequence[str], jobs: int | None = None, retries: int = 2):
        self.env = environment_for(flags.parse(iree_flags))
        self.executor = LocalExecutor(self.env, jobs or os.cpu_count() or 1, retries)

    def close(self) -> None:
        self.executor.close()

    def __enter__(self) -> Workers:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class DaskExecutor:
    """Translations on a Dask ``distributed`` cluster.

    ``scheduler`` is an address (``tcp://host:8786``), a ``distributed.Client``
    or None: then Dask's configured scheduler (``scheduler-address`` in the
    Dask configuration, e.g. ``$DASK_SCHEDULER_ADDRESS``), else a
    ``distributed.LocalCluster`` of this machine (one single-threaded worker
    process per CPU), closed with the executor. How long to try connecting
    is dask's ``distributed.comm.timeouts.connect``.
    Workers need halflow and the same ``iree-base-compiler`` installed; a
    worker with another version refuses the task (and Dask retries it
    elsewhere). A worker process takes the process-global IREE flags of the
    first build that has any, and refuses builds with others: give builds
    with different global flags their own workers (and prefer one thread per
    worker, so no task runs while another sets the flags).
    """

    batches = False  # one translation per task: a cluster has many workers

    def __init__(self, scheduler: Any, retries: int = 2, shared: Any = None,
                 notes: Callable[[Sequence[str], Any], None] | None = None):
        """``shared``: a shared cache (:class:`halflow.core.options.RemoteCache`)
        the workers write translations to and read them from themselves
        (:mod:`halflow.codegen.remote_workers`); None: results come back whole.
        ``notes`` receives, after each run, what the workers' stores of it
        warned about and the entries they ignored (the client's store says
        it once for the build); without, it is said here."""
        self.shared = shared
        self.notes = notes
        try:
            from distributed import Client
        except ImportError:
            raise RuntimeError(
                "the Dask executor needs the 'distributed' package: pip install 'halflow[dask]'"
            ) from None
        self.retries = retries
        self._cluster: OwnCluster | None = None  # closed with the executor
        if scheduler is None:
            import dask

            scheduler = dask.config.get("scheduler-address", None)
        if isinstance(scheduler, Client):
            self.client = scheduler
            self._owned = False
        elif scheduler is None:
            from halflow.codegen.dask_cluster import OwnCluster

            self._cluster = OwnCluster()
            self.client = self._cluster.client
            self._owned = False  # the cluster closes its client first
        else:
            try:
                # Connect timeout: dask's distributed.comm.timeouts.connect.
                self.client = Client(scheduler)
            except OSError as e:
                raise RuntimeError(f"cannot reach the Dask scheduler at {scheduler}: {e}") from None
            self._owned = True

    def close(self) -> None:
        """Close the client this executor opened and the cluster it started
        (client first: see :mod:`halflow.codegen.dask_cluster`)."""
        if self._owned:
            self.client.close()
        if self._cluster is not None:
            self._cluster.close()
            self._cluster = None

    def run(self, jobs: list[Job], on_result: OnResult) -> list[TaskFailure]:
        """Like :meth:`LocalExecutor.run`, on the cluster."""
        from distributed import as_completed

        failures: list[TaskFailure] = []
        futures: dict[Any, Task] = {}

        def submit(task: Task) -> Any:
            future = self.client.submit(
                run_task, task,
                key=f"halflow-{task.kind}-{task.key[:20]}-{uuid.uuid4().hex[:8]}",
                pure=False, retries=self.retries,
                # Groups and the host before queued translations (as locally).
                priority=0 if isinstance(task, TranslateTask) else 1,
            )
            futures[future] = task
            return future

        running = as_completed()

        def add(ready: Sequence[Job] | None) -> None:
            now, later = _split_deferred(ready)
            for task in now:
                running.add(submit(task))
            for deferred in later:
                add(deferred.work())

        add(jobs)
        notes = _SharedNotes()
        for future in running:
            task = futures.pop(future)
            try:
                result = notes.take(future.result())
            except Exception as e:  # KilledWorker, or the task kept raising
                kind = type(e).__name__
                if kind == "KilledWorker":
                    failures.append(TaskFailure(
                        task, "the Dask workers running it died (the compiler crashed on "
                        "it, or a worker was lost) until the scheduler gave up"))
                else:
                    failures.append(TaskFailure(task, f"{kind}: {e}"))
                continue
            add(on_result(task, result))
        if self.shared is not None:
            notes.say(self.shared.where, self.notes)
        return failures


class _SharedNotes:
    """What the workers' shared-cache stores had to say in one run
    (:class:`halflow.codegen.remote_workers.Shared`), said once: each warning once,
    the entries ignored summed up per kind of problem."""

    def __init__(self) -> None:
        self.warnings: dict[str, None] = {}
        self.problems: dict[str, dict[str, int]] = {}

    def take(self, result: Any) -> Any:
        from halflow.codegen.remote_workers import Shared

        if not isinstance(result, Shared):
            return result
        from halflow.store.remote import merge

        self.warnings.update(dict.fromkeys(result.warnings))
        merge(self.problems, result.problems)
        return result.result

    def say(self, where: str, to: Callable[[Sequence[str], Any], None] | None) -> None:
        if to is not None:
            to(list(self.warnings), self.problems)
            return
        from halflow.store.remote import summary

        for line in [*self.warnings, *summary(where, self.problems)]:
            print(f"halflow: warning: {line}", file=sys.stderr)
