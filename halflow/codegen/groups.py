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
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from halflow.codegen.executables import Unit, denormalize
from halflow.core.fingerprint import environment, fingerprint

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


def recipe_gap(unit: Unit) -> str | None:
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
    variants = _VARIANT.findall(text)
    if len(variants) != 1:
        return f"executable {unit.symbol} has {len(variants)} variants"
    if 'target(<"llvm-cpu"' not in text:
        backend = re.search(r'target\(<"([^"]*)"', text)
        return (f"executable {unit.symbol} targets "
                f"{backend.group(1) if backend else 'an unknown backend'}, not llvm-cpu")
    if not unit.normalized:
        return f"executable {unit.symbol} has a name halflow cannot rename"
    return None


def _interface_text(text: str) -> str:
    """The executable's variant header and export ops (name-normalized,
    location-free): everything before its code."""
    end = text.find("builtin.module")
    return text if end < 0 else text[:end]


def _lane(text: str) -> str:
    match = _VARIANT.search(text)
    assert match is not None
    line_end = text.find("\n", match.start())
    return text[match.start():line_end].strip()


def _variant_name(text: str) -> str:
    match = _VARIANT.search(text)
    assert match is not None
    return match.group(1)


@dataclass(frozen=True)
class Member:
    """One distinct executable in a group."""

    key: str  # its translation key (content, name-free)
    name: str  # the name it has in the group's binary
    interface: str  # hash of its interface text


@dataclass(frozen=True)
class Group:
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


def _boundary(interface: str, weight: int) -> bool:
    """Whether a group ends after a member of this interface and weight: the
    interface hash as a fraction below weight / TARGET_WEIGHT."""
    return int(interface[:8], 16) < weight * 0x1_0000_0000 // TARGET_WEIGHT


@dataclass(frozen=True)
class _Entry:
    origin: tuple[int, str]
    interface: str
    rank: int  # among members sharing the interface, in module order
    key: str
    variant: str
    weight: int  # code size: the length of the executable's text


def _runs(entries: Sequence[_Entry]) -> list[list[_Entry]]:
    """``entries`` (in origin order) cut into groups (see the module docstring)."""
    runs: list[list[_Entry]] = [[]]
    weight = 0
    for entry in entries:
        runs[-1].append(entry)
        weight += entry.weight
        if weight >= MAX_WEIGHT or (weight >= MIN_WEIGHT
                                    and _boundary(entry.interface, entry.weight)):
            runs.append([])
            weight = 0
    return [run for run in runs if run]


def plan(units: Sequence[Unit], key_flags: Sequence[str]) -> tuple[list[Group], dict[str, Member]]:
    """The groups for ``units`` (all groupable, see :func:`recipe_gap`) and
    each unit's member (by unit name; units with one key share a member,
    which has the origin of the first of them in module order)."""
    # lane -> key -> (interface, variant, origin, weight)
    lanes: dict[str, dict[str, tuple[str, str, tuple[int, str], int]]] = {}
    for unit in units:  # module order
        lane = _lane(unit.text)
        iface = fingerprint("halflow.codegen.interface", lane, _interface_text(unit.text))
        lanes.setdefault(lane, {}).setdefault(
            unit.key, (iface, _variant_name(unit.text), origin(unit.name), len(unit.text)))
    groups: list[Group] = []
    by_key: dict[str, Member] = {}
    for lane in sorted(lanes):
        # Members sharing an interface are told apart by their rank among
        # them in module order: renumbering and body edits keep it.
        seen: dict[str, int] = {}
        entries = []
        for key, (iface, variant, where, weight) in lanes[lane].items():
            entries.append(_Entry(where, iface, seen.get(iface, 0), key, variant, weight))
            seen[iface] = seen.get(iface, 0) + 1
        entries.sort(key=lambda e: (e.origin, e.interface, e.rank))
        names = {e.key: f"hf_{e.interface[:16]}" + (f"_{e.rank}" if seen[e.interface] > 1
                                                     else "")
                 for e in entries}
        for run in _runs(entries):
            members = []
            for entry in run:
                members.append(Member(entry.key, names[entry.key], entry.interface))
                by_key[entry.key] = members[-1]
            variant = run[0].variant
            gname = "hf_g" + fingerprint("halflow.codegen.group-name",
                                         tuple(m.name for m in members))[:16]
            linked = members[0].name if len(members) == 1 else gname + "_linked"
            key = "group-" + fingerprint("halflow.codegen.group", GROUP_VERSION, environment(),
                              tuple(key_flags), lane, gname,
                              tuple((m.key, m.name) for m in members))
            groups.append(Group(gname, linked, variant, tuple(members), key))
    return groups, {u.name: by_key[u.key] for u in units}


def member_text(translation: str, member: Member) -> str:
    """A cached (normalized) translation under the member's group name."""
    return denormalize(translation, member.name)


@dataclass(frozen=True)
class Interface:
    """What the host needs of a translated executable: its variant's target
    and its export ops (normalized text), as the translating worker printed
    them."""

    variant: str
    target: str
    exports: tuple[str, ...]

    def encode(self) -> str:
        return json.dumps([self.variant, self.target, list(self.exports)])

    @staticmethod
    def decode(text: str) -> Interface | None:
        try:
            variant, target, exports = json.loads(text)
            return Interface(str(variant), str(target), tuple(str(e) for e in exports))
        except (ValueError, TypeError):
            return None


def stub_text(group: Group, interfaces: Mapping[str, Interface]) -> str:
    """The code-less stand-in of ``group``'s linked executable: its export
    ops, renamed and numbered as linking numbers them (module order)."""
    exports = []
    ordinal = 0
    target = ""
    for member in group.members:
        iface = interfaces[member.key]
        target = iface.target
        for text in iface.exports:
            renamed = re.sub(r"ordinal\(\d+\)", f"ordinal({ordinal})",
                             member_text(text, member), count=1)
            exports.append("      " + renamed.replace("\n", "\n      "))
            ordinal += 1
    return (f"  hal.executable private @{group.linked} {{\n"
            f"    hal.executable.variant public @{group.variant} target({target}) {{\n"
            + "\n".join(exports)
            + "\n      builtin.module {\n      }\n    }\n  }\n")


def host_text(host: str, units: Sequence[Unit], members: Mapping[str, Member],
              groups: Sequence[Group], interfaces: Mapping[str, Interface]) -> str:
    """The host program (``host``: the materialized module printed without
    its executables) with every dispatch of ``@exe::@variant::@export``
    pointed at its group's stub, and the stubs inserted. Raises ValueError
    (the reason) when the host refers to executables in another way."""
    linked = {m.key: g for g in groups for m in g.members}
    renames: dict[tuple[str, str, str], str] = {}
    for unit in units:
        member = members[unit.name]
        group = linked[member.key]
        for export in _EXPORT.findall(unit.text):
            renames[(unit.symbol[1:], group.variant, denormalize(export, unit.name))] = (
                f"@{group.linked}::@{group.variant}::@{denormalize(export, member.name)}")

    def rename(match: re.Match[str]) -> str:
        new = renames.get((match.group(1), match.group(2), match.group(3)))
        return new if new is not None else match.group(0)

    renamed = _REF.sub(rename, host)
    for unit in units:
        if re.search(rf"@{re.escape(unit.symbol[1:])}(?![A-Za-z0-9_$.])", renamed):
            raise ValueError(f"the host refers to {unit.symbol} other than by its exports")
    header = re.search(r"^module\b[^\n]*\{\n", renamed, re.M)
    if header is None:
        raise ValueError("the materialized module has no module header line")
    stubs = "".join(stub_text(g, interfaces) for g in groups)
    return renamed[:header.end()] + stubs + renamed[header.end():]


def host_key(text: str, flags: Sequence[str]) -> str:
    return "host-" + fingerprint("halflow.codegen.host", HOST_VERSION, environment(),
                                 tuple(flags), text)

