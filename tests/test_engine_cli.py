"""The engine's command-line surface: report, trace, cache location and
maintenance commands, the build graph, ``--split-input-file`` with a cache.

Every test runs ``python -m halflow`` in a real process against real cache
directories.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from support.engine import (
    Module,
    body_edit,
    corpus_file,
    corpus_text,
    load_report,
    reference_output,
    run_halflow,
    subprocess_env,
)


def ok(proc) -> str:
    err = proc.stderr.decode()
    assert proc.returncode == 0, err
    assert "Traceback" not in err
    return proc.stdout.decode()


def copy(name: str, tmp_path: Path) -> Path:
    path = tmp_path / name
    shutil.copyfile(corpus_file(name), path)
    return path


def snapshot(directory: Path) -> dict[str, tuple[int, int, str]]:
    """Every file under ``directory``: (size, mtime_ns, content digest)."""
    out = {}
    for p in sorted(directory.rglob("*")):
        if p.is_file():
            st = p.stat()
            out[str(p.relative_to(directory))] = (
                st.st_size,
                st.st_mtime_ns,
                hashlib.blake2b(p.read_bytes(), digest_size=16).hexdigest(),
            )
    return out


# -- --report ------------------------------------------------------------------------------


def check_report(report: dict) -> None:
    assert set(report) >= {"total", "executed", "reused", "seconds", "mode", "cache"}
    assert isinstance(report["total"], int) and report["total"] >= 0
    assert isinstance(report["reused"], int) and report["reused"] >= 0
    assert isinstance(report["seconds"], int | float) and report["seconds"] >= 0
    assert report["mode"] in {"noop", "incremental", "whole"}
    if "fallback" in report:
        assert isinstance(report["fallback"], str) and report["fallback"]
    assert isinstance(report["executed"], list)
    for run in report["executed"]:
        assert set(run) >= {"node", "stage", "reason", "seconds"}
        assert isinstance(run["node"], str) and run["node"]
        assert isinstance(run["stage"], str) and run["stage"]
        assert isinstance(run["reason"], str) and run["reason"]
        assert isinstance(run["seconds"], int | float) and run["seconds"] >= 0
    nodes = [run["node"] for run in report["executed"]]
    assert len(nodes) == len(set(nodes))
    assert report["total"] == len(nodes) + report["reused"]
    cache = report["cache"]
    assert set(cache) >= {"hits", "misses", "corrupt"}
    assert all(isinstance(cache[k], int) and cache[k] >= 0 for k in ("hits", "misses", "corrupt"))


def test_report_fields_and_types(tmp_path: Path) -> None:
    name = "gpt2_l2.mlir"
    src = copy(name, tmp_path)
    cache = tmp_path / "cache"
    out = tmp_path / "out.mlir"
    reports = []
    for step in range(3):
        if step == 1:
            text = corpus_text(name)
            src.write_text(body_edit(text, Module.parse(text).executables()[4]))
        ok(
            run_halflow(
                "build",
                src,
                "-o",
                out,
                "--cache-dir",
                cache,
                "--report",
                tmp_path / f"r{step}.json",
            )
        )
        reports.append(load_report(tmp_path / f"r{step}.json"))
        check_report(reports[-1])
    cold, edit, noop = reports
    assert cold["mode"] == "whole" and cold["reused"] == 0 and cold["cache"]["hits"] == 0
    assert edit["mode"] == "incremental" and len(edit["executed"]) == 3
    assert noop["mode"] == "noop" and noop["executed"] == [] and noop["cache"]["hits"] >= 1
    assert cold["total"] == edit["total"] == noop["total"]
    # The report is written atomically next to nothing else.
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []


def test_report_and_stdout_output(tmp_path: Path) -> None:
    """Without -o the output goes to stdout and the report still gets written."""
    src = copy("mlp_s.mlir", tmp_path)
    text = ok(
        run_halflow("build", src, "--cache-dir", tmp_path / "c", "--report", tmp_path / "r.json")
    )
    assert text == reference_output(src)
    check_report(load_report(tmp_path / "r.json"))


# -- --trace -------------------------------------------------------------------------------


def check_trace(trace: dict) -> list[dict]:
    assert isinstance(trace, dict) and isinstance(trace["traceEvents"], list)
    events = trace["traceEvents"]
    for e in events:
        assert isinstance(e["name"], str) and e["name"]
        assert e["ph"] == "X"
        assert isinstance(e["ts"], int | float) and e["ts"] >= 0
        assert isinstance(e["dur"], int | float) and e["dur"] >= 0
        assert "pid" in e and "tid" in e
    # Complete events on one thread must nest (or be disjoint) for viewers.
    by_thread: dict[tuple, list[dict]] = {}
    for e in events:
        by_thread.setdefault((e["pid"], e["tid"]), []).append(e)
    slack = 1.0  # microseconds of rounding
    for evs in by_thread.values():
        evs.sort(key=lambda e: (e["ts"], -e["dur"]))
        stack: list[float] = []
        for e in evs:
            while stack and e["ts"] >= stack[-1] - slack:
                stack.pop()
            if stack:
                assert e["ts"] + e["dur"] <= stack[-1] + slack, f"{e['name']} overlaps its parent"
            stack.append(e["ts"] + e["dur"])
    return events


def test_trace_is_chrome_trace_json(tmp_path: Path) -> None:
    name = "llama_l2.mlir"
    src = copy(name, tmp_path)
    cache = tmp_path / "cache"
    ok(
        run_halflow(
            "build",
            src,
            "-o",
            tmp_path / "o.mlir",
            "--cache-dir",
            cache,
            "--trace",
            tmp_path / "cold.json",
        )
    )
    cold = check_trace(json.loads((tmp_path / "cold.json").read_text()))
    assert cold, "a cold build traced nothing"
    text = corpus_text(name)
    ex = Module.parse(text).executables()[6]
    src.write_text(body_edit(text, ex))
    ok(
        run_halflow(
            "build",
            src,
            "-o",
            tmp_path / "o.mlir",
            "--cache-dir",
            cache,
            "--trace",
            tmp_path / "edit.json",
            "--report",
            tmp_path / "r.json",
        )
    )
    events = check_trace(json.loads((tmp_path / "edit.json").read_text()))
    names = {e["name"] for e in events}
    assert {f"executable:@{ex}", f"convert:@{ex}", "module"} <= names
    # No-op builds still write a valid trace.
    ok(
        run_halflow(
            "build",
            src,
            "-o",
            tmp_path / "o.mlir",
            "--cache-dir",
            cache,
            "--trace",
            tmp_path / "noop.json",
        )
    )
    check_trace(json.loads((tmp_path / "noop.json").read_text()))


# -- where the cache lives -----------------------------------------------------------------


def test_no_cache_leaves_the_cache_untouched(tmp_path: Path) -> None:
    src = copy("gpt2_l2.mlir", tmp_path)
    cache = tmp_path / "cache"
    ok(run_halflow("build", src, "-o", tmp_path / "o.mlir", "--cache-dir", cache))
    before = snapshot(cache)
    text = corpus_text("gpt2_l2.mlir")
    src.write_text(body_edit(text, Module.parse(text).executables()[3]))
    ok(
        run_halflow(
            "build",
            src,
            "-o",
            tmp_path / "o.mlir",
            "--cache-dir",
            cache,
            "--no-cache",
            "--report",
            tmp_path / "r.json",
        )
    )
    assert snapshot(cache) == before
    assert (tmp_path / "o.mlir").read_text() == reference_output(src)
    assert load_report(tmp_path / "r.json")["cache"]["hits"] == 0
    # Nor does it create one where the environment points.
    env_dir = tmp_path / "env-cache"
    xdg = tmp_path / "xdg"
    env = subprocess_env(HALFLOW_CACHE_DIR=str(env_dir), XDG_CACHE_HOME=str(xdg))
    ok(run_halflow("build", src, "-o", tmp_path / "o.mlir", "--no-cache", env=env))
    assert not env_dir.exists() and not xdg.exists()
    # Without --report/--trace/--explain there is no node to name: the
    # stages run without the engine, to the same output.
    (tmp_path / "o.mlir").unlink()
    run = run_halflow("build", src, "-o", tmp_path / "o.mlir", "--no-cache",
                      python_flags=["-X", "importtime"], env=subprocess_env(HALFLOW_SERVER="0"))
    assert run.returncode == 0
    assert "halflow.engine" not in imported_modules(run)
    assert (tmp_path / "o.mlir").read_text() == reference_output(src)


def noop_report(src: Path, tmp_path: Path, *args: str, env=None) -> dict:
    ok(
        run_halflow(
            "build", src, "-o", tmp_path / "o.mlir", *args, "--report", tmp_path / "r.json", env=env
        )
    )
    return load_report(tmp_path / "r.json")


def test_cache_dir_option_env_and_xdg_default(tmp_path: Path) -> None:
    src = copy("mlp_s.mlir", tmp_path)
    xdg = tmp_path / "xdg"
    env_dir = tmp_path / "env-cache"
    opt_dir = tmp_path / "opt-cache"

    # Default: $XDG_CACHE_HOME/halflow.
    env = subprocess_env(XDG_CACHE_HOME=str(xdg), HALFLOW_CACHE_DIR=None)
    assert noop_report(src, tmp_path, env=env)["mode"] == "whole"
    assert (xdg / "halflow" / "cache.db").is_file()
    assert noop_report(src, tmp_path, env=env)["mode"] == "noop"

    # $HALFLOW_CACHE_DIR wins over XDG.
    env = subprocess_env(XDG_CACHE_HOME=str(xdg), HALFLOW_CACHE_DIR=str(env_dir))
    assert noop_report(src, tmp_path, env=env)["mode"] == "whole"
    assert (env_dir / "cache.db").is_file()
    assert noop_report(src, tmp_path, env=env)["mode"] == "noop"

    # --cache-dir wins over both.
    assert noop_report(src, tmp_path, "--cache-dir", str(opt_dir), env=env)["mode"] == "whole"
    assert (opt_dir / "cache.db").is_file()
    assert noop_report(src, tmp_path, "--cache-dir", str(opt_dir), env=env)["mode"] == "noop"
    assert (tmp_path / "o.mlir").read_text() == reference_output(src)

    # Without XDG_CACHE_HOME: ~/.cache/halflow.
    home = tmp_path / "home"
    env = subprocess_env(HOME=str(home), XDG_CACHE_HOME=None, HALFLOW_CACHE_DIR=None)
    assert noop_report(src, tmp_path, env=env)["mode"] == "whole"
    assert (home / ".cache" / "halflow" / "cache.db").is_file()


# -- halflow cache stats / gc / clear ---------------------------------------------------------


def stats(cache: Path) -> dict:
    return json.loads(ok(run_halflow("cache", "stats", "--cache-dir", cache, "--json")))


def test_cache_stats_entries_bytes_history(tmp_path: Path) -> None:
    src = copy("gpt2_l2.mlir", tmp_path)
    cache = tmp_path / "cache"
    ok(run_halflow("build", src, "-o", tmp_path / "o.mlir", "--cache-dir", cache))
    text = corpus_text("gpt2_l2.mlir")
    src.write_text(body_edit(text, Module.parse(text).executables()[3]))
    ok(run_halflow("build", src, "-o", tmp_path / "o.mlir", "--cache-dir", cache))
    ok(run_halflow("build", src, "-o", tmp_path / "o.mlir", "--cache-dir", cache))
    ok(run_halflow("build", src, "-o", tmp_path / "o.mlir", "--cache-dir", cache, "--explain"))
    s = stats(cache)
    assert s["entries"] > 0 and s["bytes"] > 0
    history = s["history"]
    # The plain rebuild is answered by the entry point's up-to-date check;
    # with --explain the full command line finds the same (a no-op).
    assert [h["mode"] for h in history] == ["whole", "incremental", "up-to-date", "noop"]
    for h in history:
        assert {"hits", "misses", "executed", "reused", "seconds", "input"} <= set(h)
        assert isinstance(h["hits"], int) and isinstance(h["misses"], int)
    assert history[0]["hits"] == 0 and history[0]["misses"] > 0
    for h in history[2:]:
        assert h["hits"] >= 1 and h["misses"] == 0 and h["executed"] == 0
        assert h["reused"] == history[0]["executed"]
    assert history[1]["executed"] == 3
    # The human-readable form says the same.
    plain = ok(run_halflow("cache", "stats", "--cache-dir", cache))
    total = re.search(r"total +(\d+) entries +([\d.]+) (bytes|KiB|MiB)", plain)
    assert total is not None, plain
    scale = {"bytes": 1, "KiB": 1024, "MiB": 1024**2}[total.group(3)]
    assert int(total.group(1)) == s["entries"]
    assert abs(float(total.group(2)) * scale - s["bytes"]) <= 0.05 * scale
    assert "last builds" in plain and "mode noop" in plain and "mode incremental" in plain
    assert "mode up-to-date" in plain


# gc speaks in the units of stats (bytes, KiB, MiB, GiB; one decimal).
SIZE = r"(\d+(?:\.\d)? (?:bytes|KiB|MiB|GiB))"
GC_LINE = re.compile(rf"removed (\d+) entries \({SIZE}\); (\d+) entries, {SIZE} left "
                     rf"\(held by entries; index file: {SIZE}\)$")
SCALE = {"bytes": 1, "KiB": 1024, "MiB": 1024**2, "GiB": 1024**3}


def same_size(shown: str, size: int) -> bool:
    """Whether ``shown`` (``12.3 KiB``) is ``size`` bytes, to its rounding."""
    value, unit = shown.split()
    return abs(float(value) * SCALE[unit] - size) <= 0.05 * SCALE[unit]


def test_cache_gc_max_size(tmp_path: Path) -> None:
    """gc counts the bytes entries hold (what it can free; the index file is
    reported apart): a limit keeps the newest entries that fit, and the
    index shrinks with what was removed."""
    cache = tmp_path / "cache"
    for name in ("gpt2_l2.mlir", "llama_l2.mlir", "mlp_dyn.mlir"):
        src = copy(name, tmp_path)
        ok(run_halflow("build", src, "-o", tmp_path / "o.mlir", "--cache-dir", cache))
    before = stats(cache)
    assert before["index_bytes"] > 0
    line = ok(run_halflow("cache", "gc", "--max-size", "1G", "--cache-dir", cache))
    assert line.startswith("removed 0 entries")
    assert stats(cache)["entries"] == before["entries"]

    for limit in (before["bytes"] * 2 // 3, before["bytes"] // 3):
        line = ok(run_halflow("cache", "gc", "--max-size", str(limit), "--cache-dir", cache))
        m = GC_LINE.match(line.strip())
        assert m, line
        removed, freed, entries, size, index = m.groups()
        after = stats(cache)
        assert int(removed) > 0 and not freed.startswith("0 ")
        # What fits stays: not everything is removed for a limit above zero.
        assert 0 < after["bytes"] <= limit and int(entries) == after["entries"] > 0, line
        assert same_size(size, after["bytes"]) and same_size(index, after["index_bytes"]), line
    assert after["index_bytes"] < before["index_bytes"], (before, after)

    # Unit suffixes, and a bad or negative size is a usage error.
    ok(run_halflow("cache", "gc", "--max-size", "500M", "--cache-dir", cache))
    for bad_size in ("lots", "-5", "-1M", "nan"):
        bad = run_halflow("cache", "gc", "--max-size", bad_size, "--cache-dir", cache)
        err = bad.stderr.decode()
        assert bad.returncode == 2 and "Traceback" not in err, (bad_size, err)
        assert "Invalid value for --max-size" in err, err
    assert stats(cache)["entries"] == after["entries"]

    # Builds on a collected cache are still right.
    for name in ("gpt2_l2.mlir", "llama_l2.mlir"):
        src = tmp_path / name
        ok(run_halflow("build", src, "-o", tmp_path / "o.mlir", "--cache-dir", cache))
        assert (tmp_path / "o.mlir").read_text() == reference_output(src)
    line = ok(run_halflow("cache", "gc", "--max-size", "0", "--cache-dir", cache))
    assert GC_LINE.match(line.strip()) and " 0 entries, 0 bytes left" in line, line
    assert stats(cache)["entries"] == 0


@pytest.mark.parametrize("folder", ["missing", "not_a_cache"])
def test_cache_commands_on_a_folder_without_a_cache(folder: str, tmp_path: Path) -> None:
    """stats, gc and clear on a folder that does not exist (a typo) or holds
    no cache say so, exit 1 and create nothing."""
    where = tmp_path / "typo" / "cache"
    if folder == "not_a_cache":
        where.mkdir(parents=True)
        (where / "mine.txt").write_text("a user's file\n")
    before = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*"))
    for command in (("stats",), ("stats", "--json"), ("clear",), ("gc", "--max-size", "1M")):
        run = run_halflow("cache", *command, "--cache-dir", where)
        err = run.stderr.decode()
        assert run.returncode == 1, (command, err)
        assert err.startswith(f"{where}:0:0: error: no cache at {where}: "), err
        assert "Traceback" not in err and run.stdout == b""
        assert sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*")) == before, command


def test_cache_clear(tmp_path: Path) -> None:
    src = copy("mlp_s.mlir", tmp_path)
    cache = tmp_path / "cache"
    ok(run_halflow("build", src, "-o", tmp_path / "o.mlir", "--cache-dir", cache))
    entries = stats(cache)["entries"]
    line = ok(run_halflow("cache", "clear", "--cache-dir", cache))
    assert line.strip() == f"removed {entries} entries"
    s = stats(cache)
    assert s["entries"] == 0 and s["history"] == []
    assert not list(cache.rglob("*.val"))
    assert noop_report(src, tmp_path, "--cache-dir", str(cache))["mode"] == "whole"
    assert (tmp_path / "o.mlir").read_text() == reference_output(src)


# -- the entry point's up-to-date check ------------------------------------------------------


def last_mode(cache: Path, env: dict | None = None) -> str:
    args = ("cache", "stats", "--cache-dir", cache, "--json")
    return json.loads(ok(run_halflow(*args, env=env)))["history"][-1]["mode"]


def file_state(path: Path) -> tuple[int, int, bytes]:
    st = path.stat()
    return st.st_ino, st.st_mtime_ns, path.read_bytes()


def test_up_to_date_output_is_left_alone(tmp_path: Path) -> None:
    """A rebuild of unchanged input into an output that still holds what the
    last build wrote there is answered before the command line loads: the
    output is not rewritten, the build is recorded, whatever the spelling of
    the command."""
    src = copy("gpt2_l2.mlir", tmp_path)
    out, cache = tmp_path / "out.mlir", tmp_path / "cache"
    ok(run_halflow("build", src, "-o", out, "--cache-dir", cache))
    before = file_state(out)
    spellings = [
        ("build", src, "-o", out, "--cache-dir", cache),
        ("build", f"--output={out}", f"--cache-dir={cache}", src),
        ("build", "--cache-dir", cache, "--output", out, src),
    ]
    for args in spellings:
        run = run_halflow(*args)
        assert (run.returncode, run.stdout, run.stderr) == (0, b"", b""), args
        assert last_mode(cache) == "up-to-date", args
        assert file_state(out) == before
    # The same through $HALFLOW_CACHE_DIR.
    env = subprocess_env(HALFLOW_CACHE_DIR=str(cache))
    assert ok(run_halflow("build", src, "-o", out, env=env)) == ""
    assert last_mode(cache) == "up-to-date"
    assert out.read_text() == reference_output(src)


@pytest.mark.parametrize("change", ["content", "same_size_and_time", "touch", "delete"])
def test_changed_output_is_rebuilt(change: str, tmp_path: Path) -> None:
    """An output changed since it was written (edited, even in place with
    its size and modification time kept; touched; deleted) is not up to
    date: the full build writes it again, from the cache."""
    src = copy("gpt2_l2.mlir", tmp_path)
    out, cache = tmp_path / "out.mlir", tmp_path / "cache"
    ok(run_halflow("build", src, "-o", out, "--cache-dir", cache))
    if change == "content":
        out.write_text(out.read_text().replace("hal.executable", "hal.executabl", 1))
    elif change == "same_size_and_time":
        st = out.stat()
        with open(out, "r+b") as f:
            f.write(b"// stale")  # over the start of the first line
        os.utime(out, ns=(st.st_atime_ns, st.st_mtime_ns))
        assert (out.stat().st_size, out.stat().st_mtime_ns) == (st.st_size, st.st_mtime_ns)
    elif change == "touch":
        st = out.stat()
        os.utime(out, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000_000))
    else:
        out.unlink()
    ok(run_halflow("build", src, "-o", out, "--cache-dir", cache))
    assert last_mode(cache) == "noop"
    assert out.read_text() == reference_output(src)
    ok(run_halflow("build", src, "-o", out, "--cache-dir", cache))
    assert last_mode(cache) == "up-to-date"


def test_input_edit_after_up_to_date_check(tmp_path: Path) -> None:
    """An edited input is built incrementally from what the declined check
    read (the input's bytes, the open cache), and equals iree-opt; the
    original content comes back from the cache."""
    src = copy("gpt2_l2.mlir", tmp_path)
    out, cache = tmp_path / "out.mlir", tmp_path / "cache"
    ok(run_halflow("build", src, "-o", out, "--cache-dir", cache))
    text = corpus_text("gpt2_l2.mlir")
    src.write_text(body_edit(text, Module.parse(text).executables()[2]))
    ok(run_halflow("build", src, "-o", out, "--cache-dir", cache))
    assert last_mode(cache) == "incremental"
    assert out.read_text() == reference_output(src)
    src.write_text(text)
    ok(run_halflow("build", src, "-o", out, "--cache-dir", cache))
    assert last_mode(cache) == "noop"
    assert out.read_text() == reference_output(src)


def imported_modules(run: subprocess.CompletedProcess[bytes]) -> set[str]:
    """Modules a ``python -X importtime`` run imported."""
    return {
        line.split("|")[-1].strip()
        for line in run.stderr.decode().splitlines()
        if line.startswith("import time:") and "|" in line
    }


def test_build_forms_run_without_the_command_line_framework(tmp_path: Path) -> None:
    """``build INPUT -o OUTPUT`` with --cache-dir/--report/--trace/--explain
    builds without loading click, with the same results as the full command
    line; anything it would reject still goes to click (usage errors, exit 2)
    and input errors are diagnosed the same way (exit 1)."""
    src = copy("gpt2_l2.mlir", tmp_path)
    out, cache, report = tmp_path / "out.mlir", tmp_path / "cache", tmp_path / "r.json"
    text = corpus_text("gpt2_l2.mlir")
    src.write_text(body_edit(text, Module.parse(text).executables()[1]))
    run = run_halflow("build", src, "-o", out, "--cache-dir", cache, "--report", report,
                      "--explain", python_flags=["-X", "importtime"],
                      env=subprocess_env(HALFLOW_SERVER="0"))
    assert run.returncode == 0, run.stderr.decode()[-2000:]
    assert "click" not in imported_modules(run)
    assert out.read_text() == reference_output(src)
    assert json.loads(report.read_text())["total"] > 0
    assert last_mode(cache) == "whole"
    # An edit: incremental, explained, reported.
    src.write_text(text)
    run = run_halflow("build", "--explain", f"--report={report}", src, "--cache-dir", cache,
                      "-o", out, python_flags=["-X", "importtime"],
                      env=subprocess_env(HALFLOW_SERVER="0"))
    assert run.returncode == 0
    modules = imported_modules(run)
    assert "click" not in modules
    # The bindings were loaded (an executable was parsed), the usual way.
    assert "iree.compiler.ir" in modules
    assert b"halflow: explain: executable:@" in run.stderr
    executed = [e["node"] for e in json.loads(report.read_text())["executed"]]
    assert executed and executed[-1] == "module"
    assert out.read_text() == reference_output(src)
    # Input errors: the same diagnostics, exit 1, output untouched.
    before = out.read_bytes()
    missing = run_halflow("build", tmp_path / "nope.mlir", "-o", out, "--cache-dir", cache,
                          "--report", report, python_flags=["-X", "importtime"],
                          env=subprocess_env(HALFLOW_SERVER="0"))
    assert missing.returncode == 1
    assert "click" not in imported_modules(missing)
    assert f"{tmp_path / 'nope.mlir'}:0:0: error:".encode() in missing.stderr
    assert out.read_bytes() == before
    # Paths the command line rejects: its usage errors.
    for args in (["-o", tmp_path], ["-o", out, "--report", tmp_path]):
        bad = run_halflow("build", src, *args, "--cache-dir", cache)
        assert bad.returncode == 2
        assert b"Invalid value" in bad.stderr and b"is a directory" in bad.stderr


def test_only_regular_files_are_up_to_date(tmp_path: Path) -> None:
    """A device (``-o /dev/null``) holds nothing that could still be
    current: every build writes it (and records no marker)."""
    src = copy("mlp_s.mlir", tmp_path)
    cache = tmp_path / "cache"
    for _ in range(2):
        ok(run_halflow("build", src, "-o", "/dev/null", "--cache-dir", cache))
        assert last_mode(cache) != "up-to-date"
    out = tmp_path / "out.mlir"
    for _ in range(2):
        ok(run_halflow("build", src, "-o", out, "--cache-dir", cache))
    assert last_mode(cache) == "up-to-date"


def test_build_form_recognizes_what_click_would_read_the_same_way(tmp_path: Path) -> None:
    """The entry point takes only command lines it reads exactly as click
    does; anything else (short options with '=', unknown or repeated
    options, stdin, paths click rejects) goes to the full command line."""
    from halflow.cli.entry import build_form

    out, rep = str(tmp_path / "o.mlir"), str(tmp_path / "r.json")
    form = build_form(["build", "in.mlir", "--report", rep, "--explain", "-o", out])
    assert form is not None
    assert (form.input, form.output, form.report, form.explain, form.plain) == (
        "in.mlir", out, rep, True, False)
    form = build_form(["build", f"--output={out}", "--cache-dir=c", "in.mlir"])
    assert form is not None and form.plain and form.cache_dir == "c"
    declined = [
        ["build", "in.mlir", f"-o={out}"],  # click: the value is "=..."
        ["build", "in.mlir", f"-o{out}"],
        ["build", "in.mlir", "-o", out, "-o", out],
        ["build", "in.mlir", "-o", out, "--no-cache"],
        ["build", "in.mlir", "-o", out, "--to", "vmfb"],
        ["build", "-", "-o", out],
        ["build", "a.mlir", "b.mlir", "-o", out],
        ["build", "in.mlir", "-o", str(tmp_path)],  # a directory: click's usage error
        ["build", "in.mlir", "-o", out, "--report", str(tmp_path)],
        ["build", "in.mlir", "-o", out, "--explain", "--explain"],
        ["graph", "in.mlir", "-o", out],
    ]
    for argv in declined:
        assert build_form(argv) is None, argv


def test_vmfb_form_is_the_plain_command_only(tmp_path: Path) -> None:
    """The entry point answers ``build IN --to vmfb -o OUT -- FLAGS`` (also
    with --to=vmfb, --cache-dir, -q, in any order before ``--``); with
    ``--report`` or ``--trace`` it is a form too, never answered here (not
    plain: the entry point only starts the front end of a build that has
    work to do); anything else a .vmfb build can be given goes to the full
    command line."""
    from halflow.cli.entry import vmfb_form

    out = str(tmp_path / "o.vmfb")
    flags = ["--", "--iree-hal-target-device=local"]
    for argv in (["build", "in.mlir", "--to", "vmfb", "-o", out, *flags],
                 ["build", "-q", "--to=vmfb", f"--output={out}", "--cache-dir=c", "in.mlir",
                  *flags]):
        form = vmfb_form(argv)
        assert form is not None, argv
        assert (form.input, form.output, form.iree_flags) == ("in.mlir", out, tuple(flags[1:]))
        assert form.plain
    for option in ("--report", "--trace"):
        form = vmfb_form(["build", "in.mlir", "--to", "vmfb", "-o", out, option, "r.json",
                          *flags])
        assert form is not None and not form.plain
    declined = [
        ["build", "in.mlir", "-o", out, *flags],  # not --to vmfb
        ["build", "in.mlir", "--to", "vmfb", "-o", out],  # no IREE flags
        ["build", "in.mlir", "--to", "vmfb", "-o", out, "--explain", *flags],
        ["build", "in.mlir", "--to", "vmfb", "-o", out, "-v", *flags],
        ["build", "in.mlir", "--to", "vmfb", "-o", out, "--executor", "dask", *flags],
        ["build", "in.mlir", "--to", "vmfb", "-o", out, "--no-cache", *flags],
        ["build", "in.mlir", "--to", "vmfb", "-o", out, "--", "stray.mlir"],
        ["build", "--to", "vmfb", "-o", out, *flags],  # the bundled example
    ]
    for argv in declined:
        assert vmfb_form(argv) is None, argv


def test_damaged_marker_is_rebuilt_not_trusted(tmp_path: Path) -> None:
    """The up-to-date check reads the output's marker straight from the
    cache's index: a marker whose bytes were damaged is no answer, and the
    full command line (which opens the cache and evicts it) builds."""
    import sqlite3

    src = copy("gpt2_l2.mlir", tmp_path)
    out, cache = tmp_path / "out.mlir", tmp_path / "cache"
    ok(run_halflow("build", src, "-o", out, "--cache-dir", cache))
    con = sqlite3.connect(cache / "cache.db")
    (value,) = con.execute("SELECT value FROM Cache WHERE key LIKE 'written:%'").fetchone()
    damaged = bytearray(value)
    damaged[-2] ^= 0x01  # inside the JSON, after the checksum
    con.execute("UPDATE Cache SET value = ? WHERE key LIKE 'written:%'", (bytes(damaged),))
    con.commit()
    con.close()
    run = run_halflow("build", src, "-o", out, "--cache-dir", cache)
    assert run.returncode == 0
    assert b"evicting corrupt cache entry" in run.stderr
    assert last_mode(cache) == "noop"
    assert out.read_text() == reference_output(src)
    ok(run_halflow("build", src, "-o", out, "--cache-dir", cache))
    assert last_mode(cache) == "up-to-date"


def test_unusable_cache_directory_builds_without_a_cache(tmp_path: Path) -> None:
    """A cache directory that cannot be created (here: under a regular file)
    is not damage and not fatal: builds warn and go on without a cache,
    with the same output; ``cache stats`` on it says there is no cache
    there (exit 1)."""
    src = copy("mlp_s.mlir", tmp_path)
    out = tmp_path / "out.mlir"
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory\n")
    cache = blocker / "cache"
    for extra in ([], ["--report", str(tmp_path / "r.json")]):
        run = run_halflow("build", src, "-o", out, "--cache-dir", cache, *extra)
        assert run.returncode == 0, run.stderr.decode()[-2000:]
        assert b"halflow: warning: cannot use cache directory" in run.stderr
        assert b"building without a cache" in run.stderr
        assert b"Traceback" not in run.stderr
        assert out.read_text() == reference_output(src)
    assert blocker.read_text() == "not a directory\n"
    stats = run_halflow("cache", "stats", "--cache-dir", cache)
    assert stats.returncode == 1
    assert f"{cache}:0:0: error: no cache at {cache}: the folder does not exist".encode() in (
        stats.stderr)
    assert b"Traceback" not in stats.stderr


def test_build_history_survives_damage_and_stays_bounded(tmp_path: Path) -> None:
    """The history of builds is a file of JSON lines: a line cut short or
    damaged is skipped, ``cache stats`` shows the last 20 builds, and the
    file is cut back as it grows; ``cache clear`` empties it."""
    from halflow.store import diskformat

    src = copy("mlp_s.mlir", tmp_path)
    out, cache = tmp_path / "out.mlir", tmp_path / "cache"
    ok(run_halflow("build", src, "-o", out, "--cache-dir", cache))
    history_file = cache / diskformat.HISTORY_NAME
    with history_file.open("ab") as f:
        f.write(b'{"mode": "cut sh')  # a crash in the middle of a line
        f.write(b"\n\xff\xfe not json\n")
    ok(run_halflow("build", src, "-o", out, "--cache-dir", cache))
    stats = json.loads(ok(run_halflow("cache", "stats", "--cache-dir", cache, "--json")))
    assert [h["mode"] for h in stats["history"]] == ["whole", "up-to-date"]
    for k in range(2000):
        diskformat.append_history(cache, {"mode": "test", "n": k})
    assert history_file.stat().st_size <= 2 * (1 << 16)
    stats = json.loads(ok(run_halflow("cache", "stats", "--cache-dir", cache, "--json")))
    assert [h["n"] for h in stats["history"]] == list(range(1980, 2000))
    ok(run_halflow("cache", "clear", "--cache-dir", cache))
    stats = json.loads(ok(run_halflow("cache", "stats", "--cache-dir", cache, "--json")))
    assert stats["history"] == []


# -- halflow graph -----------------------------------------------------------------------------


NODE_SHAPES = {
    "devices": r"devices",
    "host": r"host:(@[\w$.\-]+|[\w.]+#\d+)",
    "shell": r"shell",
    "module": r"module",
    "executable": r"executable:@[\w$.\-]+",
    "export": r"export:@[\w$.\-]+::@[\w$.\-]+",
    "targets": r"targets:@[\w$.\-]+",
    "variants": r"variants:@[\w$.\-]+",
    "layout": r"layout:@[\w$.\-]+::@[\w$.\-]+",
    "interface": r"interface:@[\w$.\-]+::@[\w$.\-]+",
    "convert": r"convert:@[\w$.\-]+",
    "dispatch": r"dispatch:(@[\w$.\-]+|[\w.]+#\d+)/@[\w$.\-]+::@[\w$.\-]+(#\d+)?",
    "annotate": r"annotate:(@[\w$.\-]+|[\w.]+#\d+)/@[\w$.\-]+::@[\w$.\-]+(#\d+)?",
    "print": r"print:(@[\w$.\-]+|[\w.]+#\d+)",
}


def graph_json(src: Path, tmp_path: Path, *extra: str):
    import networkx as nx

    data = json.loads(
        ok(run_halflow("graph", src, "--format", "json", "--cache-dir", tmp_path / "cache", *extra))
    )
    g = nx.DiGraph()
    for node in data["nodes"]:
        g.add_node(node["id"], **{k: v for k, v in node.items() if k != "id"})
    for edge in data["edges"]:
        assert edge["source"] in g and edge["target"] in g, edge
        g.add_edge(edge["source"], edge["target"])
    return g, data


@pytest.mark.parametrize("name", ["mlp_s.mlir", "gpt2_l2.mlir"])
def test_graph_json_is_the_build_dag(name: str, tmp_path: Path) -> None:
    import networkx as nx

    src = copy(name, tmp_path)
    g, data = graph_json(src, tmp_path)
    assert nx.is_directed_acyclic_graph(g)
    assert len(g) == len(data["nodes"]), "duplicate node ids"
    for node in g:
        assert any(re.fullmatch(p, node) for p in NODE_SHAPES.values()), node
        assert g.nodes[node].get("stage"), node

    module = Module.parse(src.read_text())
    sites = module.sites()
    for ex in module.executables():
        for stage in ("executable", "targets", "variants", "convert"):
            assert f"{stage}:@{ex}" in g
        assert g.has_edge(f"executable:@{ex}", f"convert:@{ex}")
        assert g.has_edge(f"convert:@{ex}", "module")
    for site in sites:
        assert site.node in g and g.has_edge(f"host:{site.owner}", site.node)
        assert f"annotate:{site.node[len('dispatch:') :]}" in g
        assert g.has_edge(f"print:{site.owner}", "module")
    # Each export's layout reads its function (the export) and every site
    # that dispatches it; its interface reads the layout.
    exports = {ref for s in sites for ref in s.refs}
    for ex, entry in exports:
        layout = f"layout:@{ex}::@{entry}"
        assert set(g.predecessors(layout)) == {
            f"export:@{ex}::@{entry}",
            *[s.node for s in sites if (ex, entry) in s.refs],
        }
        assert g.has_edge(f"export:@{ex}::@{entry}", layout)
        assert g.has_edge(layout, f"interface:@{ex}::@{entry}")
        assert nx.has_path(g, layout, f"convert:@{ex}")
    assert g.has_edge("shell", "module")
    assert list(nx.topological_sort(g))[-1] == "module"
    assert {g.nodes[n]["stage"] for n in g} >= {"host", "layout", "interface", "module"}
    # The graph of the cached build is the same graph.
    g2, _ = graph_json(src, tmp_path)
    assert set(g2.nodes) == set(g.nodes) and set(g2.edges) == set(g.edges)


def test_graph_dot_matches_json(tmp_path: Path) -> None:
    src = copy("mlp_s.mlir", tmp_path)
    g, _ = graph_json(src, tmp_path)
    dot = ok(run_halflow("graph", src, "--format", "dot", "--cache-dir", tmp_path / "cache"))
    assert dot.startswith("digraph ") and dot.rstrip().endswith("}")
    edges = set(re.findall(r'^\s*"([^"]+)" -> "([^"]+)";$', dot, re.M))
    assert edges == set(g.edges)
    declared = set(re.findall(r'^\s*"([^"]+)" \[', dot, re.M))
    assert declared == set(g.nodes)
    # -o writes the same text.
    ok(
        run_halflow(
            "graph",
            src,
            "--format",
            "dot",
            "-o",
            tmp_path / "g.dot",
            "--cache-dir",
            tmp_path / "cache",
        )
    )
    assert (tmp_path / "g.dot").read_text() == dot


def test_graph_split_input_file_prefixes_cases(tmp_path: Path, conformance_file: Path) -> None:
    import networkx as nx

    g, _ = graph_json(conformance_file, tmp_path, "--split-input-file")
    assert nx.is_directed_acyclic_graph(g)
    cases = {n.split("/", 1)[0] for n in g}
    assert all(re.fullmatch(r"case\d+", c) for c in cases) and len(cases) > 1
    for case in cases:
        assert f"{case}/module" in g and f"{case}/devices" in g
        assert any(n.startswith(f"{case}/host:@") for n in g)  # one per host function
    assert not any(a.split("/")[0] != b.split("/")[0] for a, b in g.edges)


# -- --split-input-file with the cache ----------------------------------------------------------


def test_split_input_file_with_cache_equals_iree_opt(
    tmp_path: Path, conformance_file: Path
) -> None:
    """The conformance file, used where it lives: cold, no-op, and from a
    cache that has seen the file without --split-input-file."""
    conf = conformance_file
    expected = reference_output(conf, split=True)
    cache = tmp_path / "cache"
    cold = ok(
        run_halflow(
            "build",
            "--split-input-file",
            conf,
            "--cache-dir",
            cache,
            "--report",
            tmp_path / "r1.json",
        )
    )
    assert cold == expected
    again = ok(
        run_halflow(
            "build",
            "--split-input-file",
            conf,
            "--cache-dir",
            cache,
            "--report",
            tmp_path / "r2.json",
        )
    )
    assert again == expected
    assert load_report(tmp_path / "r2.json")["mode"] == "noop"
    assert load_report(tmp_path / "r1.json")["total"] == load_report(tmp_path / "r2.json")["total"]
    # A cache that has seen the file without splitting does not mix them up.
    cache2 = tmp_path / "cache2"
    whole = run_halflow("build", conf, "--cache-dir", cache2)
    plain = run_halflow("build", conf, "--no-cache")
    assert whole.returncode == plain.returncode and whole.stdout == plain.stdout
    assert ok(run_halflow("build", "--split-input-file", conf, "--cache-dir", cache2)) == expected
    assert ok(run_halflow("build", "--split-input-file", conf, "--no-cache")) == expected
