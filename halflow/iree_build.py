"""halflow as actions of IREE's Python build API (``iree.build``).

``iree.build`` (shipped in ``iree-base-compiler``, run as ``python -m
iree.build BUILD_FILE``) builds the files that a build module's
``@entrypoint`` functions declare. These functions declare halflow steps
the way ``iree.build.compile`` declares an ``iree-compile`` step, with
halflow's cache behind them: a rebuild compiles only the executables whose
content changed, and a rebuild of an unchanged model compiles nothing::

    from iree.build import *
    from halflow import iree_build

    @entrypoint(description="The MLP, compiled incrementally")
    def mlp():
        return iree_build.compile(name="mlp", source="mlp.mlir")

    @entrypoint
    def mlp_hal():
        return iree_build.materialize(name="mlp", source="mlp.mlir")

    $ python -m iree.build build.py --iree-hal-target-device=llvm-cpu

- :func:`compile` gives what ``iree.build.compile`` gives: one
  ``bin/<entrypoint>/<name>_<target>.vmfb`` per target machine of the command line's
  ``--iree-hal-target-device`` flags (``target_default=True``), else one
  ``bin/<entrypoint>/<name>.vmfb`` compiled with ``flags`` alone; ``flags`` are added to
  every compilation. It runs :func:`halflow.codegen.build_vmfb`.
- :func:`materialize` writes ``genfiles/<entrypoint>/<name>.hal.mlir``, the module after
  ``iree-hal-materialize-interfaces`` (:func:`halflow.build`).
- ``source`` is a file of the build graph (a ``BuildFile`` or its path, as
  in ``iree.build``) or, when the graph has no such file, a path on disk
  (relative to the working directory).
- ``cache_dir`` chooses halflow's cache (default: the usual location,
  ``$HALFLOW_CACHE_DIR`` or ``~/.cache/halflow``).

A failed step is reported by ``iree.build`` with halflow's diagnostics
(``file:line:col: error: ...``) as the message.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TypeAlias

from iree.build.executor import BuildAction, BuildContext, BuildFile, FileNamespace
from iree.build.metadata import CompileSourceMeta
from iree.build.target_machine import compute_target_machines_from_flags

from halflow.core.diagnostics import HalflowError

__all__ = ["HalflowStepFailed", "compile", "materialize"]

Source: TypeAlias = "BuildFile | str | os.PathLike[str]"


class HalflowStepFailed(RuntimeError):
    """A halflow step failed; the message is halflow's diagnostics."""


def _source(context: BuildContext, source: Source) -> tuple[BuildFile | None, Path]:
    """The graph's file for ``source`` (None for a file on disk) and its path."""
    if isinstance(source, BuildFile):
        return source, source.get_fs_path()
    key = os.fspath(source)
    known = context.executor.all.get(key if key.startswith("/") else (
        f"{context.path}/{key}" if context.path else key))
    if isinstance(known, BuildFile):
        return known, known.get_fs_path()
    return None, Path(key)


class _HalflowAction(BuildAction):
    """One halflow step from ``source`` to ``output`` (a thread of
    ``iree.build``'s pool; code generation still fans out to halflow's
    worker processes)."""

    def __init__(self, source: BuildFile | None, source_path: Path, output: BuildFile,
                 **kwargs: Any):
        super().__init__(**kwargs)
        self.source_path = source_path
        self.output = output
        if source is not None:
            self.deps.add(source)
        output.deps.add(self)

    def _invoke(self) -> None:
        try:
            self._run(self.output.get_fs_path())
        except HalflowError as err:
            raise HalflowStepFailed(err.render()) from None

    def _run(self, output: Path) -> None:  # pragma: no cover - subclasses
        raise NotImplementedError


class _CompileAction(_HalflowAction):
    def __init__(self, *args: Any, flags: Sequence[str], cache_dir: str | None,
                 jobs: int | None, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.flags = list(flags)
        self.cache_dir = cache_dir
        self.jobs = jobs
        self.result: Any = None

    def _run(self, output: Path) -> None:
        from halflow.codegen.pipeline import build_vmfb
        from halflow.store.opener import open_artifacts

        store = open_artifacts(self.cache_dir)
        try:
            self.result = build_vmfb(self.source_path, output, self.flags, store=store,
                                     jobs=self.jobs, progress=False)
        finally:
            store.close()
        self.executor.write_status(
            f"halflow: {self.output.path}: {len(self.result.compiled)} executables compiled, "
            f"{len(self.result.reused)} reused"
        )


class _MaterializeAction(_HalflowAction):
    def __init__(self, *args: Any, cache_dir: str | None, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.cache_dir = cache_dir

    def _run(self, output: Path) -> None:
        from halflow.library.build_mlir import build

        build(self.source_path, output, cache_dir=self.cache_dir, progress=False)


def compile(
    *,
    name: str,
    source: Source,
    target_default: bool = True,
    flags: Sequence[str] = (),
    cache_dir: str | os.PathLike[str] | None = None,
    jobs: int | None = None,
) -> Any:
    """Compile ``source`` to ``.vmfb`` files with halflow, as
    ``iree.build.compile`` does with ``iree-compile`` (see the module
    docstring): a list of files with ``target_default``, else one file."""
    context = BuildContext.current()
    file, path = _source(context, source)
    extra = list(flags)
    if file is not None:
        input_type = CompileSourceMeta.get(file).input_type
        if input_type != "auto":
            extra.insert(0, f"--iree-input-type={input_type}")
    where = None if cache_dir is None else os.fspath(cache_dir)

    def step(output: BuildFile, all_flags: list[str], what: str) -> BuildFile:
        _CompileAction(file, path, output, flags=all_flags, cache_dir=where, jobs=jobs,
                       desc=f"halflow: compiling {what}", executor=context.executor)
        return output

    if not target_default:
        out = context.allocate_file(f"{name}.vmfb", namespace=FileNamespace.BIN)
        return step(out, extra, name)
    outputs = []
    for machine in compute_target_machines_from_flags():
        out = context.allocate_file(f"{name}_{machine.target_spec}.vmfb",
                                    namespace=FileNamespace.BIN)
        outputs.append(step(out, [*machine.flag_list, *extra],
                            f"{path} (for {machine.target_spec})"))
    return outputs


def materialize(
    *, name: str, source: Source, cache_dir: str | os.PathLike[str] | None = None
) -> BuildFile:
    """``genfiles/<entrypoint>/<name>.hal.mlir``: ``source`` after materialize-interfaces,
    built incrementally by halflow."""
    context = BuildContext.current()
    file, path = _source(context, source)
    out = context.allocate_file(f"{name}.hal.mlir")
    _MaterializeAction(file, path, out, cache_dir=None if cache_dir is None else os.fspath(
        cache_dir), desc=f"halflow: materializing {path}", executor=context.executor)
    return out
