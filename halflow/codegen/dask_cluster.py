"""The Dask cluster halflow starts itself (``--executor dask`` with no
scheduler): a ``distributed.LocalCluster`` of this machine, its client, and
their orderly close, with nothing on the build's stderr but real errors
(also after a Ctrl-C: see :class:`QuietClose`).

Its scheduler and nannies run in this process and its workers in child
processes; all of them log to the build's stderr, at ERROR only.

Closing is orderly: the client first (it stops submitting and does not
reconnect), then the cluster, which retires the workers from the scheduler,
waits for each worker process to end (a worker that does not end within
distributed's nanny timeout is killed), and closes the scheduler last, so no
worker outlives the scheduler it heartbeats.

One race is left inside ``distributed`` itself (2026.8; dask/distributed
issues 7105 and 9032): a closing worker stops its heartbeat timer but does
not wait for a heartbeat already in flight, then closes its own connections
under it, and logs the failed heartbeat (``CommClosedError: ... Stream is
closed``) as an ERROR with a traceback. On a loaded machine a heartbeat
takes long enough for this to happen at the end of a build. So each worker
drops, from distributed's handlers only, errors whose exception is a closed
comm once that worker is closing: the same error while it runs (the
scheduler really lost) is still shown, as is every other error.
"""

from __future__ import annotations

import logging
import os
import signal
import threading
import weakref
from typing import Any

from distributed import Client, LocalCluster
from distributed.comm.core import CommClosedError
from distributed.core import Status
from distributed.diagnostics.plugin import WorkerPlugin

# The statuses of a worker that is shutting down.
_CLOSING = frozenset({Status.closing, Status.closing_gracefully, Status.closed, Status.failed})


class _CommClosedWhileClosing(logging.Filter):
    """Drops a record carrying a closed comm's error once ``worker`` is
    shutting down (or gone)."""

    def __init__(self, worker: Any):
        super().__init__()
        self._worker = weakref.ref(worker)

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        if not isinstance(error, CommClosedError):
            return True
        worker = self._worker()
        return worker is not None and worker.status not in _CLOSING


class QuietClose(WorkerPlugin):
    """Set up in each worker process at its start (on its main thread, which
    runs the worker's event loop):

    - the filter above on the handlers of the ``distributed`` logger (those
      distributed's logging configuration writes to stderr with); never
      removed: the race it hides happens after the plugins' teardown, and
      the worker process ends then;
    - SIGINT ignored: a Ctrl-C in the terminal reaches the whole process
      group, and a worker interrupted by it dies with a ``KeyboardInterrupt``
      traceback; halflow (a build, or ``watch`` stopping) closes the cluster
      in order instead. SIGTERM, and the scheduler going away, still end it.
    """

    name = "halflow-quiet-close"

    def setup(self, worker: Any) -> None:
        quiet = _CommClosedWhileClosing(worker)
        for handler in logging.getLogger("distributed").handlers:
            handler.addFilter(quiet)
        if threading.current_thread() is threading.main_thread():
            signal.signal(signal.SIGINT, signal.SIG_IGN)


class OwnCluster:
    """A LocalCluster of this machine and a client of it, until :meth:`close`.

    One single-threaded worker process per CPU: a worker takes the
    process-global IREE flags of its first task (see
    :class:`halflow.codegen.executors.DaskExecutor`), so workers are
    processes, not threads of this one, and run one task at a time."""

    def __init__(self) -> None:
        # The cluster's scheduler and nannies log to this process's stderr
        # (the build's) at INFO: only errors while it runs.
        self._log = logging.getLogger("distributed")
        self._log_level = self._log.level
        self._log.setLevel(logging.ERROR)
        self.cluster: Any = None
        try:
            self.cluster = LocalCluster(
                n_workers=os.cpu_count() or 1, threads_per_worker=1, processes=True,
                # No dashboard; its HTTP server (always started) on a free
                # port, not on 8787, which another cluster may hold.
                dashboard_address=":0", scheduler_kwargs={"dashboard": False},
                silence_logs=logging.ERROR, plugins=(QuietClose(),),
            )
            self.client = Client(self.cluster)
        except BaseException:
            self.close()
            raise

    def close(self) -> None:
        """Close the client, then the cluster (see the module's docstring);
        restores the ``distributed`` logger's level whatever happens."""
        try:
            client = getattr(self, "client", None)
            if client is not None:
                client.close()
        finally:
            try:
                if self.cluster is not None:
                    self.cluster.close()  # a second close does nothing
            finally:
                self._log.setLevel(self._log_level)
