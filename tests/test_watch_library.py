"""The watch library: ``halflow.watch(...)`` with a callback, stopped
programmatically; the :class:`Watcher` with a pluggable builder. Real
observer and real files, as in test_watch.py; waits are conditions with
deadlines.
"""

from __future__ import annotations

import os
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import run_process

import halflow
from halflow.core.diagnostics import Diagnostic, HalflowError
from halflow.core.output import write_atomic
from halflow.watch import HalBuilder, Watcher, WatchEvent, read_stable

REPO = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("HALFLOW_SHARED") or REPO.parent / "shared")
CORPUS = SHARED / "corpus"
TIMEOUT = 60.0
ANCHOR = "%cst_0 = arith.constant 1.280000e+02 : f32"


def wait_until(cond: Callable[[], bool], what: str, timeout: float = TIMEOUT) -> None:
    deadline = time.monotonic() + timeout
    while not cond():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.01)


class Events:
    """Collects WatchEvents from the watcher's thread."""

    def __init__(self) -> None:
        self.items: list[WatchEvent] = []
        self.lock = threading.Lock()

    def __call__(self, event: WatchEvent) -> None:
        with self.lock:
            self.items.append(event)

    def __len__(self) -> int:
        with self.lock:
            return len(self.items)

    def last(self) -> WatchEvent:
        with self.lock:
            return self.items[-1]


class Shout:
    """A builder that is not halflow's: upper-cases its input. Content
    containing ``bad`` is a diagnosed error."""

    def __init__(self) -> None:
        self.calls: list[bytes] = []
        self.closed = False

    def __call__(self, input: Path, output: Path, content: bytes) -> int:
        self.calls.append(content)
        line = content.find(b"bad")
        if line >= 0:
            raise HalflowError(Diagnostic(str(input), content[:line].count(b"\n") + 1, 1, "bad"))
        write_atomic(output, content.upper())
        return len(content)

    def summary(self, input: Path, result: int) -> str:
        return f"{result} bytes"

    def close(self) -> None:
        self.closed = True


def test_pluggable_builder(tmp_path: Path) -> None:
    src, out = tmp_path / "a.txt", tmp_path / "A.txt"
    src.write_bytes(b"hello\n")
    events, lines, builder = Events(), [], Shout()
    with Watcher(src, out, builder, on_build=events, log=lines.append) as watcher:
        assert watcher.wait_ready(TIMEOUT)
        assert out.read_bytes() == b"HELLO\n"
        assert events.last().number == 1 and events.last().result == 6
        assert "halflow: built " + str(src) + " in " in lines[0] and lines[0].endswith(": 6 bytes")

        # A burst of saves is one build, of the last content.
        for i in range(30):
            src.write_bytes(b"v%d\n" % i)
        wait_until(lambda: out.read_bytes() == b"V29\n", "the burst's build")
        # (The output is written before the callback runs.)
        wait_until(lambda: len(events) == len(builder.calls), "the callback")
        assert len(events) <= 3, [e.content_hash for e in events.items]
        assert builder.calls[-1] == b"v29\n"

        # A failed build leaves the output alone; the next good one builds.
        before = out.stat()
        n = len(events)
        src.write_bytes(b"ok\nbad\n")
        wait_until(lambda: len(events) > n, "the failed build")
        failed = events.last()
        assert not failed.ok and isinstance(failed.error, HalflowError)
        assert failed.latency is not None and failed.latency >= 0
        assert (out.stat().st_ino, out.read_bytes()) == (before.st_ino, b"V29\n")
        assert any(s == f"{src}:2:1: error: bad" for s in "\n".join(lines).split("\n"))
        src.write_bytes(b"fine\n")
        wait_until(lambda: out.read_bytes() == b"FINE\n", "the good build")
        wait_until(lambda: len(events) == len(builder.calls), "the callback")

        # An empty file is not built; coming back to the content of the last
        # good build builds nothing either.
        n = len(events)
        src.write_bytes(b"")
        wait_until(lambda: f"halflow: {src} is empty; waiting for content" in lines, "empty")
        src.write_bytes(b"fine\n")
        wait_until(lambda: any("is back to the content of the last good build" in s
                               for s in lines), "the same content")
        src.write_bytes(b"later\n")
        wait_until(lambda: out.read_bytes() == b"LATER\n", "the later build")
        wait_until(lambda: len(events) == len(builder.calls), "the callback")
        assert [e.result for e in events.items[n:]] == [6]
    assert builder.closed
    assert not watcher._thread.is_alive()  # type: ignore[union-attr]


def test_stop_from_the_callback_and_run_blocking(tmp_path: Path) -> None:
    src, out = tmp_path / "a.txt", tmp_path / "A.txt"
    src.write_bytes(b"one\n")

    def on_build(event: WatchEvent) -> None:
        if event.number == 2:
            watcher.stop()

    watcher = Watcher(src, out, Shout(), on_build=on_build)
    thread = threading.Thread(target=watcher.run)
    thread.start()
    assert watcher.wait_ready(TIMEOUT)
    src.write_bytes(b"two\n")
    thread.join(TIMEOUT)
    assert not thread.is_alive()
    assert out.read_bytes() == b"TWO\n"
    with pytest.raises(RuntimeError):
        watcher.run()


def test_builder_bug_does_not_end_the_watch(tmp_path: Path) -> None:
    src, out = tmp_path / "a.txt", tmp_path / "A.txt"
    src.write_bytes(b"one\n")

    def flaky(input: Path, output: Path, content: bytes) -> None:
        if content == b"boom\n":
            raise ZeroDivisionError("boom")
        write_atomic(output, content)

    events, lines = Events(), []
    with Watcher(src, out, flaky, on_build=events, log=lines.append) as watcher:
        assert watcher.wait_ready(TIMEOUT)
        src.write_bytes(b"boom\n")
        wait_until(lambda: len(events) == 2, "the failing build")
        assert isinstance(events.last().error, ZeroDivisionError)
        assert any("internal error while building" in s for s in lines)
        src.write_bytes(b"two\n")
        wait_until(lambda: out.read_bytes() == b"two\n", "the next build")


def test_callback_exception_surfaces_on_join(tmp_path: Path) -> None:
    src, out = tmp_path / "a.txt", tmp_path / "A.txt"
    src.write_bytes(b"one\n")

    def on_build(event: WatchEvent) -> None:
        raise KeyError("from the callback")

    watcher = Watcher(src, out, Shout(), on_build=on_build).start()
    with pytest.raises(KeyError):
        watcher.join(TIMEOUT)


def test_read_stable(tmp_path: Path) -> None:
    path = tmp_path / "f"
    assert read_stable(path).state == "missing"
    path.write_bytes(b"abc")
    snap = read_stable(path)
    assert (snap.state, snap.data) == ("ok", b"abc")
    assert read_stable(tmp_path).state == "unreadable"


@pytest.mark.skipif(not (CORPUS / "mlp_s.mlir").exists(), reason="shared corpus not found")
def test_halflow_watch(tmp_path: Path) -> None:
    """``halflow.watch`` keeps OUTPUT equal to a clean build; its state is
    persisted when it stops."""
    from halflow.library.build_mlir import build

    base = (CORPUS / "mlp_s.mlir").read_text()
    src, out, cache = tmp_path / "m.mlir", tmp_path / "out.mlir", tmp_path / "cache"
    src.write_text(base)
    assert callable(halflow.watch) and halflow.Watcher is Watcher
    events = Events()
    explained: list[str] = []
    with halflow.watch(src, out, cache_dir=cache, on_build=events, explain=explained.append,
                       debounce=0.02) as watcher:
        assert isinstance(watcher.builder, HalBuilder)
        assert watcher.wait_ready(TIMEOUT)
        first = events.last()
        assert first.ok and out.read_text() == first.result.text
        assert out.read_bytes() == build(src, no_cache=True).text.encode()

        edited = base.replace(ANCHOR, "%cst_0 = arith.constant 2.500000e+00 : f32", 1)
        explained.clear()
        src.write_text(edited)
        wait_until(lambda: len(events) == 2, "the rebuild")
        event = events.last()
        assert event.ok, event.error
        nodes = event.result.executed
        assert "convert:@main$async_dispatch_1" in nodes
        assert not [n for n in nodes if n.startswith("convert:") and "dispatch_1" not in n]
        assert event.summary == (
            "executables: 1 executed, 5 reused; dispatch sites: 0 executed, 8 reused"
        )
        assert any(s.startswith("convert:@main$async_dispatch_1 ") for s in explained)
        clean = tmp_path / "clean.mlir"
        clean.write_text(edited)
        assert out.read_bytes() == build(clean, no_cache=True).text.encode()
    # Stopped: the last state went to the cache, so a cold build of the same
    # content is answered from it without executing anything.
    again = build(src, cache_dir=cache)
    assert again.report["mode"] == "noop" and again.executed == []
    assert again.text.encode() == out.read_bytes()


@pytest.mark.skipif(not (CORPUS / "mlp_s.mlir").exists(), reason="shared corpus not found")
def test_directory_library(tmp_path: Path) -> None:
    src, dst = tmp_path / "in", tmp_path / "out"
    src.mkdir()
    (src / "a.mlir").write_text((CORPUS / "mlp_s.mlir").read_text())
    events = Events()
    with halflow.watch(src, dst, no_cache=True, on_build=events) as watcher:
        assert watcher.wait_ready(TIMEOUT)
        assert [e.output for e in events.items] == [dst / "a.mlir"]
        (src / "b.mlir").write_text((CORPUS / "mlp_s.mlir").read_text())
        wait_until(lambda: (dst / "b.mlir").exists(), "out/b.mlir")
        assert (dst / "b.mlir").read_bytes() == (dst / "a.mlir").read_bytes()


def test_idle_hook_after_builds(tmp_path: Path) -> None:
    """The builder's idle() runs once the watcher has been quiet for
    idle_after seconds after a build (HalBuilder persists its state there)."""
    src, out = tmp_path / "a.txt", tmp_path / "A.txt"
    src.write_bytes(b"one\n")
    idled = threading.Event()

    class Idler(Shout):
        def idle(self) -> None:
            idled.set()

    with Watcher(src, out, Idler(), idle_after=0.2) as watcher:
        assert watcher.wait_ready(TIMEOUT)
        src.write_bytes(b"two\n")
        wait_until(lambda: out.read_bytes() == b"TWO\n", "the rebuild")
        assert idled.wait(TIMEOUT)


@pytest.mark.parametrize(
    "first_import",
    ["import halflow", "import halflow.watch", "from halflow.watch import Watcher",
     "from halflow import Watcher", "import halflow.cli.commandline"],
)
def test_library_watch_is_callable_whatever_was_imported_first(
    first_import: str, tmp_path: Path
) -> None:
    """``halflow.watch(...)`` is the library call in a fresh process, however
    the package was entered first: ``halflow.watch`` names the function of the
    module ``halflow/watch.py``, and calling it starts a real watch."""
    src = tmp_path / "m.mlir"
    src.write_bytes((CORPUS / "mlp_s.mlir").read_bytes())
    out = tmp_path / "m.hal.mlir"
    script = (
        f"{first_import}\n"
        "import sys, halflow\n"
        "from halflow import watch\n"
        "assert watch is halflow.watch is sys.modules['halflow.watch'].watch\n"
        f"with halflow.watch({str(src)!r}, {str(out)!r}, no_cache=True) as w:\n"
        "    assert isinstance(w, halflow.Watcher), type(w)\n"
        "    assert w.wait_ready(60)\n"
    )
    run = run_process([sys.executable, "-c", script])
    assert run.returncode == 0, run.describe()
    assert out.read_text() == halflow.build(src, no_cache=True).text
