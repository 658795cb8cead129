"""The tasks of code generation and their results: plain frozen records
that cross process and machine boundaries as data (no callables, no IR).

Every task is a :class:`Task`: a ``kind`` (what the report and retries
call it), a ``key`` (what it makes: a translation, group or host key; the
output file of a link) and :meth:`run`, which does the work wherever the
task is (a worker process, a lane of the build process, a Dask worker) by
calling the module of its job (:mod:`halflow.codegen.translate`,
:mod:`~halflow.codegen.serialize`, :mod:`~halflow.codegen.host_compile`,
:mod:`~halflow.codegen.link`). A runner (:class:`Runner`:
:class:`halflow.codegen.executors.LocalExecutor`,
:class:`~halflow.codegen.executors.DaskExecutor`,
:class:`halflow.codegen.executors.Recorder`) takes jobs: tasks, :class:`Deferred`
work of the build process, and :class:`ThroughShared` tasks whose texts
travel through a shared cache. A compile failure is a result with IREE's
diagnostics, not an exception: it is deterministic, and the caller reports
it against the executable. An exception means the place running the task
is unfit (wrong IREE version, bad global flags) and is worth a retry
elsewhere.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from halflow.codegen.environment import Environment
from halflow.store.codegen_entries import Binary

if TYPE_CHECKING:
    from halflow.codegen.host_compile import HostRun
    from halflow.codegen.link import Preloads
    from halflow.core.options import RemoteCache


class Task(Protocol):
    """What a runner runs: see the module docstring."""

    @property
    def kind(self) -> str: ...

    @property
    def key(self) -> str: ...

    def run(self) -> Any: ...


@dataclass(frozen=True)
class TranslateTask:
    key: str
    executable: str  # symbol, for messages
    source: str  # module text: the (normalized) executable and its blobs
    buffer_name: str  # the file name its locations will carry
    env: Environment

    kind: ClassVar[str] = "translate"

    def run(self) -> TranslateResult:
        from halflow.codegen.translate import translate

        return translate(self)


@dataclass(frozen=True)
class TranslateResult:
    key: str
    executable: str
    ok: bool
    text: str  # the translated executable module (normalized, with its blobs)
    seconds: float
    messages: tuple[str, ...]
    worker: str
    interface: str = ""  # groups.encode_interfaces() of the translation (one per variant)
    shared: bool = False  # the worker wrote it to the shared cache; ``text`` is then ""


@dataclass(frozen=True)
class PreloadTask:
    """Translations to parse ahead of the final compile: (symbol name, key,
    whether the entry is name-normalized, the store entry's bytes). The
    worker checks, unpacks and renames them, so the caller only reads."""

    items: tuple[tuple[str, str, bool, bytes], ...]
    env: Environment

    kind: ClassVar[str] = "preload"

    @property
    def key(self) -> str:
        return "preload"

    def run(self, preloads: Preloads | None = None) -> int:
        """Start parsing into ``preloads``, the worker process's (None: a
        holder of its own, which nothing takes from)."""
        from halflow.codegen.link import Preloads, preload

        return preload(self, preloads if preloads is not None else Preloads())


@dataclass(frozen=True)
class AssembleTask:
    """The materialized module (printed with locations) and, per executable
    symbol name, its key and translated module text (renamed to that
    symbol). The ``.vmfb`` goes to ``output``."""

    module_text: str
    module_name: str
    translations: tuple[tuple[str, str, str], ...]
    output: str
    env: Environment

    kind: ClassVar[str] = "assemble"

    @property
    def key(self) -> str:
        return self.output

    def run(self, preloads: Preloads | None = None) -> AssembleResult:
        """The final compile, with what ``preloads`` (the worker process's)
        parsed ahead."""
        from halflow.codegen.link import assemble

        return assemble(self, preloads)


# The tasks a worker process runs with its :class:`~halflow.codegen.link.
# Preloads` (what one parses ahead, the next takes).
USES_PRELOADS = (PreloadTask, AssembleTask)


@dataclass(frozen=True)
class AssembleResult:
    ok: bool
    messages: tuple[str, ...]
    splice_seconds: float
    compile_seconds: float
    write_seconds: float


@dataclass(frozen=True)
class TranslateBatch:
    """Several translations in one IREE invocation (:func:`translate_batch`);
    ``key`` names the batch (for retries and the report)."""

    key: str
    members: tuple[TranslateTask, ...]

    kind: ClassVar[str] = "translate_batch"

    def run(self) -> BatchResult:
        from halflow.codegen.translate import translate_batch

        return translate_batch(self)


@dataclass(frozen=True)
class BatchResult:
    key: str
    results: tuple[TranslateResult, ...]  # one per member, in order
    together: tuple[str, ...]  # keys of the members one invocation translated (the rest alone)


@dataclass(frozen=True)
class GroupTask:
    """Link and serialize variant ``variant`` of ``members`` (name in the
    group, normalized translated module text) as module ``name``; IREE names
    the result ``linked``, with one binary ``variant``."""

    key: str
    name: str
    linked: str
    variant: str
    members: tuple[tuple[str, str], ...]
    env: Environment
    # Translation keys of the members, for a member whose text is "": it is
    # read from the shared cache by the worker (halflow.codegen.remote_workers).
    member_keys: tuple[str, ...] = ()

    kind: ClassVar[str] = "serialize_group"

    def run(self) -> GroupResult:
        from halflow.codegen.serialize import serialize_group

        return serialize_group(self)


@dataclass(frozen=True)
class GroupResult:
    key: str
    ok: bool
    binary: Binary | None
    seconds: float
    messages: tuple[str, ...]  # IREE's errors if not ok, else its warnings
    worker: str
    missing: tuple[str, ...] = ()  # member keys the shared cache no longer had


@dataclass(frozen=True)
class HostTask:
    """The host program with stubs (text), and the IREE flags."""

    key: str
    text: str
    flags: tuple[str, ...]
    verify: bool

    kind: ClassVar[str] = "compile_host"

    def start(self) -> HostRun:
        """Start it apart, in an ``iree-opt`` process of its own: runners
        start it from the build process as soon as the host is ready (not
        queued behind the groups), and collect it later."""
        from halflow.codegen.host_compile import HostRun

        return HostRun(self)

    def run(self) -> HostResult:
        return self.start().result()


@dataclass(frozen=True)
class HostResult:
    key: str
    ok: bool
    text: str  # the host after IREE's HAL pipeline, stubs not serialized
    seconds: float
    messages: tuple[str, ...]  # errors if not ok, else IREE's warnings (as printed)
    worker: str


@dataclass(frozen=True)
class LinkTask:
    """The compiled host and, per stub executable name, its groups' binaries
    (one per variant); the ``.vmfb`` goes to ``output``."""

    host: str
    binaries: tuple[tuple[str, Binary], ...]
    output: str
    env: Environment

    kind: ClassVar[str] = "link_module"

    @property
    def key(self) -> str:
        return self.output

    def run(self) -> AssembleResult:
        from halflow.codegen.link import link_module

        return link_module(self)


@dataclass(frozen=True)
class ThroughShared:
    """``task`` run on a worker that reads its members' texts from, or
    writes its translation to, the shared cache ``settings`` itself
    (:mod:`halflow.codegen.remote_workers`): the texts do not travel
    through the build process."""

    task: TranslateTask | GroupTask
    settings: RemoteCache

    @property
    def kind(self) -> str:
        return self.task.kind

    @property
    def key(self) -> str:
        return self.task.key

    def run(self) -> Any:
        from halflow.codegen import remote_workers

        if isinstance(self.task, TranslateTask):
            return remote_workers.translate_shared(self.task, self.settings)
        return remote_workers.serialize_group_shared(self.task, self.settings)


@dataclass(frozen=True)
class Deferred:
    """Work of the build process itself that need not delay the jobs
    before it (building the host's text once every interface is known,
    storing translations): a runner sends the jobs before it to their
    workers first, then calls :attr:`work`, which returns further jobs. (A
    group made ready by a translation goes out before the build process
    builds the host's text: 0.1-0.5 s on real models.)"""

    work: Callable[[], list[Job]]


# What a runner is given: tasks it runs, and deferred work of the caller.
Work = TranslateTask | TranslateBatch | GroupTask | HostTask | ThroughShared
Job = Work | Deferred
Result = TranslateResult | BatchResult | GroupResult | HostResult
# A runner delivers each result with its task; the callback returns the
# jobs the result made ready.
OnResult = Callable[[Any, Any], "Sequence[Job] | None"]


@dataclass(frozen=True)
class TaskFailure:
    """A task that could not be run at all (as opposed to one IREE rejected,
    which is a failed result)."""

    task: Any
    reason: str


class Runner(Protocol):
    """What runs a build's jobs (:func:`halflow.codegen.backend.run_nodes`)."""

    @property
    def batches(self) -> bool:
        """Whether a group's missing translations go out as one task."""
        ...

    @property
    def shared(self) -> RemoteCache | None:
        """The shared cache workers write to and read from themselves."""
        ...

    def run(self, jobs: list[Job], on_result: OnResult) -> list[TaskFailure]: ...


def run_task(task: Task) -> Any:
    """``task.run()``: what a Dask worker is sent (a function of this module,
    found by name there)."""
    return task.run()


def tasks_in(jobs: Sequence[Job]) -> int:
    """How many tasks ``jobs`` hold: a batch of translations counts each
    (and deferred work one: it usually brings the host)."""
    return sum(len(job.members) if isinstance(job, TranslateBatch) else 1 for job in jobs)
