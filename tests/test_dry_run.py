"""``halflow build -n`` (as ``ninja -n -d explain``): it prints what the
next build would run and why, and writes nothing (no output, no cache
entry, no marker, no history line); what it lists is what that build then
runs. Also: an output that halflow rewrites from the cache is said to be
written, not "no work to do"; a trace holds every executed node.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

from support.engine import body_edit, corpus_file, reference_output, run_halflow


def ok(proc) -> tuple[str, str]:
    err = proc.stderr.decode(errors="replace")
    assert proc.returncode == 0, err
    assert "Traceback" not in err, err
    return proc.stdout.decode(), err


def cache_state(cache: Path) -> tuple[dict[str, tuple[int, int]], list[tuple]]:
    """Every file of the cache folder besides the index, with its size and
    modification time; and every row of the index's entries and settings.
    (Opening the index rewrites its settings: its file's time changes.)"""
    files = {str(p.relative_to(cache)): (p.stat().st_size, p.stat().st_mtime_ns)
             for p in sorted(cache.rglob("*")) if p.is_file() and not p.name.startswith("cache.db")}
    with sqlite3.connect(f"file:{cache / 'cache.db'}?mode=ro", uri=True) as db:
        rows = [*db.execute("SELECT * FROM Cache ORDER BY rowid"),
                *db.execute("SELECT * FROM Settings ORDER BY key")]
    return files, rows


def explained(err: str) -> list[str]:
    return [line.removeprefix("halflow: explain: ") for line in err.splitlines()
            if line.startswith("halflow: explain: ")]


def would_run(out: str) -> list[str]:
    return [line.removeprefix("halflow: would run ") for line in out.splitlines()
            if line.startswith("halflow: would run ")]


def test_dry_run_lists_what_the_build_runs_and_writes_nothing(tmp_path: Path) -> None:
    src, out, cache = tmp_path / "m.mlir", tmp_path / "m.hal.mlir", tmp_path / "cache"
    shutil.copy(corpus_file("mlp_s.mlir"), src)

    # No cache yet: a whole build, and no cache folder is made.
    cold_plan, _ = ok(run_halflow("build", "-n", src, "-o", out, "--cache-dir", cache))
    assert not cache.exists() and not out.exists()
    assert cold_plan.splitlines()[-1] == (
        f"halflow: would build {src} whole: 78 nodes (no cache entry); would write {out}")
    _, err = ok(run_halflow("build", src, "-o", out, "--cache-dir", cache, "--explain"))
    assert would_run(cold_plan) == explained(err) and len(explained(err)) == 78

    # Up to date: nothing would run, and nothing is touched.
    before, output = cache_state(cache), (out.read_bytes(), out.stat().st_mtime_ns)
    plan, _ = ok(run_halflow("build", "-n", src, "-o", out, "--cache-dir", cache))
    assert plan == "halflow: no work to do\n"

    # An edit: exactly the nodes the build then runs, with its reasons.
    src.write_text(body_edit(src.read_text(), "main$async_dispatch_3"))
    plan, _ = ok(run_halflow("build", "-n", src, "-o", out, "--cache-dir", cache))
    assert would_run(plan) == [
        "executable:@main$async_dispatch_3 (executable): input changed: text",
        "convert:@main$async_dispatch_3 (convert): "
        "input changed: text, executable:@main$async_dispatch_3",
        "module (module): input changed: pieces, convert:@main$async_dispatch_3",
    ]
    assert plan.splitlines()[-1] == (
        f"halflow: would rebuild {src}: 3 of 78 nodes; would write {out}")
    assert cache_state(cache) == before, "a dry run wrote to the cache"
    assert (out.read_bytes(), out.stat().st_mtime_ns) == output
    history = (cache / "builds.jsonl").read_text().splitlines()
    assert len(history) == 1  # the one real build
    _, err = ok(run_halflow("build", src, "-o", out, "--cache-dir", cache, "--explain"))
    assert explained(err) == would_run(plan)
    assert out.read_text() == reference_output(src)

    # A deleted output: written again from the cache, no node runs.
    out.unlink()
    plan, _ = ok(run_halflow("build", "-n", src, "-o", out, "--cache-dir", cache))
    assert plan == f"halflow: would write {out} from the cache (no node would run)\n"
    assert not out.exists()
    _, err = ok(run_halflow("build", src, "-o", out, "--cache-dir", cache, "-v"))
    assert err == f"halflow: wrote {out} from the cache (no node ran)\n"
    # ... and edited: the same.
    out.write_text(out.read_text() + "// edited\n")
    _, err = ok(run_halflow("build", src, "-o", out, "--cache-dir", cache, "-v"))
    assert err == f"halflow: wrote {out} from the cache (no node ran)\n"
    assert out.read_text() == reference_output(src)
    _, err = ok(run_halflow("build", src, "-o", out, "--cache-dir", cache, "-v"))
    assert err == "halflow: no work to do\n"


def test_dry_run_reports_input_errors_and_refuses_reports(tmp_path: Path) -> None:
    bad = tmp_path / "bad.mlir"
    bad.write_text("module {\n  util.func @f( {\n}\n")
    run = run_halflow("build", "-n", bad, "-o", tmp_path / "o.mlir", "--cache-dir",
                      tmp_path / "c")
    err = run.stderr.decode()
    assert run.returncode == 1 and f"{bad}:2:" in err and "error:" in err, err
    assert "Traceback" not in err and not (tmp_path / "o.mlir").exists()
    usage = run_halflow("build", "-n", corpus_file("mlp_s.mlir"), "--report",
                        tmp_path / "r.json")
    assert usage.returncode == 2 and b"-n/--dry-run writes nothing" in usage.stderr
    assert not (tmp_path / "r.json").exists()


def test_a_cold_trace_holds_every_executed_node(tmp_path: Path) -> None:
    src = corpus_file("gpt2_l2.mlir")
    report, trace = tmp_path / "r.json", tmp_path / "t.json"
    ok(run_halflow("build", src, "-o", tmp_path / "o.mlir", "--cache-dir", tmp_path / "c",
                   "--report", report, "--trace", trace))
    executed = [r["node"] for r in json.loads(report.read_text())["executed"]]
    spans = [e["name"] for e in json.loads(trace.read_text())["traceEvents"]
             if e["cat"] != "phase"]
    assert sorted(spans) == sorted(executed)
    assert any(n.startswith("export:") for n in spans)
    assert any(n.startswith("dispatch:") for n in spans)


VMFB_FLAGS = ("--", "--iree-hal-target-device=local",
              "--iree-hal-local-target-device-backends=llvm-cpu")


def test_vmfb_dry_run_lists_what_the_build_compiles(tmp_path: Path) -> None:
    src, out, cache = tmp_path / "m.mlir", tmp_path / "m.vmfb", tmp_path / "cache"
    shutil.copy(corpus_file("mlp_s.mlir"), src)

    def dry() -> list[str]:
        plan, _ = ok(run_halflow("build", "-n", src, "--to", "vmfb", "-o", out,
                                 "--cache-dir", cache, *VMFB_FLAGS))
        return plan.splitlines()

    def explained_build() -> list[str]:
        _, err = ok(run_halflow("build", src, "--to", "vmfb", "-o", out, "--cache-dir", cache,
                                "--explain", *VMFB_FLAGS))
        return [line.removeprefix("halflow: explain: ") for line in err.splitlines()
                if line.startswith("halflow: explain: ")]

    def as_built(plan: list[str]) -> list[str]:
        """The plan's lines in --explain's words."""
        return [line.removeprefix("halflow: would ").replace("serialize group", "group", 1)
                .replace("compile the host", "host", 1) for line in plan[:-1]]

    cold = dry()
    assert not cache.exists() and not out.exists()
    # How many groups the six executables make is the membership's business
    # (codegen/groups.py); the plan must say as many as it lists.
    groups = sum(line.startswith("halflow: would serialize group") for line in cold)
    assert groups >= 1
    noun = "group" if groups == 1 else "groups"
    assert cold[-1] == (f"halflow: would build {out}: executables: 6 of 6 to translate; "
                        f"groups: {groups} of {groups} {noun} to serialize; host decided after "
                        "translation (reused unless an export's interface changed)")
    assert as_built(cold) == explained_build()[:6 + groups]  # + the host, decided by the build
    assert dry() == ["halflow: no work to do"]

    src.write_text(body_edit(src.read_text(), "main$async_dispatch_3"))
    before, vmfb = cache_state(cache), out.read_bytes()
    plan = dry()
    assert cache_state(cache) == before and out.read_bytes() == vmfb
    assert plan[0] == "halflow: would translate @main$async_dispatch_3: content changed"
    assert as_built(plan) == explained_build()

    out.unlink()  # everything cached: only the link would run
    assert dry() == [f"halflow: would build {out}: executables: 0 of 6 to translate; "
                     f"groups: 0 of {groups} {noun} to serialize; host reused"]
    assert not out.exists()
