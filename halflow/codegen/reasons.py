"""Why a ``.vmfb`` build runs a node (``--explain``, the report's
``reason``, ``halflow build -n``): what changed since the previous build
of the model, as its manifest (:mod:`halflow.store.manifests`) recorded it.
"""

from __future__ import annotations

from halflow.codegen import executables
from halflow.codegen import groups as groups_mod
from halflow.store.manifests import Manifest


def why_translated(unit: executables.ExecutableUnit, previous: Manifest) -> str:
    names = previous.unit_keys()
    if not previous.recorded:
        return "no cache entry (no previous build of this model with these flags)"
    if unit.name in names and names[unit.name] != unit.key:
        return "content changed"
    if unit.key in names.values():
        return "no cache entry (evicted)"
    return "new executable" if unit.name not in names else "no cache entry"


def why_group(group: groups_mod.SerializationGroup, previous: Manifest) -> str:
    old = previous.groups
    if group.name in old:
        return "content changed" if old[group.name] != group.key else "no cache entry"
    if not previous.recorded:
        return "no cache entry (no previous build of this model with these flags)"
    return "membership changed"


def why_host(key: str, previous: Manifest) -> str:
    if previous.host:
        return ("host program or an export's interface changed"
                if previous.host != key else "no cache entry")
    return "no cache entry (no previous build of this model with these flags)"
