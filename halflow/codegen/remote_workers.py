"""Dask workers and the shared cache: translations that never pass through
the client.

With ``--executor dask`` and a shared cache the client may write to
(``--remote-cache``), :class:`halflow.codegen.executors.DaskExecutor` runs
these instead of :func:`~halflow.codegen.translate.translate` and
:func:`~halflow.codegen.serialize.serialize_group`: the worker that translates
an executable writes the entry to the shared cache itself and returns the
result without its text; the worker that serializes a group reads the
texts it lacks from the shared cache. Group binaries and the host still
come back to the client, which links the ``.vmfb``.

A worker whose write fails returns the text as usual (the shared cache is
then not used by that worker process again); a group whose member the
shared cache no longer holds reports it as ``missing``, and the client
translates that member again the usual way. The shared cache can make a
build slower, never wrong and never fail.

Workers print nothing about the shared cache: each task returns a
:class:`Shared` with what its store warned about and the entries it
ignored, and the client says it once per build for all workers
(:meth:`halflow.codegen.executors.DaskExecutor.run`).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from halflow.codegen.serialize import serialize_group
from halflow.codegen.tasks import GroupResult, GroupTask, TranslateResult, TranslateTask
from halflow.codegen.translate import translate
from halflow.core.options import RemoteCache
from halflow.store.codegen_entries import Entry, decode_entry, encode_entry
from halflow.store.keys import codegen_key
from halflow.store.remote import KIND_BLOB, Problems, RemoteStore


class _WorkerStore:
    """A Dask worker process's store of the shared cache for one setting,
    with what it warned about since the last task (taken by each task)."""

    def __init__(self, settings: RemoteCache):
        self.warnings: list[str] = []
        self.store = RemoteStore(settings, self.warnings.append)


# One store per settings in each worker process: a connection kept from one
# task to the next (Dask runs the tasks; no object of halflow's owns the
# process to hold it).
_STORES: dict[RemoteCache, _WorkerStore] = {}


@dataclass(frozen=True)
class Shared:
    """What a task run by a worker returns: its result, and what the
    shared cache's store warned about (``warnings``: a remote given up)
    and the entries it ignored (``problems``, as
    :meth:`halflow.store.remote.RemoteStore.take_problems`)."""

    result: TranslateResult | GroupResult
    warnings: tuple[str, ...]
    problems: Problems


def _store(settings: RemoteCache) -> _WorkerStore:
    held = _STORES.get(settings)
    if held is None:
        held = _STORES[settings] = _WorkerStore(settings)
    return held


def _said(held: _WorkerStore) -> tuple[tuple[str, ...], Problems]:
    """Flush ``held``'s store; what it warned about and the entries it
    ignored since the last task (taken from it)."""
    problems = held.store.take_problems()
    held.store.end_build(forget_failure=False)
    warnings = tuple(held.warnings)
    held.warnings.clear()
    return warnings, problems


def translate_shared(task: TranslateTask, settings: RemoteCache) -> Shared:
    """:func:`translate`, the entry written to the shared cache from here."""
    result = translate(task)
    held = _store(settings)
    store = held.store
    written = result.ok and store.writable
    if written:
        entry = Entry(result.key, result.text, result.seconds, result.interface)
        store.put(codegen_key(result.key), KIND_BLOB, [encode_entry(entry)])
    said = _said(held)
    if written and store.writable:  # else the write failed: the text goes the usual way
        result = dataclasses.replace(result, text="", shared=True)
    return Shared(result, *said)


def serialize_group_shared(task: GroupTask, settings: RemoteCache) -> Shared:
    """:func:`serialize_group`, with the members' missing texts read from
    the shared cache (``missing`` names those it does not hold)."""
    held = _store(settings)
    store = held.store
    members: list[tuple[str, str]] = []
    missing: list[str] = []
    for (name, text), key in zip(task.members, task.member_keys, strict=True):
        if not text:
            raw = store.get(codegen_key(key), KIND_BLOB)
            entry = decode_entry(key, raw) if raw is not None else None
            if raw is not None and entry is None:
                store.damaged("its translation does not decode")
            if entry is None:
                missing.append(key)
                continue
            text = entry.text
        members.append((name, text))
    said = _said(held)
    if missing:
        return Shared(GroupResult(task.key, False, None, 0.0,
                                  ("members missing from the shared cache",), "",
                                  tuple(missing)), *said)
    result = serialize_group(dataclasses.replace(task, members=tuple(members), member_keys=()))
    return Shared(result, *said)
