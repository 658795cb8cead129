"""Per-export pipeline layout (IREE's ``BindingLayoutAnalysis``).

A forced ``hal.interface.layout`` attribute on the stream export wins.
Otherwise there is one constant per non-binding argument and one
storage-buffer binding per ``!stream.binding`` argument, in order. A binding
is ``ReadOnly`` when a dispatch site does not write it, and ``Indirect`` when
a dispatch site in a reusable (not ``once``) execution region passes a
resource that is neither a local constant nor a load of an immutable global.
The layout is ``Indirect`` when any binding is.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import IntFlag, StrEnum
from typing import NamedTuple

from halflow.core import attrtext, stages
from halflow.nodes.tracked import tracked

STAGE = stages.LAYOUT

# stream.resource_access bits as stored in `resource_accesses`.
ACCESS_READ = 1
ACCESS_WRITE = 2


class DescriptorFlags(IntFlag):
    NONE = 0
    READ_ONLY = 1
    INDIRECT = 2

    def text(self) -> str | None:
        """The flags as printed inside ``#hal.pipeline.binding<...>``."""
        names = [name for flag, name in _FLAG_NAMES if flag in self]
        if not names:
            return None
        return names[0] if len(names) == 1 else '"' + "|".join(names) + '"'


_FLAG_NAMES = ((DescriptorFlags.READ_ONLY, "ReadOnly"), (DescriptorFlags.INDIRECT, "Indirect"))


class ResourceOrigin(StrEnum):
    """Where a dispatched resource comes from (IREE's ``categorizeValue``)."""

    LOCAL_CONSTANT = "local_constant"
    IMMUTABLE_GLOBAL = "immutable_global"
    MUTABLE_GLOBAL = "mutable_global"
    UNKNOWN = "unknown"


class SiteUsage(NamedTuple):
    """What one dispatch site contributes to the layout of the export it calls."""

    once: bool
    accesses: tuple[int, ...]
    origins: tuple[ResourceOrigin, ...]


class Binding(NamedTuple):
    type: str  # descriptor type keyword, e.g. "storage_buffer"
    flags: DescriptorFlags


class PipelineLayout(NamedTuple):
    constants: int
    bindings: tuple[Binding, ...]
    indirect: bool
    # Text of a forced `hal.interface.layout`, used verbatim as the interface.
    forced: str | None = None


class LayoutError(ValueError):
    """A dispatch site that does not match the export it calls."""


def derive_layout(arg_is_binding: Sequence[bool], sites: Sequence[SiteUsage]) -> PipelineLayout:
    """Layout of an export from its function's argument kinds and dispatch sites."""
    binding_count = sum(1 for b in arg_is_binding if b)
    constant_count = len(arg_is_binding) - binding_count
    # (plain ints while merging: an IntFlag's | costs ~2 us, and a cold
    # build of a large module merges ~20,000 times)
    bits = [0] * binding_count
    indirect_origins = (ResourceOrigin.UNKNOWN, ResourceOrigin.MUTABLE_GLOBAL)
    for site in sites:
        if len(site.accesses) < binding_count or len(site.origins) < binding_count:
            raise LayoutError(
                f"dispatch passes {len(site.accesses)} resources to an export "
                f"that takes {binding_count} bindings"
            )
        for i in range(binding_count):
            if not site.once and site.origins[i] in indirect_origins:
                bits[i] |= _INDIRECT
            if not site.accesses[i] & ACCESS_WRITE:
                bits[i] |= _READ_ONLY
    bindings = tuple(Binding("storage_buffer", DescriptorFlags(b)) for b in bits)
    return PipelineLayout(
        constants=constant_count,
        bindings=bindings,
        indirect=any(b & _INDIRECT for b in bits),
    )


_INDIRECT = int(DescriptorFlags.INDIRECT)
_READ_ONLY = int(DescriptorFlags.READ_ONLY)


# An export's signature as the layout reads it: per argument, whether it is
# a !stream.binding (None without an entry function), and the text of a
# forced hal.interface.layout (None without one).
Signature = tuple[tuple[bool, ...] | None, str | None]


@tracked(STAGE)
def pipeline_layout(signature: Signature, site_usages: Sequence[SiteUsage]) -> PipelineLayout:
    """The layout of one export: the forced one, else derived from its
    argument kinds and its dispatch sites. The caller has checked that an
    export without a forced layout has an entry function."""
    args, forced = signature
    if forced is not None:
        return assume_layout(forced)
    assert args is not None, "an export without an entry function has no layout"
    return derive_layout(args, site_usages)


def assume_layout(layout_text: str) -> PipelineLayout:
    """The layout a forced ``#hal.pipeline.layout<...>`` describes."""
    params = attrtext.parameters(layout_text, "#hal.pipeline.layout")
    if params is None:
        raise LayoutError(f"not a pipeline layout: {layout_text}")
    constants = 0
    bindings: list[Binding] = []
    indirect = False
    for param in params:
        key, _, value = param.partition("=")
        key, value = key.strip(), value.strip()
        if key == "constants":
            constants = int(value)
        elif key == "bindings":
            inner = value[1:-1].strip()
            for item in attrtext.split_top_level(inner) if inner else []:
                bindings.append(_parse_binding(item))
        elif key == "flags":
            indirect = "Indirect" in value
    return PipelineLayout(constants, tuple(bindings), indirect, forced=layout_text)


def _parse_binding(text: str) -> Binding:
    params = attrtext.parameters(text, "#hal.pipeline.binding")
    if not params:
        raise LayoutError(f"not a pipeline binding: {text}")
    flags = DescriptorFlags.NONE
    if len(params) > 1:
        spelled = params[1].strip().strip('"')
        for flag, name in _FLAG_NAMES:
            if name in spelled.split("|"):
                flags |= flag
    return Binding(params[0].strip(), flags)
