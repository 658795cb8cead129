"""A lasting cache size limit (``halflow cache max-size SIZE``), as
ccache's ``-M``: kept in the cache directory, applied by every later build
(to MLIR and to .vmfb), the oldest entries evicted, outputs still right.
"""

from __future__ import annotations

import json
from pathlib import Path

from support.engine import corpus_file, reference_output, run_halflow

FLAGS = ["--iree-hal-target-device=local", "--iree-hal-local-target-device-backends=llvm-cpu"]


def ok(proc) -> str:
    assert proc.returncode == 0, proc.stderr.decode(errors="replace")
    return proc.stdout.decode()


def stats(cache: Path) -> dict:
    return json.loads(ok(run_halflow("cache", "stats", "--json", "--cache-dir", cache)))


def test_max_size_lasts_and_every_build_keeps_to_it(tmp_path: Path) -> None:
    cache = tmp_path / "c"
    names = ["mlp_s.mlir", "gpt2_l2.mlir", "llama_l2.mlir"]
    for name in names:
        ok(run_halflow("build", corpus_file(name), "-o", tmp_path / name, "--cache-dir", cache))
    full = stats(cache)
    assert full["max_size"] is None
    limit_kib = full["bytes"] // 2048  # about half of what the cache holds
    assert ok(run_halflow("cache", "max-size", "--cache-dir", cache)) == "none\n"
    out = ok(run_halflow("cache", "max-size", f"{limit_kib}K", "--cache-dir", cache))
    assert out.startswith(f"max size {limit_kib:.1f} KiB; removed ")
    assert ok(run_halflow("cache", "max-size", "--cache-dir", cache)) == f"{limit_kib:.1f} KiB\n"
    after = stats(cache)
    assert after["max_size"] == limit_kib * 1024
    assert after["bytes"] <= limit_kib * 1024 and after["entries"] < full["entries"]
    # Later builds (new processes) keep the cache within the limit and stay right.
    for name in ["gpt2_l4_eager_select.mlir", "llama_l4.mlir", *names]:
        src = corpus_file(name)
        ok(run_halflow("build", src, "-o", tmp_path / name, "--cache-dir", cache))
        assert (tmp_path / name).read_text() == reference_output(src)
        assert stats(cache)["bytes"] <= limit_kib * 1024, name
    ok(run_halflow("build", corpus_file("mlp_s.mlir"), "--to", "vmfb", "-o", tmp_path / "m.vmfb",
                   "--cache-dir", cache, "--", *FLAGS))
    assert stats(cache)["bytes"] <= limit_kib * 1024
    assert "(max size " in ok(run_halflow("cache", "stats", "--cache-dir", cache))
    # Removed: builds fill the cache again.
    ok(run_halflow("cache", "max-size", "none", "--cache-dir", cache))
    assert stats(cache)["max_size"] is None


def test_max_size_usage_errors(tmp_path: Path) -> None:
    for bad in ("bogus", "0.0001K", "1.5X"):
        run = run_halflow("cache", "max-size", bad, "--cache-dir", tmp_path / "c")
        assert run.returncode == 2 and b"not a size" in run.stderr, run.stderr
        assert b"Traceback" not in run.stderr
    # Nothing was set, and nothing created: a cache command makes no folder.
    assert not (tmp_path / "c").exists()
