"""Incremental builds verify each dispatch against the export it names.

MLIR runs ``CmdDispatchOp::verifySymbolUses`` only on a module holding both
the ``stream.cmd.dispatch`` and the executable; an incremental build parses
them apart, so the engine checks the pairs itself (``halflow.nodes.verify``) and
falls back to the whole build, which reports in IREE's words. Each case
builds a corpus file with a cache, edits one side (host or executable),
rebuilds with the same cache and expects iree-opt's exit status and stderr
byte for byte, the output file untouched; reverting must then give
iree-opt's output.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.conftest import Run, RunTool, corpus_file

D0 = "@main$async_dispatch_0_matmul_Dx512x256_f32"
D0_SITE = f"stream.cmd.dispatch @main$async_dispatch_0::{D0}[%0](%12, %14 : i32, i32) {{"
D0_FUNC = f"func.func {D0}("
D0_EXPORT = f"stream.executable.export public {D0} workgroups("


def replace_once(old: str, new: str) -> Callable[[str], str]:
    def edit(text: str) -> str:
        assert text.count(old) == 1, f"edit anchor not unique: {old!r}"
        return text.replace(old, new)

    return edit


def in_line(anchor: str, old: str, new: str) -> Callable[[str], str]:
    """Replace ``old`` by ``new`` on the one line containing ``anchor``."""

    def edit(text: str) -> str:
        lines = text.split("\n")
        hits = [i for i, line in enumerate(lines) if anchor in line]
        assert len(hits) == 1 and old in lines[hits[0]], (anchor, old)
        lines[hits[0]] = lines[hits[0]].replace(old, new, 1)
        return "\n".join(lines)

    return edit


def on_line(number: int, old: str, new: str) -> Callable[[str], str]:
    def edit(text: str) -> str:
        lines = text.split("\n")
        assert old in lines[number - 1]
        lines[number - 1] = lines[number - 1].replace(old, new, 1)
        return "\n".join(lines)

    return edit


@dataclass(frozen=True)
class Edit:
    corpus: str
    apply: Callable[[str], str]
    fails: bool = True  # iree-opt rejects the edited file


EDITS: dict[str, Edit] = {
    # -- host side: the dispatch changed, the executables did not ---------------
    # The auditor's reproducer: one uniform operand fewer than the function.
    "host_fewer_uniforms": Edit(
        "mlp_s.mlir",
        on_line(311, "(%c0_i32, %c4096_i32 : i32, i32)", "(%c0_i32 : i32)"),
    ),
    "host_extra_push_constant": Edit(
        "mlp_dyn.mlir", in_line(D0_SITE, "(%12, %14 : i32, i32)", "(%12, %14, %14 : i32, i32, i32)")
    ),
    "host_uniform_type": Edit(
        "mlp_dyn.mlir", in_line(D0_SITE, "(%12, %14 : i32, i32)", "(%12, %11 : i32, i64)")
    ),
    "host_duplicated_resource": Edit(
        "mlp_dyn.mlir",
        replace_once(
            D0_SITE + "\n        ro %arg3[%c0 for %1] : !stream.resource<external>{%1},",
            D0_SITE + "\n        ro %arg3[%c0 for %1] : !stream.resource<external>{%1},"
            "\n        ro %arg3[%c0 for %1] : !stream.resource<external>{%1},",
        ),
    ),
    "host_repointed": Edit(
        "mlp_dyn.mlir",
        in_line(
            D0_SITE,
            f"@main$async_dispatch_0::{D0}",
            "@main$async_dispatch_1::@main$async_dispatch_1_reduction_Dx512_f32",
        ),
    ),
    "host_workload": Edit("mlp_dyn.mlir", in_line(D0_SITE, "[%0]", "[%0, %0]")),
    # -- executable side: the host did not change --------------------------------
    "exec_extra_uniform_argument": Edit(
        "mlp_dyn.mlir", in_line(D0_FUNC, "%arg5: i32) {", "%arg5: i32, %arg6: i32) {")
    ),
    "exec_extra_binding_argument": Edit(
        "mlp_dyn.mlir", in_line(D0_FUNC, "%arg5: i32) {", "%arg5: i32, %arg6: !stream.binding) {")
    ),
    "exec_workgroup_count_arguments": Edit(
        "mlp_dyn.mlir",
        in_line(D0_EXPORT, "workgroups(%arg0: index)", "workgroups(%arg0: index, %arg1: index)"),
    ),
    # An entry function that returns a value: IREE converts it to one that
    # returns nothing, and the module fails verification after the pass.
    "exec_entry_returns_a_value": Edit(
        "mlp_s.mlir",
        lambda text: on_line(134, "        return", "        return %arg2 : i32")(
            on_line(107, "%arg3: i32) {", "%arg3: i32) -> i32 {")(text)
        ),
    ),
    # A !hal.device argument is implicitly captured: IREE does not count it.
    "exec_workgroup_count_device": Edit(
        "mlp_dyn.mlir",
        in_line(D0_EXPORT, "workgroups(%arg0: index)", "workgroups(%d: !hal.device, %arg0: index)"),
        fails=False,
    ),
}


def _output_state(path: Path) -> tuple[bytes, int]:
    return path.read_bytes(), path.stat().st_mtime_ns


@pytest.mark.parametrize("name", sorted(EDITS))
def test_cached_build_verifies_dispatch_against_export(
    name: str,
    run_halflow: RunTool,
    iree_materialize: Callable[..., Run],
    tmp_path: Path,
) -> None:
    edit = EDITS[name]
    src = tmp_path / "in.mlir"
    out = tmp_path / "out.mlir"
    cache = tmp_path / "cache"
    original = corpus_file(edit.corpus).read_text()
    src.write_text(original)

    def build() -> Run:
        return run_halflow("build", src, "-o", out, "--cache-dir", cache)

    first = build()
    assert first.returncode == 0, first.describe()
    reference = iree_materialize(src)
    assert reference.returncode == 0

    src.write_text(edit.apply(original))
    oracle = iree_materialize(src)
    assert (oracle.returncode != 0) == edit.fails, oracle.describe()
    before = _output_state(out)
    edited = build()
    assert edited.returncode == oracle.returncode, edited.describe()
    if edit.fails:
        assert edited.raw_stderr == oracle.raw_stderr
        assert _output_state(out) == before  # the output is left alone
    else:
        assert out.read_text() == oracle.stdout

    src.write_text(original)
    reverted = build()
    assert reverted.returncode == 0, reverted.describe()
    assert out.read_text() == reference.stdout


@pytest.mark.parametrize("name", ["host_fewer_uniforms", "exec_extra_uniform_argument"])
def test_library_cached_build_verifies(
    name: str, iree_materialize: Callable[..., Run], tmp_path: Path
) -> None:
    """``halflow.build(..., cache_dir=...)`` raises iree-opt's diagnostics."""
    import halflow

    edit = EDITS[name]
    src = tmp_path / "in.mlir"
    cache = tmp_path / "cache"
    original = corpus_file(edit.corpus).read_text()
    src.write_text(original)
    halflow.build(src, cache_dir=cache)
    src.write_text(edit.apply(original))
    oracle = iree_materialize(src)
    assert oracle.returncode != 0
    with pytest.raises(halflow.HalflowError) as info:
        halflow.build(src, cache_dir=cache)
    rendered = info.value.render() + "\n"
    assert rendered.encode("utf-8", "surrogateescape") == oracle.raw_stderr
    src.write_text(original)
    assert halflow.build(src, cache_dir=cache).text == iree_materialize(src).stdout
