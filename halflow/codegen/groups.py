"""Serialization groups and the host program compiled against their stubs.

A *group* is a set of translated executables of one target that IREE links
into one ``hal.executable`` and serializes (one ELF); its binary is a cached
node keyed on exactly its members. The *host* is the materialized module with
every executable replaced by a code-less stub of its group (export ops:
names, layouts, workgroup count and size; an empty ``builtin.module``),
compiled once and cached on its own key. See ``NOTES.md`` for the measured
recipe; this module only decides membership, names and texts.

Names. Export names end up in the ELF (profiles show them), so they decide
which edits re-serialize what. A member is named after its *interface*, the
name-free text of its variant header and export ops before translation
(``hf_<interface hash>``, plus ``_<rank>`` when several executables share an
interface, ranked in module order): renumbering dispatches renames nothing,
and editing a dispatch's body keeps its name and its place (so the host,
which refers to exports by name and ordinal, is reused). Export names keep IREE's suffix
(``hf_3fa9..._matmul_8x128x64_f32``).

Membership follows the model, so that what an edit dirties lands in few
groups. Members of a lane (same variant name and target) are put in the
order of their origin in the model: the position of their dispatch in its
function (``<function>_dispatch_<N>``), then the function. One layer's
executables, and their neighbours that IREE specializes on the same call
sites, are next to each other; in a serving module (one function per shape
bucket) the same layer of every bucket is too. That sequence is cut by
content-defined boundaries (as in content-defined chunking): a group ends
after a member whose interface hash, read as a fraction, is below its code
size (its text's length) over :data:`TARGET_WEIGHT`, once the group holds
:data:`MIN_WEIGHT`, or at :data:`MAX_WEIGHT`. So groups weigh about
``MIN_WEIGHT + TARGET_WEIGHT`` in code, whatever the size of their members;
a boundary depends only on its member's own interface and the weight since
the previous boundary. Renumbering keeps the order (names and interfaces do
not depend on dispatch numbers), and an edit, insertion or removal changes
the groups it falls in and at most the next one or two, until a boundary
falls where it fell before. The measured trade-off (group count against
per-group cost) is in NOTES.md.

Targets. What IREE 3.13 does with one target backend's executables is a
:class:`TargetRecipe` (:data:`RECIPES`): llvm-cpu, vmvx, rocm and cuda link
every executable of a group into one (named ``<group>_linked``, vmvx
``<group>_linked_vmvx``); vulkan-spirv and metal-spirv do not link at all
(each executable is serialized on its own, as in a plain compile), so their
groups hold one executable. An executable with several variants (several
targets on one device, or several devices) is a member of one group per
variant, in that variant's lane; the host's stub of a linked name holds the
variants of every group of that name.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from halflow.codegen.executables import ExecutableUnit, denormalize
from halflow.core import safejson
from halflow.core.fingerprint import environment, fingerprint, fingerprint_text
from halflow.core.localflags import travelling
from halflow.store import keys

# Bump when what a group binary or host entry holds, or how it is made, changes.
GROUP_VERSION = 1
HOST_VERSION = 1

# Group weights, in bytes of executable text (a typical executable of a
# transformer export has 2-7 KB): see NOTES.md for the measured trade-off.
TARGET_WEIGHT = 24_000  # the mean weight of a group past MIN_WEIGHT
MIN_WEIGHT = 8_000  # no boundary before a group weighs this much
MAX_WEIGHT = 96_000  # a group is cut here

_SYMBOL = r'(?:"(?:[^"\\]|\\.)*"|[A-Za-z_][A-Za-z0-9_$.]*)'
_EXPORT = re.compile(r"hal\.executable\.export (?:public |private )?@(" + _SYMBOL + ")")
_VARIANT = re.compile(r"^\s*hal\.executable\.variant (?:public |private )?@(\S+) target\(",
                      re.M)
_REF = re.compile(rf"@({_SYMBOL})::@({_SYMBOL})::@({_SYMBOL})")
_NAMED = re.compile(rf"@({_SYMBOL})")  # every symbol a text names, whole


@dataclass(frozen=True)
class TargetRecipe:
    """How IREE 3.13 links and serializes the executables of one target
    backend (the first field of ``#hal.executable.target<"...", ...>``),
    measured with ``iree-hal-link-target-executables{target=...}``."""

    backend: str
    links: bool  # IREE merges a module's executables into one (else each stays alone)
    linked_suffix: str  # IREE names the merged executable <module name><suffix>


RECIPES: dict[str, TargetRecipe] = {r.backend: r for r in (
    TargetRecipe("llvm-cpu", True, "_linked"),
    TargetRecipe("vmvx", True, "_linked_vmvx"),
    TargetRecipe("rocm", True, "_linked"),
    TargetRecipe("cuda", True, "_linked"),
    TargetRecipe("vulkan-spirv", False, ""),
    TargetRecipe("metal-spirv", False, ""),
)}

# Targets IREE itself cannot serialize apart from the host program.
_WHOLE_PROGRAM = {
    "vmvx-inline": "IREE compiles its executables into the host module (no executable "
                   "binaries to serialize apart)",
}


@dataclass(frozen=True)
class VariantText:
    """One ``hal.executable.variant`` of a unit's text."""

    name: str  # its symbol (and binary) name
    lane: str  # its header line: name and target, what the members of a group share
    backend: str  # the target backend ("" if the header names none)
    interface: str  # its header and export ops (name-normalized): everything before its code


def variants(text: str) -> list[VariantText]:
    """The variants of an executable's (alias-free) text, in order."""
    starts = [m.start() for m in _VARIANT.finditer(text)]
    found = []
    for i, start in enumerate(starts):
        segment = text[start:starts[i + 1] if i + 1 < len(starts) else len(text)]
        match = _VARIANT.match(segment)
        assert match is not None
        backend = re.search(r'target\(<"([^"]*)"', segment)
        code = segment.find("builtin.module")
        found.append(VariantText(match.group(1), segment.split("\n", 1)[0].strip(),
                             backend.group(1) if backend else "",
                             segment if code < 0 else segment[:code]))
    return found


def recipe(variant: VariantText) -> TargetRecipe:
    return RECIPES[variant.backend]


def recipe_gap(unit: ExecutableUnit) -> str | None:
    """Why ``unit`` cannot go through groups and stubs (then the whole build
    falls back to IREE's whole-program final compile), or None."""
    text = unit.text
    if not unit.cacheable or "#hal.executable.object" in text:
        return f"executable {unit.symbol} links external objects"
    if "hal.executable.condition" in text:
        return f"executable {unit.symbol} has a hal.executable.condition"
    # A constant block is evaluated by the host when it creates the
    # executable; its values are read in the code by
    # hal.executable.constant.load. Materialize drops the blocks of a
    # hal.executable.source (only exports and the inner module are cloned), so
    # the loads are what is left to see.
    if "hal.executable.constant.block" in text or "hal.executable.constant.load" in text:
        return f"executable {unit.symbol} uses constant blocks"
    found = variants(text)
    if not found:
        return f"executable {unit.symbol} has no variant"
    if len({v.name for v in found}) != len(found):
        return f"executable {unit.symbol} has two variants of one name"
    for variant in found:
        if variant.backend in _WHOLE_PROGRAM:
            return (f"executable {unit.symbol} targets {variant.backend}: "
                    f"{_WHOLE_PROGRAM[variant.backend]}")
        if variant.backend not in RECIPES:
            return (f"executable {unit.symbol} targets "
                    f"{variant.backend or 'an unknown backend'}, which halflow has no "
                    f"serialization recipe for (it has: {', '.join(sorted(RECIPES))})")
    if not unit.normalized:
        return f"executable {unit.symbol} has a name halflow cannot rename"
    return None


def _interface_text(text: str, found: Sequence[VariantText]) -> str:
    """The executable's header and each variant's header and export ops
    (name-normalized, location-free): everything but its code."""
    first = _VARIANT.search(text)
    return (text if first is None else text[:first.start()]) + "".join(
        v.interface for v in found)


@dataclass(frozen=True)
class Member:
    """One distinct executable in a group."""

    key: str  # its translation key (content, name-free)
    name: str  # the name it has in the group's binary
    interface: str  # hash of its interface text


@dataclass(frozen=True)
class SerializationGroup:
    name: str  # the module name the group is linked under
    linked: str  # the linked executable's name (IREE keeps a lone member's)
    variant: str  # the variant (and binary) name
    members: tuple[Member, ...]
    key: str


_DISPATCH = re.compile(r"(.*)_dispatch_(\d+)\Z")


def origin(name: str) -> tuple[int, str]:
    """Where executable ``name`` comes from in the model, as a sort key: the
    position of its dispatch in its function, then the function (IREE names
    executables ``<function>_dispatch_<N>``, numbered in program order per
    function, and a deduplicated one after its first use). Any other name
    sorts before them, by name."""
    match = _DISPATCH.match(name)
    return (int(match.group(2)), match.group(1)) if match else (-1, name)


def _boundary(interface: str, weight: int, target: int) -> bool:
    """Whether a group ends after a member of this interface and weight: the
    interface hash as a fraction below weight / target."""
    return int(interface[:8], 16) < weight * 0x1_0000_0000 // target


_Entry = tuple[str, int, str, VariantText]  # interface, rank, key, variant


def _runs(entries: Sequence[_Entry], weights: Mapping[str, int],
          links: bool, scale: int = 1) -> list[list[_Entry]]:
    """``entries`` (in origin order) cut into groups (see the module
    docstring), the weights times ``scale``; one executable each for a
    target IREE does not link."""
    runs: list[list[_Entry]] = [[]]
    weight = 0
    for entry in entries:
        runs[-1].append(entry)
        weight += weights[entry[2]]
        if not links or weight >= MAX_WEIGHT * scale or (
                weight >= MIN_WEIGHT * scale
                and _boundary(entry[0], weights[entry[2]], TARGET_WEIGHT * scale)):
            runs.append([])
            weight = 0
    return [run for run in runs if run]


@dataclass(frozen=True)
class _Lanes:
    """The distinct executables of some units, as :func:`plan` orders them:
    per lane, entries in origin order; each key's member and code size."""

    entries: dict[str, list[_Entry]]
    by_key: dict[str, Member]
    weights: dict[str, int]


def _lanes(units: Sequence[ExecutableUnit]) -> _Lanes:
    # key -> (interface, variants), in module order
    distinct: dict[str, tuple[str, list[VariantText]]] = {}
    origins: dict[str, tuple[int, str]] = {}
    weights: dict[str, int] = {}  # code size: the length of the executable's text
    for unit in units:
        if unit.key not in distinct:
            found = variants(unit.text)
            iface = fingerprint("halflow.codegen.interface", *(v.lane for v in found),
                                _interface_text(unit.text, found))
            distinct[unit.key] = (iface, found)
            origins[unit.key] = origin(unit.name)
            weights[unit.key] = len(unit.text)
    # Members sharing an interface are told apart by their rank among them in
    # module order: renumbering and body edits keep it. (The interface holds
    # the lanes, so members sharing one are in the same lanes.)
    seen: dict[str, int] = {}
    ranks: dict[str, int] = {}
    for key, (iface, _) in distinct.items():
        ranks[key] = seen.get(iface, 0)
        seen[iface] = ranks[key] + 1
    by_key = {key: Member(key, f"hf_{iface[:16]}" + (f"_{ranks[key]}" if seen[iface] > 1 else ""),
                          iface)
              for key, (iface, _) in distinct.items()}
    lanes: dict[str, list[_Entry]] = {}
    for key, (iface, found) in distinct.items():
        for variant in found:
            lanes.setdefault(variant.lane, []).append((iface, ranks[key], key, variant))
    for entries in lanes.values():
        entries.sort(key=lambda e: (origins[e[2]], e[0], e[1]))
    return _Lanes(lanes, by_key, weights)


def _group(run: Sequence[_Entry], by_key: Mapping[str, Member], lane: str,
           key_flags: Sequence[str]) -> SerializationGroup:
    """The group of the entries ``run`` (one lane)."""
    # Cut in origin order, linked in name order: a group's binary
    # depends on its member set only (not on the names or order of
    # the dispatches, which renaming or renumbering may shuffle).
    return _group_of([by_key[key] for _, _, key, _ in run], run[0][3].name, lane,
                     recipe(run[0][3]).linked_suffix, key_flags)


def _group_of(members: Sequence[Member], variant_name: str, lane: str, linked_suffix: str,
              key_flags: Sequence[str]) -> SerializationGroup:
    ordered = tuple(sorted(members, key=lambda m: m.name))
    # The variant tells apart the groups of one member set in two lanes.
    gname = "hf_g" + fingerprint("halflow.codegen.group-name", variant_name,
                                 tuple(m.name for m in ordered))[:16]
    linked = ordered[0].name if len(ordered) == 1 else gname + linked_suffix
    key = keys.GROUP + fingerprint("halflow.codegen.group", GROUP_VERSION, environment(),
                                 tuple(key_flags), lane, gname,
                                 tuple((m.key, m.name) for m in ordered))
    return SerializationGroup(gname, linked, variant_name, ordered, key)


def regroup(group: SerializationGroup, members: Sequence[Member], variant: VariantText,
            key_flags: Sequence[str]) -> SerializationGroup:
    """The group of some of ``group``'s members (``variant``: theirs in
    ``group``'s lane), named and keyed as :func:`plan` names and keys a
    group of them."""
    return _group_of(members, group.variant, variant.lane, recipe(variant).linked_suffix,
                     key_flags)


def plan(units: Sequence[ExecutableUnit],
         key_flags: Sequence[str]) -> tuple[list[SerializationGroup], dict[str, Member]]:
    """The groups for ``units`` (all groupable, see :func:`recipe_gap`) and
    each unit's member (by unit name; units with one key share a member,
    which has the origin of the first of them in module order). A member
    with several variants is in one group per variant (lane)."""
    lanes = _lanes(units)
    groups: list[SerializationGroup] = []
    for lane in sorted(lanes.entries):
        entries = lanes.entries[lane]
        for run in _runs(entries, lanes.weights, recipe(entries[0][3]).links):
            groups.append(_group(run, lanes.by_key, lane, key_flags))
    return groups, {u.name: lanes.by_key[u.key] for u in units}


def encode_groups(groups: Sequence[SerializationGroup]) -> list[list[object]]:
    """``groups`` as a build's manifest keeps them (for the next build's
    :func:`overlay`)."""
    return [[g.name, g.linked, g.variant, g.key, [[m.key, m.name, m.interface] for m in g.members]]
            for g in groups]


def decode_groups(data: object) -> list[SerializationGroup]:
    """Inverse of :func:`encode_groups`; [] for anything else."""
    try:
        return [SerializationGroup(str(name), str(linked), str(variant),
                      tuple(Member(str(k), str(n), str(i)) for k, n, i in members), str(key))
                for name, linked, variant, key, members in data]  # type: ignore[attr-defined]
    except (TypeError, ValueError):
        return []


# A kept group may hold at most this share of stale members (code no
# dispatch reaches): past it, its live members are serialized again.
STALE_SHARE = 0.5

# The overlay cuts the members no kept group holds with the plan's weights
# while they make at most twice this many groups (expected), else with the
# weights scaled by a power of two, into this many to twice as many (a
# width or layer edit dirties half of a model's executables): each group
# serialization pays fixed work (a runtime library, lld), and two cores
# serialize two at a time beside the translations. See NOTES.md ("Fewer,
# bigger new groups") and docs/benchmarks.md ("Figures behind constants").
OVERLAY_GROUPS = 4


def overlay_scale(weight: int) -> int:
    """The factor (a power of two, >= 1) the overlay scales the group
    weights by for new groups of ``weight`` bytes of text in all."""
    scale = 1
    while weight > 2 * scale * OVERLAY_GROUPS * (MIN_WEIGHT + TARGET_WEIGHT):
        scale *= 2
    return scale


def overlay(units: Sequence[ExecutableUnit], key_flags: Sequence[str],
            plan_groups: Sequence[SerializationGroup],
            previous: Sequence[SerializationGroup], available: Callable[[SerializationGroup], bool]
            ) -> tuple[list[SerializationGroup], dict[tuple[str, str], SerializationGroup]] | None:
    """A rebuild's groups that serialize only what changed. The groups of
    ``plan_groups`` (:func:`plan` of ``units``) whose binaries are
    ``available`` stand; so do the previous build's available groups that
    hold members of this build under the same key and name, kept as they
    are: their members this build does not reach there (gone, renamed, or
    served by another group) stay in the binary, stale (no dispatch reaches
    them), at most :data:`STALE_SHARE` of a group. The
    members no kept group holds go into new groups, cut as :func:`plan`
    cuts. None when no previous group is kept (the plan stands). Also
    returns which group serves each (member key, variant name)."""
    lanes = _lanes(units)
    needed = {(m.key, g.variant): m for g in plan_groups for m in g.members}
    chosen = [g for g in plan_groups if available(g)]
    serves = {(m.key, g.variant): g for g in chosen for m in g.members}
    planned = {g.key for g in plan_groups}
    kept = 0
    for old in previous:
        # Live: this build's member under the same name, no other group
        # serving it. (A member renamed since, e.g. a new twin shifted its
        # rank, is stale here and served by a new group.)
        live = [m for m in old.members if (m.key, old.variant) not in serves
                and getattr(needed.get((m.key, old.variant)), "name", None) == m.name]
        if (old.key in planned or not live
                or len(old.members) - len(live) > STALE_SHARE * len(old.members)
                or not available(old)):
            continue
        chosen.append(old)
        serves.update({(m.key, old.variant): old for m in live})
        kept += 1
    if not kept:
        return None
    for lane in sorted(lanes.entries):
        entries = lanes.entries[lane]
        rest = [e for e in entries if (e[2], e[3].name) not in serves]
        scale = overlay_scale(sum(lanes.weights[e[2]] for e in rest))
        for run in _runs(rest, lanes.weights, recipe(entries[0][3]).links, scale):
            group = _group(run, lanes.by_key, lane, key_flags)
            chosen.append(group)
            serves.update({(m.key, group.variant): group for m in group.members})
    return chosen, serves


def text_digest(translation: str) -> str:
    """The digest of a translation's (normalized) text. Two members of one
    name, variant and digest serialize to the same code: a group that holds
    one serves the other (see :class:`Equivalents`)."""
    return fingerprint_text(translation)


class Equivalents:
    """The previous build's group members by what they serialize to: (text
    digest, name in the binary, variant) -> (group, member).

    An executable that changed (its translation key) may still translate to
    the text it had: IREE specializes executables on their call sites'
    binding offsets (``util.assume.int``), and most edits move offsets that
    the code does not depend on. Such a member needs no serialization: the
    group that holds its text under its name serves it (an early cutoff, as
    build systems say: a node rebuilt to the same output leaves its
    dependents alone). ``digests``: the previous build's
    :func:`text_digest` of each member key."""

    def __init__(self, previous: Sequence[SerializationGroup], digests: Mapping[str, str]):
        self._found: dict[tuple[str, str, str], tuple[SerializationGroup, Member]] = {}
        for group in previous:
            for member in group.members:
                digest = digests.get(member.key)
                if digest:
                    self._found.setdefault((digest, member.name, group.variant),
                                           (group, member))

    def __bool__(self) -> bool:
        return bool(self._found)

    def find(self, digest: str, name: str,
             variant: str) -> tuple[SerializationGroup, Member] | None:
        return self._found.get((digest, name, variant))


def member_text(translation: str, member: Member) -> str:
    """A cached (normalized) translation under the member's group name."""
    return denormalize(translation, member.name)


@dataclass(frozen=True)
class Interface:
    """What the host needs of one variant of a translated executable: its
    name, target and export ops (normalized text), as the translating worker
    printed them."""

    variant: str
    target: str
    exports: tuple[str, ...]


def encode_interfaces(interfaces: Sequence[Interface]) -> str:
    """A translation's interfaces (one per variant) as its entry keeps them."""
    return json.dumps([[i.variant, i.target, list(i.exports)] for i in interfaces])


def decode_interfaces(text: str) -> tuple[Interface, ...] | None:
    """Inverse of :func:`encode_interfaces`; None for anything else (an entry
    without variants included)."""
    try:
        found = tuple(Interface(str(variant), str(target), tuple(str(e) for e in exports))
                      for variant, target, exports in safejson.loads(text))
    except (ValueError, TypeError):
        return None
    return found or None


def _variant_stub(group: SerializationGroup, interfaces: Mapping[str, Sequence[Interface]],
                  location: str) -> str:
    exports = []
    ordinal = 0
    target = ""
    for member in group.members:
        iface = next(i for i in interfaces[member.key] if i.variant == group.variant)
        target = iface.target
        for text in iface.exports:
            renamed = re.sub(r"ordinal\(\d+\)", f"ordinal({ordinal})",
                             member_text(text, member), count=1)
            exports.append("      " + renamed.replace("\n", "\n      "))
            ordinal += 1
    return (f"    hal.executable.variant public @{group.variant} target({target}) {{\n"
            + "\n".join(exports) + f"\n    }}{location}\n")


def stub_text(groups: Sequence[SerializationGroup], interfaces: Mapping[str, Sequence[Interface]],
              location: str = "") -> str:
    """The code-less stand-in of the linked executable of ``groups`` (one
    name, one group per variant): each group's export ops, renamed and
    numbered as linking numbers them (module order). ``location`` (`` loc(...)``
    or "") goes on the executable and its variants."""
    return (f"  hal.executable private @{groups[0].linked} {{\n"
            + "".join(_variant_stub(g, interfaces, location) for g in groups)
            + f"  }}{location}\n")


def _stub_location(groups: Sequence[SerializationGroup], units: Sequence[ExecutableUnit],
                   module: str) -> str:
    """Where IREE puts the executable it links ``groups``' members into: the
    one member's own location when it stays alone, else the module's
    (``module``: its printed location, or "")."""
    if len(groups[0].members) == 1:
        key = groups[0].members[0].key
        found = next((u.location for u in units if u.key == key), "")
        return f" {found}" if found.startswith("loc(") else ""
    return f" loc({module})" if module else ""


def host_text(host: str, units: Sequence[ExecutableUnit], members: Mapping[str, Member],
              groups: Sequence[SerializationGroup], interfaces: Mapping[str, Sequence[Interface]],
              serves: Mapping[tuple[str, str], SerializationGroup] | None = None) -> str:
    """The host program (``host``: the materialized module printed without
    its executables) with every dispatch of ``@exe::@variant::@export``
    pointed at the stub of that variant's group (``serves``: the group of
    each (member key, variant name), default: the one holding it), and the
    stubs inserted. Raises ValueError (the reason) when the host refers to
    executables in another way."""
    group_of = serves if serves is not None else {
        (m.key, g.variant): g for g in groups for m in g.members}
    renames: dict[tuple[str, str, str], str] = {}
    for unit in units:
        member = members[unit.name]
        for variant in variants(unit.text):
            group = group_of[(member.key, variant.name)]
            for export in _EXPORT.findall(variant.interface):
                renames[(unit.symbol[1:], variant.name, denormalize(export, unit.name))] = (
                    f"@{group.linked}::@{variant.name}::@{denormalize(export, member.name)}")

    def rename(match: re.Match[str]) -> str:
        new = renames.get((match.group(1), match.group(2), match.group(3)))
        return new if new is not None else match.group(0)

    renamed = _REF.sub(rename, host)
    # What is left once the renamed references are gone must not name an
    # executable (a stub may have the name an executable had).
    rest = _REF.sub(lambda m: "" if m.group(1, 2, 3) in renames else m.group(0), host)
    named = set(_NAMED.findall(rest))  # one scan of the text, not a search per unit
    for unit in units:
        if unit.symbol[1:] in named:
            raise ValueError(f"the host refers to {unit.symbol} other than by its exports")
    header = re.search(r"^module\b[^\n]*\{\n", renamed, re.M)
    if header is None:
        raise ValueError("the materialized module has no module header line")
    stubs: dict[str, list[SerializationGroup]] = {}
    for group in groups:
        stubs.setdefault(group.linked, []).append(group)
    end = re.search(r"^\} loc\(([^()\n]*)\)\s*(?:\{-#|$)", renamed, re.M)
    module = end.group(1) if end is not None else ""
    text = "".join(stub_text(same, interfaces, _stub_location(same, units, module))
                   for same in stubs.values())
    return renamed[:header.end()] + text + renamed[header.end():]


def host_key(text: str, flags: Sequence[str]) -> str:
    return keys.HOST + fingerprint("halflow.codegen.host", HOST_VERSION, environment(),
                                   travelling(flags), text)

