"""Per-executable cached code generation down to a runnable ``.vmfb``.

Library API (the CLI's ``halflow build MODEL --to vmfb -o OUT -- FLAGS`` and
``halflow watch`` sit on top of it)::

    from halflow.codegen import build_vmfb, DiskStore

    result = build_vmfb("model.mlir", "model.vmfb",
                        ["--iree-hal-target-device=local",
                         "--iree-hal-local-target-device-backends=llvm-cpu"],
                        store=DiskStore("/tmp/cache"),      # default: halflow cache dir
                        executor="local", jobs=None,        # or executor="dask",
                        scheduler=None,                     #    scheduler="tcp://host:8786"
                        progress=None,                      # rich on a TTY, else silent
                        strategy=None)                      # auto | plain | incremental
    result.report["codegen"]   # [{"executable": "@main_dispatch_0",
                               #   "action": "compiled" | "reused", "seconds": ...}, ...]
    result.mode                # BuildMode.GROUPS | FALLBACK | PLAIN | UP_TO_DATE (core.buildmode)
    result.fill                # PLAIN: a fill of the cache runs on (codegen.fill.wait_all)
    result.groups, result.host # what happened to each group binary and the host
    result.explain()           # why each executable, group and the host ran
    result.timings             # where the time went (front-end, codegen, compile, ...)

    codegen_stats(DiskStore(...))  # entries and compile seconds saved (cache stats)

    with Workers(flags) as workers:     # halflow watch: keep worker processes warm
        build_vmfb(model, out, flags, workers=workers)

Modules, by job: ``pipeline`` (``build_vmfb`` and its dry run
``plan_vmfb``, the build's steps; the up-to-date check and the manifest
are records of :mod:`halflow.store.markers` and :mod:`halflow.store.manifests`),
``results`` (what a build did, its report), ``errors`` (its diagnostics),
``reasons`` (why a node runs), ``overlay`` (the overlay's cost model),
``model`` (MODEL -> materialized module), ``executables`` (units, keys,
name normalization), ``groups`` (group membership, names in binaries,
stubs, host text), ``backend`` (scheduling the dirty translation, group and
host nodes), ``tasks`` (the typed tasks and results, the runner protocol),
``executors`` (the runners: local pool, Dask, the dry run's recorder),
``worker_pool`` (the local pool's worker processes, lanes and preloading),
``environment`` (what a process running tasks is set up with),
``translate``, ``serialize``, ``host_compile``, ``link`` (one module per
job a task runs), ``worker`` (the local worker process's serve loop),
``dask_cluster`` (the LocalCluster started without a scheduler),
``strategy`` (plain or incremental: a small program compiles plainly, and
one whose translations are mostly missing, with a fill of the cache
behind it), ``plain`` (the plain path: one ``iree-compile`` of the back
end), ``fill`` (a fill of the cache: its request, lock and outcome) and
``filler`` (the fill's detached process),
``report`` (what a build shows), ``remote_workers`` (Dask workers writing to
the shared cache), ``flags`` (IREE flag policy), ``iree_api`` (the in-process
compiler). The store of translations is :mod:`halflow.store.artifacts`, the
builder of ``halflow watch --to vmfb`` :mod:`halflow.session.vmfb_builder`.

See ``NOTES.md`` in this package for what was measured with stock IREE 3.13
and what it does not allow.
"""

from __future__ import annotations

from typing import Any

__all__ = [
    "Action",
    "ArtifactStore",
    "CodegenError",
    "CodegenResult",
    "CodegenStats",
    "DiskStore",
    "ExecutableReport",
    "MemoryStore",
    "Workers",
    "build_vmfb",
    "codegen_stats",
]

_EXPORTS = {
    "Action": "halflow.codegen.results",
    "CodegenError": "halflow.codegen.errors",
    "CodegenResult": "halflow.codegen.results",
    "ExecutableReport": "halflow.codegen.results",
    "build_vmfb": "halflow.codegen.pipeline",
    "Workers": "halflow.codegen.executors",
    "CodegenStats": "halflow.store.artifacts",
    "DiskStore": "halflow.store.artifacts",
    "MemoryStore": "halflow.store.artifacts",
    "ArtifactStore": "halflow.store.protocol",
    "codegen_stats": "halflow.store.artifacts",
}


def __getattr__(name: str) -> Any:  # lazy: importing the package stays cheap
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(name)
    import importlib

    return getattr(importlib.import_module(module), name)
