"""The overlay's cost model: whether a rebuild serializes the groups of
the plan or keeps the previous build's groups and serializes only what
changed (:func:`halflow.codegen.groups.overlay`), and what early cutoffs
then need.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from halflow.codegen import executables
from halflow.codegen import groups as groups_mod
from halflow.codegen.backend import CutOff
from halflow.core import config
from halflow.store.codegen_entries import Entry, decode_entry
from halflow.store.manifests import Manifest
from halflow.store.protocol import ArtifactStore

# What a host compile costs, in bytes of executable text serialized: about
# a group of ~10 transformer executables (docs/benchmarks.md, "Figures
# behind constants").
HOST_WEIGHT = 48_000


def host_digest(host_program: str) -> str:
    return hashlib.sha256(host_program.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class Overlaid:
    groups: list[groups_mod.SerializationGroup]
    serves: dict[tuple[str, str], groups_mod.SerializationGroup]
    cached: dict[str, Entry]  # the translations the host needs
    cut_off: CutOff | None  # the previous build's members for early cutoffs


def overlay(units: Sequence[executables.ExecutableUnit], host_program: str,
            cached: Mapping[str, Entry],
            previous_build: Manifest, key_flags: Sequence[str], store: ArtifactStore,
            group_plan: Sequence[groups_mod.SerializationGroup]) -> Overlaid | None:
    """The groups of :func:`halflow.codegen.groups.overlay` over the
    previous build's (the binaries of both still stored, and the
    translations of their stale members, whose export ops the host's stubs
    declare), with the translations the host needs and what early cutoffs
    need (:class:`halflow.codegen.backend.CutOff`); None if it keeps no
    previous group or ``HALFLOW_CANONICAL_GROUPS`` is set (then every build
    of a model gives the bytes of a cold build of it). The build and its
    dry run (:func:`halflow.codegen.pipeline.plan_vmfb`) both decide here."""
    if config.from_environment("canonical-groups") is not None:
        return None
    previous = groups_mod.decode_groups(previous_build.group_plan)
    if not previous:
        return None
    entries = dict(cached)

    def available(group: groups_mod.SerializationGroup) -> bool:
        if store.get(group.key) is None:
            return False
        for m in group.members:
            if m.key not in entries:
                entry = decode_entry(m.key, store.get(m.key))
                if entry is None or groups_mod.decode_interfaces(entry.interface) is None:
                    return False
                entries[m.key] = entry
        return True

    overlaid = groups_mod.overlay(units, key_flags, group_plan, previous, available)
    if overlaid is None:
        return None
    # What each serializes (bytes of executable text); the overlay's groups
    # change the host's stubs, so the host is compiled again: worth it when
    # the host program changed anyway, or when it saves more than that costs.
    weights = {u.key: len(u.text) for u in units}
    dirty = sum(weights[m.key] for g in group_plan if g not in overlaid[0] for m in g.members)
    delta = sum(weights[m.key] for g in overlaid[0] if g not in group_plan and g not in previous
                for m in g.members)
    same_host = previous_build.host_program == host_digest(host_program)
    if same_host and dirty - delta < HOST_WEIGHT:
        return None

    def load(group: groups_mod.SerializationGroup) -> dict[str, Entry] | None:
        return {m.key: entries[m.key] for m in group.members} if available(group) else None

    equivalents = groups_mod.Equivalents(previous, dict(previous_build.digests))
    return Overlaid(overlaid[0], overlaid[1], entries,
                     CutOff(equivalents, load, tuple(key_flags)) if equivalents else None)
