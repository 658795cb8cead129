"""halflow: incremental builds of IREE's HAL materialize-interfaces pass.

Library entry points (``docs/API.md`` is the reference)::

    import halflow
    result = halflow.build("model.mlir", "model.hal.mlir")
    halflow.build_vmfb("model.mlir", "model.vmfb", ["--iree-hal-target-device=local", ...])

    with halflow.watch("model.mlir", "model.hal.mlir", on_build=print):
        ...  # rebuilt in a background thread whenever model.mlir changes

The exports below resolve on first use: ``import halflow`` costs nothing, so
that a command-line rebuild of an up-to-date output (``halflow.cli.entry``) pays
only for what it reads. ``halflow.build`` lives in
:mod:`halflow.library.build_mlir` (no submodule shares its name, so no import order
can rebind it). ``halflow.watch`` is the function
:func:`halflow.watch.watch`, imported here with the package: importing the
module :mod:`halflow.watch` binds the package's attribute ``watch`` only the
first time, and that is now, before the function is bound over it (the module
loads its own names on first use, so this costs the package nothing).
"""

from __future__ import annotations

from halflow.watch import watch as watch  # the function, bound over the module: see above

TYPE_CHECKING = False  # not typing's: importing typing costs a no-op rebuild ~2 ms


_EXPORTS = {
    "__version__": "halflow.core.version",
    "build": "halflow.library.build_mlir",
    "build_graph": "halflow.library.build_mlir",
    "build_vmfb": "halflow.codegen.pipeline",
    "BuildResult": "halflow.library.build_mlir",
    "HalflowError": "halflow.core.diagnostics",
    "intercept": "halflow.cli.dropin_intercept",
    "Watcher": "halflow.watch",
    "WatchEvent": "halflow.watch",
    "Workspace": "halflow.engine",
}

__all__ = sorted([*_EXPORTS, "watch"])

if TYPE_CHECKING:
    # Re-exports for type checkers (``X as X``: the explicit re-export form).
    from halflow.cli.dropin_intercept import intercept as intercept
    from halflow.codegen.pipeline import build_vmfb as build_vmfb
    from halflow.core.diagnostics import HalflowError as HalflowError
    from halflow.core.version import __version__ as __version__
    from halflow.engine import Workspace as Workspace
    from halflow.library.build_mlir import BuildResult as BuildResult
    from halflow.library.build_mlir import build as build
    from halflow.library.build_mlir import build_graph as build_graph
    from halflow.watch import Watcher as Watcher
    from halflow.watch import WatchEvent as WatchEvent


def __getattr__(name: str) -> object:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'halflow' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_EXPORTS})
