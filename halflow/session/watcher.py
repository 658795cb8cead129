"""``halflow watch``: keep outputs current while their inputs are edited.

A :class:`Watcher` watches the *directory* of its input (editors replace
files: they write a temporary and rename it over the input, or delete and
recreate it), keeps the events that concern the input, and after a burst of
changes hands the latest content, once, to a *builder* that stays warm
between builds. :class:`HalBuilder` is the builder of ``halflow watch``: one
:class:`halflow.engine.Workspace` kept in memory, so a save in a large module
rebuilds only what the edit touched. The builder is pluggable (a callable
``builder(input, output, content)``), for tools that build something else
from the same inputs.

When a change is built (the contract the tests check):

- **debounce**: after ``debounce`` seconds without an event for the input.
  A burst of saves is one build, of the content the file holds at the end.
  On inotify, a write whose file is still open for writing (no close-write
  event yet) waits for the close, at most ``close_wait`` seconds: an editor
  that truncates, pauses and then writes is built once, when it is done.
- **stable snapshot**: the file is read between two ``stat`` calls; if its
  identity, size or mtime moved, or the read came out short, the read is
  retried after another debounce. The builder gets exactly the bytes that
  were checked (``halflow.build(content=...)``), never a re-read.
- **missing or empty input**: not built (an editor between delete and
  recreate, or between truncate and write); said once, and the watcher keeps
  waiting for the file to come back.
- **same content as the last good build** (and the output still there):
  nothing to do.
- **a failed build** (diagnostics, ``file:line:col: error: ...``) leaves the
  output untouched; the next change builds again. Outputs are replaced
  atomically, so a reader never sees a half-written one.
- a **poll** every ``poll_interval`` seconds (one ``stat`` per input) catches
  changes whose events were lost (inotify queue overflow, filesystems
  without inotify).

A directory input is watched as a set: every ``*.mlir`` in it (not hidden,
not in subdirectories) builds to ``OUTDIR/<same name>``; files that appear
later are picked up; the output of a removed input is left alone (the input
may be coming back, and a build tool does not delete what it cannot rebuild).
"""

from __future__ import annotations

import contextlib
import os
import threading
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from halflow.core.diagnostics import Diagnostic, HalflowError, Severity
from halflow.core.options import PathLike
from halflow.core.output import OUTPUT_IS_INPUT, is_same_file
from halflow.core.uptodate import input_fingerprint
from halflow.session.snapshots import read_stable, stat_key

DEFAULT_DEBOUNCE = 0.05
DEFAULT_CLOSE_WAIT = 2.0
DEFAULT_POLL_INTERVAL = 2.0
DEFAULT_IDLE_AFTER = 30.0
INPUT_SUFFIX = ".mlir"


class UsageError(ValueError):
    """Arguments a watch cannot work with (the CLI exits with status 2)."""


class Builder(Protocol):
    """What a :class:`Watcher` runs for each change.

    ``builder(input, output, content)`` builds ``content`` (the bytes of
    ``input``, read and checked by the watcher) and writes ``output``
    atomically; it raises :class:`HalflowError` for a diagnosed failure,
    leaving ``output`` untouched, and returns anything (given to the
    callback). Optional methods, used when present: ``summary(input,
    result) -> str`` (the tail of the per-build line), ``idle()`` (called
    once the watcher has been quiet for a while after builds) and
    ``close()`` (at the end of :meth:`Watcher.run`). An ``output_suffix``
    attribute (``".vmfb"``) names the outputs of a watched directory:
    ``OUTPUT/<stem><suffix>`` instead of ``OUTPUT/<name>``.
    """

    def __call__(self, input: Path, output: Path, content: bytes) -> Any: ...


@dataclass(frozen=True)
class WatchEvent:
    """One build of one input, as the ``on_build`` callback receives it."""

    input: Path  # as given (a path in the watched directory in directory mode)
    output: Path
    number: int  # 1 for the first build of this input in this session
    result: Any  # what the builder returned (a BuildResult for HalBuilder); None on error
    error: BaseException | None  # HalflowError (diagnosed) or an internal error
    seconds: float  # the build itself
    latency: float | None  # last change event -> build done (None for the first build)
    content_hash: str
    summary: str = ""

    @property
    def ok(self) -> bool:
        return self.error is None




@dataclass(eq=False)
class _Target:
    input: Path  # as given: what the builder and the messages see
    output: Path
    dirty: bool = False
    last_event: float = 0.0  # monotonic time of the last event for it
    writing: bool = False  # modified, and no close-write seen since
    seen: tuple[int, int, int, int] | None = None  # stat of the last read (for the poll)
    good: bytes | None = None  # content of the last successful build
    status: str = ""  # "ok", "error", "missing", "empty", "unreadable"
    builds: int = 0


class Watcher:
    """Watch ``input`` (a file, or a directory of ``*.mlir``) and rebuild
    ``output`` (a file, or a directory) with ``builder`` as it changes.

    Run it blocking with :meth:`run` (until :meth:`stop`), or in a
    background thread with :meth:`start` / :meth:`stop` / :meth:`join`, or
    as a context manager (``with Watcher(...) as w:`` starts it; leaving the
    block stops and joins it). ``on_build(event)`` is called from the
    watcher's thread after every build (:class:`WatchEvent`); ``log(line)``
    receives the human-readable lines (per-build summaries, diagnostics,
    "missing" notices). A Watcher runs once; :meth:`stop` lets a build in
    progress finish.
    """

    def __init__(
        self,
        input: PathLike,
        output: PathLike,
        builder: Builder,
        *,
        debounce: float = DEFAULT_DEBOUNCE,
        close_wait: float = DEFAULT_CLOSE_WAIT,
        poll_interval: float = DEFAULT_POLL_INTERVAL,
        idle_after: float = DEFAULT_IDLE_AFTER,
        on_build: Callable[[WatchEvent], None] | None = None,
        log: Callable[[str], None] | None = None,
    ):
        if debounce < 0 or close_wait < 0 or poll_interval <= 0:
            raise UsageError("debounce and close_wait must be >= 0, poll_interval > 0")
        self.input = Path(input)
        self.output = Path(output)
        self.builder = builder
        self.debounce = debounce
        self.close_wait = max(close_wait, debounce)
        self.poll_interval = poll_interval
        self.idle_after = idle_after
        self.on_build = on_build
        self.log = log or (lambda line: None)
        try:
            self.directory_mode = self.input.is_dir()
        except OSError as e:  # a name longer than the system allows: never there
            raise HalflowError(Diagnostic(
                str(input), 0, 0, f"cannot open input file '{input}': {e.strerror or e}"
            )) from None
        self._cond = threading.Condition()
        self._stopping = False
        self._ran = False
        self._ready = threading.Event()
        self._thread: threading.Thread | None = None
        self._error: BaseException | None = None
        self._observer: Any = None
        self._close_events = False  # does the observer report close-after-write?
        self._targets: dict[str, _Target] = {}  # normalized absolute path -> target
        if self.directory_mode:
            out_abs = os.path.realpath(self.output)
            if os.path.isfile(out_abs):
                raise UsageError(
                    f"'{self.output}' is a file; a directory input needs an output directory"
                )
            if out_abs == os.path.realpath(self.input):
                raise UsageError("the output directory must not be the watched directory")
            self._dir_key = norm_path(self.input)
            self._dirs = [self._dir_key]
            for path in sorted(self.input.iterdir()):
                if self._is_candidate(norm_path(path)) and path.is_file():
                    self._add_target(path.name)
        else:
            if not self.input.parent.is_dir():
                raise UsageError(
                    f"directory '{self.input.parent}' of '{self.input}' does not exist"
                )
            if self.output.is_dir():
                raise UsageError(
                    f"'{self.output}' is a directory; a file input needs an output file"
                )
            if is_same_file(self.output, self.input):
                raise UsageError(OUTPUT_IS_INPUT)
            target = _Target(self.input, self.output)
            keys = [norm_path(self.input)]
            if os.path.islink(self.input):
                # Edits to a symlink's target show up in the target's directory.
                keys.append(os.path.realpath(self.input))
            for key in keys:
                self._targets[key] = target
            self._dirs = _distinct_dirs(os.path.dirname(k) for k in keys)

    # -- running -------------------------------------------------------------------
    def run(self) -> None:
        """Build every input once, then rebuild on changes until :meth:`stop`."""
        with self._cond:
            if self._ran:
                raise RuntimeError("a Watcher runs once")
            self._ran = True
        self._observer = None
        try:
            if self.directory_mode:
                try:
                    self.output.mkdir(parents=True, exist_ok=True)
                except OSError as e:
                    raise UsageError(f"cannot create '{self.output}': {e.strerror or e}") from None
            self._start_observer()
            for target in self._unique_targets():
                if self._stopping:
                    break
                self._process(target, first=True)
            if not self._stopping:
                self.log(f"halflow: watching {self.input} (Ctrl-C to stop)")
            self._ready.set()
            self._loop()
        finally:
            self._ready.set()
            if self._observer is not None:
                with contextlib.suppress(Exception):
                    self._observer.stop()
                self._observer.join(timeout=5)
            close = getattr(self.builder, "close", None)
            if close is not None:
                close()

    def start(self) -> Watcher:
        """Run in a background thread; returns self."""
        self._thread = threading.Thread(
            target=self._run_captured, name="halflow-watch", daemon=True
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        """Ask the watcher to end (after the build in progress, if any)."""
        with self._cond:
            self._stopping = True
            self._cond.notify_all()

    def join(self, timeout: float | None = None) -> None:
        """Wait for the background thread; re-raises what ended it abnormally."""
        if self._thread is not None:
            self._thread.join(timeout)
        if self._error is not None:
            error, self._error = self._error, None
            raise error

    def wait_ready(self, timeout: float | None = None) -> bool:
        """Wait until the first builds are done and changes are being watched."""
        return self._ready.wait(timeout)

    @property
    def stopping(self) -> bool:
        return self._stopping

    def __enter__(self) -> Watcher:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
        self.join()

    def _run_captured(self) -> None:
        try:
            self.run()
        except BaseException as e:  # re-raised by join()
            self._error = e

    # -- events ----------------------------------------------------------------------
    def _start_observer(self) -> None:
        from watchdog.events import (
            FileClosedEvent,
            FileCreatedEvent,
            FileDeletedEvent,
            FileModifiedEvent,
            FileMovedEvent,
        )
        from watchdog.observers import Observer

        observer = self._observer = Observer(timeout=0.2)
        # Only inotify reports close-after-write; elsewhere a write is
        # considered done after the debounce.
        self._close_events = type(observer).__name__ == "InotifyObserver"
        handler = _Handler(self)
        kinds = [FileCreatedEvent, FileModifiedEvent, FileDeletedEvent, FileMovedEvent]
        if self._close_events:
            kinds.append(FileClosedEvent)
        try:
            for directory in self._dirs:
                observer.schedule(
                    handler,  # type: ignore[arg-type]  # duck-typed: only dispatch() is called
                    directory, recursive=False, event_filter=kinds,
                )
            observer.start()
        except OSError as e:
            # No file events (inotify limits, odd filesystems): poll instead.
            self.log(f"halflow: warning: cannot watch for file events ({e}); polling")
            self.poll_interval = min(self.poll_interval, 0.5)
            self._close_events = False
            with contextlib.suppress(Exception):
                observer.stop()
            self._observer = None

    def _on_event(self, kind: str, paths: list[str]) -> None:
        """Called by the observer's thread for every file event."""
        now = time.monotonic()
        hit = False
        with self._cond:
            for path in paths:
                target = self._target_for(path, create=kind != "deleted")
                if target is None:
                    continue
                target.dirty = True
                target.last_event = now
                # Writing in place: wait for the close (inotify); a rename, a
                # delete or a close ends the write.
                target.writing = kind == "modified" and self._close_events
                hit = True
            if hit:
                self._cond.notify_all()

    def _target_for(self, path: str, *, create: bool) -> _Target | None:
        key = os.path.normpath(path)
        target = self._targets.get(key)
        if target is None and create and self.directory_mode and self._is_candidate(key):
            target = self._add_target(os.path.basename(key))
        return target

    def _is_candidate(self, key: str) -> bool:
        name = os.path.basename(key)
        return (
            os.path.dirname(key) == self._dir_key
            and name.endswith(INPUT_SUFFIX)
            and not name.startswith(".")
        )

    def _add_target(self, name: str) -> _Target:
        suffix = getattr(self.builder, "output_suffix", None)
        out_name = Path(name).stem + suffix if suffix else name
        target = _Target(self.input / name, self.output / out_name)
        self._targets[norm_path(target.input)] = target
        return target

    def _unique_targets(self) -> list[_Target]:
        with self._cond:
            return list(dict.fromkeys(self._targets.values()))

    # -- the loop ---------------------------------------------------------------
    def _loop(self) -> None:
        last_poll = time.monotonic()
        quiet_since: float | None = None  # set after a build, until idle() ran
        while True:
            action: str
            target: _Target | None = None
            with self._cond:
                while True:
                    if self._stopping:
                        return
                    now = time.monotonic()
                    target, wait = self._due(now)
                    if target is not None:
                        target.dirty = False
                        action = "build"
                        break
                    deadlines = [last_poll + self.poll_interval]
                    if quiet_since is not None:
                        deadlines.append(quiet_since + self.idle_after)
                    if wait is not None:
                        deadlines.append(now + wait)
                    if now >= deadlines[0]:
                        action = "poll"
                        break
                    if quiet_since is not None and now >= deadlines[1]:
                        action = "idle"
                        break
                    self._cond.wait(max(min(deadlines) - now, 0.001))
            if action == "build" and target is not None:
                if self._process(target, first=False):
                    quiet_since = time.monotonic()
            elif action == "poll":
                self._poll()
                last_poll = time.monotonic()
            else:
                quiet_since = None
                idle = getattr(self.builder, "idle", None)
                if idle is not None:
                    idle()

    def _due(self, now: float) -> tuple[_Target | None, float | None]:
        """The dirty target whose quiet period is over, or how long to wait."""
        best: _Target | None = None
        best_at = 0.0
        for target in dict.fromkeys(self._targets.values()):
            if not target.dirty:
                continue
            at = target.last_event + (self.close_wait if target.writing else self.debounce)
            if best is None or at < best_at:
                best, best_at = target, at
        if best is None:
            return None, None
        if best_at <= now:
            return best, None
        return None, best_at - now

    def _poll(self) -> None:
        """Catch changes whose events were lost: one stat per input."""
        if self.directory_mode:
            with contextlib.suppress(OSError):
                for name in os.listdir(self.input):
                    path = norm_path(self.input / name)
                    new = path not in self._targets and self._is_candidate(path)
                    if new and os.path.isfile(path):
                        with self._cond:
                            self._target_for(path, create=True)
        now = time.monotonic()
        for target in self._unique_targets():
            try:
                key: tuple[int, int, int, int] | None = stat_key(os.stat(target.input))
            except OSError:
                key = None
            if key != target.seen:
                with self._cond:
                    if not target.dirty:
                        target.dirty = True
                        target.last_event = now
                        target.writing = False
                    self._cond.notify_all()

    # -- one input -------------------------------------------------------------
    def _process(self, target: _Target, *, first: bool) -> bool:
        """Read ``target`` and build it if it changed; True if it built."""
        burst_end = target.last_event
        snap = read_stable(target.input)
        if snap.state == "unstable":
            with self._cond:  # still being written: look again after a debounce
                target.dirty = True
                target.last_event = max(target.last_event, time.monotonic())
            return False
        target.seen = snap.stat
        if snap.state == "missing":
            if self.directory_mode and target.builds:
                self._status(target, "missing", f"halflow: {target.input} was removed; "
                             f"keeping {target.output}")
            else:
                self._status(target, "missing", f"halflow: {target.input} is missing; "
                             "waiting for it")
            return False
        if snap.state == "unreadable":
            self._status(target, "unreadable", f"halflow: cannot read {target.input}: "
                         f"{snap.reason}; waiting for a change")
            return False
        if not snap.data:
            self._status(target, "empty", f"halflow: {target.input} is empty; waiting for content")
            return False
        # Compared, not hashed: memcmp is a thousand times cheaper than a
        # hash of a large module, and this is on the save-to-output path.
        if snap.data == target.good and os.path.exists(target.output):
            if target.status != "ok":
                self._status(target, "ok", f"halflow: {target.input} is back to the content "
                             f"of the last good build; {target.output} is up to date")
            return False
        self._build(target, snap.data, None if first else burst_end)
        return True

    def _status(self, target: _Target, status: str, line: str) -> None:
        if target.status != status:
            target.status = status
            self.log(line)

    def _build(self, target: _Target, data: bytes, burst_end: float | None) -> None:
        start = time.perf_counter()
        result: Any = None
        error: BaseException | None = None
        try:
            result = self.builder(target.input, target.output, data)
        except HalflowError as e:
            error = e
        except Exception as e:  # a builder bug must not end the watch
            error = e
        seconds = time.perf_counter() - start
        latency = None if burst_end is None else time.monotonic() - burst_end
        target.builds += 1
        summary = ""
        if error is None:
            target.good = data
            target.status = "ok"
            describe = getattr(self.builder, "summary", None)
            if describe is not None:
                summary = describe(target.input, result)
        else:
            target.status = "error"
        event = WatchEvent(
            target.input, target.output, target.builds, result, error, seconds, latency,
            input_fingerprint(data), summary,
        )
        self.log(format_event(event))
        if self.on_build is not None:
            self.on_build(event)


class _Handler:
    """watchdog's observer calls ``dispatch`` for every event."""

    def __init__(self, watcher: Watcher):
        self.watcher = watcher

    def dispatch(self, event: Any) -> None:
        if event.is_directory:
            return
        paths = [os.fsdecode(event.src_path)]
        if event.event_type == "moved" and event.dest_path:
            paths.append(os.fsdecode(event.dest_path))
        self.watcher._on_event(event.event_type, [p for p in paths if p])


def norm_path(path: PathLike) -> str:
    return os.path.normpath(os.path.abspath(path))


def _distinct_dirs(dirs: Any) -> list[str]:
    """Directories to watch, one per inode (inotify watches inodes)."""
    seen: dict[tuple[int, int], str] = {}
    for d in dirs:
        try:
            st = os.stat(d)
        except OSError:
            continue
        seen.setdefault((st.st_dev, st.st_ino), d)
    return list(seen.values())


def format_event(event: WatchEvent) -> str:
    """The human-readable line(s) for one build (stderr of ``halflow watch``)."""
    verb = "built" if event.number == 1 else "rebuilt"
    if event.ok:
        line = f"halflow: {verb} {event.input} in {event.seconds:.3f}s"
        line += f": {event.summary}" if event.summary else ""
        # What iree-opt would warn about (BuildResult.warnings), every build.
        warnings = getattr(event.result, "warnings", ())
        return "\n".join([*(w.render() for w in warnings), line])
    kept = (
        f"kept the last good {event.output}" if os.path.exists(event.output)
        else f"{event.output} not written"
    )
    if isinstance(event.error, HalflowError):
        errors = sum(d.severity == Severity.ERROR for d in event.error.diagnostics)
        noun = "error" if errors == 1 else "errors"
        return f"{event.error.render()}\nhalflow: {event.input}: {errors} {noun}; {kept}"
    assert event.error is not None
    detail = "".join(traceback.format_exception(event.error)).rstrip()
    return (
        f"halflow: internal error while building {event.input}; {kept}\n{detail}"
    )
