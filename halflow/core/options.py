"""How to build: the one definition of a build's options.

The library (:func:`halflow.build`, :func:`halflow.watch`), the command
line (``halflow build``, ``halflow watch``) and the fast entry point
(:mod:`halflow.cli.entry`) all describe a build as a :class:`BuildOptions`, so
an option added here reaches every path, and :attr:`BuildOptions.key` (what
enters cache keys) is computed in one place.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field

from halflow.core import uptodate

TYPE_CHECKING = False  # (typing is not imported at run time)
if TYPE_CHECKING:
    from typing import Any

    from halflow.core.deferred import EarlyAnswer

PathLike = str | os.PathLike[str]

# (The shared cache's settings, environment variables included, are rows of
# halflow.core.config.SETTINGS: remote-cache, remote-read-only, remote-ttl,
# remote-timeout, remote-secret, remote-user, remote-password.)
REMOTE_SCHEMES = ("redis", "rediss")
DEFAULT_REMOTE_TIMEOUT = 2.0

# The URL options (``?name=value``) halflow hands to redis-py's
# ``Redis.from_url``, by the kind of value they take; redis-py would pass
# any other name on to its connection class (a TypeError at the first
# connection), or would change what halflow relies on (decoded replies,
# retries, a blocking pool). The second table: TLS (``rediss://``) only.
_URL_OPTIONS = {
    "db": "count", "socket_timeout": "seconds", "socket_connect_timeout": "seconds",
    "socket_keepalive": "boolean", "socket_read_size": "count",
    "health_check_interval": "count", "max_connections": "count", "client_name": "text",
    "protocol": "protocol",
}
_TLS_URL_OPTIONS = {
    "ssl_ca_certs": "text", "ssl_ca_path": "text", "ssl_certfile": "text", "ssl_keyfile": "text",
    "ssl_password": "text", "ssl_ciphers": "text", "ssl_cert_reqs": "verify",
    "ssl_check_hostname": "boolean",
}
_BOOLEANS = ("0", "1", "true", "false", "yes", "no")
_KINDS = {
    "count": "a whole number", "seconds": "a number of seconds above 0",
    "boolean": "a boolean (true or false)", "text": "a value", "protocol": "2 or 3",
    "verify": "none, optional or required",
}


@dataclass(frozen=True)
class RemoteCache:
    """A shared cache behind the local one (:mod:`halflow.store.layered`):
    ``url`` is ``redis://[USER:PASSWORD@]HOST:PORT/DB`` (``rediss://``: TLS);
    ``read_only``: read it, never write to it; ``ttl``: seconds an entry
    written lives (None: until Redis evicts it); ``timeout``: seconds a
    connection or one reply may take before the remote is given up for the
    rest of the build. ``secret``: entries are signed with it (a keyed
    MAC, :mod:`halflow.store.remote`) and only entries it signed are read;
    never shown (not in ``repr``, not in :attr:`where`)."""

    url: str
    read_only: bool = False
    ttl: int | None = None
    timeout: float = DEFAULT_REMOTE_TIMEOUT
    secret: str | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        problem = remote_url_problem(self.url)
        if problem is not None:
            raise ValueError(problem)
        if self.ttl is not None and self.ttl <= 0:
            raise ValueError(f"the remote cache's TTL must be a positive number of seconds, "
                             f"not {self.ttl}")
        if not self.timeout > 0:
            raise ValueError(f"the remote cache's timeout must be positive, not {self.timeout}")
        if self.secret is not None and not self.secret:
            raise ValueError("the remote cache's secret must not be empty")

    @property
    def where(self) -> str:
        """The URL without user and password (what messages show)."""
        from urllib.parse import urlsplit

        parts = urlsplit(self.url)
        host = parts.hostname or "localhost"
        if ":" in host:
            host = f"[{host}]"
        port = f":{parts.port}" if parts.port is not None else ""
        return f"{parts.scheme}://{host}{port}{parts.path or '/0'}"


def remote_url_problem(url: str) -> str | None:
    """Why ``url`` cannot name a shared cache (None when it can); the
    message never repeats the URL, which may hold a password."""
    from urllib.parse import urlsplit

    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 (raises on a port that is not a number)
    except ValueError:
        return "the remote cache URL cannot be parsed"
    if parts.scheme not in REMOTE_SCHEMES:
        return "the remote cache URL must start with redis:// or rediss://"
    if not parts.hostname:
        return "the remote cache URL names no host"
    db = parts.path.lstrip("/")
    if db and not db.isdigit():
        return "the remote cache URL's path must be a database number (redis://HOST:PORT/0)"
    return _query_problem(parts.scheme, parts.query)


def _query_problem(scheme: str, query: str) -> str | None:
    """Why the URL's options (``?a=1&b=2``) cannot be used, or None. Values
    are never repeated (``ssl_password`` is one)."""
    from urllib.parse import parse_qsl

    try:
        options = parse_qsl(query, keep_blank_values=True, strict_parsing=bool(query))
    except ValueError:
        return "the remote cache URL's options cannot be parsed (?name=value&...)"
    for name, value in options:
        kind = _URL_OPTIONS.get(name)
        if kind is None and name in _TLS_URL_OPTIONS:
            if scheme != "rediss":
                return f"the remote cache URL's option {name!r} needs rediss:// (TLS)"
            kind = _TLS_URL_OPTIONS[name]
        if kind is None:
            known = ", ".join(sorted([*_URL_OPTIONS, *_TLS_URL_OPTIONS]))
            return (f"the remote cache URL's option {name!r} is not one halflow can use "
                    f"(it takes {known})")
        if not _valid(kind, value):
            return f"the remote cache URL's option {name!r} must be {_KINDS[kind]}"
    return None


def _valid(kind: str, value: str) -> bool:
    if kind == "count":
        return value.isdigit()
    if kind == "seconds":
        try:
            return float(value) > 0
        except ValueError:
            return False
    if kind == "boolean":
        return value.lower() in _BOOLEANS
    if kind == "protocol":
        return value in ("2", "3")
    if kind == "verify":
        return value in ("none", "optional", "required")
    return bool(value)


@dataclass(frozen=True)
class BuildOptions:
    """``split_input_file``: build each ``// -----`` case (as ``iree-opt
    --split-input-file``). ``cache_dir`` / ``no_cache``: which cache (see
    :func:`halflow.store.disk.default_cache_dir`), or none. ``explain`` receives
    one line per executed node; ``report`` / ``trace`` are files to write
    the JSON report and a Chrome trace to; ``progress`` shows progress on a
    terminal (None: when stderr is one). ``read_only``: use the cache
    without writing to it (the command line's ``--cache-read-only``).
    ``max_size``: the lasting size limit of a cache that keeps none of its
    own (the ``max-size`` setting, :mod:`halflow.core.config`; see
    :func:`halflow.store.size_limit.limit`). ``remote``: a shared cache behind
    the local one (``--remote-cache``). ``answer``: where the process can
    answer its caller before it ends (the build server's fork,
    :class:`halflow.core.deferred.EarlyAnswer`), a whole-module build
    answers once its output is written and records its nodes after."""

    split_input_file: bool = False
    cache_dir: PathLike | None = None
    no_cache: bool = False
    explain: Callable[[str], None] | None = None
    report: PathLike | None = None
    trace: PathLike | None = None
    progress: bool | None = None
    read_only: bool = False
    max_size: int | None = None
    remote: RemoteCache | None = None
    answer: EarlyAnswer | None = field(default=None, compare=False)

    @property
    def key(self) -> str:
        """The options that change outputs, as they enter keys (``--explain``
        reports a change)."""
        return uptodate.options_fingerprint(self.split_input_file)

    @property
    def records_nodes(self) -> bool:
        """Whether anything names nodes or keeps them: without a cache,
        report, trace or explain, a build need not run the engine."""
        return not (
            self.no_cache and self.explain is None and self.report is None and self.trace is None
        )


@dataclass(frozen=True)
class VmfbOptions:
    """How to build a ``.vmfb`` (:func:`halflow.codegen.pipeline.build`; the
    cache, report, trace and explain options are a :class:`BuildOptions`).

    ``iree_flags`` are ``iree-compile`` flags (device and target flags, ...).
    ``executor`` is ``"local"`` (a pool of ``jobs`` processes, default: one
    per CPU) or ``"dask"`` (misses run on the ``distributed`` cluster at
    ``scheduler``, an address or a Client, or None for Dask's configured
    scheduler, else a local cluster: see
    :class:`halflow.codegen.executors.DaskExecutor`; the final compile still
    runs locally). ``progress``: a bool, a sink or None (see
    :func:`halflow.core.progress.sink_for`). ``model_kind``: ``auto``,
    ``program`` or ``pre-materialize``. ``retries`` bounds re-runs of a task
    whose worker died or raised. ``strategy``: ``auto``, ``plain`` or
    ``incremental`` (None: the setting ``vmfb-strategy``, read at the build:
    :mod:`halflow.codegen.strategy`)."""

    iree_flags: tuple[str, ...] = ()
    executor: str = "local"
    scheduler: Any = None
    jobs: int | None = None
    progress: Any = None  # bool | halflow.core.progress.Sink | None
    model_kind: str = "auto"
    retries: int = 2
    strategy: str | None = None
