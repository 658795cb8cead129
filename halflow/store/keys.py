"""The key namespace of the halflow cache: every prefix, in one table.

A key is ``PREFIX + fingerprint`` (or, for a marker, ``PREFIX + path``);
the prefix says which record module owns the entry, and the part of the
key before the first ``:`` is its *kind* in ``halflow cache stats``
(:data:`halflow.store.disk.BUILD_KINDS`). Code generation's keys live in
a namespace of their own inside the cache (:data:`CODEGEN`, added by
:class:`halflow.store.artifacts.DiskStore`): a translation's key is a bare
hex fingerprint, every other code generation key has a prefix with ``-``.

=====================  =================================  ============================
prefix                 what                               owner
=====================  =================================  ============================
``output:``            a build to MLIR's whole output     :mod:`halflow.library.build_mlir`
``vmfb:``              what a ``.vmfb`` build writes      (a key, never an entry)
``written:``           an output file's marker            :mod:`halflow.store.markers`
``node:``              a node's value                     :mod:`halflow.engine.evaluator`
``state:``             a document's state                  :mod:`halflow.engine.state`
``payload:``           a state's group payloads           :mod:`halflow.engine.state`
``states:``            a document's index of states       :mod:`halflow.store.states`
``current-state:``     a document's current state         :mod:`halflow.store.states`
``anchor:``            unit key -> document               :mod:`halflow.engine.anchors`
``blob-hex:``          a blob's hex text checked          :mod:`halflow.library.build_mlir`
``counter:``           a statistics counter               :mod:`halflow.store.disk`
``codegen:``           code generation's namespace        :mod:`halflow.store.artifacts`
``codegen:`` + hex     a translation                      :mod:`halflow.store.codegen_entries`
``codegen:group-``     a group binary                     :mod:`halflow.store.codegen_entries`
``codegen:host-``      a compiled host program            :mod:`halflow.store.codegen_entries`
``codegen:manifest-``  a model's last build               :mod:`halflow.store.manifests`
``codegen:uptodate-``  what a no-op ``.vmfb`` reports     :mod:`halflow.store.markers`
=====================  =================================  ============================

``text:`` names an output with no cache entry (a workspace's in-memory
output key), never stored. Imports nothing at load (the no-op path
imports this module); fingerprints are imported where a key is made.
"""

from __future__ import annotations

import os
from collections.abc import Sequence

OUTPUT = "output:"
VMFB = "vmfb:"
MARKER = "written:"
MARKER_BYTES = "bytes:"  # after MARKER: a path that is not UTF-8, as hex
NODE = "node:"
STATE = "state:"
PAYLOAD = "payload:"
STATES = "states:"
CURRENT_STATE = "current-state:"
ANCHOR = "anchor:"
BLOB_HEX = "blob-hex:"
COUNTER = "counter:"
TEXT = "text:"
CODEGEN = "codegen:"
# Inside CODEGEN (a translation's key has none of these: it has no "-").
GROUP = "group-"
HOST = "host-"
MANIFEST = "manifest-"
SUMMARY = "uptodate-"

# Entries that stay on this machine, never in a shared cache: counters,
# markers (paths of this machine), no-op summaries (they go with markers),
# which state of a document is current here (halflow.store.layered).
LOCAL_ONLY = (COUNTER, MARKER, CODEGEN + SUMMARY, CURRENT_STATE)


def output_key(input_hash: str, options_fingerprint: str) -> str:
    """The cache key of the whole output for these input bytes and options.

    Stage versions are in the key (a bumped stage makes old outputs stale),
    as are the halflow and compiler versions."""
    from halflow.core import stages
    from halflow.core.fingerprint import environment, fingerprint

    return OUTPUT + fingerprint(input_hash, options_fingerprint, stages.tag(), environment())


def vmfb_output_key(input_hash: str, model_name: str, iree_flags: Sequence[str]) -> str:
    """The key of the ``.vmfb`` a build of these input bytes and IREE flags
    writes. ``model_name`` is the name the model is compiled under (the
    host's debug locations name it, so the bytes depend on it)."""
    from halflow.core.fingerprint import environment, fingerprint
    from halflow.core.localflags import travelling

    return VMFB + fingerprint("halflow.vmfb", input_hash, model_name, travelling(iree_flags),
                              environment())


def marker_key(path: str | os.PathLike[str]) -> str:
    """The cache key under which a build records what it wrote to ``path``:
    its absolute path, or, for a name that is not UTF-8 (Python gives its
    bytes as lone surrogates, which SQLite cannot store), the hex of its
    bytes (an absolute path starts with "/": the two never meet)."""
    where = os.path.abspath(path)
    try:
        where.encode("utf-8")
    except UnicodeEncodeError:
        where = MARKER_BYTES + os.fsencode(where).hex()
    return MARKER + where


def node_key(key: str) -> str:
    return NODE + key


def codegen_key(key: str) -> str:
    """The halflow cache's (and the shared cache's) key of a code generation key."""
    return CODEGEN + key


def is_translation(codegen: str) -> bool:
    """Whether a code generation key (without :data:`CODEGEN`) is a
    translation's: a bare fingerprint, where every other kind has a prefix
    with ``-``."""
    return "-" not in codegen


def summary_key(output_key: str) -> str:
    """Where what a no-op ``.vmfb`` build reports is kept (a code generation key)."""
    return SUMMARY + output_key
