"""The codec stack of every cache entry: two layers, each with its own job,
so that each entry is sealed once.

Layer 1, the *frame*, seals: it is what detects a damaged entry. Every
entry of the halflow cache, both build kinds and the no-op's one-query read
(:mod:`halflow.store.diskformat`), is framed::

    magic (4 bytes: ``HFJ2`` JSON text, ``HFB2`` bytes) | CRC-32 of payload
    (4 bytes, little-endian) | payload

CRC-32 detects a value cut short and flipped bytes (it is not a defence
against a forger: the cache is the user's own); a frame that does not
check out is "no entry" (:class:`CorruptEntry`). The shared cache seals
its entries with a wire format of its own instead (a blake2b digest over
key, kind and payload, or a MAC; :mod:`halflow.store.remote`).

Layer 2, the *envelope*, names and compresses, and does not seal again:
the payload of a code generation entry (translations, group binaries, host
programs, manifests, no-op summaries; :mod:`halflow.store.codegen_entries`,
:mod:`halflow.store.manifests`, :mod:`halflow.store.markers`) names the key
and kind it was written for, so that an entry read under another key or
kind is refused, whatever store it travelled through::

    b"HFCG2\n" | header size (4 bytes, little-endian) | header | zlib payload
    header = JSON {format: 2, kind, key, bytes: len(zlib payload), ...meta}

(zlib's own Adler-32 still checks what it inflates.)

Format versions: the frame is that of earlier versions. The envelope is
format 2: format 1 (``HFCG1``) carried a blake2b digest of its body as
well, a second seal inside the frame; such entries, written before, are
refused like any foreign envelope, so they read as misses and are
rewritten by the build that misses them (``tests/test_store_compat.py``).
Imports only ``zlib`` at load (the no-op path reads frames).
"""

from __future__ import annotations

import json
import zlib

from halflow.core import safejson

TYPE_CHECKING = False  # (importing typing costs a no-op rebuild ~3 ms)
if TYPE_CHECKING:
    from typing import Any

# Layer 1: the frame.
MAGIC_JSON = b"HFJ2"
MAGIC_BLOB = b"HFB2"
DIGEST = 4  # CRC-32: detects truncation and flipped bytes


class CorruptEntry(Exception):
    pass


def checksum(payload: bytes) -> bytes:
    return zlib.crc32(payload).to_bytes(4, "little")


def frame(magic: bytes, payload: bytes) -> bytes:
    """``payload`` framed as an entry of the halflow cache."""
    return magic + checksum(payload) + payload


def unframe(magic: bytes, data: object) -> bytes:
    """The payload framed in ``data``; :class:`CorruptEntry` if it does not
    check out."""
    if not isinstance(data, bytes) or len(data) < len(magic) + DIGEST:
        raise CorruptEntry("truncated or foreign entry")
    if data[: len(magic)] != magic:
        raise CorruptEntry("unknown entry format")
    digest = data[len(magic) : len(magic) + DIGEST]
    payload = data[len(magic) + DIGEST :]
    if checksum(payload) != digest:
        raise CorruptEntry("checksum mismatch")
    return payload


# Layer 2: the envelope.
ENVELOPE = b"HFCG2\n"
FORMAT = 2
_HEADER_FIELDS = frozenset({"format", "kind", "key", "bytes"})


def seal(key: str, kind: str, meta: dict[str, Any], payload: bytes) -> bytes:
    """``payload`` (compressed) and ``meta`` under ``key`` and ``kind``.
    ``meta`` must not use the header's own fields."""
    assert not _HEADER_FIELDS & meta.keys()
    data = zlib.compress(payload, 6)
    header = json.dumps(
        {**meta, "format": FORMAT, "kind": kind, "key": key, "bytes": len(data)},
        sort_keys=True,
    ).encode("utf-8")
    return ENVELOPE + len(header).to_bytes(4, "little") + header + data


def unseal(key: str, kind: str, data: bytes | None) -> tuple[dict[str, Any], bytes] | None:
    """(meta, payload) sealed in ``data`` for ``key`` and ``kind``, or None
    if there is none or it does not check out (foreign or earlier format,
    other key or kind, payload cut short or damaged)."""
    if data is None:
        return None
    try:
        if not data.startswith(ENVELOPE):
            return None
        body = memoryview(data)[len(ENVELOPE):]
        size = int.from_bytes(body[:4], "little")
        header = safejson.loads(bytes(body[4 : 4 + size]))
        payload = body[4 + size :]
        if header.get("format") != FORMAT or header.get("key") != key:
            return None
        if header.get("kind") != kind or header.get("bytes") != len(payload):
            return None
        return header, _inflate(payload)
    except (ValueError, KeyError, TypeError, AttributeError, zlib.error):
        return None


# What a payload may inflate to: linear in what was read (a forged entry of
# a few MB must not inflate to gigabytes; MLIR text compresses ~10x, hex
# blobs of zeros far more, hence the floor).
_INFLATE_FLOOR = 256 << 20
_INFLATE_RATIO = 100


def _inflate(payload: bytes | memoryview) -> bytes:
    """``zlib.decompress(payload)``, bounded (ValueError beyond the bound)."""
    limit = max(_INFLATE_FLOOR, _INFLATE_RATIO * len(payload))
    inflater = zlib.decompressobj()
    out = inflater.decompress(payload, limit)
    if inflater.unconsumed_tail or not inflater.eof or inflater.unused_data:
        raise ValueError("the payload inflates beyond its bound, is cut short or runs on")
    return out
