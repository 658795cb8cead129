"""Seeded random mutations of corpus files, built with the halflow library.

Run as a process by ``test_robustness.py`` so that a crash of the
interpreter (a segfault in the MLIR bindings, say) fails the test and names
the mutation instead of taking pytest down::

    python tests/robustness_driver.py OUT_DIR SEEDS FILE... [--edits CACHE_DIR] [--cuts]

``SEEDS`` is a comma-separated list of seeds and ``FIRST:END`` ranges
(``0:300,866``). For each seed it writes the mutated input to
``OUT_DIR/<seed>.mlir`` and prints JSON lines to stdout, flushed at once:
``{"seed", "event": "start", "file", "kind"}`` before building, then
``{"seed", "event": "done", "outcome", "detail"}``. ``outcome`` is ``ok``
(the output is in ``OUT_DIR/<seed>.out``; ``mode`` is the build report's),
``diagnostic``
(``halflow.HalflowError``; detail is its text) or ``failure`` (any other
exception; detail is the traceback). A ``start`` without its ``done`` means
the process died there: a crash, or a build still running after
``PER_MUTATION_SECONDS`` (faulthandler then dumps every thread's stack to
stderr and exits; it needs no GIL, so it also ends a deadlock inside the
bindings).

With ``--cuts``, SEEDS are byte offsets into the ``{-# dialect_resources
#-}`` section of the first FILE, and each mutation is that file cut off
there (:func:`cut_in_resources`).

With ``--edits CACHE_DIR`` every mutation is built as an *edit*: the
original file is built at ``OUT_DIR/edits/<name>`` with the cache in
``CACHE_DIR``, then the mutation is saved over it and built again, so the
incremental engine meets it with the state of the good build (its output
goes to ``OUT_DIR/<seed>.out`` as before).

Mutations are pure functions of (seed, source files): :func:`mutate`
regenerates any of them.
"""

from __future__ import annotations

import dataclasses
import faulthandler
import json
import random
import re
import sys
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

TOKEN = re.compile(rb"[%@#^]?[\w.$-]+|\S")
PER_MUTATION_SECONDS = 20


@dataclass(frozen=True)
class Mutation:
    seed: int
    file: Path
    kind: str
    data: bytes


def _lines(data: bytes) -> list[bytes]:
    return data.splitlines(keepends=True)


def delete_lines(rng: random.Random, data: bytes) -> bytes:
    lines = _lines(data)
    start = rng.randrange(len(lines))
    del lines[start : start + rng.randint(1, 3)]
    return b"".join(lines)


def duplicate_lines(rng: random.Random, data: bytes) -> bytes:
    lines = _lines(data)
    start = rng.randrange(len(lines))
    chunk = lines[start : start + rng.randint(1, 3)]
    at = rng.randrange(len(lines) + 1)
    return b"".join(lines[:at] + chunk + lines[at:])


def swap_tokens(rng: random.Random, data: bytes) -> bytes:
    tokens = list(TOKEN.finditer(data))
    a = rng.randrange(len(tokens))
    # Mostly nearby tokens (same op), sometimes anywhere in the file.
    if rng.random() < 0.7:
        b = min(len(tokens) - 1, max(0, a + rng.randint(-8, 8)))
    else:
        b = rng.randrange(len(tokens))
    first, second = sorted((tokens[a], tokens[b]), key=lambda m: m.start())
    if first.start() == second.start():
        return data
    return (
        data[: first.start()]
        + second.group()
        + data[first.end() : second.start()]
        + first.group()
        + data[second.end() :]
    )


def truncate(rng: random.Random, data: bytes) -> bytes:
    return data[: rng.randrange(len(data))]


def change_bytes(rng: random.Random, data: bytes) -> bytes:
    out = bytearray(data)
    for _ in range(rng.randint(1, 3)):
        at = rng.randrange(len(out))
        # Mostly syntax characters and digits; sometimes any byte at all.
        if rng.random() < 0.8:
            out[at] = rng.choice(b"{}()[]<>,:=%@#!\"0123456789x- \n")
        else:
            out[at] = rng.randrange(256)
    return bytes(out)


# Edits that keep the IR valid but change what the pass computes: resource
# accesses, `once` regions, immutable loads, visibility, targets, sizes.
KEYWORD_SWAPS: tuple[tuple[bytes, ...], ...] = (
    (b" ro ", b" wo ", b" rw "),
    (b"stream.cmd.execute once ", b"stream.cmd.execute "),
    (b"util.global.load immutable ", b"util.global.load "),
    (b"stream.executable private ", b"stream.executable public "),
    (b'"x86-64-v3"', b'"x86-64-v4"', b'"znver4"'),
    (b"stream.alignment = 64", b"stream.alignment = 16"),
    (b"arith.constant 1 : index", b"arith.constant 7 : index"),
)


def swap_keyword(rng: random.Random, data: bytes) -> bytes:
    present = [group for group in KEYWORD_SWAPS if any(k in data for k in group)]
    if not present:
        return data
    group = rng.choice(present)
    old = rng.choice([k for k in group if k in data])
    starts = [m.start() for m in re.finditer(re.escape(old), data)]
    at = rng.choice(starts)
    new = rng.choice([k for k in group if k != old])
    return data[:at] + new + data[at + len(old) :]


KINDS: dict[str, Callable[[random.Random, bytes], bytes]] = {
    "swap_keyword": swap_keyword,
    "delete_lines": delete_lines,
    "duplicate_lines": duplicate_lines,
    "swap_tokens": swap_tokens,
    "truncate": truncate,
    "change_bytes": change_bytes,
}


GARBAGE = (b"}", b"{", b"%", b"@", b"#", b'"', b"<<", b"->", b"^bb9:", b"\x00", b"\xff\xfe",
           b"// -", b"{-#", b"#-}", b"!stream.resource<*>", b"%c0 = arith.constant 0 : index")


def insert_garbage(rng: random.Random, data: bytes) -> bytes:
    """A few syntax fragments (or random bytes) inserted anywhere."""
    at = rng.randrange(len(data) + 1)
    junk = rng.choice(GARBAGE) if rng.random() < 0.8 else bytes(
        rng.randrange(256) for _ in range(rng.randint(1, 6)))
    return data[:at] + junk + data[at:]


NUMBER = re.compile(rb"(?<![\w.$#%@-])-?\d+(?:\.\d+(?:e[+-]?\d+)?)?(?![\w.$])")


def change_number(rng: random.Random, data: bytes) -> bytes:
    """One number (a constant, a shape, an index, an ordinal) changed."""
    numbers = list(NUMBER.finditer(data))
    if not numbers:
        return data
    m = rng.choice(numbers)
    new = rng.choice([b"0", b"1", b"-1", b"2", b"7", b"64", b"4294967296", b"1.5",
                      str(int(float(m.group())) + rng.randint(1, 9)).encode()])
    return data[: m.start()] + new + data[m.end() :]


SYMBOL = re.compile(rb"@[\w$.-]+")


def change_symbol(rng: random.Random, data: bytes) -> bytes:
    """One symbol reference renamed: to another symbol of the file, or to
    one that does not exist."""
    symbols = list(SYMBOL.finditer(data))
    if not symbols:
        return data
    m = rng.choice(symbols)
    new = rng.choice([rng.choice(symbols).group(), m.group() + b"_x", b"@nosuch"])
    return data[: m.start()] + new + data[m.end() :]


def truncate_tail(rng: random.Random, data: bytes) -> bytes:
    """Cut off within the last 400 bytes: the end of the module and the
    ``{-# dialect_resources #-}`` section, where most files end."""
    return data[: rng.randrange(max(0, len(data) - 400), len(data))]


# The command-line fuzz test's kinds (test_fuzz_cli.py). KINDS above stays as
# it is: its seeds name the mutations earlier runs found bugs with (and so do
# test_fuzz_cli.py's regression cases for these).
FUZZ_KINDS: dict[str, Callable[[random.Random, bytes], bytes]] = {
    "delete_lines": delete_lines,
    "duplicate_lines": duplicate_lines,
    "swap_tokens": swap_tokens,
    "truncate": truncate,
    "truncate_tail": truncate_tail,
    "insert_garbage": insert_garbage,
    "change_number": change_number,
    "change_symbol": change_symbol,
    "change_bytes": change_bytes,
}


def mutate(
    seed: int,
    files: Sequence[Path],
    kinds: dict[str, Callable[[random.Random, bytes], bytes]] = KINDS,
) -> Mutation:
    """The mutation of ``seed``: which file, which kind, and the result."""
    rng = random.Random(seed)
    file = files[rng.randrange(len(files))]
    kind = sorted(kinds)[rng.randrange(len(kinds))]
    return Mutation(seed, file, kind, kinds[kind](rng, file.read_bytes()))


RESOURCES = b"{-#"


def cut_in_resources(offset: int, file: Path) -> Mutation:
    """``file`` cut off ``offset`` bytes into its ``{-# ... #-}`` section
    (``--cuts``: the seeds are those offsets)."""
    data = file.read_bytes()
    start = data.rfind(RESOURCES)
    if start < 0:
        raise ValueError(f"{file} has no {RESOURCES.decode()} section")
    return Mutation(offset, file, "cut_in_resources", data[: start + offset])


def _emit(record: dict[str, object]) -> None:
    sys.stdout.write(json.dumps(record) + "\n")
    sys.stdout.flush()


def _renamed(diagnostic: Any, old: str, new: str) -> Any:
    """``diagnostic`` (and its notes) at ``new`` where they were at ``old``."""
    return dataclasses.replace(
        diagnostic,
        filename=new if diagnostic.filename == old else diagnostic.filename,
        notes=tuple(_renamed(n, old, new) for n in diagnostic.notes),
    )


def parse_seeds(spec: str) -> list[int]:
    """``0:300,866`` -> 0..299 and 866."""
    seeds: list[int] = []
    for part in spec.split(","):
        if ":" in part:
            first, end = part.split(":")
            seeds.extend(range(int(first), int(end)))
        elif part:
            seeds.append(int(part))
    return seeds


def main(argv: Sequence[str]) -> int:
    import argparse

    parser = argparse.ArgumentParser()
    parser.add_argument("out_dir", type=Path)
    parser.add_argument("seeds", type=parse_seeds)
    parser.add_argument("files", type=Path, nargs="+")
    parser.add_argument("--edits", type=Path, metavar="CACHE_DIR")
    parser.add_argument("--cuts", action="store_true",
                        help="SEEDS are offsets into the first FILE's resource section")
    args = parser.parse_args(argv)
    out: Path = args.out_dir

    import halflow

    def build(mutation: Mutation, source: Path) -> halflow.BuildResult:
        if args.edits is None:
            source.write_bytes(mutation.data)
            return halflow.build(source)
        edited = out / "edits" / mutation.file.name
        edited.parent.mkdir(exist_ok=True)
        edited.write_bytes(mutation.file.read_bytes())
        halflow.build(edited, cache_dir=args.edits)
        source.write_bytes(mutation.data)
        edited.write_bytes(mutation.data)
        try:
            return halflow.build(edited, cache_dir=args.edits)
        except halflow.HalflowError as err:
            # The same diagnostics as for OUT_DIR/<seed>.mlir, under that name.
            raise halflow.HalflowError(
                [_renamed(d, str(edited), str(source)) for d in err.diagnostics]
            ) from None

    for seed in args.seeds:
        mutation = cut_in_resources(seed, args.files[0]) if args.cuts else mutate(seed, args.files)
        source = out / f"{seed}.mlir"
        _emit({"seed": seed, "event": "start", "file": mutation.file.name, "kind": mutation.kind})
        faulthandler.dump_traceback_later(PER_MUTATION_SECONDS, exit=True)
        try:
            result = build(mutation, source)
            (out / f"{seed}.out").write_text(result.text)
            outcome, detail, mode = "ok", "", result.report.get("mode")
        except halflow.HalflowError as err:
            outcome, detail, mode = "diagnostic", str(err), None
        except BaseException:
            outcome, detail, mode = "failure", traceback.format_exc(), None
        finally:
            faulthandler.cancel_dump_traceback_later()
        _emit({"seed": seed, "event": "done", "outcome": outcome, "detail": detail,
               "mode": mode})
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
