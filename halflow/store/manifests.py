"""Code generation manifests: what the last ``.vmfb`` build of a model
used, for the next build's reasons (``--explain``), its overlay of the
previous groups, its early cutoffs and its preload.

Key: :data:`halflow.store.keys.MANIFEST` + a fingerprint of the model's
resolved path, the flags that enter keys and the versions
(:func:`manifest_key`): one manifest per model and flags, replaced by
each build.

Format: a translation entry (:func:`halflow.store.codegen_entries.encode_entry`,
seconds 0) whose text is a JSON object::

    mode          "groups" | "fallback" | "plain"
    units         [[name, translation key, normalized]]  (cacheable only)
    groups        {group name: group key}
    group_plan    the groups (halflow.codegen.groups.encode_groups)
    digests       {member key: text digest}  (early cutoffs)
    host_program  sha256 of the host program
    host          the compiled host's key
    size          (plain builds) bytes of the front end's module

A field a build does not record is absent (a plain build records
``mode``, ``units``, ``groups``, ``host`` and ``size``). Anything
unreadable reads as no manifest (:data:`NONE`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import TYPE_CHECKING, NamedTuple

from halflow.core.buildmode import BuildMode
from halflow.store import keys
from halflow.store.codegen_entries import Entry, decode_entry, encode_entry

if TYPE_CHECKING:
    from halflow.store.protocol import ArtifactStore


class Manifest(NamedTuple):
    """One build's manifest (see the module docstring); ``recorded``:
    whether there was one."""

    recorded: bool = False
    mode: str = ""
    units: tuple[tuple[str, str, bool], ...] = ()
    groups: Mapping[str, str] = {}
    group_plan: object = None
    digests: Mapping[str, str] = {}
    host_program: str = ""
    host: str = ""
    size: int | None = None

    def to_json(self) -> dict[str, object]:
        data: dict[str, object] = {
            "mode": self.mode, "units": [list(u) for u in self.units],
            "groups": dict(self.groups)}
        if self.size is None:
            data.update({"group_plan": self.group_plan, "digests": dict(self.digests),
                         "host_program": self.host_program})
        data["host"] = self.host
        if self.size is not None:
            data["size"] = self.size
        return data

    @classmethod
    def from_json(cls, data: object) -> Manifest:
        if not isinstance(data, dict):
            return NONE
        units = tuple((str(u[0]), str(u[1]), bool(u[2])) for u in data.get("units", [])
                      if isinstance(u, list) and len(u) == 3)
        groups = data.get("groups")
        digests = data.get("digests")
        size = data.get("size")
        return cls(
            True, str(data.get("mode", "")), units,
            {str(k): str(v) for k, v in groups.items()} if isinstance(groups, dict) else {},
            data.get("group_plan"),
            {str(k): str(v) for k, v in digests.items()} if isinstance(digests, dict) else {},
            str(data.get("host_program") or ""), str(data.get("host") or ""),
            size if isinstance(size, int) else None)

    def unit_keys(self) -> dict[str, str]:
        """Translation key by executable name."""
        return {name: key for name, key, _ in self.units}


NONE = Manifest()


def manifest_key(model_path: str, flags_key: object) -> str:
    """Where the manifest of the last build of the model at (resolved)
    ``model_path`` with flags ``flags_key`` is kept."""
    from halflow.core.fingerprint import environment, fingerprint

    return keys.MANIFEST + fingerprint("halflow.codegen.manifest", model_path, flags_key,
                                       environment())


def read(store: ArtifactStore, key: str) -> Manifest:
    """The manifest at ``key``, or :data:`NONE`."""
    from halflow.core import safejson

    entry = decode_entry(key, store.get(key))
    if entry is None:
        return NONE
    try:
        return Manifest.from_json(safejson.loads(entry.text))
    except ValueError:
        return NONE


def write(store: ArtifactStore, key: str, manifest: Manifest) -> None:
    store.put(key, encode_entry(Entry(key, json.dumps(manifest.to_json()), 0.0)))


def previous_translations(store: ArtifactStore, manifest: Manifest
                          ) -> list[tuple[str, str, bool, bytes]]:
    """(name, key, normalized, entry bytes) of the translations the last
    build (its ``manifest``) used that are still in ``store`` ([] if none,
    or if it was not a fallback build: a groups build has no whole-program
    final compile to preload for). Only reads: the worker checks and
    unpacks (this runs on a helper thread of the build process, next to
    materialize)."""
    if manifest.mode != BuildMode.FALLBACK:
        return []
    items = []
    for name, unit_key, normalized in manifest.units:
        raw = store.get(unit_key)
        if raw is not None:
            items.append((name, unit_key, normalized, raw))
    return items
