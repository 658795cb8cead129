"""The settings of the ``halflow`` command's own process, made before
anything else loads (the one place halflow sets up a process; a library
user's process is never touched: ``tests/test_startup.py``).

**numpy runs on first use.** ``import iree.compiler`` imports numpy: its
``ir`` module binds the name ``np`` for optional attribute builders (dense
attributes from Python lists) and reads it only when one of them is
called. halflow never calls them and never uses numpy, yet running numpy's
code (its C core, OpenBLAS, ~60 modules) was 50-60 ms of CPU of a ~300 ms
one-executable rebuild of ``llama_serving.mlir`` (interleaved runs, load 2-3). So, in the command's
process only, ``sys.modules["numpy"]`` starts as numpy's module with its
attributes (``__spec__``, ``__path__``, ``__file__``, as an import sets
them) but its code not yet run: ``import numpy`` binds it, and the first
attribute read (``np.array``, ``from numpy import x``, ``import
numpy.linalg``, which reads ``numpy.__path__``) runs numpy's code in place,
as the import would have, after which it is an ordinary, complete module,
the same object everyone holds.

Why not the standard library's ``importlib.util.LazyLoader``, which is the
same idea: its module counts any attribute read as a use, and every
``import`` statement reads ``__spec__`` (to see whether another thread is
still importing the module), so IREE's ``import numpy`` ran numpy at once
(measured on Python 3.11, 3.12 and 3.13: nothing saved); and before Python
3.12.3 its load takes no lock, while in this process numpy's first use can
come from another thread (``--executor dask``: distributed's I/O thread
allocates buffers with ``numpy.empty``), and on 3.11 a second thread then
sees a half-run module (measured: of four threads reading an attribute of a
fresh LazyLoader module at once, three got ``AttributeError``). Here
``__spec__`` reads load nothing, and the first use runs numpy under a lock
that another thread's first use waits on.

What changes for code in the process: nothing it can observe once numpy is
used, except that an error numpy's own code raises (a broken installation)
surfaces at the first use, where an eager import would have raised it at
``import`` (and IREE would have skipped its builders); halflow makes no such
use. The command's children (IREE's tools, code-generation workers, Dask's
processes) are new interpreters that import numpy as usual. Nothing is
deferred when numpy is loaded already, absent, or not plain source files.
Measured: a one-executable, a cold and a ``--to vmfb`` build (local
workers) never run numpy's code (the first is tested); ``--executor dask``
does, in distributed's thread, and builds the same ``.vmfb``.

**OpenBLAS, one thread.** numpy loads OpenBLAS, which starts one worker
thread per further core when it loads; those threads spin while they wait,
on the cores the build itself needs. halflow never calls BLAS, so the
command asks for one thread, through OpenBLAS's documented variable, unless
the user has chosen a thread count. Measured (one-executable edits of
``llama_serving.mlir``, interleaved, 2 loaded cores, before numpy ran on
first use): 22-64 ms of CPU of a ~400 ms rebuild, and more of its wall
time. Child processes inherit it: IREE's tools do not link OpenBLAS, and
code-generation workers, which import the bindings and so numpy, gain the
same.

**One build, no cycle collector.** A process that runs one ``.mlir`` build
and ends (``halflow build``, and a build server's fork child for it)
turns Python's automatic cyclic garbage collection off
(:func:`one_build`): a cold build of a large module makes millions of
objects that all live until the process ends, and the collector walked
them again and again as they accumulated (measured, a cold build of a
module of 1,175 executables with 200 MB of inline weights: 280 automatic
collections, ~0.1 s of its ~2.5 s, freeing nothing that changed its peak
memory, 0.39 GB either way). Reference counting still frees everything
that is not a cycle, and the build's own ``gc.collect()`` (before it
decodes a whole-module output, ``engine.providers.release_memory``) still
runs. A long-lived process (``halflow watch``, the server itself) keeps
the collector on.

**Standard descriptors closed at start** (``>&-``, ``2>&-``): each one
closed is opened on ``/dev/null`` (:func:`standard_streams`), so that no
file the command opens later takes its number (where a tool it runs, or
a ``print``, would write into it). Its Python stream, which the
interpreter left ``None``, is made: what goes to stdout or stderr goes
nowhere (a closed stream costs its own output only: a build with ``-o``
succeeds, as with ``iree-opt``); reading stdin fails as a closed
descriptor does (``EBADF``). ``sys.__stdout__`` and the others stay
``None``, Python's record that the descriptor was closed: a build whose
result is stdout itself then reports that it cannot write its output and
exits 1, as ``iree-opt`` does (:mod:`halflow.cli.mlir_build`), and the
build server is not used (:mod:`halflow.cli.server_client`).

**A temporary folder of its own for a ``.vmfb`` build** (:func:`own_temp_dir`):
IREE's linker writes each group's objects (``hf_g*_linked-*.o``, ``.so``)
into ``$TMPDIR``, from this process (a lane) and from its workers; a build
that is killed (SIGKILL) leaves them. So the build's ``TMPDIR`` is a
folder ``halflow-build-<pid>-XXXXXXXX`` in the system's temporary folder,
removed when the build ends, and by the next build once its process is
gone (:func:`halflow.core.output.temp_folder`)."""

from __future__ import annotations

import contextlib
import errno
import importlib.machinery
import importlib.util
import io
import os
import sys
import threading
import types
from collections.abc import Iterator

# OpenBLAS reads the first of these that is set, when the library loads.
_THREAD_VARIABLES = ("OPENBLAS_NUM_THREADS", "GOTO_NUM_THREADS", "OMP_NUM_THREADS")

# What the command's process imports without using (see above).
DEFERRED = ("numpy",)


def configure() -> None:
    """Called first by the ``halflow`` command (``cli/entry.main``)."""
    standard_streams()
    if not any(name in os.environ for name in _THREAD_VARIABLES):
        os.environ["OPENBLAS_NUM_THREADS"] = "1"
    for name in DEFERRED:
        defer(name)


def standard_streams() -> None:
    """Descriptors 0, 1 and 2 that were closed when the process started:
    on ``/dev/null``, and their Python streams made (see above)."""
    for fd in (0, 1, 2):
        try:
            os.fstat(fd)
            continue  # open (sys.__stdout__ None but fd 1 open: another file's now)
        except OSError:
            pass
        null = os.open(os.devnull, os.O_RDWR)  # the lowest free number: ``fd``
        if null != fd:
            os.dup2(null, fd)
            os.close(null)
    if sys.stdin is None:
        sys.stdin = io.TextIOWrapper(_ClosedInput(), write_through=True)
    if sys.stdout is None:
        sys.stdout = io.TextIOWrapper(io.FileIO(1, "w", closefd=False), write_through=True)
    if sys.stderr is None:
        sys.stderr = io.TextIOWrapper(io.FileIO(2, "w", closefd=False),
                                      errors="backslashreplace", write_through=True)


class _ClosedInput(io.RawIOBase):
    """Standard input whose descriptor was closed at start: reading it
    fails as it would have (EBADF)."""

    name = "<stdin>"

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: object) -> int:
        raise OSError(errno.EBADF, os.strerror(errno.EBADF))


@contextlib.contextmanager
def own_temp_dir() -> Iterator[None]:
    """``$TMPDIR`` a new private folder while the block runs (see above);
    Python's own temporary files stay where they were."""
    import shutil
    import tempfile

    from halflow.core.output import temp_folder

    tempfile.gettempdir()  # (fixed now: Python's tempfile keeps the system's)
    folder = temp_folder("halflow-build")
    before = os.environ.get("TMPDIR")
    os.environ["TMPDIR"] = str(folder)
    try:
        yield
    finally:
        if before is None:
            os.environ.pop("TMPDIR", None)
        else:
            os.environ["TMPDIR"] = before
        shutil.rmtree(folder, ignore_errors=True)


def one_build() -> None:
    """Called by the ``halflow build`` command before its one build (see above)."""
    import gc

    gc.disable()


def defer(name: str) -> None:
    """Make the top-level module ``name`` run its code on first use."""
    if name in sys.modules:
        return
    try:
        spec = importlib.util.find_spec(name)
    except (ImportError, ValueError):
        return
    if spec is None or not isinstance(spec.loader, importlib.machinery.SourceFileLoader):
        return
    module = importlib.util.module_from_spec(spec)  # its attributes, not its code
    module.__class__ = _Deferred
    sys.modules[name] = module


_LOCK = threading.RLock()
_running: list[types.ModuleType] = []  # whose code the lock's holder runs


class _Deferred(types.ModuleType):
    """A module whose code has not run. The first read of an attribute
    other than ``__spec__`` runs it (reads made meanwhile by that code
    itself are answered as during an import); the module's type is then
    ``types.ModuleType``."""

    def __getattribute__(self, attr: str) -> object:
        if attr != "__spec__":
            with _LOCK:
                if type(self) is _Deferred and self not in _running:
                    _run(self)
        return types.ModuleType.__getattribute__(self, attr)


def _run(module: types.ModuleType) -> None:
    """Run ``module``'s code in place, as its import would have: on an
    error the module leaves ``sys.modules`` and the error propagates."""
    spec = types.ModuleType.__getattribute__(module, "__spec__")
    _running.append(module)
    try:
        spec.loader.exec_module(module)
    except BaseException:
        if sys.modules.get(spec.name) is module:
            del sys.modules[spec.name]
        raise
    finally:
        _running.remove(module)
        module.__class__ = types.ModuleType
