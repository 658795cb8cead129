"""halflow: incremental builds of IREE's HAL materialize-interfaces pass.

Library entry points::

    import halflow
    result = halflow.build("model.mlir", "model.hal.mlir")
    with halflow.watch("model.mlir", "model.hal.mlir", on_build=print):
        ...  # rebuilt in a background thread whenever model.mlir changes

``halflow.watch`` is the function; its module stays importable through
``from halflow.watch import ...``.
"""

from __future__ import annotations

__version__ = "0.1.0"

# Cheap (no MLIR, no watchdog until a watch starts), and bound eagerly so
# that the function, not the submodule, is `halflow.watch` in any import order.
from halflow.watch import Watcher, WatchEvent, watch

__all__ = ["BuildResult", "HalflowError", "WatchEvent", "Watcher", "__version__", "build", "watch"]


def __getattr__(name: str):  # noqa: ANN202 - lazy exports keep `import halflow` cheap
    if name in ("build", "BuildResult"):
        from halflow import build as _build_mod

        return getattr(_build_mod, name)
    if name == "HalflowError":
        from halflow.diagnostics import HalflowError

        return HalflowError
    raise AttributeError(name)
