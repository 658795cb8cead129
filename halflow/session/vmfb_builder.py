"""The builder of ``halflow watch --to vmfb``.

:class:`VmfbBuilder` is the :class:`halflow.session.watcher.Builder`
of ``halflow watch --to vmfb``: one store and one set of worker processes
for the whole session (and one Dask client, or LocalCluster, with
``--executor dask``), so that a rebuild after a save pays neither for
opening the cache nor for starting IREE in the workers or a cluster.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

from halflow.codegen.executors import DaskExecutor
from halflow.codegen.pipeline import CodegenResult, Workers, build_vmfb
from halflow.codegen.report import report_data, show, summary
from halflow.core.diagnostics import Diagnostic, HalflowError
from halflow.core.options import RemoteCache
from halflow.store.opener import open_artifacts

PathLike = str | os.PathLike[str]


class VmfbBuilder:
    """Builds each saved model to a ``.vmfb`` (see :func:`build_vmfb`).

    The model is compiled from its file (IREE's front-end reads it), not from
    the snapshot the watcher checked: a save racing the build is followed by
    another build of the latest content, and the output is replaced
    atomically either way. In directory mode, ``model.mlir`` builds to
    ``OUTPUT/model.vmfb``.
    """

    output_suffix = ".vmfb"

    def __init__(
        self,
        iree_flags: list[str] | tuple[str, ...],
        *,
        cache_dir: PathLike | None = None,
        no_cache: bool = False,
        executor: str = "local",
        scheduler: Any = None,
        jobs: int | None = None,
        report: PathLike | None = None,
        explain: bool = False,
        trace: PathLike | None = None,
        max_size: int | None = None,
        remote: RemoteCache | None = None,
    ):
        self.iree_flags = list(iree_flags)
        self.max_size = max_size  # the lasting limit of a cache that keeps none
        self.explain = explain
        self.trace = trace
        self.executor = executor
        self.scheduler = scheduler
        self.report = report
        self._store = open_artifacts(cache_dir, no_cache, remote)
        self._workers: Workers | None = None
        # One Dask client (and, without a scheduler, one LocalCluster) for
        # the whole session, closed with it: not a cluster per rebuild.
        self._dask: DaskExecutor | None = None
        try:
            self._workers = Workers(self.iree_flags, jobs=jobs)
            if executor == "dask":
                try:
                    self._dask = DaskExecutor(scheduler)
                except RuntimeError as e:
                    raise HalflowError(Diagnostic("halflow", 0, 0, str(e))) from None
                self.scheduler = self._dask.client
        except BaseException:
            self.close()
            raise

    def __call__(self, input: Path, output: Path, content: bytes) -> CodegenResult:
        import time

        from halflow.core.output import write_reported

        started = time.perf_counter()
        result = build_vmfb(
            input, output, self.iree_flags, store=self._store, executor=self.executor,
            scheduler=self.scheduler, workers=self._workers, progress=False,
        )
        from halflow.store import size_limit

        size_limit.apply(self._store.backing_cache(), self.max_size)  # as build does
        show(result, explain=(lambda line: sys.stderr.write(f"halflow: explain: {line}\n"))
             if self.explain else None, trace=self.trace)
        if self.report is not None:
            data = report_data(result, input, output, time.perf_counter() - started)
            write_reported(self.report, json.dumps(data, indent=1) + "\n", "report file")
        return result

    def summary(self, input: Path, result: CodegenResult) -> str:
        return summary(result)

    def close(self) -> None:
        try:
            if self._dask is not None:
                self._dask.close()
                self._dask = None
        finally:
            try:
                if self._workers is not None:
                    self._workers.close()
            finally:
                self._store.close()
