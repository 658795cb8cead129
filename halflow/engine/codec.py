"""JSON encoding of node values (plain data only, allowlisted types).

Cached values are decoded into an explicit allowlist of records
(``NamedTuple`` classes) and enums: nothing in the cache can name arbitrary code.

Encoding: JSON scalars stand for themselves; every other value is a list
whose first element says what it is: ``["t", ...]`` tuple,
``["c", "ExportFacts", field...]`` record, ``["e", "ResourceOrigin", v]``
enum, ``["s", ...]`` frozenset, ``["d", [k, v]...]`` dict.

With a string table (``strings``), long strings (executable target texts,
~600 characters, repeated in thousands of values) are written once in the
table and referred to as ``["r", index]``.
"""

from __future__ import annotations

import enum
import json
from collections.abc import Iterator
from typing import Any

from halflow.asm.assembler import AliasDef, Piece, PrintedModule
from halflow.nodes.device_targets import DeviceTable
from halflow.nodes.facts import ExecutableFacts, ExportFacts
from halflow.nodes.host import DispatchSite, HostFacts, ModuleFacts, OpSites
from halflow.nodes.layout import Binding, DescriptorFlags, PipelineLayout, ResourceOrigin, SiteUsage
from halflow.nodes.variants import Variant

_RECORDS: dict[str, type] = {
    cls.__name__: cls
    for cls in (
        ExecutableFacts,
        ExportFacts,
        DispatchSite,
        HostFacts,
        ModuleFacts,
        OpSites,
        DeviceTable,
        Binding,
        PipelineLayout,
        SiteUsage,
        Variant,
        AliasDef,
        Piece,
        PrintedModule,
    )
}
_FIELDS: dict[type, tuple[str, ...]] = {
    cls: cls._fields for cls in _RECORDS.values()  # type: ignore[attr-defined]
}
_ENUMS: dict[str, type[enum.Enum]] = {
    cls.__name__: cls for cls in (DescriptorFlags, ResourceOrigin)
}


class DecodeError(ValueError):
    pass


_LONG = 128  # strings at least this long go to the string table


def encode(obj: Any, strings: dict[str, int] | None = None) -> Any:
    """``obj`` as JSON-ready data; long strings are added to ``strings``
    (string -> index, in order of first use) when it is given."""
    t = type(obj)
    if t is str:
        if strings is not None and len(obj) >= _LONG:
            index = strings.get(obj)
            if index is None:
                index = strings[obj] = len(strings)
            return ["r", index]
        return obj
    if t is int or t is bool or obj is None or t is float:
        return obj
    if t is tuple or t is list:
        return ["t", *[encode(x, strings) for x in obj]]
    fields = _FIELDS.get(t)
    if fields is not None:
        return ["c", t.__name__, *[encode(getattr(obj, f), strings) for f in fields]]
    if isinstance(obj, enum.Enum) and t.__name__ in _ENUMS:
        return ["e", t.__name__, obj.value]
    if t is frozenset or t is set:
        return ["s", *sorted((encode(x, strings) for x in obj), key=repr)]
    if t is dict:
        return ["d", *[[encode(k, strings), encode(v, strings)] for k, v in obj.items()]]
    raise TypeError(f"cannot encode {t.__qualname__}")


_CHUNK = 64  # containers longer than this are written item by item

# Compact JSON, non-ASCII kept: one encoder for every call (json.dumps with
# non-default options builds a new one each time, tens of thousands of
# times in a cold build's state).
dumps = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False).encode


def iter_json(
    obj: Any, strings: dict[str, int] | None = None, memo: dict[int, tuple[Any, str]] | None = None
) -> Iterator[str]:
    """``json.dumps(encode(obj, strings))`` in pieces: long tuples and the
    records holding them are written item by item, so that encoding a large
    value (every dispatch site of a module) never holds all of it as
    JSON-ready lists at once.

    ``memo`` (by object identity) keeps the text of records already written
    with the same ``strings``: one dispatch site is part of the host's facts
    and of the payloads of the groups that read it."""
    t = type(obj)
    if (t is tuple or t is list) and len(obj) > _CHUNK:
        yield '["t"'
        for x in obj:
            yield ","
            yield from iter_json(x, strings, memo)
        yield "]"
        return
    fields = _FIELDS.get(t)
    if fields is None:
        yield dumps(encode(obj, strings))
        return
    if memo is not None:
        held = memo.get(id(obj))
        if held is not None and held[0] is obj:
            yield held[1]
            return
    if any(type(v) in (tuple, list) and len(v) > _CHUNK for v in (getattr(obj, f) for f in fields)):
        yield f'["c","{t.__name__}"'
        for f in fields:
            yield ","
            yield from iter_json(getattr(obj, f), strings, memo)
        yield "]"
        return
    text = dumps(encode(obj, strings))
    if memo is not None:
        memo[id(obj)] = (obj, text)  # the object is kept: its id stays its own
    yield text


MAX_DEPTH = 64  # containers inside containers (node values of the corpus nest 5 deep)


def decode(data: Any, strings: list[str] | None = None) -> Any:
    """The value ``encode`` encoded (``strings``: its table, as a list).
    Raises :class:`DecodeError` on anything else (a forged entry: never a
    RecursionError, IndexError, ...), also on values nested deeper than
    :data:`MAX_DEPTH`."""
    try:
        return _decode(data, strings, 0)
    except DecodeError:
        raise
    except (IndexError, KeyError, TypeError, ValueError) as e:
        raise DecodeError(f"not an encoded value ({type(e).__name__}: {e})") from None


def _decode(data: Any, strings: list[str] | None, depth: int) -> Any:
    if not isinstance(data, list):
        if data is None or isinstance(data, str | int | float | bool):
            return data
        raise DecodeError(f"cannot decode {type(data).__name__}")
    if not data:
        raise DecodeError("empty list")
    if depth >= MAX_DEPTH:
        raise DecodeError(f"values nested more than {MAX_DEPTH} deep")
    depth += 1
    tag = data[0]
    if tag == "t":
        return tuple(_decode(x, strings, depth) for x in data[1:])
    if tag == "c":
        cls = _RECORDS.get(data[1])
        if cls is None:
            raise DecodeError(f"unknown record type {data[1]!r}")
        return cls(*[_decode(x, strings, depth) for x in data[2:]])
    if tag == "r":
        if strings is None:
            raise DecodeError("string reference without a string table")
        try:
            return strings[data[1]]
        except (IndexError, TypeError):
            raise DecodeError(f"bad string reference {data[1:]!r}") from None
    if tag == "e":
        ecls = _ENUMS.get(data[1])
        if ecls is None:
            raise DecodeError(f"unknown enum {data[1]!r}")
        return ecls(data[2])
    if tag == "s":
        return frozenset(_decode(x, strings, depth) for x in data[1:])
    if tag == "d":
        return {_decode(k, strings, depth): _decode(v, strings, depth) for k, v in data[1:]}
    raise DecodeError(f"unknown tag {tag!r}")
