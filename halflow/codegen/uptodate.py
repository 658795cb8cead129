"""The no-op fast path of ``--to vmfb``: is the output already what this
model and these flags build?

After each successful build, a record keyed on (model path, output path,
IREE flags, versions) keeps the content hashes of the model and of the
``.vmfb`` written. A later build whose model bytes and output bytes hash the
same does nothing else: no IREE, no MLIR, no workers. The output is a pure
function of the model and flags (see ``NOTES.md``), so this is exact, and an
output that was changed or removed since is simply rebuilt. (A flag that
names a file, e.g. a transform library, is compared by name only; editing
that file needs a changed model or ``--no-cache``.)

Imports only the store and the fingerprint: cheap enough to run before the
compiler is loaded.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from halflow.codegen.store import Store, seal, unseal
from halflow.fingerprint import environment, fingerprint
from halflow.uptodate import input_fingerprint

_KIND = "codegen.uptodate"
PREFIX = "uptodate-"


def _key(model_file: Path, output_file: Path, iree_flags: Sequence[str]) -> str:
    return PREFIX + fingerprint("halflow.codegen.uptodate", str(model_file.resolve()),
                                str(output_file.resolve()), tuple(iree_flags), environment())


# The content hash of the MLIR build's up-to-date check: one definition.
content_hash = input_fingerprint


def _file_hash(path: Path) -> str | None:
    try:
        return content_hash(path.read_bytes())
    except OSError:
        return None


def record(store: Store, model_file: Path, output_file: Path, iree_flags: Sequence[str],
           model_hash: str, written: Path, model_kind: str,
           executables: Sequence[tuple[str, float]]) -> None:
    """Remember that ``written`` (the output just replaced) is what the model
    with hash ``model_hash`` builds to."""
    out_hash = _file_hash(written)
    if out_hash is None:
        return
    key = _key(model_file, output_file, iree_flags)
    payload = json.dumps({"model": model_hash, "output": out_hash, "kind": model_kind,
                          "executables": [list(e) for e in executables]})
    store.put(key, seal(key, _KIND, {}, payload.encode("utf-8")))


def check(store: Store, model_file: Path, output_file: Path, iree_flags: Sequence[str],
          model_data: bytes | None = None) -> dict[str, Any] | None:
    """The record of the last build if the model (``model_data``, else read)
    and the output still have its content hashes; None otherwise."""
    key = _key(model_file, output_file, iree_flags)
    raw = store.get(key)
    opened = unseal(key, _KIND, raw) if raw is not None else None
    if opened is None:
        return None
    try:
        data = json.loads(opened[1])
    except ValueError:
        return None
    if model_data is None:
        try:
            model_data = model_file.read_bytes()
        except OSError:
            return None
    if content_hash(model_data) != data.get("model"):
        return None
    if _file_hash(output_file) != data.get("output"):
        return None
    return data if isinstance(data, dict) else None
