"""``.vmfb`` builds from the command line and under ``halflow watch``.

:func:`open_store` picks the translation store for the cache options of the
command line; :class:`VmfbBuilder` is the :class:`halflow.watch.Builder`
of ``halflow watch --to vmfb``: one store and one set of worker processes
for the whole session (and one Dask client, or LocalCluster, with
``--executor dask``), so that a rebuild after a save pays neither for
opening the cache nor for starting IREE in the workers or a cluster.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from halflow.codegen.executors import DaskExecutor
from halflow.codegen.pipeline import Action, CodegenResult, Workers, build_vmfb
from halflow.codegen.store import DiskStore, MemoryStore, Store
from halflow.core.diagnostics import Diagnostic, HalflowError
from halflow.core.options import RemoteCache

PathLike = str | os.PathLike[str]


def open_store(cache_dir: PathLike | None = None, no_cache: bool = False,
               remote: RemoteCache | None = None) -> Store:
    """The halflow cache (``cache_dir``, else the default location), with
    the shared cache ``remote`` behind it, or a store that keeps nothing
    (``no_cache``)."""
    if no_cache:
        return MemoryStore()
    from halflow.cache import CacheUnavailable, _warn_stderr

    try:
        return DiskStore(cache_dir, remote=remote)
    except CacheUnavailable as e:  # a cache is never fatal
        _warn_stderr(f"{e}; building without a cache")
        return MemoryStore()


def report_data(result: CodegenResult, input: PathLike, output: PathLike,
                seconds: float) -> dict[str, Any]:
    """The JSON of ``--report`` for a ``.vmfb`` build."""
    return {**result.report, "input": str(input), "output": str(output),
            "seconds": round(seconds, 6)}


def show(result: CodegenResult, *, explain: Callable[[str], object] | None = None,
         trace: PathLike | None = None) -> None:
    """What a build prints besides its summary: IREE's warnings on stderr
    (as its tools print them), ``--explain`` lines, the ``--trace`` file."""
    from halflow.core.output import write_reported

    for line in result.warnings:
        sys.stderr.write(line + "\n")
    if explain is not None:
        for line in result.explain():
            explain(line)
    if trace is not None:
        write_reported(trace, json.dumps(result.trace()) + "\n", "trace file")


def summary(result: CodegenResult) -> str:
    """``executables: 1 compiled, 119 reused``."""
    return (f"executables: {len(result.compiled)} compiled, "
            f"{len(result.reused)} reused")


def build_line(result: CodegenResult, output: PathLike) -> str:
    """The line that ends a ``.vmfb`` build which ran something: ``built
    m.vmfb: executables: 1 compiled, 119 reused; groups: 1 serialized, 14
    reused; host reused`` (a fallback says so, and why)."""
    how = (f" by IREE's whole-program compile ({result.fallback})"
           if result.mode == "fallback" else "")
    line = f"built {output}{how}: {summary(result)}"
    if result.groups:
        serialized = sum(g.action == Action.COMPILED for g in result.groups)
        line += f"; groups: {serialized} serialized, {len(result.groups) - serialized} reused"
    if result.host is not None:
        line += "; host " + ("compiled" if result.host.action == Action.COMPILED else "reused")
    return line


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
        self._store = open_store(cache_dir, no_cache, remote)
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
        from halflow.core import cachelimit

        cachelimit.apply(getattr(self._store, "cache", None), self.max_size)  # as build does
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
