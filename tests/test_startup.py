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

from support.engine import (
    Module,
    body_edit,
    corpus_file,
    load_report,
    reference_output,
    run_halflow,
    subprocess_env,
)

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
        # nor does it start or reach a build server (the command's alone)
        "server_modules": sorted(k for k in ("halflow.cli.server_client",
                                             "halflow.cli.server_process") if k in sys.modules),
        # numpy, once imported (the bindings import it), is ordinary and has
        # run its code (the command's process alone runs it on first use)
        "numpy": numpy_state(),
    }

def numpy_state():
    numpy = sys.modules.get("numpy")
    if numpy is None:
        return None
    return [type(numpy).__name__, "ndarray" in object.__getattribute__(numpy, "__dict__")]

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
    runtime = tmp_path / "runtime"  # where a build server's socket would be
    env = subprocess_env(HALFLOW_SERVER="1", HALFLOW_RUNTIME_DIR=str(runtime))
    src = corpus_file("mlp_s.mlir")
    run = subprocess.run(
        [sys.executable, "-c", _PROBE, str(src), str(tmp_path / "o.mlir"), str(tmp_path / "c")],
        env=env, capture_output=True, text=True, timeout=300,
    )
    assert run.returncode == 0, run.stderr[-4000:]
    seen = json.loads(run.stdout.splitlines()[-1])
    assert seen["ok"]
    assert seen["library"]["numpy"] == ["module", True]  # the bindings imported it
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
        assert now["server_modules"] == [], f"{stage}: {now['server_modules']} loaded"
        assert now["numpy"] in (None, ["module", True]), f"{stage}: numpy {now['numpy']}"
        if now["dialect_search"] is not None:
            assert now["dialect_search"] == search, f"{stage}: the bindings' search path"
    assert not runtime.exists(), "a library user's process started a build server"
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


def test_a_one_edit_build_of_the_command_never_runs_numpy(tmp_path: Path) -> None:
    """In the ``halflow`` command's process numpy's code runs only when
    something uses numpy (``halflow.cli.process``): the bindings import it,
    and neither a cold build nor a one-executable rebuild uses it (``-X
    importtime`` lists every module whose code runs; a deferred numpy is
    listed when it runs). The outputs are iree-opt's."""
    text = corpus_file("mlp_s.mlir").read_text()
    src, out, cache = tmp_path / "m.mlir", tmp_path / "o.mlir", tmp_path / "cache"
    edited = body_edit(text, Module.parse(text).executables()[0])

    def build(content: str) -> tuple[dict[str, object], list[str]]:
        src.write_text(content)
        run = run_halflow("build", src, "-o", out, "--cache-dir", cache,
                          "--report", tmp_path / "r.json", python_flags=["-X", "importtime"],
                          env=subprocess_env(HALFLOW_SERVER="0"))
        assert run.returncode == 0, run.stderr.decode()[-4000:]
        assert out.read_text() == reference_output(src)
        modules = [line.rsplit("|", 1)[1].strip() for line in run.stderr.decode().splitlines()
                   if line.startswith("import time:")]
        assert "iree.compiler.ir" in modules  # the bindings were imported
        return load_report(tmp_path / "r.json"), [m for m in modules if m.split(".")[0] == "numpy"]

    cold, cold_numpy = build(text)
    edit, edit_numpy = build(edited)
    assert cold["mode"] == "whole" and cold_numpy == []
    assert edit["mode"] == "incremental" and len(edit["executed"]) == 3  # type: ignore[arg-type]
    assert edit_numpy == []


_NUMPY_IN_USE = r"""
import json, sys, threading, types
if sys.argv[1] == "command":
    from halflow.cli import process
    process.configure()
from iree.compiler import ir
before = "ndarray" in object.__getattribute__(sys.modules["numpy"], "__dict__")
import numpy
from numpy import float32
results = []
def use():
    results.append(int(numpy.empty((3,), dtype="u1").nbytes))
threads = [threading.Thread(target=use) for _ in range(4)]
for t in threads: t.start()
for t in threads: t.join()
import numpy.linalg
with ir.Context() as context:
    built = str(ir.AttrBuilder.get("F64ElementsAttr")([1.5, 2.5], context))
print(json.dumps({
    "ran_at_import": before,
    "plain": type(numpy) is types.ModuleType and sys.modules["numpy"] is numpy is ir.np,
    "threads": results, "builder": built, "norm": float(numpy.linalg.norm([3.0, 4.0])),
    "float32": float32 is numpy.float32, "version": numpy.__version__,
}))
"""


def test_numpy_works_in_the_commands_process_when_used() -> None:
    """The deferred numpy is numpy: used through IREE's own numpy attribute
    builder, ``from numpy import``, a submodule and four threads' first use
    at once, the command's process sees what a plain process sees; only
    its code ran later (at first use, not at ``import iree.compiler``)."""
    seen = {}
    for kind in ("command", "plain"):
        run = subprocess.run([sys.executable, "-c", _NUMPY_IN_USE, kind], env=subprocess_env(),
                             capture_output=True, text=True, timeout=300)
        assert run.returncode == 0, run.stderr[-4000:]
        seen[kind] = json.loads(run.stdout.splitlines()[-1])
    assert seen["command"].pop("ran_at_import") is False
    assert seen["plain"].pop("ran_at_import") is True
    assert seen["command"] == seen["plain"]
    assert seen["command"]["plain"] and seen["command"]["threads"] == [3, 3, 3, 3]
    assert seen["command"]["builder"] == "dense<[1.500000e+00, 2.500000e+00]> : tensor<2xf64>"


_DEFER = r"""
import json, sys, threading
sys.path.insert(0, sys.argv[1])
from halflow.cli import process
process.defer("slow_pkg")
process.defer("broken_pkg")
import slow_pkg, broken_pkg
seen = []
def use():
    seen.append(slow_pkg.VALUE)
threads = [threading.Thread(target=use) for _ in range(4)]
for t in threads: t.start()
for t in threads: t.join()
try:
    broken_pkg.anything
    error = None
except RuntimeError as e:
    error = str(e)
print(json.dumps({"seen": seen, "runs": open(sys.argv[2]).read(), "error": error,
                  "broken_left": "broken_pkg" in sys.modules}))
"""


def test_a_deferred_module_runs_once_completely_and_fails_as_an_import(tmp_path: Path) -> None:
    """``process.defer``: four threads' first uses at once run the module's
    code once and all see it complete (the others wait); a module whose
    code fails raises its error at first use and leaves ``sys.modules``,
    as a failed import does."""
    (tmp_path / "slow_pkg").mkdir()
    (tmp_path / "slow_pkg" / "__init__.py").write_text(
        "import sys, time\n"
        "with open(sys.argv[2], 'a') as f:\n    f.write('run;')\n"
        "time.sleep(0.3)  # a slow import: the other threads arrive meanwhile\n"
        "from . import part\nVALUE = part.VALUE\n")
    (tmp_path / "slow_pkg" / "part.py").write_text("VALUE = 42\n")
    (tmp_path / "broken_pkg").mkdir()
    (tmp_path / "broken_pkg" / "__init__.py").write_text("raise RuntimeError('broken')\n")
    runs = tmp_path / "runs.txt"
    runs.write_text("")
    run = subprocess.run([sys.executable, "-c", _DEFER, str(tmp_path), str(runs)],
                         env=subprocess_env(), capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr[-4000:]
    assert json.loads(run.stdout) == {"seen": [42] * 4, "runs": "run;", "error": "broken",
                                      "broken_left": False}
