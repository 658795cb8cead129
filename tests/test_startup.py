"""halflow leaves Python as it found it: importing it, building with the
library and running the command line in the same process change nothing
outside halflow (no standard-library function replaced, no ``sys.modules``
entry hidden or forged, the MLIR bindings imported the usual way, every
halflow module an ordinary module)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from support.engine import corpus_file, subprocess_env

# What a process looks like from outside halflow, before and after.
_PROBE = r"""
import builtins, dataclasses, json, os, sys, types

def state():
    iree = sys.modules.get("iree.compiler")
    mlir = sys.modules.get("iree.compiler._mlir_libs._mlir")
    return {
        # every attribute of dataclasses, by identity: none replaced or added
        "dataclasses": sorted(f"{k}:{id(v)}" for k, v in vars(dataclasses).items()),
        "exec": dataclasses.__dict__.get("exec", builtins.exec) is builtins.exec,
        "hidden": sorted(k for k, v in sys.modules.items() if v is None),
        "meta_path": [type(f).__name__ for f in sys.meta_path],
        "odd_modules": sorted(k for k, v in sys.modules.items()
                              if k.startswith("halflow") and type(v) is not types.ModuleType),
        "iree_package_ran": iree is None or hasattr(iree, "tools"),
        "dialect_search": None if mlir is None else list(mlir.globals.dialect_search_modules),
        # a build with no shared cache configured never loads its client
        "remote_client": "halflow.store.remote" in sys.modules,
        # IR is built without OpViews where the bindings allow (each imports
        # its dialect's module): the dispatches' arith ops never reach Python
        "arith_module": "iree.compiler.dialects.arith" in sys.modules,
        # the command's own process settings (halflow.cli.process) are the
        # command's: a library user's environment is left as it was
        "environ": dict(os.environ),
        "process_module": "halflow.cli.process" in sys.modules,
    }

before = state()
import halflow
import halflow.watch
after_import = state()
src, out, cache = sys.argv[1:4]
result = halflow.build(src, no_cache=True)
after_library = state()
from halflow.cli.commandline import main
try:
    main(["build", src, "-o", out, "--cache-dir", cache], standalone_mode=False)
except SystemExit as e:
    assert not e.code, e.code
after_cli = state()
print(json.dumps({"before": before, "import": after_import, "library": after_library,
                  "cli": after_cli, "ok": bool(result.text)}))
"""

_PLAIN = r"""
import json, sys
from iree.compiler import ir
from iree.compiler._mlir_libs import _mlir
print(json.dumps(list(_mlir.globals.dialect_search_modules)))
"""


def test_a_library_users_process_is_unchanged(tmp_path: Path) -> None:
    env = subprocess_env()
    src = corpus_file("mlp_s.mlir")
    run = subprocess.run(
        [sys.executable, "-c", _PROBE, str(src), str(tmp_path / "o.mlir"), str(tmp_path / "c")],
        env=env, capture_output=True, text=True, timeout=300,
    )
    assert run.returncode == 0, run.stderr[-4000:]
    seen = json.loads(run.stdout.splitlines()[-1])
    assert seen["ok"]
    plain = subprocess.run([sys.executable, "-c", _PLAIN], env=env, capture_output=True,
                           text=True, timeout=300, check=True)
    search = json.loads(plain.stdout)
    before = seen["before"]
    assert before["exec"] and before["odd_modules"] == []
    for stage in ("import", "library", "cli"):
        now = seen[stage]
        assert now["exec"], f"{stage}: dataclasses' exec replaced"
        assert now["dataclasses"] == before["dataclasses"], stage
        assert now["hidden"] == before["hidden"], f"{stage}: sys.modules entries hidden"
        assert now["meta_path"] == before["meta_path"], stage
        assert now["odd_modules"] == [], f"{stage}: {now['odd_modules']} not ordinary modules"
        assert now["iree_package_ran"], f"{stage}: iree.compiler imported without its __init__"
        assert not now["remote_client"], f"{stage}: the remote client loaded by a local build"
        assert not now["arith_module"], f"{stage}: an OpView of an arith op was built"
        assert now["environ"] == before["environ"], f"{stage}: the environment changed"
        assert not now["process_module"], f"{stage}: the command's process settings loaded"
        if now["dialect_search"] is not None:
            assert now["dialect_search"] == search, f"{stage}: the bindings' search path"
    import halflow

    assert (tmp_path / "o.mlir").read_text() == halflow.build(src, no_cache=True).text


_CONFIGURE = r"""
import json, os, sys
from halflow.cli import process
process.configure()
import numpy  # what OpenBLAS reads when it loads
print(json.dumps({k: os.environ.get(k) for k in process._THREAD_VARIABLES}))
"""


def test_the_command_asks_openblas_for_one_thread_unless_the_user_chose() -> None:
    """``halflow.cli.process.configure`` (the first thing the ``halflow``
    command does) sets ``OPENBLAS_NUM_THREADS=1`` when no thread count is
    set, and leaves a user's choice (any variable OpenBLAS reads) alone."""
    base = {k: v for k, v in subprocess_env().items()
            if k not in ("OPENBLAS_NUM_THREADS", "GOTO_NUM_THREADS", "OMP_NUM_THREADS")}

    def seen(**extra: str) -> dict[str, str | None]:
        run = subprocess.run([sys.executable, "-c", _CONFIGURE], env={**base, **extra},
                             capture_output=True, text=True, timeout=300, check=True)
        return json.loads(run.stdout)

    assert seen() == {"OPENBLAS_NUM_THREADS": "1", "GOTO_NUM_THREADS": None,
                      "OMP_NUM_THREADS": None}
    assert seen(OPENBLAS_NUM_THREADS="3")["OPENBLAS_NUM_THREADS"] == "3"
    assert seen(OMP_NUM_THREADS="2") == {"OPENBLAS_NUM_THREADS": None, "GOTO_NUM_THREADS": None,
                                         "OMP_NUM_THREADS": "2"}
