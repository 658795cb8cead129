"""One deterministic fingerprint function for everything that enters a key.

``fingerprint(*parts)`` hashes a canonical encoding of plain data: ``str``,
``bytes``, ``int``, ``bool``, ``None``, ``float``, enums, tuples/lists, dicts
(key order does not matter), sets (order does not matter) and frozen
dataclasses (by field). Anything else raises ``TypeError``: a key must never
silently fall back to object identity (which would change from run to run).

Every key also carries the versions that can change any output: halflow's and
``iree-base-compiler``'s (see :func:`environment`).
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import hashlib
import struct
from collections.abc import Iterable

DIGEST_SIZE = 20  # 160-bit keys: collision-free for any realistic cache


def _encode(obj: object, out: list[bytes]) -> None:
    # Each value is tagged with its kind so that, e.g., "1" and 1 differ.
    if obj is None:
        out.append(b"N")
    elif obj is True or obj is False:
        out.append(b"T" if obj else b"F")
    elif isinstance(obj, enum.Enum):
        out.append(b"E")
        _encode(type(obj).__qualname__, out)
        _encode(obj.value, out)
    elif isinstance(obj, int):
        data = str(obj).encode()
        out.append(b"I" + struct.pack("<Q", len(data)) + data)
    elif isinstance(obj, float):
        out.append(b"D" + struct.pack("<d", obj))
    elif isinstance(obj, str):
        data = obj.encode("utf-8")
        out.append(b"S" + struct.pack("<Q", len(data)) + data)
    elif isinstance(obj, bytes | bytearray | memoryview):
        data = bytes(obj)
        out.append(b"B" + struct.pack("<Q", len(data)) + data)
    elif isinstance(obj, tuple | list):
        out.append(b"L" + struct.pack("<Q", len(obj)))
        for item in obj:
            _encode(item, out)
    elif isinstance(obj, dict):
        items = sorted((fingerprint_bytes(k), k, v) for k, v in obj.items())
        out.append(b"M" + struct.pack("<Q", len(items)))
        for _, k, v in items:
            _encode(k, out)
            _encode(v, out)
    elif isinstance(obj, set | frozenset):
        digests = sorted(fingerprint_bytes(item) for item in obj)
        out.append(b"U" + struct.pack("<Q", len(digests)))
        out.extend(digests)
    elif dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        if not type(obj).__dataclass_params__.frozen:  # type: ignore[attr-defined]
            raise TypeError(f"cannot fingerprint mutable dataclass {type(obj).__qualname__}")
        out.append(b"C")
        _encode(type(obj).__qualname__, out)
        for f in dataclasses.fields(obj):
            _encode(f.name, out)
            _encode(getattr(obj, f.name), out)
    else:
        raise TypeError(f"cannot fingerprint {type(obj).__qualname__}: not plain data")


def fingerprint_bytes(*parts: object) -> bytes:
    out: list[bytes] = []
    _encode(parts, out)
    h = hashlib.blake2b(digest_size=DIGEST_SIZE)
    for chunk in out:
        h.update(chunk)
    return h.digest()


def fingerprint(*parts: object) -> str:
    """Hex fingerprint of ``parts`` (plain data only; see module docstring)."""
    return fingerprint_bytes(*parts).hex()


def fingerprint_text(text: str) -> str:
    """Fast path for one large string (module text): plain blake2b."""
    return hashlib.blake2b(text.encode("utf-8"), digest_size=DIGEST_SIZE).hexdigest()


@functools.cache
def environment() -> tuple[tuple[str, str], ...]:
    """Versions that enter every key: halflow and iree-base-compiler."""
    from importlib import metadata

    from halflow import __version__

    try:
        iree = metadata.version("iree-base-compiler")
    except metadata.PackageNotFoundError:  # pragma: no cover - always installed
        iree = "unknown"
    return (("halflow", __version__), ("iree-base-compiler", iree))


def combine(parts: Iterable[str]) -> str:
    """Fingerprint of an ordered sequence of fingerprints."""
    return fingerprint(tuple(parts))
