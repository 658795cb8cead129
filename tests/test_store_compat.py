"""A cache an earlier halflow wrote is read by this one: the records of
``halflow/store/`` (markers, manifests, document states, the key
namespace) moved there without changing a key or a stored format (issue
34). The one format that changed is the envelope of code generation
entries (:mod:`halflow.store.codec`, format 2: each entry sealed once):
the translations, group binaries, hosts, manifests and no-op summaries an
earlier halflow wrote are misses, never errors or wrong data, and the
build that misses them writes the same ``.vmfb`` and entries this halflow
reads again.

The earlier halflow is this repository's own code at :data:`BEFORE` (the
commit before the records layer), taken from git into a temporary folder
and run as a process; this checkout then builds against the cache it
wrote. Without the repository's history (a shallow clone, an exported
tree) there is nothing to compare with, and the test is skipped.
"""

from __future__ import annotations

import io
import json
import shutil
import subprocess
import tarfile
from pathlib import Path

import pytest
from support.engine import (
    REPO,
    Module,
    body_edit,
    corpus_file,
    reference_output,
    subprocess_env,
)
from test_codegen import EDIT, FLAGS, PROGRAMS

# main right before the records layer landed, with the state format it
# read (format 6: one host node per host op, issue 35), which the records
# layer kept.
BEFORE = "181ba7c5eb5d867175578c13eecc26844929a6a2"


def _earlier_halflow(tmp_path: Path) -> Path:
    """The ``halflow`` package as it was at :data:`BEFORE`, under a folder
    of its own."""
    git = shutil.which("git")
    if git is None:
        pytest.skip("git is not installed: no earlier halflow to compare with")
    archive = subprocess.run([git, "-C", str(REPO), "archive", "--format=tar", BEFORE,
                              "halflow"], capture_output=True)
    if archive.returncode != 0:
        pytest.skip(f"commit {BEFORE[:12]} is not in this repository's history")
    root = tmp_path / "earlier"
    with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
        tar.extractall(root, filter="data")
    return root


def _run(code_root: Path, *args: str | Path) -> subprocess.CompletedProcess[bytes]:
    """``python -m halflow ARGS`` with the package at ``code_root`` (no build
    server: each build runs in its own process, with its own code; run in
    ``code_root``, since ``-m`` puts the working directory first on the
    path)."""
    import sys

    env = subprocess_env(HALFLOW_SERVER="0")
    env["PYTHONPATH"] = str(code_root)
    run = subprocess.run([sys.executable, "-m", "halflow", *map(str, args)], env=env,
                         cwd=code_root, capture_output=True, timeout=600)
    assert run.returncode == 0, run.stderr.decode()[-3000:]
    assert b"Traceback" not in run.stderr
    return run


def _history(code_root: Path, cache: Path) -> list[dict[str, object]]:
    stats = _run(code_root, "cache", "stats", "--cache-dir", cache, "--json")
    history: list[dict[str, object]] = json.loads(stats.stdout)["history"]
    return history


def test_an_mlir_cache_written_before_is_read(tmp_path: Path) -> None:
    """Output marker (the entry point's no-op) and output entry (a build to
    another path). Document states are of another format since (7: the
    input's layout, issue 35): the earlier build's state reads as none, and
    an edit is built whole, as iree-opt builds it."""
    earlier = _earlier_halflow(tmp_path)
    src, out, cache = tmp_path / "model.mlir", tmp_path / "out.mlir", tmp_path / "cache"
    shutil.copyfile(corpus_file("gpt2_l2.mlir"), src)
    _run(earlier, "build", src, "-o", out, "--cache-dir", cache)
    written = out.stat().st_mtime_ns, out.read_bytes()

    _run(REPO, "build", src, "-o", out, "--cache-dir", cache)
    assert _history(REPO, cache)[-1]["mode"] == "up-to-date"
    assert (out.stat().st_mtime_ns, out.read_bytes()) == written

    other = tmp_path / "other.mlir"
    _run(REPO, "build", src, "-o", other, "--cache-dir", cache)
    assert _history(REPO, cache)[-1]["mode"] == "noop"
    assert other.read_bytes() == written[1]

    text = src.read_text()
    src.write_text(body_edit(text, Module.parse(text).executables()[1]))
    _run(REPO, "build", src, "-o", out, "--cache-dir", cache)
    assert _history(REPO, cache)[-1]["mode"] == "whole"
    assert out.read_text() == reference_output(src)
    # The state it leaves is this version's: the next edit is incremental.
    text = src.read_text()
    src.write_text(body_edit(text, Module.parse(text).executables()[2]))
    _run(REPO, "build", src, "-o", out, "--cache-dir", cache)
    assert _history(REPO, cache)[-1]["mode"] == "incremental"
    assert out.read_text() == reference_output(src)


def test_a_vmfb_cache_written_before_is_a_miss_then_read(tmp_path: Path) -> None:
    """The earlier code generation entries (format 1 envelopes) are misses:
    every executable compiles again and the ``.vmfb`` is the same bytes.
    What that build wrote is then read: output marker and no-op summary (up
    to date, the executables reported as before), manifest, translations,
    group binaries and host (an edit of one dispatch compiles that one
    alone)."""
    earlier = _earlier_halflow(tmp_path)
    src, out, cache = tmp_path / "mlp.mlir", tmp_path / "mlp.vmfb", tmp_path / "cache"
    report = tmp_path / "report.json"
    shutil.copyfile(PROGRAMS / "mlp.mlir", src)

    def build(code_root: Path) -> dict[str, object]:
        _run(code_root, "build", src, "--to", "vmfb", "-o", out, "--cache-dir", cache,
             "--report", report, "--", *FLAGS)
        data: dict[str, object] = json.loads(report.read_text())
        return data

    first = build(earlier)
    names = sorted(e["executable"] for e in first["codegen"])  # type: ignore[attr-defined]
    assert first["mode"] == "groups"
    written = out.read_bytes()

    missed = build(REPO)
    actions = {e["executable"]: e["action"] for e in missed["codegen"]}  # type: ignore[attr-defined]
    assert missed["mode"] == "groups"
    assert sorted(actions) == names
    assert set(actions.values()) == {"compiled"}
    assert out.read_bytes() == written
    rewritten = out.stat().st_mtime_ns

    again = build(REPO)
    assert again["mode"] == "up-to-date"
    assert sorted(e["executable"] for e in again["codegen"]) == names  # type: ignore[attr-defined]
    assert (out.stat().st_mtime_ns, out.read_bytes()) == (rewritten, written)

    src.write_text(src.read_text().replace(*EDIT))
    edited = build(REPO)
    actions = {e["executable"]: e["action"] for e in edited["codegen"]}  # type: ignore[attr-defined]
    assert edited["mode"] == "groups"
    assert sorted(actions) == names
    assert sorted(actions.values()) == ["compiled"] + ["reused"] * (len(names) - 1)
