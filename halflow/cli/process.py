"""The settings of the ``halflow`` command's own process, made before
anything else loads (the one place halflow sets up a process; a library
user's process is never touched: ``tests/test_startup.py``).

``import iree.compiler`` imports numpy (its ``ir`` module registers numpy
attribute builders), and numpy loads OpenBLAS, which starts one worker
thread per further core when it loads; those threads spin while they wait,
on the cores the build itself needs. halflow never calls BLAS, so the
command asks for one thread, through OpenBLAS's documented variable, unless
the user has chosen a thread count. Measured (one-executable edits of
``llama_serving.mlir``, interleaved, 2 loaded cores): 22-64 ms of CPU of a
~400 ms rebuild, and more of its wall time. Child processes inherit it: IREE's tools
do not link OpenBLAS, and code-generation workers, which import the
bindings too, gain the same."""

from __future__ import annotations

import os

# OpenBLAS reads the first of these that is set, when the library loads.
_THREAD_VARIABLES = ("OPENBLAS_NUM_THREADS", "GOTO_NUM_THREADS", "OMP_NUM_THREADS")


def configure() -> None:
    """Called first by the ``halflow`` command (``cli/entry.main``)."""
    if not any(name in os.environ for name in _THREAD_VARIABLES):
        os.environ["OPENBLAS_NUM_THREADS"] = "1"
