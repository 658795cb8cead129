"""Writing outputs atomically: a reader never sees a half-written file."""

from __future__ import annotations

import contextlib
import os
import stat
import sys
from collections.abc import Iterable
from pathlib import Path

from halflow.core.blobs import FileSpan

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import BinaryIO


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


_DEFAULT_MODE = 0o666 & ~_umask()

# Temporary files being written right now (see discard_in_flight).
_in_flight: set[str] = set()


def discard_in_flight() -> None:
    """Remove the temporary files of writes in progress: for a process that
    is about to end abruptly (Ctrl-C), so that no ``.NAME.XXXX.tmp`` is left
    next to an output."""
    for tmp in list(_in_flight):
        with contextlib.suppress(OSError):
            os.unlink(tmp)
    _in_flight.clear()


def write_atomic(
    path: str | os.PathLike[str], data: str | bytes | Iterable[bytes | memoryview | FileSpan]
) -> None:
    """Replace ``path`` with ``data`` via a temporary file and ``os.replace``.
    ``data`` may be an iterable of chunks, written in order (an output of
    hundreds of megabytes is never joined into one copy); a
    :class:`~halflow.core.blobs.FileSpan` is copied by the kernel.

    On any failure the previous content of ``path`` (or its absence) is kept.
    A ``path`` that exists and is not a regular file is written in place. A
    symbolic link is written through: the file it points to is replaced
    (and the link stays), as a plain ``open(path, "w")`` would update it.
    """
    target = Path(os.path.realpath(path))
    payload = data.encode("utf-8") if isinstance(data, str) else data
    chunks = (payload,) if isinstance(payload, bytes) else payload
    try:
        mode = target.stat().st_mode
    except FileNotFoundError:
        mode = None
    if mode is not None and not stat.S_ISREG(mode):
        # A device, FIFO or socket (`-o /dev/null`, `-o /dev/stdout`): a
        # rename would put a regular file in its place (as root, even over
        # /dev/null). Such outputs are written in place.
        with open(target, "wb") as f:
            _write_chunks(f, chunks)
        return
    import tempfile

    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent or ".")
    _in_flight.add(tmp)
    try:
        with os.fdopen(fd, "wb") as f:
            # No fsync: the rename makes the replacement atomic for readers
            # and for a crash of this process, which is the contract (a
            # build tool's outputs are reproducible after a power loss).
            _write_chunks(f, chunks)
        with contextlib.suppress(OSError):
            # Keep the mode of the file we replace (mkstemp makes it 0600).
            os.chmod(tmp, target.stat().st_mode & 0o7777 if target.exists() else _DEFAULT_MODE)
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    finally:
        _in_flight.discard(tmp)


def _write_chunks(f: BinaryIO, chunks: Iterable[bytes | memoryview | FileSpan]) -> None:
    for chunk in chunks:
        if isinstance(chunk, FileSpan):
            f.flush()
            chunk.copy_to(f.fileno())
        else:
            f.write(chunk)


OUTPUT_IS_INPUT = "the output must not be the input"  # a usage error (build, watch)


def is_same_file(a: str | os.PathLike[str], b: str | os.PathLike[str]) -> bool:
    """Whether paths ``a`` and ``b`` name one file: the same path once
    symbolic links are resolved, or (both existing) the same inode, as a
    hard link is. An output that is its own input would replace it."""
    if os.path.realpath(a) == os.path.realpath(b):
        return True
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def write_reported(path: str | os.PathLike[str], data: str | bytes, what: str) -> None:
    """:func:`write_atomic`, a failure reported as halflow reports bad input:
    ``PATH:0:0: error: cannot write WHAT: REASON`` (a HalflowError)."""
    try:
        write_atomic(path, data)
    except OSError as e:
        from halflow.core.diagnostics import Diagnostic, HalflowError

        raise HalflowError(
            Diagnostic(str(path), 0, 0, f"cannot write {what}: {e.strerror or e}")
        ) from None


def write_stderr(text: str, diagnostics: bool = True) -> None:
    """``text`` on stderr, with the input's bytes that are not UTF-8 (lone
    surrogates, ``surrogateescape``) written back as they were; on a
    terminal, diagnostics are coloured (:mod:`halflow.core.colour`)."""
    from halflow.core import colour

    if diagnostics and colour.enabled(sys.stderr):
        text = colour.diagnostics(text)
    stream = getattr(sys.stderr, "buffer", None)
    if stream is None:  # a replaced stderr (tests): text only
        sys.stderr.write(text)
        sys.stderr.flush()
    else:
        # Quoted source lines are the input's own bytes, UTF-8 or not.
        sys.stderr.flush()
        stream.write(text.encode("utf-8", "surrogateescape"))
        stream.flush()
