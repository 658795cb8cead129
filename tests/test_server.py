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
from typing import Any

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
