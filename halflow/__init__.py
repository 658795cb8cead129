"""halflow: incremental builds of IREE's HAL materialize-interfaces pass.

Library entry points::

    import halflow
    result = halflow.build("model.mlir", "model.hal.mlir")

``halflow.build`` is the function; the module that defines it stays
importable as ``halflow.build`` through ``import halflow.build`` /
``from halflow.build import ...``.
"""

from __future__ import annotations

__version__ = "0.1.0"

# Importing these is cheap (no MLIR): MLIR loads only when something parses.
from halflow.build import BuildResult, build  # noqa: E402
from halflow.diagnostics import HalflowError  # noqa: E402

__all__ = ["BuildResult", "HalflowError", "Workspace", "__version__", "build"]


def __getattr__(name: str):  # noqa: ANN202 - lazy exports of heavier parts
    if name == "Workspace":
        from halflow.engine import Workspace

        return Workspace
    raise AttributeError(name)
