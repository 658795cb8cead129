"""What a person at a terminal sees, on a real pseudo-terminal: the line
that ends a build which changed things, "no work to do" (as Ninja says it),
coloured diagnostics (never on a pipe, never with NO_COLOR), ``-q``/``-v``;
and the conventions of the command line: ``--version``, click's shell
completion, usage errors of the fast entry point exactly as click prints
them.
"""

from __future__ import annotations

import json
import os
import pty
import re
import select
import shutil
import subprocess
import sys
from importlib.metadata import version
from pathlib import Path

from support.engine import body_edit, corpus_file, run_halflow, set_access, subprocess_env

from halflow.graph import function_of

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def on_terminal(*args: object, env: dict[str, str] | None = None,
                cwd: Path | None = None) -> tuple[int, str, str]:
    """Run ``python -m halflow ARGS`` with stderr (and stdin) on a new
    pseudo-terminal and stdout on a pipe: (status, stdout, terminal text
    with CR LF read back as LF)."""
    master, slave = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "halflow", *map(str, args)], stdin=slave, stdout=subprocess.PIPE,
        stderr=slave, env=env or subprocess_env(TERM="xterm"), cwd=cwd, close_fds=True,
    )
    os.close(slave)
    chunks: list[bytes] = []
    while True:
        ready, _, _ = select.select([master], [], [], 60)
        if not ready:
            proc.kill()
            raise AssertionError("no output from the terminal for 60 s")
        try:
            data = os.read(master, 65536)
        except OSError:  # EIO: the last writer closed the terminal
            break
        if not data:
            break
        chunks.append(data)
    os.close(master)
    out = proc.stdout.read().decode() if proc.stdout else ""
    code = proc.wait(timeout=60)
    return code, out, b"".join(chunks).decode(errors="replace").replace("\r\n", "\n")


def last_line(terminal: str) -> str:
    """The last line the terminal shows (progress bars are redrawn in place
    and cleared)."""
    lines = [ANSI.sub("", line.rpartition("\r")[2]) for line in terminal.split("\n")]
    return [line for line in lines if line.strip()][-1]


def changed_from_report(path: Path) -> tuple[list[str], list[str]]:
    """Executables and host ops whose nodes the build executed."""
    executed = [r["node"] for r in json.loads(path.read_text())["executed"]]
    execs = list(dict.fromkeys(n.split(":", 1)[1] for n in executed
                               if n.startswith(("executable:", "convert:"))))
    hosts = list(dict.fromkeys(filter(None, map(function_of, executed))))
    return execs, hosts


def test_a_build_on_a_terminal_ends_with_what_changed(tmp_path: Path) -> None:
    src = tmp_path / "m.mlir"
    shutil.copy(corpus_file("mlp_s.mlir"), src)
    out, cache, report = tmp_path / "out.mlir", tmp_path / "c", tmp_path / "r.json"
    code, _, term = on_terminal("build", src, "-o", out, "--cache-dir", cache)
    assert code == 0, term
    assert last_line(term) == f"halflow: built {src} whole: 6 executables (no cache entry)"

    src.write_text(body_edit(src.read_text(), "main$async_dispatch_3"))
    code, _, term = on_terminal("build", src, "-o", out, "--cache-dir", cache, "--report", report)
    assert code == 0, term
    execs, hosts = changed_from_report(report)
    assert execs == ["@main$async_dispatch_3"] and hosts == []
    assert last_line(term) == (
        f"halflow: rebuilt {src}: changed 1 executable (@main$async_dispatch_3); "
        "5 executables reused")

    # A dispatch site's access: the export's layout, its executable and the
    # host function that dispatches it.
    ex = "main$async_dispatch_3"
    site = f"dispatch:@main$async/@{ex}::@{ex}_matmul_8x128x128_f32"
    src.write_text(set_access(src.read_text(), site, 0, "rw"))
    code, _, term = on_terminal("build", src, "-o", out, "--cache-dir", cache, "--report", report)
    assert code == 0, term
    execs, hosts = changed_from_report(report)
    assert hosts == ["@main$async"] and len(execs) == 1
    assert last_line(term) == (
        f"halflow: rebuilt {src}: changed 1 executable ({execs[0]}) and 1 host op "
        "(@main$async); 5 executables reused")

    # No change: nothing to say (as a quiet no-op build); -v and --explain say so.
    code, _, term = on_terminal("build", src, "-o", out, "--cache-dir", cache)
    assert (code, ANSI.sub("", term).strip()) == (0, "")
    for flag in ("-v", "--explain"):
        code, _, term = on_terminal("build", src, "-o", out, "--cache-dir", cache, flag)
        assert (code, last_line(term)) == (0, "halflow: no work to do")


def test_no_summary_line_on_a_pipe_or_with_quiet(tmp_path: Path) -> None:
    src = tmp_path / "m.mlir"
    shutil.copy(corpus_file("mlp_s.mlir"), src)
    cache = tmp_path / "c"
    run = run_halflow("build", src, "-o", tmp_path / "out.mlir", "--cache-dir", cache)
    assert (run.returncode, run.stderr) == (0, b"")
    src.write_text(body_edit(src.read_text(), "main$async_dispatch_0"))
    code, _, term = on_terminal("build", src, "-o", tmp_path / "out.mlir", "--cache-dir", cache,
                                "-q")
    assert (code, ANSI.sub("", term).strip()) == (0, "")
    # On a pipe -v says it (a build log), --explain on a no-op too.
    src.write_text(body_edit(src.read_text(), "main$async_dispatch_0", bump=2))
    run = run_halflow("-v", "build", src, "-o", tmp_path / "out.mlir", "--cache-dir", cache)
    assert run.stderr.decode() == (
        f"halflow: rebuilt {src}: changed 1 executable (@main$async_dispatch_0); "
        "5 executables reused\n")
    run = run_halflow("build", src, "-o", tmp_path / "out.mlir", "--cache-dir", cache,
                      "--explain")
    assert run.stderr.decode() == "halflow: no work to do\n"


def test_diagnostics_are_coloured_on_a_terminal_only(tmp_path: Path) -> None:
    bad = tmp_path / "bad.mlir"
    bad.write_text("module {\n  func.func @f() {\n    %0 = \"nosuch.op\"() : () -> i32\n")
    plain = run_halflow("build", bad, "--no-cache")
    assert plain.returncode == 1 and b"\x1b[" not in plain.stderr
    code, _, term = on_terminal("build", bad, "--no-cache")
    assert code == 1
    assert "\x1b[1;31merror: \x1b[0m" in term
    assert ANSI.sub("", term) == plain.stderr.decode()
    code, _, term = on_terminal("build", bad, "--no-cache",
                                env=subprocess_env(TERM="xterm", NO_COLOR="1"))
    assert code == 1 and term == plain.stderr.decode()


def test_quiet_and_verbose_exclude_each_other(tmp_path: Path) -> None:
    src = corpus_file("mlp_s.mlir")
    for args in (("-q", "build", src, "-v"), ("build", src, "-o", tmp_path / "o", "-q", "-v")):
        run = run_halflow(*args)
        assert run.returncode == 2
        assert b"-q/--quiet and -v/--verbose exclude each other" in run.stderr
        assert b"Usage: " in run.stderr


def test_version_names_halflow_and_iree() -> None:
    from halflow import __version__

    run = run_halflow("--version")
    assert run.returncode == 0
    assert run.stdout.decode() == (
        f"halflow {__version__}\niree-base-compiler {version('iree-base-compiler')}\n")


def _as_installed(entry: str, *args: str, env: dict[str, str] | None = None
                  ) -> subprocess.CompletedProcess[bytes]:
    """The command as the installed ``halflow`` script runs it (program
    name ``halflow``), through ``halflow.cli.entry.main`` or ``halflow.cli.commandline.main``."""
    code = (f"import sys; sys.argv[0] = 'halflow'; from {entry} import main; "
            "main(); sys.exit(0)")
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True,
                          env=env or subprocess_env(), check=False)


def test_shell_completion_is_clicks() -> None:
    env = subprocess_env(_HALFLOW_COMPLETE="bash_complete", COMP_WORDS="halflow gr",
                         COMP_CWORD="1")
    run = _as_installed("halflow.cli.entry", env=env)
    assert run.returncode == 0
    assert "plain,graph" in run.stdout.decode().split("\n")
    source = _as_installed("halflow.cli.entry", env=subprocess_env(_HALFLOW_COMPLETE="bash_source"))
    assert b"complete -o nosort -F _halflow_completion halflow" in source.stdout


def test_fast_entry_usage_errors_are_clicks(tmp_path: Path) -> None:
    """The forms the entry point builds without click, malformed: the same
    words, usage line and status as the full command line."""
    src = tmp_path / "m.mlir"
    shutil.copy(corpus_file("mlp_s.mlir"), src)
    (tmp_path / "adir").mkdir()
    (tmp_path / "afile").write_text("")
    out = str(tmp_path / "o.mlir")
    cases = [
        ["build", str(src), "-o"],
        ["build", str(src), "-o", out, "--report"],
        ["build", str(src), "-o", str(tmp_path / "adir")],
        ["build", str(src), "-o", out, "--cache-dir", str(tmp_path / "afile")],
        ["build", str(src), "-o", out, "--trace", str(tmp_path / "adir")],
        ["build", str(src), "-o", out, "--bogus"],
        ["build", str(src), "-o", out, "-q", "-v"],
        ["build", str(src), str(src), "-o", out],
    ]
    for argv in cases:
        fast = _as_installed("halflow.cli.entry", *argv)
        full = _as_installed("halflow.cli.commandline", *argv)
        assert fast.returncode == full.returncode == 2, argv
        assert fast.stderr == full.stderr, argv
        assert not os.path.exists(out), argv


def test_quiet_watch_says_only_what_went_wrong(tmp_path: Path) -> None:
    """``watch -q``: no line per build, no "watching"/"stopped"; a broken
    save still reports its diagnostics."""
    import signal
    import threading
    import time

    src = tmp_path / "m.mlir"
    shutil.copy(corpus_file("mlp_s.mlir"), src)
    out = tmp_path / "out.mlir"
    proc = subprocess.Popen(
        [sys.executable, "-m", "halflow", "watch", "-q", str(src), "-o", str(out),
         "--cache-dir", str(tmp_path / "c")],
        env=subprocess_env(), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    lines: list[str] = []
    reader = threading.Thread(
        target=lambda: lines.extend(raw.decode() for raw in proc.stderr or ()), daemon=True)
    reader.start()

    def wait_for(cond, what: str) -> None:
        deadline = time.monotonic() + 120
        while not cond():
            assert proc.poll() is None and time.monotonic() < deadline, (what, lines)
            time.sleep(0.05)

    try:
        wait_for(out.exists, "the first build")
        first = out.read_bytes()
        src.write_text(body_edit(src.read_text(), "main$async_dispatch_1"))
        wait_for(lambda: out.read_bytes() != first, "the rebuild")
        broken = src.read_text().replace("util.func public @main(", "util.func public @main((")
        src.write_text(broken)
        wait_for(lambda: any("kept the last good" in line for line in lines), "the failure")
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=120)
        reader.join(10)
    assert proc.returncode == 0
    text = "".join(lines)
    assert f"{src}:" in text and ": error: " in text, text
    for noise in ("halflow: built", "halflow: rebuilt", "halflow: watching", "stopped watching"):
        assert noise not in text, text


VMFB_FLAGS = ("--", "--iree-hal-target-device=local",
              "--iree-hal-local-target-device-backends=llvm-cpu")


def test_a_vmfb_build_ends_as_an_mlir_build_does(tmp_path: Path) -> None:
    """The summary line after a `.vmfb` build (on a terminal; with -v on a
    pipe), `no work to do` for an up-to-date one with -v, nothing with -q."""
    src = tmp_path / "m.mlir"
    shutil.copy(corpus_file("mlp_s.mlir"), src)
    out, cache = tmp_path / "m.vmfb", tmp_path / "c"
    code, _, term = on_terminal("build", src, "--to", "vmfb", "-o", out, "--cache-dir", cache,
                                *VMFB_FLAGS)
    assert code == 0, term
    # How many groups six executables make is the membership's business
    # (codegen/groups.py); the line says how many it serialized.
    cold = re.fullmatch(rf"halflow: built {re.escape(str(out))}: executables: 6 compiled, "
                        r"0 reused; groups: (\d+) serialized, 0 reused; host compiled",
                        last_line(term))
    assert cold is not None, last_line(term)
    groups = int(cold.group(1))
    src.write_text(body_edit(src.read_text(), "main$async_dispatch_3"))
    run = run_halflow("build", src, "--to", "vmfb", "-o", out, "--cache-dir", cache, "-v",
                      *VMFB_FLAGS)
    assert run.returncode == 0, run.stderr
    assert run.stderr.decode().splitlines()[-1] == (
        f"halflow: built {out}: executables: 1 compiled, 5 reused; "
        f"groups: 1 serialized, {groups - 1} reused; host reused")
    for flags, said in ((("-v",), "halflow: no work to do\n"), ((), ""), (("-q",), "")):
        run = run_halflow("build", src, "--to", "vmfb", "-o", out, "--cache-dir", cache,
                          *flags, *VMFB_FLAGS)
        assert (run.returncode, run.stderr.decode()) == (0, said), flags
    code, _, term = on_terminal("build", src, "--to", "vmfb", "-o", out, "--cache-dir", cache,
                                "-q", *VMFB_FLAGS)
    assert (code, ANSI.sub("", term).strip()) == (0, "")


def test_no_cache_builds_end_with_the_line(tmp_path: Path) -> None:
    """--no-cache on a terminal builds as a cached build does, progress
    (after half a second) and summary line included; on a pipe, silently."""
    src = corpus_file("openelm_l16.mlir")
    out = tmp_path / "o.mlir"
    code, _, term = on_terminal("build", src, "-o", out, "--no-cache")
    assert code == 0, term
    assert last_line(term) == f"halflow: built {src} whole: 145 executables (no cache entry)"
    run = run_halflow("build", src, "-o", tmp_path / "p.mlir", "--no-cache")
    assert (run.returncode, run.stderr) == (0, b"")
    assert out.read_bytes() == (tmp_path / "p.mlir").read_bytes()


def _closing(streams: str, *args: object, cwd: Path) -> subprocess.CompletedProcess[bytes]:
    """``python -m halflow ARGS`` with ``streams`` (``>&-``, ``2>&-``, ``<&-``) closed
    by the shell, as a user or a build tool leaves them; the build server
    on (a command with a closed stream builds locally)."""
    return subprocess.run(["sh", "-c", f'exec "$@" {streams}', "sh", sys.executable, "-m",
                           "halflow", *map(str, args)],
                          capture_output=True, cwd=cwd, timeout=300,
                          env=subprocess_env(HALFLOW_SERVER="1",
                                             HALFLOW_RUNTIME_DIR=str(cwd / "rt")))


def test_closed_stdout_or_stderr_cost_only_their_own_output(tmp_path: Path,
                                                            iree_materialize: object) -> None:
    """As ``iree-opt``: with ``-o``, a closed stdout or stderr changes
    nothing (exit 0, the output written, a no-op too); a build to a closed
    stdout cannot write its output: one line, exit 1."""
    src = corpus_file("mlp_s.mlir")
    oracle = iree_materialize(src)  # type: ignore[operator]
    assert oracle.returncode == 0
    cache = tmp_path / "c"
    for streams in (">&-", "2>&-", ">&- 2>&-"):
        out = tmp_path / f"out{len(streams)}.mlir"
        for _ in range(2):  # a build, then the up-to-date no-op
            run = _closing(streams, "build", src, "-o", out, "--cache-dir", cache, cwd=tmp_path)
            assert run.returncode == 0, (streams, run.stderr.decode()[-3000:])
            assert out.read_text() == oracle.stdout
            assert run.stdout == run.stderr == b""
    run = _closing(">&-", "build", src, "--cache-dir", cache, cwd=tmp_path)
    assert (run.returncode, run.stderr.decode()) == (
        1, "<stdout>:0:0: error: cannot write output: Bad file descriptor\n")
    assert not (tmp_path / "rt").exists() or not list((tmp_path / "rt").glob("*.sock"))
    # other commands' stdout: what they print is lost, nothing else
    run = _closing(">&-", "--version", cwd=tmp_path)
    assert (run.returncode, run.stderr) == (0, b"")
    bad = Path(__file__).parent / "data" / "export_of_missing_function.mlir"
    run = _closing("2>&-", "build", bad, "-o", tmp_path / "bad.mlir", cwd=tmp_path)
    assert run.returncode == 1 and not (tmp_path / "bad.mlir").exists()
    # a closed stdin as the input: what a file that cannot be opened gets
    run = _closing("<&-", "build", "-", "-o", tmp_path / "stdin.mlir", cwd=tmp_path)
    assert (run.returncode, run.stderr.decode()) == (
        1, "<stdin>:0:0: error: cannot open input file '-': Bad file descriptor\n")
    assert not (tmp_path / "stdin.mlir").exists()


def test_a_vmfb_build_with_closed_stdout_and_stderr_writes_its_module(tmp_path: Path) -> None:
    src = corpus_file("mlp_s.mlir")
    flags = ["--iree-hal-target-device=local",
             "--iree-hal-local-target-device-backends=llvm-cpu",
             "--iree-llvmcpu-target-cpu=host"]
    run = _closing(">&- 2>&-", "build", src, "--to", "vmfb", "-o", tmp_path / "m.vmfb",
                   "--cache-dir", tmp_path / "c", "--", *flags, cwd=tmp_path)
    assert run.returncode == 0
    assert (tmp_path / "m.vmfb").stat().st_size > 0
