"""The local cache with a shared one behind it (``--remote-cache``).

:class:`LayeredCache` is the :class:`halflow.store.protocol.EntryStore` the engine,
the library build and code generation (through
:class:`halflow.store.artifacts.DiskStore`) already use: a read tries the
local cache (:class:`halflow.store.disk.Cache`, or its read-only wrapper), then
the remote (:class:`halflow.store.remote.RemoteStore`), and a remote hit is
copied into the local cache; a write goes to both (to the remote unless
it is read-only). Every kind of entry is shared (node values, build state,
whole outputs, translations, serialized groups, hosts), except what only
means something on one machine: counters, the markers of written outputs
and the up-to-date records of ``.vmfb`` outputs (both name local files).

:func:`with_remote` is the one place a remote is put behind a cache.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from halflow.core import safejson
from halflow.core.options import RemoteCache
from halflow.store import keys
from halflow.store.remote import KIND_BLOB, KIND_JSON, Problems, RemoteStore

# Key prefixes that stay on this machine (which state of a document is
# current is where this machine's checkout is).
LOCAL_ONLY = keys.LOCAL_ONLY


def shared(key: str) -> bool:
    return not key.startswith(LOCAL_ONLY)


class LayeredCache:
    """``local`` (an open cache) in front of ``remote``; see the module
    docstring. What it does not define (statistics, ``keys``, ``gc``, the
    directory) is the local cache's."""

    def __init__(self, local: Any, remote: RemoteStore):
        self.local = local
        self.remote = remote

    def __getattr__(self, name: str) -> Any:
        if name in ("local", "remote"):  # not set yet (copying, unpickling)
            raise AttributeError(name)
        return getattr(self.local, name)

    @property
    def enabled(self) -> bool:
        return bool(self.local.enabled)

    @property
    def counters(self) -> Any:
        return self.local.counters

    @property
    def shared_settings(self) -> RemoteCache | None:
        """The remote's settings while it may be written (what Dask workers
        use to write translations to it themselves), else None."""
        return self.remote.settings if self.remote.writable else None

    def absorb_remote(self, warnings: Sequence[str], problems: Problems) -> None:
        """What Dask workers' stores of the remote said (see
        :meth:`halflow.store.remote.RemoteStore.absorb`)."""
        self.remote.absorb(warnings, problems)

    @property
    def warn(self) -> Callable[[str], None]:
        warn: Callable[[str], None] = self.local.warn
        return warn

    # -- reads: local, then remote -----------------------------------------------
    def get(self, key: str) -> object | None:
        value = self.local.get(key)
        if value is not None or not shared(key):
            return value
        data = self.remote.get(key, KIND_JSON)
        if data is None:
            return None
        try:
            text = data.decode("utf-8")
            value = safejson.loads(text)
        except ValueError as e:  # its checksum held: another halflow's, or forged
            reason = str(e) if str(e).startswith("its JSON") else "its JSON does not decode"
            self.remote.damaged(reason)
            return None
        self.local.put_json_text(key, text)
        return value

    def get_blob(self, key: str) -> bytes | None:
        blob: bytes | None = self.local.get_blob(key)
        if blob is not None or not shared(key):
            return blob
        blob = self.remote.get(key, KIND_BLOB)
        if blob is not None:
            self.local.put_blob(key, blob)
        return blob

    # -- writes: both ------------------------------------------------------------
    def put(self, key: str, value: object) -> None:
        text = json.dumps(value, separators=(",", ":"), ensure_ascii=False)
        self.put_json_text(key, text)

    def put_json_text(self, key: str, text: str) -> None:
        self.local.put_json_text(key, text)
        if shared(key):
            self.remote.put(key, KIND_JSON, [text.encode("utf-8")])

    def put_json_parts(self, key: str, parts: Sequence[str]) -> None:
        self.local.put_json_parts(key, parts)
        if shared(key):
            self.remote.put(key, KIND_JSON, _encoded(parts))

    def put_blob(self, key: str, blob: bytes) -> None:
        self.local.put_blob(key, blob)
        if shared(key):
            self.remote.put(key, KIND_BLOB, [blob])

    def put_blob_parts(self, key: str, parts: Sequence[bytes | str]) -> None:
        self.local.put_blob_parts(key, parts)
        if shared(key):
            self.remote.put(key, KIND_BLOB, _encoded(parts))

    def put_blob_streamed(
        self, prefix: str, produce: Callable[[Callable[[bytes], None]], None]
    ) -> str:
        if not self.remote.writable or not shared(prefix):
            key: str = self.local.put_blob_streamed(prefix, produce)
            return key
        pieces: list[bytes] = []

        def both(write: Callable[[bytes], None]) -> None:
            def tee(data: bytes) -> None:
                pieces.append(bytes(data))
                write(data)

            produce(tee)

        key = self.local.put_blob_streamed(prefix, both)
        if key:
            self.remote.put(key, KIND_BLOB, pieces)
        return key

    def delete(self, key: str) -> None:
        self.local.delete(key)
        if shared(key):
            self.remote.delete(key)

    @contextlib.contextmanager
    def batch(self) -> Iterator[None]:
        """The local cache's transaction; the remote's writes of it are then
        sent together (a long watch session's too, not only at its end)."""
        with self.local.batch():
            yield
        self.remote.flush()

    # -- local only ----------------------------------------------------------------
    def add(self, counter: str, amount: int) -> None:
        self.local.add(counter, amount)

    def counter(self, counter: str) -> int:
        value: int = self.local.counter(counter)
        return value

    def record_build(self, summary: dict[str, object]) -> None:
        """The build's history line, with its traffic with the remote (also
        added to ``summary``, for the build's report)."""
        summary["remote"] = self.remote.end_build()
        self.local.record_build(summary)

    def close(self) -> None:
        try:
            self.remote.close()
        finally:
            self.local.close()


def _encoded(parts: Sequence[bytes | str]) -> Iterator[bytes]:
    for part in parts:
        yield part.encode("utf-8", "surrogateescape") if isinstance(part, str) else part


def with_remote(local: Any, remote: RemoteCache | None, *, read_only: bool = False) -> Any:
    """``local`` (an open cache), with ``remote`` behind it when one is
    given and ``local`` keeps anything (not for ``--no-cache``).
    ``read_only``: ``local`` is used without writing (``--cache-read-only``),
    and so is the remote."""
    if remote is None or not local.enabled:
        return local
    if read_only and not remote.read_only:
        remote = dataclasses.replace(remote, read_only=True)
    return LayeredCache(local, RemoteStore(remote, local.warn))
