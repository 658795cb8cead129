"""``iree-compile``'s command line, read as LLVM's option parser reads it.

``halflow iree-compile ARGS`` (and the ``iree-compile`` of the masquerade
directory) takes exactly the arguments ``iree-compile`` takes. This module
says what they mean: the input (one positional argument, ``-`` for
stdin), the output (``-o FILE``, ``-o=FILE``, ``--o FILE``; stdout without
one), and every other option as ``--name=value``, in order. LLVM's
``cl`` parser decides whether ``--name word`` is an option with its value
or an option and the input by the option's kind: an option that requires a
value takes the next word whatever it is; a flag never does. halflow asks
``iree-compile`` itself (:func:`value_options`, from its
``--help-list-hidden``, read once per compiler and kept) instead of
guessing. Response files (``@FILE``, which ``iree-compile`` expands) are
expanded as LLVM's GNU tokenizer does on Unix.

Nothing here decides whether halflow can build the line: see
:func:`pass_through_reason`. The module imports little: the pass-through
path runs it before it executes the real compiler.
"""

from __future__ import annotations

import os
import re

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

# Options whose presence means the real compiler answers (nothing to build).
_INFORMATIONAL = ("help", "version", "iree-hal-list-target-backends", "print-options",
                  "print-all-options", "h")
# Options that move the phases or the output's form: the real compiler runs.
_PHASES = ("compile-to", "compile-from", "compile-mode", "split-input-file", "output-format")
# Prefixes of options that write side files or print to stderr what a
# cached build would not (dumps, IR printing, timings, statistics).
_SIDE_OUTPUT = ("iree-hal-dump-", "dump-compilation-phases-to", "mlir-print-ir-",
                "mlir-timing", "mlir-pass-statistics", "mlir-elide-", "print-after",
                "print-before", "print-changed", "print-pipeline-passes", "time-passes",
                "debug", "stats", "mlir-disable-threading", "iree-scheduling-dump-",
                "mlir-print-op-generic", "mlir-print-local-scope",
                "emit-mlir-bytecode", "mlir-print-assume-verified",
                "mlir-print-elementsattrs-with-hex-if-larger", "mlir-print-skip-regions",
                "mlir-print-value-users", "mlir-print-unique-ssa-ids")
# Options of halflow's own phase boundaries and splices (codegen/flags.py refuses them).
_SPLICES = ("iree-hal-substitute-executable-",)
_HELP_LINE = re.compile(r"^  (-{1,2}[^\s=\[<]+)(=<[^>]*>| <[^>]*>)?(\S*)\s")


class Parsed:
    """One ``iree-compile`` command line: ``input`` (None: none given;
    ``-``: stdin), ``output`` (None: stdout; ``-``: stdout too), ``flags``
    (every other option as ``--name`` or ``--name=value``, in order), and
    ``extra`` (positional arguments beyond the first: the real compiler
    says what is wrong)."""

    __slots__ = ("extra", "flags", "input", "output")

    def __init__(self) -> None:
        self.input: str | None = None
        self.output: str | None = None
        self.flags: list[str] = []
        self.extra: list[str] = []

    @property
    def names(self) -> list[str]:
        """The options' names, without dashes or values."""
        return [f.lstrip("-").split("=", 1)[0] for f in self.flags]


def expand_response_files(argv: Sequence[str], depth: int = 0) -> list[str] | None:
    """``argv`` with every ``@FILE`` replaced by the arguments in FILE (GNU
    quoting, as LLVM reads them on Unix; nested files too); None where one
    cannot be read or nests too deep (the real compiler then reads them)."""
    if not any(a.startswith("@") for a in argv):
        return list(argv)
    if depth > 20:
        return None
    import shlex

    out: list[str] = []
    for arg in argv:
        if not arg.startswith("@"):
            out.append(arg)
            continue
        try:
            with open(arg[1:], encoding="utf-8") as f:
                words = shlex.split(f.read(), comments=False, posix=True)
        except (OSError, ValueError, UnicodeDecodeError):
            return None
        inner = expand_response_files(words, depth + 1)
        if inner is None:
            return None
        out.extend(inner)
    return out


def parse(argv: Sequence[str], takes_value: Callable[[str], bool]) -> Parsed:
    """``argv`` (without the program's name, response files expanded) as
    LLVM's parser reads it. ``takes_value(name)``: whether the option
    ``name`` (no dashes) requires a value, asked only of an option written
    without ``=value``."""
    parsed = Parsed()
    positional: list[str] = []
    items = list(argv)
    i = 0
    options_done = False
    while i < len(items):
        arg = items[i]
        i += 1
        if options_done or arg == "-" or not arg.startswith("-"):
            positional.append(arg)
            continue
        if arg == "--":
            options_done = True
            continue
        name, eq, value = arg.lstrip("-").partition("=")
        if not eq and i < len(items) and takes_value(name):
            value, eq = items[i], "="
            i += 1
        if name == "o":
            parsed.output = value if eq else None
            if not eq:
                parsed.flags.append(arg)  # `-o` last: the real compiler says it needs a value
            continue
        parsed.flags.append(f"--{name}={value}" if eq else f"--{name}")
    if positional:
        parsed.input = positional[0]
        parsed.extra = positional[1:]
    return parsed


def pass_through_reason(parsed: Parsed, known: Callable[[str], bool]) -> str | None:
    """Why the real compiler must run this line as it is (a short reason,
    counted by ``halflow cache stats``), or None when halflow builds it.
    ``known(name)``: whether ``iree-compile`` has the option ``name``."""
    for flag in parsed.flags:
        name = flag.lstrip("-").split("=", 1)[0]
        value = flag.split("=", 1)[1] if "=" in flag else None
        if name in _INFORMATIONAL or name.startswith("help"):
            return f"--{name}"
        if name == "o":
            return "-o without a file"
        if name in _PHASES:
            if name == "output-format" and value == "vm-bytecode":
                continue
            return f"--{name}"
        if name == "iree-vm-bytecode-module-output-format" and value != "flatbuffer-binary":
            return f"--{name}"
        if any(name.startswith(p) for p in _SIDE_OUTPUT):
            return f"--{name} (side output)"
        if any(name.startswith(p) for p in _SPLICES):
            return f"--{name}"
        if not known(name):
            return "unknown option"
    if parsed.input is None or parsed.extra:
        return "not one input"
    if parsed.input.startswith("@"):
        return "response file"
    if parsed.output not in (None, "-") and os.path.isdir(parsed.output):
        return "output is a directory"
    return None


def help_options(help_text: str) -> tuple[set[str], set[str]]:
    """The option names of ``iree-compile --help-list-hidden`` (no dashes),
    and those among them that require a value (``--name=<type>``, ``-o
    <filename>``; not ``--name[=<value>]``, whose value is optional)."""
    every: set[str] = set()
    valued: set[str] = set()
    for line in help_text.splitlines():
        m = _HELP_LINE.match(line)
        if m is None:
            continue
        name = m.group(1).lstrip("-")
        every.add(name)
        if m.group(2) and not m.group(3).startswith("["):
            valued.add(name)
    return every, valued
