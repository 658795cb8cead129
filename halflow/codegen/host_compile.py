"""Compiling the host program against stubs: IREE's HAL host pipeline in
an ``iree-opt`` process of its own (:class:`HostRun`)."""

from __future__ import annotations

import functools
import re
import time
from typing import Any

from halflow.codegen import tools
from halflow.codegen.environment import worker_id
from halflow.codegen.tasks import HostResult, HostTask

# The HAL pipeline from executable-targets on, without linking (the stubs
# are the groups' linked executables already) and without serialization
# (their binaries come from the groups).
HOST_PIPELINE = ("--iree-hal-transformation-pipeline="
                 "link-executables=false serialize-executables=false")


@functools.cache
def _iree_opt_options() -> frozenset[str]:
    """The option names ``iree-opt`` accepts (``--name``)."""
    import subprocess

    done = subprocess.run([tools.iree_opt(), "--help-list-hidden"], capture_output=True,
                          text=True, check=False)
    return frozenset(re.findall(r"^\s+(--[^\s=<]+)", done.stdout, re.M))


def host_flags(flags: tuple[str, ...]) -> tuple[str, ...]:
    """``flags`` without the ``iree-compile`` options ``iree-opt`` does not
    have: they configure other phases (input, global optimization, dispatch
    creation, stream scheduling, the VM, the tool itself, e.g.
    ``--iree-execution-model``, ``--iree-opt-level``), which ran in the
    front-end or run in the link; ``iree-opt`` would refuse them."""
    known = _iree_opt_options()
    return tuple(f for f in flags if f.split("=", 1)[0] in known)


class HostRun:
    """IREE's HAL host pipeline on the stub program, running in an
    ``iree-opt`` process (in-process textual pipelines do not see the
    llvm-cpu target): :func:`start_host` starts it, :meth:`result` waits for
    it. A build that runs its small work in-process starts the host, goes on
    with a group and collects the host after (the two overlap). Flags
    ``iree-opt`` does not know are dropped (:func:`host_flags`), once it says
    so: asking it which it knows costs a process."""

    def __init__(self, task: HostTask):
        self.task = task
        self.started = time.perf_counter()
        self.error = ""
        self.process: Any = None
        self.outputs: tuple[Any, ...] = ()
        try:
            self.process = self._spawn(task.flags)
        except OSError as e:
            self.error = f"cannot run iree-opt: {e}"

    def _spawn(self, flags: tuple[str, ...]) -> Any:
        import subprocess
        import tempfile

        command = [tools.iree_opt(), "-", *flags, HOST_PIPELINE, "--mlir-print-debuginfo"]
        if not self.task.verify:
            command.append("--verify-each=false")
        # Text in and out through files: nothing reads iree-opt's pipes until
        # result(), and it must not wait for that to finish.
        self.outputs = (tempfile.TemporaryFile(), tempfile.TemporaryFile())  # noqa: SIM115 (closed by _wait)
        with tempfile.TemporaryFile() as source:
            source.write(self.task.text.encode("utf-8"))
            source.seek(0)
            return subprocess.Popen(command, stdin=source, stdout=self.outputs[0],
                                    stderr=self.outputs[1])

    def _wait(self) -> tuple[bytes, bytes]:
        self.process.wait()
        read = []
        for f in self.outputs:
            f.seek(0)
            read.append(f.read())
            f.close()
        return read[0], read[1]

    def stop(self) -> None:
        """Kill the process (an interrupted build)."""
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait()

    def done(self) -> bool:
        """Whether :meth:`result` would not wait (the first run ended)."""
        return self.process is None or self.process.poll() is not None

    def result(self) -> HostResult:
        task = self.task
        try:
            if self.process is None:
                raise OSError(self.error)
            stdout, stderr_bytes = self._wait()
            if (self.process.returncode != 0
                    and b"Unknown command line argument" in stderr_bytes):
                self.process = self._spawn(host_flags(task.flags))
                stdout, stderr_bytes = self._wait()
        except OSError as e:
            return HostResult(task.key, False, "", time.perf_counter() - self.started,
                              (self.error or f"cannot run iree-opt: {e}",), worker_id())
        stderr = stderr_bytes.decode("utf-8", "replace")
        seconds = time.perf_counter() - self.started
        if self.process.returncode != 0:
            return HostResult(task.key, False, "", seconds, (
                stderr.strip() or f"iree-opt exited with status {self.process.returncode}",),
                worker_id())
        return HostResult(task.key, True, stdout.decode("utf-8"), seconds,
                          tuple(line for line in stderr.splitlines() if line.strip()),
                          worker_id())


def start_host(task: HostTask) -> HostRun:
    """:class:`HostRun` of ``task``, started."""
    return HostRun(task)


def compile_host(task: HostTask) -> HostResult:
    """IREE's HAL host pipeline on the stub program (:class:`HostRun`),
    waited for."""
    return start_host(task).result()
