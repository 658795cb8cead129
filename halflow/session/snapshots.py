"""Reading a watched input: its bytes only if it held still while read.

An editor may be writing the file while a watcher reads it; :func:`read_stable`
reads between two ``stat`` calls and says ``unstable`` when the file moved,
so a build never sees half a save.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from halflow.core.options import PathLike


def stat_key(st: os.stat_result) -> tuple[int, int, int, int]:
    return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)


@dataclass(frozen=True)
class Snapshot:
    """What reading an input found: its bytes if it held still, or why not."""

    state: str  # "ok", "missing", "unstable", "unreadable"
    data: bytes = b""
    stat: tuple[int, int, int, int] | None = None
    reason: str = ""


def read_stable(path: PathLike) -> Snapshot:
    """Read ``path`` between two stats; ``unstable`` if it moved meanwhile.

    Costs one read and three stats (a few milliseconds for a 5 MB module).
    """
    try:
        before = os.stat(path)
        with open(path, "rb") as f:
            opened = os.fstat(f.fileno())
            data = f.read()
        after = os.stat(path)
    except FileNotFoundError:
        return Snapshot("missing")
    except IsADirectoryError:
        return Snapshot("unreadable", reason="is a directory")
    except OSError as e:
        return Snapshot("unreadable", reason=e.strerror or str(e))
    key = stat_key(after)
    if stat_key(before) != key or stat_key(opened) != key or len(data) != after.st_size:
        return Snapshot("unstable", stat=key)
    return Snapshot("ok", data, key)
