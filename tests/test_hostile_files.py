"""Hostile file systems, as processes and real files: one writer for every
output (FIFOs and devices written in place, never replaced), what killed
builds leave behind, a full disk, over-long paths, a read-only cache folder.

The full disk and the read-only folder are real: a small tmpfs and a
read-only bind mount (``mount``, which needs root); where this sandbox
cannot mount, those tests skip and say why.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import signal
import stat
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import corpus_file
from support.engine import (
    halflow_cmd,
    iree_opt_path,
    run_halflow,
    run_iree_opt,
    subprocess_env,
)
from test_codegen import FLAGS, MLP_SHAPES, PROGRAMS, assert_same_outputs, plain_compile

VMFB = ("--to", "vmfb")


def ok(proc: subprocess.CompletedProcess[bytes]) -> str:
    err = proc.stderr.decode()
    assert proc.returncode == 0, err[-3000:]
    assert "Traceback" not in err
    return err


def warnings(err: str) -> list[str]:
    return [line for line in err.splitlines() if line.startswith("halflow: warning:")]


def _mount(*args: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(["mount", *args], capture_output=True, timeout=30)


@contextlib.contextmanager
def mounted(where: Path, *args: str) -> Iterator[Path]:
    """``mount ARGS WHERE`` for the block, or the test skips with the reason."""
    where.mkdir(exist_ok=True)
    run = _mount(*args, str(where))
    if run.returncode != 0:
        pytest.skip(f"cannot mount here (mount {' '.join(args)}): "
                    f"{run.stderr.decode().strip() or run.returncode}")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], capture_output=True, timeout=30)


def small_filesystem(where: Path, size: str) -> contextlib.AbstractContextManager[Path]:
    return mounted(where, "-t", "tmpfs", "-o", f"size={size}", "tmpfs")


@contextlib.contextmanager
def read_only_view(source: Path, where: Path) -> Iterator[Path]:
    """``source`` seen read-only at ``where`` (a read-only bind mount)."""
    with mounted(where, "--bind", str(source)):
        run = _mount("-o", "remount,ro,bind", str(where))
        if run.returncode != 0:
            pytest.skip(f"cannot remount read-only: {run.stderr.decode().strip()}")
        yield where


def fill(folder: Path) -> None:
    """Fill the file system of ``folder`` to the last byte."""
    with open(folder / "filler", "wb", buffering=0) as f:
        block = b"\0" * (1 << 16)
        with contextlib.suppress(OSError):
            while True:
                f.write(block)
        with contextlib.suppress(OSError):
            while True:
                f.write(b"\0")


def listing(folder: Path) -> list[tuple[str, int, int]]:
    return sorted((str(p.relative_to(folder)), p.stat().st_size, p.stat().st_mtime_ns)
                  for p in folder.rglob("*"))


def dead_pid() -> int:
    """The id of a process that has ended."""
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    return proc.pid


# -- the one writer ---------------------------------------------------------------------------


def test_writer_takes_chunks_keeps_modes_and_fails_cleanly(tmp_path: Path) -> None:
    """Chunks (bytes, memoryviews) are written as one file; a replaced file
    keeps its mode; a link is written through; a write that fails keeps
    the previous content and leaves no temporary file."""
    from halflow.core.output import write_atomic

    out = tmp_path / "out.bin"
    out.write_bytes(b"old")
    out.chmod(0o640)
    big = bytes(range(256)) * 4096
    write_atomic(out, [b"head:", memoryview(big)[1:], bytearray(b":tail")])
    assert out.read_bytes() == b"head:" + big[1:] + b":tail"
    assert stat.S_IMODE(out.stat().st_mode) == 0o640

    def failing() -> Iterator[bytes]:
        yield b"partial"
        raise OSError(errno.EIO, "device went away")

    with pytest.raises(OSError, match="device went away"):
        write_atomic(out, failing())
    assert out.read_bytes().startswith(b"head:")
    link = tmp_path / "link.txt"
    link.symlink_to(out)
    write_atomic(link, "via the link\n")
    assert link.is_symlink() and out.read_text() == "via the link\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.txt", "out.bin"]


def test_fifo_device_and_stdout_outputs_are_written_in_place(tmp_path: Path) -> None:
    """``--to vmfb -o FIFO`` hands a reader the very bytes a regular output
    gets and leaves the FIFO a FIFO; ``-o /dev/null`` leaves the device
    (as root a rename would replace it); ``-o /dev/stdout`` appends to the
    log stdout is opened on instead of replacing that file."""
    cache = tmp_path / "cache"
    regular = tmp_path / "mlp.vmfb"
    ok(run_halflow("build", PROGRAMS / "mlp.mlir", *VMFB, "-o", regular, "--cache-dir", cache,
                   "--", *FLAGS))
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    received: list[bytes] = []

    def drain() -> None:
        with fifo.open("rb") as reader:
            received.append(reader.read())

    reader = threading.Thread(target=drain, daemon=True)
    reader.start()
    ok(run_halflow("build", PROGRAMS / "mlp.mlir", *VMFB, "-o", fifo, "--cache-dir", cache,
                   "--", *FLAGS))
    reader.join(timeout=60)
    assert stat.S_ISFIFO(fifo.lstat().st_mode), "the FIFO was replaced by a regular file"
    assert received == [regular.read_bytes()]

    null = os.stat("/dev/null")
    ok(run_halflow("build", PROGRAMS / "mlp.mlir", *VMFB, "-o", "/dev/null", "--cache-dir",
                   cache, "--", *FLAGS))
    after = os.stat("/dev/null")
    assert stat.S_ISCHR(after.st_mode) and after.st_rdev == null.st_rdev
    assert after.st_ino == null.st_ino

    source = corpus_file("mlp_s.mlir")
    log = tmp_path / "build.log"
    log.write_bytes(b"earlier lines\n")
    inode = log.stat().st_ino
    with log.open("ab") as stdout:
        run = subprocess.run(halflow_cmd("build", source, "-o", "/dev/stdout", "--cache-dir",
                                         cache), stdout=stdout, stderr=subprocess.PIPE,
                             env=subprocess_env(), timeout=300)
    assert run.returncode == 0, run.stderr.decode()
    assert log.stat().st_ino == inode, "the file behind /dev/stdout was replaced"
    oracle = run_iree_opt(source)
    assert log.read_bytes() == b"earlier lines\n" + oracle.stdout.encode()
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "build.log", "cache", "mlp.vmfb", "pipe"]


# -- what killed builds leave -----------------------------------------------------------------


_KILLED_WRITER = """
import os, signal, sys
from halflow.core.output import write_atomic

def chunks():
    yield b"x" * 100000
    os.kill(os.getpid(), signal.SIGKILL)  # killed while writing
    yield b""

write_atomic(sys.argv[1], chunks())
"""


def test_a_killed_build_leaves_nothing_the_next_build_keeps(tmp_path: Path) -> None:
    """A ``--to vmfb`` build SIGKILLed during its front-end has created no
    temporary output (it is created when the ``.vmfb`` is written), and the
    front-end folder it leaves in the temporary folder is removed by the
    next build; so is the temporary file of a writer killed while writing.
    What is not halflow's own, or belongs to a live process, stays."""
    temp, out_dir = tmp_path / "tmp", tmp_path / "out"
    temp.mkdir()
    out_dir.mkdir()
    out = out_dir / "mlp.vmfb"
    env = subprocess_env(TMPDIR=str(temp), HALFLOW_SERVER="0")  # (the pid is the process's)
    build = halflow_cmd("build", PROGRAMS / "mlp.mlir", *VMFB, "-o", out, "--cache-dir",
                        tmp_path / "cache", "--", *FLAGS)
    proc = subprocess.Popen(build, env=env, start_new_session=True,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while not any(p.name.startswith("halflow-frontend-") for p in temp.iterdir()):
        assert proc.poll() is None and time.monotonic() < deadline, "no front-end started"
        time.sleep(0.005)
    os.killpg(proc.pid, signal.SIGKILL)  # the build and the iree-compile it runs
    proc.wait()
    assert list(out_dir.iterdir()) == [], "a temporary output exists before it is written"
    (frontend,) = temp.iterdir()
    assert frontend.name.startswith(f"halflow-frontend-{proc.pid}-")

    writer = subprocess.Popen([sys.executable, "-c", _KILLED_WRITER, str(out)], env=env)
    assert writer.wait(timeout=60) == -signal.SIGKILL
    (partial,) = out_dir.iterdir()
    assert partial.name.startswith(f".mlp.vmfb.{writer.pid}.") and partial.stat().st_size
    dead = dead_pid()
    legacy = out_dir / f".mlp.vmfb.{dead}.halflow-tmp"  # what earlier versions left
    legacy.touch()
    kept = [
        out_dir / f".mlp.vmfb.{os.getpid()}.0123abcd.halflow-tmp",  # a live writer's
        out_dir / f".mlp.vmfb.{dead}.tmp",  # not halflow's naming
        out_dir / "notes.halflow-tmp.txt",
        temp / f"halflow-frontend-{os.getpid()}-abcdefgh",  # a live build's
        temp / "halflow-frontend-notes",
        temp / f"other-{dead}-abcdefgh",
    ]
    for path in kept:
        if path.parent == temp:
            path.mkdir()
        else:
            path.write_text("keep me\n")

    ok(subprocess.run(build, env=env, capture_output=True, timeout=300))
    assert out.stat().st_size > 0
    assert not frontend.exists() and not partial.exists() and not legacy.exists()
    assert sorted(out_dir.iterdir()) == sorted([out, *(p for p in kept if p.parent == out_dir)])
    assert sorted(temp.iterdir()) == sorted(p for p in kept if p.parent == temp)


def test_a_live_writers_file_is_kept_whatever_its_token(tmp_path: Path) -> None:
    """A temporary name is ``.NAME.<pid>.<8 hex>.halflow-tmp``; a token of
    eight decimal digits (one name in 40) is still the token: the file of a
    live writer stays, whatever the output's name holds, and a dead one's
    goes (read as the pid, the token named no process, and a .vmfb IREE was
    still writing beside the output was removed)."""
    from halflow.core.output import remove_leftovers

    live, dead = os.getpid(), dead_pid()
    kept = [tmp_path / f".{name}.{live}.{token}.halflow-tmp"
            for name in ("m.vmfb", "m.12345678.vmfb", "m.7", "v.99999999")
            for token in ("26731104", "0123abcd")]
    gone = [tmp_path / f".{name}.{dead}.{token}.halflow-tmp"
            for name in ("m.vmfb", "m.7") for token in ("26731104", "0123abcd")]
    gone.append(tmp_path / f".m.vmfb.{dead}.halflow-tmp")  # earlier versions' name
    for path in kept + gone:
        path.write_text("x")
    assert remove_leftovers(tmp_path) == len(gone)
    assert sorted(tmp_path.iterdir()) == sorted(kept)


# -- a full disk ------------------------------------------------------------------------------


# An edit of one executable's body (the first dispatch with a max-reduction).
EDIT = ("%cst_0 = arith.constant -3.40282347E+38 : f32", "%cst_0 = arith.constant -3.0E+38 : f32")


def _edited(source: Path, dest: Path) -> Path:
    text = source.read_text()
    assert EDIT[0] in text
    dest.write_text(text.replace(*EDIT, 1))
    return dest


def test_full_disk_mlir_builds_on_and_is_never_damage(tmp_path: Path) -> None:
    """A 1000-executable module with its cache on a small file system: one
    warning, the output iree-opt writes, nothing moved aside. A cache that
    fills up after a build is still read: the next build after an edit
    reuses what it holds."""
    big = corpus_file("openelm_serving.mlir")
    with small_filesystem(tmp_path / "small", "2m") as small:
        cache, out = small / "cache", tmp_path / "out.mlir"
        err = ok(run_halflow("build", big, "-o", out, "--cache-dir", cache))
        assert len(warnings(err)) == 1 and "is full" in err, err
        assert out.read_text() == run_iree_opt(big).stdout
        assert not [p for p in cache.iterdir() if p.name.startswith("damaged-")]

    source = corpus_file("llama_serving.mlir")
    with small_filesystem(tmp_path / "roomy", "24m") as roomy:
        cache, out, report = roomy / "cache", tmp_path / "llama.mlir", tmp_path / "r.json"
        model = tmp_path / "model.mlir"
        model.write_bytes(source.read_bytes())
        assert warnings(ok(run_halflow("build", model, "-o", out, "--cache-dir", cache))) == []
        fill(roomy)
        _edited(source, model)
        err = ok(run_halflow("build", model, "-o", out, "--cache-dir", cache,
                             "--report", report))
        assert len(warnings(err)) == 1 and "is full" in err, err
        assert out.read_text() == run_iree_opt(model).stdout
        data = json.loads(report.read_text())
        assert data["reused"] > 10 * len(data["executed"]), "the full cache was not read"
        assert not [p for p in cache.iterdir() if p.name.startswith("damaged-")]


def test_full_disk_vmfb_builds_on_and_a_full_output_disk_is_an_error(tmp_path: Path) -> None:
    """``--to vmfb`` with its cache on a small file system: one warning, and
    the ``.vmfb`` runs as iree-compile's. An output on a full file system
    is a diagnosed error (exit 1) that keeps the previous output and
    leaves no temporary file."""
    plain = plain_compile(PROGRAMS / "mlp.mlir", tmp_path / "plain.vmfb")
    out = tmp_path / "mlp.vmfb"
    with small_filesystem(tmp_path / "small", "300k") as small:
        full_out = small / "mlp.vmfb"
        full_out.write_bytes(b"previous")
        err = ok(run_halflow("build", PROGRAMS / "mlp.mlir", *VMFB, "-o", out,
                             "--cache-dir", small / "cache", "--", *FLAGS))
        assert len(warnings(err)) == 1 and "is full" in err, err
        assert_same_outputs(out, plain, MLP_SHAPES)
        assert not [p for p in (small / "cache").iterdir() if p.name.startswith("damaged-")]

        fill(small)
        run = run_halflow("build", PROGRAMS / "mlp.mlir", *VMFB, "-o", full_out, "--no-cache",
                          "--", *FLAGS)
        err = run.stderr.decode()
        assert run.returncode == 1 and "Traceback" not in err, err
        # (IREE writes the .vmfb, and says so in its words.)
        assert ":0:0: error: " in err and "No space left on device" in err, err
        assert full_out.read_bytes() == b"previous"
        assert not [p for p in small.iterdir() if p.name.endswith(".halflow-tmp")]


# -- over-long paths --------------------------------------------------------------------------


def test_over_long_paths_are_diagnosed(tmp_path: Path) -> None:
    """A 300-character file name and a path past PATH_MAX, as input (build,
    ``--to vmfb``, watch) or output: iree-opt's words for an input (as
    halflow reports a missing one), halflow's for an output, exit 1."""
    long_name = tmp_path / ("a" * 300 + ".mlir")
    past_max = tmp_path.joinpath(*["d"] * 2100, "x.mlir")
    source = corpus_file("mlp_s.mlir")
    for bad in (long_name, past_max):
        oracle = subprocess.run([iree_opt_path(), "--iree-hal-materialize-interfaces", bad],
                                capture_output=True, text=True, timeout=60)
        assert oracle.returncode == 1 and "File name too long" in oracle.stderr
        message = oracle.stderr.strip()
        cache = ["--cache-dir", tmp_path / "cache"]
        for args in (["build", bad, *cache], ["watch", bad, "-o", tmp_path / "w.mlir", *cache],
                     ["build", bad, *VMFB, "-o", tmp_path / "x.vmfb", *cache, "--", *FLAGS]):
            run = run_halflow(*args, timeout=60)
            err = run.stderr.decode()
            assert run.returncode == 1 and "Traceback" not in err, err
            assert err.startswith(f"{bad}:0:0: error: ") and message in err, err
        for args in (["build", source, "-o", bad, *cache],
                     ["build", PROGRAMS / "mlp.mlir", "-o", bad, *VMFB, *cache, "--", *FLAGS]):
            run = run_halflow(*args)
            err = run.stderr.decode()
            assert run.returncode == 1 and "Traceback" not in err, err
            assert f"{bad}:0:0: error: cannot write output file: File name too long" in err
    assert {p.name for p in tmp_path.iterdir()} <= {"cache"}


# -- a read-only cache folder -----------------------------------------------------------------


def test_read_only_cache_folder_is_read_after_one_warning(tmp_path: Path) -> None:
    """A cache folder that cannot be written (a read-only file system) is
    used read-only by MLIR and ``.vmfb`` builds alike: one warning, what
    it holds is reused, nothing in it changes. ``--cache-read-only`` reads
    it without a word."""
    cache = tmp_path / "cache"
    source = corpus_file("llama_l2.mlir")
    model = tmp_path / "model.mlir"
    model.write_bytes(source.read_bytes())
    ok(run_halflow("build", model, "-o", tmp_path / "first.mlir", "--cache-dir", cache))
    vmfb = tmp_path / "first.vmfb"
    ok(run_halflow("build", PROGRAMS / "mlp.mlir", *VMFB, "-o", vmfb, "--cache-dir", cache,
                   "--", *FLAGS))
    before = listing(cache)
    _edited(source, model)
    report = tmp_path / "r.json"
    with read_only_view(cache, tmp_path / "ro") as ro:
        err = ok(run_halflow("build", model, "-o", tmp_path / "out.mlir", "--cache-dir", ro,
                             "--report", report))
        assert warnings(err) == [
            f"halflow: warning: cache directory {ro} is not writable: using it read-only "
            "(nothing this build makes is cached)"]
        assert (tmp_path / "out.mlir").read_text() == run_iree_opt(model).stdout
        data = json.loads(report.read_text())
        assert data["reused"] > 5 * len(data["executed"]), data["executed"]

        out = tmp_path / "out.vmfb"
        err = ok(run_halflow("build", PROGRAMS / "mlp.mlir", *VMFB, "-o", out, "--cache-dir",
                             ro, "--report", report, "--", *FLAGS))
        assert len(warnings(err)) == 1 and "using it read-only" in err, err
        assert out.read_bytes() == vmfb.read_bytes()
        codegen = json.loads(report.read_text())["codegen"]
        assert codegen and {e["action"] for e in codegen} == {"reused"}

        err = ok(run_halflow("build", model, "-o", tmp_path / "again.mlir", "--cache-dir", ro,
                             "--cache-read-only"))
        assert warnings(err) == []
    assert listing(cache) == before
