"""Required executable targets (the part of IREE's DeviceAnalysis the pass reads).

Everything here is plain data: attributes travel as their printed, alias-free
text, which is what cache keys are made of. The IR walk that collects these
inputs lives in :mod:`halflow.nodes.host`.

Semantics (IREE 3.13, ``DeviceAnalysis::gatherDeviceTargets``):
- ``#hal.device.affinity<@g>`` resolves through ``@g``'s initial value with a
  last-in-first-out worklist: ``#hal.device.target`` contributes itself,
  ``#hal.device.fallback<@x>`` pushes ``@x``, ``#hal.device.select<[...]>``
  pushes each choice; a symbol pushes its global's initial value.
- Anything else (no affinity, a global without initial value, ordinals,
  promises, optimal affinities) falls back to the legacy
  ``hal.device.targets`` attribute of the nearest enclosing op, abandoning
  what is left in the worklist.
- Executable targets are the union, in order, of the device targets'
  executable target lists.
- A symbol resolves through *any* top-level ``util.global`` (IREE looks up a
  global op, whatever its type); a global that is not a ``!hal.device`` has
  no device value, so it falls back like a global without initial value.
  Only ``!hal.device`` globals are the module's devices (public executables,
  the "no HAL devices" check). A symbol that names no global at all is an
  input error here (IREE 3.13 asserts and crashes), and so is a device
  reached again through its own fallbacks or choices (IREE never returns).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from halflow.core import attrtext, stages
from halflow.nodes.tracked import tracked

STAGE = stages.TARGETS

# The initial value of a global that is neither a device nor a symbol
# reference: resolving a device through it falls back to the legacy targets.
NOT_A_DEVICE = "<not a device>"


class DeviceResolutionError(ValueError):
    """A device reference that cannot be resolved: a symbol that names no
    global (IREE asserts here), or a cycle of fallbacks and choices (IREE
    never returns). ``symbol`` is the reference as written (``@name``);
    callers turn it into a diagnostic at the op whose device could not be
    resolved: ``device <str(self)>``."""

    def __init__(self, symbol: str, problem: str = "does not refer to a global"):
        super().__init__(f"{symbol} {problem}")
        self.symbol = symbol
        self.device: str | None = None  # set when resolving a device global
        self.op: object = None  # set by the host analysis: the dispatch op


class DeviceTable(NamedTuple):
    """Device globals in declaration order: symbol name -> initial value text
    (``None``: the global has none).

    ``other_globals`` are the other top-level ``util.global`` ops, for symbol
    lookups only: their initial value is ``None``, or the text of a symbol
    reference, or :data:`NOT_A_DEVICE` for any other value (a weight, a
    constant: never printed, since it can be large).
    """

    globals: tuple[tuple[str, str | None], ...]
    other_globals: tuple[tuple[str, str | None], ...] = ()

    def initial_value(self, name: str) -> str | None:
        for sym, value in self.globals:
            if sym == name:
                return value
        for sym, value in self.other_globals:
            if sym == name:
                return value
        raise DeviceResolutionError("@" + name)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(name for name, _ in self.globals)


def device_target_executable_targets(device_target: str) -> list[str]:
    """Executable target texts of ``#hal.device.target<"id", [{config},] [targets]>``."""
    params = attrtext.parameters(device_target, "#hal.device.target")
    if params is None:
        raise DeviceResolutionError(f"not a device target: {device_target}")
    for param in params[1:]:
        if param.startswith("["):
            inner = param[1:-1].strip()
            return attrtext.split_top_level(inner) if inner else []
    return []


def _symbol_name(ref: str) -> str:
    """The global a device reference names; a nested reference
    (``@a::@b``) names no global of the module."""
    parts = attrtext.symbol_ref_parts(ref)
    if len(parts) != 1:
        raise DeviceResolutionError(ref.strip())
    return parts[0]


def resolve_device_targets(
    root: str, table: DeviceTable, legacy: Sequence[str]
) -> list[str]:
    """Device target texts an affinity's device reference resolves to.

    ``root`` is a symbol reference (``@g``) or a device attribute text;
    ``legacy`` holds the device targets of the nearest ``hal.device.targets``.
    """
    result: dict[str, None] = {}
    worklist: dict[str, None] = {root: None}  # an ordered set, like SetVector
    # The next step depends only on the worklist: if it comes back to a state
    # it was in, IREE's loop goes round a cycle of fallbacks or choices forever.
    states: set[tuple[str, ...]] = set()
    while worklist:
        state = tuple(worklist)
        if state in states:
            raise DeviceResolutionError(
                root.strip(), "leads to a cycle of fallbacks or choices"
            )
        states.add(state)
        item = next(reversed(worklist))
        del worklist[item]
        if attrtext.is_symbol_ref(item):
            try:
                value = table.initial_value(_symbol_name(item))
            except DeviceResolutionError:
                raise DeviceResolutionError(item.strip()) from None
            if value is None:
                result.update(dict.fromkeys(legacy))
                return list(result)
            worklist.setdefault(value.strip())
            continue
        body = attrtext.strip_type_suffix(item)
        if body.startswith("#hal.device.target<"):
            result.setdefault(body)
        elif body.startswith("#hal.device.fallback<"):
            params = attrtext.parameters(item, "#hal.device.fallback") or []
            if params:
                worklist.setdefault(params[0])
        elif body.startswith("#hal.device.select<"):
            params = attrtext.parameters(item, "#hal.device.select") or []
            devices = params[0] if params else "[]"
            inner = devices[1:-1].strip()
            for choice in attrtext.split_top_level(inner) if inner else []:
                worklist.setdefault(choice)
        else:
            result.update(dict.fromkeys(legacy))
            return list(result)
    return list(result)


def executable_targets_of(device_targets: Iterable[str]) -> list[str]:
    out: dict[str, None] = {}
    for device_target in device_targets:
        out.update(dict.fromkeys(device_target_executable_targets(device_target)))
    return list(out)


def affinity_device(affinity: str | None) -> str | None:
    """The device reference of a ``#hal.device.affinity``, else None."""
    if affinity is None:
        return None
    params = attrtext.parameters(affinity, "#hal.device.affinity")
    if not params:
        return None
    return params[0]


def required_targets(
    affinity: str | None, table: DeviceTable, legacy: Sequence[str]
) -> tuple[str, ...]:
    """Executable targets a dispatch site with ``affinity`` needs.

    ``affinity`` is the printed affinity found walking up from the dispatch
    (op ``affinity``, ``stream.affinity``, then ``stream.affinity.default``).
    """
    device = affinity_device(affinity)
    if device is None:
        return tuple(executable_targets_of(legacy))
    return tuple(executable_targets_of(resolve_device_targets(device, table, legacy)))


def all_targets(table: DeviceTable, module_legacy: Sequence[str]) -> tuple[str, ...]:
    """Every executable target of every device global (public executables)."""
    devices: dict[str, None] = {}
    for name in table.names:
        try:
            resolved = resolve_device_targets("@" + name, table, module_legacy)
        except DeviceResolutionError as e:
            e.device = name  # the device global whose value could not be resolved
            raise
        devices.update(dict.fromkeys(resolved))
    return tuple(executable_targets_of(devices))


Devices = tuple[DeviceTable, tuple[str, ...]]  # the device globals, the module's legacy targets


@tracked(STAGE)
def executable_targets(
    site_targets: Sequence[Sequence[str]], public: bool, devices: Devices | None
) -> tuple[str, ...]:
    """Union (in order) of an executable's dispatch site targets, plus every
    device's targets when the executable is public (``devices`` is read only
    then: None for a private executable)."""
    out: dict[str, None] = {}
    for targets in site_targets:
        out.update(dict.fromkeys(targets))
    if public:
        assert devices is not None, "a public executable needs the devices"
        table, legacy = devices
        out.update(dict.fromkeys(all_targets(table, legacy)))
    return tuple(out)
