"""Dask workers and the shared cache: translations that never pass through
the client.

With ``--executor dask`` and a shared cache the client may write to
(``--remote-cache``), :class:`halflow.codegen.executors.DaskExecutor` runs
these instead of :func:`~halflow.codegen.worker.translate` and
:func:`~halflow.codegen.worker.serialize_group`: the worker that translates
an executable writes the entry to the shared cache itself and returns the
result without its text; the worker that serializes a group reads the
texts it lacks from the shared cache. Group binaries and the host still
come back to the client, which links the ``.vmfb``.

A worker whose write fails returns the text as usual (the shared cache is
then not used by that worker process again); a group whose member the
shared cache no longer holds reports it as ``missing``, and the client
translates that member again the usual way. The shared cache can make a
build slower, never wrong and never fail.
"""

from __future__ import annotations

import dataclasses
import sys

from halflow.codegen.worker import (
    GroupResult,
    GroupTask,
    TranslateResult,
    TranslateTask,
    serialize_group,
    translate,
)
from halflow.core.options import RemoteCache
from halflow.store.artifacts import Entry, cache_key, decode_entry, encode_entry
from halflow.store.remote import KIND_BLOB, RemoteStore

_STORES: dict[RemoteCache, RemoteStore] = {}  # one per worker process and settings


def _warn(message: str) -> None:
    print(f"halflow: warning: {message}", file=sys.stderr)


def _store(settings: RemoteCache) -> RemoteStore:
    store = _STORES.get(settings)
    if store is None:
        store = _STORES[settings] = RemoteStore(settings, _warn)
    return store


def translate_shared(task: TranslateTask, settings: RemoteCache) -> TranslateResult:
    """:func:`translate`, the entry written to the shared cache from here."""
    result = translate(task)
    store = _store(settings)
    if not result.ok or not store.writable:
        return result
    entry = Entry(result.key, result.text, result.seconds, result.interface)
    store.put(cache_key(result.key), KIND_BLOB, [encode_entry(entry)])
    store.end_build(forget_failure=False)
    if not store.writable:  # the write failed: the text goes the usual way
        return result
    return dataclasses.replace(result, text="", shared=True)


def serialize_group_shared(task: GroupTask, settings: RemoteCache) -> GroupResult:
    """:func:`serialize_group`, with the members' missing texts read from
    the shared cache (``missing`` names those it does not hold)."""
    store = _store(settings)
    members: list[tuple[str, str]] = []
    missing: list[str] = []
    for (name, text), key in zip(task.members, task.member_keys, strict=True):
        if not text:
            raw = store.get(cache_key(key), KIND_BLOB)
            entry = decode_entry(key, raw) if raw is not None else None
            if entry is None:
                missing.append(key)
                continue
            text = entry.text
        members.append((name, text))
    store.end_build(forget_failure=False)
    if missing:
        return GroupResult(task.key, False, None, 0.0,
                           ("members missing from the shared cache",), "", tuple(missing))
    return serialize_group(dataclasses.replace(task, members=tuple(members), member_keys=()))
