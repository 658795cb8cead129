"""``halflow cache stats`` as ccache's ``-s``/``-z``: entries and sizes per
build kind (mlir, vmfb), hit rates over the last builds, compile seconds
saved, ``--json``, and ``--zero`` (statistics reset, entries kept), checked
against the reports of the real builds that made them.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

from support.engine import body_edit, corpus_file, run_halflow

FLAGS = ["--iree-hal-target-device=local", "--iree-hal-local-target-device-backends=llvm-cpu"]


def ok(proc) -> str:
    assert proc.returncode == 0, proc.stderr.decode(errors="replace")
    return proc.stdout.decode()


def stats(cache: Path, *extra: str) -> dict:
    return json.loads(ok(run_halflow("cache", "stats", "--json", "--cache-dir", cache, *extra)))


def test_stats_per_build_kind_and_hit_rates(tmp_path: Path) -> None:
    src = tmp_path / "m.mlir"
    shutil.copy(corpus_file("mlp_s.mlir"), src)
    cache = tmp_path / "c"
    reports = []

    def build(*extra: str) -> dict:
        report = tmp_path / f"r{len(reports)}.json"
        ok(run_halflow("build", src, "--cache-dir", cache, "--report", report, *extra))
        reports.append(json.loads(report.read_text()))
        return reports[-1]

    build("-o", tmp_path / "o.mlir")
    build("-o", tmp_path / "o.mlir", "--explain")  # a no-op, through the full command line
    src.write_text(body_edit(src.read_text(), "main$async_dispatch_1"))
    build("-o", tmp_path / "o.mlir")
    vmfb = ("--to", "vmfb", "-o", tmp_path / "m.vmfb", "--", *FLAGS)
    cold = build(*vmfb)
    warm = build(*vmfb)
    assert warm["codegen_summary"]["compiled"] == 0

    s = stats(cache)
    kinds = s["by_kind"]
    assert s["by_build_kind"]["vmfb"]["entries"] == kinds["codegen"]
    assert s["by_build_kind"]["mlir"]["entries"] == sum(
        n for k, n in kinds.items() if k not in ("codegen", "counter"))
    assert all(s["by_build_kind"][k]["bytes"] > 0 for k in ("mlir", "vmfb"))
    assert sum(b["bytes"] for b in s["by_build_kind"].values()) <= s["bytes"]

    mlir = reports[:3]
    reused = sum(r["reused"] for r in mlir)
    executed = sum(len(r["executed"]) for r in mlir)
    assert s["hit_rate"]["mlir"] == {"builds": 3, "reused": reused, "executed": executed,
                                     "percent": round(100 * reused / (reused + executed), 1)}
    n = cold["codegen_summary"]["executables"]
    assert s["hit_rate"]["vmfb"] == {"builds": 2, "reused": n, "executed": n, "percent": 50.0}
    saved = warm["codegen_summary"]["seconds_saved"]
    assert abs(s["codegen"]["seconds_saved"] - saved) < 0.01 and s["codegen"]["reuses"] == n

    text = ok(run_halflow("cache", "stats", "--cache-dir", cache))
    assert f"hit rate over the last {len(reports)} builds:" in text
    assert (f"mlir: {s['hit_rate']['mlir']['percent']:.1f}% of nodes reused "
            f"({reused} reused, {executed} executed in 3 builds)") in text
    assert f"vmfb: 50.0% of executables reused ({n} reused, {n} executed in 2 builds)" in text
    assert f"compile seconds saved: {s['codegen']['seconds_saved']:.1f} by {n} reuses" in text
    sizes = re.findall(r"^  (mlir|vmfb) \(.*\) +(\d+) entries +[\d.]+ (bytes|KiB|MiB)$", text,
                       re.M)
    assert [(k, int(e)) for k, e, _ in sizes] == [
        ("mlir", s["by_build_kind"]["mlir"]["entries"]),
        ("vmfb", s["by_build_kind"]["vmfb"]["entries"])]
    assert str(s["bytes"]) not in text  # human units, not raw bytes


def test_zero_resets_statistics_and_keeps_entries(tmp_path: Path) -> None:
    src = corpus_file("mlp_s.mlir")
    cache = tmp_path / "c"
    vmfb = ("build", src, "--to", "vmfb", "-o", tmp_path / "m.vmfb", "--cache-dir", cache,
            "--", *FLAGS)
    ok(run_halflow(*vmfb))
    # Another output of the same model: every translation reused (the same
    # command again would be an up-to-date no-op, which reuses nothing).
    ok(run_halflow("build", src, "--to", "vmfb", "-o", tmp_path / "m2.vmfb", "--cache-dir",
                   cache, "--", *FLAGS))
    before = stats(cache)
    assert before["codegen"]["reuses"] > 0 and before["history"]
    zeroed = stats(cache, "--zero")
    assert zeroed["history"] == [] and zeroed["hit_rate"] == {}
    assert zeroed["codegen"] == {"entries": before["codegen"]["entries"], "reuses": 0,
                                 "seconds_saved": 0.0}
    assert zeroed["by_build_kind"]["vmfb"]["entries"] == (
        before["by_build_kind"]["vmfb"]["entries"])
    # The entries still serve builds: nothing compiles.
    report = tmp_path / "r.json"
    ok(run_halflow(*vmfb[:-3], "--report", report, "--", *FLAGS))
    assert json.loads(report.read_text())["codegen_summary"]["compiled"] == 0
    assert stats(cache)["hit_rate"]["vmfb"]["percent"] == 100.0
    text = ok(run_halflow("cache", "stats", "--zero", "--cache-dir", cache))
    assert text.startswith("statistics zeroed\n") and "no builds recorded" in text
