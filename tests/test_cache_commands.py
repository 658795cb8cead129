"""The ``halflow cache`` commands as ccache users type them: options before
the subcommand (``halflow cache --cache-dir DIR stats``), ``gc`` in the
units of ``stats``, and age-based eviction (``gc --older-than``, as ccache
``--evict-older-than``).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import sqlite3
import time
from pathlib import Path

from support.engine import corpus_file, reference_output, run_halflow


def ok(proc) -> str:
    err = proc.stderr.decode(errors="replace")
    assert proc.returncode == 0, err
    assert "Traceback" not in err, err
    return proc.stdout.decode()


def stats(*args: object) -> dict:
    return json.loads(ok(run_halflow("cache", *args, "stats", "--json")))


def build(src: Path, out: Path, cache: Path) -> None:
    ok(run_halflow("build", src, "-o", out, "--cache-dir", cache))


def test_cache_dir_before_or_after_the_subcommand(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    build(corpus_file("mlp_s.mlir"), tmp_path / "o.mlir", cache)
    before = stats("--cache-dir", cache)
    assert before["directory"] == str(cache) and before["entries"] > 0
    after = json.loads(ok(run_halflow("cache", "stats", "--json", "--cache-dir", cache)))
    assert after["entries"] == before["entries"]
    assert ok(run_halflow("cache", "--cache-dir", cache, "max-size")).strip() == "none"
    # Both, the same folder: fine; two folders: a usage error.
    ok(run_halflow("cache", "--cache-dir", cache, "stats", "--cache-dir", cache))
    run = run_halflow("cache", "--cache-dir", cache, "stats", "--cache-dir", tmp_path / "other")
    assert run.returncode == 2 and b"two cache directories" in run.stderr, run.stderr
    # A folder without a cache, named before the subcommand: said, nothing made.
    run = run_halflow("cache", "--cache-dir", tmp_path / "typo", "stats")
    assert run.returncode == 1 and b"no cache at" in run.stderr
    assert not (tmp_path / "typo").exists()
    ok(run_halflow("cache", "--cache-dir", cache, "clear"))
    assert stats("--cache-dir", cache)["entries"] == 0


GC_LINE = re.compile(r"removed (\d+) entries \((\d+(?:\.\d)? (?:bytes|KiB|MiB|GiB))\); "
                     r"(\d+) entries, (\d+(?:\.\d)? (?:bytes|KiB|MiB|GiB)) left "
                     r"\(held by entries; index file: \d+(?:\.\d)? (?:bytes|KiB|MiB|GiB)\)$")


def test_gc_older_than_evicts_by_age(tmp_path: Path) -> None:
    """Entries stored more than AGE ago go, newer ones stay; the builds of
    the newer input are still answered from the cache, and the older one
    builds right again."""
    cache = tmp_path / "cache"
    old_src, new_src = tmp_path / "old.mlir", tmp_path / "new.mlir"
    shutil.copy(corpus_file("gpt2_l2.mlir"), old_src)
    shutil.copy(corpus_file("mlp_s.mlir"), new_src)
    build(old_src, tmp_path / "old.hal.mlir", cache)
    first = stats("--cache-dir", cache)["entries"]
    # Age the first build's entries by two days, as the index records it
    # (diskcache's store_time, what gc orders by).
    with sqlite3.connect(cache / "cache.db") as db:
        db.execute("UPDATE Cache SET store_time = store_time - 2 * 86400")
    time.sleep(0.01)
    build(new_src, tmp_path / "new.hal.mlir", cache)
    total = stats("--cache-dir", cache)["entries"]
    assert total > first
    # What is older than a day now (an entry the second build stored again,
    # such as the anchor of a unit both models share, is not).
    with sqlite3.connect(cache / "cache.db") as db:
        aged = db.execute("SELECT count(*) FROM Cache WHERE store_time < ?",
                          (time.time() - 86400,)).fetchone()[0]
    assert 0 < aged <= first

    line = ok(run_halflow("cache", "gc", "--older-than", "3d", "--cache-dir", cache)).strip()
    assert GC_LINE.match(line) and line.startswith("removed 0 entries"), line
    line = ok(run_halflow("cache", "--cache-dir", cache, "gc", "--older-than", "1d")).strip()
    m = GC_LINE.match(line)
    assert m, line
    kept = stats("--cache-dir", cache)["entries"]
    removed = int(m.group(1))
    assert removed == aged and int(m.group(3)) == kept == total - removed, line
    # The newer build is still a no-op from the cache; the older one is right.
    (tmp_path / "new.hal.mlir").unlink()
    run = run_halflow("build", new_src, "-o", tmp_path / "new.hal.mlir", "--cache-dir", cache,
                      "-v")
    assert run.stderr.decode().startswith("halflow: wrote "), run.stderr
    build(old_src, tmp_path / "old.hal.mlir", cache)
    assert (tmp_path / "old.hal.mlir").read_text() == reference_output(old_src)

    # Both limits at once, and the usage errors.
    ok(run_halflow("cache", "gc", "--older-than", "0s", "--max-size", "1G", "--cache-dir", cache))
    assert stats("--cache-dir", cache)["entries"] == 0
    for args, said in ((["gc"], b"needs --max-size SIZE or --older-than AGE"),
                       (["gc", "--older-than", "soon"], b"Invalid value for --older-than"),
                       (["gc", "--older-than", "-1d"], b"Invalid value for --older-than")):
        run = run_halflow("cache", *args, "--cache-dir", cache)
        assert run.returncode == 2 and said in run.stderr, (args, run.stderr)
        assert b"Traceback" not in run.stderr
    assert os.path.isdir(cache)
