"""A stage as the engine runs it: a pure function and the inputs it reads.

(Stages that read IR, which the engine runs through a provider, declare what
their key covers with an :class:`IrStage`: see there.)

``@tracked(STAGE)`` on a stage's function declares, beside the function, the
stage (name and version) and the inputs it reads: the function's parameters,
in order. The engine builds such a node's key from exactly these inputs (the
fingerprint of each value, under its name) and calls the function with
exactly them, as keywords, so the function cannot read anything its key does
not cover. Calling the declaration calls the function (tests and the
reference driver use it as a plain function).

Input names are what ``--explain`` prints: ``site_usages`` reads as
``input changed: site usages``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, NamedTuple, ParamSpec, TypeVar

from halflow.nodes import Stage

P = ParamSpec("P")
R = TypeVar("R")


@dataclass(frozen=True)
class Tracked(Generic[P, R]):
    """``fn`` declared as ``stage``, reading the parameters named ``inputs``."""

    stage: Stage
    fn: Callable[P, R]
    inputs: tuple[str, ...]

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> R:
        return self.fn(*args, **kwargs)

    def check(self, values: Mapping[str, Any]) -> None:
        """Raise ``TypeError`` unless ``values`` are exactly the declared inputs."""
        require_inputs(self.stage, self.inputs, values)

    def apply(self, values: Mapping[str, Any]) -> R:
        """``fn`` on exactly its declared inputs (raises on any other set)."""
        self.check(values)
        return self.fn(**values)  # type: ignore[call-arg]

    @property
    def labels(self) -> tuple[str, ...]:
        """The inputs as ``--explain`` names them."""
        return tuple(label(name) for name in self.inputs)


def label(name: str) -> str:
    """An input's name as explain output and keys spell it."""
    return name.replace("_", " ")


def tracked(stage: Stage) -> Callable[[Callable[P, R]], Tracked[P, R]]:
    """Declare ``fn`` as the function of ``stage`` (see module docstring)."""

    def declare(fn: Callable[P, R]) -> Tracked[P, R]:
        # (Through functools wrappers such as lru_cache, to the function.)
        code = getattr(fn, "__wrapped__", fn).__code__
        names = code.co_varnames[: code.co_argcount + code.co_kwonlyargcount]
        return Tracked(stage, fn, tuple(names))

    return declare


@functools.cache
def stage_tag(stage: Stage) -> str:
    """``name@version``: one string per stage, shared by all its nodes."""
    return f"{stage.name}@{stage.version}"


class IrStage(NamedTuple):
    """A stage that reads IR, as the engine runs it (through a provider).

    Its function takes live ops, so its inputs cannot be handed over as
    values; the declaration, beside the function, says what the node's key
    covers instead: ``stage`` and the version of every stage it ``runs``
    (its tag), the text inputs named ``inputs`` (the keys of the text it
    parses), and the values of the nodes it depends on. The engine derives
    the node's key from this declaration and refuses any other text inputs
    (:meth:`check`).
    """

    stage: Stage
    inputs: tuple[str, ...]
    runs: tuple[Stage, ...] = ()

    @property
    def tag(self) -> str:
        """The stage's tag and those of the stages it runs (all enter the key)."""
        return "+".join(stage_tag(s) for s in dict.fromkeys((self.stage, *self.runs)))

    def check(self, values: Mapping[str, str]) -> None:
        """Raise ``TypeError`` unless ``values`` are exactly the declared inputs."""
        require_inputs(self.stage, self.inputs, values)


def require_inputs(stage: Stage, declared: tuple[str, ...], values: Mapping[str, Any]) -> None:
    """Raise ``TypeError`` unless ``values`` name exactly the ``declared`` inputs."""
    if set(values) != set(declared):
        raise TypeError(f"stage {stage.name} reads {declared}, was given {tuple(values)}")
