"""Benchmark halflow.asm.assembler: splicing per-op printed chunks vs printing the whole
module, on the iree-opt output of a corpus file (default: openelm_serving).

    PYTHONPATH=. python benchmarks/asm_splice.py [--case NAME] [--repeat N]

Every assembled text is checked against MLIR's own print of the same module.
Times are medians over --repeat runs, in milliseconds.
"""

from __future__ import annotations

import argparse
import os
import pickle
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from iree.compiler import ir

from halflow.asm import assembler as asm

REPO = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("HALFLOW_SHARED", REPO.parent / "shared"))


def median_ms(fn: Callable[[], object], repeat: int) -> tuple[float, object]:
    times = []
    result = None
    for _ in range(repeat):
        start = time.perf_counter()
        result = fn()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times), result


def print_chunk(module: ir.Module, ops: list[ir.Operation]) -> str:
    with module.context, ir.Location.unknown():
        chunk = ir.Module.create()
        attrs = module.operation.attributes
        for i in range(len(attrs)):
            chunk.operation.attributes[attrs[i].name] = attrs[i].attr
        ip = ir.InsertionPoint(chunk.body)
        for op in ops:
            op.clone(ip=ip)
    return chunk.operation.get_asm(assume_verified=True)


def edit_executable(text: str, occurrence: int, attr: str) -> str:
    marker = "  hal.executable private @"
    at = -1
    for _ in range(occurrence + 1):
        at = text.index(marker, at + 1)
    brace = text.index(" {\n", at)
    return text[:brace] + f" attributes {{halflow.bench = {attr}}}" + text[brace:]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--case", default="openelm_serving.mlir")
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()

    iree_opt = shutil.which("iree-opt") or str(Path(sys.executable).parent / "iree-opt")
    source = SHARED / "corpus" / args.case
    text = subprocess.run(
        [iree_opt, "--iree-hal-materialize-interfaces", str(source)],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    context = ir.Context()
    module = ir.Module.parse(text, context)
    ops = [op.operation for op in module.body.operations]
    rows: list[tuple[str, float]] = []

    t, reference = median_ms(lambda: module.operation.get_asm(assume_verified=True), args.repeat)
    rows.append(("whole-module print (get_asm)", t))

    start = time.perf_counter()
    chunk_texts = [print_chunk(module, [op]) for op in ops]
    opening_text = print_chunk(module, [])
    rows.append(("print every op as its own chunk (once)", (time.perf_counter() - start) * 1000))

    t, parsed = median_ms(lambda: [asm.parse_printed(c) for c in chunk_texts], args.repeat)
    rows.append(("parse_printed, all chunks (once per print)", t))
    chunks: list[asm.PrintedModule] = parsed  # type: ignore[assignment]
    opening = asm.parse_printed(opening_text)
    blob = pickle.dumps(chunks)
    t, _ = median_ms(lambda: pickle.loads(blob), args.repeat)
    rows.append((f"unpickle all chunk records ({len(blob) / 1e6:.1f} MB)", t))

    start = time.perf_counter()
    first = asm.Assembler().assemble(opening, chunks)
    rows.append(
        ("assemble, first ever (incl. probe context)", (time.perf_counter() - start) * 1000)
    )
    assert first == reference

    def cold() -> str:
        return asm.Assembler().assemble(opening, chunks)

    t, out = median_ms(cold, args.repeat)
    assert out == reference
    rows.append(("assemble, fresh Assembler (no caches)", t))

    assembler = asm.Assembler()
    assembler.assemble(opening, chunks)
    t, out = median_ms(lambda: assembler.assemble(opening, chunks), args.repeat)
    assert out == reference
    rows.append(("re-assemble, nothing changed", t))

    for label, attr in [
        ("one op changed, aliases unchanged", "affine_map<(d0, d1) -> (d0, d1)>"),
        (
            "one op changed, new alias renumbers",
            "affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d7)>",
        ),
    ]:
        edited = ir.Module.parse(edit_executable(text, 5, attr), ir.Context())
        edited_ref = edited.operation.get_asm(assume_verified=True)
        edited_ops = [op.operation for op in edited.body.operations]
        (index,) = [i for i, op in enumerate(edited_ops) if "halflow.bench" in op.attributes]
        new_chunk = asm.parse_printed(print_chunk(edited, [edited_ops[index]]))
        pieces = [*chunks[:index], new_chunk, *chunks[index + 1 :]]
        times = []
        for _ in range(args.repeat):
            warm = asm.Assembler()
            warm.assemble(opening, chunks)
            before = dict(warm.stats)
            start = time.perf_counter()
            out = warm.assemble(opening, pieces)
            times.append((time.perf_counter() - start) * 1000)
            assert out == edited_ref
        rendered = warm.stats["rendered"] - before["rendered"]
        probed = warm.stats["probes"] - before["probes"]
        rows.append(
            (
                f"re-assemble, {label} ({rendered} re-rendered, {probed} probe)",
                statistics.median(times),
            )
        )
    # The other way to start: the whole module printed once, one op replaced.
    whole = asm.parse_printed(reference)
    refs: list[asm.OpRef] = [(whole, i) for i in range(len(ops))]
    refs[index] = new_chunk
    t, out = median_ms(lambda: asm.Assembler().assemble(whole, refs), args.repeat)
    assert out == edited_ref
    rows.append(("assemble whole-module print + 1 replaced op, fresh Assembler", t))

    print(
        f"{args.case}: {len(ops)} top-level ops, {len(reference) / 1e6:.1f} MB, "
        f"{len(opening.aliases) + len({d.key for c in chunks for d in c.aliases})} aliases"
    )
    width = max(len(label) for label, _ in rows)
    for label, ms in rows:
        print(f"  {label:<{width}}  {ms:8.1f} ms")
    print("  (every assembled text verified byte-identical to MLIR's print)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
