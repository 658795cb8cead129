"""The drop-in's answer to an unchanged line, before the build loads.

An ``iree-compile MODEL FLAGS -o OUT`` whose OUT still holds what halflow
built for these model bytes and flags (the output marker of every ``.vmfb``
build: :mod:`halflow.store.markers`) is answered here, without importing
the code generation (~0.1 s of a 0.15 s answer): the marker is read from
the cache's index, the model hashed only when its status is not the one
recorded, IREE's warnings of the build printed again, and the answer
counted in the history as the build would count it. Anything else (stdin,
stdout, no marker, any doubt) is the build's to decide
(:func:`halflow.codegen.pipeline.build_vmfb` checks the same marker).
"""

from __future__ import annotations

import os
import sys
import time

from halflow.core import uptodate
from halflow.core.blobs import read_snapshot
from halflow.store import diskformat, keys, markers

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence


def answered(model: str, output: str, flags: Sequence[str], cache_dir: str) -> int | None:
    """When ``output`` is current for ``model`` and ``flags``, the number of
    executables it reuses (the call is then counted as an up-to-date
    ``.vmfb`` build, and nothing else is to be done); else None."""
    started = time.perf_counter()
    if not os.path.isfile(os.path.join(cache_dir, diskformat.DB_NAME)):
        return None
    recorded = markers.OutputMarker.from_json(
        diskformat.read_json_entry(cache_dir, keys.marker_key(output)))
    if recorded is None:
        return None
    fingerprint = markers.recorded_input_hash(recorded, model)
    if fingerprint is None:
        try:
            fingerprint = uptodate.input_fingerprint(read_snapshot(model))
        except OSError:
            return None
    key = keys.vmfb_output_key(fingerprint, model, flags)
    if not markers.is_current(recorded, key, output):
        return None
    for line in markers.recorded_warnings(cache_dir, key):  # as iree-compile prints them
        sys.stderr.write(line + "\n")
    diskformat.append_history(cache_dir, {
        "time": time.time(), "hits": 1, "misses": 0, "corrupt": 0,
        "by_kind": {"written": [1, 0]}, "input": model, "mode": "vmfb", "noop": True,
        "executed": 0, "reused": recorded.total,
        "seconds": round(time.perf_counter() - started, 6)})
    return recorded.total
