"""Safe concurrency, atomic outputs, SIGKILL and a damaged cache.

Real ``python -m halflow build`` processes on one real cache directory:

- four builds at once (identical inputs, edited inputs, another model) all
  produce iree-opt's output, cold and warm;
- outputs are replaced atomically: a reader polling the output file while
  builds replace it only ever sees a complete output, and no temporary
  file is left behind;
- a build killed with SIGKILL at random moments leaves a cache from which
  the next build is correct;
- truncated, bit-flipped and deleted files under the cache directory (the
  SQLite index and the value files) never make a build wrong or fail: it
  exits 0 with the right output and warns on stderr, without a traceback.
"""

from __future__ import annotations

import os
import random
import shutil
import signal
import sqlite3
import subprocess
import threading
import time
from pathlib import Path

import pytest
from support.engine import (
    Module,
    body_edit,
    corpus_file,
    corpus_text,
    halflow_cmd,
    load_report,
    reference_output,
    run_halflow,
    sigint_as_at_a_terminal,
    subprocess_env,
)


def start(*args: str | os.PathLike[str]) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        halflow_cmd(*args), env=subprocess_env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        preexec_fn=sigint_as_at_a_terminal,
    )


def finish(proc: subprocess.Popen[bytes], timeout: float = 300) -> tuple[int, str]:
    _, err = proc.communicate(timeout=timeout)
    return proc.returncode, err.decode()


def edited_copy(name: str, path: Path, which: int = 3) -> Path:
    text = corpus_text(name)
    path.write_text(body_edit(text, Module.parse(text).executables()[which], bump=which))
    return path


def leftovers(directory: Path) -> list[str]:
    return sorted(p.name for p in directory.iterdir() if p.name.startswith(".") or ".tmp" in p.name)


# -- four processes, one cache ----------------------------------------------------------


def test_four_builds_at_once_on_one_cache(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    a = tmp_path / "gpt2_l2.mlir"
    shutil.copyfile(corpus_file("gpt2_l2.mlir"), a)
    b = tmp_path / "openelm_l16.mlir"
    shutil.copyfile(corpus_file("openelm_l16.mlir"), b)
    a_edit = edited_copy("gpt2_l2.mlir", tmp_path / "gpt2_l2_edit.mlir")
    outs = tmp_path / "out"
    outs.mkdir()
    for round_ in range(2):
        # Same input twice (same document, same state key), an edited copy,
        # another model.
        jobs = [
            (a, outs / "a1.mlir"),
            (a, outs / "a2.mlir"),
            (a_edit, outs / "a3.mlir"),
            (b, outs / "b.mlir"),
        ]
        procs = [start("build", src, "-o", out, "--cache-dir", cache) for src, out in jobs]
        for (src, out), proc in zip(jobs, procs, strict=True):
            code, err = finish(proc)
            assert code == 0, err
            assert "Traceback" not in err and "warning" not in err, err
            assert out.read_text() == reference_output(src), f"round {round_}: {src.name}"
        assert leftovers(outs) == []
        # Round 2: every input changes (an incremental build for each).
        a.write_text(body_edit(a.read_text(), Module.parse(a.read_text()).executables()[7]))
        b.write_text(body_edit(b.read_text(), Module.parse(b.read_text()).executables()[50]))
        edited = a_edit.read_text()
        a_edit.write_text(body_edit(edited, Module.parse(edited).executables()[9]))
    # Afterwards the cache answers each (unchanged) input without work.
    for src in (a, b, a_edit):
        proc = run_halflow(
            "build",
            src,
            "-o",
            outs / "again.mlir",
            "--cache-dir",
            cache,
            "--report",
            tmp_path / "r.json",
        )
        assert proc.returncode == 0, proc.stderr.decode()
        assert (outs / "again.mlir").read_text() == reference_output(src)


def test_output_replaced_atomically_under_concurrent_builds(tmp_path: Path) -> None:
    """Four processes keep rebuilding two inputs into the same output file
    while a reader polls it: every read is one complete output."""
    cache = tmp_path / "cache"
    a = tmp_path / "a.mlir"
    shutil.copyfile(corpus_file("openelm_l16.mlir"), a)
    b = edited_copy("openelm_l16.mlir", tmp_path / "b.mlir", which=40)
    expected = {reference_output(a), reference_output(b)}
    outdir = tmp_path / "out"
    outdir.mkdir()
    out = outdir / "model.hal.mlir"

    stop = threading.Event()
    seen: dict[str, int] = {"complete": 0, "missing": 0}
    bad: list[str] = []

    def reader() -> None:
        while not stop.is_set():
            try:
                data = out.read_text()
            except FileNotFoundError:
                seen["missing"] += 1
                continue
            if data in expected:
                seen["complete"] += 1
            else:
                bad.append(f"{len(data)} bytes: ...{data[-80:]!r}")

    thread = threading.Thread(target=reader, daemon=True)
    thread.start()
    try:
        for rounds in range(3):
            order = [a, b, a, b] if rounds % 2 == 0 else [b, a, b, a]
            procs = [start("build", src, "-o", out, "--cache-dir", cache) for src in order]
            for proc in procs:
                code, err = finish(proc)
                assert code == 0, err
    finally:
        stop.set()
        thread.join(10)
    assert not bad, f"reader saw {len(bad)} partial outputs, e.g. {bad[0]}"
    assert seen["complete"] > 0
    assert out.read_text() in expected
    assert leftovers(outdir) == []


# -- SIGKILL -----------------------------------------------------------------------------


def timed_build(src: Path, out: Path, cache: Path) -> float:
    t0 = time.perf_counter()
    proc = run_halflow("build", src, "-o", out, "--cache-dir", cache)
    assert proc.returncode == 0, proc.stderr.decode()
    return time.perf_counter() - t0


def kill_after(args: list, delay: float) -> int:
    proc = start(*args)
    time.sleep(delay)
    proc.send_signal(signal.SIGKILL)
    proc.communicate(timeout=60)
    return proc.returncode


def check_after_kill(src: Path, out: Path, cache: Path, previous: str | None) -> None:
    # The output is the previous complete one (or absent), never a torso.
    if out.exists():
        assert out.read_text() in {previous, reference_output(src)}
    else:
        assert previous is None
    proc = run_halflow(
        "build", src, "-o", out, "--cache-dir", cache, "--report", out.with_suffix(".json")
    )
    err = proc.stderr.decode()
    assert proc.returncode == 0 and "Traceback" not in err, err
    assert out.read_text() == reference_output(src)


def test_sigkill_at_random_moments_leaves_a_usable_cache(tmp_path: Path) -> None:
    """Kill cold builds of a large model at random moments (weighted towards
    the end, where the cache is written), repeatedly on one cache and on
    fresh caches, then kill incremental builds: every next build is right."""
    name = "llama_serving.mlir"
    src = tmp_path / name
    shutil.copyfile(corpus_file(name), src)
    out = tmp_path / "out.mlir"
    rng = random.Random(20240531)
    duration = timed_build(src, tmp_path / "calibrate.mlir", tmp_path / "calibrate-cache")

    # Fresh cache each time: kill, then a full build.
    for trial in range(3):
        cache = tmp_path / f"cache{trial}"
        delay = rng.uniform(0.25, 1.05) * duration
        kill_after(["build", src, "-o", out, "--cache-dir", cache], delay)
        check_after_kill(src, out, cache, None if trial == 0 else reference_output(src))

    # Several kills in a row on one cache (each may leave partial writes).
    cache = tmp_path / "cache-many"
    for _ in range(4):
        kill_after(
            ["build", src, "-o", out, "--cache-dir", cache], rng.uniform(0.1, 1.05) * duration
        )
    check_after_kill(src, out, cache, reference_output(src))

    # Kill incremental builds (an edit per attempt).
    text = corpus_text(name)
    names = Module.parse(text).executables()
    for attempt in range(3):
        previous = out.read_text()
        src.write_text(body_edit(text, names[rng.randrange(len(names))], bump=attempt + 1))
        kill_after(
            ["build", src, "-o", out, "--cache-dir", cache], rng.uniform(0.15, 0.9) * duration / 2
        )
        check_after_kill(src, out, cache, previous)


def test_ctrl_c_aborts_cleanly_and_leaves_a_usable_cache(tmp_path: Path) -> None:
    """SIGINT (Ctrl-C) during a cold build, at several moments: exit status
    1 with "Aborted!" as the full command line says it, no traceback, no
    partial output, and the next build is right."""
    name = "llama_serving.mlir"
    src = tmp_path / name
    shutil.copyfile(corpus_file(name), src)
    duration = timed_build(src, tmp_path / "calibrate.mlir", tmp_path / "calibrate-cache")
    for k, share in enumerate((0.3, 0.6, 0.85)):
        out, cache = tmp_path / f"out{k}.mlir", tmp_path / f"cache{k}"
        proc = start("build", src, "-o", out, "--cache-dir", cache, "--report", tmp_path / "r.json")
        time.sleep(share * duration)
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=60)
        text = err.decode()
        if proc.returncode == 0:  # finished before the signal landed
            assert out.read_text() == reference_output(src)
            continue
        assert proc.returncode == 1, text
        assert "Aborted!" in text and "Traceback" not in text, text
        # A signal that lands after the output was renamed into place (the
        # report and the history are written after it) leaves the complete
        # new output: check_after_kill accepts that, never a part of it.
        check_after_kill(src, out, cache, None)


# -- damaged cache directories ---------------------------------------------------------------


def value_files(cache: Path) -> list[Path]:
    return sorted(cache.rglob("*.val"))


def truncate_values(cache: Path, rng: random.Random) -> None:
    for f in value_files(cache):
        data = f.read_bytes()
        f.write_bytes(data[: rng.randrange(len(data))])


def flip_value_bytes(cache: Path, rng: random.Random) -> None:
    for f in value_files(cache):
        data = bytearray(f.read_bytes())
        for _ in range(3):
            data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
        f.write_bytes(bytes(data))


def delete_values(cache: Path, rng: random.Random) -> None:
    for f in value_files(cache):
        f.unlink()


def truncate_db(cache: Path, rng: random.Random) -> None:
    db = cache / "cache.db"
    data = db.read_bytes()
    db.write_bytes(data[: len(data) // 2])


def flip_db_bytes(cache: Path, rng: random.Random) -> None:
    """Damage the index the way disks do: whole bytes anywhere."""
    db = cache / "cache.db"
    data = bytearray(db.read_bytes())
    for _ in range(200):
        data[rng.randrange(len(data))] ^= 0xFF
    db.write_bytes(bytes(data))


def flip_db_entries(cache: Path, rng: random.Random) -> None:
    """Flip a byte inside every entry stored in the index itself."""
    from halflow.store import codec

    db = cache / "cache.db"
    data = bytearray(db.read_bytes())
    for magic in (codec.MAGIC_JSON, codec.MAGIC_BLOB):
        i = data.find(magic)
        while i >= 0:
            # A byte of the checksum or of the first bytes of the payload.
            data[i + len(magic) + rng.randrange(codec.DIGEST + 8)] ^= 0xFF
            i = data.find(magic, i + len(magic))
    db.write_bytes(bytes(data))


def damage_rows(cache: Path, rng: random.Random) -> None:
    """Rows whose value mode says 'pickled' (diskcache would unpickle them)."""
    con = sqlite3.connect(cache / "cache.db")
    con.execute("UPDATE Cache SET mode = 4")
    con.commit()
    con.close()


def damage_schema(cache: Path, rng: random.Random) -> None:
    """Bytes of SQLite's schema text replaced by non-UTF-8 ones (SQLite then
    reports a malformed schema whose message Python cannot decode)."""
    con = sqlite3.connect(cache / "cache.db")
    con.execute("PRAGMA writable_schema=ON")
    con.execute(
        "UPDATE sqlite_master SET sql = CAST(X'435245415445e2ff86' AS TEXT) "
        "WHERE name = 'Cache_expire_time'"
    )
    con.commit()
    con.close()


DAMAGE = [
    truncate_values,
    flip_value_bytes,
    truncate_db,
    flip_db_bytes,
    flip_db_entries,
    damage_rows,
    damage_schema,
]


@pytest.mark.parametrize("edited", [False, True], ids=["same-input", "edited-input"])
@pytest.mark.parametrize("damage", DAMAGE, ids=lambda f: f.__name__)
def test_damaged_cache_warns_and_builds_correctly(damage, edited: bool, tmp_path: Path) -> None:
    name = "gpt2_l2.mlir"
    src = tmp_path / name
    shutil.copyfile(corpus_file(name), src)
    cache = tmp_path / "cache"
    out = tmp_path / "out.mlir"
    assert run_halflow("build", src, "-o", out, "--cache-dir", cache).returncode == 0
    # Some node entries too: an incremental build after a small edit.
    edited_copy(name, src, which=5)
    assert run_halflow("build", src, "-o", out, "--cache-dir", cache).returncode == 0
    if not edited:
        shutil.copyfile(corpus_file(name), src)
        assert run_halflow("build", src, "-o", out, "--cache-dir", cache).returncode == 0

    damage(cache, random.Random(damage.__name__))
    if edited:
        edited_copy(name, src, which=9)
    proc = run_halflow(
        "build", src, "-o", out, "--cache-dir", cache, "--report", tmp_path / "r.json"
    )
    err = proc.stderr.decode()
    assert proc.returncode == 0, err
    assert "Traceback" not in err
    assert "halflow: warning:" in err, "damage went unnoticed"
    assert out.read_text() == reference_output(src)
    report = load_report(tmp_path / "r.json")
    assert report["cache"]["corrupt"] >= 0

    # And the cache heals: the same input again is a no-op without warnings.
    again = run_halflow(
        "build", src, "-o", out, "--cache-dir", cache, "--report", tmp_path / "r2.json"
    )
    assert again.returncode == 0 and again.stderr.decode() == ""
    assert load_report(tmp_path / "r2.json")["mode"] == "noop"
    assert out.read_text() == reference_output(src)
    stats = run_halflow("cache", "stats", "--cache-dir", cache)
    assert stats.returncode == 0 and "Traceback" not in stats.stderr.decode()


@pytest.mark.parametrize("edited", [False, True], ids=["same-input", "edited-input"])
@pytest.mark.parametrize("target", ["values", "index"])
def test_deleted_cache_files_build_correctly(target: str, edited: bool, tmp_path: Path) -> None:
    """Deleting the value files or the whole SQLite index: correct, exit 0."""
    name = "gpt2_l2.mlir"
    src = tmp_path / name
    shutil.copyfile(corpus_file(name), src)
    cache = tmp_path / "cache"
    out = tmp_path / "out.mlir"
    assert run_halflow("build", src, "-o", out, "--cache-dir", cache).returncode == 0
    assert value_files(cache), "expected large values stored as files"
    if target == "values":
        delete_values(cache, random.Random(0))
    else:
        for f in cache.glob("cache.db*"):
            f.unlink()
    if edited:
        edited_copy(name, src, which=9)
    # --report takes the full command line: with the input unchanged, the
    # entry point's up-to-date check would (rightly) find OUTPUT current and
    # leave the damage for a build that needs the lost entries.
    proc = run_halflow(
        "build", src, "-o", out, "--cache-dir", cache, "--report", tmp_path / "r1.json"
    )
    err = proc.stderr.decode()
    assert proc.returncode == 0 and "Traceback" not in err, err
    assert out.read_text() == reference_output(src)
    again = run_halflow(
        "build", src, "-o", out, "--cache-dir", cache, "--report", tmp_path / "r.json"
    )
    assert again.returncode == 0 and load_report(tmp_path / "r.json")["mode"] == "noop"


def test_deleted_value_files_warn(tmp_path: Path) -> None:
    name = "gpt2_l2.mlir"
    src = tmp_path / name
    shutil.copyfile(corpus_file(name), src)
    cache = tmp_path / "cache"
    out = tmp_path / "out.mlir"
    assert run_halflow("build", src, "-o", out, "--cache-dir", cache).returncode == 0
    delete_values(cache, random.Random(0))
    # --report: the full command line, which reads the lost entries (OUTPUT
    # itself is up to date, so the entry point's check would not need them).
    proc = run_halflow(
        "build", src, "-o", out, "--cache-dir", cache, "--report", tmp_path / "r.json"
    )
    assert proc.returncode == 0
    assert "halflow: warning:" in proc.stderr.decode()
