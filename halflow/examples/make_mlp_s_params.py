"""Writes ``mlp_s.irpa``: the weights that ``mlp_s.mlir`` loads from its
``model`` parameter scope (``stream.cmd.parameter.load``), so that the
bundled example runs with ``iree-run-module --parameters=model=mlp_s.irpa``.

The values are random but fixed (NumPy's PCG64 seeded with 0), scaled as a
freshly initialized network's; the file shipped next to this script is
exactly what it writes. Needs ``iree-base-runtime`` and NumPy::

    python halflow/examples/make_mlp_s_params.py [OUTPUT.irpa]
"""

from __future__ import annotations

import sys
from pathlib import Path

# (name, shape) in the order of mlp_s.mlir's parameter loads: the 3-layer
# MLP's Linear(64, 128), norm(128), Linear(128, 128), norm(128), Linear(128, 32).
PARAMETERS = [
    ("net.0.weight", (128, 64)),
    ("net.0.bias", (128,)),
    ("net.2.weight", (128,)),
    ("net.2.bias", (128,)),
    ("net.3.weight", (128, 128)),
    ("net.3.bias", (128,)),
    ("net.5.weight", (128,)),
    ("net.5.bias", (128,)),
    ("net.6.weight", (32, 128)),
    ("net.6.bias", (32,)),
]


def main(output: str) -> None:
    import numpy as np
    from iree import runtime

    rng = np.random.default_rng(0)
    index = runtime.ParameterIndex()
    for name, shape in PARAMETERS:
        if len(shape) == 2:  # a Linear layer's weight: U(-1/sqrt(fan_in), 1/sqrt(fan_in))
            bound = 1 / np.sqrt(shape[1])
            values = rng.uniform(-bound, bound, shape)
        elif name.startswith(("net.2.", "net.5.")) and name.endswith("weight"):
            values = 1 + 0.1 * rng.standard_normal(shape)  # a norm's scale
        else:
            values = 0.1 * rng.standard_normal(shape)
        runtime.parameter_index_add_numpy_ndarray(index, name, values.astype(np.float32))
    index.create_archive_file(output)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else str(Path(__file__).with_name("mlp_s.irpa")))
