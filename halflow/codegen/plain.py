"""The plain path (``mode: plain``): IREE's whole back end in one process.

(A small program whose module must travel as text skips the front end and
is compiled whole by the user's own command, without per-pass verification
as below: :func:`compile_whole`; the ``halflow`` entry point starts that
command before the rest of halflow loads, :class:`WholeCompile`, and the
build takes its output.)

The front end (:class:`halflow.codegen.model.Frontend`) has written the
program's materialized module (``executable-sources``, bytecode, every
location kept); ``iree-compile - FLAGS --compile-from=executable-sources -o
OUT`` reads it on stdin and compiles it to the ``.vmfb``. Measured: the
output is byte-identical to a plain ``iree-compile MODEL FLAGS -o OUT``, and
so is its stderr (warnings name the model: the locations come from the
bytecode). Per-pass verification is off unless the user's flags say
``--verify``, as in the front end (:mod:`halflow.codegen.model`): the back
end's parse verifies the front end's module once, and the outputs of a
correct pipeline do not depend on verification (measured: the same bytes as
a plain, verifying ``iree-compile``).
Nothing is cached but what the build records (its manifest and output
marker): there is nothing per executable to reuse.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

from halflow.codegen import model, tools
from halflow.codegen.flags import IreeFlags, flag_name
from halflow.core import output as output_mod
from halflow.core.diagnostics import HalflowError


def backend_command(flags: IreeFlags, output: Path) -> list[str]:
    """The ``iree-compile`` command of the back end (the module on stdin)."""
    kept = [f for f in flags.all if flag_name(f) != "--compile-from"]
    return [tools.iree_compile(), "-", *kept, *flags.verification,
            "--compile-from=executable-sources", "-o", str(output)]


@dataclass(frozen=True)
class Compiled:
    seconds: float
    warnings: tuple[str, ...]  # iree-compile's stderr lines, as it printed them


def compile_backend(materialized: bytes, flags: IreeFlags, output: Path,
                    model_name: str) -> Compiled:
    """Compile the front end's module to ``output``; raises
    :class:`halflow.core.diagnostics.HalflowError` with IREE's diagnostics
    if it fails (``output`` may then hold a partial file: the caller's
    temporary one)."""
    return _compile(backend_command(flags, output), materialized, model_name)


def whole_command(model_file: Path, flags: IreeFlags, output: Path, *,
                  verified: bool = False) -> list[str]:
    """The user's own ``iree-compile`` command of MODEL, writing ``output``,
    without per-pass verification unless the user's flags say ``--verify``
    or ``verified`` (as the front end and the back end above run: the same
    bytes, measured, in less time)."""
    return [tools.iree_compile(), str(model_file), *flags.all,
            *(() if verified else flags.verification), "-o", str(output)]


def compile_whole(model_file: Path, flags: IreeFlags, output: Path, model_name: str) -> Compiled:
    """Compile MODEL whole to ``output``: the user's own ``iree-compile``
    command (:func:`halflow.codegen.strategy.compiles_whole`), whose output
    does not depend on per-pass verification. Raises as
    :func:`compile_backend`, with the diagnostics of a verifying run
    (:func:`_verified_whole`)."""
    try:
        return _compile(whole_command(model_file, flags, output), None, model_name)
    except HalflowError as failed:
        return _verified_whole(failed, model_file, flags, output, model_name)


def _verified_whole(failed: HalflowError, model_file: Path, flags: IreeFlags, output: Path,
                    model_name: str) -> Compiled:
    """After the whole compile ``failed``: again with per-pass verification
    (IREE's passes may crash on invalid IR, an abort with no diagnostic,
    where the verifier names the op at fault, as a plain ``iree-compile``
    does); ``failed`` itself when it was verifying already."""
    if not flags.verification:
        raise failed
    return _compile(whole_command(model_file, flags, output, verified=True), None, model_name)


class WholeCompile:
    """:func:`compile_whole`'s command, started by the ``halflow`` entry
    point (:func:`halflow.codegen.model.start_early`) as soon as it knows the
    build is not up to date and will compile the program whole: its ~0.2 s
    of imports and set-up (the command line, the cache, the build's steps)
    then overlap IREE's compile instead of coming before it. It writes a
    temporary file beside ``output`` (as the build's own would be), which
    the build takes (:meth:`result`) or which :meth:`close` removes; IREE's
    temporary files (the linker's) go to a folder of its own."""

    def __init__(self, model_file: Path, flags: IreeFlags, output: str):
        self.model_file = model_file
        self._flags = flags
        self.started = time.perf_counter()
        self._out = output_mod.Replacement(output)
        self._tmp = output_mod.temp_folder("halflow-build")
        try:
            self._process = subprocess.Popen(
                whole_command(model_file, flags, self._out.temp), stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                env={**os.environ, "TMPDIR": str(self._tmp)})
        except BaseException:
            self._out.discard()
            shutil.rmtree(self._tmp, ignore_errors=True)
            raise

    def result(self, destination: Path, model_name: str) -> Compiled:
        """Wait for the compile and move its ``.vmfb`` to ``destination``
        (the build's temporary output: same folder); raises as
        :func:`compile_backend`, with the diagnostics a plain run gives."""
        try:
            _, err = self._process.communicate()
            try:
                compiled = _outcome(self._process.returncode, err, model_name, self.started)
            except HalflowError as failed:
                return _verified_whole(failed, self.model_file, self._flags, destination,
                                       model_name)
            os.replace(self._out.temp, destination)
            return compiled
        finally:
            self.close()

    def close(self) -> None:
        """Stop the compile if it runs, and remove what it wrote (closing
        twice is harmless)."""
        if self._process.poll() is None:
            self._process.kill()
            self._process.wait()
        self._out.discard()
        shutil.rmtree(self._tmp, ignore_errors=True)


def _compile(command: list[str], stdin: bytes | None, model_name: str) -> Compiled:
    started = time.perf_counter()
    try:
        done = subprocess.run(command, input=stdin,
                              stdin=subprocess.DEVNULL if stdin is None else None,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=False)
    except OSError as e:
        raise model.diagnostics_from(f"cannot run iree-compile: {e.strerror or e}",
                                     model_name, "cannot run iree-compile") from None
    return _outcome(done.returncode, done.stderr, model_name, started)


def _outcome(returncode: int, stderr: bytes, model_name: str, started: float) -> Compiled:
    """An ``iree-compile`` run's result: its warnings, or its errors raised
    as IREE gave them."""
    text = stderr.decode("utf-8", "replace")
    if returncode != 0:
        raise model.diagnostics_from(
            text, model_name, f"iree-compile failed (exit status {returncode})")
    return Compiled(time.perf_counter() - started, tuple(text.splitlines()))
