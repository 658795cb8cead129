"""Benchmark: iree-turbine's ``ExportOutput.compile`` inside
``halflow.intercept()``, against the same call without it, in one run.

    PYTHONPATH=. python benchmarks/intercept_turbine.py [--turbine-python PATH]
        [--layers 24] [--width 32]

The export venv (``real_models.py``'s: torch and iree-turbine, not halflow
dependencies) exports an MLP of ``--layers`` layers of varied widths with
``aot.export`` (its weights inline, as ``aot.export`` leaves them) and
compiles it with ``ExportOutput.compile(save_to=PATH)`` (llvm-cpu, in
process), then again unchanged, then after an edit of one
layer's activation, each time plain and inside ``halflow.intercept()``
(interleaved). halflow's build runs in this checkout's Python (the
masquerade directory is put in ``IREE_TOOL_PATH``, which the intercept
uses), strict. Each pair of modules is run with ``iree.runtime`` on the
same input: the outputs must be bitwise equal. A benchmark, not a test.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
from pathlib import Path

from common import compile_package, dropin_counts, dropin_scratch  # benchmarks/ is on sys.path

TURBINE_PYTHON = Path("/work/venv-turbine/bin/python")

_SCRIPT = r"""
import contextlib, json, sys, time
import numpy as np
import torch
import halflow
from iree import runtime as rt
from iree.turbine import aot

layers, work = int(sys.argv[1]), sys.argv[2]
widths = [int(sys.argv[3]) * (2 + i % 4) for i in range(layers + 1)]
torch.manual_seed(0)


class Mlp(torch.nn.Module):
    def __init__(self, edited):
        super().__init__()
        self.fcs = torch.nn.ModuleList(torch.nn.Linear(widths[i], widths[i + 1])
                                       for i in range(layers))
        self.edited = edited

    def forward(self, x):
        for i, fc in enumerate(self.fcs):
            x = fc(x)
            x = torch.tanh(x) if (self.edited and i == layers // 2) else torch.relu(x)
        return x


weights = Mlp(False).state_dict()
x = torch.randn(8, widths[0])


def run(path):
    config = rt.Config("local-task")
    ctx = rt.SystemContext(config=config)
    ctx.add_vm_module(rt.VmModule.copy_buffer(ctx.instance, open(path, "rb").read()))
    return np.asarray(ctx.modules.module.main(x.numpy()).to_host())


rows = []
for step, edited in (("cold", False), ("unchanged", False), ("edit", True)):
    m = Mlp(edited)
    m.load_state_dict(weights)
    seconds = {}
    for label in (("plain", "halflow") if step != "unchanged" else ("halflow", "plain")):
        # A fresh export per compile, as a re-export makes: ExportOutput.compile
        # adds its target flag to the session on every call.
        exported = aot.export(m, args=(x,))
        path = f"{work}/{label}.vmfb"
        ctx = halflow.intercept() if label == "halflow" else contextlib.nullcontext()
        started = time.perf_counter()
        with ctx:
            exported.compile(save_to=path)
        seconds[label] = time.perf_counter() - started
    a, b = run(f"{work}/plain.vmfb"), run(f"{work}/halflow.vmfb")
    same = a.dtype == b.dtype and a.shape == b.shape and a.tobytes() == b.tobytes()
    rows.append({"step": step, **seconds, "bitwise": same})
print(json.dumps(rows))
"""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--turbine-python", type=Path, default=TURBINE_PYTHON)
    ap.add_argument("--layers", type=int, default=24)
    ap.add_argument("--width", type=int, default=32,
                    help="layer widths are 2-5 times this (the weights are inline)")
    a = ap.parse_args()
    if not a.turbine_python.exists():
        raise SystemExit(f"no export venv at {a.turbine_python} (see real_models.py)")
    compile_package()
    work, env, shims = dropin_scratch("halflow-bench-intercept-")
    env["IREE_TOOL_PATH"] = str(shims)
    done = subprocess.run([str(a.turbine_python), "-c", _SCRIPT, str(a.layers), str(work),
                           str(a.width)],
                          env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(done.stderr[-4000:])
    print(f"# load {os.getloadavg()[0]:.2f}; {os.cpu_count()} CPUs; {a.layers}-layer MLP; "
          f"strict={env.get('HALFLOW_STRICT')}")
    for row in json.loads(done.stdout.strip().splitlines()[-1]):
        print(f"{row['step']:<10} plain {row['plain']:.2f}s  intercepted {row['halflow']:.2f}s  "
              f"{row['plain'] / row['halflow']:.2f}x  "
              f"{'bitwise' if row['bitwise'] else 'DIFFERENT'}")
    print(dropin_counts(env), end="")


if __name__ == "__main__":
    main()
