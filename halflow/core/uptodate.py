"""What an up-to-date check compares: output keys and output markers.

The one mechanism of both kinds of build. A build to MLIR stores its whole
output under :func:`output_key` (a hash of the input bytes, the options,
every stage version and the halflow and compiler versions); a build to a
``.vmfb`` computes :func:`vmfb_output_key` (the input bytes, the name the
model is compiled under, the IREE flags and the versions). For each output
file written, either build records a *marker* under :func:`marker_key` of
the path: that key with the file's size, modification time and a digest of
its bytes. An output file whose marker still matches holds what a build of
the same input would write. The entry point (:mod:`halflow.cli.entry`) answers
a no-op rebuild of either kind with these before anything else loads, and
the library builds (:mod:`halflow.library.build_mlir`, :mod:`halflow.codegen.pipeline`)
write them: one definition, so they cannot disagree. Imports only the
standard library's hash and what the stage table needs.

Statuses (as ninja's times, git's index and ccache's direct mode use
them): a marker also records the *status* of the output it describes and
of the input whose bytes were built (:func:`stamp`: device, inode, size,
modification and change times; the clock read before it; the
:func:`boot_id`; for the input, its path and hash). A check trusts a
recorded status instead of reading the file when the file's status is
still exactly that one and it is :func:`settled` (git's racy-git rule);
otherwise it reads and hashes the bytes as without one, and a check that
finds them current records their present status (:func:`refreshed`), so
the next one reads nothing. A build records the input's status only
(:func:`marker`): the first no-op after a build reads the output once.
docs/cache.md ("When a rebuild reads nothing") says what this detects
and what not.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from stat import S_ISREG

from halflow.core import blobs

try:  # the hash itself: `hashlib` also loads OpenSSL (~3 ms of a no-op rebuild)
    from _blake2 import blake2b
except ImportError:  # pragma: no cover - CPython always has it
    from hashlib import blake2b

OUTPUT_MARKER = "written:"


def options_fingerprint(split_input_file: bool) -> str:
    """The build options that enter keys (``--explain`` reports a change)."""
    return blake2b(
        json.dumps({"split_input_file": split_input_file}).encode(), digest_size=10
    ).hexdigest()


def input_fingerprint(data: blobs.InputBytes) -> str:
    """The hash of an input's bytes (:func:`halflow.core.blobs.scan`:
    one pass, each large resource value hashed on its own). The last one is
    remembered by the bytes object itself: the up-to-date check and the
    build it hands the same bytes to ask for it in turn (hundreds of
    megabytes of weights hashed once, not twice)."""
    return input_blobs(data)[0]


def input_blobs(data: blobs.InputBytes) -> tuple[str, tuple[blobs.Value, ...], tuple[str, ...]]:
    """:func:`input_fingerprint` of ``data``, its large resource values
    (:func:`halflow.core.blobs.large_values`) and their digests."""
    global _last_input
    if _last_input is not None and _last_input[0] is data:
        return _last_input[1]
    found = blobs.scan(data)
    _last_input = (data, found)
    return found


_Found = tuple[str, tuple["blobs.Value", ...], tuple[str, ...]]
_last_input: tuple[blobs.InputBytes, _Found] | None = None


def output_key(input_hash: str, options: str) -> str:
    """The cache key of the whole output for these input bytes and options.

    Stage versions are in the key (a bumped stage makes old outputs stale),
    as are the halflow and compiler versions."""
    from halflow.core import stages
    from halflow.core.fingerprint import environment, fingerprint

    return "output:" + fingerprint(input_hash, options, stages.tag(), environment())


def vmfb_output_key(input_hash: str, model_name: str, iree_flags: Sequence[str]) -> str:
    """The key of the ``.vmfb`` a build of these input bytes and IREE flags
    writes. ``model_name`` is the name the model is compiled under (the
    host's debug locations name it, so the bytes depend on it)."""
    from halflow.core.fingerprint import environment, fingerprint
    from halflow.core.localflags import travelling

    return "vmfb:" + fingerprint("halflow.vmfb", input_hash, model_name, travelling(iree_flags),
                                 environment())


def marker_key(path: str | os.PathLike[str]) -> str:
    """The cache key under which a build records what it wrote to ``path``:
    its absolute path, or, for a name that is not UTF-8 (Python gives its
    bytes as lone surrogates, which SQLite cannot store), the hex of its
    bytes (an absolute path starts with "/": the two never meet)."""
    where = os.path.abspath(path)
    try:
        where.encode("utf-8")
    except UnicodeEncodeError:
        where = "bytes:" + os.fsencode(where).hex()
    return OUTPUT_MARKER + where


def content_digest(data: blobs.InputBytes) -> str:
    """The digest of an output file's bytes recorded in its marker: BLAKE3
    (:func:`halflow.core.blobs.digest`; ~40 ms for 200 MB of weights, where
    a CRC-32 took 90 ms and blake2b 230 ms). An output written in parts
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


def input_stamp(data: blobs.InputBytes) -> list[object] | None:
    """The input's record in a marker: its absolute path, :func:`stamp`,
    the clock before the status was taken and :func:`input_fingerprint`
    (``data``: bytes :func:`halflow.core.blobs.read_bytes` read; None for
    other bytes, standard input say)."""
    read = blobs.read_status(data)
    if read is None:
        return None
    path, status, seen_ns = read
    return [_path_text(path), *stamp(status), seen_ns, boot_id(), input_fingerprint(data)]


def _path_text(path: str | os.PathLike[str]) -> str:
    """``path`` made absolute, as text a JSON marker can hold: a name that
    is not UTF-8 keeps its other bytes as ``\\xNN`` escapes (the device and
    inode beside it say which file it is)."""
    return os.fsencode(os.path.abspath(path)).decode("utf-8", "backslashreplace")


def marker(key: str, stat: os.stat_result, total: int, digest: str,
           source: list[object] | None = None) -> list[object]:
    """The record of an output file written for output ``key`` (``total``:
    node count of the build, for reports of later no-op builds; ``digest``:
    :func:`content_digest` of the bytes written; ``source``:
    :func:`input_stamp` of the bytes built, see :func:`recorded_input_hash`).

    The output's own status is not recorded here: one taken after the
    rename that put the file in place may already show another writer's
    change (a status is only worth what is known of the bytes when it was
    taken, and the writer knows them up to the rename), so the first check
    reads the output and records its status (:func:`refreshed`)."""
    record: list[object] = [key, stat.st_size, stat.st_mtime_ns, total, digest]
    if source is not None:
        record.append({"input": source})
    return record


def _stamps(recorded: list[object]) -> dict[str, object]:
    found = recorded[5] if len(recorded) == 6 else None
    return found if isinstance(found, dict) else {}


def boot_id() -> str:
    """This boot of the machine (Linux's ``boot_id``; "" where there is
    none). A status recorded in an earlier boot is never trusted: a crash
    may have kept a file's status and lost bytes written before it
    (outputs are not ``fsync``'d: :func:`halflow.core.output.write_atomic`),
    so the first check after a reboot reads the bytes."""
    global _boot
    if _boot is None:
        try:
            with open("/proc/sys/kernel/random/boot_id", "rb") as f:
                _boot = f.read().strip().decode("ascii", "replace")
        except OSError:
            _boot = ""
    return _boot


_boot: str | None = None


def _trusted(entry: object, status: os.stat_result) -> bool:
    """Whether ``entry`` (a recorded :func:`stamp`, the clock read before
    it and the :func:`boot_id`) is ``status``'s stamp, settled, recorded
    in this boot."""
    if not (isinstance(entry, list) and len(entry) == 7
            and all(type(v) is int for v in entry[:6])):
        return False
    return bool(entry[6] and entry[6] == boot_id() and entry[:5] == stamp(status)
                and settled(entry[:5], entry[5]))


def recorded_input_hash(recorded: object, path: str | os.PathLike[str]) -> str | None:
    """The input hash a marker recorded for the file at ``path``, if the
    file's status is the one recorded with it and that status is
    :func:`settled`: then its bytes are what was hashed, and need not be
    read. None otherwise (the bytes are read and hashed)."""
    if not isinstance(recorded, list) or len(recorded) != 6:
        return None
    entry = _stamps(recorded).get("input")
    if not (isinstance(entry, list) and len(entry) == 9 and entry[0] == _path_text(path)
            and isinstance(entry[8], str)):
        return None
    try:
        status = os.stat(path)
    except OSError:
        return None
    return entry[8] if S_ISREG(status.st_mode) and _trusted(entry[1:8], status) else None


def output_status(
    recorded: object, key: str, stat: os.stat_result, path: str | os.PathLike[str]
) -> str | None:
    """Whether the file at ``path`` (with ``stat``) is still what was
    written for ``key``: None if not; ``"status"`` when its status is the
    one recorded and :func:`settled` (its bytes are not read); ``"bytes"``
    when same output key, size and modification time, and the same bytes
    (read: size and time alone are no proof, an edit in place that keeps
    the size with the time set back)."""
    if not (
        isinstance(recorded, list)
        and len(recorded) in (5, 6)
        and recorded[:3] == [key, stat.st_size, stat.st_mtime_ns]
        and isinstance(recorded[3], int)
    ):
        return None
    entry = _stamps(recorded).get("output")
    if _trusted(entry, stat):
        return "status"
    try:
        return "bytes" if file_digest(path) == recorded[4] else None
    except (OSError, ValueError):
        return None


def marker_matches(
    recorded: object, key: str, stat: os.stat_result, path: str | os.PathLike[str]
) -> bool:
    """:func:`output_status` as a yes or no."""
    return output_status(recorded, key, stat, path) is not None


def refreshed(recorded: list[object], stat: os.stat_result, seen_ns: int,
              source: list[object] | None) -> list[object] | None:
    """``recorded`` with the output's status ``stat`` (taken after the
    clock read ``seen_ns``, its bytes found current after that) and the
    input's ``source`` (:func:`input_stamp`, or None to keep the recorded
    one): what a check that had to read bytes records, so that the next
    one need not. None when nothing would change."""
    stamps = dict(_stamps(recorded))
    stamps["output"] = [*stamp(stat), seen_ns, boot_id()]
    if source is not None:
        stamps["input"] = source
    new = [*recorded[:5], stamps]
    return None if new == recorded else new


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


def file_is_current(recorded: object, key: str, path: str | os.PathLike[str]) -> bool:
    """Whether the regular file at ``path`` is still what was written for
    ``key`` (``recorded``: its marker, or None)."""
    try:
        stat = os.stat(path)
    except OSError:
        return False
    return S_ISREG(stat.st_mode) and marker_matches(recorded, key, stat, path)
