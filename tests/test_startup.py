"""The command line's start-up shortcuts (``halflow.ir.startup``) change how
fast a process starts, never what it computes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from support.engine import subprocess_env

# Every record class's generated methods, as the process sees them: their
# signatures, annotations and behaviour (equality, hashing, repr, frozen).
_DESCRIBE = r"""
import dataclasses, inspect, json, sys
from halflow.ir import startup
if sys.argv[1] == "cli":
    startup.command_line()
from halflow.source.toplevel import AliasDef, SplitModule, Unit
from halflow.core.options import BuildOptions
out = {}
for cls in (AliasDef, SplitModule, Unit, BuildOptions):
    methods = {}
    for name in ("__init__", "__eq__", "__repr__", "__hash__", "__setattr__"):
        fn = cls.__dict__.get(name)
        methods[name] = None if fn is None else [
            str(inspect.signature(fn)), repr(getattr(fn, "__annotations__", {})),
            fn.__code__.co_code.hex() if hasattr(fn, "__code__") else None,
        ]
    out[cls.__name__] = methods
unit = Unit("util.global", "x", 0, 10, 1, 3)
try:
    unit.kind = "other"
    frozen = False
except dataclasses.FrozenInstanceError:
    frozen = True
out["behaviour"] = [repr(unit), unit == Unit("util.global", "x", 0, 10, 1, 3),
                    hash(unit) == hash(Unit("util.global", "x", 0, 10, 1, 3)), frozen]
startup.finish()
print(json.dumps(out, sort_keys=True))
"""


def describe(mode: str, write_bytecode: bool = True) -> dict[str, object]:
    env = subprocess_env()
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    if not write_bytecode:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    proc = subprocess.run(
        [sys.executable, "-c", _DESCRIBE, mode], env=env, capture_output=True, text=True,
        check=True,
    )
    return json.loads(proc.stdout)


def test_compiled_dataclass_methods_kept_between_runs_are_the_compiled_ones() -> None:
    """The command line keeps dataclass methods compiled between runs (not
    when bytecode is not to be written): a run that compiles them, and one
    that loads them, define the same classes as a library process that
    compiles them the usual way."""
    from halflow.ir import startup

    cache = Path(startup.__file__).parent / "__pycache__"  # where startup keeps them
    for kept in cache.glob("dataclass-methods.*.marshal"):
        kept.unlink()  # (halflow's own bytecode cache: the next run rewrites it)
    library = describe("library")
    assert describe("cli", write_bytecode=False) == library
    assert not list(cache.glob("dataclass-methods.*.marshal")), "kept under PYTHONDONTWRITEBYTECODE"
    compiled = describe("cli")
    assert list(cache.glob("dataclass-methods.*.marshal")), "nothing was kept"
    loaded = describe("cli")
    assert compiled == library
    assert loaded == library
