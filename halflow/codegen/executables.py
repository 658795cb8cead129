"""Executables as code generation units: their text, blobs, and keys.

A unit is one top-level ``hal.executable`` of a materialized module. What is
translated (and what its key hashes) is the executable printed on its own:
alias-free, without locations, with its own symbol name replaced by a
placeholder (:func:`normalize`), plus the ``dense_resource`` blobs it refers to
(a single-op print does not carry them). Renumbered dispatches
(``main_dispatch_12`` -> ``_13``) with identical content get the same key; the
cached translation is stored with the placeholder and renamed back on use.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from halflow.core.fingerprint import environment, fingerprint

# Bump when what a translation entry holds, or how it is made, changes.
TRANSLATE_VERSION = 3  # 2: entries carry the interface; 3: one per variant

_BARE = re.compile(r"[A-Za-z_][A-Za-z0-9_$.]*\Z")
_ID_CHAR = "A-Za-z0-9_$."
# Placeholders for bare and for quoted names: the printer quotes a symbol
# exactly when it is not a bare identifier, so a placeholder must keep that
# property for the renamed text to print (and rename back) the same way.
PLACEHOLDER_BARE = "__halflow_executable__"
PLACEHOLDER_QUOTED = "__halflow-executable__"

# An object file referenced by path only: its content is not in the text.
_OBJECT_BY_PATH = re.compile(r'#hal\.executable\.object<\{path = "(?:[^"\\]|\\.)*"\}>')
_RESOURCE_REF = re.compile(r'dense_resource<([A-Za-z_][\w$.\-]*|"(?:[^"\\]|\\.)*")>')
_RESOURCE_ENTRY = re.compile(
    r'([A-Za-z_][\w$.\-]*|"(?:[^"\\]|\\.)*")\s*:\s*"(0x[0-9A-Fa-f]*)"'
)


def placeholder_for(name: str) -> str:
    return PLACEHOLDER_BARE if _BARE.match(name) else PLACEHOLDER_QUOTED


def _occurrences(name: str) -> re.Pattern[str]:
    # The name as a whole identifier, or as the prefix of one continued by
    # "_" (exports and functions are named "<executable>_<what>").
    return re.compile(rf"(?<![{_ID_CHAR}]){re.escape(name)}(?![A-Za-z0-9$.])")


def normalize(text: str, name: str) -> str | None:
    """``text`` with ``name`` replaced by its placeholder, or None when that
    would not be a pure renaming: the name also occurs outside symbol and
    string positions (``@name``, ``"name``), contains characters needing
    escapes, or the placeholder already occurs."""
    if not name or '"' in name or "\\" in name or not name.isprintable():
        return None
    placeholder = placeholder_for(name)
    if placeholder in text:
        return None
    pattern = _occurrences(name)
    for match in pattern.finditer(text):
        if match.start() == 0 or text[match.start() - 1] not in '@"':
            return None
    renamed = pattern.sub(placeholder, text)
    if denormalize(renamed, name) != text:
        return None
    return renamed


def denormalize(text: str, name: str) -> str:
    """Inverse of :func:`normalize` on text derived from the normalized text."""
    return _occurrences(placeholder_for(name)).sub(lambda _: name, text)


def resource_blobs(module_text: str) -> dict[str, str]:
    """``builtin`` dialect resource blobs of a printed module: key -> ``0x..``.

    Keys are returned as printed (quoted when the printer quoted them).
    """
    start = module_text.rfind("{-#")
    if start < 0:
        return {}
    section = module_text[start:]
    builtin = section.find("builtin:")
    if builtin < 0:
        return {}
    return dict(_RESOURCE_ENTRY.findall(section, builtin))


def referenced_resources(text: str) -> list[str]:
    return sorted(set(_RESOURCE_REF.findall(text)))


def with_resources(module_body: str, blobs: Sequence[tuple[str, str]]) -> str:
    """A module text holding ``module_body`` and a resource section for ``blobs``."""
    text = "module {\n" + module_body + "\n}\n"
    if blobs:
        entries = ",\n".join(f"      {k}: \"{v}\"" for k, v in blobs)
        text += "\n{-#\n  dialect_resources: {\n    builtin: {\n" + entries + "\n    }\n  }\n#-}\n"
    return text


@dataclass(frozen=True)
class ExecutableUnit:
    """One executable to translate (or reuse)."""

    name: str  # its symbol name, without "@"
    location: str  # printed location of the hal.executable op, for messages
    normalized: bool  # whether ``text`` has the name replaced by a placeholder
    text: str  # alias-free, location-free executable text (maybe normalized)
    resources: tuple[tuple[str, str], ...]  # referenced blobs: (key, 0x..)
    key: str
    # False when the translation depends on something outside the text (an
    # object file referenced by path): then it is compiled every time.
    cacheable: bool = True

    @property
    def symbol(self) -> str:
        return "@" + self.name if _BARE.match(self.name) else '@"' + self.name + '"'

    def source(self) -> str:
        """The module text a worker translates."""
        return with_resources(self.text, self.resources)

    @property
    def buffer_name(self) -> str:
        """The file name the translation's locations (and the ELF's line
        tables) refer to: ``<executable>_source.mlir`` once renamed back."""
        if self.normalized:
            return placeholder_for(self.name) + "_source.mlir"
        return "executable_source.mlir"

    def restore(self, translated: str) -> str:
        """A cached translation of this unit's key, under this unit's name."""
        return denormalize(translated, self.name) if self.normalized else translated


def unit_key(text: str, normalized: bool, resources: Sequence[tuple[str, str]],
             key_flags: Sequence[str]) -> str:
    return fingerprint(
        "halflow.codegen.translate",
        TRANSLATE_VERSION,
        environment(),
        tuple(key_flags),
        normalized,
        text,
        tuple(resources),
    )


def make_unit(name: str, location: str, text: str, blobs: Mapping[str, str],
              key_flags: Sequence[str]) -> ExecutableUnit:
    """Build the unit of executable ``name`` printed as ``text``.

    A referenced resource missing from ``blobs`` is left out of the source
    (IREE then reports it when the translation needs it).
    """
    normalized_text = normalize(text, name)
    normalized = normalized_text is not None
    body = normalized_text if normalized_text is not None else text
    resources = tuple((k, blobs[k]) for k in referenced_resources(body) if k in blobs)
    return ExecutableUnit(name, location, normalized, body, resources,
                unit_key(body, normalized, resources, key_flags),
                cacheable=_OBJECT_BY_PATH.search(body) is None)


def module_units(
    module: Any, module_text: str, key_flags: Sequence[str]
) -> list[ExecutableUnit]:
    """The units of every ``hal.executable`` of the materialized ``module``
    (printed as ``module_text``)."""
    blobs = resource_blobs(module_text)
    units = []
    for op in module.regions[0].blocks[0].operations:
        operation = op.operation
        if operation.name != "hal.executable":
            continue
        text = operation.get_asm(assume_verified=True, use_local_scope=True)
        units.append(make_unit(
            operation.attributes["sym_name"].value, str(operation.location), text, blobs,
            key_flags,
        ))
    return units


def host_program(module: Any) -> str:
    """The materialized module without its executables, printed with
    locations (the host the stubs go into). Erases them from ``module``."""
    for op in list(module.regions[0].blocks[0].operations):
        if op.operation.name == "hal.executable":
            op.operation.erase()
    return str(module.get_asm(enable_debug_info=True, assume_verified=True))
