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

import json
import os
import sys
import time
from collections.abc import Sequence

try:  # the hash itself: `hashlib` also loads OpenSSL (~3 ms of a no-op rebuild)
    from _blake2 import blake2b
except ImportError:  # pragma: no cover - CPython always has it
    from hashlib import blake2b

OUTPUT_MARKER = "written:"


def options_fingerprint(split_input_file: bool) -> str:
    """The build options that enter keys (``--explain`` reports a change)."""
    return blake2b(
        json.dumps({"split_input_file": split_input_file}).encode(), digest_size=10
    ).hexdigest()


def input_fingerprint(data: bytes) -> str:
    return blake2b(data, digest_size=20).hexdigest()


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


def marker(key: str, stat: os.stat_result, total: int) -> list[object]:
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
    when the check declines, so that the input's bytes are read once."""

    __slots__ = ("cache_dir", "current", "data", "input")

    def __init__(self, input: str, cache_dir: str | None, data: bytes):
        self.input = input
        self.cache_dir = cache_dir
        self.data = data
        self.current = False


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
    from halflow import cacheio

    directory = cache_dir if cache_dir is not None else cacheio.default_cache_dir()
    key = output_key(input_fingerprint(checked.data), options_fingerprint(False))
    recorded = cacheio.read_json_entry(directory, marker_key(output_path))
    if marker_matches(recorded, key, stat):
        assert isinstance(recorded, list)
        cacheio.append_history(directory, {
            "time": time.time(),
            "hits": 1,
            "misses": 0,
            "corrupt": 0,
            "by_kind": {"written": [1, 0]},
            "input": input_path,
            "mode": "up-to-date",
            "executed": 0,
            "reused": recorded[3],
            "seconds": round(time.perf_counter() - start, 6),
        })
        checked.current = True
    return checked


def main() -> None:
    """The ``halflow`` command."""
    try:
        checked = check(sys.argv[1:])
    except Exception:  # noqa: BLE001 - any doubt: the full command line decides
        checked = None
    if checked is not None and checked.current:
        sys.exit(0)
    from halflow.cli import main as command_line

    command_line(obj=checked)
