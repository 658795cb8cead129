"""What reading the settings costs the fastest command: a no-op ``halflow
build INPUT -o OUTPUT`` (answered by the up-to-date check) with no
configuration file, with a ``halflow.toml``, and with a ``pyproject.toml``
``[tool.halflow]`` (plus a user file), each as a ratio against one
``iree-opt`` run of the same input measured in the same run.

    .venv/bin/python benchmarks/config.py [--file llama_serving.mlir] [--repeat 15]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from common import REPO, compile_package

LAYOUTS = {
    "no file": {},
    "halflow.toml": {"halflow.toml": 'cache-dir = "cache"\nmax-size = "5G"\n'},
    "pyproject + user file": {
        "pyproject.toml": '[project]\nname = "m"\n\n[tool.halflow]\ncache-dir = "cache"\n'
                          'iree-flags = ["--iree-hal-target-device=local"]\n',
        "xdg-config/halflow/config.toml": "jobs = 2\n",
    },
}


def timed(argv: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(argv, env=env, check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--file", default="llama_serving.mlir")
    parser.add_argument("--repeat", type=int, default=15)
    args = parser.parse_args()
    compile_package()
    shared = Path(os.environ.get("HALFLOW_SHARED", REPO.parent / "shared"))
    iree_opt = shutil.which("iree-opt", path=str(Path(sys.executable).parent)) or "iree-opt"
    with tempfile.TemporaryDirectory() as tmp:
        runs: dict[str, tuple[list[str], dict[str, str]]] = {}
        for label, files in LAYOUTS.items():
            project = Path(tmp) / label.replace(" ", "_")
            project.mkdir()
            for name, text in files.items():
                (project / name).parent.mkdir(parents=True, exist_ok=True)
                (project / name).write_text(text)
            src = project / args.file
            shutil.copyfile(shared / "corpus" / args.file, src)
            env = {**os.environ, "PYTHONPATH": str(REPO),
                   "XDG_CONFIG_HOME": str(project / "xdg-config"),
                   "XDG_CACHE_HOME": str(project / "xdg-cache")}
            for name in ("HALFLOW_CACHE_DIR", "HALFLOW_CONFIG", "PYTHONDONTWRITEBYTECODE"):
                env.pop(name, None)
            argv = [sys.executable, "-m", "halflow", "build", str(src), "-o",
                    str(project / "out.mlir")]
            subprocess.run(argv, env=env, check=True)  # the build the no-ops find current
            runs[label] = (argv, env)
        opt = [iree_opt, "--iree-hal-materialize-interfaces", str(shared / "corpus" / args.file),
               "-o", os.devnull]
        times: dict[str, list[float]] = {label: [] for label in [*runs, "iree-opt"]}
        for _ in range(args.repeat):  # interleaved: the machine's load hits each alike
            for label, (argv, env) in runs.items():
                times[label].append(timed(argv, env))
            times["iree-opt"].append(timed(opt, dict(os.environ)))
        medians = {label: statistics.median(t) for label, t in times.items()}
        for label, seconds in medians.items():
            ratio = "" if label == "iree-opt" else \
                f"  {medians['iree-opt'] / seconds:.1f}x faster than iree-opt"
            print(f"{label:<22} {seconds * 1000:7.1f} ms{ratio}")


if __name__ == "__main__":
    main()
