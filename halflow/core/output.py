"""The one writer of halflow's files: outputs and the cache's own files.

Every file halflow writes itself (``-o`` outputs, reports, traces, the
``.vmfb``; the cache's history, settings and markers) goes through
:func:`write_atomic`, or a :class:`Replacement` when another process or a
library writes the bytes (IREE writing a ``.vmfb``). The contract:

- A regular file, or a path that does not exist yet, is written to a
  temporary file beside it and renamed into place: a reader, and a process
  killed at any moment, see the old content or the new one, never a part.
  On any failure the previous content (or the absence) is kept.
- Anything else that exists (a FIFO, a character device such as
  ``/dev/null``, a socket), and a process's open files (``/dev/stdout``,
  ``/dev/fd/N``, ``/proc/...``: they resolve to whatever the stream is,
  perhaps someone's log opened for appending), is written in place and
  never replaced: a rename would put a regular file where the FIFO or the
  device was (as root, even over ``/dev/null``).
- A symbolic link is written through: the file it points to is replaced
  and the link stays, as ``open(path, "w")`` would update it.
- The mode of a replaced file is kept; a new one gets ``0o666 & ~umask``.

Durability: nothing is ``fsync``'d, neither outputs nor the cache's own
files (the cache's index is not synced either: SQLite
``synchronous=OFF``, see :mod:`halflow.cache`), as ``iree-opt``, compilers,
ninja and make leave their outputs to the kernel's writeback. Measured
here on a 205 MB output (ext4): the ``fsync`` cost 0.08-0.12 s of a
0.8 s one-executable edit, against nothing a build's result needs:

- halflow's own up-to-date check never takes a torn output for a current
  one. The marker records the digest of the bytes written, and the
  statuses a check trusts instead of reading carry the machine's boot id
  (:func:`halflow.core.uptodate.boot_id`): a status recorded before the
  last boot (a crash lies between) is not trusted, so the first check
  after it reads the output and compares its digest: a file cut short or
  holding old blocks is rebuilt. Within one boot, the page cache is the
  file: what a reader sees is what was written.
- A process killed at any moment leaves the old content or the new one
  (the rename), with or without ``fsync``.
- What a power loss can leave at the path: on the common Linux file
  systems (ext4 ``data=ordered`` with its flush on rename-over,
  XFS, btrfs) the old file or the new one; a new path may be left empty
  (the rename committed before the data). A tool that trusts
  times alone (make) would take such an empty output for current; halflow
  does not. ``iree-opt``, which truncates its output and writes it in
  place, leaves a partial file in the same case.

Temporary names carry the writer's process id,
``.NAME.<pid>.<8 hex>.halflow-tmp`` (folders: ``PREFIX-<pid>-XXXXXXXX`` in
the system's temporary folder, :func:`temp_folder`), and a temporary file
is created only when its bytes are written. A process killed while writing
(SIGKILL) cannot remove its own; the next write into the same folder
removes those whose process is gone (or that are older than a day: the id
may have been reused), matching exactly those names and nothing else.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import stat
import sys
import time
from collections.abc import Iterable
from pathlib import Path

from halflow.core.blobs import FileSpan

# A FileSpan is a span of a mapped input (large weights), copied by the kernel.
Chunk = bytes | bytearray | memoryview | FileSpan
# What the writer takes: text (UTF-8), bytes, or an iterable of byte chunks
# (large outputs spliced from pieces without joining them into one copy).
Data = str | Chunk | Iterable[Chunk]


def _umask() -> int:
    """The process's umask now (read at each write, never at import: a
    build server's fork child takes its client's umask). Linux says it
    without changing it; elsewhere it is set and put back."""
    try:
        with open("/proc/self/status", "rb") as f:
            for line in f:
                if line.startswith(b"Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError, IndexError):
        pass
    mask = os.umask(0)
    os.umask(mask)
    return mask


_TEMP_SUFFIX = ".halflow-tmp"
# .NAME.<pid>.<token>.halflow-tmp; without the token: the name earlier
# versions gave the temporary .vmfb (created at the start of a build). The
# shortest NAME that fits: a token of eight decimal digits (one in 40) is
# the token, not the pid (read as the pid, a live writer's file was removed).
_TEMP = re.compile(r"\..+?\.(\d+)(?:\.[0-9a-f]{8})?" + re.escape(_TEMP_SUFFIX), re.DOTALL)
_STALE_SECONDS = 24 * 3600  # a leftover this old is removed even if its pid is alive
_NAME_MAX = 200  # bytes of a name kept in a temporary name (NAME_MAX is 255)
# Links to a process's open files: /dev/stdout resolves to whatever stdout
# is (perhaps someone's log, opened for appending), which is written in place.
_FD_LINKS = ("/proc/", "/dev/fd/")
_STANDARD_STREAMS = ("/dev/stdin", "/dev/stdout", "/dev/stderr")  # fds 0, 1, 2
_FD_LINK = re.compile(r"/(?:dev|proc/(self|\d+))/fd/(\d+)")
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)

# Temporary files being written right now (see discard_in_flight).
_in_flight: set[str] = set()


def discard_in_flight() -> None:
    """Remove the temporary files of writes in progress: for a process that
    is about to end abruptly (Ctrl-C), so that nothing is left beside an
    output."""
    for tmp in list(_in_flight):
        with contextlib.suppress(OSError):
            os.unlink(tmp)
    _in_flight.clear()


def _in_place(path: str | os.PathLike[str], target: Path) -> bool:
    """Whether ``path`` (resolved: ``target``) is written in place. Raises
    the OSError that makes it unwritable (a name too long, a parent that
    is not a folder), so that nothing is produced for it in vain."""
    given = os.path.abspath(path)
    if given.startswith(_FD_LINKS) or given in _STANDARD_STREAMS:
        return True
    try:
        mode = target.stat().st_mode
    except FileNotFoundError:  # created by the rename
        return False
    return not stat.S_ISREG(mode)


def written_in_place(path: str | os.PathLike[str]) -> bool:
    """Whether :func:`write_atomic` writes ``path`` in place (a FIFO, a
    device, a process's open file): such an output holds nothing a later
    build could find still current. False when it cannot be looked at."""
    try:
        return _in_place(path, Path(os.path.realpath(path)))
    except OSError:
        return False


def _chunks(data: Data) -> Iterable[Chunk]:
    if isinstance(data, str):
        return (data.encode("utf-8"),)
    if isinstance(data, bytes | bytearray | memoryview | FileSpan):
        return (data,)
    return data


def _temp_name(name: str) -> str:
    """A new temporary name for a file named ``name`` (module docstring);
    a name too long to extend is replaced by a digest of it."""
    if len(os.fsencode(name)) > _NAME_MAX:
        from halflow.core.fingerprint import blake2b

        name = blake2b(os.fsencode(name), digest_size=12).hexdigest()
    return f".{name}.{os.getpid()}.{os.urandom(4).hex()}{_TEMP_SUFFIX}"


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # EPERM: it exists (another user's)
        return True
    return True


def remove_leftovers(directory: str | os.PathLike[str]) -> int:
    """Remove the temporary files that halflow's writes killed in
    ``directory`` left (their process is gone, or they are older than a
    day); returns how many. Only halflow's temporary names are looked at;
    nothing else is touched. Never raises."""
    removed = 0
    now = time.time()
    try:
        entries = list(os.scandir(directory))
    except OSError:
        return 0
    for entry in entries:
        if not entry.name.endswith(_TEMP_SUFFIX):
            continue
        match = _TEMP.fullmatch(entry.name)
        if match is None:
            continue
        with contextlib.suppress(OSError, ValueError, OverflowError):
            info = entry.stat(follow_symlinks=False)
            if not stat.S_ISREG(info.st_mode):
                continue
            if _alive(int(match.group(1))) and now - info.st_mtime < _STALE_SECONDS:
                continue
            os.unlink(entry.path)
            removed += 1
    return removed


def _write_all(fd: int, chunks: Iterable[Chunk]) -> None:
    """Write ``chunks`` to ``fd`` (and close it), each without a copy."""
    with open(fd, "wb", buffering=0) as f:
        for chunk in chunks:
            if isinstance(chunk, FileSpan):
                chunk.copy_to(f.fileno())
                continue
            view = memoryview(chunk)
            while view:  # a write may take part of a chunk (a pipe)
                view = view[f.write(view) :]


def _fill_temp(tmp: str, chunks: Iterable[Chunk]) -> None:
    _write_all(os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _CLOEXEC, 0o600), chunks)


def _own_fd(path: str | os.PathLike[str]) -> int | None:
    """The descriptor ``path`` names in this process (``/dev/stdout``,
    ``/dev/fd/N``, ``/proc/self/fd/N``), or None."""
    given = os.path.abspath(path)
    if given in _STANDARD_STREAMS:
        return _STANDARD_STREAMS.index(given)
    match = _FD_LINK.fullmatch(given)
    if match is None or match.group(1) not in (None, "self", str(os.getpid())):
        return None
    return int(match.group(2))


def _write_in_place(path: str | os.PathLike[str], chunks: Iterable[Chunk]) -> None:
    """Write into ``path`` itself: a descriptor of this process where it
    names one (at its position, appending if it appends: ``>> log``),
    else the path opened for writing."""
    fd = _own_fd(path)
    if fd is not None:
        _write_all(os.dup(fd), chunks)
    else:
        _write_all(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | _CLOEXEC, 0o666),
                   chunks)


def _commit(tmp: str, target: Path) -> None:
    """Give ``tmp`` the mode of the file it replaces, then rename it over it."""
    try:
        mode = target.stat().st_mode & 0o7777
    except OSError:
        mode = 0o666 & ~_umask()
    with contextlib.suppress(OSError):
        os.chmod(tmp, mode)
    os.replace(tmp, target)


def write_atomic(path: str | os.PathLike[str], data: Data) -> None:
    """Write ``data`` to ``path`` as the module docstring says: atomically
    for a regular file or a new path, in place for anything else, never
    ``fsync``'d (the module docstring says why). Raises OSError (the
    previous content, or the absence, is kept; no temporary file is
    left)."""
    target = Path(os.path.realpath(path))
    if _in_place(path, target):
        _write_in_place(path, _chunks(data))
        return
    remove_leftovers(target.parent)
    tmp = str(target.parent / _temp_name(target.name))
    _in_flight.add(tmp)
    try:
        _fill_temp(tmp, _chunks(data))
        _commit(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    finally:
        _in_flight.discard(tmp)


def check_writable(path: str | os.PathLike[str]) -> None:
    """Raise the OSError that writing ``path`` would raise, before the work
    that produces its bytes (a ``.vmfb`` build): its folder must take a new
    file (one is created and removed at once), a path written in place
    must open for writing (without truncating it)."""
    target = Path(os.path.realpath(path))
    if _in_place(path, target):
        fd = _own_fd(path)
        if fd is not None:
            os.fstat(fd)  # EBADF when it is not open
            return
        if stat.S_ISDIR(os.stat(path).st_mode):
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(path))
        if not os.access(path, os.W_OK):
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(path))
        return
    probe = str(target.parent / _temp_name(target.name))
    os.close(os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    os.unlink(probe)


class Replacement:
    """``path`` replaced by bytes another writer produces (a worker
    process, IREE writing a ``.vmfb``): that writer writes :attr:`temp` (a
    name; nothing is created here), then :meth:`commit` makes what it wrote
    ``path`` as :func:`write_atomic` would (renamed into place, or copied
    into a FIFO or device), and :meth:`discard` (always call it, last)
    removes whatever is left. Also a context manager: commit on success.
    Making one removes what killed writers left in the folder of
    :attr:`temp`."""

    def __init__(self, path: str | os.PathLike[str]):
        self.path = path
        self.target = Path(os.path.realpath(path))
        self.in_place = _in_place(path, self.target)
        folder = Path(_temp_dir()) if self.in_place else self.target.parent
        remove_leftovers(folder)
        self.temp = folder / _temp_name(self.target.name)
        _in_flight.add(str(self.temp))

    def commit(self) -> None:
        """Raises OSError (``path`` is then as it was, unless it is written
        in place: a FIFO may have taken part of the bytes)."""
        tmp = str(self.temp)
        if self.in_place:
            with open(tmp, "rb") as produced:
                _write_in_place(self.path, iter(lambda: produced.read(1 << 20), b""))
            return
        _commit(tmp, self.target)

    def discard(self) -> None:
        _in_flight.discard(str(self.temp))
        with contextlib.suppress(OSError):
            os.unlink(self.temp)

    def __enter__(self) -> Path:
        return self.temp

    def __exit__(self, kind: object, error: object, trace: object) -> None:
        try:
            if error is None:
                self.commit()
        finally:
            self.discard()


def _temp_dir() -> str:
    import tempfile

    return tempfile.gettempdir()


_FOLDER = re.compile(r"(.+)-(\d+)-[a-z0-9_]{8}")
_OLD_FOLDER = re.compile(r"(.+)-[a-z0-9_]{8}")  # earlier versions: no process id


def temp_folder(prefix: str) -> Path:
    """A new private folder ``PREFIX-<pid>-XXXXXXXX`` in the system's
    temporary folder, after removing the folders with this prefix that
    killed processes left (their process is gone, or older than a day; the
    pid-less ``PREFIX-XXXXXXXX`` of earlier versions when older than a
    day). The caller removes its own folder when done."""
    import shutil
    import tempfile

    base = _temp_dir()
    now = time.time()
    with contextlib.suppress(OSError):
        for entry in os.scandir(base):
            if not entry.name.startswith(prefix + "-"):
                continue
            match = _FOLDER.fullmatch(entry.name)
            old = _OLD_FOLDER.fullmatch(entry.name)
            with contextlib.suppress(OSError, ValueError, OverflowError):
                if not entry.is_dir(follow_symlinks=False):
                    continue
                stale = now - entry.stat(follow_symlinks=False).st_mtime >= _STALE_SECONDS
                if match is not None and match.group(1) == prefix:
                    if _alive(int(match.group(2))) and not stale:
                        continue
                elif old is None or old.group(1) != prefix or not stale:
                    continue
                shutil.rmtree(entry.path, ignore_errors=True)
    return Path(tempfile.mkdtemp(prefix=f"{prefix}-{os.getpid()}-", dir=base))


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


def write_reported(path: str | os.PathLike[str], data: Data, what: str) -> None:
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
