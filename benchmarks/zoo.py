"""Differential runner: a zoo of real architectures, plain ``iree-compile``
against ``halflow build --to vmfb``.

    PYTHONPATH=. python benchmarks/zoo.py [--models gpt2,electra,...]
        [--targets llvm-cpu,vmvx,rocm] [--strategy auto|incremental|plain]
        [--steps cold,act,...] [--repeat N] [--reverse] [--turbine-python PATH] [--work DIR]
        [--gpu-bundle DIR [--bundle-target cuda|llvm-cpu]] [--write-slice DIR]
        [--json out.json]

Each model of ``MODELS`` (small random-weight instances of real
architectures, exported by ``benchmarks/zoo_export.py`` in the export venv
of ``real_models.py``, parameters in an ``.irpa``) is exported with a chain
of developer edits, each on top of the last: one layer's activation
(``act``), one more layer (``layer``), a norm's epsilon (``const``), an extra
output (``output``). For every target, in one run, interleaved: plain
``iree-compile`` and ``halflow build --to vmfb`` (its cache kept across the
steps, as a developer's) of the base (``cold``), after each edit, after
reverting to the base (``revert``) and once more unchanged (``noop``). The
outputs of both ``.vmfb``s under ``iree-run-module`` with the variant's
``.irpa`` and seeded inputs (first and last entry point) must be bitwise
equal (targets that run here: llvm-cpu, vmvx; rocm and cuda compile only).
Each step is built ``--repeat`` times (default 3), plain and halflow
interleaved, every repeat of halflow's from the cache and output the step
found (saved and put back), so that each is the same rebuild; per build:
plain/halflow of the medians, halflow's mode and group counts, and both
ranges; then a summary per model and target (a rebuild slower than plain
is listed with its ratio's range over the repeats). Exit status 1 on any
failure or mismatch (a build plain ``iree-compile`` cannot do is listed as
skipped, with its error). A build that leaves a fill of the cache
(``"fill": true``: it compiled plainly because most of its executables
were new, :mod:`halflow.codegen.fill`) is followed by a wait for that fill
before anything else is timed; its seconds are shown (``fill``), and a
failed fill is a failure.

``--gpu-bundle DIR``: also compile for ``cuda`` (sm_80) the base and the
first edit, plain and halflow, and put the ``.vmfb``s with their inputs and
weights in DIR for ``benchmarks/gpu_check.sh`` on a machine with an NVIDIA
GPU. ``HALFLOW_STRICT=1`` is set for halflow's builds.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import common
import real_models as rm  # beside this file
from common import compile_package

ROOT = Path(__file__).resolve().parent.parent
EXPORTER = Path(__file__).resolve().parent / "zoo_export.py"
EDITS = ("act", "layer", "const", "output")
STEPS = ("cold", *EDITS, "revert", "noop")

# name: (family, size, what the model stands for in the zoo)
MODELS: dict[str, tuple[str, dict, str]] = {
    "gpt2": ("gpt2", {"layers": 2, "seq": 16}, "decoder"),
    "llama": ("llama", {"layers": 2, "seq": 16}, "decoder"),
    "openelm": ("openelm", {"layers": 2, "hidden": 64, "seq": 16}, "decoder"),
    "mistral": ("hf_decoder", {"arch": "mistral", "layers": 2}, "decoder"),
    "phi3": ("hf_decoder", {"arch": "phi3", "layers": 2}, "decoder"),
    "gemma_bf16": ("hf_decoder", {"arch": "gemma", "layers": 2, "dtype": "bf16"},
                   "decoder, bf16 weights"),
    "gpt_neox_f16": ("hf_decoder", {"arch": "gpt_neox", "layers": 2, "dtype": "f16"},
                     "decoder, f16 weights"),
    "opt": ("hf_decoder", {"arch": "opt", "layers": 2}, "decoder"),
    "kv_decoder": ("kv_decoder", {"layers": 2}, "prefill + decode, KV cache updated in place"),
    "electra": ("electra", {"layers": 2}, "encoder, int64 buffer as dense_resource literal"),
    "deberta_v2": ("deberta", {"layers": 2}, "encoder, relative attention"),
    "bart": ("bart", {"layers": 1, "dynamic": True},
             "encoder-decoder, dynamic batch dimension"),
    "wav2vec2": ("wav2vec2", {"layers": 2}, "audio"),
    "regnet_inline": ("regnet", {"inline": True}, "vision, weights inline"),
    "segformer": ("segformer", {}, "vision"),
    "conv1d": ("conv1d", {"layers": 3, "dynamic": True}, "1-D conv net, dynamic batch"),
    "densenet": ("densenet", {"blocks": [6, 12, 32, 32], "growth": 8, "res": 16},
                 "vision, 200+ executables"),
}

# The suite's slice (tests/test_zoo_slice.py): tiny instances, the base and
# the act edit, written to tests/data/zoo by --write-slice.
SLICE: dict[str, tuple[str, dict, str]] = {
    "electra": ("electra", {"layers": 1, "hidden": 32, "vocab": 64, "seq": 8},
                "int64 buffer as dense_resource literal"),
    "conv1d": ("conv1d", {"layers": 2, "width": 16, "length": 32, "dynamic": True},
               "dynamic batch"),
    "kv_decoder": ("kv_decoder", {"layers": 1, "hidden": 32, "vocab": 64, "max_seq": 16,
                                  "seq": 4}, "two entry points, KV cache updated in place"),
    "gemma_bf16": ("hf_decoder", {"arch": "gemma", "layers": 1, "hidden": 32, "vocab": 64,
                                  "seq": 8, "dtype": "bf16"}, "bf16 weights"),
    "regnet_inline": ("regnet", {"inline": True, "hidden": [8, 16], "res": 16},
                      "weights inline"),
}

TARGETS = {
    "llvm-cpu": (rm.flags(), True),
    "vmvx": (["--iree-hal-target-device=local",
              "--iree-hal-local-target-device-backends=vmvx"], True),
    "rocm": (["--iree-hal-target-device=hip", "--iree-rocm-target=gfx942"], False),
}
# shared/corpus/gen/models.py beside the checkout (a worktree's checkout is a
# level deeper)
MODELS_PY = next((p / "shared" / "corpus" / "gen" / "models.py" for p in ROOT.parents
                  if (p / "shared" / "corpus" / "gen" / "models.py").exists()), rm.MODELS_PY)
STEPS_RUN = list(STEPS)  # --steps
BUNDLE_TARGET = ["cuda"]  # --bundle-target
REPEAT = [3]  # --repeat
CUDA = ["--iree-hal-target-device=cuda", "--iree-cuda-target=sm_80"]


def export(name: str, work: Path, python: Path, models: dict = MODELS,
           edits: int = len(EDITS)) -> Path:
    """The variants of model ``name`` (v0 = the model, v{i} = after
    EDITS[:i], up to ``edits``); kept in ``work`` by their spec."""
    family, size, _ = models[name]
    variants = [list(EDITS[:i]) for i in range(edits + 1)]
    spec = json.dumps({"family": family, "size": size, "variants": variants}, sort_keys=True)
    sources = spec + EXPORTER.read_text() + rm.EXPORTER.read_text()
    out = work / "exports" / f"{name}-{hashlib.sha256(sources.encode()).hexdigest()[:12]}"
    if (out / "done").exists():
        return out
    if not python.exists():
        raise SystemExit(f"no export venv at {python}: see the docstring of real_models.py")
    print(f"# exporting {name} ...", file=sys.stderr, flush=True)
    fresh = out.with_name(f"{out.name}.{os.getpid()}")  # renamed when complete: runs side by side
    shutil.rmtree(fresh, ignore_errors=True)
    done = subprocess.run([str(python), str(EXPORTER), str(MODELS_PY), spec, str(fresh)],
                          capture_output=True, text=True, check=False)
    if done.returncode != 0:
        errors = [ln for ln in done.stderr.splitlines()
                  if "Error" in ln and not ln.startswith(("E1", "W1", "  "))]
        raise ExportError((errors or done.stderr.splitlines() or ["?"])[-1][:300])
    (fresh / "done").write_text(spec)
    try:
        fresh.rename(out)
    except OSError:  # another run's export got there first, or is writing it
        if not (out / "done").exists():
            return fresh
        shutil.rmtree(fresh)
    return out


class ExportError(Exception):
    pass


@dataclass
class Row:
    model: str
    target: str
    step: str
    plain: float = 0.0
    halflow: float = 0.0
    executables: int = 0
    mode: str = ""
    compiled: int = 0
    groups: int = 0
    groups_compiled: int = 0
    fill: float = 0.0  # seconds of the fill of the cache that ran after the build (median)
    check: str = ""
    detail: str = field(default="", repr=False)
    plains: list[float] = field(default_factory=list)  # seconds, one per repeat
    halflows: list[float] = field(default_factory=list)

    @property
    def ratio(self) -> float:
        return self.plain / self.halflow if self.halflow else 0.0

    @property
    def failed(self) -> bool:
        return self.check not in ("bitwise", "compiled", "up-to-date", "skipped")


def variant_of(step: str, exports: Path) -> Path:
    index = {"cold": 0, "revert": 0, "noop": 0}.get(step)
    return exports / f"v{EDITS.index(step) + 1 if index is None else index}"


def compare(run_dir: Path, variant: Path, runs: bool) -> tuple[str, str]:
    """(check, detail): plain's and halflow's outputs, bitwise; a module
    of plain's that does not run is a skip (IREE's runtime), halflow's a
    failure."""
    if not runs:
        return "compiled", ""
    outputs = []
    for label in ("plain", "halflow"):
        try:
            outputs.append(rm.outputs_of(run_dir / f"{label}.vmfb", variant, run_dir))
        except SystemExit as e:
            lines = [ln for ln in str(e).splitlines() if ln.strip()]
            why = next((ln for ln in lines if "RESOURCE" in ln or "error" in ln.lower()),
                       lines[-1] if lines else "")[:200]
            return ("skipped", f"plain's module does not run: {why}") if label == "plain" \
                else ("RUN FAILED", why)
    return ("bitwise" if outputs[0] == outputs[1] else "DIFFERENT"), ""


def bench(name: str, target: str, exports: Path, work: Path, env: dict[str, str],
          bundle: Path | None) -> list[Row]:
    """Every step of ``name`` on ``target``; stops at the first failure."""
    iree_flags, runs = (CUDA, False) if target == "cuda" else TARGETS[target]
    bundled = bundle is not None and target == BUNDLE_TARGET[0]
    run_dir = work / "runs" / f"{name}-{target}"
    shutil.rmtree(run_dir, ignore_errors=True)
    run_dir.mkdir(parents=True)
    print(f"# {name} on {target}: load {os.getloadavg()[0]:.2f}", flush=True)
    source = run_dir / f"{name}.mlir"
    report = run_dir / "report.json"
    halflow = [sys.executable, "-m", "halflow", "build", str(source), "--to", "vmfb",
               "-o", str(run_dir / "halflow.vmfb"), "--cache-dir", str(run_dir / "cache"),
               "--report", str(report), "--", *iree_flags]
    plain = [rm.tool("iree-compile"), str(source), *iree_flags, "-o", str(run_dir / "plain.vmfb")]
    steps = STEPS_RUN if target != "cuda" else ("cold", "act")  # cuda: for the bundle only
    rows = []
    for i, step in enumerate(steps):
        variant = variant_of(step, exports)
        if step != "noop":
            shutil.copyfile(variant.with_suffix(".mlir"), source)
        row = Row(name, target, step)
        rows.append(row)
        timed = repeated(i, step, run_dir, plain, halflow, env)
        row.plains, row.halflows = timed["plain"].seconds, timed["halflow"].seconds
        row.plain, row.halflow = statistics.median(row.plains), statistics.median(row.halflows)
        if timed["plain"].returncode != 0:
            row.check, row.detail = "skipped", last_error(timed["plain"].stderr)
            print(format_row(row), flush=True)
            return rows
        if timed["halflow"].returncode != 0:
            row.check, row.detail = "BUILD FAILED", last_error(timed["halflow"].stderr)
            print(format_row(row), flush=True)
            return rows
        from_report(row, json.loads(report.read_text()))
        row.fill = statistics.median(timed["halflow"].fills) if timed["halflow"].fills else 0.0
        if timed["halflow"].fill_failure:
            row.check, row.detail = "FILL FAILED", timed["halflow"].fill_failure
            print(format_row(row), flush=True)
            return rows
        if step == "noop":
            row.check = "up-to-date" if row.mode == "up-to-date" else "NOT up-to-date"
        else:
            row.check, row.detail = compare(run_dir, variant, runs)
        print(format_row(row), flush=True)
        if bundle is not None and bundled and step in ("cold", "act") and not row.failed:
            keep(bundle, name, step, run_dir, variant)
        if row.failed or row.check == "skipped":
            break
    return rows


@dataclass
class Timed:
    """The builds of one step: seconds per repeat; the first failure's
    exit status and stderr (0 and "" when every repeat succeeded)."""

    seconds: list[float] = field(default_factory=list)
    returncode: int = 0
    stderr: str = ""
    # halflow's: the seconds of each fill of the cache its builds left
    # (halflow.codegen.fill), waited for before anything else is timed, and
    # why a fill failed
    fills: list[float] = field(default_factory=list)
    fill_failure: str = ""


def run_timed(command: list[str], env: dict[str, str]) -> tuple[float, int, str]:
    """Wall seconds, exit status and stderr of ``command``: nothing sampled
    while it runs (sampling the process tree's memory, as real_models.py
    does, takes CPU from the build on a small machine, and more of it from
    halflow's tree of processes than from one iree-compile)."""
    started = time.perf_counter()
    done = subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env,
                          check=False)
    return (time.perf_counter() - started, done.returncode,
            done.stderr.decode("utf-8", "replace"))


def repeated(index: int, step: str, run_dir: Path, plain: list[str], halflow: list[str],
             env: dict[str, str]) -> dict[str, Timed]:
    """Plain and halflow, REPEAT[0] times each, interleaved (the order
    alternating), every repeat of halflow's build from the same state: its
    cache and output as the step found them (saved beside the run and put
    back before each repeat after the first, so that a repeat is the same
    rebuild, not a hit on the one before). A no-op changes nothing worth
    putting back: its repeats run as they come."""
    saved = run_dir / "saved"
    state = [run_dir / "cache", run_dir / "halflow.vmfb"]
    restore = REPEAT[0] > 1 and step != "noop"
    if restore:
        shutil.rmtree(saved, ignore_errors=True)
        saved.mkdir()
        for path in state:
            if path.is_dir():
                shutil.copytree(path, saved / path.name, symlinks=True)
            elif path.exists():
                shutil.copy2(path, saved / path.name)
    timed = {"plain": Timed(), "halflow": Timed()}
    order = [("plain", plain), ("halflow", halflow)]
    for r in range(REPEAT[0]):
        if restore and r > 0:
            for path in state:
                shutil.rmtree(path, ignore_errors=True) if path.is_dir() else \
                    path.unlink(missing_ok=True)
                kept = saved / path.name
                if kept.is_dir():
                    shutil.copytree(kept, path, symlinks=True)
                elif kept.exists():
                    shutil.copy2(kept, path)
        for label, command in order if (index + r) % 2 == 0 else order[::-1]:
            began = time.time()
            seconds, code, stderr = run_timed(command, env)
            timed[label].seconds.append(seconds)
            if code != 0 and timed[label].returncode == 0:
                timed[label].returncode, timed[label].stderr = code, stderr
            if label == "halflow" and code == 0:
                wait_for_fill(run_dir, began, timed[label])
        if any(t.returncode for t in timed.values()):
            break  # a failure: said once, not repeated
    if restore:
        shutil.rmtree(saved, ignore_errors=True)
    return timed


def wait_for_fill(run_dir: Path, began: float, timed: Timed) -> None:
    """The fill the halflow build that began at ``began`` left, if any,
    waited for (:func:`common.wait_for_fill`): its seconds, or why it
    failed, into ``timed``."""
    try:
        seconds = common.wait_for_fill(run_dir / "cache",
                                       json.loads((run_dir / "report.json").read_text()), began)
    except SystemExit as e:
        timed.fill_failure = timed.fill_failure or str(e)
        return
    if seconds is not None:
        timed.fills.append(seconds)


def last_error(stderr: str) -> str:
    lines = [ln for ln in stderr.splitlines() if "error" in ln.lower()] or stderr.splitlines()
    return lines[0][:300] if lines else ""


def from_report(row: Row, report: dict) -> None:
    row.mode = report.get("mode", "") + ("+fill" if report.get("fill") else "")
    summary = report.get("codegen_summary") or {}
    row.executables = summary.get("executables", 0)
    row.compiled = summary.get("compiled", 0)
    row.groups = summary.get("groups", 0)
    row.groups_compiled = summary.get("groups_compiled", 0)


def keep(bundle: Path, name: str, step: str, run_dir: Path, variant: Path) -> None:
    """The cuda ``.vmfb``s of one step, with the variant's weights, inputs
    and run list, for ``gpu_check.sh``."""
    out = bundle / name / step
    out.mkdir(parents=True, exist_ok=True)
    for label in ("plain", "halflow"):
        shutil.copyfile(run_dir / f"{label}.vmfb", out / f"{label}.vmfb")
    shutil.copyfile(variant.with_suffix(".irpa"), out / "weights.irpa")
    runs = json.loads(variant.with_suffix(".json").read_text())["runs"]
    for run in runs:
        for f in run["inputs"]:
            shutil.copyfile(variant.parent / f, out / f)
    (out / "runs.txt").write_text("".join(
        f"{r['function']} {r['outputs']} {' '.join(r['inputs'])}\n" for r in runs))


def write_slice(dest: Path, work: Path, python: Path) -> None:
    """SLICE's exports, the base (v0) and the act edit (v1) of each, with
    their weights, inputs and run lists, into ``dest/<name>``."""
    for name in SLICE:
        exports = export(name, work / "slice", python, SLICE, 1)
        out = dest / name
        shutil.rmtree(out, ignore_errors=True)
        out.mkdir(parents=True)
        for f in sorted(exports.iterdir()):
            if f.name.startswith(("v0", "v1")):
                shutil.copyfile(f, out / f.name)
        if (out / "v0.irpa").read_bytes() == (out / "v1.irpa").read_bytes():
            (out / "v1.irpa").unlink()  # the same weights: the test uses v0's
        size = sum(f.stat().st_size for f in out.iterdir())
        print(f"{name}: {size // 1024} KB in {out}")


HEADER = (f"{'model':14} {'target':8} {'step':7} {'exe':>4} {'plain':>6} {'halflow':>7} "
          f"{'ratio':>6} {'mode':10} {'comp':>4} {'groups':>7}  {'plain range':11} "
          f"{'halflow range':13} {'fill':>5} check")


def spread(samples: list[float]) -> str:
    return f"{min(samples):5.2f}-{max(samples):<5.2f}" if samples else "-"


def format_row(row: Row) -> str:
    """plain and halflow: medians over the repeats (ratio: of the
    medians), then each one's range."""
    text = (f"{row.model:14} {row.target:8} {row.step:7} {row.executables:4} {row.plain:6.2f} "
            f"{row.halflow:7.2f} {row.ratio:5.2f}x {row.mode:10} {row.compiled:4} "
            f"{row.groups_compiled:3}/{row.groups:<3}  {spread(row.plains):11} "
            f"{spread(row.halflows):13} {f'{row.fill:5.2f}' if row.fill else '    -'} "
            f"{row.check}")
    return text + (f": {row.detail}" if row.detail else "")


def ratio_range(row: Row) -> str:
    """The ratio's range over the repeats: slowest plain over fastest
    halflow, and the reverse."""
    if not row.plains or not row.halflows:
        return f"{row.ratio:.2f}x"
    return (f"{row.ratio:.2f}x, {min(row.plains) / max(row.halflows):.2f}-"
            f"{max(row.plains) / min(row.halflows):.2f}")


def summary(rows: list[Row], skipped: dict[str, str]) -> list[str]:
    """One line per model and target, then the issue's targets."""
    lines = [f"{'model':14} {'target':8} {'exe':>4} {'builds':>6} {'cold':>6} "
             f"{'edits med':>9} {'edits min':>9} {'revert':>6} {'noop':>6} {'modes':18} result"]
    keys = list(dict.fromkeys((r.model, r.target) for r in rows))
    for model, target in keys:
        rs = [r for r in rows if (r.model, r.target) == (model, target)]
        by = {r.step: r for r in rs}
        edits = [r.ratio for r in rs if r.step in EDITS and not r.failed]
        bad = [r for r in rs if r.failed]
        result = ("FAIL: " + f"{bad[0].step} {bad[0].check}" if bad
                  else "skipped: " + rs[-1].detail[:110] if rs[-1].check == "skipped" else "ok")

        def ratio(step: str, by: dict[str, Row] = by) -> str:
            return f"{by[step].ratio:5.2f}x" if step in by and not by[step].failed else "     -"

        modes = "/".join(dict.fromkeys(r.mode for r in rs if r.mode))
        lines.append(
            f"{model:14} {target:8} {max(r.executables for r in rs):4} {len(rs):6} "
            f"{ratio('cold')} {(f'{statistics.median(edits):8.2f}x' if edits else '        -')} "
            f"{(f'{min(edits):8.2f}x' if edits else '        -')} {ratio('revert')} "
            f"{ratio('noop')} {modes:18} {result}")
    for name, why in skipped.items():
        lines.append(f"{name:14} {'-':8} skipped (export): {why[:160]}")
    rebuilds = [r for r in rows if r.step in (*EDITS, "revert") and not r.failed
                and r.check != "skipped"]
    slow = [r for r in rebuilds if r.ratio < 1 / 1.05]
    # (a model's executables: a plain build counts none)
    most = {(r.model, r.target): r.executables for r in sorted(rows, key=lambda r: r.executables)}
    large = [r.ratio for r in rebuilds if most[r.model, r.target] >= 100 and r.step in EDITS]
    failures = [r for r in rows if r.failed]
    listed = ", ".join(f"{r.model}/{r.target}/{r.step} {ratio_range(r)}" for r in slow)
    lines.append(f"# {len(rows)} builds, {len(failures)} failures/mismatches; rebuilds more than "
                 f"5% slower than plain: {len(slow)} of {len(rebuilds)}"
                 + (f" ({listed})" if slow else ""))
    if large:
        lines.append(f"# median plain/halflow over the edits of models with 100+ executables: "
                     f"{statistics.median(large):.2f}x (target >= 1.5x)")
    return lines


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--models", default=",".join(MODELS), help=f"of {', '.join(MODELS)}")
    ap.add_argument("--reverse", action="store_true",
                    help="the models in reverse order (beside another run, sharing exports)")
    ap.add_argument("--targets", default=",".join(TARGETS), help=f"of {', '.join(TARGETS)}")
    ap.add_argument("--strategy", choices=["auto", "incremental", "plain"], default="auto",
                    help="HALFLOW_VMFB_STRATEGY for halflow's builds (auto: what a user gets)")
    ap.add_argument("--turbine-python", type=Path, default=rm.TURBINE_PYTHON)
    ap.add_argument("--work", type=Path, default=Path("/tmp/halflow-zoo"))
    ap.add_argument("--gpu-bundle", type=Path, default=None,
                    help="also compile for cuda sm_80 (cold and the first edit) into DIR")
    ap.add_argument("--bundle-target", choices=["cuda", *TARGETS], default="cuda",
                    help="the target of --gpu-bundle's modules (llvm-cpu: to try gpu_check.sh "
                         "with DEVICE=local-sync here)")
    ap.add_argument("--steps", default=",".join(STEPS),
                    help=f"the steps to run, of {', '.join(STEPS)} (the edits accumulate "
                         f"whichever run)")
    ap.add_argument("--write-slice", type=Path, default=None,
                    help="export the suite's slice (SLICE: base and act edit) into DIR "
                         "(tests/data/zoo) and stop")
    ap.add_argument("--repeat", type=int, default=3,
                    help="builds per step, plain and halflow interleaved, each of halflow's "
                         "from the same cache state (plain/halflow: of the medians)")
    ap.add_argument("--json", type=Path, default=None)
    a = ap.parse_args()
    REPEAT[0] = max(1, a.repeat)
    BUNDLE_TARGET[0] = a.bundle_target
    STEPS_RUN[:] = [s for s in STEPS if s in a.steps.split(",")]
    if a.write_slice:
        write_slice(a.write_slice, a.work, a.turbine_python)
        return
    names = [n for n in a.models.split(",") if n][::-1 if a.reverse else 1]
    targets = [t for t in a.targets.split(",") if t]
    for n in names:
        if n not in MODELS:
            raise SystemExit(f"unknown model {n!r} (one of {', '.join(MODELS)})")
    for t in targets:
        if t not in TARGETS:
            raise SystemExit(f"unknown target {t!r} (one of {', '.join(TARGETS)})")
    compile_package()
    env = {**os.environ, "PYTHONPATH": str(ROOT), "HALFLOW_SERVER": "0", "HALFLOW_STRICT": "1",
           "HALFLOW_VMFB_STRATEGY": a.strategy}
    print(f"# load {os.getloadavg()[0]:.2f} at start; {os.cpu_count()} CPUs; strategy "
          f"{a.strategy}; targets {', '.join(targets)}; {REPEAT[0]} repeats per step")
    print(HEADER)
    rows: list[Row] = []
    skipped: dict[str, str] = {}
    for n in names:
        try:
            exports = export(n, a.work, a.turbine_python)
        except ExportError as e:
            skipped[n] = str(e)
            print(f"{n:14} export failed: {e}", flush=True)
            continue
        extra = ["cuda"] if a.gpu_bundle and a.bundle_target == "cuda" else []
        for t in targets + extra:
            rows += bench(n, t, exports, a.work, env, a.gpu_bundle)
    print(f"# load {os.getloadavg()[0]:.2f} at end")
    print("\n".join(summary(rows, skipped)))
    if a.json:
        a.json.write_text(json.dumps([r.__dict__ for r in rows], indent=1))
    if any(r.failed for r in rows):
        sys.exit(1)


if __name__ == "__main__":
    main()
