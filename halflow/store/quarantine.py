"""Moving a damaged cache aside without touching anything else in its folder.

A cache directory may hold files halflow never wrote: the user chose the
folder (``--cache-dir .``, an earlier ``-o`` output placed there, notes).
When the cache's index is damaged, halflow starts a fresh cache in the same
folder, and only the files that halflow's cache itself writes move aside,
into ``damaged-<time>-<pid>/`` inside the folder (same relative paths), for
inspection. Every other file stays where it is, byte for byte.

Halflow's own files are exactly these names:

- ``cache.db`` and SQLite's companions (``-wal``, ``-shm``, ``-journal``);
- value files ``XX/YY/<28 hex digits>.val`` (diskcache's naming: two levels
  of two hex digits);
- ``builds.jsonl`` (the history of builds), its ``builds.jsonl.lock``, and
  its temporary file while it is compacted
  (``.builds.jsonl.<pid>.<8 hex>.halflow-tmp``; earlier versions:
  ``builds.jsonl.<pid>.tmp``); ``totals.json`` (the counters the history
  dropped) and its temporary file (``.totals.json.<pid>.<8 hex>.halflow-tmp``).

The set kept aside is bounded: moving a new one aside deletes the previous
sets, which halflow recognizes by the marker file it writes into each (and
within them, again, only halflow's own names are removed).
"""

from __future__ import annotations

import contextlib
import os
import re
import time
from pathlib import Path

from halflow.core.output import write_atomic
from halflow.store.diskformat import DB_NAME, HISTORY_NAME, TOTALS_NAME

MARKER = "HALFLOW-DAMAGED-CACHE.txt"
KEEP = 1  # sets of damaged files kept (the newest ones)
_ASIDE = re.compile(r"damaged-\d{8}T\d{6}-\d+(?:-\d+)?")
_HEX2 = re.compile(r"[0-9a-f]{2}")
_VALUE = re.compile(r"[0-9a-f]{28}\.val")
_TOP = re.compile(
    re.escape(DB_NAME) + r"(?:-wal|-shm|-journal)?"
    + "|" + re.escape(HISTORY_NAME) + r"(?:\.\d+\.tmp|\.lock)?"
    + "|" + re.escape(TOTALS_NAME)
    # The history and totals being written (halflow.core.output's temporary name).
    + "|" + r"\.(?:" + re.escape(HISTORY_NAME) + "|" + re.escape(TOTALS_NAME) + ")"
    + r"\.\d+\.[0-9a-f]{8}\.halflow-tmp"
)


def own_files(directory: Path) -> list[Path]:
    """The files in ``directory`` that a halflow cache writes (relative
    paths, see the module docstring); nothing else."""
    found: list[Path] = []
    try:
        top = sorted(os.scandir(directory), key=lambda e: e.name)
    except OSError:
        return found
    for entry in top:
        with contextlib.suppress(OSError):
            if _TOP.fullmatch(entry.name) and entry.is_file(follow_symlinks=False):
                found.append(Path(entry.name))
            elif _HEX2.fullmatch(entry.name) and entry.is_dir(follow_symlinks=False):
                found.extend(_value_files(directory, entry.name))
    return found


def _value_files(directory: Path, first: str) -> list[Path]:
    found: list[Path] = []
    with contextlib.suppress(OSError):
        for second in os.scandir(directory / first):
            if not (_HEX2.fullmatch(second.name) and second.is_dir(follow_symlinks=False)):
                continue
            for value in os.scandir(second.path):
                if _VALUE.fullmatch(value.name) and value.is_file(follow_symlinks=False):
                    found.append(Path(first, second.name, value.name))
    return found


def move_aside(directory: Path, reason: str) -> Path | None:
    """Move halflow's own files in ``directory`` into a new
    ``damaged-...`` folder inside it, after removing older such folders
    beyond :data:`KEEP`; returns the new folder (None when there was nothing
    to move or it could not be made). Never raises: what cannot be moved
    stays (the fresh cache then fails again and the build goes on without a
    cache)."""
    files = own_files(directory)
    if not files:
        return None
    _prune(directory, KEEP - 1)
    stamp = time.strftime("%Y%m%dT%H%M%S", time.gmtime())
    aside = directory / f"damaged-{stamp}-{os.getpid()}"
    for n in range(100):
        candidate = aside if n == 0 else aside.with_name(f"{aside.name}-{n}")
        try:
            candidate.mkdir()
        except FileExistsError:
            continue
        except OSError:
            return None
        aside = candidate
        break
    else:
        return None
    with contextlib.suppress(OSError):
        write_atomic(
            aside / MARKER,
            "halflow moved these cache files aside because the cache was damaged:\n"
            f"{reason}\nhalflow removes this folder when it moves a newer damaged cache aside.\n",
        )
    emptied: set[Path] = set()
    for rel in files:
        with contextlib.suppress(OSError):
            (aside / rel).parent.mkdir(parents=True, exist_ok=True)
            os.replace(directory / rel, aside / rel)
            if len(rel.parts) == 3:
                emptied.add(rel.parent)
    _remove_empty(directory, emptied)
    return aside


def _remove_empty(base: Path, folders: set[Path]) -> None:
    """Remove the value folders ``XX/YY`` (and ``XX``) under ``base`` that
    halflow's files were taken out of, if that left them empty (rmdir
    removes only empty folders: one holding someone's file stays)."""
    for sub in sorted(folders, reverse=True):
        for path in (base / sub, base / sub.parent):
            with contextlib.suppress(OSError):
                path.rmdir()


def _prune(directory: Path, keep: int) -> None:
    """Remove all but the newest ``keep`` folders halflow moved aside."""
    try:
        sets = sorted(
            (e.name for e in os.scandir(directory)
             if _ASIDE.fullmatch(e.name) and e.is_dir(follow_symlinks=False)
             and os.path.isfile(os.path.join(e.path, MARKER))),
        )
    except OSError:
        return
    for name in sets[: max(0, len(sets) - keep)]:
        _remove_set(directory / name)


def _remove_set(aside: Path) -> None:
    """Delete a moved-aside set: halflow's own names only, then the folders
    left empty (a file someone put there keeps its folder)."""
    files = own_files(aside)
    for rel in files:
        with contextlib.suppress(OSError):
            os.unlink(aside / rel)
    with contextlib.suppress(OSError):
        os.unlink(aside / MARKER)
    _remove_empty(aside, {rel.parent for rel in files if len(rel.parts) == 3})
    with contextlib.suppress(OSError):
        aside.rmdir()
