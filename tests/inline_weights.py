"""Pre-materialize modules with inline weights, made by IREE's own tools.

The corpus (``../shared/corpus``) has externalized parameters only; models
exported with their weights inline reach the pass with shapes it never
shows: ``#util.composite`` constant pools printed over several lines, a
constant-loading ``util.initializer`` with several blocks, host functions
whose ``scf.if`` became branches, ``dense_resource`` blobs. This script
writes small linalg programs with such weights (``arith.constant
dense<...>`` tensors; one ``dense_resource`` blob), compiles each with
``iree-compile --compile-to=executable-sources`` and keeps the module as
printed right before ``iree-hal-materialize-interfaces``.

    python tests/inline_weights.py            # rewrites tests/data/inline/*.mlir
    python tests/inline_weights.py --check    # exit 1 if a committed file is stale

Deterministic: weights come from ``random.Random(name)``; the dumps depend
only on the program text and the pinned ``iree-base-compiler``.
:func:`large_module` makes the 100+-executable module of
``benchmarks/incremental.py`` on demand (too large to commit).
"""

from __future__ import annotations

import argparse
import random
import shutil
import struct
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
DATA = HERE / "data" / "inline"
FLAGS = [
    "--iree-hal-target-device=local",
    "--iree-hal-local-target-device-backends=llvm-cpu",
    "--iree-llvmcpu-target-cpu=x86-64-v3",
    "--compile-to=executable-sources",
    "--mlir-print-ir-before=iree-hal-materialize-interfaces",
]
_BIAS_MAPS = (
    "indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, "
    "affine_map<(i, j) -> (i, j)>], iterator_types = [\"parallel\", \"parallel\"]"
)


def iree_compile() -> str:
    found = Path(sys.executable).with_name("iree-compile")
    return str(found) if found.exists() else shutil.which("iree-compile") or "iree-compile"


class _Weights:
    """Deterministic weight literals."""

    def __init__(self, seed: str) -> None:
        self.rng = random.Random(seed)

    def values(self, count: int) -> list[float]:
        return [round(self.rng.uniform(-1.0, 1.0), 4) for _ in range(count)]

    def dense(self, rows: int, cols: int | None = None) -> str:
        if cols is None:
            body = ", ".join(map(str, self.values(rows)))
            return f"dense<[{body}]> : tensor<{rows}xf32>"
        nested = ", ".join(
            "[" + ", ".join(map(str, self.values(cols))) + "]" for _ in range(rows)
        )
        return f"dense<[{nested}]> : tensor<{rows}x{cols}xf32>"

    def blob(self, count: int) -> str:
        """A builtin dialect resource blob: alignment (4) then little-endian f32."""
        raw = struct.pack("<I", 4) + struct.pack(f"<{count}f", *self.values(count))
        return "0x" + raw.hex().upper()


def _layer(w: _Weights, p: str, x: str, rows: int, k: int, n: int, weight: str | None = None,
           act: str = "arith.maximumf %s, %zero : f32", indent: str = "  ") -> str:
    """``x @ W + b`` then an activation, for a ``rows x k`` input."""
    weight = weight or w.dense(k, n)
    lines = [
        f"{p}_w = arith.constant {weight}",
        f"{p}_b = arith.constant {w.dense(n)}",
        f"{p}_e = tensor.empty() : tensor<{rows}x{n}xf32>",
        f"{p}_z = linalg.fill ins(%zero : f32) outs({p}_e : tensor<{rows}x{n}xf32>) "
        f"-> tensor<{rows}x{n}xf32>",
        f"{p}_m = linalg.matmul ins({x}, {p}_w : tensor<{rows}x{k}xf32>, tensor<{k}x{n}xf32>) "
        f"outs({p}_z : tensor<{rows}x{n}xf32>) -> tensor<{rows}x{n}xf32>",
        f"{p} = linalg.generic {{{_BIAS_MAPS}}}",
        f"    ins({p}_m, {p}_b : tensor<{rows}x{n}xf32>, tensor<{n}xf32>) "
        f"outs({p}_e : tensor<{rows}x{n}xf32>) {{",
        "^bb0(%a: f32, %b: f32, %o: f32):",
        "  %s = arith.addf %a, %b : f32",
        f"  %r = {act}",
        "  linalg.yield %r : f32",
        f"}} -> tensor<{rows}x{n}xf32>",
    ]
    return "".join(f"{indent}{line}\n" for line in lines)


def mlp_program() -> str:
    """Three public functions: a 3-layer MLP (inline 16x32 weights, one of
    them a ``dense_resource`` blob), an ``scf.if`` between two networks, and
    an ``scf.while`` loop; host control flow becomes several blocks."""
    w = _Weights("mlp")
    out = ["// A 3-layer MLP and two functions with host control flow; weights inline.",
           "func.func @predict(%x: tensor<4x16xf32>) -> tensor<4x16xf32> {",
           "  %zero = arith.constant 0.0 : f32"]
    out.append(_layer(w, "%h1", "%x", 4, 16, 32))
    out.append(_layer(w, "%h2", "%h1", 4, 32, 32,
                      weight="dense_resource<mlp_w2> : tensor<32x32xf32>"))
    out.append(_layer(w, "%h3", "%h2", 4, 32, 16, act="math.tanh %s : f32"))
    out += ["  return %h3 : tensor<4x16xf32>", "}", ""]
    out += ["func.func @gated(%x: tensor<4x16xf32>, %flag: i1) -> tensor<4x16xf32> {",
            "  %zero = arith.constant 0.0 : f32",
            "  %r = scf.if %flag -> tensor<4x16xf32> {"]
    out.append(_layer(w, "%g1", "%x", 4, 16, 24, indent="    "))
    out.append(_layer(w, "%g2", "%g1", 4, 24, 16, indent="    "))
    out += ["    scf.yield %g2 : tensor<4x16xf32>", "  } else {"]
    out.append(_layer(w, "%g3", "%x", 4, 16, 16, act="math.tanh %s : f32", indent="    "))
    out += ["    scf.yield %g3 : tensor<4x16xf32>", "  }", "  return %r : tensor<4x16xf32>",
            "}", ""]
    out += ["func.func @iterate(%x: tensor<4x8xf32>, %n: i32) -> tensor<4x8xf32> {",
            "  %zero = arith.constant 0.0 : f32",
            "  %c0 = arith.constant 0 : i32",
            "  %c1 = arith.constant 1 : i32",
            "  %r:2 = scf.while (%i = %c0, %v = %x) : (i32, tensor<4x8xf32>) "
            "-> (i32, tensor<4x8xf32>) {",
            "    %go = arith.cmpi slt, %i, %n : i32",
            "    scf.condition(%go) %i, %v : i32, tensor<4x8xf32>",
            "  } do {",
            "  ^bb0(%i: i32, %v: tensor<4x8xf32>):",
            "    %i1 = arith.addi %i, %c1 : i32"]
    out.append(_layer(w, "%s1", "%v", 4, 8, 8, act="math.tanh %s : f32", indent="    "))
    out += ["    scf.yield %i1, %s1 : i32, tensor<4x8xf32>", "  }",
            "  return %r#1 : tensor<4x8xf32>", "}", "",
            "{-#", "  dialect_resources: {", "    builtin: {",
            f'      mlp_w2: "{w.blob(32 * 32)}"', "    }", "  }", "#-}"]
    return "\n".join(out) + "\n"


def stack_program(layers: int) -> str:
    """A deep MLP with inline weights whose widths differ per layer (so IREE
    keeps every dispatch: about 2.5 executables per layer) behind an
    ``scf.if``."""
    w = _Weights(f"stack{layers}")
    widths = [8 + (i % 7) * 4 + i // 7 for i in range(layers + 1)]
    out = [f"// A {layers}-layer MLP with inline weights.",
           f"func.func @deep(%x: tensor<2x{widths[0]}xf32>, %flag: i1) "
           f"-> tensor<2x{widths[-1]}xf32> {{",
           "  %zero = arith.constant 0.0 : f32"]
    cur = "%x"
    for i in range(layers):
        act = "math.tanh %s : f32" if i % 2 else "arith.maximumf %s, %zero : f32"
        out.append(_layer(w, f"%l{i}", cur, 2, widths[i], widths[i + 1], act=act))
        cur = f"%l{i}"
    n = widths[-1]
    out += [f"  %r = scf.if %flag -> tensor<2x{n}xf32> {{"]
    out.append(_layer(w, "%t1", cur, 2, n, n, indent="    "))
    out += [f"    scf.yield %t1 : tensor<2x{n}xf32>", "  } else {",
            f"    scf.yield {cur} : tensor<2x{n}xf32>", "  }",
            f"  return %r : tensor<2x{n}xf32>", "}"]
    return "\n".join(out) + "\n"


def dump(program: str) -> str:
    """The module right before iree-hal-materialize-interfaces, for ``program``."""
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "program.mlir"
        src.write_text(program)
        tree = Path(tmp) / "dump"
        proc = subprocess.run(
            [iree_compile(), str(src), *FLAGS, f"--mlir-print-ir-tree-dir={tree}",
             "-o", "/dev/null"],
            capture_output=True, text=True, check=False,
        )
        if proc.returncode != 0:
            raise RuntimeError(f"iree-compile failed:\n{proc.stderr}")
        (found,) = tree.glob("*/*iree-hal-materialize-interfaces.mlir")
        text = found.read_text()
    first, _, rest = text.partition("\n")
    if not first.startswith("// -----// IR Dump"):
        raise RuntimeError(f"unexpected dump header {first[:80]!r}")
    return rest


def large_module(layers: int = 110) -> str:
    """The benchmark's module: 111 executables (110 layers), inline weights."""
    return dump(stack_program(layers))


# -- a large blob, spliced ------------------------------------------------------------
# Inline weights of a real model reach the pass as one `#util.composite`
# constant pool that a `util.initializer` uploads, its data a
# `dense_resource` blob of hundreds of megabytes (mlp_inline.mlir's shape,
# scaled). iree-compile would take minutes to print such a module, so
# `weights_parts` splices a pool of `size` bytes into a dumped one.
_DEVICE = "  util.global private @__device_0 = #device_target_local\n"
WEIGHTS_KEY = "__inline_weights"


def _pool_initializer(size: int) -> str:
    c, on = f"%c{size}", "on(#hal.device.affinity<@__device_0>)"
    res, tp = "!stream.resource<constant>", "!stream.timepoint"
    lines = [
        f"util.global private @__constant_inline_weights : {res}",
        "util.initializer {",
        "  %c0 = arith.constant 0 : index",
        "  %c0_i64 = arith.constant 0 : i64",
        f"  %0 = stream.timepoint.immediate => {tp}",
        "  %buffer_cst = util.buffer.constant <alignment = 64> : !util.buffer"
        f" = #composite_of_{size}b",
        f"  {c} = arith.constant {size} : index",
        f"  %did_map, %result = stream.resource.try_map {on} %buffer_cst[%c0]"
        f" : !util.buffer -> i1, {res}{{{c}}}",
        f"  cf.cond_br %did_map, ^bb2(%0, %result : {tp}, {res}), ^bb1",
        "^bb1:  // pred: ^bb0",
        f"  %1 = stream.resource.alloc uninitialized {on} : {res}{{{c}}}",
        f"  %file = stream.file.constant {on} %buffer_cst[%c0 for {c}]"
        f" : !util.buffer{{{c}}} -> !stream.file",
        f"  %2 = stream.file.read {on} await(%0) => %file[%c0_i64], %1[%c0], {c}"
        f" : !stream.file -> {res}{{{c}}} => {tp}",
        f"  cf.br ^bb2(%2, %1 : {tp}, {res})",
        f"^bb2(%3: {tp}, %4: {res}):  // 2 preds: ^bb0, ^bb1",
        f"  %5 = stream.timepoint.await sync %3 => %4 : {res}{{{c}}}",
        f"  util.global.store %5, @__constant_inline_weights : {res}",
        "  util.return",
        "}",
    ]
    return "".join(f"  {line}\n" for line in lines)


def weights_parts(model: str, size: int) -> tuple[str, str]:
    """The text of ``model`` (a pre-materialize module with a
    ``@__device_0`` global) with a constant pool of ``size`` bytes (a
    multiple of 4) spliced in: the text before the blob's hex digits
    (``"0x`` and the alignment included) and the text after them."""
    if _DEVICE not in model:
        raise ValueError("the model has no @__device_0 global to splice the weights after")
    pool = (f"#composite_of_{size}b = #util.composite<{size}xi8, [\n"
            f"    dense_resource<{WEIGHTS_KEY}> : tensor<{size // 4}xf32>,\n]>\n")
    text = pool + model.replace(_DEVICE, _DEVICE + _pool_initializer(size), 1)
    opening = "\n{-#\n  dialect_resources: {\n    builtin: {\n"
    body, sep, trailer = text.rpartition(opening)
    if sep:  # the model has resources of its own: the blob goes first
        return body + sep + f'      {WEIGHTS_KEY}: "0x04000000', '",\n' + trailer
    return (text.rstrip("\n") + "\n" + opening + f'      {WEIGHTS_KEY}: "0x04000000',
            '"\n    }\n  }\n#-}\n')


def write_weights(path: Path, model: str, size: int, flip: int | None = None) -> None:
    """Write ``model`` with a pool of ``size`` bytes of deterministic data
    (``flip``: the offset of one hex digit changed), streamed: a module of
    gigabytes is never one string."""
    before, after = weights_parts(model, size)
    rng = random.Random("weights")
    with path.open("w") as f:
        f.write(before)
        done = 0
        while done < size:
            n = min(size - done, 1 << 22)
            chunk = rng.randbytes(n).hex().upper()
            if flip is not None and 0 <= flip - 2 * done < 2 * n:
                at = flip - 2 * done
                chunk = chunk[:at] + ("0" if chunk[at] != "0" else "1") + chunk[at + 1 :]
            f.write(chunk)
            done += n
        f.write(after)


# The committed files: name -> program.
PROGRAMS = {
    "mlp_inline.mlir": mlp_program,
    "stack_inline.mlir": lambda: stack_program(6),
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="compare, do not write")
    args = parser.parse_args()
    DATA.mkdir(parents=True, exist_ok=True)
    stale = []
    for name, program in PROGRAMS.items():
        text = dump(program())
        path = DATA / name
        if args.check:
            if not path.exists() or path.read_text() != text:
                stale.append(name)
        else:
            path.write_text(text)
    if stale:
        print("stale: " + ", ".join(stale), file=sys.stderr)
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
