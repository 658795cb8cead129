"""Measurement: do executables an edit changes only in their assumptions
translate to their old code?

    PYTHONPATH=. python benchmarks/assume_only.py OLD.mlir NEW.mlir [--work DIR] [-- IREE FLAGS]

OLD and NEW are two exports of one model, e.g. consecutive variants of
``benchmarks/real_models.py``'s chain (``--work``'s ``exports/<model>/vN.mlir``).
IREE's front end gives each one's executables (``--compile-to=
executable-sources``). An executable of NEW is *changed* when no executable of
OLD has its name-free text (``halflow.codegen.executables.normalize``), the
text a translation key hashes. A changed one differs *only in its
assumptions* when, with every ``util.assume.int`` erased (its results
replaced by its operands, through the bindings), its text equals an OLD
executable's with the same erasure. Each such pair is translated by IREE,
each executable alone (``--compile-from=executable-sources
--compile-to=executable-targets``), and the two translations compared
name-free.

What it prints: how many changed executables differ only in their
assumptions, how many of those translate to the old code, split by whether
the rows' summary (per operand: the union range, the gcd divisor, the row
when all rows are equal) is the same too: how much a translation key on
that summary, rather than on the rows, would save. It proves nothing about
other programs (halflow/codegen/NOTES.md, "Keying translations on the
assumptions' summary", says why such a key is not used). IREE flags default
to ``real_models.py``'s llvm-cpu ones. Not a speed goal; not a test.
"""

from __future__ import annotations

import argparse
import hashlib
import math
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from iree.compiler import ir
from real_models import flags as cpu_flags  # benchmarks/ is the script's directory

from halflow.codegen.executables import normalize
from halflow.codegen.tools import iree_compile

_FIELD = re.compile(r"(umin|umax|udiv)\s*=\s*(\d+)")


def _compiled(out: Path, source: Path, flags: list[str], *phases: str) -> Path:
    """``out``: ``iree-compile SOURCE FLAGS PHASES`` (kept: a rerun reuses it)."""
    if not out.exists():
        subprocess.run([iree_compile(), str(source), *flags, *phases, "--verify=false",
                        "-o", str(out) + ".tmp"], check=True)
        Path(str(out) + ".tmp").rename(out)
    return out


def executable_sources(model: Path, flags: list[str], work: Path) -> Path:
    digest = hashlib.sha256(model.read_bytes() + "\0".join(flags).encode()).hexdigest()[:16]
    return _compiled(work / f"sources-{digest}.mlir", model, flags,
                     "--compile-to=executable-sources")


def _summary(assume: ir.Operation) -> list[tuple]:
    """Per operand: (union umin, union umax, gcd udiv, the row if all rows are equal)."""
    rows_per_operand = []
    for operand_rows in ir.ArrayAttr(assume.attributes["assumptions"]):
        rows = [dict((k, int(v)) for k, v in _FIELD.findall(str(row)))
                for row in ir.ArrayAttr(operand_rows)]
        field = {k: [r.get(k) for r in rows] for k in ("umin", "umax", "udiv")}
        rows_per_operand.append((
            None if None in field["umin"] else min(field["umin"]),
            None if None in field["umax"] else max(field["umax"]),
            None if None in field["udiv"] else math.gcd(*field["udiv"]),
            tuple(sorted(rows[0].items())) if all(r == rows[0] for r in rows) else None,
        ))
    return rows_per_operand


class Executable:
    """One ``hal.executable``: its name-free text, that text without its
    assumptions, and their summary."""

    def __init__(self, op: ir.Operation):
        self.name = ir.StringAttr(op.attributes["sym_name"]).value
        printed = op.get_asm(enable_debug_info=False)
        self.text = normalize(printed, self.name) or ""
        self.source = "module {\n" + printed + "\n}\n"  # what IREE translates
        assumes: list[ir.Operation] = []

        def collect(inner: ir.Operation) -> ir.WalkResult:
            if inner.name == "util.assume.int":
                assumes.append(inner)
            return ir.WalkResult.ADVANCE

        op.walk(collect)
        self.summary = [_summary(a) for a in assumes]
        for assume in assumes:
            for result, operand in zip(assume.results, assume.operands, strict=True):
                result.replace_all_uses_with(operand)
            assume.erase()
        self.without_assumptions = normalize(op.get_asm(enable_debug_info=False), self.name) or ""


def executables(sources: Path) -> dict[str, Executable]:
    with ir.Context():
        module = ir.Module.parse(sources.read_text())
        found = [Executable(op.operation) for op in module.body.operations
                 if op.operation.name == "hal.executable"]
    return {e.name: e for e in found}


def translated(executable: Executable, flags: list[str], work: Path) -> str:
    """``executable`` translated alone, name-free."""
    digest = hashlib.sha256((executable.source + "\0".join(flags)).encode()).hexdigest()[:16]
    source = work / f"source-{digest}.mlir"
    source.write_text(executable.source)
    text = _compiled(work / f"translated-{digest}.mlir", source, flags,
                     "--compile-from=executable-sources",
                     "--compile-to=executable-targets").read_text()
    return normalize(text, executable.name) or text


def main() -> None:
    argv = sys.argv[1:]
    iree_flags = argv[argv.index("--") + 1:] if "--" in argv else cpu_flags()
    argv = argv[:argv.index("--")] if "--" in argv else argv
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("old", type=Path)
    ap.add_argument("new", type=Path)
    ap.add_argument("--work", type=Path, default=Path("/tmp/halflow-assume-only"))
    args = ap.parse_args(argv)
    args.work.mkdir(parents=True, exist_ok=True)

    sources = [executable_sources(m, iree_flags, args.work) for m in (args.old, args.new)]
    old, new = (executables(s) for s in sources)
    old_texts = {e.text for e in old.values()}
    by_erased: dict[str, list[Executable]] = {}
    for e in old.values():
        by_erased.setdefault(e.without_assumptions, []).append(e)

    changed = [e for e in new.values() if e.text not in old_texts]
    pairs = []
    for e in changed:
        candidates = by_erased.get(e.without_assumptions, [])
        if candidates:
            same_name = [c for c in candidates if c.name == e.name]
            pairs.append((e, (same_name or candidates)[0]))

    def same_code(pair: tuple[Executable, Executable]) -> bool:
        n, o = pair
        return translated(n, iree_flags, args.work) == translated(o, iree_flags, args.work)

    with ThreadPoolExecutor(2) as pool:
        same = list(pool.map(same_code, pairs))
    summary_equal = [n.summary == o.summary for n, o in pairs]
    print(f"{args.old.name} -> {args.new.name}: {len(new)} executables, {len(changed)} changed, "
          f"{len(pairs)} of them only in their util.assume.int rows")
    for label, wanted in (("same summary", True), ("other summary", False)):
        chosen = [s for s, eq in zip(same, summary_equal, strict=True) if eq == wanted]
        print(f"  {label}: {len(chosen)}, translating to the old code: {sum(chosen)}")
    different = [n.name for (n, _), s in zip(pairs, same, strict=True) if not s]
    if different:
        print("  translating to other code:", ", ".join(different[:20]))


if __name__ == "__main__":
    main()
