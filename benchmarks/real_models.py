"""Benchmark: real iree-turbine exports, edited as a model developer edits them.

    PYTHONPATH=. python benchmarks/real_models.py [--models mlp,gpt2_l4,...] [--large]
        [--turbine-python PATH] [--work DIR] [--json out.json] [--server]

For each model (tune-on families of ``shared/corpus/gen/models.py``: MLP,
GPT-2, Llama, OpenELM; random weights, parameters externalized to an
``.irpa``), the export venv exports the model and a chain of developer edits,
each one edit on top of the last: one layer's activation (``act``), one
constant (``const``: a norm's epsilon), one layer's width (``width``), one
more layer (``layer``), an extra output (``output``), and an unchanged
re-export (``reexport``). Then, in one run, interleaved:

- cold: plain ``iree-compile`` and ``halflow build --to vmfb`` with an empty
  cache, wall time and memory summed over all processes of each (sampled);
- per edit, the export saved over the model file as a user would: plain
  ``iree-compile`` and halflow's rebuild (a ``halflow`` process, its cache
  holding the previous build), with what halflow compiled, the groups it
  re-serialized, its phase times and the *floor*: front end + translating
  the dirty executables (two at a time) + serializing only them, as one group
  of their own + the final link.

``--via shim``: halflow's builds are plain's own command line (``iree-compile
MODEL FLAGS -o OUT``) run by the masquerade ``iree-compile`` of ``halflow
shim-dir`` (the drop-in, strict: a failure of halflow's own path stops the
run), its cache and report named by ``HALFLOW_CACHE_DIR`` and
``HALFLOW_DROPIN_REPORT``.

``--server``: halflow builds through a build server of the run's own
runtime directory (``server-vmfb``); the first cold build runs locally and
starts it. A served build's memory is the server's fork's, outside the
client's process tree: the memory column then counts the client only.

Every ``.vmfb`` is run with ``iree-run-module`` and the variant's ``.irpa``
(first and last entry point): halflow's outputs must be bitwise equal to
plain's. The targets of issue 21 are printed beside the ratios. This is a
benchmark, not a test.

``--target rocm`` compiles for ``hip`` gfx942 instead, compile only (no GPU
here): per build, the kernels of halflow's module are compared with
plain's under halflow's names (every kernel present; how many are
byte-equal: machine code, PC-relative constants, descriptor); and once per
model, on the last variant, the reference configuration of
``tests/test_codegen_targets.py`` (halflow's one-group build of the
pre-materialize program, renamed and ordered as that group, compiled by
plain ``iree-compile``: kernel binaries byte-identical, host VM code equal).

The export venv (not a halflow dependency):

    python3 -m venv /work/venv-turbine
    /work/venv-turbine/bin/pip install torch==2.13.0 iree-base-compiler==3.13.0 \\
        iree-base-runtime==3.13.0 iree-turbine==3.9.0 transformers==5.24.0

(the CPU torch wheel). Exports are kept in ``--work`` by their spec: a rerun
with the same models exports nothing.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import psutil
from common import Servers, compile_package, wait_for_fill  # (benchmarks/: the script's directory)

ROOT = Path(__file__).resolve().parent.parent
EXPORTER = Path(__file__).resolve().parent / "real_models_export.py"
MODELS_PY = ROOT.parent / "shared" / "corpus" / "gen" / "models.py"
TURBINE_PYTHON = Path("/work/venv-turbine/bin/python")
MODELS_PY_USED = [MODELS_PY]  # set by --models-py

EDITS = ("act", "const", "width", "layer", "output", "reexport")


@dataclass(frozen=True)
class Model:
    family: str
    size: dict
    kind: str  # which target applies: "serving", "mid" (30-50 executables), "transformer"


_BUCKETS_8 = [[1, 16], [1, 32], [1, 64], [1, 128], [2, 16], [2, 32], [2, 64], [4, 32]]
MODELS = {
    "mlp": Model("mlp", {"dims": [64, 128, 128, 96, 96, 32]}, ""),
    "gpt2_l4": Model("gpt2", {"layers": 4}, "transformer"),
    "openelm_l4": Model("openelm", {"layers": 4}, "mid"),
    "llama_serving_l2": Model("llama", {"layers": 2, "buckets": _BUCKETS_8}, "serving"),
}
LARGE = {
    "llama_serving_l4": Model("llama", {"layers": 4, "buckets": [
        [b, s] for b in (1, 2, 4) for s in (16, 32, 64, 128, 256)]}, "serving"),
    "openelm_l16": Model("openelm", {"layers": 16}, "mid"),
}

TARGETS = {"serving": 3.0, "mid": 1.5, "transformer": 1.0}
# Issue 21's GPU target (rocm gfx942, compile only): >= 2x on programs with
# >= 100 executables, whatever their kind; none for smaller ones.
GPU_TARGET, GPU_TARGET_FROM = 2.0, 100
FLOOR_TARGET = 1.25


# --target: the compile-only GPU targets (nothing runs; see check_gpu).
GPU_TARGETS = {"rocm": ["--iree-hal-target-device=hip", "--iree-rocm-target=gfx942"]}
TARGET = ["llvm-cpu"]  # set by --target


def flags() -> list[str]:
    if TARGET[0] in GPU_TARGETS:
        return list(GPU_TARGETS[TARGET[0]])
    cpu = "x86-64-v3" if platform.machine() in ("x86_64", "AMD64") else "host"
    return ["--iree-hal-target-device=local", "--iree-hal-local-target-device-backends=llvm-cpu",
            f"--iree-llvmcpu-target-cpu={cpu}"]


def tool(name: str) -> str:
    found = shutil.which(name, path=str(Path(sys.executable).parent)) or shutil.which(name)
    if found is None:
        raise SystemExit(f"{name} not found")
    return found


@dataclass
class Run:
    seconds: float
    peak_rss: int  # bytes, summed over the process and its children
    returncode: int
    stderr: str = ""
    peak_pss: int = 0  # the same for PSS (shared pages counted once in all)


def pss_of(pid: int) -> int:
    """The proportional set size of ``pid`` in bytes (0 if unknown)."""
    try:
        with open(f"/proc/{pid}/smaps_rollup") as f:
            for line in f:
                if line.startswith("Pss:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


def timed(command: list[str], env: dict[str, str] | None = None) -> Run:
    """Run ``command``; wall time and the peaks of the RSS and of the PSS
    summed over the process tree (sampled every 10 ms)."""
    started = time.perf_counter()
    proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    peak = peak_pss = 0
    done = threading.Event()

    def sample() -> None:
        nonlocal peak, peak_pss
        try:
            root = psutil.Process(proc.pid)
        except psutil.NoSuchProcess:
            return
        while not done.is_set():
            total = pss = 0
            try:
                for p in [root, *root.children(recursive=True)]:
                    with contextlib.suppress(psutil.NoSuchProcess):
                        total += p.memory_info().rss
                        pss += pss_of(p.pid)
            except psutil.NoSuchProcess:
                break
            peak = max(peak, total)
            peak_pss = max(peak_pss, pss)
            done.wait(0.01)

    thread = threading.Thread(target=sample, daemon=True)
    thread.start()
    _, err = proc.communicate()
    seconds = time.perf_counter() - started
    done.set()
    thread.join()
    return Run(seconds, peak, proc.returncode, err.decode("utf-8", "replace"), peak_pss)


def export(name: str, model: Model, work: Path, python: Path) -> Path:
    """The variants of ``model`` (v0 = the model, v{i} = after EDITS[:i])."""
    variants = [list(EDITS[:i]) for i in range(len(EDITS) + 1)]
    variants = [[e for e in v if e != "reexport"] for v in variants]
    spec = json.dumps({"family": model.family, "size": model.size, "variants": variants},
                      sort_keys=True)
    tag = hashlib.sha256((spec + EXPORTER.read_text()).encode()).hexdigest()[:12]
    out = work / "exports" / f"{name}-{tag}"
    if (out / "done").exists():
        return out
    if not python.exists():
        raise SystemExit(f"no export venv at {python}: create it as the docstring of "
                         f"{Path(__file__).name} says, or pass --turbine-python")
    print(f"exporting {name} ({len(variants)} variants) ...", file=sys.stderr, flush=True)
    subprocess.run([str(python), str(EXPORTER), str(MODELS_PY_USED[0]), spec, str(out)],
                   check=True)
    (out / "done").write_text(spec)
    return out


def outputs_of(vmfb: Path, variant: Path, scratch: Path) -> list[bytes]:
    """The raw outputs of the first and last entry point, run with the
    variant's weights."""
    runs = json.loads(variant.with_suffix(".json").read_text())["runs"]
    results = []
    for run in {id(r): r for r in (runs[0], runs[-1])}.values():
        out = scratch / "out.bin"
        out.unlink(missing_ok=True)
        command = [tool("iree-run-module"), f"--module={vmfb}",
                   f"--parameters=model={variant.with_suffix('.irpa')}",
                   f"--function={run['function']}", "--device=local-sync",
                   *(f"--input=@{variant.parent / f}" for f in run["inputs"]),
                   f"--output=@{out}", *([f"--output=+{out}"] * (run["outputs"] - 1))]
        done = subprocess.run(command, capture_output=True, check=False)
        if done.returncode != 0:
            raise SystemExit(f"iree-run-module failed on {vmfb}:\n{done.stderr.decode()}")
        results.append(out.read_bytes())
    return results


@dataclass
class Row:
    model: str
    edit: str
    executables: int
    plain: float
    halflow: float
    compiled: int = 0
    groups: int = 0
    groups_compiled: int = 0
    host: str = ""
    mode: str = ""
    phases: dict = field(default_factory=dict)
    floor: float = 0.0
    plain_rss: int = 0
    halflow_rss: int = 0
    plain_pss: int = 0
    halflow_pss: int = 0
    check: str = ""

    @property
    def ratio(self) -> float:
        return self.plain / self.halflow


def _translations(report: dict, store_dir: Path, wanted: list[str]) -> list[tuple[str, str, str]]:
    """(name in the binary, translated text, variant) of the executables
    ``wanted`` (symbols), from the cache; [] if one is missing."""
    from halflow.codegen import DiskStore
    from halflow.codegen.groups import decode_interfaces
    from halflow.store.codegen_entries import decode_entry

    names = {m["executable"]: m["binary_name"] for g in report["groups"] for m in g["members"]}
    keys = {e["executable"]: e["key"] for e in report["codegen"]}
    out: dict[str, tuple[str, str, str]] = {}
    with DiskStore(store_dir) as store:
        for symbol in wanted:
            raw = store.get(keys[symbol])
            entry = decode_entry(keys[symbol], raw) if raw is not None else None
            ifaces = decode_interfaces(entry.interface) if entry is not None else None
            if entry is None or ifaces is None:
                return []
            out.setdefault(names[symbol], (names[symbol], entry.text, ifaces[0].variant))
    return list(out.values())


def serialize_alone(members: list[tuple[str, str, str]], iree_flags: list[str]) -> float:
    """Seconds IREE takes to link and serialize ``members`` as one group, in
    this process."""
    from halflow.codegen import flags as flags_mod
    from halflow.codegen.pipeline import environment_for
    from halflow.codegen.serialize import serialize_group
    from halflow.codegen.tasks import GroupTask

    linked = members[0][0] if len(members) == 1 else "hf_alone_linked"
    env = environment_for(flags_mod.parse(iree_flags))
    task = GroupTask("alone", "hf_alone", linked, members[0][2],
                     tuple((n, t) for n, t, _ in members), env)
    result = serialize_group(task)
    if not result.ok:
        raise SystemExit(f"serializing {len(members)} executables alone failed: "
                         f"{result.messages}")
    return result.seconds


def floor_of(report: dict, frontend: float, store_dir: Path, iree_flags: list[str]) -> float:
    """Front end + the dirty translations two at a time + serializing only
    the dirty executables, as one group + the final link."""
    dirty = [e for e in report["codegen"] if e["action"] == "compiled"]
    seconds = sorted((e["seconds"] for e in dirty), reverse=True)
    translate = max(sum(seconds) / 2, seconds[0]) if seconds else 0.0
    timings = report["codegen_timings"]
    floor = frontend + translate + timings.get("compile", 0.0) + timings.get("splice", 0.0)
    members = (_translations(report, store_dir, [e["executable"] for e in dirty])
               if dirty and report["mode"] == "groups" else [])
    return floor + (serialize_alone(members, iree_flags) if members else 0.0)


def group_cost(name: str, report: dict, store_dir: Path, iree_flags: list[str]) -> None:
    """The cost of one group against its size: the first k executables (in
    plan order) serialized as one group, k = 1, 2, 4, ...; with a least-squares
    line seconds = c0 + c1 * KB of executable text."""
    order = [m["executable"] for g in report["groups"] for m in g["members"]]
    points = []
    k = 1
    while k <= len(order):
        members = _translations(report, store_dir, order[:k])
        seconds = min(serialize_alone(members, iree_flags) for _ in range(2))
        kb = sum(len(t) for _, t, _ in members) / 1000
        points.append((len(members), kb, seconds))
        print(f"# group cost {name}: {len(members):4} executables, {kb:8.0f} KB translated, "
              f"{seconds:6.3f} s", flush=True)
        k *= 2
    if len(points) >= 2:
        xs, ys = [p[1] for p in points], [p[2] for p in points]
        mx, my = statistics.mean(xs), statistics.mean(ys)
        c1 = (sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True))
              / max(sum((x - mx) ** 2 for x in xs), 1e-9))
        print(f"# group cost {name}: ~{my - c1 * mx:.3f} s per group + {c1 * 1000:.3f} s per MB "
              f"of translated text")


def halflow_command(via: str | None, source: Path, run_dir: Path, cache: Path,
                    jobs: int | None, iree_flags: list[str], env: dict[str, str]
                    ) -> tuple[list[str], dict[str, str]]:
    """halflow's build of ``source`` and its environment: ``halflow build
    --to vmfb``, or (``via`` a masquerade directory) the ``iree-compile`` of
    that directory with plain's own command line, its cache and report
    named by the environment."""
    out = str(run_dir / "halflow.vmfb")
    if via is None:
        return [sys.executable, "-m", "halflow", "build", str(source), "--to", "vmfb", "-o", out,
                "--cache-dir", str(cache), "--report", str(run_dir / "report.json"),
                *(["-j", str(jobs)] if jobs else []), "--", *iree_flags], env
    return [str(Path(via) / "iree-compile"), str(source), *iree_flags, "-o", out], {
        **env, "HALFLOW_CACHE_DIR": str(cache),
        "HALFLOW_DROPIN_REPORT": str(run_dir / "report.json"),
        **({"HALFLOW_JOBS": str(jobs)} if jobs else {})}


def bench_model(name: str, model: Model, work: Path, python: Path, jobs: int | None,
                env: dict[str, str], costs: bool = False, edits: int = len(EDITS),
                reference: bool = True, servers: Servers | None = None,
                via: str | None = None) -> list[Row]:
    exports = export(name, model, work, python)
    run_dir = work / "runs" / (name if TARGET[0] == "llvm-cpu" else f"{name}-{TARGET[0]}")
    shutil.rmtree(run_dir, ignore_errors=True)
    run_dir.mkdir(parents=True)
    cache = run_dir / "cache"
    source = run_dir / f"{name}.mlir"  # the file the developer's exports overwrite
    iree_flags = flags()
    halflow, halflow_env = halflow_command(via, source, run_dir, cache, jobs, iree_flags, env)
    plain = [tool("iree-compile"), str(source), *iree_flags, "-o", str(run_dir / "plain.vmfb")]
    rows = []
    for i, edit in enumerate(("cold", *EDITS[:edits])):
        variant = exports / f"v{i}"
        shutil.copyfile(variant.with_suffix(".mlir"), source)
        # Interleaved, alternating which goes first.
        order = [("plain", plain), ("halflow", halflow)]
        runs = {}
        filled = None  # the seconds of the fill of the cache the halflow build left
        for label, command in order if i % 2 == 0 else order[::-1]:
            began = time.time()
            runs[label] = timed(command, halflow_env if label == "halflow" else env)
            if runs[label].returncode != 0:
                raise SystemExit(f"{label} failed on {name} {edit}:\n{runs[label].stderr}")
            if label == "halflow":
                filled = wait_for_fill(cache, json.loads((run_dir / "report.json").read_text()),
                                       began)
        report = json.loads((run_dir / "report.json").read_text())
        # Each build's report kept (report-<edit>.json): groups, members, seconds.
        shutil.copyfile(run_dir / "report.json", run_dir / f"report-{edit}.json")
        summary = report["codegen_summary"]
        timings = report.get("codegen_timings", {})
        phases = {k: timings.get(k, 0.0) for k in ("frontend", "materialize", "keys", "lookup",
                                                  "codegen", "compile", "total")}
        phases["process"] = runs["halflow"].seconds - timings.get("total", 0.0)
        row = Row(name, edit, summary["executables"], runs["plain"].seconds,
                  runs["halflow"].seconds, summary["compiled"], summary["groups"],
                  summary["groups_compiled"],
                  (report.get("host") or {}).get("action", ""),
                  report["mode"] + ("+fill" if filled is not None else ""), phases,
                  plain_rss=runs["plain"].peak_rss, halflow_rss=runs["halflow"].peak_rss,
                  plain_pss=runs["plain"].peak_pss, halflow_pss=runs["halflow"].peak_pss)
        if edit not in ("cold", "reexport"):
            row.floor = floor_of(report, timings.get("frontend", 0.0), cache, iree_flags)
        if edit == "reexport":
            row.check = "up-to-date" if report["mode"] == "up-to-date" else "NOT up-to-date"
        elif TARGET[0] in GPU_TARGETS:
            row.check = check_gpu(run_dir, report)
        else:
            same = (outputs_of(run_dir / "plain.vmfb", variant, run_dir)
                    == outputs_of(run_dir / "halflow.vmfb", variant, run_dir))
            row.check = "bitwise" if same else "DIFFERENT"
        rows.append(row)
        print(format_row(row, model), flush=True)
        if edit == "cold" and servers is not None:
            servers.wait()  # the server the cold build started, before the edits' builds
        if edit == "cold" and costs:
            group_cost(name, report, cache, iree_flags)
    if TARGET[0] in GPU_TARGETS and reference:
        print(f"# {name}, last variant: {gpu_reference(source, run_dir)}", flush=True)
    return rows


def check_gpu(run_dir: Path, report: dict) -> str:
    """What a machine without the GPU can check of halflow's module: groups
    mode, every kernel of plain's module present under halflow's names, and
    how many are byte-equal to plain's (machine code, constants, kernel
    descriptor; the others were linked with other kernels than in plain's
    one binary, see tests/support/gpu.py), and the stale kernels (symbols)
    of kept groups."""
    from support.gpu import compare_kernels

    if report["mode"] != "groups":
        return f"mode {report['mode']}"
    equal, total, missing, stale = compare_kernels(run_dir / "plain.vmfb",
                                                   run_dir / "halflow.vmfb", report)
    if missing:
        raise SystemExit(f"plain's kernels missing in halflow's module: {missing[:5]}")
    return f"kernel symbols {equal}/{total} equal" + (f", {stale} stale" if stale else "")


def gpu_reference(source: Path, run_dir: Path) -> str:
    """The reference configuration of tests/test_codegen_targets.py on this
    model: halflow builds the pre-materialize program as one group (in this
    process), then the program renamed and ordered as that group, reusing
    everything; a plain ``iree-compile --compile-from=stream`` of the latter
    should give the same kernel binaries and host VM code (what differs is
    said)."""
    import zipfile

    from support.gpu import compare_kernels, disassembly, pre_materialize, reference_program

    from halflow.codegen import DiskStore, build_vmfb
    from halflow.codegen import groups as groups_mod

    work = run_dir / "reference"
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir()
    pre = pre_materialize(source, flags(), work / "pre.mlir")
    saved = groups_mod.TARGET_WEIGHT, groups_mod.MAX_WEIGHT
    groups_mod.TARGET_WEIGHT = groups_mod.MAX_WEIGHT = 10**12  # one group
    try:
        with DiskStore(work / "cache") as store:
            first = build_vmfb(pre, work / "first.vmfb", flags(), store=store, progress=False)
            model = reference_program(pre, first.report, work / "ref")
            again = build_vmfb(model, work / "halflow.vmfb", flags(), store=store,
                               progress=False)
    finally:
        groups_mod.TARGET_WEIGHT, groups_mod.MAX_WEIGHT = saved
    reused = {e["action"] for e in again.report["codegen"]} | {
        g["action"] for g in again.report["groups"]}
    subprocess.run([tool("iree-compile"), str(model), *flags(), "--compile-from=stream",
                    "-o", str(work / "plain.vmfb")], check=True, capture_output=True)
    ours, theirs = zipfile.ZipFile(work / "halflow.vmfb"), zipfile.ZipFile(work / "plain.vmfb")
    names = ours.namelist() == theirs.namelist()
    differing = sum(sum(a != b for a, b in zip(ours.read(n), theirs.read(n), strict=False))
                    + abs(len(ours.read(n)) - len(theirs.read(n)))
                    for n in ours.namelist()[1:]) if names else -1
    kernels = compare_kernels(work / "plain.vmfb", work / "halflow.vmfb", again.report)
    # The host's VM code and data, but for the rodata holding the binaries.
    blobs = {ours.read(n).hex().upper() for n in ours.namelist()[1:]} | {
        theirs.read(n).hex().upper() for n in theirs.namelist()[1:]}

    def host(vmfb: Path) -> list[str]:
        return [line for line in disassembly(vmfb) if line.split(" = ")[-1] not in blobs]

    same_host = host(work / "halflow.vmfb") == host(work / "plain.vmfb")
    binaries = ("byte-identical" if differing == 0 else
                f"{'DIFFERENT names' if differing < 0 else f'{differing} bytes DIFFERENT'}"
                f" (kernel symbols {kernels[0]}/{kernels[1]} equal)")
    return (f"reference configuration ({first.report['codegen_summary']['executables']} "
            f"executables, one group): kernel binaries {binaries}, host VM code "
            f"{'equal' if same_host else 'DIFFERENT'} (but for the binaries), rebuild "
            f"{'/'.join(sorted(reused))}")


HEADER = (f"{'model':18} {'edit':8} {'exe':>4} {'plain':>7} {'halflow':>7} {'ratio':>6} "
          f"{'target':>6} {'comp':>4} {'groups':>7} {'host':8} {'floor':>6} {'/floor':>6} "
          f"{'mem rss/pss':>11}  phases (front, mat, keys, codegen, link, process)  check")


def format_row(row: Row, model: Model) -> str:
    target = TARGETS.get(model.kind)
    if TARGET[0] in GPU_TARGETS:
        target = GPU_TARGET if row.executables >= GPU_TARGET_FROM else None
    if row.edit == "cold":
        target = 1.0
        mem = (f"{row.halflow_rss / max(row.plain_rss, 1):.2f}x/"
               f"{row.halflow_pss / max(row.plain_pss, 1):.2f}x")
    else:
        mem = ""
        if row.edit == "reexport":
            target = None
    met = "" if target is None else ("ok" if row.ratio >= target else "MISS")
    floor = f"{row.floor:6.2f} {row.halflow / row.floor:5.2f}x" if row.floor else " " * 13
    p = row.phases
    phases = (f"{p['frontend']:.2f} {p['materialize']:.2f} {p['keys']:.2f} {p['codegen']:.2f} "
              f"{p['compile']:.2f} {p['process']:.2f}")
    goal = f"{target:.1f}x {met}" if target else ""
    return (f"{row.model:18} {row.edit:8} {row.executables:4} {row.plain:7.2f} "
            f"{row.halflow:7.2f} {row.ratio:5.2f}x {goal:>6} "
            f"{row.compiled:4} {row.groups_compiled:3}/{row.groups:<3} {row.host or row.mode:8} "
            f"{floor} {mem:>11}  {phases}  {row.check}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--models", default=",".join(MODELS),
                    help=f"comma-separated, of {', '.join([*MODELS, *LARGE])}")
    ap.add_argument("--large", action="store_true", help=f"add {', '.join(LARGE)}")
    ap.add_argument("--turbine-python", type=Path, default=TURBINE_PYTHON,
                    help="the export venv's python (see the docstring)")
    ap.add_argument("--work", type=Path, default=Path("/tmp/halflow-real-models"))
    ap.add_argument("--models-py", type=Path, default=MODELS_PY,
                    help="the corpus's model definitions (default: ../shared/corpus/gen/"
                         "models.py beside the checkout)")
    ap.add_argument("-j", "--jobs", type=int, default=None)
    ap.add_argument("--json", type=Path, default=None)
    ap.add_argument("--group-cost", action="store_true",
                    help="after each cold build, time groups of 1, 2, 4, ... executables")
    ap.add_argument("--edits", type=int, default=len(EDITS),
                    help="run the cold build and the first N edits of the chain only")
    ap.add_argument("--target", choices=["llvm-cpu", *GPU_TARGETS], default="llvm-cpu",
                    help="rocm: gfx942, compile only (kernels compared with plain's, and the "
                         "reference configuration checked on the last variant)")
    ap.add_argument("--no-reference", action="store_true",
                    help="with a GPU target, skip the reference configuration check")
    ap.add_argument("--server", action="store_true",
                    help="halflow's builds through its build server (server-vmfb), one of the "
                         "run's own runtime directory: the cold build starts it and runs "
                         "locally, the edits run in it; default: off")
    ap.add_argument("--via", choices=["build", "shim"], default="build",
                    help="shim: halflow's builds are plain's own iree-compile command line run "
                         "by the masquerade iree-compile of `halflow shim-dir` (the drop-in, "
                         "strict); default: `halflow build --to vmfb`")
    a = ap.parse_args()
    TARGET[0] = a.target
    MODELS_PY_USED[0] = a.models_py
    known = {**MODELS, **LARGE}
    names = [n for n in a.models.split(",") if n] + (list(LARGE) if a.large else [])
    for n in names:
        if n not in known:
            raise SystemExit(f"unknown model {n!r} (one of {', '.join(known)})")
    compile_package()
    servers = Servers(Path(tempfile.mkdtemp(prefix="halflow-bench-runtime-")))
    env = servers.env({**os.environ, "PYTHONPATH": str(ROOT)}, on=a.server)
    via = None
    if a.via == "shim":
        via = subprocess.run([sys.executable, "-m", "halflow", "shim-dir"], env=env, check=True,
                             capture_output=True, text=True).stdout.strip()
    print(f"# load {os.getloadavg()[0]:.2f} at start; {os.cpu_count()} CPUs; flags {flags()}"
          f"{'; through the build server' if a.server else ''}"
          f"{f'; via the shim {via} (strict)' if via else ''}")
    print(HEADER)
    rows: list[Row] = []
    try:
        for n in names:
            rows += bench_model(n, known[n], a.work, a.turbine_python, a.jobs, env,
                                a.group_cost, a.edits, not a.no_reference,
                                servers if a.server else None, via)
    finally:
        servers.stop()
        shutil.rmtree(servers.runtime, ignore_errors=True)
    print(f"# load {os.getloadavg()[0]:.2f} at end")
    edits = [r for r in rows if r.edit not in ("cold", "reexport")]
    if edits:
        print(f"# median plain/halflow over edits: "
              f"{statistics.median(r.ratio for r in edits):.2f}x; median halflow/floor: "
              f"{statistics.median(r.halflow / r.floor for r in edits if r.floor):.2f}x "
              f"(target <= {FLOOR_TARGET}x)")
    if a.json:
        a.json.write_text(json.dumps([r.__dict__ for r in rows], indent=1))


if __name__ == "__main__":
    main()
