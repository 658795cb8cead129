"""The entries of code generation: translations, group binaries, compiled
host programs. Each is one record with its codec; all are put in the
envelope of :mod:`halflow.store.codec` (layer 2) under their code
generation key, with their own envelope kind, so an entry read under
another key or kind is a miss:

====================  =========================  ========================================
record                key (:mod:`..keys`)        envelope: kind; meta; payload
====================  =========================  ========================================
:class:`Entry`        bare hex fingerprint       ``codegen.translation``; seconds,
                      (a unit key)               interface; the translated module's text
:class:`GroupEntry`   ``group-`` + fingerprint   ``codegen.group``; seconds, variant,
                                                 binary_format, mime_type, warnings;
                                                 the serialized binary
:class:`HostEntry`    ``host-`` + fingerprint    ``codegen.host``; seconds; the host's
                                                 text
====================  =========================  ========================================

``seconds`` is what making the entry cost (reported as saved on reuse);
a group's ``warnings`` are IREE's when it was serialized (replayed on
reuse). The envelope is format 2 (:mod:`halflow.store.codec`): entries
of the format before it read as misses.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from halflow.store import codec

TRANSLATION_KIND = "codegen.translation"
GROUP_KIND = "codegen.group"
HOST_KIND = "codegen.host"


@dataclass(frozen=True)
class Entry:
    """A cached translation: the translated executable module (normalized
    text), the text of its interface (see :mod:`halflow.codegen.groups`) and
    what it cost to make."""

    key: str
    text: str
    seconds: float
    interface: str = ""


def encode_entry(entry: Entry) -> bytes:
    return codec.seal(entry.key, TRANSLATION_KIND,
                      {"seconds": round(entry.seconds, 6), "interface": entry.interface},
                      entry.text.encode("utf-8"))


def decode_entry(key: str, data: bytes | None) -> Entry | None:
    """The translation entry sealed in ``data`` for ``key``, or None."""
    opened = codec.unseal(key, TRANSLATION_KIND, data)
    if opened is None:
        return None
    meta, payload = opened
    try:
        return Entry(key, payload.decode("utf-8"), float(meta["seconds"]),
                     str(meta.get("interface", "")))
    except (ValueError, KeyError, TypeError, UnicodeDecodeError):
        return None


@dataclass(frozen=True)
class Binary:
    """One serialized ``hal.executable.binary``."""

    variant: str
    format: str
    mime_type: str
    data: bytes


class GroupEntry(NamedTuple):
    """A group's binary, the seconds it took and IREE's warnings then."""

    binary: Binary
    seconds: float
    warnings: tuple[str, ...]

    def encode(self, key: str) -> bytes:
        binary = self.binary
        return codec.seal(key, GROUP_KIND, {
            "seconds": round(self.seconds, 6), "variant": binary.variant,
            "binary_format": binary.format, "mime_type": binary.mime_type,
            "warnings": list(self.warnings)}, binary.data)

    @classmethod
    def decode(cls, key: str, raw: bytes | None) -> GroupEntry | None:
        opened = codec.unseal(key, GROUP_KIND, raw)
        if opened is None:
            return None
        meta, data = opened
        try:
            binary = Binary(str(meta["variant"]), str(meta["binary_format"]),
                            str(meta["mime_type"]), data)
            return cls(binary, float(meta["seconds"]), tuple(str(w) for w in meta["warnings"]))
        except (KeyError, TypeError, ValueError):
            return None


class HostEntry(NamedTuple):
    """A compiled host program's text and the seconds it took."""

    text: str
    seconds: float

    def encode(self, key: str) -> bytes:
        return codec.seal(key, HOST_KIND, {"seconds": round(self.seconds, 6)},
                          self.text.encode("utf-8"))

    @classmethod
    def decode(cls, key: str, raw: bytes | None) -> HostEntry | None:
        opened = codec.unseal(key, HOST_KIND, raw)
        if opened is None:
            return None
        meta, data = opened
        try:
            return cls(data.decode("utf-8"), float(meta["seconds"]))
        except (KeyError, TypeError, ValueError, UnicodeDecodeError):
            return None
