"""What an up-to-date check compares, below the records: input hashes,
output digests and file statuses.

The records themselves (output keys, markers, the one check both build
kinds and the no-op make) are in :mod:`halflow.store.keys` and
:mod:`halflow.store.markers`; this module says what goes into them.

Statuses (as ninja's times, git's index and ccache's direct mode use
them): a marker also records the *status* of the output it describes and
of the input whose bytes were built (:func:`stamp`: device, inode, size,
modification and change times; the clock read before it; the
:func:`boot_id`; for the input, its path and hash, :func:`input_stamp`).
A check trusts a recorded status instead of reading the file when the
file's status is still exactly that one and it is :func:`settled` (git's
racy-git rule); otherwise it reads and hashes the bytes as without one,
and a check that finds them current records their present status
(:func:`halflow.store.markers.refreshed`), so the next one reads nothing.
A build records the input's status only: the first no-op after a build
reads the output once. docs/cache.md ("When a rebuild reads nothing")
says what this detects and what not. Imports only the standard library's
hash.
"""

from __future__ import annotations

import functools
import json
import os
from collections.abc import Sequence

from halflow.core import blobs

try:  # the hash itself: `hashlib` also loads OpenSSL (~3 ms of a no-op rebuild)
    from _blake2 import blake2b
except ImportError:  # pragma: no cover - CPython always has it
    from hashlib import blake2b

def options_fingerprint(split_input_file: bool) -> str:
    """The build options that enter keys (``--explain`` reports a change)."""
    return blake2b(
        json.dumps({"split_input_file": split_input_file}).encode(), digest_size=10
    ).hexdigest()


def input_fingerprint(data: blobs.InputBytes | blobs.Snapshot) -> str:
    """The hash of an input's bytes (:func:`halflow.core.blobs.scan`: one
    pass, each large resource value hashed on its own); a
    :class:`~halflow.core.blobs.Snapshot`'s is computed once."""
    if isinstance(data, blobs.Snapshot):
        return data.fingerprint
    return blobs.scan(data)[0]


def content_digest(data: blobs.InputBytes) -> str:
    """The digest of an output file's bytes recorded in its marker: BLAKE3
    (:func:`halflow.core.blobs.digest`; faster than a CRC-32 or blake2b on
    large weights: docs/benchmarks.md). An output written in parts
    gets the same digest from :class:`halflow.core.blobs.Digest`."""
    return blobs.digest(data)


# The racy rule (module docstring of :func:`settled`): file times come from
# the kernel's coarse clock, which lags the clock read here by at most one
# timer tick (10 ms at the coarsest, HZ=100), truncated to the file
# system's granularity (whole seconds, 2 s on FAT, for the file systems
# whose change times are whole seconds; 10 ms covers exFAT, NTFS's 100 ns
# and the nanosecond file systems).
_TICK_NS = 10_000_000
_FINE_GRANULE_NS = 10_000_000
_COARSE_GRANULE_NS = 2_000_000_000


def stamp(status: os.stat_result) -> list[int]:
    """What a marker records of a file's status: (device, inode, size,
    modification time, change time), the times in nanoseconds."""
    return [status.st_dev, status.st_ino, status.st_size, status.st_mtime_ns,
            status.st_ctime_ns]


def settled(recorded: Sequence[int], seen_ns: int) -> bool:
    """Whether a file whose :func:`stamp` is ``recorded``, taken after the
    clock read ``seen_ns``, cannot have changed since without changing its
    status (git's "racy git" rule, with the clock in place of the index
    file's time).

    Every change of a file's bytes, and every setting of its times
    (``touch -d``, ``cp -p``, ``rsync -t``), sets its change time to the
    file system's present time, which no program can set back. A change
    made after the status was taken therefore shows, unless it fell in
    the same tick of the file system's clock as the last change the status
    shows: then size and times may all be equal. So a status is trusted
    only when its newest time lies, by the coarsest tick and the file
    system's granularity, before the clock was read: a later change then
    gets a later change time. A status too close to its reading is
    *racy*: the file is read and hashed, as without a status (and the
    check that finds it current records a new status, then settled). A
    time in the future (a clock ahead, ``touch -d`` forward) is never
    settled."""
    ctime = recorded[4]
    granule = _COARSE_GRANULE_NS if ctime % 1_000_000_000 == 0 else _FINE_GRANULE_NS
    return max(recorded[3], ctime) + granule + _TICK_NS <= seen_ns


def input_stamp(snapshot: blobs.Snapshot) -> list[object] | None:
    """The input's record in a marker: its absolute path, :func:`stamp`,
    the clock before the status was taken and its fingerprint; None for
    bytes that are not a file's (standard input, say)."""
    if snapshot.path is None or snapshot.status is None:
        return None
    return [path_text(snapshot.path), *stamp(snapshot.status), snapshot.seen_ns, boot_id(),
            snapshot.fingerprint]


def path_text(path: str | os.PathLike[str]) -> str:
    """``path`` made absolute, as text a JSON marker can hold: a name that
    is not UTF-8 keeps its other bytes as ``\\xNN`` escapes (the device and
    inode beside it say which file it is)."""
    return os.fsencode(os.path.abspath(path)).decode("utf-8", "backslashreplace")


@functools.cache  # (a constant of the boot, read once)
def boot_id() -> str:
    """This boot of the machine (Linux's ``boot_id``; "" where there is
    none). A status recorded in an earlier boot is never trusted: a crash
    may have kept a file's status and lost bytes written before it
    (outputs are not ``fsync``'d: :func:`halflow.core.output.write_atomic`),
    so the first check after a reboot reads the bytes."""
    try:
        with open("/proc/sys/kernel/random/boot_id", "rb") as f:
            return f.read().strip().decode("ascii", "replace")
    except OSError:
        return ""


def file_digest(path: str | os.PathLike[str]) -> str:
    """:func:`content_digest` of the file at ``path``, read through a
    memory map (no copy of a large output in this process)."""
    import mmap

    with open(path, "rb") as f:
        size = os.fstat(f.fileno()).st_size
        if size < blobs.MIN_SIZE:
            return content_digest(f.read())
        with mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ) as mapped:
            return content_digest(mapped)
