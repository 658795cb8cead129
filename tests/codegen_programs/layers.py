"""Programs written for the group/host tests: a stack of dense layers.

Layer ``i`` maps width ``widths[i]`` to ``widths[i + 1]`` (a matmul, a
scale by ``scales[i]``, a clamp at zero), one or two dispatches each. Edits
are made by changing the arguments: a scale (one dispatch's body), a width
(several executables and the host), a layer added at the front (every
dispatch renumbered), the entry function's name (every executable renamed,
none changed).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

BATCH = 4


def program(widths: Sequence[int], scales: Sequence[float], function: str = "main",
            extra: bool = False) -> str:
    """``extra``: a first dispatch (squaring an extra argument, returned as a
    second result) that renumbers all the others."""
    assert len(scales) == len(widths) - 1
    args = [f"%x: tensor<{BATCH}x{widths[0]}xf32>"]
    args += [f"%w{i}: tensor<{widths[i]}x{widths[i + 1]}xf32>" for i in range(len(scales))]
    out = widths[-1]
    results = f"tensor<{BATCH}x{out}xf32>"
    v = f"tensor<{BATCH}x{widths[0]}xf32>"
    if extra:
        args.append(f"%v: {v}")
        results = f"({results}, {v})"
    lines = [f"func.func @{function}({', '.join(args)}) -> {results} {{",
             "  %zero = arith.constant 0.0 : f32"]
    if extra:
        lines.append(f"  %sq = arith.mulf %v, %v : {v}")
    h = "%x"
    for i, scale in enumerate(scales):
        n = widths[i + 1]
        t = f"tensor<{BATCH}x{n}xf32>"
        lines += [
            f"  %e{i} = tensor.empty() : {t}",
            f"  %f{i} = linalg.fill ins(%zero : f32) outs(%e{i} : {t}) -> {t}",
            f"  %m{i} = linalg.matmul ins({h}, %w{i} : tensor<{BATCH}x{widths[i]}xf32>, "
            f"tensor<{widths[i]}x{n}xf32>) outs(%f{i} : {t}) -> {t}",
            f"  %c{i} = arith.constant dense<{scale:.6e}> : {t}",
            f"  %s{i} = arith.mulf %m{i}, %c{i} : {t}",
            f"  %z{i} = arith.constant dense<0.0> : {t}",
            f"  %r{i} = arith.maximumf %s{i}, %z{i} : {t}",
        ]
        h = f"%r{i}"
    if extra:
        lines += [f"  return {h}, %sq : tensor<{BATCH}x{out}xf32>, {v}", "}"]
    else:
        lines += [f"  return {h} : tensor<{BATCH}x{out}xf32>", "}"]
    return "\n".join(lines) + "\n"


def inputs(widths: Sequence[int], extra: bool = False, seed: int = 0) -> list[np.ndarray]:
    rng = np.random.default_rng(seed)
    shapes = [(BATCH, widths[0])] + [(widths[i], widths[i + 1]) for i in range(len(widths) - 1)]
    shapes += [(BATCH, widths[0])] if extra else []
    return [(0.5 * rng.standard_normal(s)).astype(np.float32) for s in shapes]
