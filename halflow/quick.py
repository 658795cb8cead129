"""The ``halflow`` command's entry point, and the up-to-date check that runs
before anything else loads.

Build tools run ``halflow build INPUT -o OUTPUT`` on every build, and most of
those runs find OUTPUT current. On a large module such a run costs a few
milliseconds of hashing and one cache lookup; the command-line framework
alone (click, with its imports) costs more than that. So the entry point
first recognizes the plain form of that command, and answers it here when
OUTPUT still holds exactly what an earlier build wrote for the same input
bytes, options, stage versions and compiler. Anything else (other options,
a missing cache, an output that changed since it was written, any doubt) is
handed to the full command line (:mod:`halflow.cli`), which makes the same
check again and builds when needed. This module therefore only ever
declines or confirms; it never builds, writes an output or diagnoses.

The output key and the written-output marker are defined here, once, and
used by :mod:`halflow.builder` for every build.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import time
from collections.abc import Sequence
from typing import Any

OUTPUT_MARKER = "written:"


def options_fingerprint(split_input_file: bool) -> str:
    """The build options that enter keys (``--explain`` reports a change)."""
    return hashlib.blake2b(
        json.dumps({"split_input_file": split_input_file}).encode(), digest_size=10
    ).hexdigest()


def input_fingerprint(data: bytes) -> str:
    return hashlib.blake2b(data, digest_size=20).hexdigest()


def output_key(input_hash: str, options: str) -> str:
    """The cache key of the whole output for these input bytes and options.

    Stage versions are in the key (a bumped stage makes old outputs stale),
    as are the halflow and compiler versions."""
    from halflow import stages
    from halflow.fingerprint import environment, fingerprint

    return "output:" + fingerprint(input_hash, options, stages.tag(), environment())


def marker_key(path: str | os.PathLike[str]) -> str:
    """The cache key under which a build records what it wrote to ``path``."""
    return OUTPUT_MARKER + os.path.abspath(path)


def marker(key: str, stat: os.stat_result, total: int) -> list[Any]:
    """The record of an output file written for output ``key`` (``total``:
    node count of the build, for reports of later no-op builds)."""
    return [key, stat.st_size, stat.st_mtime_ns, total]


def marker_matches(recorded: object, key: str, stat: os.stat_result) -> bool:
    """Whether the file with ``stat`` is still what was written for ``key``:
    same output key, and neither size nor modification time changed since."""
    return (
        isinstance(recorded, list)
        and len(recorded) == 4
        and recorded[:3] == [key, stat.st_size, stat.st_mtime_ns]
        and isinstance(recorded[3], int)
    )


def _plain_build(argv: Sequence[str]) -> tuple[str, str, str | None] | None:
    """``(INPUT, OUTPUT, CACHE_DIR)`` when ``argv`` is ``build INPUT -o
    OUTPUT [--cache-dir DIR]`` (in any order, ``--opt=value`` allowed);
    None for every other command line. Declining is always safe."""
    if len(argv) < 4 or argv[0] != "build":
        return None
    values: dict[str, str] = {}
    positional: list[str] = []
    names = {"-o": "output", "--output": "output", "--cache-dir": "cache_dir"}
    rest = list(argv[1:])
    while rest:
        token = rest.pop(0)
        name, eq, value = token.partition("=")
        if token.startswith("-"):
            option = names.get(name if eq else token)
            if option is None or option in values:
                return None
            if not eq:
                if not rest:
                    return None
                value = rest.pop(0)
            if not value or value.startswith("-"):
                return None
            values[option] = value
        else:
            positional.append(token)
    if len(positional) != 1 or "output" not in values:
        return None
    return positional[0], values["output"], values.get("cache_dir")


class Checked:
    """What the up-to-date check read: handed on to the full command line
    when the check declines, so that declining costs nothing (the input's
    bytes are read once, the cache is opened once)."""

    __slots__ = ("cache_dir", "current", "data", "input", "store")

    def __init__(self, input: str, cache_dir: str | None, data: bytes, store: Any = None):
        self.input = input
        self.cache_dir = cache_dir
        self.data = data
        self.store = store
        self.current = False

    def close(self) -> None:
        if self.store is not None:
            self.store.close()
            self.store = None


def check(argv: Sequence[str]) -> Checked | None:
    """Check a plain ``halflow build INPUT -o OUTPUT``: None for any other
    command line (or an input that cannot be read); otherwise what was read,
    ``current`` when OUTPUT is up to date (the build is then recorded in the
    cache's history, as every build is)."""
    start = time.perf_counter()
    plain = _plain_build(argv)
    if plain is None:
        return None
    input_path, output_path, cache_dir = plain
    try:
        with open(input_path, "rb") as f:
            checked = Checked(input_path, cache_dir, f.read())
    except OSError:
        return None
    try:
        stat = os.stat(output_path)
    except OSError:
        return checked
    from halflow.cache import Cache, default_cache_dir

    directory = default_cache_dir() if cache_dir is None else cache_dir
    if not os.path.isfile(os.path.join(directory, "cache.db")):
        return checked
    checked.store = store = Cache(directory)
    key = output_key(input_fingerprint(checked.data), options_fingerprint(False))
    recorded = store.get(marker_key(output_path))
    if marker_matches(recorded, key, stat):
        store.record_build(
            {
                "input": input_path,
                "mode": "up-to-date",
                "executed": 0,
                "reused": recorded[3],
                "seconds": round(time.perf_counter() - start, 6),
            }
        )
        checked.current = True
    return checked


def main() -> None:
    """The ``halflow`` command."""
    try:
        checked = check(sys.argv[1:])
    except Exception:  # noqa: BLE001 - any doubt: the full command line decides
        checked = None
    try:
        if checked is not None and checked.current:
            sys.exit(0)
        from halflow.cli import main as command_line

        command_line(obj=checked)
    finally:
        if checked is not None:
            checked.close()
