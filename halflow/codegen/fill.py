"""Filling the cache after a build that answered plainly.

A rebuild that finds most of its translations missing (a first build in
this cache, or an edit such as an added layer, which changes most
executables: IREE specializes each on its call sites) gains nothing from
the incremental path: translating nearly everything executable by
executable costs more than IREE's whole back end in one process
(``benchmarks/zoo.py --strategy incremental``: such edits 0.51-0.90x
plain). Such a build compiles plainly and answers at plain's speed
(:func:`halflow.codegen.strategy.fills_after`); but a cache left behind the
model would make every later edit look as large. So the build leaves a
*fill*: a detached process (``python -m halflow.codegen.filler``, started
by :func:`start`) that runs the incremental path on the same front-end
module in the background, at a low priority, and stores what it makes:
translations, group binaries, the manifest the next build overlays. Its
own ``.vmfb`` is thrown away (the user's came from IREE).

What keeps this safe:

- one lock file per model and flags (``fills/<digest>.lock``, a ``flock``):
  the build takes it before it starts the fill, which inherits it and
  holds it until it ends (the kernel frees it if the fill dies); the next
  build of the same model waits for it (:func:`wait`) before it reads its
  manifest, so it never sees a half-filled cache (nor would that matter:
  every entry is whole, and a missing one is translated);
- the fill's outcome is written beside the lock (:func:`outcome`); a
  failed fill is a warning of the next build, which then translates what
  the fill did not store;
- the request (``fills/<digest>.request``, JSON, and the module) lives in
  the cache's own directory, private to its owner, and the fill removes it
  as soon as it has read it.
"""

from __future__ import annotations

import contextlib
import dataclasses
import fcntl
import hashlib
import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from halflow.core import deferred
from halflow.core.options import RemoteCache

if TYPE_CHECKING:
    from halflow.store.protocol import ArtifactStore

FOLDER = "fills"
# The fill's nice value: below anything the user starts next (an export,
# the next build), which it would otherwise slow down.
NICE = 10


@dataclass(frozen=True)
class Request:
    """What a fill needs to run the incremental path again: the model (its
    name, for diagnostics), the user's IREE flags, where the manifest is
    kept, the cache and the shared cache behind it, how many workers, the
    front end's module (a file beside the request)."""

    model: str
    iree_flags: tuple[str, ...]
    manifest_key: str
    cache_dir: str
    remote: RemoteCache | None
    jobs: int
    retries: int
    module_file: str

    def to_json(self) -> str:
        return json.dumps(dataclasses.asdict(self))

    @staticmethod
    def from_json(text: str) -> Request:
        data = json.loads(text)
        remote = data.pop("remote")
        return Request(**{**data, "iree_flags": tuple(data["iree_flags"]),
                          "remote": RemoteCache(**remote) if remote is not None else None})


def _stem(cache_dir: str | os.PathLike[str], manifest_key: str) -> Path:
    """The files of one model's fill, without their suffix."""
    digest = hashlib.sha256(manifest_key.encode()).hexdigest()[:32]
    return Path(cache_dir) / FOLDER / digest


def start(request: Request, module: bytes) -> bool:
    """Start the fill of ``request`` (the module the front end wrote is
    ``module``), holding its lock; whether it started (not when another
    fill of the model still runs, nor when the files cannot be written:
    the next build then translates what it needs itself)."""
    stem = _stem(request.cache_dir, request.manifest_key)
    try:
        stem.parent.mkdir(mode=0o700, exist_ok=True)
        lock = os.open(stem.with_suffix(".lock"), os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
    except OSError:
        return False
    try:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            return False  # a fill of this model runs still
        module_file = stem.with_suffix(".module")
        request = dataclasses.replace(request, module_file=str(module_file))
        try:
            _write_private(module_file, module)
            _write_private(stem.with_suffix(".request"), request.to_json().encode())
            with contextlib.suppress(FileNotFoundError):
                stem.with_suffix(".outcome").unlink()
            _reap()
            _children.append(subprocess.Popen(
                [sys.executable, "-m", "halflow.codegen.filler", str(stem.with_suffix(".request"))],
                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                pass_fds=(lock,), start_new_session=True, close_fds=True, cwd="/",
                env=_environment()))
        except OSError:
            for suffix in (".module", ".request"):
                with contextlib.suppress(OSError):
                    stem.with_suffix(suffix).unlink()
            return False
        return True
    finally:
        os.close(lock)  # the fill holds the lock through its own descriptor


# The fills this process started (a long-lived caller of the library reaps
# those that ended when it starts another: no zombie, no ResourceWarning).
_children: list[subprocess.Popen[bytes]] = []


def _reap() -> None:
    _children[:] = [child for child in _children if child.poll() is None]


def _environment() -> dict[str, str]:
    """The fill's environment: this process's, with this halflow first on
    the module path (it may have been found through the working folder,
    which the fill leaves) and the system's temporary folder (this
    process's own may be removed when it ends:
    :func:`halflow.cli.process.own_temp_dir`)."""
    package_root = str(Path(__file__).resolve().parents[2])  # (halflow/codegen/fill.py)
    path = os.environ.get("PYTHONPATH")
    return {**os.environ, "TMPDIR": tempfile.gettempdir(),
            "PYTHONPATH": package_root if not path else package_root + os.pathsep + path}


def _write_private(path: Path, data: bytes) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_CLOEXEC, 0o600)
    with os.fdopen(fd, "wb") as f:
        f.write(data)


def take_request(path: str) -> tuple[Request, bytes]:
    """In the fill: its request and module, read and removed."""
    request = Request.from_json(Path(path).read_text())
    try:
        module = Path(request.module_file).read_bytes()
    finally:
        for name in (path, request.module_file):
            with contextlib.suppress(OSError):
                os.unlink(name)
    return request, module


def wait(cache_dir: str | os.PathLike[str] | None, manifest_key: str,
         waiting: Callable[[], object] = lambda: None) -> float:
    """Wait until no fill of this model runs (calling ``waiting`` first
    when one does); the seconds waited (0 at once when none does, or never
    did)."""
    _reap()
    if cache_dir is None:
        return 0.0
    return deferred.wait_for_lock(_stem(cache_dir, manifest_key).with_suffix(".lock"), waiting)


@dataclass(frozen=True)
class Outcome:
    """How the last fill of a model ended."""

    ok: bool
    seconds: float
    translated: int = 0
    error: str = ""


def record_outcome(request: Request, outcome: Outcome) -> None:
    """In the fill: its outcome, for the next build (:func:`outcome`)."""
    stem = _stem(request.cache_dir, request.manifest_key)
    with contextlib.suppress(OSError):
        _write_private(stem.with_suffix(".outcome"),
                       json.dumps(dataclasses.asdict(outcome)).encode())


def outcome(cache_dir: str | os.PathLike[str] | None, manifest_key: str) -> Outcome | None:
    """How the last fill of this model ended (None: no fill ran, or it was
    killed before it could say)."""
    return None if cache_dir is None else _read_outcome(_stem(cache_dir, manifest_key))


def _read_outcome(stem: Path) -> Outcome | None:
    try:
        data = json.loads(stem.with_suffix(".outcome").read_text())
        return Outcome(bool(data["ok"]), float(data["seconds"]), int(data.get("translated", 0)),
                       str(data.get("error", "")))
    except (OSError, ValueError, KeyError, TypeError):
        return None


def forget_outcome(cache_dir: str | os.PathLike[str] | None, manifest_key: str) -> None:
    """Remove the last fill's outcome (the build that read it reported it)."""
    if cache_dir is not None:
        with contextlib.suppress(OSError):
            _stem(cache_dir, manifest_key).with_suffix(".outcome").unlink()


def cache_directory(store: ArtifactStore) -> str | None:
    """The directory of the cache behind ``store`` when a fill can write
    it (None: no cache, or one opened read-only)."""
    backing = store.backing_cache()
    if backing is None or not getattr(backing, "writable", False):
        return None
    directory = backing.directory
    return None if directory is None else os.path.abspath(directory)  # (the fill runs in /)


def wait_all(cache_dir: str | os.PathLike[str], since: float = 0.0) -> list[Outcome]:
    """Wait until no fill of any model runs in ``cache_dir``; the outcomes
    of the fills that ended at or after ``since`` (a ``time.time()``: a
    benchmark's or a test's view of the fills its builds started)."""
    folder = Path(cache_dir) / FOLDER
    try:
        names = sorted(os.listdir(folder))
    except OSError:
        return []
    ended = []
    for name in names:
        if not name.endswith(".lock"):
            continue
        stem = folder / name[: -len(".lock")]
        deferred.wait_for_lock(stem.with_suffix(".lock"))
        try:
            if stem.with_suffix(".outcome").stat().st_mtime < since:
                continue
        except OSError:
            continue  # none recorded: killed before it could say
        last = _read_outcome(stem)
        if last is not None:
            ended.append(last)
    return ended
