"""Device references through globals that are not devices, through no
global at all, or round a cycle, on every build path.

IREE resolves a device reference through any ``util.global`` (a global that
holds no device falls back to ``hal.device.targets``); a reference that
names no global makes IREE 3.13 assert, a cycle of fallbacks makes it loop
forever, and halflow reports both instead (README.md, deliberate
divergences). The lit cases ``device_refs.mlir`` and
``error_device_refs.mlir`` cover the single builds; here: the library's
exception, and an edit that breaks (then repairs) a device reference in a
module built before, so the incremental engine meets it.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from support.engine import corpus_file, reference_output, run_halflow

import halflow

LIT = Path(__file__).parent / "lit"
NAME = "gpt2_l2.mlir"
GOOD = "stream.cmd.execute on(#hal.device.affinity<@__device_0>)"


def break_first_dispatching_execute(text: str, device: str) -> tuple[str, int]:
    """``text`` with the first execute region that holds a dispatch moved to
    ``device``; returns the new text and the line of that dispatch."""
    lines = text.split("\n")
    for i, line in enumerate(lines):
        if GOOD in line:
            for j in range(i + 1, len(lines)):
                stripped = lines[j].lstrip()
                if stripped.startswith("stream.cmd.dispatch "):
                    lines[i] = line.replace("@__device_0", device, 1)
                    return "\n".join(lines), j + 1
                if stripped.startswith("} =>"):
                    break
    raise LookupError(f"no execute region with a dispatch in {NAME}")


def test_library_raises_a_diagnostic_not_a_python_error() -> None:
    path = LIT / "error_device_refs.mlir"
    with pytest.raises(halflow.HalflowError) as info:
        halflow.build(path, split_input_file=True, no_cache=True)
    messages = [d.message for d in info.value.diagnostics]
    assert messages == [
        "'stream.cmd.dispatch' op device @nosuch does not refer to a global",
        "'stream.cmd.dispatch' op device @ex_b does not refer to a global",
        "'stream.cmd.dispatch' op device @nosuch does not refer to a global",
        "'util.global' op device @nosuch does not refer to a global",
        "'stream.cmd.dispatch' op device @dev1 leads to a cycle of fallbacks or choices",
        "'stream.cmd.dispatch' op device @dev3 leads to a cycle of fallbacks or choices",
    ]


@pytest.mark.parametrize("device", ["@nosuch", "@__device_0_missing"])
def test_edit_to_an_unresolvable_device_and_back(device: str, tmp_path: Path) -> None:
    src = tmp_path / NAME
    shutil.copyfile(corpus_file(NAME), src)
    out = tmp_path / "out.mlir"
    cache = tmp_path / "cache"
    good = src.read_text()

    first = run_halflow("build", src, "-o", out, "--cache-dir", cache)
    assert first.returncode == 0, first.stderr.decode()
    before = out.read_bytes()

    broken, line = break_first_dispatching_execute(good, device)
    src.write_text(broken)
    run = run_halflow("build", src, "-o", out, "--cache-dir", cache)
    stderr = run.stderr.decode()
    assert run.returncode == 1, stderr
    assert "Traceback" not in stderr
    assert re.match(
        rf"{re.escape(str(src))}:{line}:\d+: error: 'stream.cmd.dispatch' op device "
        rf"{re.escape(device)} does not refer to a global\n",
        stderr,
    ), stderr
    assert out.read_bytes() == before, "a failed build touched the output"

    src.write_text(good)
    again = run_halflow("build", src, "-o", out, "--cache-dir", cache)
    assert again.returncode == 0, again.stderr.decode()
    assert out.read_text() == reference_output(src)


def test_edit_to_a_global_that_is_not_a_device(tmp_path: Path) -> None:
    """A dispatch moved onto a global holding an integer: its executable
    needs no target; with the edit as the last executable's only use, the
    output is iree-opt's (the earlier executables are not affected by
    IREE's stop-converting behaviour, README.md)."""
    src = tmp_path / "m.mlir"
    shutil.copyfile(LIT / "device_refs.mlir", src)
    text = src.read_text().split("// -----")[0]
    src.write_text(text.replace("@not_a_device>", "@dev0>"))
    out = tmp_path / "out.mlir"
    cache = tmp_path / "cache"
    first = run_halflow("build", src, "-o", out, "--cache-dir", cache)
    assert first.returncode == 0, first.stderr.decode()
    assert out.read_text() == reference_output(src)
    assert "stream.executable private @ex_on_int_global" not in out.read_text()

    src.write_text(text)
    run = run_halflow("build", src, "-o", out, "--cache-dir", cache)
    assert run.returncode == 0, run.stderr.decode()
    assert out.read_text() == reference_output(src)
    assert "stream.executable private @ex_on_int_global" in out.read_text()
