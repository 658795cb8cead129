"""Settings a user sets once: the configuration files and their precedence.

Every setting is one row of :data:`SETTINGS` (its key in the files, how its
value is read, its default, its environment variable). A value comes from
the first of these that sets it:

1. the command line (``--cache-dir``, ``-j``, ``-- IREE_FLAGS`` ...);
2. the setting's environment variable (``HALFLOW_CACHE_DIR``, ...);
3. the project file: the nearest ``halflow.toml``, or ``pyproject.toml``
   with a ``[tool.halflow]`` table, in the input's directory or one above
   it (the current directory for commands without an input file); in one
   directory ``halflow.toml`` wins;
4. the user file: ``$HALFLOW_CONFIG`` when set, else
   ``$XDG_CONFIG_HOME/halflow/config.toml`` (``~/.config/halflow/config.toml``);
5. the default.

Files are read only when they exist (and a ``pyproject.toml`` parsed only
when it mentions halflow), so that the up-to-date check of the fast entry
point (:mod:`halflow.cli.entry`) stays a few system calls. A path in a file is
relative to that file's directory. A bad file (TOML syntax, an unknown key,
a value of the wrong type) raises :class:`halflow.HalflowError`, whose diagnostics
point at the file, line and column.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import Path

from halflow.core import cachedir

# Read on every command, also by the up-to-date check before anything else
# loads: no dataclasses, typing or diagnostics at import (they cost that
# check more than the rest of it).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Mapping
    from typing import Any, NoReturn

    Reader = Callable[[Any, Path | None], Any]

    from halflow.core.options import RemoteCache

PROJECT_FILE = "halflow.toml"
PYPROJECT = "pyproject.toml"
USER_ENV_VAR = "HALFLOW_CONFIG"


def _fail(path: str | Path, line: int, col: int, message: str) -> NoReturn:
    """Raise the diagnostic ``path:line:col: error: message``."""
    from halflow.core.diagnostics import Diagnostic, HalflowError

    raise HalflowError(Diagnostic(str(path), line, col, message))


# -- values -------------------------------------------------------------------------------------


def parse_size(text: str) -> int:
    """Bytes in ``text`` (``500M``, ``2G``, ``1.5GiB``, ``4096``); ValueError
    unless it is a size of at least 0."""
    units = {"k": 2**10, "m": 2**20, "g": 2**30, "t": 2**40}
    t = text.strip().lower().rstrip("b").rstrip("i")
    size = float(t[:-1]) * units[t[-1]] if t and t[-1] in units else int(t)
    if not size >= 0 or size == float("inf"):  # also NaN
        raise ValueError(text)
    return int(size)


def parse_age(text: str) -> float:
    """Seconds in ``text`` (``30d``, ``12h``, ``90m``, ``3600s``, ``2w``; a
    bare number is seconds); ValueError unless it is an age of at least 0."""
    units = {"s": 1, "m": 60, "h": 3600, "d": 86400, "w": 7 * 86400}
    t = text.strip().lower()
    age = float(t[:-1]) * units[t[-1]] if t and t[-1] in units else float(t)
    if not age >= 0 or age == float("inf"):  # also NaN
        raise ValueError(text)
    return age


def _path(value: Any, base: Path | None) -> str:
    if not isinstance(value, str) or not value:
        raise ValueError("expected a path (a string)")
    path = Path(value).expanduser()
    return str(base / path if base is not None and not path.is_absolute() else path)


def _size(value: Any, base: Path | None) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        size = value
    elif isinstance(value, str):
        try:
            size = parse_size(value)
        except (ValueError, IndexError):
            raise ValueError(f"expected a size such as \"500M\" or \"5G\", got {value!r}") from None
    else:
        raise ValueError("expected a size such as \"500M\" or \"5G\"")
    if size <= 0:
        raise ValueError(f"expected a size above 0, got {value!r}")
    return size


_TRUE = ("1", "true", "yes", "on")
_FALSE = ("", "0", "false", "no", "off")


def _bool(value: Any, base: Path | None) -> bool:
    """A file's ``true``/``false``; the environment's ``1``/``true``/``yes``/
    ``on`` or ``0``/``false``/``no``/``off``/empty (any case). Anything
    else is an error, not a guess: ``maybe`` turned read-only on once."""
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and base is None:
        word = value.strip().lower()
        if word in _TRUE or word in _FALSE:
            return word in _TRUE
        raise ValueError(f"expected 1/0, true/false, yes/no or on/off, got {value!r}")
    raise ValueError(f"expected true or false, got {value!r}")


def _from_environment(value: Any, base: Path | None) -> bool:
    """Whether ``value`` is the environment's text (files give typed
    values: a number in quotes there is a string, and an error)."""
    return isinstance(value, str) and base is None


def _text(value: Any, base: Path | None) -> str:
    if not isinstance(value, str) or not value:
        raise ValueError("expected a string")
    return value


def _count(value: Any, base: Path | None) -> int:
    if _from_environment(value, base):
        try:
            value = int(value)
        except ValueError:
            raise ValueError(f"expected an integer of at least 1, got {value!r}") from None
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise ValueError(f"expected an integer of at least 1, got {value!r}")
    return value


def _flags(value: Any, base: Path | None) -> tuple[str, ...]:
    if isinstance(value, str) and base is None:  # the environment's: split as a shell would
        import shlex

        return tuple(shlex.split(value))
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ValueError("expected a list of strings (iree-compile flags)")
    return tuple(value)


def _seconds(value: Any, base: Path | None) -> float:
    if _from_environment(value, base):
        try:
            value = float(value)
        except ValueError:
            raise ValueError(f"expected a number of seconds above 0, got {value!r}") from None
    if not isinstance(value, (int, float)) or isinstance(value, bool) or not value > 0:
        raise ValueError(f"expected a number of seconds above 0, got {value!r}")
    return float(value)


def _remote_url(value: Any, base: Path | None) -> str:
    from halflow.core.options import remote_url_problem

    if not isinstance(value, str) or not value.strip():
        raise ValueError("expected a URL such as \"redis://HOST:6379/0\"")
    problem = remote_url_problem(value.strip())
    if problem is not None:
        raise ValueError(problem)  # which never repeats the URL (it may hold a password)
    return value.strip()


def _choice(*choices: str) -> Reader:
    def read(value: Any, base: Path | None) -> str:
        if value not in choices:
            raise ValueError(f"expected one of {', '.join(map(repr, choices))}, got {value!r}")
        return str(value)

    return read


# -- the settings -------------------------------------------------------------------------------


class Setting:
    """One setting: ``name`` is its key in the files (as its command-line
    flag is spelt); ``read`` turns a file's or the environment's value into
    the setting's (raising ValueError with what was expected). A setting
    not ``in_files`` is only its environment variable, read where it is
    used, when it is used (:func:`from_environment`): the files, ``halflow
    config`` and :func:`load` leave it out."""

    __slots__ = ("default", "env", "help", "in_files", "name", "read")

    def __init__(self, name: str, read: Reader, default: Any, env: str | None, help: str,
                 in_files: bool = True):
        self.name, self.read, self.default, self.env, self.help = name, read, default, env, help
        self.in_files = in_files


# Adding a setting is one row here (and its use where it applies).
SETTINGS: tuple[Setting, ...] = (
    Setting("cache-dir", _path, None, cachedir.ENV_VAR,
            "the cache directory (default: $XDG_CACHE_HOME/halflow)"),
    Setting("max-size", _size, None, None,
            "the lasting size limit of a cache that keeps none of its own (`cache max-size`)"),
    Setting("cache-read-only", _bool, False, cachedir.READ_ONLY_ENV_VAR,
            "use the cache without writing to it"),
    Setting("executor", _choice("local", "dask"), "local", "HALFLOW_EXECUTOR",
            "--to vmfb: where cache misses compile"),
    Setting("scheduler", _text, None, "HALFLOW_SCHEDULER",
            "--executor dask: the scheduler's address"),
    Setting("scheduler-timeout", _seconds, 5.0, "HALFLOW_SCHEDULER_TIMEOUT",
            "--executor dask: seconds to try reaching the scheduler before the build fails"),
    Setting("jobs", _count, None, "HALFLOW_JOBS",
            "--to vmfb: local worker processes (default: one per CPU)"),
    Setting("iree-flags", _flags, (), "HALFLOW_IREE_FLAGS",
            "--to vmfb: the iree-compile flags when none follow '--'"),
    Setting("remote-cache", _remote_url, None, "HALFLOW_REMOTE_CACHE",
            "a shared cache behind the local one: redis://HOST:PORT/DB (rediss:// for TLS)"),
    Setting("remote-read-only", _bool, False, "HALFLOW_REMOTE_READ_ONLY",
            "read the shared cache, never write to it"),
    Setting("remote-ttl", _count, None, "HALFLOW_REMOTE_TTL",
            "seconds an entry written to the shared cache lives (default: until Redis evicts it)"),
    Setting("remote-timeout", _seconds, 2.0, "HALFLOW_REMOTE_TIMEOUT",
            "seconds a connection or reply of the shared cache may take before a build gives "
            "it up"),
    Setting("remote-secret", _text, None, "HALFLOW_REMOTE_SECRET",
            "sign shared cache entries with this secret and use only entries it signed "
            "(never shown)"),
    Setting("server", _bool, True, "HALFLOW_SERVER",
            "`halflow build` to MLIR runs in a fork of a warm build server (Linux; started on "
            "first use)"),
    Setting("server-vmfb", _bool, False, "HALFLOW_SERVER_VMFB",
            "`halflow build --to vmfb` in the build server too (experimental)"),
    Setting("server-idle-timeout", _seconds, 600.0, "HALFLOW_SERVER_IDLE_TIMEOUT",
            "seconds a build server with nothing to do waits before it exits"),
    Setting("strict", _bool, False, "HALFLOW_STRICT",
            "`halflow iree-compile`: an internal failure is an error instead of a fallback to "
            "the real iree-compile (the test suite and benchmarks run strict)"),
    # Read from the environment only, at the moment they are used:
    Setting("vmfb-strategy", _text, "auto", "HALFLOW_VMFB_STRATEGY",
            "--to vmfb: auto, plain or incremental (halflow.codegen.strategy)", in_files=False),
    Setting("canonical-groups", _text, None, "HALFLOW_CANONICAL_GROUPS",
            "--to vmfb: any value: group executables as a cold build does, never around the "
            "previous build's groups (every build gives a cold build's bytes)", in_files=False),
    Setting("remote-user", _text, None, "HALFLOW_REMOTE_USER",
            "the shared cache's user, when its URL names none (with remote-password)",
            in_files=False),
    Setting("remote-password", _text, None, "HALFLOW_REMOTE_PASSWORD",
            "the shared cache's password, when its URL holds none (never shown)", in_files=False),
    Setting("runtime-dir", _text, None, "HALFLOW_RUNTIME_DIR",
            "the private directory of this user's build servers (default: "
            "$XDG_RUNTIME_DIR/halflow, else /tmp/halflow-UID)", in_files=False),
    Setting("dropin-report", _text, None, "HALFLOW_DROPIN_REPORT",
            "`halflow iree-compile`: write each served build's JSON report (as --report's) to "
            "this file", in_files=False),
)
HIDDEN = "(set, hidden)"  # how `halflow config` shows a secret that is set
# The settings of the files, of ``halflow config`` and of :func:`load`.
FILE_SETTINGS = tuple(s for s in SETTINGS if s.in_files)
BY_NAME = {s.name: s for s in FILE_SETTINGS}
_ALL_BY_NAME = {s.name: s for s in SETTINGS}


def variable(name: str) -> str:
    """The environment variable of setting ``name``."""
    env = _ALL_BY_NAME[name].env
    assert env is not None
    return env


def from_environment(name: str) -> Any:
    """Setting ``name`` as its environment variable sets it now (its
    default when the variable is unset or empty): for the settings read
    where they are used (not ``in_files``)."""
    setting = _ALL_BY_NAME[name]
    raw = os.environ.get(setting.env) if setting.env else None
    if not raw:
        return setting.default
    return setting.read(raw, None)


class Value:
    """A setting's effective value and where it came from: ``default``,
    ``flag``, ``env NAME``, or the file (``/p/pyproject.toml
    [tool.halflow]`` for a pyproject table)."""

    __slots__ = ("source", "value")

    def __init__(self, value: Any, source: str):
        self.value, self.source = value, source

    def __repr__(self) -> str:
        return f"Value({self.value!r}, {self.source!r})"


class Config:
    """The effective settings (:func:`load`): ``config["jobs"]`` is a
    value, ``config.source("jobs")`` where it came from. ``project`` and
    ``user``: the files read (None when there is none)."""

    __slots__ = ("project", "user", "values")

    def __init__(self, values: Mapping[str, Value], project: Path | None = None,
                 user: Path | None = None):
        self.values = dict(values)
        self.project, self.user = project, user

    def __getitem__(self, name: str) -> Any:
        return self.values[name].value

    def source(self, name: str) -> str:
        return self.values[name].source

    def cache_dir(self) -> str:
        """The cache directory in effect (the default one when unset)."""
        value = self["cache-dir"]
        return value if value is not None else cachedir.user_cache_dir()

    def remote(self) -> RemoteCache | None:
        """The shared cache the ``remote-*`` settings ask for (None without
        ``remote-cache``); ValueError when the command line's URL is not
        usable (the files' and the environment's are checked as read)."""
        url = self["remote-cache"]
        if url is None:
            return None
        from halflow.core.options import RemoteCache

        return RemoteCache(url, self["remote-read-only"], self["remote-ttl"],
                           self["remote-timeout"], self["remote-secret"])

    def shown(self, name: str) -> Any:
        """``name``'s value as messages and ``halflow config`` show it: the
        shared cache's URL without user and password, a secret never."""
        value = self[name]
        if name == "remote-secret" and value is not None:
            return HIDDEN
        if name == "remote-cache" and value is not None:
            from halflow.core.options import RemoteCache

            try:
                return RemoteCache(value).where
            except ValueError:
                return "(not a usable URL)"
        return value

    def with_flags(self, flags: Mapping[str, Any]) -> Config:
        """These settings with the command line's ``flags`` (by setting
        name; None: not given) on top."""
        values = dict(self.values)
        for name, value in flags.items():
            if name not in BY_NAME:
                raise KeyError(name)
            if value is not None:
                values[name] = Value(value, "flag")
        return Config(values, self.project, self.user)


def defaults() -> Config:
    """Every setting at its default (what the library uses unless asked)."""
    return Config({s.name: Value(s.default, "default") for s in FILE_SETTINGS})


# -- the files ----------------------------------------------------------------------------------


def start_dir(input: str | os.PathLike[str] | None) -> Path:
    """Where the project file is looked for: the input file's directory (a
    directory input itself); the current directory without one (no
    INPUT, ``-``)."""
    if input is None or str(input) == "-":
        return Path.cwd()
    path = Path(os.path.abspath(input))
    return path if _is(path.is_dir) else path.parent


def _is(test: Callable[[], bool]) -> bool:
    """``test()`` (``Path.is_dir``, ``is_file``), False where the path cannot
    even be looked at (a name longer than the system allows): reading the
    input then reports it, as iree-opt does."""
    try:
        return test()
    except OSError:
        return False


def user_file() -> Path | None:
    """The user file to read: ``$HALFLOW_CONFIG`` (which must exist), else
    ``$XDG_CONFIG_HOME/halflow/config.toml`` when it exists."""
    named = os.environ.get(USER_ENV_VAR)
    if named:
        path = Path(named).expanduser()
        if not path.exists():
            _fail(path, 0, 0, f"no such configuration file (named by ${USER_ENV_VAR})")
        return path
    base = os.environ.get("XDG_CONFIG_HOME") or os.path.join(os.path.expanduser("~"), ".config")
    path = Path(base) / "halflow" / "config.toml"
    return path if path.is_file() else None


class _File:
    """A file's settings table (``table``: () for the whole file)."""

    __slots__ = ("data", "path", "table", "text")

    def __init__(self, path: Path, text: str, table: tuple[str, ...], data: Mapping[str, Any]):
        self.path, self.text, self.table, self.data = path, text, table, data

    @property
    def label(self) -> str:
        return f"{self.path} [{'.'.join(self.table)}]" if self.table else str(self.path)


def _parse(path: Path, table: tuple[str, ...], text: str | None = None) -> _File | None:
    """``path``'s settings table (None: the file has no such table)."""
    import tomllib

    if text is None:
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as e:
            _fail(path, 0, 0,
                  f"cannot read the configuration file: {getattr(e, 'strerror', None) or e}")
    try:
        data: Any = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        message = str(e)
        m = re.search(r"\s*\(at line (\d+), column (\d+)\)$", message)
        line, col = (int(m[1]), int(m[2])) if m else (0, 0)
        if m is None and message.endswith("(at end of document)"):
            line, col = text.count("\n") + 1, len(text.rsplit("\n", 1)[-1]) + 1
            message = message.removesuffix(" (at end of document)")
        elif m is not None:
            message = message[:m.start()]
        _fail(path, line, col, f"invalid TOML: {message}")
    for part in table:
        if not isinstance(data, dict) or part not in data:
            return None
        data = data[part]
    if not isinstance(data, dict):
        line, col = _position(text, table[:-1], table[-1])
        _fail(path, line, col, f"[{'.'.join(table)}] must be a table of settings")
    return _File(path, text, table, data)


def project_file(start: Path) -> _File | None:
    """The nearest project file at or above ``start``."""
    for directory in (start, *start.parents):
        candidate = directory / PROJECT_FILE
        if _is(candidate.is_file):
            return _parse(candidate, ())
        candidate = directory / PYPROJECT
        if _is(candidate.is_file):
            try:
                raw = candidate.read_bytes()
            except OSError:
                continue
            if re.search(_MENTIONS, raw, re.MULTILINE) is None:
                continue  # no [tool.halflow]: not parsed (the common case costs no tomllib)
            found = _parse(candidate, ("tool", "halflow"), raw.decode("utf-8", "replace"))
            if found is not None:
                return found
    return None


# Every way a pyproject.toml can hold a tool.halflow table ([tool.halflow],
# dotted keys at the top, halflow... under [tool]), quotes allowed.
_MENTIONS = rb"""["']?tool["']?\s*\.\s*["']?halflow\b|^\s*["']?halflow["']?\s*[.=]"""
# (re caches compiled patterns: none is compiled unless a file is read.)
_KEY = r"""\s*([A-Za-z0-9_\-."' ]+?)\s*="""
_HEADER = r"""\s*\[\s*([^\[\]]+?)\s*\]"""


def _dotted(text: str) -> tuple[str, ...]:
    return tuple(p.strip().strip("\"'") for p in text.split("."))


def _position(text: str, table: tuple[str, ...], key: str) -> tuple[int, int]:
    """1-based line and column of ``key`` of ``table`` in the TOML
    ``text`` (tomllib gives no positions of keys): where the key is set,
    else its table's header; (0, 0) when neither is found."""
    wanted = (*table, key)
    current: tuple[str, ...] = ()
    header_at = (0, 0)
    for number, line in enumerate(text.splitlines(), 1):
        header = re.match(_HEADER, line)
        if header and not line.lstrip().startswith("[["):
            current = _dotted(header[1])
            if current[: len(wanted)] == wanted:
                return number, line.index("[") + 1
            if current == table:
                header_at = (number, line.index("[") + 1)
            continue
        m = re.match(_KEY, line)
        if m and (*current, *_dotted(m[1]))[: len(wanted)] == wanted:
            return number, m.start(1) + 1
    return header_at


def _settings_of(found: _File) -> dict[str, Value]:
    base = found.path.parent
    values: dict[str, Value] = {}
    for key, raw in found.data.items():
        setting = BY_NAME.get(key)
        if setting is None:
            import difflib

            line, col = _position(found.text, found.table, key)
            close = difflib.get_close_matches(key, list(BY_NAME), n=1, cutoff=0.6)
            hint = f" (did you mean '{close[0]}'?)" if close else ""
            where = f" in [{'.'.join(found.table)}]" if found.table else ""
            _fail(found.path, line, col,
                  f"unknown setting '{key}'{where}{hint}; known: {', '.join(BY_NAME)}")
        try:
            values[key] = Value(setting.read(raw, base), found.label)
        except ValueError as e:
            line, col = _position(found.text, found.table, key)
            _fail(found.path, line, col, f"{key}: {e}")
    return values


def load(
    input: str | os.PathLike[str] | None = None,
    flags: Mapping[str, Any] | None = None,
    *,
    start: Path | None = None,
) -> Config:
    """The effective settings for a command on ``input`` (see the module
    docstring): the project file is looked for from ``start``, else from
    :func:`start_dir` of ``input``; ``flags``: the command line's values by
    setting name (None: not given). Raises :class:`halflow.HalflowError`."""
    user = user_file()
    user_found = _parse(user, ()) if user is not None else None
    project = project_file(start if start is not None else start_dir(input))
    values = {s.name: Value(s.default, "default") for s in FILE_SETTINGS}
    for found in (user_found, project):
        if found is not None:
            values.update(_settings_of(found))
    for s in FILE_SETTINGS:
        raw = os.environ.get(s.env) if s.env else None
        if raw is None or (raw == "" and s.read is not _bool):
            continue
        try:
            values[s.name] = Value(s.read(raw, None), f"env {s.env}")
        except ValueError as e:
            _fail("halflow", 0, 0, f"${s.env}: {e}")
    config = Config(values, project.path if project else None, user)
    return config.with_flags(flags or {})
