"""``halflow watch`` as a user runs it: a real process, a real observer
(inotify through watchdog), real files written the way editors write them.

Every save is checked the same way: OUTPUT ends up byte for byte equal to a
clean build (``halflow.build(..., no_cache=True)``) of the saved content,
within a generous deadline (the machine is shared); nothing waits a fixed
time and then asserts. Saves that pass through transient states (empty,
half-written, missing) must not be built in those states: no diagnostics
appear for them and OUTPUT is never replaced by anything but the final
result.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
CORPUS = REPO / "tests" / "data" / "corpus"
TIMEOUT = 90.0  # generous deadlines: the machine is shared and slow at times

# A float constant in the body of one executable (@main$async_dispatch_1).
ANCHOR = "%cst_0 = arith.constant 1.280000e+02 : f32"
ONE_EXECUTABLE = re.compile(
    r"executables: 1 executed, 5 reused; dispatch sites: 0 executed, 8 reused$"
)


def variant(base: str, value: float) -> str:
    assert ANCHOR in base
    return base.replace(ANCHOR, f"%cst_0 = arith.constant {value:.6e} : f32", 1)


_clean: dict[bytes, bytes] = {}


def clean_build(content: bytes, scratch: Path) -> bytes:
    """What ``halflow build --no-cache`` prints for ``content``."""
    from halflow.library.build_mlir import build

    if content not in _clean:
        scratch.mkdir(parents=True, exist_ok=True)
        path = scratch / "clean.mlir"
        path.write_bytes(content)
        _clean[content] = build(path, no_cache=True).text.encode()
    return _clean[content]


def wait_until(cond: Callable[[], bool], what: str, proc: WatchProcess | None = None,
               timeout: float = TIMEOUT) -> None:
    deadline = time.monotonic() + timeout
    while not cond():
        if time.monotonic() > deadline:
            log = "\n".join(proc.lines) if proc else ""
            raise AssertionError(f"timed out waiting for {what}\n--- stderr ---\n{log}")
        time.sleep(0.01)


class WatchProcess:
    """``python -m halflow watch ARGS`` with its stderr collected line by line."""

    def __init__(self, args: list[str], cwd: Path, env: dict[str, str] | None = None):
        env = dict(os.environ if env is None else env)
        env["PYTHONPATH"] = str(REPO) + os.pathsep + env.get("PYTHONPATH", "")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "halflow", "watch", *args],
            cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        )
        self.lines: list[str] = []
        self.raw_lines: list[bytes] = []  # as written, bytes that are not UTF-8 too
        self._lock = threading.Lock()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.proc.stderr is not None
        for raw in self.proc.stderr:
            with self._lock:
                self.raw_lines.append(raw.rstrip(b"\n"))
                self.lines.append(raw.decode(errors="replace").rstrip("\n"))

    def snapshot(self) -> list[str]:
        with self._lock:
            return list(self.lines)

    def matching(self, prefix: str) -> list[str]:
        return [line for line in self.snapshot() if line.startswith(prefix)]

    def wait_line(self, pred: Callable[[str], bool], start: int = 0, what: str = "a line") -> str:
        found: list[str] = []

        def seen() -> bool:
            found[:] = [line for line in self.snapshot()[start:] if pred(line)]
            return bool(found) or self.proc.poll() is not None

        wait_until(seen, what, self)
        log = "\n".join(self.lines)
        assert found, f"watch exited ({self.proc.returncode}) before {what}:\n{log}"
        return found[0]

    def alive(self) -> bool:
        return self.proc.poll() is None

    def wait(self) -> int:
        code = self.proc.wait(TIMEOUT)
        self._reader.join(10)
        return code

    def stop(self, sig: int = signal.SIGTERM) -> int:
        if self.alive():
            self.proc.send_signal(sig)
        try:
            code = self.proc.wait(TIMEOUT)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            raise
        self._reader.join(10)
        return code


# -- how editors save ------------------------------------------------------------


def in_place(path: Path, data: bytes) -> None:
    with open(path, "wb") as f:
        f.write(data)


def truncate_pause_write(path: Path, data: bytes) -> None:
    """One open: truncate, write half, pause, write the rest, close."""
    with open(path, "r+b") as f:
        f.truncate(0)
        f.write(data[: len(data) // 2])
        f.flush()
        time.sleep(0.3)
        f.write(data[len(data) // 2 :])


def truncate_reopen_write(path: Path, data: bytes) -> None:
    """Truncate (closing the file), leave it empty for a while, then write."""
    open(path, "wb").close()
    time.sleep(0.4)
    with open(path, "wb") as f:
        f.write(data)


def temp_rename(path: Path, data: bytes) -> None:
    """VS Code / JetBrains safe write: a temporary in the same directory,
    renamed over the input."""
    tmp = path.with_name(path.name + "___jb_tmp___")
    tmp.write_bytes(data)
    os.replace(tmp, path)


def vim_backup(path: Path, data: bytes) -> None:
    """vim (backupcopy=no): rename the input to a backup, write a new file,
    delete the backup."""
    backup = path.with_name(path.name + "~")
    os.replace(path, backup)
    with open(path, "wb") as f:
        f.write(data)
    os.unlink(backup)


def delete_recreate(path: Path, data: bytes) -> None:
    os.unlink(path)
    path.write_bytes(data)


def write_then_append(path: Path, data: bytes) -> None:
    """Two writes with a close between them (a tool that writes a header,
    then the rest): the first half does not parse, and is never reported."""
    with open(path, "wb") as f:
        f.write(data[: len(data) // 2])
    time.sleep(0.15)  # past the debounce, within the settling time
    with open(path, "ab") as f:
        f.write(data[len(data) // 2 :])


def delete_recreate_later(path: Path, data: bytes) -> None:
    """The input is missing for a while (longer than the debounce)."""
    os.unlink(path)
    time.sleep(1.5)
    path.write_bytes(data)


SAVES = [
    in_place,
    truncate_pause_write,
    truncate_reopen_write,
    temp_rename,
    vim_backup,
    delete_recreate,
    delete_recreate_later,
    write_then_append,
]


# -- one watch session through every save pattern -------------------------------------


class Session:
    def __init__(self, root: Path):
        self.root = root
        self.input = root / "mlp_s.mlir"
        self.output = root / "out.mlir"
        self.report = root / "report.json"
        self.base = (CORPUS / "mlp_s.mlir").read_text()
        self.input.write_text(self.base)
        self.scratch = root / "scratch"
        self.value = 200.0
        self.proc = WatchProcess(
            ["mlp_s.mlir", "-o", "out.mlir", "--cache-dir", "cache", "--report", "report.json",
             "--explain"],
            root,
        )

    def next_content(self) -> bytes:
        self.value += 1.0
        return variant(self.base, self.value).encode()

    def save(self, writer: Callable[[Path, bytes], None], content: bytes) -> list[str]:
        """Save with ``writer``; wait until OUTPUT is the clean build of
        ``content`` and the rebuild's line is out. Returns the stderr lines
        of this save."""
        start = len(self.proc.snapshot())
        rebuilt = len(self.proc.matching("halflow: rebuilt"))
        expected = clean_build(content, self.scratch)
        writer(self.input, content)
        wait_until(lambda: self.output.read_bytes() == expected, "OUTPUT to match", self.proc)
        self.proc.wait_line(lambda s: s.startswith("halflow: rebuilt"), start, "the rebuild line")
        assert self.proc.alive()
        assert len(self.proc.matching("halflow: rebuilt")) == rebuilt + 1
        return self.proc.snapshot()[start:]


@pytest.fixture(scope="module")
def session(tmp_path_factory: pytest.TempPathFactory):
    s = Session(tmp_path_factory.mktemp("watch"))
    s.proc.wait_line(lambda line: line.startswith("halflow: watching"), what="the first build")
    yield s
    code = s.proc.stop(signal.SIGTERM)
    assert code == 0, "\n".join(s.proc.lines)


def test_first_build_is_the_clean_build(session: Session) -> None:
    assert session.output.read_bytes() == clean_build(session.base.encode(), session.scratch)
    (line,) = session.proc.matching("halflow: built")
    assert re.search(r"in \d+\.\d+s: executables: 6 executed, 0 reused; "
                     r"dispatch sites: 8 executed, 0 reused$", line), line


def test_cold_summary_counts_initializer_dispatches(tmp_path: Path) -> None:
    """A module whose initializer dispatches too (llama_l2: 58 sites, some in
    a `util.initializer`, which has no symbol): the cold build's line says
    every site executed, as its report does."""
    src = tmp_path / "llama_l2.mlir"
    src.write_bytes((CORPUS / "llama_l2.mlir").read_bytes())
    assert b"util.initializer" in src.read_bytes()
    report = tmp_path / "r.json"
    proc = WatchProcess([str(src), "-o", str(tmp_path / "out.mlir"), "--no-cache",
                         "--report", str(report)], tmp_path)
    try:
        line = proc.wait_line(lambda s: s.startswith("halflow: built"), what="the first build")
    finally:
        assert proc.stop(signal.SIGTERM) == 0, "\n".join(proc.lines)
    executed = [e["node"] for e in json.loads(report.read_text())["executed"]]
    sites = {n.split(":", 1)[1] for n in executed if n.startswith("dispatch:")}
    execs = {n.split(":", 1)[1] for n in executed if n.startswith("executable:")}
    assert any(not site.startswith("@") for site in sites), sites  # initializer sites
    assert line.endswith(f"executables: {len(execs)} executed, 0 reused; "
                         f"dispatch sites: {len(sites)} executed, 0 reused"), line


@pytest.mark.parametrize("writer", SAVES, ids=[w.__name__ for w in SAVES])
def test_editor_save(session: Session, writer: Callable[[Path, bytes], None]) -> None:
    lines = session.save(writer, session.next_content())
    # Transient states (empty, half-written, missing) were never built.
    assert not [s for s in lines if ": error:" in s], lines
    (rebuilt,) = [s for s in lines if s.startswith("halflow: rebuilt")]
    assert ONE_EXECUTABLE.search(rebuilt), rebuilt
    if writer is delete_recreate_later:
        assert "halflow: mlp_s.mlir is missing; waiting for it" in lines, lines


def test_explain_and_report_per_rebuild(session: Session) -> None:
    before = session.report.stat().st_mtime_ns
    lines = session.save(in_place, session.next_content())
    explained = [s for s in lines if s.startswith("halflow: explain: ")]
    assert any(s.startswith("halflow: explain: convert:@main$async_dispatch_1 (convert): ")
               for s in explained), lines
    wait_until(lambda: session.report.stat().st_mtime_ns != before, "the report", session.proc)
    report = json.loads(session.report.read_text())
    nodes = [e["node"] for e in report["executed"]]
    assert "convert:@main$async_dispatch_1" in nodes
    assert {"total", "reused", "seconds", "input", "output"} <= set(report)
    assert report["input"] == "mlp_s.mlir"


BROKEN = [
    # A parse error, and a verifier error (two symbols with one name).
    (lambda base: base.replace(ANCHOR, "%cst_0 = arith.constant : f32", 1),
     r"^mlp_s\.mlir:109:32: error: expected attribute value$"),
    (lambda base: base.replace("stream.executable private @main$async_dispatch_1 {",
                               "stream.executable private @main$async_dispatch_0 {", 1),
     r"^mlp_s\.mlir:101:3: error: redefinition of symbol named 'main\$async_dispatch_0'$"),
]


@pytest.mark.parametrize("broken", BROKEN, ids=["parse-error", "verify-error"])
def test_broken_save_keeps_output(session: Session, broken: tuple) -> None:
    make, message = broken
    good = session.output.read_bytes()
    st = session.output.stat()
    report_mtime = session.report.stat().st_mtime_ns
    start = len(session.proc.snapshot())
    in_place(session.input, make(session.base).encode())
    session.proc.wait_line(lambda s: "kept the last good out.mlir" in s, start, "the failure")
    lines = session.proc.snapshot()[start:]
    assert any(re.match(message, s) for s in lines), lines
    assert not [s for s in lines if s.startswith("halflow: rebuilt")]
    assert not [s for s in lines if "Traceback" in s]
    assert session.proc.alive()
    after = session.output.stat()
    assert session.output.read_bytes() == good
    assert (after.st_ino, after.st_mtime_ns) == (st.st_ino, st.st_mtime_ns)
    assert session.report.stat().st_mtime_ns == report_mtime
    # The next good save rebuilds.
    session.save(in_place, session.next_content())


def test_rapid_saves(session: Session) -> None:
    first, second = session.next_content(), session.next_content()
    expected = clean_build(second, session.scratch)
    rebuilt = len(session.proc.matching("halflow: rebuilt"))
    for i in range(100):
        in_place(session.input, first if i % 2 == 0 else second)
    wait_until(lambda: session.output.read_bytes() == expected, "the last save", session.proc)
    wait_until(lambda: len(session.proc.matching("halflow: rebuilt")) > rebuilt,
               "the rebuild line", session.proc)
    # Debounced: a burst is built once (a stall of the shared machine in the
    # middle of the burst may split it; 100 builds would mean no debounce).
    assert len(session.proc.matching("halflow: rebuilt")) - rebuilt <= 5
    assert session.proc.alive()


# -- separate processes ------------------------------------------------------------------


def test_diagnostic_bytes_are_written_as_they_are(tmp_path: Path, iree_opt_path: str) -> None:
    """A message quoting input bytes that are not UTF-8 reaches stderr as
    iree-opt writes it (raw bytes), not escaped."""
    proc = start(tmp_path)
    try:
        proc.wait_line(lambda s: s.startswith("halflow: watching"), what="the first build")
        broken = (CORPUS / "mlp_s.mlir").read_bytes().replace(
            b"arith.constant 1.280000e+02 : f32",
            b'arith.constant 1.280000e+02 : f32\n    %bad = arith.cmpi "e\xffq", %c0, %c0 : index',
            1,
        )
        (tmp_path / "broken.mlir").write_bytes(broken)
        oracle = subprocess.run(
            [iree_opt_path, "--iree-hal-materialize-interfaces", "broken.mlir"],
            cwd=tmp_path, capture_output=True, check=False,
        )
        expected = oracle.stderr.split(b"\n")[0].replace(b"broken.mlir", b"mlp_s.mlir", 1)
        assert b"\xff" in expected, oracle.stderr
        start_at = len(proc.snapshot())
        in_place(tmp_path / "mlp_s.mlir", broken)
        proc.wait_line(lambda s: "kept the last good out.mlir" in s, start_at, "the failure")
        assert expected in proc.raw_lines[start_at:], proc.raw_lines[start_at:]
    finally:
        proc.stop()


def start(tmp_path: Path, *args: str, name: str = "mlp_s.mlir", create: bool = True
          ) -> WatchProcess:
    if create and not (tmp_path / name).exists():
        (tmp_path / name).write_text((CORPUS / "mlp_s.mlir").read_text())
    return WatchProcess([name, "-o", "out.mlir", "--cache-dir", "cache", *args], tmp_path)


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
def test_signal_ends_cleanly(tmp_path: Path, sig: int) -> None:
    proc = start(tmp_path)
    proc.wait_line(lambda s: s.startswith("halflow: watching"), what="the first build")
    assert proc.stop(sig) == 0
    text = "\n".join(proc.lines)
    assert "Traceback" not in text and "Aborted" not in text, text
    assert proc.lines[-1] == "halflow: stopped watching"


def test_signal_during_rebuild(tmp_path: Path) -> None:
    """SIGTERM while a rebuild runs: exit 0, no traceback, and OUTPUT is one
    of the two complete outputs (never a partial one)."""
    base = (CORPUS / "openelm_l16.mlir").read_text()
    (tmp_path / "m.mlir").write_text(base)
    proc = start(tmp_path, "--no-cache", name="m.mlir")
    proc.wait_line(lambda s: s.startswith("halflow: watching"), what="the first build")
    # Change every f32 constant 0.0: 61 of 145 executables rebuild.
    edited = base.replace("arith.constant 0.000000e+00 : f32", "arith.constant 2.000000e+00 : f32")
    assert edited != base
    in_place(tmp_path / "m.mlir", edited.encode())
    time.sleep(0.2)  # usually lands in the rebuild; any moment must be fine
    assert proc.stop(signal.SIGTERM) == 0
    assert "Traceback" not in "\n".join(proc.lines), proc.lines
    out = (tmp_path / "out.mlir").read_bytes()
    scratch = tmp_path / "scratch"
    assert out in (clean_build(base.encode(), scratch), clean_build(edited.encode(), scratch))
    assert not list(tmp_path.glob(".out.mlir.*")), "a temporary output file was left behind"


def test_burst_is_built_once_and_missing_input_is_awaited(tmp_path: Path) -> None:
    proc = start(tmp_path, "--debounce", "1.0", name="missing.mlir", create=False)
    proc.wait_line(lambda s: s == "halflow: missing.mlir is missing; waiting for it")
    base = (CORPUS / "mlp_s.mlir").read_text()
    scratch = tmp_path / "scratch"
    path, out = tmp_path / "missing.mlir", tmp_path / "out.mlir"
    path.write_text(base)
    wait_until(lambda: out.exists() and out.read_bytes() == clean_build(base.encode(), scratch),
               "the first build", proc)
    proc.wait_line(lambda s: s.startswith("halflow: built"), what="the first build's line")
    contents = [variant(base, 300.0 + i).encode() for i in range(20)]
    for content in contents:
        in_place(path, content)
        time.sleep(0.01)
    expected = clean_build(contents[-1], scratch)
    wait_until(lambda: out.read_bytes() == expected, "the burst's build", proc)
    wait_until(lambda: len(proc.matching("halflow: rebuilt")) >= 1, "the rebuild line", proc)
    assert len(proc.matching("halflow: built")) == 1, proc.lines
    assert len(proc.matching("halflow: rebuilt")) == 1, proc.lines
    assert proc.stop(signal.SIGINT) == 0


def test_usage_errors(tmp_path: Path) -> None:
    (tmp_path / "d").mkdir()
    (tmp_path / "f.mlir").write_text("module {}\n")
    for args in (["d", "-o", "d"], ["f.mlir", "-o", "d"], ["nodir/f.mlir", "-o", "x.mlir"],
                 ["f.mlir", "-o", "f.mlir"]):
        proc = WatchProcess(args, tmp_path)
        assert proc.wait() == 2, (args, proc.lines)
        assert any("Error:" in s for s in proc.lines), proc.lines


# -- a directory of inputs ---------------------------------------------------------------------


def test_directory(tmp_path: Path) -> None:
    src, dst, scratch = tmp_path / "src", tmp_path / "out", tmp_path / "scratch"
    src.mkdir()
    mlp = (CORPUS / "mlp_s.mlir").read_text()
    dyn = (CORPUS / "mlp_dyn.mlir").read_text()
    (src / "mlp_s.mlir").write_text(mlp)
    (src / "mlp_dyn.mlir").write_text(dyn)
    (src / "notes.txt").write_text("not an input\n")
    proc = WatchProcess(["src", "-o", "out", "--cache-dir", "cache"], tmp_path)
    proc.wait_line(lambda s: s.startswith("halflow: watching"), what="the first builds")

    def matches(name: str, content: str) -> Callable[[], bool]:
        expected = clean_build(content.encode(), scratch)
        path = dst / name
        return lambda: path.exists() and path.read_bytes() == expected

    assert matches("mlp_s.mlir", mlp)() and matches("mlp_dyn.mlir", dyn)()
    assert sorted(p.name for p in dst.iterdir()) == ["mlp_dyn.mlir", "mlp_s.mlir"]

    # One input changes: only it is rebuilt.
    dyn_mtime = (dst / "mlp_dyn.mlir").stat().st_mtime_ns
    edited = variant(mlp, 77.0)
    in_place(src / "mlp_s.mlir", edited.encode())
    wait_until(matches("mlp_s.mlir", edited), "out/mlp_s.mlir", proc)
    proc.wait_line(lambda s: s.startswith("halflow: rebuilt src/mlp_s.mlir"))
    assert (dst / "mlp_dyn.mlir").stat().st_mtime_ns == dyn_mtime

    # A new input (saved through a temporary) is picked up; editor
    # temporaries and hidden files are not inputs.
    temp_rename(src / "third.mlir", edited.encode())
    (src / ".hidden.mlir").write_text(mlp)
    (src / "third.mlir~").write_text(mlp)
    wait_until(matches("third.mlir", edited), "out/third.mlir", proc)

    # A broken input fails alone; the others keep building.
    start_at = len(proc.snapshot())
    in_place(src / "mlp_dyn.mlir", b"module {\n  func.func @f( {\n}\n")
    proc.wait_line(lambda s: "kept the last good out/mlp_dyn.mlir" in s, start_at)
    assert matches("mlp_dyn.mlir", dyn)()
    again = variant(mlp, 78.0)
    in_place(src / "mlp_s.mlir", again.encode())
    wait_until(matches("mlp_s.mlir", again), "out/mlp_s.mlir", proc)

    # A removed input's output is left alone.
    os.unlink(src / "third.mlir")
    proc.wait_line(lambda s: s == "halflow: src/third.mlir was removed; keeping out/third.mlir")
    assert matches("third.mlir", edited)()
    assert sorted(p.name for p in dst.iterdir()) == ["mlp_dyn.mlir", "mlp_s.mlir", "third.mlir"]
    assert proc.stop(signal.SIGINT) == 0
    assert "Traceback" not in "\n".join(proc.lines)
