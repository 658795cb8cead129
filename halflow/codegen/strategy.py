"""Plain or incremental: which path a ``.vmfb`` build of a program takes.

The incremental path (``mode: groups``) has fixed costs a plain compile does
not have: worker processes to start (~1 s of CPU each: Python and the
compiler library; a long cold build runs in the build process instead),
each executable parsed and printed on its own (and, when these figures
were measured, translated in an invocation of its own: ~0.02 s more per
executable than inside one ``iree-compile``; now one invocation per group),
each group linking its own runtime library (~0.1-0.25 s), the host as an
``iree-opt`` process (0.4-1 s). On a small
program these cost more than reuse can save: measured (``benchmarks/real_models.py``,
2026-12-02, load 1-3), cold builds 0.58-0.64x plain and one-edit rebuilds
0.67-1.37x on ``mlp`` (10-13 executables) and ``gpt2_l4`` (16-19), against
1.1-2.8x rebuilds on ``openelm_l4`` (79) and 1.3-3.2x on ``llama_serving_l2``
(144-174).

So a program whose materialized module is small takes the plain path
(``mode: plain``): IREE's whole back end in one ``iree-compile`` process
(:mod:`halflow.codegen.plain`) on the module the front end wrote, whose
``.vmfb`` is byte-identical to a plain ``iree-compile`` of the program. The
size is the bytecode of the front end's output (``executable-sources``,
known as soon as the front end ends, without loading IREE in the build
process; the sizes of the benchmarks' programs are in docs/benchmarks.md,
"Figures behind constants"). :data:`PLAIN_BELOW` sits between the
programs that never gained and those that do. A front end written as text
(a program with ``dense_resource`` literals: :func:`halflow.codegen.model.front_end_form`)
is 5-13x larger than its bytecode, and holds the literals' data (inline
weights of megabytes), so its size says nothing of the work: it is
measured by its executables instead (:data:`PLAIN_BELOW_EXECUTABLES`, the
same line: gpt2_l4 16-19, openelm_l4 79, llama_serving_l2's 90 in 78 KB).

Only a build that starts its own local workers decides so: with workers kept
warm (``halflow watch``) or on Dask there is no start-up to pay, and a
pre-materialize module has no front end (both: incremental).

A program past the lines whose translations are mostly missing from the
cache (:data:`FILL_SHARE` of them or more, and :data:`FILL_FROM`: its first build in this cache,
or an edit that changes nearly every executable, as an added layer does
where IREE specializes executables on their call sites) gains nothing
from the incremental path, which would translate nearly everything one
executable at a time: measured with ``benchmarks/zoo.py --strategy
incremental`` (2026-12-05), cold builds 0.57-1.38x plain and the added
layers 0.51-0.90x under load, 0.95-1.31x on a quiet machine, where 50-70%
of the translations were new. It compiles plainly (:func:`fills_after`)
and leaves the cache to a fill in the background
(:mod:`halflow.codegen.fill`): a plain build alone would leave the cache
behind the model, and every later edit would look as large. Below the
share, the incremental path, whatever the edit dirtied.

A program built plainly last time has nothing of its own in the cache: an
incremental build now would translate every executable (a cold build:
0.55-1.0x plain, measured on the zoo's models of 29-284 executables), so
it stays plain until it has grown well past the line (:data:`STAYS_PLAIN`
times it). Without that margin a program near the line paid a cold build
at the edit that took it over (``benchmarks/zoo.py``, 2026-12-05, 3
repeats: Wav2Vec2's added layer, 37 to 41 KB, 29 executables, 0.75x; a
decoder with a KV cache at 40 KB, 41 executables, 1.00x); with it, the
edit compiles plainly, and a program of twice the line (every executable
gaining more from reuse) pays that cold build once.

``HALFLOW_VMFB_STRATEGY`` (``auto``, ``plain``, ``incremental``) or the
``strategy`` argument of :func:`halflow.codegen.pipeline.build_vmfb`
overrides the choice; ``plain`` applies to programs only.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from halflow.core import config
from halflow.core.diagnostics import Diagnostic, HalflowError

# Bytes of the front end's bytecode output below which a program compiles
# plainly (see the module docstring for the measured sizes around it).
PLAIN_BELOW = 40_000
# Bytes of a text-bound program's IR (without its resources' data) below
# which it compiles whole, without a front end (:func:`compiles_whole`):
# above the zoo's small turbine exports, below llama_serving_l2
# (docs/benchmarks.md, "Figures behind constants").
PLAIN_MODEL_BELOW = 80_000
# Executables of a text front end's output below which it compiles plainly.
PLAIN_BELOW_EXECUTABLES = 40
# A program built plainly last time stays plain below this many times the
# lines above (see the module docstring).
STAYS_PLAIN = 2
# The share of a build's translations missing from the cache from which it
# compiles plainly and fills the cache in the background (see the module
# docstring).
FILL_SHARE = 0.8
# ... and from this many missing translations: below it, the incremental
# path translates them in less time than a fill's process takes to start.
FILL_FROM = 8
_EXECUTABLE = re.compile(rb"^  hal\.executable ", re.M)  # top level, as IREE prints it
_BYTECODE_MAGIC = b"ML\xefR"

class Strategy(StrEnum):
    AUTO = "auto"
    PLAIN = "plain"
    INCREMENTAL = "incremental"


def strategy_of(value: str | None) -> Strategy:
    """``value``, else ``$HALFLOW_VMFB_STRATEGY`` (read now: the setting
    ``vmfb-strategy``), else ``auto``; raises :class:`HalflowError` on
    another word."""
    word = value if value is not None else config.from_environment("vmfb-strategy")
    try:
        return Strategy(word)
    except ValueError:
        raise HalflowError(Diagnostic(
            "halflow", 0, 0, f"unknown .vmfb strategy '{word}' (use "
            f"{', '.join(s.value for s in Strategy)})")) from None


@dataclass(frozen=True)
class Choice:
    """Whether a build may go plain, known before the front end runs."""

    may_be_plain: bool  # decided after the front end, by its output's size
    built_plainly: bool = False  # the last build of the model was plain: its lines are higher
    # may compile plainly and fill the cache in the background when most of
    # its executables are new (:func:`fills_after`)
    may_fill: bool = False


def before_front_end(strategy: Strategy, is_program: bool, own_workers: bool,
                     previous_mode: str) -> Choice:
    """Whether this build may take the plain path: a program, built by
    workers of its own, not built incrementally last time (or forced)."""
    if strategy == Strategy.INCREMENTAL or not is_program:
        return Choice(False)  # forced, or not a program
    if strategy == Strategy.PLAIN:
        return Choice(True)
    if not own_workers:
        return Choice(False)  # workers kept warm or on Dask: no start-up to pay
    if previous_mode in ("groups", "fallback"):
        # built incrementally before: the cache follows the model
        return Choice(False, may_fill=True)
    return Choice(True, previous_mode == "plain", may_fill=True)


def fills_after(choice: Choice, missing: int, total: int) -> str | None:
    """After the look-up: why a build that would be incremental compiles
    plainly and leaves the cache to a fill in the background
    (:mod:`halflow.codegen.fill`): ``missing`` of its ``total``
    translations are not in the cache, at least :data:`FILL_SHARE` of
    them and at least :data:`FILL_FROM`; else None."""
    if not choice.may_fill or missing < max(FILL_FROM, FILL_SHARE * total):
        return None
    return (f"most executables are new to the cache ({missing} of {total} translations "
            "missing): one iree-compile is faster than translating them one by one; the "
            "cache is filled in the background")


def compiles_whole(strategy: Strategy, text_size: int | None,
                   built_plainly: bool = False) -> str | None:
    """Before the front end: why a program whose module must travel as text
    (``text_size`` bytes of IR without its resources'
    data, :class:`halflow.codegen.model.FrontEndForm`; None when it
    travels as bytecode) is compiled whole by one plain ``iree-compile``
    without a front end of halflow's, or None. Splitting such a program
    would print and parse its resources' data twice more (several times
    plain's time with large inline weights), so a small
    one, which would compile plainly after its front end anyway, skips it
    (``built_plainly``: its last build was plain, and the line is
    :data:`STAYS_PLAIN` times higher)."""
    if text_size is None:
        return None
    if strategy == Strategy.PLAIN:
        return "asked for (strategy plain)"
    line = PLAIN_MODEL_BELOW * (STAYS_PLAIN if built_plainly else 1)
    if strategy == Strategy.AUTO and text_size < line:
        return (f"a small program ({text_size / 1000:.1f} KB of IR besides its resources' "
                f"data, below {line / 1000:.0f} KB{_STAYED if built_plainly else ''}): one "
                "iree-compile costs less than the incremental path's fixed costs")
    return None


# What a reason adds when the line was raised for a program built plainly.
_STAYED = ", built plainly last time"


def plain_reason(strategy: Strategy, materialized: bytes,
                 built_plainly: bool = False) -> str | None:
    """After the front end: why this build goes plain (``materialized`` is
    its output, bytecode or text), or None to build incrementally
    (``built_plainly``: the last build was plain, and the lines are
    :data:`STAYS_PLAIN` times higher)."""
    if strategy == Strategy.PLAIN:
        return "asked for (strategy plain)"
    factor = STAYS_PLAIN if built_plainly else 1
    stayed = _STAYED if built_plainly else ""
    if materialized.startswith(_BYTECODE_MAGIC):
        size = len(materialized)
        if size >= PLAIN_BELOW * factor:
            return None
        small = (f"{size / 1000:.1f} KB of materialized module, below "
                 f"{PLAIN_BELOW * factor / 1000:.0f} KB{stayed}")
    else:
        count = len(_EXECUTABLE.findall(materialized))
        if count >= PLAIN_BELOW_EXECUTABLES * factor:
            return None
        small = f"{count} executables, below {PLAIN_BELOW_EXECUTABLES * factor}{stayed}"
    return (f"a small program ({small}): one iree-compile costs less than the "
            "incremental path's fixed costs")
