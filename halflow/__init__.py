"""halflow: incremental builds of IREE's HAL materialize-interfaces pass.

Library entry points::

    import halflow
    result = halflow.build("model.mlir", "model.hal.mlir")
"""

from __future__ import annotations

__version__ = "0.1.0"

__all__ = ["BuildResult", "HalflowError", "__version__", "build"]


def __getattr__(name: str):  # noqa: ANN202 - lazy exports keep `import halflow` cheap
    if name in ("build", "BuildResult"):
        from halflow import build as _build_mod

        return getattr(_build_mod, name)
    if name == "HalflowError":
        from halflow.diagnostics import HalflowError

        return HalflowError
    raise AttributeError(name)
