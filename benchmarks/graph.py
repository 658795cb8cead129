"""``halflow graph``'s summary of large modules: how long halflow takes to
write it, how long Graphviz's ``dot`` takes to lay it out, and how big the
picture is (target: seconds, and a picture whose labels are legible).

    .venv/bin/python benchmarks/graph.py [--repeat 3] [--png DIR]

``--png DIR`` keeps the rendered pictures there, to look at.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import struct
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from common import REPO, compile_package

FILES = ["openelm_l16.mlir", "openelm_serving.mlir"]


def timed(argv: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(argv, env=env, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def png_size(path: Path) -> tuple[int, int]:
    width, height = struct.unpack(">II", path.read_bytes()[16:24])
    return width, height


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--png", type=Path)
    args = parser.parse_args()
    dot = shutil.which("dot")
    if dot is None:
        raise SystemExit("needs Graphviz's dot: apt-get install graphviz")
    compile_package()
    shared = Path(os.environ.get("HALFLOW_SHARED", REPO.parent / "shared"))
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    with tempfile.TemporaryDirectory() as tmp:
        for name in FILES:
            src = shared / "corpus" / name
            cache = Path(tmp) / "cache"
            out = Path(tmp) / (name + ".dot")
            png = (args.png or Path(tmp)) / (name + ".png")
            png.parent.mkdir(parents=True, exist_ok=True)
            graph = [sys.executable, "-m", "halflow", "graph", str(src), "-o", str(out),
                     "--cache-dir", str(cache)]
            subprocess.run([  # a built cache: the graph of a rebuild
                sys.executable, "-m", "halflow", "build", str(src), "-o",
                str(Path(tmp) / "out.mlir"), "--cache-dir", str(cache)], env=env, check=True)
            halflow_s = statistics.median(timed(graph, env) for _ in range(args.repeat))
            render = [dot, "-Tpng", str(out), "-o", str(png)]
            dot_s = statistics.median(timed(render, env) for _ in range(args.repeat))
            width, height = png_size(png)
            print(f"{name}: halflow graph {halflow_s:.2f}s, {out.stat().st_size / 1024:.0f} KB "
                  f"of DOT; dot -Tpng {dot_s:.2f}s, {width} x {height} px")


if __name__ == "__main__":
    main()
