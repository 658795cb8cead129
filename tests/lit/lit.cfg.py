"""lit configuration for halflow's FileCheck cases (``tests/lit/*.mlir``).

RUN lines call ``halflow``, ``iree-opt`` and ``FileCheck`` (or
``filecheck``); they are substituted with the tools of the Python
environment running lit: ``python -m halflow`` with this checkout first on
``PYTHONPATH``, the ``iree-opt`` next to the interpreter (``IREE_OPT``
overrides) and the Python ``filecheck`` package. Set
``--param exec_root=DIR`` to keep lit's scratch files out of the tree; the
builds' cache lives there too (``DIR/halflow-cache``), never in the user's.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import lit.formats

# `config` and `lit_config` are injected by lit.
config.name = "halflow"  # noqa: F821
config.test_format = lit.formats.ShTest(execute_external=False)  # noqa: F821
config.suffixes = [".mlir"]  # noqa: F821
config.excludes = ["Output"]  # noqa: F821
config.test_source_root = os.path.dirname(os.path.abspath(__file__))  # noqa: F821
config.test_exec_root = lit_config.params.get(  # noqa: F821
    "exec_root", os.path.join(config.test_source_root, "Output")  # noqa: F821
)

REPO_ROOT = Path(config.test_source_root).resolve().parents[1]  # noqa: F821
PYTHON = sys.executable


def _iree_opt() -> str:
    override = os.environ.get("IREE_OPT")
    if override:
        return override
    search = os.pathsep.join([os.path.dirname(PYTHON), os.environ.get("PATH", "")])
    found = shutil.which("iree-opt", path=search)
    if found is None:
        lit_config.fatal("iree-opt not found next to the Python interpreter or on PATH")  # noqa: F821
    return found


pythonpath = os.environ.get("PYTHONPATH")
config.environment["PYTHONPATH"] = str(REPO_ROOT) + (  # noqa: F821
    os.pathsep + pythonpath if pythonpath else ""
)
# Diagnostics and outputs must not depend on the caller's terminal.
config.environment["NO_COLOR"] = "1"  # noqa: F821
# lit gives RUN lines a small environment of its own (HOME, PATH, ...), not
# the caller's: the builds would use the user's cache (~/.cache/halflow).
# They get a cache and an XDG cache home in lit's scratch directory instead,
# whatever the caller's environment says.
config.environment["HALFLOW_CACHE_DIR"] = os.path.join(  # noqa: F821
    config.test_exec_root, "halflow-cache"  # noqa: F821
)
config.environment["XDG_CACHE_HOME"] = os.path.join(  # noqa: F821
    config.test_exec_root, "xdg-cache"  # noqa: F821
)


def _tool(name_pattern: str, command: str) -> tuple[str, str]:
    # Only whole command words: not inside paths, flags or other names.
    return (rf"(?<![-\w/.%=]){name_pattern}(?![-\w/.])", command)


config.substitutions.extend(  # noqa: F821
    [
        _tool("halflow", f'"{PYTHON}" -m halflow'),
        _tool("iree-opt", f'"{_iree_opt()}"'),
        _tool("(?:FileCheck|filecheck)", f'"{PYTHON}" -m filecheck'),
    ]
)
