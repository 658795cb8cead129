"""The drop-in's served path: an ``iree-compile`` (or ``iree-opt
--iree-hal-materialize-interfaces``) line built by halflow, and the
fallback that makes it never worse than the real tool.

A served ``iree-compile`` line is a ``halflow build --to vmfb`` of the
same input and flags (:func:`halflow.codegen.pipeline.build_vmfb`): up to
date, plain (a small program: byte-identical to ``iree-compile``'s) or
incremental. stdin (``-``) is compiled as a file named ``<stdin>`` in a
private folder, so that the module's locations and names are the ones
``iree-compile`` gives stdin; stdout (no ``-o``, ``-o -``) gets the bytes
of a ``.vmfb`` kept under the cache directory (``dropin-stdout/``), so that
an unchanged line is answered from it.

When halflow's own path fails, whatever the cause, the real tool runs
with the same arguments (:func:`fall_back`): if it fails too, the input was
at fault and the user sees exactly its diagnostics and exit status; if it
succeeds, halflow's failure was its own: one warning line names the cause,
and the fallback is counted by cause (``halflow cache stats``). With the
``strict`` setting (``HALFLOW_STRICT=1``) such a failure is an error
(exit 1, nothing written) instead.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from pathlib import Path

from halflow.cli.dropin_args import Parsed
from halflow.cli.dropin_counts import record
from halflow.core import config
from halflow.core.diagnostics import HalflowError
from halflow.store.protocol import ArtifactStore

TYPE_CHECKING = False
if TYPE_CHECKING:
    from halflow.codegen.pipeline import CodegenResult

STDOUT_FOLDER = "dropin-stdout"
# Set by a caller that runs the fallback itself: a failure is reported (exit
# 1, ``halflow: error: CAUSE``), not retried with the real tool.
NO_FALLBACK = "HALFLOW_DROPIN_NO_FALLBACK"
# A file for the served build's JSON report (``--report``'s), for
# benchmarks and debugging: the drop-in's command line has no room for it
# (the setting dropin-report, $HALFLOW_DROPIN_REPORT, halflow.core.config).
REPORT = "dropin-report"


def _cause(error: BaseException) -> str:
    """One line naming what failed."""
    if isinstance(error, HalflowError) and error.diagnostics:
        d = error.diagnostics[0]
        where = "" if d.filename == "halflow" else f"{d.filename}:{d.line}:{d.col}: "
        text = where + d.message
    else:
        text = f"{type(error).__name__}: {error}"
    line = " ".join(text.split())
    return line if len(line) <= 300 else line[:297] + "..."


def serve(real: str, args: Sequence[str], parsed: Parsed) -> int:
    """Build ``parsed`` (an ``iree-compile`` line that halflow can cache);
    the exit status."""
    assert parsed.input is not None
    data = sys.stdin.buffer.read() if parsed.input == "-" else None
    try:
        settings = config.load(parsed.input if data is None else None)
        mode = _current(parsed, settings, data) or _build(parsed, settings, data)
    except KeyboardInterrupt:
        raise
    except Exception as e:  # any failure of halflow's own: the real tool decides
        if os.environ.get(NO_FALLBACK):
            # The caller falls back itself (halflow.intercept: in its process).
            sys.stderr.write(f"halflow: error: {_cause(e)}\n")
            return 1
        return fall_back(real, args, parsed, data, _cause(e),
                         strict_setting(parsed.input if data is None else None))
    record(parsed.input, {"dropin": str(mode)})
    return 0


def _current(parsed: Parsed, settings: config.Config, data: bytes | None) -> str | None:
    """``up-to-date`` when the line's output file is current
    (:mod:`halflow.cli.dropin_current`), else None."""
    if data is not None or parsed.output in (None, "-") or settings["cache-read-only"]:
        return None
    from halflow.cli.dropin_current import answered

    assert parsed.input is not None and parsed.output is not None
    started = time.perf_counter()
    reused = answered(parsed.input, parsed.output, parsed.flags, settings.cache_dir())
    if reused is None:
        return None
    report = config.from_environment(REPORT)
    if report is not None:  # what halflow build --report says of an up-to-date output
        summary = dict.fromkeys(("executables", "compiled", "reused", "groups",
                                 "groups_compiled", "translations_run",
                                 "compiled_to_the_same_code", "seconds_saved"), 0)
        summary.update(executables=reused, reused=reused)
        seconds = round(time.perf_counter() - started, 6)
        _write_json(report, {
            "mode": "up-to-date", "codegen": [], "codegen_summary": summary, "groups": [],
            "host": None, "codegen_timings": {"total": seconds}, "input": parsed.input,
            "output": parsed.output, "seconds": seconds})
    return "up-to-date"


def strict_setting(input: str | None = None) -> bool:
    """The ``strict`` setting for ``input`` (``HALFLOW_STRICT`` when the
    settings cannot be read)."""
    try:
        return bool(config.load(input)["strict"])
    except Exception:
        return os.environ.get("HALFLOW_STRICT", "").strip().lower() in ("1", "true", "yes", "on")


def _open_store(settings: config.Config) -> ArtifactStore:
    """The cache the settings name (read-only when they say so), as
    ``halflow build --to vmfb`` opens it."""
    remote = settings.remote()
    if settings["cache-read-only"]:
        from halflow.store.artifacts import DiskStore
        from halflow.store.opener import open_entries

        return DiskStore(cache=open_entries(cache_dir=settings["cache-dir"], remote=remote,
                                            read_only=True))
    from halflow.store.opener import open_artifacts

    return open_artifacts(settings["cache-dir"], False, remote)


@contextlib.contextmanager
def _stdout_file(settings: config.Config, name: str, flags: Sequence[str],
                 scratch: str) -> Iterator[str]:
    """The kept ``.vmfb`` of an output to stdout, locked while this call
    builds and reads it (two calls of one name and flags may compile other
    bytes: compile_str's stdin); a file in ``scratch`` when the cache is
    read-only."""
    if settings["cache-read-only"]:
        yield os.path.join(scratch, "out.vmfb")
        return
    import fcntl

    digest = hashlib.sha256("\0".join([os.getcwd(), name, *flags]).encode()).hexdigest()[:24]
    folder = os.path.join(settings.cache_dir(), STDOUT_FOLDER)
    os.makedirs(folder, exist_ok=True)
    kept = os.path.join(folder, digest + ".vmfb")
    with open(kept + ".lock", "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield kept


def _relative_paths(flags: Sequence[str]) -> bool:
    """Whether a flag's value looks like a relative path (``a/b``)."""
    return any(os.sep in f.split("=", 1)[1] and not os.path.isabs(f.split("=", 1)[1])
               for f in flags if "=" in f)


@contextlib.contextmanager
def _model(parsed: Parsed, data: bytes | None, scratch: str) -> Iterator[str]:
    """The model to build: the input, or stdin's bytes as a file named
    ``<stdin>``, compiled from its folder (so that IREE names it as it names
    stdin) unless a flag names a relative path (then by its full path)."""
    assert parsed.input is not None
    if data is None:
        yield parsed.input
        return
    path = os.path.join(scratch, "<stdin>")
    Path(path).write_bytes(data)
    if _relative_paths(parsed.flags):
        yield path
        return
    cwd = os.getcwd()
    os.chdir(scratch)
    try:
        yield "<stdin>"
    finally:
        os.chdir(cwd)


def _build(parsed: Parsed, settings: config.Config, data: bytes | None) -> str:
    """The ``.vmfb`` of ``parsed`` built by halflow and written where the
    line says; the build's mode."""
    from halflow.codegen.pipeline import build_vmfb
    from halflow.store import size_limit

    assert parsed.input is not None
    to_stdout = parsed.output in (None, "-")
    with contextlib.ExitStack() as stack:
        scratch = stack.enter_context(tempfile.TemporaryDirectory(prefix="halflow-dropin-"))
        if to_stdout:
            output = stack.enter_context(_stdout_file(settings, parsed.input, parsed.flags,
                                                      scratch))
        else:
            assert parsed.output is not None
            output = os.path.abspath(parsed.output)
        store = stack.enter_context(contextlib.closing(_open_store(settings)))
        started = time.perf_counter()
        with _model(parsed, data, scratch) as model:
            result = build_vmfb(model, output, parsed.flags, store=store, progress=False,
                                jobs=settings["jobs"])
        if not settings["cache-read-only"]:
            size_limit.apply(store.backing_cache(), settings["max-size"])
        for line in result.warnings:
            sys.stderr.write(line + "\n")
        report = config.from_environment(REPORT)
        if report is not None:
            _write_report(report, result, parsed.input, output, time.perf_counter() - started)
        if to_stdout:
            with open(output, "rb") as f:
                shutil.copyfileobj(f, sys.stdout.buffer)
            sys.stdout.buffer.flush()
        return str(result.mode)
    raise AssertionError("unreachable")


def _write_report(path: str, result: CodegenResult, input: str, output: str,
                  seconds: float) -> None:
    from halflow.codegen.report import report_data

    _write_json(path, report_data(result, input, output, seconds))


def _write_json(path: str, data: object) -> None:
    import json

    from halflow.core.output import write_atomic

    write_atomic(path, (json.dumps(data, indent=1) + "\n").encode())


def fall_back(real: str, args: Sequence[str], parsed: Parsed, data: bytes | None, cause: str,
              strict: bool) -> int:
    """The real tool on the same line after halflow's own path failed with
    ``cause``; the exit status (see the module docstring)."""
    if not strict:
        done = subprocess.run([real, *args], input=data, check=False)
        if done.returncode == 0:
            sys.stderr.write(f"halflow: warning: built by iree-compile after halflow's own "
                             f"build failed: {cause}\n")
            record(parsed.input, {"dropin": "fallback", "cause": cause})
        else:
            record(parsed.input, {"dropin": "error"})
        return done.returncode
    with tempfile.TemporaryDirectory(prefix="halflow-strict-") as scratch:
        line = [real, parsed.input or "-", *parsed.flags, "-o", os.path.join(scratch, "out")]
        done = subprocess.run(line, input=data, capture_output=True, check=False)
    if done.returncode != 0:
        sys.stderr.buffer.write(done.stderr)
        record(parsed.input, {"dropin": "error"})
        return done.returncode
    sys.stderr.write(f"halflow: error: halflow's own build failed where iree-compile succeeds "
                     f"(strict: no fallback): {cause}\n")
    record(parsed.input, {"dropin": "strict-failure", "cause": cause})
    return 1


def serve_materialize(real: str, args: Sequence[str], input: str, output: str | None) -> int:
    """``iree-opt INPUT --iree-hal-materialize-interfaces [-o OUTPUT]`` by
    halflow's build (byte-identical output); the real ``iree-opt`` decides
    on any failure, as :func:`fall_back` does."""
    from halflow.library.build_mlir import build

    data = sys.stdin.buffer.read() if input == "-" else None
    try:
        settings = config.load(input if data is None else None)
        target = None if output in (None, "-") else output
        result = build("<stdin>" if data is not None else input, target, content=data,
                       config=settings, progress=False)
        if target is None:
            sys.stdout.write(result.text)
        mode = "materialize"
    except KeyboardInterrupt:
        raise
    except Exception as e:
        opt = Parsed()
        opt.input, opt.output = input, output
        opt.flags = ["--iree-hal-materialize-interfaces"]
        return fall_back(real, args, opt, data, _cause(e),
                         strict_setting(input if data is None else None))
    record(input, {"dropin": mode})
    return 0
