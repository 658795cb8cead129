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

    return "vmfb:" + fingerprint("halflow.vmfb", input_hash, model_name, tuple(iree_flags),
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


def marker(key: str, stat: os.stat_result, total: int, digest: str) -> list[object]:
    """The record of an output file written for output ``key`` (``total``:
    node count of the build, for reports of later no-op builds; ``digest``:
    :func:`content_digest` of the bytes written)."""
    return [key, stat.st_size, stat.st_mtime_ns, total, digest]


def marker_matches(
    recorded: object, key: str, stat: os.stat_result, path: str | os.PathLike[str]
) -> bool:
    """Whether the file at ``path`` (with ``stat``) is still what was
    written for ``key``: same output key, same size and modification time,
    and the same bytes. Size and time alone are no proof (an edit in place
    that keeps the size, with the time set back); the bytes are read only
    when everything else agrees (a few milliseconds on the largest
    outputs, far below any build)."""
    if not (
        isinstance(recorded, list)
        and len(recorded) == 5
        and recorded[:3] == [key, stat.st_size, stat.st_mtime_ns]
        and isinstance(recorded[3], int)
    ):
        return False
    try:
        return bool(file_digest(path) == recorded[4])
    except (OSError, ValueError):
        return False


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
