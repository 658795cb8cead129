"""``halflow cache stats`` as ccache's ``-s``/``-z``: entries and sizes per
build kind (mlir, vmfb), hits and misses since ``--zero`` per kind with
no-ops apart (ccache's counters), compile seconds
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

    # Counted since --zero, per kind; no-ops apart (they reuse nothing).
    mlir = reports[:3]
    assert [r["mode"] for r in mlir] == ["whole", "noop", "incremental"]
    hits = sum(r["reused"] for r in mlir if r["mode"] != "noop")
    misses = sum(len(r["executed"]) for r in mlir)
    assert s["hit_rate"]["mlir"] == {
        "builds": 3, "noops": 1, "hits": hits, "misses": misses,
        "percent": round(100 * hits / (hits + misses), 1)}
    n = cold["codegen_summary"]["executables"]
    assert s["hit_rate"]["vmfb"] == {"builds": 2, "noops": 1, "hits": 0, "misses": n,
                                     "percent": 0.0}
    saved = warm["codegen_summary"]["seconds_saved"]
    assert abs(s["codegen"]["seconds_saved"] - saved) < 0.01 and s["codegen"]["reuses"] == n
    assert s["since"] <= json.loads((cache / "builds.jsonl").read_text().splitlines()[0])["time"]
    assert s["remote"] == dict.fromkeys(["hits", "misses", "errors", "bytes_fetched", "writes",
                                         "bytes_written"], 0)
    assert s["remote_cache"] is None

    text = ok(run_halflow("cache", "stats", "--cache-dir", cache))
    assert re.search(r"^since \d{4}-\d\d-\d\d \d\d:\d\d \(cache stats --zero resets\):$", text,
                     re.M), text
    assert (f"  mlir: 3 builds, 1 up to date; nodes: {hits} hits, {misses} misses; "
            f"hit rate {s['hit_rate']['mlir']['percent']:.1f}%") in text
    assert f"  vmfb: 2 builds, 1 up to date; executables: 0 hits, {n} misses; hit rate 0.0%" in text
    assert "remote" not in text
    assert f"compile seconds saved: {s['codegen']['seconds_saved']:.1f} by {n} reuses" in text
    assert "mode vmfb (up to date)" in text
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
    assert stats(cache)["hit_rate"]["vmfb"] == {"builds": 1, "noops": 1, "hits": 0,
                                                "misses": 0, "percent": None}
    text = ok(run_halflow("cache", "stats", "--zero", "--cache-dir", cache))
    assert text.startswith("statistics zeroed\n") and "no builds recorded" in text


def test_remote_totals_location_and_report(redis_server, tmp_path: Path) -> None:
    """The shared cache's traffic: per build in --report (MLIR and .vmfb),
    summed since --zero in `cache stats`, with the configured remote's
    location (never its password)."""
    server = redis_server(password="s3cret")
    url = server.url(password="s3cret")
    src = corpus_file("mlp_s.mlir")
    machine_a, machine_b = tmp_path / "a", tmp_path / "b"
    reports = []

    def build(cache: Path, *extra: object) -> dict:
        report = tmp_path / f"r{len(reports)}.json"
        ok(run_halflow("build", src, "--cache-dir", cache, "--report", report,
                       "--remote-cache", url, *extra))
        reports.append(json.loads(report.read_text()))
        return reports[-1]

    first = build(machine_a, "-o", tmp_path / "a.mlir")
    assert first["remote"]["writes"] > 0 and first["remote"]["hits"] == 0
    second = build(machine_b, "-o", tmp_path / "b.mlir")
    assert second["remote"]["hits"] > 0 and second["remote"]["bytes_fetched"] > 0
    vmfb = build(machine_b, "--to", "vmfb", "-o", tmp_path / "b.vmfb", "--", *FLAGS)
    assert vmfb["remote"]["writes"] > 0

    env = {"HALFLOW_REMOTE_CACHE": url}
    s = json.loads(ok(run_halflow("cache", "stats", "--json", "--cache-dir", machine_b, env=env)))
    summed = {k: sum(r["remote"][k] for r in reports[1:]) for k in s["remote"]}
    assert s["remote"] == summed
    assert s["remote_cache"] == f"redis://127.0.0.1:{server.port}/0"
    text = ok(run_halflow("cache", "stats", "--cache-dir", machine_b, env=env))
    assert (f"  remote redis://127.0.0.1:{server.port}/0: {summed['hits']} hits, "
            f"{summed['misses']} misses, {summed['errors']} errors, ") in text
    assert "s3cret" not in text and "s3cret" not in json.dumps(s)


def test_totals_outlive_the_history_they_were_counted_from(tmp_path: Path) -> None:
    """The history keeps its last lines; the counters since --zero keep
    every build (the lines cut away are folded into the totals first)."""
    from halflow.store import diskformat as cacheformat

    for i in range(600):
        noop = i % 3 == 0
        cacheformat.append_history(tmp_path, {
            "time": 1000.0 + i, "input": "m.mlir", "mode": "vmfb" if i % 2 else "incremental",
            **({"noop": True} if noop else {}), "executed": 0 if noop else 2, "reused": 5,
            "remote": {"hits": 1, "bytes_fetched": 10}})
    assert (tmp_path / "totals.json").is_file()
    assert len(cacheformat.read_history(tmp_path)) == cacheformat.HISTORY_KEEP
    totals = cacheformat.read_totals(tmp_path)
    kinds = {"mlir": range(0, 600, 2), "vmfb": range(1, 600, 2)}
    for kind, numbers in kinds.items():
        ran = [i for i in numbers if i % 3]
        assert totals[kind] == {"builds": 300, "noops": 300 - len(ran), "hits": 5 * len(ran),
                                "misses": 2 * len(ran)}, kind
    assert totals["remote"]["hits"] == 600 and totals["remote"]["bytes_fetched"] == 6000
    assert totals["since"] == 1000.0
    cacheformat.clear_history(tmp_path)
    zeroed = cacheformat.read_totals(tmp_path)
    assert zeroed["mlir"]["builds"] == zeroed["vmfb"]["builds"] == 0 and zeroed["since"] > 1000
