"""JSON read back from a cache, local or shared: every failure a ValueError.

A cache entry whose checksum holds was written by some halflow, or forged
by whoever may write to the shared cache: its JSON can be nested deeper
than the interpreter recurses (``[[[[...]]]]``, a RecursionError inside
``json.loads``) or too large to decode (a MemoryError). :func:`loads`
turns both into the ValueError every reader already treats as a damaged
entry (a miss, with a warning), so no entry can crash a reader.
"""

from __future__ import annotations

import json

TYPE_CHECKING = False  # as typing's: the up-to-date no-op reads JSON and imports no typing (~4 ms)
if TYPE_CHECKING:
    from typing import Any


def loads(data: str | bytes | bytearray) -> Any:
    """``json.loads(data)``; raises ValueError on anything that is not JSON
    halflow can hold (invalid, nested too deeply, too large)."""
    try:
        return json.loads(data)
    except RecursionError:
        raise ValueError("its JSON is nested too deeply") from None
    except MemoryError:
        raise ValueError("its JSON is too large to decode") from None
