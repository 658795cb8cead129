"""Seeded random mutations of corpus files through the command line, against
``iree-opt``.

Each mutation (a deleted or duplicated line, swapped tokens, a truncation,
inserted garbage, a changed number, symbol or byte: ``FUZZ_KINDS`` in
``robustness_driver.py``) is built twice as a user builds it:
``halflow build FILE --no-cache`` (to stdout), and ``halflow build FILE -o
OUT --cache-dir DIR`` over a warm cache that holds the unmutated file built
at the same path (the incremental engine meets it as an edit). Both must end
as ``iree-opt --iree-hal-materialize-interfaces FILE`` does: the same exit
status and output, or the same first diagnostic line; never a traceback or
a signal, never an output file on error. Outside that, only docs/divergences.md's
deliberate divergences are accepted, each counted by name.

Bounded: ``HALFLOW_FUZZ_COUNT`` mutations from ``HALFLOW_FUZZ_FIRST_SEED``
(default 20 from 0, well under a minute), plus the seeds that once found a
bug; ``HALFLOW_FUZZ_SOURCES`` (comma-separated corpus names) fuzzes other
files.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import pytest
from conftest import TESTS_DIR, corpus_file, find_iree_opt, subprocess_env

sys.path.insert(0, str(TESTS_DIR))
from robustness_driver import FUZZ_KINDS, mutate

SOURCES = tuple(os.environ.get("HALFLOW_FUZZ_SOURCES", "mlp_s.mlir,mlp_dyn.mlir").split(","))
FIRST_SEED = int(os.environ.get("HALFLOW_FUZZ_FIRST_SEED", "0"))
COUNT = int(os.environ.get("HALFLOW_FUZZ_COUNT", "20"))
# Mutations that found a bug, kept as regression cases: (sources, seed). A
# seed names a mutation for these FUZZ_KINDS: a kind added there changes
# what every seed makes, and these must be found again.
REGRESSION_CASES: tuple[tuple[tuple[str, ...], int], ...] = (
    # A byte that is not UTF-8 in the 400-character target alias line: a
    # UnicodeEncodeError traceback from the fingerprint of long strings.
    (("mlp_s.mlir", "mlp_dyn.mlir"), 12115),
    # Cut off inside the resource blob's string: SIGSEGV over a warm cache.
    (("llama_l2.mlir", "gpt2_l2_custom_src.mlir"), 139),
)
CASES = [(SOURCES, seed) for seed in range(FIRST_SEED, FIRST_SEED + COUNT)] + [
    case for case in REGRESSION_CASES if case[0] != SOURCES or not (
        FIRST_SEED <= case[1] < FIRST_SEED + COUNT)]
ERROR_LINE = re.compile(rb"^(?P<file>.*?):(?P<line>\d+):(?P<col>\d+): error: (?P<message>.*)$")
# docs/divergences.md: halflow diagnoses these
# where IREE ignores them, crashes or never returns.
HALFLOW_ONLY_ERRORS = (
    re.compile(rb"'stream\.cmd\.dispatch' op entry point .* "
               rb"does not refer to an executable export"),
    re.compile(rb"export @.* calls an undefined function @"),
    re.compile(rb"op device @.* does not refer to a global"),
    re.compile(rb"op device @.* leads to a cycle of fallbacks or choices"),
)


@dataclass(frozen=True)
class Outcome:
    """One process: exit status, stdout, raw stderr, and (``-o`` runs)
    the output file's bytes, None when it does not exist."""

    returncode: int
    stdout: bytes
    stderr: bytes
    output: bytes | None = None

    @property
    def first_line(self) -> bytes:
        return self.stderr.split(b"\n", 1)[0]


def run(args: list[str], env: dict[str, str] | None = None, output: Path | None = None) -> Outcome:
    proc = subprocess.run(args, capture_output=True, env=env or subprocess_env(), timeout=120,
                          check=False)
    data = output.read_bytes() if output is not None and output.exists() else None
    return Outcome(proc.returncode, proc.stdout, proc.stderr, data)


class Warm:
    """Per corpus file, made on first use: the path it is built at and a
    cache that holds its build there."""

    def __init__(self, root: Path):
        self.root = root
        self.made: dict[str, tuple[Path, Path]] = {}

    def __getitem__(self, name: str) -> tuple[Path, Path]:
        if name not in self.made:
            path, cache = self.root / name, self.root / f"{name}.cache"
            shutil.copyfile(corpus_file(name), path)
            done = run([sys.executable, "-m", "halflow", "build", str(path), "-o",
                        str(self.root / f"{name}.out"), "--cache-dir", str(cache)])
            assert done.returncode == 0, done.stderr.decode(errors="replace")
            self.made[name] = (path, cache)
        return self.made[name]


@pytest.fixture(scope="module")
def warm(tmp_path_factory: pytest.TempPathFactory) -> Warm:
    return Warm(tmp_path_factory.mktemp("fuzz-warm"))


verdicts: Counter[str] = Counter()


def describe(sources: tuple[str, ...], seed: int, kind: str, name: str, path: Path) -> str:
    return (f"seed {seed} ({kind} of {name}); input kept at {path}; rerun: "
            f"HALFLOW_FUZZ_SOURCES={','.join(sources)} HALFLOW_FUZZ_FIRST_SEED={seed} "
            f"HALFLOW_FUZZ_COUNT=1 {sys.executable} -m pytest {Path(__file__).name}")


def check(label: str, ours: Outcome, ours_output: bytes | None, theirs: Outcome,
          where: str) -> str:
    """The verdict for one halflow run against iree-opt (fails the test on
    a disagreement outside the deliberate divergences)."""
    err = ours.stderr.decode("utf-8", "replace")
    assert "Traceback" not in err, f"{where}: {label}: traceback\n{err}"
    assert ours.returncode in (0, 1), f"{where}: {label}: exit status {ours.returncode}\n{err}"
    if ours.returncode == 1:
        assert ERROR_LINE.match(ours.first_line), f"{where}: {label}: {ours.first_line!r}"
        assert ours.output is None, f"{where}: {label}: an output file on error"
        assert ours.stdout == b"", f"{where}: {label}: output on stdout on error"
    if theirs.returncode not in (0, 1):
        return "iree-opt crashed"
    if theirs.returncode == 0:
        if ours.returncode == 1:
            assert any(p.search(ours.first_line) for p in HALFLOW_ONLY_ERRORS), (
                f"{where}: {label}: halflow reported {ours.first_line!r}, iree-opt succeeded")
            return "divergence: halflow-only error"
        if ours_output == theirs.stdout:
            return "same output"
        assert b"stream.executable.export" in theirs.stdout, (
            f"{where}: {label}: outputs differ")
        return "divergence: IREE stopped after an executable without targets"
    assert ours.returncode == 1, f"{where}: {label}: halflow succeeded, iree-opt reported " \
                                 f"{theirs.first_line!r}"
    if ours.first_line == theirs.first_line:
        return "same error"
    assert any(p.search(ours.first_line) for p in HALFLOW_ONLY_ERRORS), (
        f"{where}: {label}: first lines differ\nhalflow:  {ours.first_line!r}\n"
        f"iree-opt: {theirs.first_line!r}")
    return "divergence: halflow-only error"


@pytest.mark.parametrize(("sources", "seed"), CASES,
                         ids=[f"{'+'.join(s)}-{seed}" for s, seed in CASES])
def test_mutation_agrees_with_iree_opt(sources: tuple[str, ...], seed: int, warm: Warm,
                                       tmp_path: Path) -> None:
    files = [corpus_file(name) for name in sources]
    mutation = mutate(seed, files, FUZZ_KINDS)
    name = mutation.file.name
    path, warm_cache = warm[name]
    kept = tmp_path / name
    kept.write_bytes(mutation.data)
    where = describe(sources, seed, mutation.kind, name, kept)
    # Built at the path the warm cache knows it by: an edit of that file.
    path.write_bytes(mutation.data)
    try:
        theirs = run([find_iree_opt(), "--iree-hal-materialize-interfaces", str(path)],
                     env={**os.environ, "LLVM_DISABLE_SYMBOLIZATION": "1"})
        clean = run([sys.executable, "-m", "halflow", "build", str(path), "--no-cache"])
        cache = tmp_path / "cache"
        shutil.copytree(warm_cache, cache)
        out = tmp_path / "out.mlir"
        edited = run([sys.executable, "-m", "halflow", "build", str(path), "-o", str(out),
                      "--cache-dir", str(cache)], output=out)
    finally:
        shutil.copyfile(mutation.file, path)
    verdict = check("--no-cache", clean, clean.stdout, theirs, where)
    assert check("warm cache", edited, edited.output, theirs, where) == verdict, where
    assert edited.stdout == b""
    verdicts[verdict] += 1


def test_fuzzing_met_both_outcomes() -> None:
    """Not vacuous: the mutations gave outputs and diagnostics both (when
    the default seeds ran)."""
    if len(CASES) < 20 or sum(verdicts.values()) < len(CASES):
        pytest.skip("not every case ran in this session")
    assert verdicts["same error"] >= len(CASES) // 4, verdicts
    assert verdicts["same output"] >= 2, verdicts
