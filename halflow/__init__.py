"""halflow: incremental builds of IREE's HAL materialize-interfaces pass.

Library entry points::

    import halflow
    result = halflow.build("model.mlir", "model.hal.mlir")
"""

from __future__ import annotations

import importlib
import sys
import types

__version__ = "0.1.0"

__all__ = ["BuildResult", "HalflowError", "__version__", "build"]


class _Package(types.ModuleType):
    """The ``halflow`` package object.

    ``halflow.build`` is the library function, which lives in the submodule
    of the same name. Importing that submodule makes Python bind the
    package attribute ``build`` to the module; this keeps the function there.
    """

    def __setattr__(self, name: str, value: object) -> None:
        if name == "build" and isinstance(value, types.ModuleType):
            value = value.build
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package


def __getattr__(name: str):  # noqa: ANN202 - lazy exports keep `import halflow` cheap
    if name in ("build", "BuildResult"):
        module = importlib.import_module("halflow.build")
        return getattr(module, name)
    if name == "HalflowError":
        from halflow.diagnostics import HalflowError

        return HalflowError
    raise AttributeError(name)
