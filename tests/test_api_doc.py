"""docs/API.md is true: every heading names a real object, a callable's
documented parameters are its parameters (names, kinds, defaults, order),
every attribute row of a class exists, every public name is documented,
and the report tables cover the keys a real build's reports have.
"""

from __future__ import annotations

import enum
import importlib
import inspect
import json
import re
import shutil
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from support.engine import REPO, corpus_file, run_halflow

DOC = REPO / "docs" / "API.md"
HEADING = re.compile(r"^### `([\w.]+)(\((.*)\))?`$", re.M)


def resolve(dotted: str) -> Any:
    parts = dotted.split(".")
    for i in range(len(parts), 0, -1):
        try:
            obj: Any = importlib.import_module(".".join(parts[:i]))
        except ImportError:
            continue
        for attr in parts[i:]:
            obj = getattr(obj, attr)
        return obj
    raise LookupError(dotted)


def canonical(obj: Any) -> str:
    """The parameters as the doc writes them: no annotations, ``*`` before
    keyword-only ones, enum defaults as ``Class.MEMBER``."""
    if isinstance(obj, ModuleType):  # `halflow.watch`: the module of the function
        obj = getattr(obj, obj.__name__.rpartition(".")[2])
    sig = inspect.signature(obj)
    out: list[str] = []
    star = False
    for p in sig.parameters.values():
        if p.kind == p.VAR_POSITIONAL:
            out.append("*" + p.name)
            star = True
            continue
        if p.kind == p.VAR_KEYWORD:
            out.append("**" + p.name)
            continue
        if p.kind == p.KEYWORD_ONLY and not star:
            out.append("*")
            star = True
        text = p.name
        if p.default is not p.empty:
            d = p.default
            text += "=" + (f"{type(d).__name__}.{d.name}" if isinstance(d, enum.Enum) else repr(d))
        out.append(text)
    return ", ".join(out)


def sections() -> list[tuple[str, str | None, str]]:
    """(dotted name, documented parameters or None, body until the next heading)."""
    text = DOC.read_text()
    found = list(HEADING.finditer(text))
    return [
        (m.group(1), m.group(3), text[m.end(): found[i + 1].start() if i + 1 < len(found)
                                       else len(text)])
        for i, m in enumerate(found)
    ]


def test_every_heading_is_a_real_object_with_its_parameters() -> None:
    checked = 0
    for name, params, _ in sections():
        obj = resolve(name)
        if params is not None:
            assert params == canonical(obj), name
            checked += 1
    assert checked >= 12


def test_every_attribute_row_exists() -> None:
    for name, _, body in sections():
        rows = re.findall(r"^\| `(\w+)` \|", body, re.M)
        if not rows or "| attribute |" not in body:
            continue
        obj = resolve(name)
        fields = set(getattr(obj, "__dataclass_fields__", {}))
        for row in rows:
            assert row in fields or hasattr(obj, row) or row in inspect.signature(
                obj).parameters, f"{name}.{row}"


def test_every_public_name_is_documented() -> None:
    import halflow
    import halflow.iree_build

    documented = {name for name, _, _ in sections()}
    public = {f"halflow.{n}" for n in halflow.__all__ if n != "__version__"}
    public |= {f"halflow.iree_build.{n}" for n in halflow.iree_build.__all__}
    assert public - documented == set()


def report_keys(section: str) -> set[str]:
    text = DOC.read_text().split("## The build report", 1)[1]
    table = text.split(section, 1)[1].split("\n\n", 2)[1]
    return set(re.findall(r"^\| `(\w+)` \|", table, re.M))


@pytest.mark.parametrize("edit", [False, True])
def test_report_keys_are_documented(tmp_path: Path, edit: bool) -> None:
    src = tmp_path / "m.mlir"
    shutil.copy(corpus_file("mlp_s.mlir"), src)
    documented = report_keys("(JSON):")
    for k in range(2):
        if edit and k:
            src.write_text(src.read_text().replace("128x64xf32", "128x64xf32 ", 1))
        report = tmp_path / f"r{k}.json"
        run = run_halflow("build", src, "-o", tmp_path / "o.mlir", "--cache-dir",
                          tmp_path / "c", "--report", report)
        assert run.returncode == 0, run.stderr
        data = json.loads(report.read_text())
        assert set(data) <= documented, set(data) - documented
        assert {"total", "executed", "reused", "seconds", "mode", "cache"} <= set(data)
        assert set(data["executed"][0]) == {"node", "stage", "reason", "seconds"} if (
            data["executed"]) else True


def test_vmfb_report_keys_are_documented(tmp_path: Path) -> None:
    report = tmp_path / "r.json"
    run = run_halflow("build", corpus_file("mlp_s.mlir"), "--to", "vmfb", "-o",
                      tmp_path / "m.vmfb", "--cache-dir", tmp_path / "c", "--report", report,
                      "--", "--iree-hal-target-device=local",
                      "--iree-hal-local-target-device-backends=llvm-cpu")
    assert run.returncode == 0, run.stderr
    data = json.loads(report.read_text())
    documented = report_keys("--report PATH`):")
    # `fallback` appears only when the build fell back (tests/test_codegen_nodes.py).
    assert set(data) == documented - {"fallback"}
