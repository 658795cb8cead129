"""halflow: incremental builds of IREE's HAL materialize-interfaces pass.

Library entry points::

    import halflow
    result = halflow.build("model.mlir", "model.hal.mlir")

    with halflow.watch("model.mlir", "model.hal.mlir", on_build=print):
        ...  # rebuilt in a background thread whenever model.mlir changes

``halflow.build`` and ``halflow.watch`` are the functions; their modules stay
importable through ``import halflow.build`` / ``from halflow.watch import ...``.
"""

from __future__ import annotations

__version__ = "0.1.0"

# Cheap (no MLIR, no watchdog until a watch starts), and bound eagerly so
# that the functions, not the submodules, are `halflow.build`/`halflow.watch`
# in any import order.
from halflow.build import BuildResult, build  # noqa: E402
from halflow.diagnostics import HalflowError  # noqa: E402
from halflow.watch import Watcher, WatchEvent, watch  # noqa: E402

__all__ = [
    "BuildResult",
    "HalflowError",
    "WatchEvent",
    "Watcher",
    "Workspace",
    "__version__",
    "build",
    "watch",
]


def __getattr__(name: str):  # noqa: ANN202 - lazy export of the heavier engine
    if name == "Workspace":
        from halflow.engine import Workspace

        return Workspace
    raise AttributeError(name)
