"""One deterministic fingerprint function for everything that enters a key.

``fingerprint(*parts)`` hashes a canonical encoding of plain data: ``str``,
``bytes``, ``int``, ``bool``, ``None``, ``float``, enums, tuples/lists, dicts
(key order does not matter), sets (order does not matter), records
(``NamedTuple`` classes) and frozen dataclasses (by field). Anything else
raises ``TypeError``: a key must never silently fall back to object identity
(which would change from run to run).

Every key also carries the versions that can change any output: halflow's and
``iree-base-compiler``'s (see :func:`environment`).

Builds fingerprint tens of thousands of small values, so the encoder is
written for speed: dispatch on the exact type, field names cached per
record class, and long strings (executable targets are ~600 characters and
appear in thousands of values) hashed once and then represented by their
digest.
"""

from __future__ import annotations

import enum
import functools

TYPE_CHECKING = False  # (importing typing costs a no-op rebuild ~3 ms)
if TYPE_CHECKING:
    from typing import Any

try:  # `hashlib` also loads OpenSSL, ~3 ms of every command-line run
    from _blake2 import blake2b
except ImportError:  # pragma: no cover - CPython always has it
    from hashlib import blake2b

DIGEST_SIZE = 20  # 160-bit keys: collision-free for any realistic cache
_LONG = 256  # strings at least this long are memoized by digest
_long_memo: dict[str, bytes] = {}
_enum_memo: dict[enum.Enum, bytes] = {}
# Record classes seen: the bytes that open each of their values (``C`` and
# the class's encoded name), and their field names (None: a NamedTuple,
# whose items are its fields in order).
_records: dict[type, tuple[bytes, tuple[str, ...] | None]] = {}


def utf8(text: str) -> bytes:
    """The bytes of ``text`` as every fingerprint reads them: UTF-8, with
    the lone surrogates that stand for input bytes that are not UTF-8
    (``surrogateescape``, see :meth:`halflow.source.inputs.InputData.text`) turned
    back into those bytes. Every string hashed for a key goes through here."""
    return text.encode("utf-8", "surrogateescape")


def _record_fields(cls: type) -> tuple[str, ...] | None:
    """The field names of a record class (a ``NamedTuple`` or a frozen
    dataclass), None for anything else (asked once per record class:
    ``_records`` keeps the answer)."""
    if issubclass(cls, tuple) and isinstance(getattr(cls, "_fields", None), tuple):
        return cls._fields  # type: ignore[attr-defined]
    import dataclasses  # not at start-up: it imports inspect (~6 ms)

    frozen = dataclasses.is_dataclass(cls) and cls.__dataclass_params__.frozen  # type: ignore[attr-defined]
    return tuple(f.name for f in dataclasses.fields(cls)) if frozen else None


def _long_digest(s: str) -> bytes:
    d = _long_memo.get(s)
    if d is None:
        if len(_long_memo) > 50_000:
            _long_memo.clear()
        d = blake2b(utf8(s), digest_size=16).digest()
        _long_memo[s] = d
    return d


def _encode(obj: Any, out: list[bytes]) -> None:
    # Each value is tagged with its kind and length-prefixed, so that e.g.
    # "1" and 1, or ("ab",) and ("a", "b"), differ.
    t = type(obj)
    if t is str:
        if len(obj) >= _LONG:
            out.append(b"H" + _long_digest(obj))
        else:
            data = utf8(obj)
            out.append(b"S%d:" % len(data) + data)
    elif t is tuple or t is list:
        out.append(b"L%d:" % len(obj))
        for item in obj:
            _encode(item, out)
    elif obj is None:
        out.append(b"N")
    elif t is bool:
        out.append(b"T" if obj else b"F")
    elif t is int:
        out.append(b"I%d;" % obj)
    elif t in _records:
        prefix, names = _records[t]
        out.append(prefix)
        if names is None:
            for item in obj:
                _encode(item, out)
        else:
            for name in names:
                _encode(getattr(obj, name), out)
    elif isinstance(obj, enum.Enum):
        encoded = _enum_memo.get(obj)
        if encoded is None:
            parts: list[bytes] = [b"E"]
            _encode(t.__qualname__, parts)
            _encode(obj.value, parts)
            encoded = _enum_memo[obj] = b"".join(parts)
        out.append(encoded)
    elif t is float:
        out.append(b"D" + repr(obj).encode())
    elif t is bytes or t is bytearray or t is memoryview:
        data = bytes(obj)
        out.append(b"B%d:" % len(data) + data)
    elif t is dict:
        items = sorted((fingerprint_bytes(k), k, v) for k, v in obj.items())
        out.append(b"M%d:" % len(items))
        for _, k, v in items:
            _encode(k, out)
            _encode(v, out)
    elif t is set or t is frozenset:
        digests = sorted(fingerprint_bytes(item) for item in obj)
        out.append(b"U%d:" % len(digests))
        out.extend(digests)
    elif isinstance(obj, int):  # int subclasses (IntFlag handled as Enum above)
        out.append(b"I%d;" % int(obj))
    else:
        names = _record_fields(t)
        if names is None:
            raise TypeError(f"cannot fingerprint {t.__qualname__}: not plain data")
        opening = [b"C"]
        _encode(t.__qualname__, opening)
        positional = issubclass(t, tuple) and t.__iter__ is tuple.__iter__
        _records[t] = (b"".join(opening), None if positional else names)
        _encode(obj, out)  # (as the class's next values are)


def fingerprint_bytes(*parts: object) -> bytes:
    out: list[bytes] = []
    _encode(parts, out)
    return blake2b(b"".join(out), digest_size=DIGEST_SIZE).digest()


def fingerprint(*parts: object) -> str:
    """Hex fingerprint of ``parts`` (plain data only; see module docstring)."""
    return fingerprint_bytes(*parts).hex()


def fingerprint_strings(*parts: str) -> str:
    """Fast fingerprint of a sequence of strings (node keys are made of
    short strings: stage tag, environment, input fingerprints)."""
    data = utf8("\x1f".join(parts))
    return blake2b(b"K%d:" % len(parts) + data, digest_size=DIGEST_SIZE).hexdigest()


def fingerprint_text(text: str) -> str:
    """Fast path for one large string (module text): plain blake2b."""
    return blake2b(utf8(text), digest_size=DIGEST_SIZE).hexdigest()


def short(text: str) -> str:
    """A 64-bit fingerprint of a short string (dependency lists)."""
    return blake2b(utf8(text), digest_size=8).hexdigest()


def iree_compiler_dir() -> str | None:
    """Where ``import iree.compiler`` finds the package, without importing
    it (importing it loads MLIR): the first ``sys.path`` entry holding it."""
    import os
    import sys

    for entry in sys.path:
        candidate = os.path.join(entry or ".", "iree", "compiler")
        if os.path.isfile(os.path.join(candidate, "__init__.py")):
            return os.path.abspath(candidate)
    return None


def iree_version() -> str:
    """The installed compiler's version and source revision, read from
    ``iree/compiler/version.py`` without importing the package (importing it
    loads MLIR; importlib.metadata alone costs ~25 ms of a no-op rebuild)."""
    import os
    import re

    directory, text = iree_compiler_dir(), ""
    if directory is not None:
        try:
            with open(os.path.join(directory, "version.py"), encoding="utf-8") as f:
                text = f.read()
        except OSError:
            pass
    version = re.search(r'^VERSION\s*=\s*"([^"]*)"', text, re.M)
    revision = re.search(r'"IREE"\s*:\s*"([^"]*)"', text)
    if version:
        return version.group(1) + ("+" + revision.group(1) if revision else "")
    from importlib import metadata

    try:
        return metadata.version("iree-base-compiler")
    except metadata.PackageNotFoundError:  # pragma: no cover - always installed
        return "unknown"


@functools.cache
def environment() -> tuple[tuple[str, str], ...]:
    """Versions that enter every key: halflow and iree-base-compiler."""
    from halflow.core.version import __version__

    return (("halflow", __version__), ("iree-base-compiler", iree_version()))
