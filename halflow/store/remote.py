"""The shared cache in Redis: checksummed entries in bounded chunks, behind a
circuit breaker.

:class:`RemoteStore` keeps byte strings under halflow's keys in one Redis
database (``--remote-cache redis://HOST:PORT/DB``; ``rediss://`` for TLS).
It is data only: nothing read from Redis is ever unpickled or run, and an
entry is used only when its header, its length and its blake2b checksum
(which covers the key, so an entry copied under another key fails too)
check out; a damaged, truncated or foreign entry is a miss, counted in
:attr:`RemoteStore.counters` and summed up in one warning per kind of
problem at the end of the build (:func:`summary`). The header is bounded
before anything is fetched: the chunk count must be the one its length
needs, and the length at most :data:`MAX_ENTRY`.

With a secret (``remote-secret``, :attr:`halflow.core.options.RemoteCache.
secret`), the checksum is a keyed blake2b MAC instead (the entry's header
says it is signed): a writer signs every entry, and a reader uses only
entries signed with the same secret; an unsigned entry or one signed
otherwise is a miss (counted, summed up in one warning) and is recomputed.
The checksum detects damage; the MAC also detects forgery by anyone who may
write to Redis but does not hold the secret.

Wire format of an entry of ``n`` bytes (big values are split so that no
single Redis value or reply exceeds :data:`CHUNK` bytes)::

    head:   MAGIC, format, kind, flags (SIGNED), chunk count, n, write id
            (16 bytes), blake2b-256 of (key, kind, payload), keyed with the
            secret when SIGNED; then the first chunk
    chunk:  the i-th further chunk, under NAME + "#" + write id + ":" + i

Chunks are written before their head, and a head names its chunks by the
write id of the write that made it: a reader sees a whole entry or none,
however writes of one key race. Redis names are
``halflow:<format>:<halflow version>:<iree-base-compiler version>:<key>``:
builds with other versions never see each other's entries (the keys also
hold the versions and the options, as local keys do).

A remote that is down, refuses the credentials, drops the connection or
answers slowly never fails a build and costs it a bounded time: each
connection and reply has a timeout (:attr:`halflow.core.options.RemoteCache.
timeout`), and after the first failure (or once the build has waited
:data:`BUDGET_TIMEOUTS` timeouts on it in all) the store stops talking to
the remote for the rest of the build and says so once.

Writes are buffered and sent in pipelines (at :data:`FLUSH_AT` bytes, and
by :meth:`RemoteStore.flush` at the end of each build): a build does not
wait for one round trip per entry written.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import struct
import threading
import time
import uuid
from collections.abc import Callable, Iterable, Mapping
from dataclasses import asdict, dataclass
from enum import StrEnum
from typing import Any

from halflow.core import config
from halflow.core.options import RemoteCache

MAGIC = b"HFR1"
FORMAT = 2
CHUNK = 4 << 20  # bytes per Redis value at most (head: header + first chunk)
MAX_ENTRY = 1 << 40  # bytes an entry's header may claim (a sanity bound, not a quota)
FLUSH_AT = 32 << 20  # bytes of buffered writes that are sent at once
BUDGET_TIMEOUTS = 10  # seconds waited on the remote per build, in timeouts
KIND_JSON = 1
KIND_BLOB = 2
SIGNED = 1  # header flag: the digest is a MAC keyed with the secret
_HEAD = struct.Struct("<4sBBBIQ16s32s")
_MGET = 8  # chunks per reply

Warn = Callable[[str], None]


class Problem(StrEnum):
    """What can be wrong with an entry read from the remote (one warning
    per kind and build, :func:`summary`)."""

    DAMAGED = "damaged"
    UNSIGNED = "unsigned"
    WRONGLY_SIGNED = "wrongly signed"
    SIGNED = "signed"  # and this build has no secret


# How each kind of problem is summed up (after "ignored N ").
_SUMMARY = {
    Problem.DAMAGED: "damaged entries",
    Problem.UNSIGNED: "unsigned entries (with remote-secret set, only signed ones are used)",
    Problem.WRONGLY_SIGNED: "entries signed with another secret, or forged",
    Problem.SIGNED: "signed entries (set remote-secret to use them)",
}

# What went wrong, by kind and reason: {kind: {reason: count}}.
Problems = dict[str, dict[str, int]]


def summary(where: str, problems: Mapping[str, Mapping[str, int]]) -> list[str]:
    """One warning per kind of problem: how many entries, and why."""
    lines = []
    for kind in Problem:
        reasons = problems.get(kind)
        if not reasons:
            continue
        count = sum(reasons.values())
        detail = ""
        if kind == Problem.DAMAGED:
            detail = " (" + ", ".join(f"{r}: {n}" for r, n in sorted(reasons.items())) + ")"
        lines.append(f"remote cache {where}: ignored {count} {_SUMMARY[kind]}{detail}; "
                     "recomputed what was needed")
    return lines


def merge(into: Problems, more: Mapping[str, Mapping[str, int]]) -> None:
    """Add the counts of ``more`` to ``into``."""
    for kind, reasons in more.items():
        mine = into.setdefault(kind, {})
        for reason, count in reasons.items():
            mine[reason] = mine.get(reason, 0) + count


class _Down(Exception):
    """The remote is not used any more in this build."""


class _Damaged(Exception):
    """What a remote entry holds does not check out: ``kind`` (a
    :class:`Problem`) and the reason."""

    def __init__(self, reason: str, kind: Problem = Problem.DAMAGED):
        super().__init__(reason)
        self.kind = kind


@dataclass
class RemoteCounters:
    """One build's traffic with the remote (``cache stats``)."""

    hits: int = 0
    misses: int = 0
    bytes_fetched: int = 0
    errors: int = 0  # damaged entries ignored, plus the failure that stopped the remote
    writes: int = 0
    bytes_written: int = 0

    def as_dict(self) -> dict[str, int]:
        return asdict(self)


def namespace() -> str:
    """The prefix of every Redis name: wire format and versions."""
    from halflow.core.fingerprint import iree_version
    from halflow.core.version import __version__

    return f"halflow:{FORMAT}:{__version__}:{iree_version()}:"


def _signing_key(secret: str) -> bytes:
    """The MAC key of ``secret`` (blake2b takes at most 64 bytes of key)."""
    return hashlib.blake2b(secret.encode("utf-8", "surrogateescape"), digest_size=64,
                           person=b"halflow-secret").digest()


def _hasher(key: str, kind: int, mac_key: bytes | None) -> Any:
    """The digest of an entry, fed its payload next: a checksum, or a MAC
    keyed with ``mac_key``; both cover the key and the kind."""
    if mac_key is None:
        h = hashlib.blake2b(digest_size=32, person=b"halflow-remote")
    else:
        h = hashlib.blake2b(digest_size=32, key=mac_key, person=b"halflow-signed")
    h.update(key.encode("utf-8", "surrogateescape") + b"\0" + bytes([kind]))
    return h


def _digest(key: str, kind: int, payload: bytes | bytearray,
            mac_key: bytes | None = None) -> bytes:
    h = _hasher(key, kind, mac_key)
    h.update(payload)
    return bytes(h.digest())


def _chunks_for(size: int) -> int:
    """How many chunks an entry of ``size`` bytes is written in."""
    return max(1, -(-size // CHUNK))


def _reason(error: BaseException, timeout: float) -> str:
    """What a failure of the remote means for the user (never the URL)."""
    import redis.exceptions as rx

    if isinstance(error, rx.AuthenticationError):
        return "refused the credentials (wrong user or password)"
    if isinstance(error, rx.ResponseError) and str(error).startswith("NOAUTH"):
        return "needs a password (in the URL or $" + config.variable("remote-password") + ")"
    if isinstance(error, rx.NoPermissionError):
        return "does not allow this user to read"
    if isinstance(error, rx.TimeoutError | TimeoutError):
        return f"did not answer within {timeout:g}s"
    if isinstance(error, rx.ConnectionError | OSError):
        detail = str(error).split("\n")[0].strip() or type(error).__name__
        return f"cannot be reached ({detail})"
    return f"failed ({type(error).__name__}: {str(error)[:200]})"


def _mget(names: list[str], client: Any) -> Any:
    return client.mget(names)


class RemoteStore:
    """Byte strings of kind JSON or blob under halflow keys in Redis (see the
    module docstring). Thread-safe: code generation reads from a helper
    thread while the build goes on."""

    def __init__(self, settings: RemoteCache, warn: Warn):
        self.settings = settings
        self.warn = warn
        self.counters = RemoteCounters()
        self._client: Any = None
        self._down: str | None = None
        self._writable = not settings.read_only
        self._prefix = namespace()
        self._pending: list[tuple[str, bytes | None]] = []  # (name, value; None: delete)
        self._pending_bytes = 0
        self._waited = 0.0
        self._problems: Problems = {}
        self._said: set[str] = set()  # warnings given in this build
        self._mac_key = _signing_key(settings.secret) if settings.secret is not None else None
        self._lock = threading.RLock()

    @property
    def writable(self) -> bool:
        return self._writable and self._down is None

    # -- the connection and the breaker ------------------------------------------
    def _connection(self) -> Any:
        if self._client is None:
            from urllib.parse import urlsplit

            import redis
            from redis.backoff import NoBackoff
            from redis.retry import Retry

            parts = urlsplit(self.settings.url)
            credentials: dict[str, str] = {}
            password = config.from_environment("remote-password")
            if parts.password is None and password is not None:
                credentials["password"] = password
                user = config.from_environment("remote-user")
                if parts.username is None and user is not None:
                    credentials["username"] = user
            t = self.settings.timeout
            # (The URL's own options, checked by RemoteCache, win over these.)
            self._client = redis.Redis.from_url(
                self.settings.url, socket_timeout=t, socket_connect_timeout=t,
                retry=Retry(NoBackoff(), 0), retry_on_timeout=False, health_check_interval=0,
                **credentials)
        return self._client

    def _say(self, message: str) -> None:
        """Warn, once per build for one message."""
        if message not in self._said:
            self._said.add(message)
            self.warn(message)

    def absorb(self, warnings: Iterable[str], problems: Mapping[str, Mapping[str, int]]) -> None:
        """What other stores of these settings said in this build (Dask
        workers, :class:`halflow.codegen.remote_workers.Shared`): their warnings,
        each once, and their ignored entries in this build's summary."""
        with self._lock:
            for message in warnings:
                self._say(message)
            merge(self._problems, problems)

    def _stop(self, reason: str) -> None:
        if self._down is None:
            self._down = reason
            self.counters.errors += 1
            self._say(f"remote cache {self.settings.where} {reason}; "
                      "going on with the local cache for this build")

    def _call(self, action: Callable[[Any], Any]) -> Any:
        """``action(client)``; raises :class:`_Down` (after stopping the
        remote) when it fails or the build's time on the remote is spent."""
        if self._down is not None:
            raise _Down
        import redis.exceptions as rx

        started = time.perf_counter()
        try:
            return action(self._connection())
        except (rx.RedisError, OSError) as e:
            self._stop(_reason(e, self.settings.timeout))
            raise _Down from None
        except (TypeError, ValueError) as e:  # redis-py refused an option of the URL
            self._stop(f"cannot be used ({type(e).__name__}: {str(e)[:200]})")
            raise _Down from None
        finally:
            self._waited += time.perf_counter() - started
            if self._down is None and self._waited > BUDGET_TIMEOUTS * self.settings.timeout:
                self._stop(f"answered too slowly ({self._waited:.1f}s in this build)")

    # -- reading -----------------------------------------------------------------
    def get(self, key: str, kind: int) -> bytes | None:
        """The payload stored under ``key`` as ``kind``, or None (a miss, a
        damaged entry, or a remote that is not used any more)."""
        with self._lock:
            if self._down is not None:
                return None
            try:
                found = self._read(key, kind)
            except _Down:
                return None
            except _Damaged as e:
                self._count(e.kind, str(e))
                return None
            if found is None:
                self.counters.misses += 1
                return None
            payload, fetched = found
            self.counters.hits += 1
            self.counters.bytes_fetched += fetched
            return payload

    def _count(self, kind: Problem, reason: str) -> None:
        """An entry ignored: counted, and summed up at the end of the build."""
        self.counters.errors += 1
        reasons = self._problems.setdefault(kind, {})
        reasons[reason] = reasons.get(reason, 0) + 1

    def damaged(self, reason: str) -> None:
        """The last hit checked out here but its reader cannot use it (e.g.
        JSON that does not decode): counted as damaged, not as a hit."""
        with self._lock:
            self.counters.hits = max(0, self.counters.hits - 1)
            self._count(Problem.DAMAGED, reason)

    def _read(self, key: str, kind: int) -> tuple[bytes, int] | None:
        """(payload, bytes fetched) of ``key``, None when it is absent;
        raises :class:`_Damaged` when what is there does not check out.
        The header is checked before any chunk is fetched; chunks are asked
        for a batch at a time, so a forged header costs no more than what
        the server really holds."""
        name = self._prefix + key
        head = self._call(lambda c: c.get(name))
        if head is None:
            return None
        if len(head) < _HEAD.size:
            raise _Damaged("its header is cut short")
        magic, fmt, got_kind, flags, chunks, size, wid, digest = _HEAD.unpack_from(head)
        if magic != MAGIC or fmt != FORMAT:
            raise _Damaged("it is not in halflow's format")
        if got_kind != kind:
            raise _Damaged("it holds another kind of entry")
        if flags & ~SIGNED or size > MAX_ENTRY or chunks != _chunks_for(size):
            raise _Damaged("its header is inconsistent")
        if len(head) - _HEAD.size > min(size, CHUNK):
            raise _Damaged("its first chunk is too long")
        signed = bool(flags & SIGNED)
        if signed and self._mac_key is None:
            raise _Damaged("signed", Problem.SIGNED)
        if not signed and self._mac_key is not None:
            raise _Damaged("unsigned", Problem.UNSIGNED)
        payload = bytearray(head[_HEAD.size:])
        fetched = len(head)
        for start in range(1, chunks, _MGET):
            batch = [f"{name}#{wid.hex()}:{i}" for i in range(start, min(start + _MGET, chunks))]
            parts: list[bytes | None] = self._call(functools.partial(_mget, batch))
            for part in parts:
                if part is None:
                    raise _Damaged("a chunk is missing")
                if len(payload) + len(part) > size:
                    raise _Damaged("its length is not its header's")
                payload += part
                fetched += len(part)
        if len(payload) != size:
            raise _Damaged("its length is not its header's")
        if _digest(key, kind, payload, self._mac_key) != digest:
            if signed:
                raise _Damaged("wrong signature", Problem.WRONGLY_SIGNED)
            raise _Damaged("checksum mismatch")
        return bytes(payload), fetched

    # -- writing -----------------------------------------------------------------
    def put(self, key: str, kind: int, parts: Iterable[bytes]) -> None:
        """Store the concatenation of ``parts`` under ``key`` as ``kind``
        (buffered: sent by :meth:`flush` or once enough is buffered)."""
        with self._lock:
            if not self.writable:
                return
            name = self._prefix + key
            wid = uuid.uuid4().bytes
            digest = _hasher(key, kind, self._mac_key)
            first: bytes | None = None
            chunk = bytearray()
            chunks = size = 0

            def emit(data: bytes) -> None:
                nonlocal first, chunks
                if chunks == 0:
                    first = data
                else:
                    self._queue(f"{name}#{wid.hex()}:{chunks}", data)
                chunks += 1

            for part in parts:
                digest.update(part)
                size += len(part)
                chunk += part
                while len(chunk) >= CHUNK:
                    emit(bytes(chunk[:CHUNK]))
                    del chunk[:CHUNK]
            if chunk or chunks == 0:
                emit(bytes(chunk))
            flags = SIGNED if self._mac_key is not None else 0
            header = _HEAD.pack(MAGIC, FORMAT, kind, flags, chunks, size, wid, digest.digest())
            self._queue(name, header + (first or b""))
            self.counters.writes += 1
            self.counters.bytes_written += size

    def delete(self, key: str) -> None:
        with self._lock:
            if self.writable:
                self._queue(self._prefix + key, None)

    def _queue(self, name: str, value: bytes | None) -> None:
        self._pending.append((name, value))
        self._pending_bytes += len(value or b"")
        if self._pending_bytes >= FLUSH_AT:
            self.flush()

    def flush(self) -> None:
        """Send the buffered writes (in order: chunks before their heads)."""
        import redis.exceptions as rx

        with self._lock:
            pending, self._pending, self._pending_bytes = self._pending, [], 0
            if not pending or not self.writable:
                return
            ttl = self.settings.ttl

            def send(client: Any) -> bool:
                pipe = client.pipeline(transaction=False)
                for name, value in pending:
                    if value is None:
                        pipe.delete(name)
                    else:
                        pipe.set(name, value, ex=ttl)
                try:
                    pipe.execute()
                except rx.NoPermissionError:  # an ACL user that may only read
                    return False
                return True

            try:
                allowed = self._call(send)
            except _Down:
                return
            if not allowed:
                self._writable = False
                self.counters.errors += 1
                self._say(f"remote cache {self.settings.where} does not allow this user to "
                          "write; only reading it (--remote-read-only says so quietly)")

    # -- the end of a build ------------------------------------------------------
    def take_problems(self) -> Problems:
        """The entries ignored since the last call (or the build's start),
        by kind and reason; what :meth:`end_build` would warn about."""
        with self._lock:
            problems, self._problems = self._problems, {}
            return problems

    def _warn_summary(self) -> None:
        for line in summary(self.settings.where, self.take_problems()):
            self.warn(line)

    def end_build(self, *, forget_failure: bool = True) -> dict[str, int]:
        """Flush, warn once per kind of entry ignored (:func:`summary`), and
        this build's counters (then zeroed; a long-lived session's next
        build may use the remote again, unless ``forget_failure`` is false:
        a Dask worker's next task does not)."""
        self.flush()
        self._warn_summary()
        self._said = set()
        counters = self.counters.as_dict()
        self.counters = RemoteCounters()
        if forget_failure:
            self._down = None
        self._waited = 0.0
        return counters

    def close(self) -> None:
        with self._lock:
            self.flush()
            self._warn_summary()
            if self._client is not None:
                with contextlib.suppress(Exception):  # closing a dead connection
                    self._client.close()
                self._client = None
