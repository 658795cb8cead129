"""The build server (``halflow.cli.server_client``/``server_process``):
real ``halflow`` processes, a real server on a real Unix socket.

A build through the server is the local build: the same bytes, the same
nodes executed, the same diagnostics and exit statuses; the server's own
count of builds shows that its child ran them. A client killed mid-build
takes its build with it; Ctrl-C is forwarded; another installation (a copy
of the package with one file touched) reaches another server; a stale
socket is replaced; a directory others may enter is refused."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

import pytest
from support.build_server import alive, servers, stop_servers, wait_for_servers, wait_gone
from support.engine import (
    REPO,
    Module,
    body_edit,
    corpus_file,
    halflow_cmd,
    load_report,
    on_a_terminal,
    reference_output,
    sigint_as_at_a_terminal,
    subprocess_env,
)

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux only")

PROGRAMS = Path(__file__).parent / "codegen_programs"
FLAGS = [
    "--iree-hal-target-device=local",
    "--iree-hal-local-target-device-backends=llvm-cpu",
    "--iree-llvmcpu-target-cpu=host",
]
BAD_INPUT = Path(__file__).parent / "data" / "export_of_missing_function.mlir"


def env_for(runtime: Path, on: bool = True, idle: str = "120",
            **extra: str | None) -> dict[str, str]:
    settings: dict[str, str | None] = {
        "HALFLOW_SERVER": "1" if on else "0", "HALFLOW_RUNTIME_DIR": str(runtime),
        "HALFLOW_SERVER_IDLE_TIMEOUT": idle}
    settings.update(extra)
    return subprocess_env(**settings)


def halflow(*args: object, env: dict[str, str], cwd: Path,
            timeout: float = 300) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(halflow_cmd(*map(str, args)), env=env, cwd=cwd, capture_output=True,
                          timeout=timeout, stdin=subprocess.DEVNULL)


def ok(run: subprocess.CompletedProcess[bytes]) -> subprocess.CompletedProcess[bytes]:
    assert run.returncode == 0, run.stderr.decode(errors="replace")[-4000:]
    return run


def builds_of(runtime: Path) -> int:
    (only,) = servers(runtime)
    return int(only["builds"])


@pytest.fixture
def runtime(tmp_path: Path) -> Iterator[Path]:
    """A runtime directory of the test's own; its servers stopped after."""
    path = tmp_path / "rt"
    yield path
    stop_servers(path)


# -- one server for the behaviours compared with the local command -----------------------------


@pytest.fixture(scope="module")
def warm(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, Path]]:
    """(runtime dir, working dir) with a live server of the installation
    ``python -m halflow`` is from that working directory."""
    base = tmp_path_factory.mktemp("warm")
    runtime, cwd = base / "rt", base / "cwd"
    cwd.mkdir()
    src = cwd / "start.mlir"
    shutil.copyfile(corpus_file("mlp_s.mlir"), src)
    ok(halflow("build", src, "-o", cwd / "start.out", "--cache-dir", cwd / "c",
               env=env_for(runtime), cwd=cwd))
    wait_for_servers(runtime)
    yield runtime, cwd
    stop_servers(runtime)


def both(warm: tuple[Path, Path], *args: object) -> tuple[Any, Any]:
    """``halflow ARGS`` through the server and locally (the server counted
    one more build)."""
    runtime, cwd = warm
    before = builds_of(runtime)
    served = halflow(*args, env=env_for(runtime), cwd=cwd)
    assert builds_of(runtime) == before + 1, "the server's child did not run the build"
    local = halflow(*args, env=env_for(runtime, on=False), cwd=cwd)
    assert builds_of(runtime) == before + 1
    return served, local


def test_a_build_through_the_server_is_the_oracles_bytes(warm: tuple[Path, Path],
                                                          iree_materialize: Any) -> None:
    cwd = warm[1]
    src = corpus_file("llama_l2.mlir")
    served, local = both(warm, "build", src, "-o", cwd / "l.mlir", "--cache-dir", cwd / "c1")
    ok(served)
    oracle = iree_materialize(src)
    assert oracle.returncode == 0
    assert (cwd / "l.mlir").read_text() == oracle.stdout
    # to stdout (the full command line's form), as the local command prints it
    served, local = both(warm, "build", src, "--cache-dir", cwd / "c1")
    assert ok(served).stdout == ok(local).stdout == oracle.stdout.encode()


def test_a_one_edit_rebuild_through_the_server_executes_what_the_local_one_does(
        warm: tuple[Path, Path]) -> None:
    cwd = warm[1]
    original = corpus_file("mlp_s.mlir").read_text()
    edited = body_edit(original, Module.parse(original).executables()[1])
    reports = []
    for mode in ("served", "local"):
        src, out, cache = cwd / f"e-{mode}.mlir", cwd / f"e-{mode}.out", cwd / f"ce-{mode}"
        src.write_text(original)
        env = env_for(warm[0], on=mode == "served")
        ok(halflow("build", src, "-o", out, "--cache-dir", cache, env=env, cwd=cwd))
        src.write_text(edited)
        before = builds_of(warm[0])
        ok(halflow("build", src, "-o", out, "--cache-dir", cache, "--report", cwd / f"{mode}.json",
                   env=env, cwd=cwd))
        assert builds_of(warm[0]) == before + (mode == "served")
        reports.append(load_report(cwd / f"{mode}.json"))
    served, local = reports
    def nodes(report: dict[str, Any]) -> list[tuple[str, str, str]]:
        return [(e["node"], e["stage"], e["reason"]) for e in report["executed"]]

    assert nodes(served) == nodes(local) and nodes(served)
    assert served["mode"] == local["mode"] == "incremental"
    assert (cwd / "e-served.out").read_bytes() == (cwd / "e-local.out").read_bytes()


def test_a_diagnostic_through_the_server_is_the_local_one(warm: tuple[Path, Path]) -> None:
    cwd = warm[1]
    served, local = both(warm, "build", BAD_INPUT, "-o", cwd / "bad.out", "--cache-dir",
                         cwd / "c2")
    assert served.returncode == local.returncode == 1
    assert served.stderr == local.stderr
    assert b": error: " in served.stderr and b"Traceback" not in served.stderr
    assert not (cwd / "bad.out").exists()


@pytest.mark.parametrize("args", [
    ("build", "-o"),  # no value
    ("build", "x.mlir", "--no-such-flag"),
    ("build", "{src}", "{src}", "-o", "{out}"),  # two inputs
])
def test_a_usage_error_through_the_server_is_the_local_one(warm: tuple[Path, Path],
                                                            args: tuple[str, ...]) -> None:
    cwd = warm[1]
    argv = [a.format(src=corpus_file("mlp_s.mlir"), out=cwd / "u.vmfb") for a in args]
    served, local = both(warm, *argv)
    assert served.returncode == local.returncode == 2
    assert served.stderr == local.stderr and served.stdout == local.stdout


def test_a_vmfb_build_through_the_server_is_the_local_one(warm: tuple[Path, Path]) -> None:
    """``--to vmfb`` builds go to the server only with ``server-vmfb``
    (experimental); its ``.vmfb`` is the local one's."""
    cwd = warm[1]
    outs = []
    for mode in ("served", "default", "local"):
        out = cwd / f"mlp-{mode}.vmfb"
        before = builds_of(warm[0])
        env = env_for(warm[0], on=mode != "local",
                      HALFLOW_SERVER_VMFB="1" if mode == "served" else None)
        ok(halflow("build", PROGRAMS / "mlp.mlir", "--to", "vmfb", "-o", out, "--cache-dir",
                   cwd / f"cv-{mode}", "--", *FLAGS, env=env, cwd=cwd))
        assert builds_of(warm[0]) == before + (mode == "served"), mode
        outs.append(out.read_bytes())
    assert outs[0] == outs[1] == outs[2] and outs[0]


# -- the server's life ----------------------------------------------------------------------------


def test_the_first_build_runs_locally_and_starts_the_server(runtime: Path, tmp_path: Path) -> None:
    src, out = tmp_path / "a.mlir", tmp_path / "a.out"
    shutil.copyfile(corpus_file("mlp_s.mlir"), src)
    env = env_for(runtime)
    ok(halflow("build", src, "-o", out, "--cache-dir", tmp_path / "c", env=env, cwd=tmp_path))
    (first,) = wait_for_servers(runtime)
    assert first["builds"] == 0  # the first build did not wait for it
    mode = os.stat(runtime).st_mode & 0o777
    assert mode == 0o700 and os.stat(first["socket"]).st_mode & 0o077 == 0
    out.unlink()
    ok(halflow("build", src, "-o", out, "--cache-dir", tmp_path / "c", env=env, cwd=tmp_path))
    assert builds_of(runtime) == 1
    # the up-to-date no-op never reaches it
    ok(halflow("build", src, "-o", out, "--cache-dir", tmp_path / "c", env=env, cwd=tmp_path))
    assert builds_of(runtime) == 1
    # nor another command
    ok(halflow("cache", "stats", "--cache-dir", tmp_path / "c", env=env, cwd=tmp_path))
    assert builds_of(runtime) == 1
    status = ok(halflow("server", "status", "--json", env=env, cwd=tmp_path))
    assert json.loads(status.stdout)["pid"] == first["pid"]
    ok(halflow("server", "stop", env=env, cwd=tmp_path))
    assert wait_gone(first["pid"]) and not Path(first["socket"]).exists()
    assert halflow("server", "status", env=env, cwd=tmp_path).returncode == 1


def test_the_switch_off_and_a_shared_directory_mean_local_builds(runtime: Path,
                                                                  tmp_path: Path) -> None:
    src = tmp_path / "a.mlir"
    shutil.copyfile(corpus_file("mlp_s.mlir"), src)
    ok(halflow("build", src, "-o", tmp_path / "a.out", env=env_for(runtime, on=False),
               cwd=tmp_path))
    (tmp_path / "halflow.toml").write_text("server = false\n")
    ok(halflow("build", src, "-o", tmp_path / "b.out", env=env_for(runtime, HALFLOW_SERVER=None),
               cwd=tmp_path))
    (tmp_path / "halflow.toml").unlink()
    time.sleep(1)
    assert not runtime.exists() or list(runtime.iterdir()) == []
    runtime.mkdir(mode=0o755, exist_ok=True)
    os.chmod(runtime, 0o755)  # others may enter: refused
    ok(halflow("build", src, "-o", tmp_path / "c.out", env=env_for(runtime), cwd=tmp_path))
    time.sleep(1)
    assert list(runtime.iterdir()) == []
    assert (tmp_path / "c.out").read_bytes() == (tmp_path / "a.out").read_bytes()


def _blocked_build(runtime: Path, tmp_path: Path, on: bool,
                   preexec: Any = None) -> tuple[subprocess.Popen[bytes], int]:
    """A build whose input is a FIFO nobody writes: it blocks opening it.
    (The process and the pid of the process that builds.)"""
    fifo = tmp_path / "fifo.mlir"
    if not fifo.exists():
        os.mkfifo(fifo)
    def setup() -> None:
        sigint_as_at_a_terminal()
        if preexec is not None:
            preexec()

    proc = subprocess.Popen(halflow_cmd("build", fifo, "-o", tmp_path / "f.out", "--cache-dir",
                                        tmp_path / "c"),
                            env=env_for(runtime, on=on), cwd=tmp_path, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, preexec_fn=setup)
    deadline = time.monotonic() + 60
    while True:
        builder = proc.pid
        if on:
            found = servers(runtime)
            builder = found[0]["running"][0] if found and found[0]["running"] else 0
        if builder and _wchan(builder) == "wait_for_partner":  # opening the FIFO
            return proc, builder
        assert proc.poll() is None and time.monotonic() < deadline, proc.communicate()
        time.sleep(0.02)


def _wchan(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/wchan").read_text()
    except OSError:
        return ""


def _started_server(runtime: Path, tmp_path: Path) -> dict[str, Any]:
    src = tmp_path / "warmup.mlir"
    shutil.copyfile(corpus_file("mlp_s.mlir"), src)
    ok(halflow("build", src, "-o", tmp_path / "warmup.out", env=env_for(runtime), cwd=tmp_path))
    (found,) = wait_for_servers(runtime)
    return found


def test_a_client_killed_mid_build_takes_its_build_with_it(runtime: Path, tmp_path: Path) -> None:
    server = _started_server(runtime, tmp_path)
    proc, child = _blocked_build(runtime, tmp_path, on=True)
    assert child != proc.pid and child != server["pid"]
    proc.kill()
    proc.wait()
    assert wait_gone(child, timeout=10), "the build outlived its client"
    assert not (tmp_path / "f.out").exists()
    (after,) = servers(runtime)
    assert after["pid"] == server["pid"] and after["running"] == []


def test_ctrl_c_is_forwarded_and_ends_the_build_as_a_local_one(runtime: Path,
                                                               tmp_path: Path) -> None:
    _started_server(runtime, tmp_path)
    ends = []
    for on in (True, False):
        proc, child = _blocked_build(runtime, tmp_path, on=on)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
        assert wait_gone(child, timeout=10)
        ends.append((proc.returncode, out, err))
    assert ends[0] == ends[1]
    assert ends[0][0] == 1 and b"Aborted!" in ends[0][2]
    assert not (tmp_path / "f.out").exists()


def _state(pid: int) -> str:
    """The process's state letter (``T``: stopped), or ``""`` once it is gone."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return ""


def _wait_state(pid: int, stopped: bool, timeout: float = 30) -> bool:
    deadline = time.monotonic() + timeout
    while (_state(pid) == "T") != stopped:
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


def test_ctrl_z_stops_the_build_with_its_client_and_fg_resumes_it(runtime: Path,
                                                                  tmp_path: Path) -> None:
    """Job control as a shell does it: the command is a job of its own
    (a process group); Ctrl-Z stops the group, ``fg`` continues it. Through
    the server the build stops and goes on with its client, as a local one
    does, and then writes the oracle's bytes."""
    _started_server(runtime, tmp_path)
    src = corpus_file("mlp_s.mlir")
    expected = reference_output(src)
    for on in (True, False):
        proc, child = _blocked_build(runtime, tmp_path, on=on, preexec=lambda: os.setpgid(0, 0))
        try:
            os.killpg(proc.pid, signal.SIGTSTP)
            assert _wait_state(proc.pid, stopped=True), "Ctrl-Z did not stop the command"
            assert _wait_state(child, stopped=True), "Ctrl-Z did not stop the build"
            time.sleep(0.3)
            assert _state(child) == "T" and proc.poll() is None
            os.killpg(proc.pid, signal.SIGCONT)
            assert _wait_state(child, stopped=False), "fg did not continue the build"
            assert _wait_state(proc.pid, stopped=False)
            (tmp_path / "fifo.mlir").write_bytes(src.read_bytes())  # the input it waits for
            _, err = proc.communicate(timeout=300)
        finally:
            if proc.poll() is None:  # failed: leave no process behind
                for pid in {proc.pid, child}:
                    with contextlib.suppress(ProcessLookupError):
                        os.kill(pid, signal.SIGKILL)
                proc.wait()
        assert proc.returncode == 0, err.decode(errors="replace")[-4000:]
        assert (tmp_path / "f.out").read_text() == expected
        (tmp_path / "f.out").unlink()


def test_a_build_killed_by_a_signal_kills_its_client_so(runtime: Path, tmp_path: Path) -> None:
    _started_server(runtime, tmp_path)
    proc, child = _blocked_build(runtime, tmp_path, on=True)
    os.kill(child, signal.SIGKILL)
    proc.communicate(timeout=60)
    assert proc.returncode == -signal.SIGKILL


def test_another_installation_reaches_another_server(runtime: Path, tmp_path: Path) -> None:
    """A copy of the package: its own server; one file of it touched: a
    new one, which stops the old one (that never runs the changed code);
    another halflow (the checkout's): another server beside it."""
    copy = tmp_path / "pkg"
    shutil.copytree(REPO / "halflow", copy / "halflow",
                    ignore=shutil.ignore_patterns("__pycache__"))
    env = env_for(runtime, PYTHONPATH=str(copy))
    src = tmp_path / "a.mlir"
    shutil.copyfile(corpus_file("mlp_s.mlir"), src)

    def build(name: str) -> None:
        ok(halflow("build", src, "-o", tmp_path / name, "--cache-dir", tmp_path / "c", env=env,
                   cwd=tmp_path))

    build("1.out")
    (first,) = wait_for_servers(runtime)
    build("2.out")
    assert servers(runtime)[0]["builds"] == 1
    assert first["socket"].startswith(str(runtime))
    touched = copy / "halflow" / "core" / "wording.py"
    os.utime(touched, ns=(time.time_ns(), time.time_ns()))
    build("3.out")  # locally: no server of this installation yet
    deadline = time.monotonic() + 60
    while not ((found := servers(runtime)) and found[0]["pid"] != first["pid"]):
        assert time.monotonic() < deadline, found
        time.sleep(0.05)
    (second,) = found  # the older code's server stopped: no client reaches it any more
    assert wait_gone(first["pid"]) and not Path(first["socket"]).exists()
    assert second["fingerprint"] != first["fingerprint"] and second["builds"] == 0
    family = first["fingerprint"].partition("-")[0]
    assert second["fingerprint"].startswith(family + "-")  # same interpreter and process
    build("4.out")
    assert {s["pid"]: s["builds"] for s in servers(runtime)} == {second["pid"]: 1}
    # The checkout's own halflow: another family, beside it.
    ok(halflow("build", src, "-o", tmp_path / "5.out", env=env_for(runtime), cwd=tmp_path))
    assert len(wait_for_servers(runtime, count=2)) == 2


def test_a_stale_socket_is_replaced(runtime: Path, tmp_path: Path) -> None:
    server = _started_server(runtime, tmp_path)
    env = env_for(runtime)
    ok(halflow("server", "stop", env=env, cwd=tmp_path))
    assert wait_gone(server["pid"])
    stale = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    stale.bind(server["socket"])  # bound, never listening: ECONNREFUSED
    stale.close()
    src = tmp_path / "warmup.mlir"
    ok(halflow("build", src, "-o", tmp_path / "s1.out", env=env, cwd=tmp_path))
    (new,) = wait_for_servers(runtime)
    assert new["socket"] == server["socket"] and new["pid"] != server["pid"]
    ok(halflow("build", src, "-o", tmp_path / "s2.out", env=env, cwd=tmp_path))
    assert builds_of(runtime) == 1


def test_concurrent_builds_and_a_start_race(runtime: Path, tmp_path: Path) -> None:
    """Two clients with no server: both build, one server starts; then two
    builds at once through it: both succeed."""
    env = env_for(runtime)
    names = ("mlp_s.mlir", "llama_l2.mlir")
    for name in names:
        shutil.copyfile(corpus_file(name), tmp_path / name)

    def both_at_once(tag: str) -> None:
        procs = [subprocess.Popen(halflow_cmd("build", tmp_path / n, "-o", tmp_path / f"{tag}{n}",
                                              "--cache-dir", tmp_path / f"c{tag}"),
                                  env=env, cwd=tmp_path, stderr=subprocess.PIPE) for n in names]
        for proc in procs:
            _, err = proc.communicate(timeout=300)
            assert proc.returncode == 0, err.decode(errors="replace")

    both_at_once("a")
    wait_for_servers(runtime)
    time.sleep(1)  # a second server, had one started, would be listening by now
    (server,) = servers(runtime)
    both_at_once("b")
    assert builds_of(runtime) == 2 and servers(runtime)[0]["pid"] == server["pid"]
    for n in names:
        assert (tmp_path / f"a{n}").read_bytes() == (tmp_path / f"b{n}").read_bytes()


def test_the_idle_timeout_ends_the_server(runtime: Path, tmp_path: Path) -> None:
    src = tmp_path / "a.mlir"
    shutil.copyfile(corpus_file("mlp_s.mlir"), src)
    ok(halflow("build", src, "-o", tmp_path / "a.out", env=env_for(runtime, idle="2"),
               cwd=tmp_path))
    (server,) = wait_for_servers(runtime)
    assert server["idle_timeout"] == 2
    assert wait_gone(server["pid"], timeout=30)
    assert list(runtime.glob("*.sock")) == []


def test_the_client_passes_its_environment_directory_and_umask(runtime: Path,
                                                               tmp_path: Path) -> None:
    """What a build reads of its process is the client's: a relative
    input and output resolve in the client's directory, the settings'
    variables are the client's, the output's mode follows its umask."""
    script = Path(sys.executable).with_name("halflow")  # (python -m puts its directory on
    if not script.exists():                                 # sys.path: another installation)
        pytest.skip("no halflow console script next to the interpreter")
    src = tmp_path / "warmup.mlir"
    shutil.copyfile(corpus_file("mlp_s.mlir"), src)
    env = env_for(runtime, HALFLOW_CACHE_DIR=str(tmp_path / "env-cache"))
    ok(subprocess.run([script, "build", src, "-o", tmp_path / "w.out"], env=env, cwd=tmp_path,
                      capture_output=True, timeout=300))
    (server,) = wait_for_servers(runtime)
    work = tmp_path / "work"
    work.mkdir()
    shutil.copyfile(src, work / "in.mlir")
    umask = ("import os, subprocess, sys; os.umask(0o077); "
             "sys.exit(subprocess.run(sys.argv[1:]).returncode)")
    ok(subprocess.run([sys.executable, "-c", umask, script, "build", "in.mlir", "-o", "out.mlir"],
                      env=env, cwd=work, capture_output=True, timeout=300))
    assert builds_of(runtime) == 1 and alive(server["pid"])
    assert (work / "out.mlir").stat().st_mode & 0o777 == 0o600
    assert (tmp_path / "env-cache").is_dir()


def test_the_build_writes_to_the_clients_terminal_as_a_local_one(runtime: Path,
                                                                 tmp_path: Path) -> None:
    """stderr on a terminal: the server's child shows rich's progress on
    the client's terminal, as a local build does (isatty, its size)."""
    _started_server(runtime, tmp_path)
    screens = []
    for on in (True, False):
        code, screen = on_a_terminal(
            halflow_cmd("build", PROGRAMS / "mlp.mlir", "--to", "vmfb", "-o",
                        tmp_path / f"t{on}.vmfb", "--cache-dir", tmp_path / f"ct{on}", "--",
                        *FLAGS),
            env_for(runtime, on=on, COLUMNS="160", HALFLOW_SERVER_VMFB="1"), cwd=tmp_path)
        assert code == 0, screen[-2000:]
        screens.append(screen)
    assert builds_of(runtime) == 1
    for screen in screens:
        for phase in ("front-end", "materialize", "serialize", "assemble"):
            assert phase in screen, (phase, screen[-2000:])
        assert "0:00:0" in screen  # rich's elapsed clock
    assert (tmp_path / "tTrue.vmfb").read_bytes() == (tmp_path / "tFalse.vmfb").read_bytes()


def test_the_server_never_starts_a_thread_nor_runs_numpy(runtime: Path, tmp_path: Path) -> None:
    server = _started_server(runtime, tmp_path)
    pid = server["pid"]
    assert os.listdir(f"/proc/{pid}/task") == [str(pid)]
    maps = Path(f"/proc/{pid}/maps").read_text()
    assert "_multiarray_umath" not in maps and "openblas" not in maps.lower()
    assert "_mlir" in maps


def _ignore_hup_and_int() -> None:
    signal.signal(signal.SIGHUP, signal.SIG_IGN)
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def test_signals_the_client_ignores_stay_ignored_and_sigterm_is_forwarded(
        runtime: Path, tmp_path: Path) -> None:
    """A command started with SIGHUP and SIGINT ignored (``nohup``, a
    background job of a non-interactive shell) keeps building on them, as
    a local one does; SIGTERM ends the build and the command by SIGTERM."""
    _started_server(runtime, tmp_path)
    ends = []
    for on in (True, False):
        proc, child = _blocked_build(runtime, tmp_path, on=on, preexec=_ignore_hup_and_int)
        for ignored in (signal.SIGHUP, signal.SIGINT):
            proc.send_signal(ignored)
            time.sleep(0.5)
            assert proc.poll() is None and alive(child), f"{ignored!r}, ignored, ended the build"
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=60)
        assert wait_gone(child, timeout=10)
        ends.append((proc.returncode, out, err))
    assert ends[0] == ends[1] and ends[0][0] == -signal.SIGTERM


def test_a_client_without_a_standard_descriptor_builds_locally(runtime: Path,
                                                               tmp_path: Path) -> None:
    _started_server(runtime, tmp_path)
    src = tmp_path / "warmup.mlir"
    closing = ("import os, subprocess, sys; os.close(0); "
               "sys.exit(subprocess.run(sys.argv[1:], close_fds=False).returncode)")
    ok(subprocess.run([sys.executable, "-c", closing,
                       *halflow_cmd("build", src, "-o", tmp_path / "x.out")],
                      env=env_for(runtime), cwd=tmp_path, capture_output=True, timeout=300))
    assert (tmp_path / "x.out").read_bytes() == (tmp_path / "warmup.out").read_bytes()
    assert builds_of(runtime) == 0


def test_a_server_that_does_not_answer_means_a_local_build(runtime: Path, tmp_path: Path) -> None:
    """A stopped server (SIGSTOP) accepts no build: the command builds
    locally after its wait (``server_client.ANSWER_TIMEOUT``); the server,
    continued, ends what it forked for the client that left, and serves."""
    from halflow.cli import server_client

    server = _started_server(runtime, tmp_path)
    src = tmp_path / "warmup.mlir"
    os.kill(server["pid"], signal.SIGSTOP)
    try:
        start = time.monotonic()
        ok(halflow("build", src, "-o", tmp_path / "stopped.out", env=env_for(runtime),
                   cwd=tmp_path))
        waited = time.monotonic() - start
    finally:
        os.kill(server["pid"], signal.SIGCONT)
    assert waited >= server_client.ANSWER_TIMEOUT
    assert (tmp_path / "stopped.out").read_bytes() == (tmp_path / "warmup.out").read_bytes()
    deadline = time.monotonic() + 30
    while (found := servers(runtime)) and found[0]["running"]:
        assert time.monotonic() < deadline
        time.sleep(0.05)
    before = builds_of(runtime)
    ok(halflow("build", src, "-o", tmp_path / "again.out", env=env_for(runtime), cwd=tmp_path))
    assert builds_of(runtime) == before + 1


# -- the server as users leave it: removed directories, LANG=C, stray sockets, a stopped server --


def _launcher(tmp_path: Path) -> Path:
    """A script that runs the command as the installed ``halflow`` script
    does: its ``sys.path`` names no working directory (``python -m`` puts
    it there, so a removed one would make the client build locally)."""
    script = tmp_path / "launch" / "halflow_script.py"
    script.parent.mkdir(exist_ok=True)
    script.write_text("import sys\nfrom halflow.cli.entry import main\nsys.exit(main())\n")
    return script


def test_a_build_from_a_removed_directory_is_served_as_the_local_one(runtime: Path,
                                                                     tmp_path: Path) -> None:
    script = _launcher(tmp_path)
    src, cache = tmp_path / "in.mlir", tmp_path / "c"
    shutil.copyfile(corpus_file("mlp_s.mlir"), src)
    ok(subprocess.run([sys.executable, script, "build", src, "-o", tmp_path / "first.out",
                       "--cache-dir", cache], env=env_for(runtime), cwd=tmp_path,
                      capture_output=True, timeout=300))
    wait_for_servers(runtime)
    original = src.read_text()
    src.write_text(body_edit(original, Module.parse(original).executables()[0]))
    ends = {}
    for on in (True, False):
        gone = tmp_path / f"gone-{on}"
        gone.mkdir()
        out = tmp_path / f"out-{on}.mlir"
        # The shell's working directory is removed before the command starts in it.
        command = 'cd "$1" && rmdir "$1" && shift && exec "$@"'
        run = subprocess.run(["sh", "-c", command, "sh", gone, sys.executable, script, "build",
                              src, "-o", out, "--cache-dir", cache],
                             env=env_for(runtime, on=on), cwd=tmp_path, capture_output=True,
                             timeout=300, stdin=subprocess.DEVNULL)
        ends[on] = (run.returncode, run.stdout, run.stderr, out.read_bytes())
        assert not gone.exists()
        if on:
            assert builds_of(runtime) == 1, "the server's child did not run the build"
    assert ends[True] == ends[False] and ends[True][0] == 0, ends[True][2].decode()[-3000:]


@pytest.mark.parametrize("on", [True, False], ids=["served", "local"])
def test_a_full_stdout_is_a_one_line_diagnostic(runtime: Path, tmp_path: Path, on: bool,
                                                iree_opt_path: str) -> None:
    """``halflow build IN > /dev/full``: what ``-o /dev/full`` says, for
    ``<stdout>``, exit 1 (as ``iree-opt``), served or not."""
    _started_server(runtime, tmp_path)
    src = tmp_path / "warmup.mlir"
    with open("/dev/full", "wb") as full:
        run = subprocess.run(halflow_cmd("build", src), env=env_for(runtime, on=on),
                             cwd=tmp_path, stdout=full, stderr=subprocess.PIPE, timeout=300,
                             stdin=subprocess.DEVNULL)
        oracle = subprocess.run([iree_opt_path, "--iree-hal-materialize-interfaces", src],
                                stdout=full, stderr=subprocess.DEVNULL, timeout=300)
    assert run.returncode == oracle.returncode == 1
    assert run.stderr.decode() == (
        "<stdout>:0:0: error: cannot write output: No space left on device\n")
    assert builds_of(runtime) == (1 if on else 0)


@pytest.mark.parametrize("lang", ["C", None], ids=["LANG=C", "env -i"])
def test_the_server_starts_and_serves_in_the_c_locale(runtime: Path, tmp_path: Path,
                                                      lang: str | None) -> None:
    """Under ``env -i [LANG=C]`` (cron, CI containers) Python coerces the C
    locale (``LC_CTYPE=C.UTF-8``, which the server inherits) and turns
    UTF-8 mode on in the client; the server it starts must be the same
    installation (its fingerprint) and serve the next build, which is the
    local build's bytes."""
    bare = {"PYTHONPATH": str(REPO), "HALFLOW_RUNTIME_DIR": str(runtime)}
    if lang is not None:
        bare["LANG"] = lang
    src = tmp_path / "in.mlir"
    original = corpus_file("mlp_s.mlir").read_text()
    src.write_text(original)
    local = {**bare, "HALFLOW_SERVER": "0"}
    for name, env in (("first", bare), ("served", bare), ("local", local)):
        if name != "first":
            src.write_text(body_edit(original, Module.parse(original).executables()[0]))
        ok(subprocess.run(halflow_cmd("build", src, "-o", tmp_path / f"{name}.out", "--cache-dir",
                                      tmp_path / f"c-{name}"),
                          env=env, cwd=tmp_path, capture_output=True, timeout=300,
                          stdin=subprocess.DEVNULL))
        if name == "first":
            wait_for_servers(runtime, timeout=30)
        elif name == "served":
            assert builds_of(runtime) == 1, "the server's child did not run the build"
    assert (tmp_path / "served.out").read_bytes() == (tmp_path / "local.out").read_bytes()


def _lock_record(runtime: Path) -> tuple[str, int]:
    (lock,) = runtime.glob("s-*.lock")
    return lock.read_text(), lock.stat().st_mtime_ns


def test_a_server_that_cannot_start_is_not_started_again_for_a_while(tmp_path: Path) -> None:
    """A server that cannot listen (here: its socket's path is longer than
    a Unix socket's, as real as a directory out of inodes) says why in its
    lock file; builds then run locally without starting another until
    ``RETRY_AFTER`` seconds have passed."""
    from halflow.cli import server_identity

    runtime = tmp_path / ("r" * 110)
    src = tmp_path / "in.mlir"
    shutil.copyfile(corpus_file("mlp_s.mlir"), src)
    failed = before = ("", 0)
    try:
        for n in range(3):
            if n == 2:  # a while later
                (lock,) = runtime.glob("s-*.lock")
                old = time.time() - server_identity.RETRY_AFTER - 1
                os.utime(lock, (old, old))
                before = _lock_record(runtime)
            ok(halflow("build", src, "-o", tmp_path / f"{n}.out", env=env_for(runtime),
                       cwd=tmp_path))
            if n == 1:
                assert _lock_record(runtime) == failed, "another server was started"
                continue
            deadline = time.monotonic() + 60
            while not runtime.is_dir() or not list(runtime.glob("s-*.lock")) or not (
                    _lock_record(runtime)[0].startswith("failed")):
                assert time.monotonic() < deadline, "the server did not say why it stopped"
                time.sleep(0.05)
            failed = _lock_record(runtime)
            assert "AF_UNIX path too long" in failed[0]
            if n == 2:
                assert failed[1] != before[1], "not tried again"
        assert servers(runtime) == [] and not list(runtime.glob("*.sock"))
        status = halflow("server", "status", env=env_for(runtime), cwd=tmp_path)
        assert status.returncode == 1
        lines = status.stdout.decode().splitlines()
        assert lines[0] == "no build server of this installation is running"
        assert lines[1].startswith("the last start failed: OSError: AF_UNIX path too long (")
    finally:
        stop_servers(runtime)


def test_a_server_whose_socket_is_removed_is_found_and_stopped(runtime: Path,
                                                               tmp_path: Path) -> None:
    """A cleaned-up runtime directory: the server makes its socket again;
    ``halflow server status`` and ``stop`` reach it at once; builds use it."""
    server = _started_server(runtime, tmp_path)
    (sock,) = runtime.glob("s-*.sock")
    sock.unlink()
    status = ok(halflow("server", "status", "--json", env=env_for(runtime), cwd=tmp_path))
    assert json.loads(status.stdout)["pid"] == server["pid"]
    assert sock.exists()
    src = tmp_path / "warmup.mlir"
    ok(halflow("build", src, "-o", tmp_path / "again.out", env=env_for(runtime), cwd=tmp_path))
    assert builds_of(runtime) == 1
    stop = ok(halflow("server", "stop", env=env_for(runtime), cwd=tmp_path))
    assert stop.stdout.decode() == f"stopping build server {server['pid']}\n"
    assert wait_gone(server["pid"], timeout=30)


def _children(pid: int) -> list[int]:
    try:
        return [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


def _read(file: IO[bytes]) -> bytes:
    file.seek(0)
    return file.read()


def test_a_server_stopped_mid_build_does_not_hold_the_build_up(
        runtime: Path, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    """SIGSTOP to the server while its child builds: the child finishes and
    writes the output; the command, told nothing by the stopped server
    ``ANSWER_TIMEOUT`` seconds after the build's process ended, builds
    again here (input and output are files: doing it again changes
    nothing): the same output, exit 0 (docs/usage.md, "a server that stops
    answering")."""
    from halflow.cli import server_client

    server = _started_server(runtime, tmp_path)["pid"]
    stack = contextlib.ExitStack()
    request.addfinalizer(stack.close)
    src = tmp_path / "big.mlir"  # a cold build of seconds: the server is stopped during it
    shutil.copyfile(corpus_file("llama_serving.mlir"), src)
    for attempt in range(3):
        out = tmp_path / f"big{attempt}.out"
        # The command's stdout and stderr are files, not pipes: a server
        # stopped between taking the client's descriptors and handing them
        # to its fork holds them, so a pipe would not end with the command.
        stdout, stderr = (stack.enter_context(open(tmp_path / f"{attempt}.{n}", "w+b"))  # noqa: SIM115 (the stack closes them)
                          for n in ("out", "err"))
        proc = subprocess.Popen(halflow_cmd("build", src, "-o", out, "--cache-dir",
                                            tmp_path / f"c{attempt}"),
                                env=env_for(runtime), cwd=tmp_path, stdin=subprocess.DEVNULL,
                                stdout=stdout, stderr=stderr)
        while not (children := _children(server)):
            assert proc.poll() is None, stderr.read()
        # (Stopped right after the fork too: the build's process, not the
        # server, tells the client its pid.)
        os.kill(server, signal.SIGSTOP)
        if alive(child := children[0]):
            break
        os.kill(server, signal.SIGCONT)  # done already: again, on a cold cache
        ok(subprocess.CompletedProcess(proc.args, proc.wait(), b"", _read(stderr)))
    else:
        pytest.fail("every build ended before the server was stopped")
    try:
        assert wait_gone(child, timeout=120)
        ended = time.monotonic()
        try:
            proc.wait(timeout=server_client.ANSWER_TIMEOUT + 120)
            err = _read(stderr)
        except subprocess.TimeoutExpired:
            proc.kill()
            raise AssertionError("the command waits for the stopped server") from None
        assert _state(server) == "T", "the server was continued"
    finally:
        os.kill(server, signal.SIGCONT)
    assert proc.returncode == 0 and err == b"", err.decode()[-3000:]
    assert time.monotonic() - ended >= server_client.ANSWER_TIMEOUT
    local = ok(halflow("build", src, "-o", tmp_path / "local.out", "--cache-dir",
                       tmp_path / "c-local", env=env_for(runtime, on=False), cwd=tmp_path))
    assert local.returncode == 0 and out.read_bytes() == (tmp_path / "local.out").read_bytes()


@pytest.mark.parametrize("fifo", ["input", "output"])
def test_a_server_stopped_mid_build_of_a_pipe_says_so(runtime: Path, tmp_path: Path,
                                                      fifo: str) -> None:
    """As above, but the input or the output is a FIFO: the input cannot
    be read again, the output would get the module twice. The command says
    that the server did not report the end, exit 1; what the build wrote
    is complete."""
    _started_server(runtime, tmp_path)
    if fifo == "input":
        proc, child = _blocked_build(runtime, tmp_path, on=True)
    else:
        pipe = tmp_path / "out.fifo"
        os.mkfifo(pipe)
        proc = subprocess.Popen(halflow_cmd("build", tmp_path / "warmup.mlir", "-o", pipe),
                                env=env_for(runtime), cwd=tmp_path, stdin=subprocess.DEVNULL,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        deadline = time.monotonic() + 60
        while not ((found := servers(runtime)) and found[0]["running"]
                   and _wchan(child := found[0]["running"][0]) == "wait_for_partner"):
            assert proc.poll() is None and time.monotonic() < deadline, proc.communicate()
            time.sleep(0.02)
    (server,) = [s["pid"] for s in servers(runtime)]
    os.kill(server, signal.SIGSTOP)
    try:
        if fifo == "input":
            (tmp_path / "fifo.mlir").write_bytes(corpus_file("mlp_s.mlir").read_bytes())
        else:
            written = pipe.read_bytes()
        assert wait_gone(child, timeout=60)
        try:
            out, err = proc.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            proc.kill()
            raise AssertionError("the command waits for the stopped server") from None
    finally:
        os.kill(server, signal.SIGCONT)
    assert (proc.returncode, out, err.decode()) == (
        1, b"", "halflow: error: the build server did not say how the build ended (its output "
        "is complete or untouched); run the build again\n")
    if fifo == "input":
        written = (tmp_path / "f.out").read_bytes()
    assert written == (tmp_path / "warmup.out").read_bytes()


def test_a_server_whose_runtime_directory_is_removed_stops(runtime: Path,
                                                           tmp_path: Path) -> None:
    """The whole runtime directory removed (its lock file with it): the
    server is no longer the installation's and stops; the server the next
    build starts in the new directory keeps its socket and serves."""
    from halflow.cli import server_identity

    old = _started_server(runtime, tmp_path)["pid"]
    os.kill(old, signal.SIGSTOP)  # (it looks again only once the new one listens)
    try:
        shutil.rmtree(runtime)
        src = tmp_path / "warmup.mlir"
        ok(halflow("build", src, "-o", tmp_path / "a.out", env=env_for(runtime), cwd=tmp_path))
        (new,) = wait_for_servers(runtime)
    finally:
        os.kill(old, signal.SIGCONT)
    assert wait_gone(old, timeout=30), "the server of the removed directory runs on"
    time.sleep(2 * server_identity.CHECK_SOCKET + 0.5)
    ok(halflow("build", src, "-o", tmp_path / "b.out", env=env_for(runtime), cwd=tmp_path))
    assert [(s["pid"], s["builds"]) for s in servers(runtime)] == [(new["pid"], 1)]


def test_the_report_gives_the_memory_of_the_fork_that_built(warm: tuple[Path, Path]) -> None:
    """Through the server, ``--report``'s ``memory`` is the peak resident
    memory of the server's fork that ran the build (what the server reaps),
    not the client's (which never loads MLIR: ~15 MB)."""
    runtime, cwd = warm
    src = corpus_file("llama_l2.mlir")
    report = cwd / "mem.json"
    client = _client_peak_kb("build", src, "-o", cwd / "mem.mlir", "--cache-dir", cwd / "cm",
                             "--report", report, env=env_for(runtime), cwd=cwd)
    memory = load_report(report)["memory"]
    (status,) = servers(runtime)
    assert 0 < memory["peak_rss_kb"] <= status["last_maxrss_kb"]
    assert memory["peak_rss_kb"] > 2 * client, (memory, client)


def _client_peak_kb(*args: object, env: dict[str, str], cwd: Path) -> int:
    """Run ``halflow ARGS`` as the only child of a fresh Python: its peak
    resident memory (KiB)."""
    measure = ("import resource, subprocess, sys; "
               "subprocess.run(sys.argv[1:], check=True, stdin=subprocess.DEVNULL); "
               "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
    run = subprocess.run([sys.executable, "-c", measure, *halflow_cmd(*map(str, args))],
                         env=env, cwd=cwd, capture_output=True, timeout=300)
    assert run.returncode == 0, run.stderr.decode(errors="replace")[-4000:]
    return int(run.stdout.split()[-1])
