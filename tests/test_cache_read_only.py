"""A read-only cache (``--cache-read-only``, ``$HALFLOW_CACHE_READ_ONLY``),
as ccache's: builds use what a shared cache holds and add nothing to it
(no entry, no build state, no history, no counter), with outputs still
iree-opt's and the .vmfb still built.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from support.engine import (
    body_edit,
    corpus_file,
    reference_output,
    run_halflow,
    subprocess_env,
)

FLAGS = ["--iree-hal-target-device=local", "--iree-hal-local-target-device-backends=llvm-cpu"]


def ok(proc) -> str:
    assert proc.returncode == 0, proc.stderr.decode(errors="replace")
    return proc.stdout.decode()


def contents(cache: Path) -> tuple:
    """What the cache holds: entries by kind, counters, history."""
    s = json.loads(ok(run_halflow("cache", "stats", "--json", "--cache-dir", cache)))
    return s["entries"], s["by_kind"], s["codegen"], s["history"]


def test_read_only_mlir_builds_add_nothing(tmp_path: Path) -> None:
    src = tmp_path / "m.mlir"
    shutil.copy(corpus_file("mlp_s.mlir"), src)
    cache, out = tmp_path / "c", tmp_path / "o.mlir"
    ok(run_halflow("build", src, "-o", out, "--cache-dir", cache))
    before = contents(cache)
    src.write_text(body_edit(src.read_text(), "main$async_dispatch_2"))
    executed = []
    for k, (args, env) in enumerate([
        (["--cache-read-only"], None),
        ([], subprocess_env(HALFLOW_CACHE_READ_ONLY="1")),
    ]):
        report = tmp_path / f"r{k}.json"
        run = run_halflow("build", src, "-o", out, "--cache-dir", cache, "--report", report,
                          *args, env=env)
        assert run.returncode == 0, run.stderr
        assert out.read_text() == reference_output(src)
        data = json.loads(report.read_text())
        assert data["mode"] == "incremental"  # the shared state served the build
        executed.append([r["node"] for r in data["executed"]])
        assert contents(cache) == before
    # Nothing was kept: the same nodes ran both times.
    assert executed[0] == executed[1] and "executable:@main$async_dispatch_2" in executed[0]
    # The plain form (the entry point's fast path) adds no history either.
    env = subprocess_env(HALFLOW_CACHE_READ_ONLY="yes")
    ok(run_halflow("build", src, "-o", out, "--cache-dir", cache, env=env))
    ok(run_halflow("build", src, "-o", out, "--cache-dir", cache, env=env))
    assert contents(cache) == before
    # Written normally, the cache learns the edit.
    ok(run_halflow("build", src, "-o", out, "--cache-dir", cache,
                   env=subprocess_env(HALFLOW_CACHE_READ_ONLY="0")))
    assert contents(cache) != before


def test_read_only_vmfb_builds_add_nothing(tmp_path: Path) -> None:
    src = corpus_file("mlp_s.mlir")
    cache = tmp_path / "c"
    build = ("build", src, "--to", "vmfb", "-o", tmp_path / "m.vmfb", "--cache-dir", cache)
    ok(run_halflow(*build, "--", *FLAGS))
    before = contents(cache)
    report = tmp_path / "r.json"
    ok(run_halflow(*build, "--cache-read-only", "--report", report, "--", *FLAGS))
    summary = json.loads(report.read_text())["codegen_summary"]
    assert summary["compiled"] == 0 and summary["reused"] == summary["executables"]
    assert contents(cache) == before
    # A read-only cache where there is none compiles everything and
    # creates nothing (no folder, no index).
    empty = tmp_path / "empty"
    ok(run_halflow("build", src, "--to", "vmfb", "-o", tmp_path / "n.vmfb", "--cache-dir", empty,
                   "--cache-read-only", "--", *FLAGS))
    assert (tmp_path / "n.vmfb").is_file() and not empty.exists()
