"""Inputs whose cost must follow the edit, not the file (issue 22).

- a module with inline weights (a ``#util.composite`` pool whose data is a
  ``dense_resource`` blob, ``tests/inline_weights.py``): the blob passes
  through the build (stand-ins, :mod:`halflow.source.resources`), the
  cache holds no copy of it, an edit of the blob runs nothing, and a blob
  only the host names is in no executable's key;
- a module printed by ``iree-opt --mlir-print-debuginfo`` (locations on
  every op, ``} loc(#loc)`` and ``#locN`` definitions after the module)
  builds incrementally;
- a comment or a blank line runs nothing.

Every build is a real ``halflow build`` process; every output is compared
byte for byte with ``iree-opt --iree-hal-materialize-interfaces`` of the
same file, and every test asserts the exact list of executed nodes.
"""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest
from inline_weights import DATA, write_weights
from support.engine import (
    body_edit,
    iree_opt_path,
    load_report,
    reference_output,
    run_halflow,
)

MODEL = DATA / "mlp_inline.mlir"  # a dump of iree-compile, with inline weights
SIZE = 400_000  # bytes of blob data: 800 KB of hex, above the elision threshold


def build(src: Path, tmp: Path, *extra: str) -> list[str]:
    """``halflow build src -o out --report``: the executed node ids; the
    output must equal iree-opt's."""
    out, report = tmp / "out.mlir", tmp / "report.json"
    run = run_halflow("build", src, "-o", out, "--cache-dir", tmp / "cache",
                      "--report", report, *extra)
    assert run.returncode == 0, run.stderr.decode()[-3000:]
    assert out.read_bytes() == reference_output(src).encode(), "output differs from iree-opt"
    return [e["node"] for e in load_report(report)["executed"]]


def exactly(actual: list[str], expected: list[str]) -> None:
    assert sorted(actual) == sorted(expected), f"executed {actual}, expected {expected}"


_FLOAT = re.compile(r"(= arith\.constant )(-?\d\.\d+e[+-]\d+)( : f32)")


def edit_constant(text: str, ex: str) -> str:
    """``text`` with the first f32 constant of executable ``ex`` changed (a
    plain text edit: it works on any shape of module)."""
    start = text.index(f"  stream.executable private @{ex} ")
    m = _FLOAT.search(text, start)
    assert m is not None
    return text[: m.start(2)] + f"{float(m.group(2)) + 1.5:.6e}" + text[m.end(2) :]


def executables(text: str) -> list[str]:
    return [line.split("@", 1)[1].split(" ", 1)[0] for line in text.splitlines()
            if line.startswith("  stream.executable private @")]


def test_weights_pass_through(tmp_path: Path) -> None:
    model = MODEL.read_text()
    src = tmp_path / "weights.mlir"
    write_weights(src, model, SIZE)
    cold = build(src, tmp_path)
    assert "devices" in cold and "host:util.initializer#0" in cold and "module" in cold
    # The cache keeps no copy of the blob (state, cached output: stand-ins).
    stored = sum(p.stat().st_size for p in (tmp_path / "cache").rglob("*") if p.is_file())
    assert stored < SIZE, f"the cache holds {stored} bytes for a {2 * SIZE}-byte blob"

    # One executable's constant: that executable's nodes and the module.
    ex = executables(model)[1]
    edited = body_edit(model, ex)
    write_weights(src, edited, SIZE)
    exactly(build(src, tmp_path), [f"executable:@{ex}", f"convert:@{ex}", "module"])

    # One hex digit of the blob: the output is the input's new value, and
    # no node reads it.
    write_weights(src, edited, SIZE, flip=2 * SIZE - 7)
    exactly(build(src, tmp_path), [])

    # The file's last line end: only the module is assembled again.
    src.write_bytes(src.read_bytes().rstrip(b"\n"))
    exactly(build(src, tmp_path), ["module"])

    # A lower-case blob is MLIR's to read (and print in upper case).
    data = src.read_bytes()
    at = data.index(b'__inline_weights: "0x') + len(b'__inline_weights: "0x')
    src.write_bytes(data[:at] + data[at : at + 2 * SIZE].lower() + data[at + 2 * SIZE :])
    nodes = build(src, tmp_path)
    assert "module" in nodes


def test_cold_build_writes_its_output_while_it_records(tmp_path: Path) -> None:
    """A whole-module build writes the output file on a thread of its own
    as soon as it has it, before it records its nodes
    (``library.output_file.EarlyOutput``): the file is iree-opt's, and its
    marker is recorded as after any write, so the next build finds it up to
    date and leaves it alone."""
    src, out, trace = tmp_path / "weights.mlir", tmp_path / "out.mlir", tmp_path / "trace.json"
    write_weights(src, MODEL.read_text(), SIZE)
    assert "module" in build(src, tmp_path, "--trace", str(trace))
    phases = {e["name"]: e for e in json.loads(trace.read_text())["traceEvents"]
              if e.get("cat") == "phase"}
    assert phases["write output (early)"]["ts"] <= phases["record nodes"]["ts"]
    before = out.stat()
    run = run_halflow("build", src, "-o", out, "--cache-dir", tmp_path / "cache")
    assert run.returncode == 0, run.stderr.decode()[-3000:]
    after = out.stat()
    assert (after.st_ino, after.st_mtime_ns) == (before.st_ino, before.st_mtime_ns)
    assert out.read_bytes() == reference_output(src).encode()


def test_small_host_blob_is_in_no_executable_key(tmp_path: Path) -> None:
    """mlp_inline's own blob (``mlp_w2``, in the constant pool the
    initializer uploads): changing it runs the host, that initializer's
    print and the module, no executable."""
    model = MODEL.read_text()
    src = tmp_path / "mlp.mlir"
    src.write_text(model)
    build(src, tmp_path)
    at = model.index('mlp_w2: "0x') + len('mlp_w2: "0x') + 20
    digit = "1" if model[at] != "1" else "2"
    src.write_text(model[:at] + digit + model[at + 1 :])
    exactly(build(src, tmp_path), ["host:util.initializer#0", "print:util.initializer#0", "module"])


@pytest.fixture(scope="module")
def debuginfo(tmp_path_factory: pytest.TempPathFactory) -> str:
    """stack_inline.mlir as ``iree-opt --mlir-print-debuginfo`` prints it."""
    out = tmp_path_factory.mktemp("debuginfo") / "stack_dbg.mlir"
    subprocess.run([iree_opt_path(), "--mlir-print-debuginfo", str(DATA / "stack_inline.mlir"),
                    "-o", str(out)], check=True, timeout=120)
    text = out.read_text()
    assert "} loc(#loc)\n#loc = loc(" in text  # the shape of IREE's dumps with locations
    return text


def test_debuginfo_builds_incrementally(tmp_path: Path, debuginfo: str) -> None:
    src = tmp_path / "stack_dbg.mlir"
    src.write_text(debuginfo)
    report = tmp_path / "report.json"
    assert "module" in build(src, tmp_path)
    assert load_report(report).get("fallback") is None
    ex = executables(debuginfo)[2]
    src.write_text(edit_constant(debuginfo, ex))
    exactly(build(src, tmp_path), [f"executable:@{ex}", f"convert:@{ex}", "module"])


def test_debuginfo_diagnostics_are_iree_opts(tmp_path: Path, debuginfo: str) -> None:
    """An error in a module with locations is reported where iree-opt
    reports it: at the op's location, not at its line in the dump."""
    src = tmp_path / "bad.mlir"
    # (an argument no dispatch site passes: IREE's layout error)
    src.write_text(re.sub(r"(func\.func @deep_dispatch_0\w*\()", r"\1%extra: f32, ",
                          debuginfo, count=1))
    run = run_halflow("build", src, "-o", tmp_path / "out.mlir", "--cache-dir",
                      tmp_path / "cache")
    opt = subprocess.run([iree_opt_path(), "--iree-hal-materialize-interfaces", str(src)],
                         capture_output=True, text=True, timeout=120)
    assert opt.returncode != 0 and run.returncode == 1
    first = opt.stderr.splitlines()[0]
    assert "stack_inline.mlir:" in first  # (the location the dump carries)
    assert run.stderr.decode().splitlines()[:3] == opt.stderr.splitlines()[:3]
    assert not (tmp_path / "out.mlir").exists()


def test_comments_and_blank_lines_run_nothing(tmp_path: Path) -> None:
    model = MODEL.read_text()
    src = tmp_path / "mlp.mlir"
    src.write_text(model)
    build(src, tmp_path)
    lines = model.split("\n")
    host = next(i for i, line in enumerate(lines) if line.startswith("  util.func public @"))
    ex = next(i for i, line in enumerate(lines) if line.startswith("  stream.executable"))
    lines.insert(host + 2, "    // a comment in a host function")
    lines[ex + 4:ex + 4] = ["", "      // and one in an executable, after a blank line"]
    text = "\n".join(lines)
    src.write_text(text)
    exactly(build(src, tmp_path), [])
    src.write_text(text.replace("  // pred: ^bb0", "  // pred: ^bb0 (the entry block)", 1))
    exactly(build(src, tmp_path), [])


def test_blob_scan_finds_and_hashes_each_value_once() -> None:
    """The section's large values, their digests and the input's
    fingerprint, on the bytes (no parse): two blobs, a small one between
    them, with and without the last line end."""
    from blake3 import blake3

    from halflow.core import blobs

    a, b = "0x04000000" + "AB" * 40_000, "0x08000000" + "0F" * 50_000
    text = ('module {\n}\n\n{-#\n  dialect_resources: {\n    builtin: {\n'
            f'      big_a: "{a}",\n      small: "0x0400000001",\n      big_b: "{b}"\n'
            '    }\n  }\n#-}\n')
    for data in (text.encode(), text.rstrip("\n").encode()):
        whole, values, digests = blobs.scan(data)
        assert [(v.key, data[v.start : v.end]) for v in values] == [
            ("big_a", f'"{a}"'.encode()), ("big_b", f'"{b}"'.encode())]
        assert digests == tuple(blake3(data[v.start : v.end]).hexdigest(16) for v in values)
        assert [(v.key, v.start, v.end) for v in values] == [
            (v.key, v.start, v.end) for v in blobs.large_values(data)]
        assert blobs.digest(data) == whole
    # Anything but the printed shape of builtin resources: no values.
    assert blobs.scan(text.replace("builtin: {", "other: {").encode())[1] == ()
    assert blobs.scan((text + "module {}\n").encode())[1] == ()
