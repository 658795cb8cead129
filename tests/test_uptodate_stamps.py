"""The up-to-date check's status shortcut and its racy rule (issue 22).

A no-op rebuild trusts a file's recorded status (device, inode, size,
modification and change times) instead of reading its bytes only when the
status is *settled* (:func:`halflow.core.uptodate.settled`, git's racy-git
rule); every edit, also one that keeps the size and sets the times back
(``touch -d``, ``cp -p``), changes the change time and is read and built.
Every build is a real ``halflow build`` process on real files; outputs are
compared with ``iree-opt --iree-hal-materialize-interfaces``; what a no-op
read is taken from the history line it records (``read``).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import time
from pathlib import Path

from support.engine import corpus_file, reference_output, run_halflow

from halflow.core import uptodate
from halflow.store import keys

MODEL = corpus_file("mlp_s.mlir")


def _build(src: Path, out: Path, cache: Path) -> dict[str, object]:
    """``halflow build src -o out``: its history line (the output must be
    iree-opt's for what ``src`` holds now)."""
    run = run_halflow("build", src, "-o", out, "--cache-dir", cache)
    assert run.returncode == 0, run.stderr.decode()[-3000:]
    assert out.read_bytes() == reference_output(src).encode(), "output differs from iree-opt"
    lines = (cache / "builds.jsonl").read_text().splitlines()
    entry = json.loads(lines[-1])
    assert isinstance(entry, dict)
    return entry


def _build_until_nothing_is_read(src: Path, out: Path, cache: Path) -> None:
    """Build, then no-op twice with the statuses settled in between: the
    first no-op reads the output once and records it, the second reads
    neither file."""
    _build(src, out, cache)
    _settle()
    _build(src, out, cache)
    _settle()
    assert _build(src, out, cache)["read"] == []


def _settle() -> None:
    """Wait until the statuses just recorded are past the racy window
    (:func:`halflow.core.uptodate.settled`: a tick and a granule, 20 ms on
    nanosecond file systems; 2 s more on whole-second ones)."""
    time.sleep(0.05)


def _same_size_edit(path: Path) -> None:
    """Change one digit of the first integer constant, in place (same size)."""
    data = bytearray(path.read_bytes())
    at = data.index(b"arith.constant ") + len(b"arith.constant ")
    while not chr(data[at]).isdigit():
        at += 1
    data[at] = ord("1") if data[at] != ord("1") else ord("2")
    with open(path, "r+b") as f:  # in place: the same inode
        f.write(data)


def _touch_back(path: Path, mtime_ns: int) -> None:
    """``touch -m -d`` the file back to ``mtime_ns``, as a user would."""
    seconds, ns = divmod(mtime_ns, 1_000_000_000)
    subprocess.run(["touch", "-m", "-d", f"@{seconds}.{ns:09d}", str(path)], check=True)


def _setup(tmp_path: Path) -> tuple[Path, Path, Path]:
    src, out, cache = tmp_path / "in.mlir", tmp_path / "out.mlir", tmp_path / "cache"
    shutil.copyfile(MODEL, src)
    _settle()
    return src, out, cache


def test_second_noop_reads_neither_file(tmp_path: Path) -> None:
    src, out, cache = _setup(tmp_path)
    assert _build(src, out, cache)["mode"] != "up-to-date"
    _settle()
    first = _build(src, out, cache)
    assert first["mode"] == "up-to-date"
    # A build records the input's status, not the output's (one taken after
    # the rename may show another writer's change): the first no-op reads
    # the output's bytes, and records its status.
    assert first["read"] == ["output"]
    _settle()
    second = _build(src, out, cache)
    assert second["mode"] == "up-to-date"
    assert second["read"] == []


def test_same_size_edit_with_the_time_set_back_rebuilds(tmp_path: Path) -> None:
    src, out, cache = _setup(tmp_path)
    _build_until_nothing_is_read(src, out, cache)
    before = src.stat()
    _same_size_edit(src)
    _touch_back(src, before.st_mtime_ns)
    after = src.stat()
    assert (after.st_size, after.st_mtime_ns, after.st_ino) == (
        before.st_size, before.st_mtime_ns, before.st_ino)
    entry = _build(src, out, cache)  # compared with iree-opt of the edited file
    assert entry["mode"] != "up-to-date"


def test_cp_p_restore_of_an_older_version_rebuilds(tmp_path: Path) -> None:
    src, out, cache = _setup(tmp_path)
    backup = tmp_path / "backup.mlir"
    subprocess.run(["cp", "-p", str(src), str(backup)], check=True)
    _build(src, out, cache)
    _same_size_edit(src)
    _settle()
    _build_until_nothing_is_read(src, out, cache)
    subprocess.run(["cp", "-p", str(backup), str(src)], check=True)  # old bytes, old time
    assert src.stat().st_mtime_ns == backup.stat().st_mtime_ns
    assert _build(src, out, cache)["mode"] != "up-to-date"
    _settle()
    # Built from the restored bytes; the next check reads them once more
    # (their status was recorded right after cp -p: racy), then neither.
    assert _build(src, out, cache)["mode"] == "up-to-date"
    _settle()
    assert _build(src, out, cache)["read"] == []


def test_output_edited_with_its_time_set_back_is_rewritten(tmp_path: Path) -> None:
    src, out, cache = _setup(tmp_path)
    _build_until_nothing_is_read(src, out, cache)
    before = out.stat()
    _same_size_edit(out)
    _touch_back(out, before.st_mtime_ns)
    assert out.read_bytes() != reference_output(src).encode()
    assert _build(src, out, cache)["mode"] != "up-to-date"  # rewritten (checked in _build)


def test_a_file_just_changed_is_racy(tmp_path: Path) -> None:
    path = tmp_path / "f"
    seen = time.time_ns()
    path.write_bytes(b"x")
    status = os.stat(path)
    stamp = uptodate.stamp(status)
    newest = max(status.st_mtime_ns, status.st_ctime_ns)
    assert not uptodate.settled(stamp, seen)  # changed after the clock was read
    assert not uptodate.settled(stamp, newest)  # the same tick
    assert uptodate.settled(stamp, newest + 2_000_000_000 + 20_000_000)
    # A time in the future is never settled by a clock before it.
    future = [*stamp[:3], stamp[3] + 3_600_000_000_000, stamp[4]]
    assert not uptodate.settled(future, time.time_ns() + 1_000_000_000)


def test_whole_second_times_wait_two_seconds() -> None:
    ctime = 1_700_000_000 * 1_000_000_000  # as a whole-second file system records it
    stamp = [1, 2, 3, ctime, ctime]
    assert not uptodate.settled(stamp, ctime + 1_500_000_000)
    assert uptodate.settled(stamp, ctime + 2_010_000_000)
    fine = [1, 2, 3, ctime + 1, ctime + 1]
    assert uptodate.settled(fine, ctime + 1 + 20_000_000)
    assert not uptodate.settled(fine, ctime + 1 + 19_000_000)


def test_statuses_of_an_earlier_boot_are_not_trusted(tmp_path: Path) -> None:
    """A crash may keep a file's status and lose its bytes (outputs are
    not fsync'd): a marker whose statuses carry another boot id, as one
    written before a reboot does, makes the check read both files."""
    from halflow.store.disk import Cache

    src, out, cache = _setup(tmp_path)
    _build_until_nothing_is_read(src, out, cache)
    store = Cache(cache)
    where = keys.marker_key(out)
    recorded = store.get(where)
    assert isinstance(recorded, list) and recorded[5]["output"][6] == uptodate.boot_id() != ""
    recorded[5]["output"][6] = recorded[5]["input"][7] = "an-earlier-boot"
    store.put(where, recorded)
    store.close()
    entry = _build(src, out, cache)
    assert entry["mode"] == "up-to-date"
    assert entry["read"] == ["input", "output"]
    _settle()
    assert _build(src, out, cache)["read"] == []  # recorded again, in this boot
