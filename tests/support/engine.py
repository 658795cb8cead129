"""Helpers for the incremental-engine tests (tests/test_engine_*.py) and
the benchmarks (benchmarks/incremental.py, benchmarks/cold_floor.py).

Everything here works on real files and real processes: the shared corpus,
``iree-opt`` as the oracle, ``python -m halflow`` subprocesses and the
library entry point ``halflow.build``. The text edits below are written
against the printed form of MLIR that the corpus uses (one op per line,
two-space indentation, quotes escaped as ``\\22`` inside strings) and never
use halflow's own splitter, so a bug there cannot hide itself.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import random
import re
import shutil
import subprocess
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

# The checkout this halflow lives in: its processes run with it first on
# PYTHONPATH, so the code under test is what runs.
REPO = Path(__file__).resolve().parents[2]


def shared_dir() -> Path:
    """``../shared`` next to the repository (or ``$HALFLOW_SHARED``): the
    inputs the project may not ship (IREE's conformance file) and the
    benchmark-only corpus file (``openelm_serving.mlir``)."""
    env = os.environ.get("HALFLOW_SHARED")
    return Path(env) if env else REPO.parent / "shared"


# The corpus files the tests use, shipped with the repository (copies of
# ``../shared/corpus``; tests/data/corpus/README.md says which test uses
# which), and the committed inline-weight modules (tests/inline_weights.py),
# which go by "inline/NAME" wherever corpus files are named.
CORPUS = REPO / "tests" / "data" / "corpus"
INLINE_DATA = REPO / "tests" / "data" / "inline"
CONFORMANCE_NAME = "iree_materialize_interfaces.split.mlir"


def corpus_file(name: str) -> Path:
    """A corpus file of the repository (``tests/data/corpus``): tests use
    only these, so that they pass in any clone."""
    if name.startswith("inline/"):
        return INLINE_DATA / name.removeprefix("inline/")
    path = CORPUS / name
    if not path.is_file():
        raise FileNotFoundError(f"corpus file missing: {path}")
    return path


def benchmark_input(name: str) -> Path:
    """A corpus file for a benchmark: the repository's copy, else the
    shared corpus (``../shared/corpus`` or ``$HALFLOW_SHARED/corpus``),
    which alone holds the largest file, ``openelm_serving.mlir``; or, for a
    name with a directory in it (``/work/gen8/resnet50_serving.mlir``,
    ``./m.mlir``), that file (a module made outside the corpus, e.g. by
    ``benchmarks/serving_module.py``)."""
    if os.sep in name or (os.altsep and os.altsep in name):
        path = Path(name)
        if not path.is_file():
            raise FileNotFoundError(f"benchmark input missing: {path}")
        return path.resolve()
    if name.startswith("inline/") or (CORPUS / name).is_file():
        return corpus_file(name)
    path = shared_dir() / "corpus" / name
    if not path.is_file():
        raise FileNotFoundError(
            f"corpus file missing: neither {CORPUS / name} nor {path} exists "
            "(set HALFLOW_SHARED to the directory that holds corpus/)"
        )
    return path


def conformance_file() -> Path | None:
    """IREE's own lit input (``../shared/conformance``, which the project
    may not ship), or None when it is absent: the tests that need it skip."""
    path = shared_dir() / "conformance" / CONFORMANCE_NAME
    return path if path.is_file() else None


# -- processes ----------------------------------------------------------------------


def iree_opt_path() -> str:
    beside = Path(sys.executable).parent / "iree-opt"
    found = str(beside) if beside.exists() else shutil.which("iree-opt")
    if not found:
        raise FileNotFoundError("iree-opt not found next to the Python interpreter or on PATH")
    return found


def subprocess_env(**extra: str | None) -> dict[str, str]:
    """Environment for ``python -m halflow`` children: this checkout's halflow
    first on the path (whatever is installed in the venv), no stray cache
    directory from the caller's environment."""
    env = dict(os.environ)
    env.pop("HALFLOW_CACHE_DIR", None)
    env["PYTHONPATH"] = os.pathsep.join(
        [str(REPO), *[p for p in env.get("PYTHONPATH", "").split(os.pathsep) if p]]
    )
    env.setdefault("PYTHONHASHSEED", "0")
    for k, v in extra.items():
        if v is None:
            env.pop(k, None)
        else:
            env[k] = v
    return env


def sigint_as_at_a_terminal() -> None:
    """``preexec_fn`` of a child a test sends Ctrl-C to: SIGINT's default
    disposition, as a shell's foreground job has it, whatever this process
    inherited (a background job of a non-interactive shell, as CI may run
    the suite, starts with SIGINT ignored, and halflow keeps an ignored
    SIGINT ignored)."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_DFL)


def halflow_cmd(*args: str | os.PathLike[str], python_flags: Sequence[str] = ()) -> list[str]:
    return [sys.executable, *python_flags, "-m", "halflow", *map(str, args)]


def run_halflow(
    *args: str | os.PathLike[str],
    env: dict[str, str] | None = None,
    cwd: str | os.PathLike[str] | None = None,
    python_flags: Sequence[str] = (),
    input: bytes | None = None,
    timeout: float = 300,
) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        halflow_cmd(*args, python_flags=python_flags),
        env=env if env is not None else subprocess_env(),
        cwd=cwd,
        input=input,
        capture_output=True,
        timeout=timeout,
    )


@dataclass(frozen=True)
class OptResult:
    returncode: int
    stdout: str
    stderr: str


_OPT_CACHE: dict[tuple[str, bool], OptResult] = {}


def run_iree_opt(
    path: str | os.PathLike[str], *, split: bool = False, passes: bool = True
) -> OptResult:
    """``iree-opt [--iree-hal-materialize-interfaces] [--split-input-file] PATH``,
    memoized on the file's content (the oracle is deterministic)."""
    data = Path(path).read_bytes()
    key = (hashlib.blake2b(data, digest_size=16).hexdigest() + str(passes), split)
    hit = _OPT_CACHE.get(key)
    if hit is not None:
        return hit
    cmd = [iree_opt_path()]
    if passes:
        cmd.append("--iree-hal-materialize-interfaces")
    if split:
        cmd.append("--split-input-file")
    cmd.append(str(path))
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    result = OptResult(proc.returncode, proc.stdout, proc.stderr)
    _OPT_CACHE[key] = result
    return result


def reference_output(path: str | os.PathLike[str], *, split: bool = False) -> str:
    """What ``iree-opt --iree-hal-materialize-interfaces`` prints for ``path``."""
    result = run_iree_opt(path, split=split)
    if result.returncode != 0:
        raise AssertionError(f"iree-opt failed on {path}:\n{result.stderr}")
    return result.stdout


def parses(path: str | os.PathLike[str]) -> bool:
    """Whether ``iree-opt`` (no pass) accepts ``path``: edits must keep IR valid."""
    return run_iree_opt(path, passes=False).returncode == 0


# -- library builds -----------------------------------------------------------------


def lib_build(path: str | os.PathLike[str], **kwargs: Any) -> Any:
    """``halflow.build(path, **kwargs)`` (the public library entry point)."""
    import halflow

    return halflow.build(str(path), **kwargs)


def clean_build(path: str | os.PathLike[str]) -> str:
    """A build from scratch (``no_cache=True``): the reference for incremental builds."""
    return lib_build(path, no_cache=True).text


def executed(result_or_report: Any) -> list[str]:
    report = getattr(result_or_report, "report", result_or_report)
    return [e["node"] for e in report["executed"]]


def load_report(path: str | os.PathLike[str]) -> dict[str, Any]:
    return json.loads(Path(path).read_text())


# -- a text model of printed MLIR modules -------------------------------------------

_SYMBOL = r"[A-Za-z_$.][\w$.\-]*"
_EXEC_KINDS = ("stream.executable", "hal.executable.source", "hal.executable")


_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')


def _depth_delta(line: str) -> int:
    """Net ``{``/``}`` count of one line, strings skipped (MLIR escapes
    quotes inside strings as ``\\22``, but a backslash may still escape)."""
    if '"' in line:
        line = _STRING.sub("", line)
    return line.count("{") - line.count("}")


@dataclass
class TopOp:
    """One top-level op of the module body, as lines of text."""

    lines: list[str]

    @property
    def text(self) -> str:
        return "\n".join(self.lines)

    @property
    def kind(self) -> str:
        return self.lines[0].split()[0]

    @property
    def symbol(self) -> str | None:
        m = re.match(r"\s*[\w.]+(?: (?:public|private|nested))? @(" + _SYMBOL + ")", self.lines[0])
        if m and self.kind != "util.initializer":
            return m.group(1)
        return None

    @property
    def is_executable(self) -> bool:
        return self.kind in _EXEC_KINDS


@dataclass
class Module:
    """A printed module: header lines (aliases), the ``module`` line, the
    top-level ops, the closing line and whatever follows (resources)."""

    header: list[str]
    opening: str
    ops: list[TopOp]
    closing: list[str] = field(default_factory=list)

    @classmethod
    def parse(cls, text: str) -> Module:
        lines = text.split("\n")
        start = next(i for i, line in enumerate(lines) if line.startswith("module"))
        end = next(i for i in range(len(lines) - 1, start, -1) if lines[i] == "}")
        ops: list[TopOp] = []
        current: list[str] = []
        depth = 0
        for line in lines[start + 1 : end]:
            if not current and not line.strip():
                continue
            current.append(line)
            depth += _depth_delta(line)
            if depth == 0:
                ops.append(TopOp(current))
                current = []
        assert not current, "unbalanced module body"
        return cls(lines[:start], lines[start], ops, lines[end:])

    def render(self) -> str:
        body = [line for op in self.ops for line in op.lines]
        return "\n".join([*self.header, self.opening, *body, *self.closing])

    # -- lookups --------------------------------------------------------------
    def executables(self, kinds: Iterable[str] = ("stream.executable",)) -> list[str]:
        kinds = tuple(kinds)
        return [op.symbol for op in self.ops if op.kind in kinds and op.symbol]

    def op(self, symbol: str) -> TopOp:
        return next(op for op in self.ops if op.symbol == symbol)

    def index(self, symbol: str) -> int:
        return next(i for i, op in enumerate(self.ops) if op.symbol == symbol)

    def owners(self) -> list[tuple[str, TopOp]]:
        """(owner name as in node ids, op) of host top-level ops, in order."""
        out = []
        counts: dict[str, int] = {}
        for op in self.ops:
            if op.is_executable:
                continue
            if op.symbol is not None:
                out.append(("@" + op.symbol, op))
            else:
                k = counts.get(op.kind, 0)
                counts[op.kind] = k + 1
                out.append((f"{op.kind}#{k}", op))
        return out

    def sites(self) -> list[Site]:
        """Every ``stream.cmd.dispatch`` of the host ops, in walk order."""
        out = []
        for owner, op in self.owners():
            seen: dict[str, int] = {}  # sites of each callee so far (see Site.node)
            i = 0
            while i < len(op.lines):
                line = op.lines[i]
                if line.lstrip().startswith("stream.cmd.dispatch "):
                    j = i
                    if line.rstrip().endswith("{"):
                        depth = _depth_delta(line)
                        while depth > 0:
                            j += 1
                            depth += _depth_delta(op.lines[j])
                    site = Site(owner, 0, op, i, j)
                    site.k = seen[site.callee] = seen.get(site.callee, 0) + 1
                    out.append(site)
                    i = j
                i += 1
        return out

    def sites_of(self, executable: str) -> list[Site]:
        return [s for s in self.sites() if any(r[0] == executable for r in s.refs)]


_ACCESS = re.compile(r"^(\s*)(ro|wo|rw) ")


@dataclass
class Site:
    """One dispatch site: lines ``first..last`` of ``op``, the ``k``-th
    (from 1) dispatch of its callee in ``op``."""

    owner: str
    k: int
    op: TopOp
    first: int
    last: int

    @property
    def callee(self) -> str:
        """Its entry points, as node ids name them (``@ex::@e``)."""
        return ",".join(f"@{ex}::@{e}" for ex, e in self.refs)

    @property
    def node(self) -> str:
        """Its node id, written out here to check halflow.graph.dispatch."""
        return f"dispatch:{self.owner}/{self.callee}" + (f"#{self.k}" if self.k > 1 else "")

    @property
    def lines(self) -> list[str]:
        return self.op.lines[self.first : self.last + 1]

    @property
    def refs(self) -> list[tuple[str, str]]:
        head = self.op.lines[self.first]
        return re.findall(r"@(" + _SYMBOL + r")::@(" + _SYMBOL + ")", head)

    def binding_lines(self) -> list[int]:
        """Indices (into ``op.lines``) of the resource lines ``ro/wo/rw %x[...]``."""
        return [i for i in range(self.first + 1, self.last) if _ACCESS.match(self.op.lines[i])]

    def accesses(self) -> list[str]:
        return [_ACCESS.match(self.op.lines[i]).group(2) for i in self.binding_lines()]  # type: ignore[union-attr]


# -- edits (each returns the new text; they keep the IR valid) ----------------------

_FLOAT_CONST = re.compile(
    r"^(\s*%[\w$.\-]+ = arith\.constant )(-?\d+\.\d+(?:[eE][-+]?\d+)?)( : f(?:16|32|64))\s*$"
)
_INT_CONST = re.compile(r"^(\s*%[\w$.\-]+ = arith\.constant )(-?\d+)( : (?:i\d+|index))\s*$")


def _function_lines(op: TopOp) -> range:
    """Lines of the executable's inner ``builtin.module`` (the function bodies)."""
    start = next(
        (i for i, line in enumerate(op.lines) if line.strip().startswith("builtin.module")), None
    )
    if start is None:
        return range(0)
    return range(start + 1, len(op.lines))


def body_edit(text: str, executable: str, rng: random.Random | None = None, bump: int = 1) -> str:
    """Change the value of one ``arith.constant`` inside ``executable``'s
    function body (never its signature): a float constant when there is
    one, else an integer. The new value is unique to this edit (``bump``)."""
    module = Module.parse(text)
    op = module.op(executable)
    floats = [i for i in _function_lines(op) if _FLOAT_CONST.match(op.lines[i])]
    ints = [i for i in _function_lines(op) if _INT_CONST.match(op.lines[i])]
    candidates = floats or ints
    if not candidates:
        raise LookupError(f"no arith.constant in @{executable}")
    i = rng.choice(candidates) if rng else candidates[0]
    if floats:
        m = _FLOAT_CONST.match(op.lines[i])
        assert m
        # A value no corpus file has: 1234.5 + bump/8 (exact in binary).
        new = f"{1234.5 + bump / 8:.6e}"
        if float(new) == float(m.group(2)):
            new = f"{1234.5 + (bump + 1) / 8:.6e}"
    else:
        m = _INT_CONST.match(op.lines[i])
        assert m
        typ = m.group(3)
        new = str(int(m.group(2)) + bump if "i1 " not in typ + " " else 1 - int(m.group(2)))
    op.lines[i] = m.group(1) + new + m.group(3)
    return module.render()


def set_access(text: str, site_node: str, binding: int, access: str) -> str:
    """Set the access keyword (``ro``/``wo``/``rw``) of one resource of the
    dispatch site ``site_node`` (e.g. ``dispatch:@main/@ex::@e``)."""
    module = Module.parse(text)
    site = next(s for s in module.sites() if s.node == site_node)
    i = site.binding_lines()[binding]
    site.op.lines[i] = _ACCESS.sub(lambda m: f"{m.group(1)}{access} ", site.op.lines[i], count=1)
    return module.render()


def rename_symbol_prefix(text: str, old: str, new: str) -> str:
    """Rename executable ``@old`` to ``@new``: its symbol, every symbol (and
    string) that starts with ``old`` (its exports and functions), and the
    dispatch references. ``old`` followed by another name character that
    could extend it into a different executable's name (a digit or letter)
    is left alone."""
    pattern = re.compile(r"(?<=[@\"])" + re.escape(old) + r"(?![0-9A-Za-z])")
    return pattern.sub(new, text)


def add_executable_copy(
    text: str, executable: str, new: str, rng: random.Random | None = None, edit_body: bool = True
) -> str:
    """Add ``@new``: a copy of ``executable`` (optionally with a body edit),
    placed right after it, plus one dispatch site for it: a copy of one of
    ``executable``'s sites placed right after that site."""
    module = Module.parse(text)
    op = module.op(executable)
    copy_text = rename_symbol_prefix(op.text, executable, new)
    sites = module.sites_of(executable)
    if not sites:
        raise LookupError(f"@{executable} has no dispatch site")
    site = rng.choice(sites) if rng else sites[0]
    site_copy = [rename_symbol_prefix(line, executable, new) for line in site.lines]
    site.op.lines[site.last + 1 : site.last + 1] = site_copy
    module.ops.insert(module.index(executable) + 1, TopOp(copy_text.split("\n")))
    out = module.render()
    if edit_body:
        out = body_edit(out, new, rng, bump=rng.randrange(1, 1000) if rng else 7)
    return out


def remove_executable(text: str, executable: str) -> str:
    """Remove ``executable`` and every dispatch site that calls it."""
    module = Module.parse(text)
    for site in reversed(module.sites_of(executable)):
        del site.op.lines[site.first : site.last + 1]
    del module.ops[module.index(executable)]
    return module.render()


def duplicate_site(text: str, site_node: str) -> str:
    module = Module.parse(text)
    site = next(s for s in module.sites() if s.node == site_node)
    site.op.lines[site.last + 1 : site.last + 1] = list(site.lines)
    return module.render()


def move_site(text: str, site_node: str, after_node: str) -> str:
    """Move dispatch site ``site_node`` down to right after ``after_node``:
    the same op, the same region, and only dispatches in between (so the IR
    stays valid: dispatches read the region's arguments and constants
    defined before it)."""
    module = Module.parse(text)
    sites = module.sites()
    site = next(s for s in sites if s.node == site_node)
    after = next(s for s in sites if s.node == after_node)
    between = [s for s in sites if s.op is site.op and site.last < s.first <= after.first]
    indent = _indent(site.lines[0])
    if (after.op is not site.op or after.first <= site.last
            or any(_indent(s.lines[0]) != indent for s in between)
            or sum(s.last - s.first + 1 for s in between) != after.last - site.last):
        raise LookupError(f"{after_node} is not a later dispatch of the same region")
    lines = site.op.lines
    moved = lines[site.first : site.last + 1]
    lines[after.last + 1 : after.last + 1] = moved
    del lines[site.first : site.last + 1]
    return module.render()


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def remove_site(text: str, site_node: str) -> str:
    module = Module.parse(text)
    site = next(s for s in module.sites() if s.node == site_node)
    del site.op.lines[site.first : site.last + 1]
    return module.render()


_TARGET_ALIAS = re.compile(r"^(#executable_target_[\w$.\-]*) = (#hal\.executable\.target<.*>)$")
_DEVICE_ALIAS = re.compile(
    r"^(#device_target_[\w$.\-]*) = #hal\.device\.target<\"(\w+)\", \[(.*)\]>(.*)$"
)


def add_second_target(text: str) -> str:
    """Give the first ``#hal.device.target`` alias a second executable
    target: a copy of its first target under another format name, so every
    executable needs two variants."""
    lines = text.split("\n")
    t = next((i for i, line in enumerate(lines) if _TARGET_ALIAS.match(line)), None)
    d = next((i for i, line in enumerate(lines) if _DEVICE_ALIAS.match(line)), None)
    if t is None or d is None:
        raise LookupError("no executable/device target aliases")
    tm = _TARGET_ALIAS.match(lines[t])
    dm = _DEVICE_ALIAS.match(lines[d])
    assert tm and dm
    fmt = re.search(r'#hal\.executable\.target<"[^"]*", "([^"]*)"', tm.group(2))
    assert fmt
    name = "#executable_target_extra_" + str(len(lines))
    other = tm.group(2).replace(f'"{fmt.group(1)}"', f'"{fmt.group(1)}-extra"', 1)
    lines.insert(t + 1, f"{name} = {other}")
    d += 1 if d > t else 0
    targets = f"[{dm.group(3)}, {name}]"
    lines[d] = f'{dm.group(1)} = #hal.device.target<"{dm.group(2)}", {targets}>{dm.group(4)}'
    return "\n".join(lines)


def change_target_cpu(text: str, rng: random.Random | None = None) -> str:
    """Change a configuration value of the first executable target (the
    ``cpu`` string): every variant's target attribute changes."""
    lines = text.split("\n")
    t = next((i for i, line in enumerate(lines) if _TARGET_ALIAS.match(line)), None)
    if t is None:
        raise LookupError("no executable target alias")
    m = re.search(r'cpu = "([^"]*)"', lines[t])
    if not m:
        raise LookupError("target has no cpu string")
    suffix = rng.randrange(1000) if rng else 1
    lines[t] = lines[t][: m.start(1)] + f"{m.group(1)}-e{suffix}" + lines[t][m.end(1) :]
    return "\n".join(lines)


def move_execute_to_new_device(text: str, rng: random.Random | None = None) -> str:
    """Add a device global ``@__device_edit`` whose target is a copy of the
    first executable target under another format, and move one
    ``stream.cmd.execute ... on(#hal.device.affinity<@D>)`` to it: the
    dispatch sites inside it need other variants."""
    lines = text.split("\n")
    t = next((i for i, line in enumerate(lines) if _TARGET_ALIAS.match(line)), None)
    start = next((i for i, line in enumerate(lines) if line.startswith("module")), None)
    if t is None or start is None:
        raise LookupError("no executable target alias")
    executes = [
        i
        for i, line in enumerate(lines)
        if "stream.cmd.execute" in line and "on(#hal.device.affinity<@" in line
    ]
    if not executes:
        raise LookupError("no stream.cmd.execute with an affinity")
    tm = _TARGET_ALIAS.match(lines[t])
    assert tm
    fmt = re.search(r'#hal\.executable\.target<"[^"]*", "([^"]*)"', tm.group(2))
    assert fmt
    other = tm.group(2).replace(f'"{fmt.group(1)}"', f'"{fmt.group(1)}-dev2"', 1)
    if "#executable_target_dev2 " in text:
        raise LookupError("already has a second device")
    e = rng.choice(executes) if rng else executes[-1]
    lines[e] = re.sub(
        r"on\(#hal\.device\.affinity<@[\w$.\-]+>\)",
        "on(#hal.device.affinity<@__device_edit>)",
        lines[e],
        count=1,
    )
    lines.insert(start + 1, "  util.global private @__device_edit = #device_target_dev2")
    device = '#hal.device.target<"local", [#executable_target_dev2]> : !hal.device'
    lines.insert(start, f"#device_target_dev2 = {device}")
    lines.insert(start, f"#executable_target_dev2 = {other}")
    return "\n".join(lines)


def edit_host_constant(text: str, rng: random.Random | None = None) -> str:
    """Change an integer constant of a host function (not a dispatch)."""
    module = Module.parse(text)
    candidates = [
        (op, i)
        for _, op in module.owners()
        for i, line in enumerate(op.lines)
        if _INT_CONST.match(line) and " : index" in line
    ]
    if not candidates:
        raise LookupError("no host index constant")
    op, i = rng.choice(candidates) if rng else candidates[0]
    m = _INT_CONST.match(op.lines[i])
    assert m
    op.lines[i] = m.group(1) + str(int(m.group(2)) + 64) + m.group(3)
    return module.render()


def fresh_name(text: str, base: str) -> str:
    """A new executable name derived from ``base`` that no symbol of
    ``text`` starts with and that starts with no existing name followed by a
    name character: ``e<k>_<base>``."""
    k = 0
    while True:
        name = f"e{k}_{base}"
        if "@" + name not in text and '"' + name not in text:
            return name
        k += 1


def renumbered_name(text: str, name: str, rng: random.Random | None = None) -> str:
    """``name`` with its trailing number changed to an unused one
    (``main$async_dispatch_3`` -> ``main$async_dispatch_57``), as when
    dispatches are renumbered; ``name_r<k>`` when it has no number."""
    m = re.match(r"^(.*?)(\d+)$", name)
    stem = m.group(1) if m else name + "_r"
    start = rng.randrange(100, 999) if rng else 900
    for k in range(start, start + 10_000):
        new = f"{stem}{k}"
        if "@" + new not in text and '"' + new not in text:
            return new
    raise LookupError("no free name")


@functools.cache
def corpus_text(name: str) -> str:
    return corpus_file(name).read_text()


# -- random edit sequences (the property test) --------------------------------------

# The edit kinds and their relative weights.
EDIT_KINDS: dict[str, int] = {
    "body": 4,
    "access": 3,
    "rename": 2,
    "swap_names": 1,
    "add_executable": 1,
    "remove_executable": 1,
    "add_site": 1,
    "remove_site": 1,
    "host": 1,
    "second_target": 1,
    "target_cpu": 1,
    "new_device": 1,
    "toggle_once": 1,
    "toggle_public": 1,
    "move_executable": 1,
    "rename_alias": 1,
}


def _sites_per_executable(module: Module) -> dict[str, int]:
    counts: dict[str, int] = {}
    for site in module.sites():
        for ex, _ in site.refs:
            counts[ex] = counts.get(ex, 0) + 1
    return counts


def apply_random_edit(text: str, rng: random.Random, kind: str | None = None) -> tuple[str, str]:
    """One random valid edit of ``text``: (new text, description).

    Edits never leave a private executable without dispatch sites (IREE
    stops converting later executables then; halflow deliberately does not,
    see README), so every result can also be compared with ``iree-opt``.
    Raises LookupError when the chosen kind does not apply to ``text``.
    """
    if kind is None:
        kinds = list(EDIT_KINDS)
        kind = rng.choices(kinds, weights=[EDIT_KINDS[k] for k in kinds])[0]
    module = Module.parse(text)
    execs = module.executables()
    bodies = module.executables(("stream.executable", "hal.executable.source"))
    counts = _sites_per_executable(module)
    if kind == "body":
        ex = rng.choice(bodies)
        return body_edit(text, ex, rng, bump=rng.randrange(1, 10_000)), f"body edit of @{ex}"
    if kind == "access":
        sites = [s for s in module.sites() if s.binding_lines()]
        site = rng.choice(sites)
        accesses = site.accesses()
        j = rng.randrange(len(accesses))
        new = rng.choice([a for a in ("ro", "wo", "rw") if a != accesses[j]])
        what = f"{site.node} binding {j}: {accesses[j]} -> {new}"
        return set_access(text, site.node, j, new), what
    if kind == "rename":
        ex = rng.choice(execs)
        new = renumbered_name(text, ex, rng)
        return rename_symbol_prefix(text, ex, new), f"rename @{ex} -> @{new}"
    if kind == "swap_names":
        if len(execs) < 2:
            raise LookupError("fewer than two executables")
        a, b = rng.sample(execs, 2)
        tmp = fresh_name(text, "swap")
        out = rename_symbol_prefix(text, a, tmp)
        out = rename_symbol_prefix(out, b, a)
        out = rename_symbol_prefix(out, tmp, b)
        return out, f"swap names @{a} <-> @{b}"
    if kind == "add_executable":
        ex = rng.choice([e for e in execs if counts.get(e)])
        new = fresh_name(text, ex)
        edit_body = rng.random() < 0.5
        out = add_executable_copy(text, ex, new, rng, edit_body=edit_body)
        return out, f"add @{new} (copy of @{ex}{', body edited' if edit_body else ''}) with a site"
    if kind == "remove_executable":
        if len(execs) <= 2:
            raise LookupError("keep at least two executables")
        ex = rng.choice(execs)
        return remove_executable(text, ex), f"remove @{ex} and its {counts.get(ex, 0)} sites"
    if kind == "add_site":
        site = rng.choice(module.sites())
        return duplicate_site(text, site.node), f"duplicate {site.node}"
    if kind == "remove_site":
        removable = [s for s in module.sites() if all(counts.get(ex, 0) > 1 for ex, _ in s.refs)]
        if not removable:
            raise LookupError("no executable has two sites")
        site = rng.choice(removable)
        return remove_site(text, site.node), f"remove {site.node}"
    if kind == "host":
        return edit_host_constant(text, rng), "host constant edit"
    if kind == "second_target":
        if "#executable_target_extra_" in text:
            raise LookupError("already has a second target")
        return add_second_target(text), "device gets a second executable target"
    if kind == "target_cpu":
        return change_target_cpu(text, rng), "executable target cpu changed"
    if kind == "new_device":
        return move_execute_to_new_device(text, rng), "one stream.cmd.execute moved to a new device"
    if kind == "toggle_once":
        return toggle_once(text, rng), "stream.cmd.execute once toggled"
    if kind == "toggle_public":
        ex = rng.choice(execs)
        return toggle_public(text, ex), f"@{ex} visibility toggled"
    if kind == "move_executable":
        if len(execs) < 2:
            raise LookupError("fewer than two executables")
        ex, after = rng.sample(execs, 2)
        return move_executable(text, ex, after), f"@{ex} moved after @{after}"
    if kind == "rename_alias":
        return rename_alias(text, rng)
    raise ValueError(kind)


def toggle_once(text: str, rng: random.Random | None = None) -> str:
    """Make a reusable ``stream.cmd.execute`` ``once`` or the reverse: the
    Indirect flags of the bindings dispatched in it change."""
    lines = text.split("\n")
    executes = [i for i, line in enumerate(lines) if " = stream.cmd.execute " in line]
    if not executes:
        raise LookupError("no stream.cmd.execute")
    i = rng.choice(executes) if rng else executes[0]
    if "stream.cmd.execute once " in lines[i]:
        lines[i] = lines[i].replace("stream.cmd.execute once ", "stream.cmd.execute ", 1)
    else:
        lines[i] = lines[i].replace("stream.cmd.execute ", "stream.cmd.execute once ", 1)
    return "\n".join(lines)


def toggle_public(text: str, executable: str) -> str:
    """``stream.executable private @x`` <-> ``public``: a public executable
    needs the targets of every device."""
    module = Module.parse(text)
    op = module.op(executable)
    head = op.lines[0]
    if " private @" in head:
        op.lines[0] = head.replace(" private @", " public @", 1)
    elif " public @" in head:
        op.lines[0] = head.replace(" public @", " private @", 1)
    else:
        raise LookupError("no visibility keyword")
    return module.render()


def move_executable(text: str, executable: str, after: str) -> str:
    """Move ``executable`` to right after ``after`` (output order changes)."""
    module = Module.parse(text)
    op = module.ops.pop(module.index(executable))
    module.ops.insert(module.index(after) + 1, op)
    return module.render()


_ALIAS_DEF = re.compile(r"^(#[A-Za-z_][\w$.\-]*) = ")


def rename_alias(text: str, rng: random.Random | None = None) -> tuple[str, str]:
    """Rename one attribute alias of the header everywhere (the output, whose
    aliases MLIR names itself, must not change)."""
    lines = text.split("\n")
    start = next(i for i, line in enumerate(lines) if line.startswith("module"))
    names = [m.group(1) for line in lines[:start] if (m := _ALIAS_DEF.match(line))]
    if not names:
        raise LookupError("no aliases")
    old = rng.choice(names) if rng else names[0]
    k = 0
    while f"{old}_a{k}" in text:
        k += 1
    new = f"{old}_a{k}"
    pattern = re.compile(re.escape(old) + r"(?![\w$.\-])")
    # Not inside strings: aliases never appear there in the corpus.
    return pattern.sub(new, text), f"alias {old} -> {new}"


def random_edits(text: str, rng: random.Random, count: int) -> tuple[str, list[str]]:
    """``count`` random edits (kinds that do not apply are redrawn)."""
    log: list[str] = []
    attempts = 0
    while len(log) < count:
        attempts += 1
        if attempts > 50 * count:
            raise RuntimeError("no applicable edit")
        try:
            text, what = apply_random_edit(text, rng)
        except LookupError:
            continue
        log.append(what)
    return text, log


def first_difference(a: str, b: str, context: int = 2) -> str:
    """A short unified diff of two outputs (for assertion messages)."""
    import difflib

    diff = list(
        difflib.unified_diff(
            a.split("\n"), b.split("\n"), "expected", "actual", lineterm="", n=context
        )
    )
    return "\n".join(line[:200] for line in diff[:40])


@dataclass
class StepOutcome:
    step: int
    edits: list[str]
    valid: bool
    mode: str | None = None
    executed: int = 0
    problem: str | None = None  # a real failure
    known_bug: str | None = None  # a documented, accepted difference (none today)


def _error_text(e: BaseException) -> str:
    render = getattr(e, "render", None)
    return render() if callable(render) else f"{type(e).__name__}: {e}"


def check_build_step(
    path: Path,
    *,
    cache_dir: Path | None = None,
    workspace: Any = None,
    oracle: bool = True,
) -> tuple[str | None, str | None, Any]:
    """Build ``path`` incrementally (over ``cache_dir`` or ``workspace``) and
    from scratch, and compare: (problem, known-bug note, result)."""
    from halflow.core.diagnostics import HalflowError

    valid = parses(path)
    inc_err = clean_err = None
    result = None
    try:
        if workspace is not None:
            result = lib_build(path, workspace=workspace)
        else:
            result = lib_build(path, cache_dir=cache_dir)
        inc = result.text
    except HalflowError as e:
        inc_err = _error_text(e)
    try:
        clean = clean_build(path)
    except HalflowError as e:
        clean_err = _error_text(e)
    if inc_err is not None or clean_err is not None:
        if inc_err != clean_err:
            return f"incremental error {inc_err!r} != clean error {clean_err!r}", None, result
        assert clean_err is not None  # equal, and not both None
        if valid and oracle:
            ref = run_iree_opt(path)
            if ref.returncode == 0 and "does not refer to an executable export" not in clean_err:
                return f"halflow failed ({clean_err!r}) where iree-opt succeeded", None, result
        return None, None, result
    if not valid:
        return "halflow accepted IR that iree-opt rejects", None, result
    if oracle:
        ref = run_iree_opt(path)
        if ref.returncode != 0:
            return f"iree-opt failed but halflow succeeded: {ref.stderr[:300]}", None, result
        if clean != ref.stdout:
            return "clean build != iree-opt:\n" + first_difference(ref.stdout, clean), None, result
    if inc != clean:
        return "incremental != clean:\n" + first_difference(clean, inc), None, result
    return None, None, result


def run_sequence(
    corpus_name: str,
    seed: int,
    workdir: Path,
    *,
    steps: int = 6,
    max_edits: int = 3,
    oracle_every: int = 1,
    workspace: Any = None,
) -> list[StepOutcome]:
    """A random edit sequence on a copy of ``corpus_name``: after every step
    the incremental build (same cache directory, or the warm ``workspace``)
    must equal a clean build, and every ``oracle_every`` steps ``iree-opt``."""
    rng = random.Random(f"{corpus_name}:{seed}")
    path = workdir / Path(corpus_name).name
    cache_dir = workdir / "cache"
    text = corpus_text(corpus_name)
    path.write_text(text)
    outcomes: list[StepOutcome] = []
    problem, bug, result = check_build_step(path, cache_dir=cache_dir, workspace=workspace)
    outcomes.append(StepOutcome(0, ["(original)"], True, None, 0, problem, bug))
    for step in range(1, steps + 1):
        new_text, log = random_edits(text, rng, rng.randint(1, max_edits))
        path.write_text(new_text)
        problem, bug, result = check_build_step(
            path, cache_dir=cache_dir, workspace=workspace, oracle=step % oracle_every == 0
        )
        report = result.report if result is not None else {}
        mode = report.get("mode")
        if report.get("fallback"):
            mode = f"{mode}, fallback: {report['fallback']}"
        outcomes.append(
            StepOutcome(
                step, log, parses(path), mode, len(report.get("executed", [])), problem, bug
            )
        )
        text = new_text
    return outcomes


def describe(outcomes: Sequence[StepOutcome]) -> str:
    lines = []
    for o in outcomes:
        if o.problem:
            status = "FAIL " + o.problem
        else:
            status = "known bug: " + o.known_bug if o.known_bug else "ok"
        edits = "; ".join(o.edits)
        lines.append(f"step {o.step} [{o.mode}, {o.executed} executed]: {edits} -> {status}")
    return "\n".join(lines)


def on_a_terminal(command: Sequence[str | os.PathLike[str]], env: dict[str, str],
                  cwd: str | os.PathLike[str] | None = None,
                  timeout: float = 300) -> tuple[int, str]:
    """Run ``command`` with its stderr on a real pseudo-terminal (stdin and
    stdout: nothing): its exit status and what the terminal showed."""
    import pty

    leader, follower = pty.openpty()
    proc = subprocess.Popen([str(c) for c in command], stdin=subprocess.DEVNULL,
                            stdout=subprocess.DEVNULL, stderr=follower, env=env, cwd=cwd)
    os.close(follower)
    chunks = []
    while True:
        try:
            data = os.read(leader, 65536)
        except OSError:  # the child closed its end
            break
        if not data:
            break
        chunks.append(data)
    code = proc.wait(timeout=timeout)
    os.close(leader)
    return code, b"".join(chunks).decode("utf-8", "replace")
