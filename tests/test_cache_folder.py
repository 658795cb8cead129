"""A cache folder is the user's folder too: halflow never removes or changes
a file it did not write there, and a cache it cannot use is a warning (a
build) or a diagnostic (a cache command), never a traceback.

Every test runs ``python -m halflow`` in a real process on real folders.
"""

from __future__ import annotations

import hashlib
import os
import shutil
from pathlib import Path

import pytest
from support.engine import corpus_file, reference_output, run_halflow


def contents(directory: Path) -> dict[str, str]:
    """Every file under ``directory`` (relative path -> digest of its bytes)."""
    return {
        str(p.relative_to(directory)): hashlib.blake2b(p.read_bytes(), digest_size=16).hexdigest()
        for p in sorted(directory.rglob("*"))
        if p.is_file()
    }


def ok(proc) -> str:
    err = proc.stderr.decode()
    assert proc.returncode == 0, err
    assert "Traceback" not in err, err
    return err


def foreign_files(cache: Path) -> dict[str, str]:
    """Files a user keeps in the folder they gave as --cache-dir, some with
    names close to the cache's own."""
    cache.mkdir(parents=True, exist_ok=True)
    (cache / "notes.txt").write_text("my notes\n")
    (cache / "ab").mkdir(exist_ok=True)  # a two-hex-digit folder, as diskcache's
    (cache / "ab" / "cd").mkdir(exist_ok=True)
    (cache / "ab" / "cd" / "mine.val").write_bytes(b"\x00\xffnot halflow's")
    (cache / "cache.db.bak").write_bytes(b"a backup the user made")
    (cache / "damaged-20200101T000000-1").mkdir(exist_ok=True)  # no halflow marker
    (cache / "damaged-20200101T000000-1" / "cache.db").write_bytes(b"the user's own")
    return contents(cache)


def damage_index(cache: Path) -> None:
    """Overwrite the start of the SQLite index (its header)."""
    with open(cache / "cache.db", "r+b") as f:
        f.write(b"this is not a database header anymore" * 4)


def test_damaged_index_keeps_every_foreign_file(tmp_path: Path) -> None:
    src = tmp_path / "m.mlir"
    shutil.copyfile(corpus_file("mlp_s.mlir"), src)
    cache = tmp_path / "cache"
    before = foreign_files(cache)
    # Earlier outputs placed in the cache folder itself.
    ok(run_halflow("build", src, "-o", cache / "out.mlir", "--cache-dir", cache))
    ok(run_halflow("build", src, "-o", cache / "out2.mlir", "--cache-dir", cache,
                   "--report", cache / "report.json"))
    before.update({k: v for k, v in contents(cache).items()
                   if k in ("out.mlir", "out2.mlir", "report.json")})
    own = set(contents(cache)) - set(before)
    assert "cache.db" in own and any(name.endswith(".val") for name in own), own

    damage_index(cache)
    src.write_text(src.read_text() + "\n")  # not up to date: the cache is opened
    err = ok(run_halflow("build", src, "-o", tmp_path / "new.mlir", "--cache-dir", cache))
    assert "is damaged" in err and "starting a fresh one" in err, err
    assert (tmp_path / "new.mlir").read_text() == reference_output(src)

    after = contents(cache)
    for name, digest in before.items():
        assert after.get(name) == digest, f"{name} was removed or changed"
    # halflow's own files went aside, inside the folder, for inspection.
    asides = [p for p in cache.glob("damaged-*") if (p / "HALFLOW-DAMAGED-CACHE.txt").exists()]
    assert len(asides) == 1, sorted(os.listdir(cache))
    assert f"its files are in {asides[0]}" in err
    moved = contents(asides[0])
    assert "cache.db" in moved and any(k.endswith(".val") for k in moved), moved
    # The fresh cache works: the same build again is a no-op without warnings.
    again = run_halflow("build", src, "-o", tmp_path / "new.mlir", "--cache-dir", cache,
                        "--report", tmp_path / "r.json")
    assert ok(again) == ""


def test_damaged_sets_kept_aside_are_bounded(tmp_path: Path) -> None:
    """Damage after damage: only the newest moved-aside set stays (halflow
    removes only the sets it made), and foreign files survive every time."""
    src = tmp_path / "m.mlir"
    shutil.copyfile(corpus_file("mlp_s.mlir"), src)
    cache = tmp_path / "cache"
    before = foreign_files(cache)
    for round_ in range(3):
        ok(run_halflow("build", src, "-o", tmp_path / "o.mlir", "--cache-dir", cache))
        damage_index(cache)
        src.write_text(src.read_text() + "\n")
        err = ok(run_halflow("build", src, "-o", tmp_path / "o.mlir", "--cache-dir", cache))
        assert "is damaged" in err, (round_, err)
    asides = [p for p in cache.glob("damaged-*") if (p / "HALFLOW-DAMAGED-CACHE.txt").exists()]
    assert len(asides) == 1, sorted(os.listdir(cache))
    after = contents(cache)
    for name, digest in before.items():
        assert after.get(name) == digest, f"{name} was removed or changed"


@pytest.mark.skipif(not os.path.isdir("/sys/kernel"), reason="needs Linux sysfs")
def test_unusable_cache_folder_like_sysfs(tmp_path: Path) -> None:
    """/sys/kernel passes an access() check (as root) but SQLite cannot
    create its index there: a warning and a build without the cache; the
    cache commands say there is no cache there, exit 1."""
    src = tmp_path / "m.mlir"
    shutil.copyfile(corpus_file("mlp_s.mlir"), src)
    out = tmp_path / "o.mlir"
    proc = run_halflow("build", src, "-o", out, "--cache-dir", "/sys/kernel")
    err = ok(proc)
    assert "halflow: warning: cannot use cache directory /sys/kernel" in err, err
    assert "building without a cache" in err
    assert out.read_text() == reference_output(src)
    for command in (("stats",), ("clear",), ("gc", "--max-size", "1M")):
        proc = run_halflow("cache", *command, "--cache-dir", "/sys/kernel")
        err = proc.stderr.decode()
        assert proc.returncode == 1, err
        assert "Traceback" not in err
        assert err.startswith("/sys/kernel:0:0: error: no cache at /sys/kernel"), err
