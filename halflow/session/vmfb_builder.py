"""The builder of ``halflow watch --to vmfb``.

:class:`VmfbBuilder` is the :class:`halflow.session.watcher.Builder`
of ``halflow watch --to vmfb``: one store and one set of worker processes
for the whole session (and one Dask client, or LocalCluster, with
``--executor dask``), so that a rebuild after a save pays neither for
opening the cache nor for starting IREE in the workers or a cluster.
"""

from __future__ import annotations

import dataclasses
import json
import os
from pathlib import Path

from halflow.codegen import pipeline
from halflow.codegen.executors import DaskExecutor
from halflow.codegen.pipeline import CodegenResult, Workers
from halflow.codegen.report import report_data, show, summary
from halflow.core.diagnostics import Diagnostic, HalflowError
from halflow.core.options import BuildOptions, VmfbOptions
from halflow.store.opener import open_artifacts

PathLike = str | os.PathLike[str]


class VmfbBuilder:
    """Builds each saved model to a ``.vmfb`` (see
    :func:`halflow.codegen.pipeline.build`).

    The model is compiled from its file (IREE's front-end reads it), not from
    the snapshot the watcher checked: a save racing the build is followed by
    another build of the latest content, and the output is replaced
    atomically either way. In directory mode, ``model.mlir`` builds to
    ``OUTPUT/model.vmfb``.
    """

    output_suffix = ".vmfb"

    def __init__(self, options: BuildOptions, vmfb: VmfbOptions):
        """``options``: the cache, the report, the trace and explain;
        ``vmfb``: how to build (its ``jobs`` start the workers)."""
        self.options = options
        self.vmfb = vmfb
        self._store = open_artifacts(options.cache_dir, options.no_cache, options.remote)
        self._workers: Workers | None = None
        # One Dask client (and, without a scheduler, one LocalCluster) for
        # the whole session, closed with it: not a cluster per rebuild.
        self._dask: DaskExecutor | None = None
        try:
            self._workers = Workers(list(vmfb.iree_flags), jobs=vmfb.jobs)
            if vmfb.executor == "dask":
                try:
                    self._dask = DaskExecutor(vmfb.scheduler)
                except RuntimeError as e:
                    raise HalflowError(Diagnostic("halflow", 0, 0, str(e))) from None
                self.vmfb = dataclasses.replace(vmfb, scheduler=self._dask.client)
        except BaseException:
            self.close()
            raise

    def __call__(self, input: Path, output: Path, content: bytes) -> CodegenResult:
        import time

        from halflow.core.output import write_reported

        started = time.perf_counter()
        result = pipeline.build(input, output, dataclasses.replace(self.vmfb, progress=False),
                                store=self._store, workers=self._workers)
        from halflow.store import size_limit

        size_limit.apply(self._store.backing_cache(), self.options.max_size)  # as build does
        show(result, explain=self.options.explain, trace=self.options.trace)
        if self.options.report is not None:
            data = report_data(result, input, output, time.perf_counter() - started)
            write_reported(self.options.report, json.dumps(data, indent=1) + "\n",
                           "report file")
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
