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

import os
import select
import sys
import uuid
from collections import deque
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, cast

from halflow.codegen import flags
from halflow.codegen.environment import Environment, environment_for
from halflow.codegen.tasks import (
    AssembleResult,
    AssembleTask,
    Deferred,
    HostTask,
    Job,
    LinkTask,
    OnResult,
    Task,
    TaskFailure,
    TranslateBatch,
    TranslateTask,
    Work,
    run_task,
    tasks_in,
)
from halflow.codegen.worker_pool import Lane, WorkerPool, WorkerProcess

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
# lanes, on threads (see worker_pool.Lane), up to LANES of them, in place of worker
# processes it would start: a worker's memory is mostly the compiler
# library the build process has loaded already, and its start costs a
# second of CPU (docs/benchmarks.md, "Figures behind constants"). Workers already started (a
# rebuild starts one during the front end) are used too. The price: a
# compiler crash in a lane ends the build.
LANE_FROM = 16
LANES = 2


class _PoolRun:
    """One run of jobs over the pool's workers and ``lanes`` (the scheduler
    of :meth:`LocalExecutor.run`): at most ``limit`` tasks at a time, each
    result delivered to ``on_result`` as it arrives and the jobs it makes
    ready queued first, a task that fails retried (``retries``) or given
    up, the host started in its own process as soon as it is ready."""

    def __init__(self, pool: WorkerPool, lanes: Sequence[Lane], limit: int, retries: int,
                 on_result: OnResult, jobs: Sequence[Job]):
        self.pool, self.lanes, self.limit, self.retries = pool, lanes, limit, retries
        self.on_result = on_result
        self.pending: deque[Job] = deque(jobs)
        self.busy: list[WorkerProcess | Lane] = []
        # The host runs in an iree-opt process of its own, started from here
        # as soon as it is ready (not queued behind groups for a worker).
        self.hosts: list[HostRun] = []
        self.failures: list[TaskFailure] = []
        self._attempts: dict[tuple[str, str], int] = {}

    def run(self) -> list[TaskFailure]:
        """Run until nothing is pending, busy or compiling a host; the tasks
        that could not be run."""
        try:
            while self.pending or self.busy or self.hosts:
                if self._send():
                    continue
                self._collect_hosts()
                if not self.busy:
                    continue
                readable, _, _ = select.select(self.busy, [], [],
                                               0.01 if self.hosts else None)
                for w in readable:
                    self._receive(w)
        finally:
            for w in self.busy:  # interrupted: these workers are mid-task
                if isinstance(w, WorkerProcess):
                    w.process.kill()
                    w.close()
            for host in self.hosts:
                host.stop()
        return self.failures

    def _retry_or_fail(self, job: Work, reason: str, crashed: bool = False) -> None:
        if crashed and isinstance(job, TranslateBatch) and len(job.members) > 1:
            # One member may crash the compiler: alone, each is named.
            self.pending.extendleft(reversed(job.members))
            return
        key = (job.kind, job.key)
        self._attempts[key] = tries = self._attempts.get(key, 0) + 1
        if tries > self.retries:
            self.failures.append(TaskFailure(job, f"{reason} ({tries} tries)"))
        else:
            self.pending.appendleft(job)

    def _send(self) -> bool:
        """Start the hosts ready, send tasks to free workers and lanes; then
        queue the first deferred work's jobs (True: it had some)."""
        for host_task in [j for j in self.pending if isinstance(j, HostTask)]:
            self.pending.remove(host_task)
            self.hosts.append(host_task.start())
        sendable, later = _split_deferred(self.pending)
        self.pending = deque(sendable)
        while self.pending and len(self.busy) < self.limit:
            job = cast(Work, self.pending.popleft())
            w: WorkerProcess | Lane
            free = [lane for lane in self.lanes if lane not in self.busy]
            try:
                w = free[0] if free else self.pool.take()
            except RuntimeError as e:
                self._retry_or_fail(job, str(e))
                continue
            if not w.send(job):  # only a worker process fails to
                assert isinstance(w, WorkerProcess)
                reason = w.death()
                w.close()
                self._retry_or_fail(job, f"the compiler crashed on it: {reason}", True)
                continue
            w.job = job
            self.busy.append(w)
        if not later:
            return False
        # What the jobs just sent did not wait for, one at a time (the host
        # the first brings starts before the next runs).
        self.pending.extendleft(reversed(later[1:]))
        self.pending.extendleft(reversed(later[0].work() or ()))
        return True

    def _collect_hosts(self) -> None:
        """Deliver the hosts compiled (or the last, once nothing else is left)."""
        for host in [h for h in self.hosts if h.done() or not (self.busy or self.pending)]:
            self.hosts.remove(host)
            self.pending.extendleft(reversed(self.on_result(host.task, host.result()) or ()))

    def _receive(self, w: WorkerProcess | Lane) -> None:
        """``w``'s reply to its task."""
        self.busy.remove(w)
        job = cast(Work, w.job)  # a busy worker holds its job
        try:
            status, value = w.receive()
        except EOFError:  # only a worker process dies
            assert isinstance(w, WorkerProcess)
            reason = w.death()
            w.close()
            self._retry_or_fail(job, f"the compiler crashed on it: {reason}", True)
            return
        if isinstance(w, WorkerProcess):
            self.pool.give_back(w)
        if status == "ok":
            # Work a result made ready (a group, the host) goes first: it
            # waited for the translations queued behind.
            self.pending.extendleft(reversed(self.on_result(job, value) or ()))
        else:  # the worker raised: unfit for the task
            self._retry_or_fail(job, str(value))


def _run_inline(jobs: Sequence[Job], on_result: OnResult) -> list[TaskFailure]:
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


class LocalExecutor:
    """Translations and the final compile in local worker processes.

    Workers are ``python -m halflow.codegen.worker`` children (not forks: the
    compiler library is not fork-safe), started and set up when the executor
    is created, so their start-up overlaps the front-end. Each worker runs
    one task at a time, so a dead worker names the task that killed it.

    This class decides where a run goes: a few tasks in this process
    (:func:`_run_inline`), else over the pool (:class:`_PoolRun`), with
    lanes of this process for a long run. The processes are the pool's
    (:class:`halflow.codegen.worker_pool.WorkerPool`), the preloading
    worker its :class:`~halflow.codegen.worker_pool.Preloading`.
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
        self.pool = WorkerPool(env, start=start)

    def check(self) -> None:
        """Wait until a worker is set up; raises RuntimeError if workers
        cannot start (e.g. IREE rejects a global flag)."""
        self.pool.check()

    def close(self) -> None:
        self.pool.close()

    def stop_idle(self) -> None:
        """Kill the workers waiting for work (a build that needs none after
        all: the plain path), without waiting for their start-up to end."""
        self.pool.stop_idle()

    def preload(self, items: Callable[[], list[tuple[str, str, bool, bytes]]]) -> None:
        """Have a worker parse translations in the background: ``items()``
        (called on a helper thread) gives (symbol name, key, normalized,
        entry bytes) of those the final compile will probably need;
        :meth:`assemble` then runs on that worker, which parses only what it
        does not hold. Best effort: any failure just means nothing is
        preloaded."""
        self.pool.preloading.start(items)

    def _run_inline(self) -> bool:
        """Whether to run the next small piece of work in this process."""
        return self.inline and not self.pool.any_ready()

    def run(self, jobs: list[Job], on_result: OnResult) -> list[TaskFailure]:
        """Run ``jobs`` (and those ``on_result`` adds); deliver results to
        ``on_result`` as they arrive. Returns the tasks that could not be run.
        A long run (:data:`LANE_FROM`) also runs tasks in this process."""
        if tasks_in(jobs) <= INLINE_JOBS and self._run_inline():
            return _run_inline(jobs, on_result)
        lanes: list[Lane] = []
        if self.inline and self.jobs > 1 and tasks_in(jobs) >= LANE_FROM:
            lanes = [Lane() for _ in range(max(1, min(self.jobs, LANES) - self.pool.started()))]
        try:
            self.pool.start(min(self.jobs, len(jobs)) - self.pool.started() - len(lanes))
            return _PoolRun(self.pool, lanes, self.jobs, self.retries, on_result, jobs).run()
        finally:
            for lane in lanes:
                lane.close()

    def assemble(self, task: AssembleTask | LinkTask) -> AssembleResult:
        """The final compile in a worker (retried on a fresh worker if it
        dies), preferably the one that preloaded translations. ``task``
        carries every text anyway (8 MB cost ~30 ms to send), so which worker
        holds what never decides correctness. Raises RuntimeError if it keeps
        failing."""
        self.pool.preloading.finish()
        if isinstance(task, LinkTask) and self._run_inline():
            return task.run()
        held = self.pool.preloading.take_holder()
        reason = ""
        for _ in range(self.retries + 1):
            if held is not None:
                self.pool.prefer(held)
                held = None
            try:
                w = self.pool.take()
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
            self.pool.give_back(w)
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
