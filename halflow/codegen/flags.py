"""The IREE flags of a build: which step gets which, and which enter keys.

Everything after ``--`` on halflow's command line is an ``iree-compile`` flag.
halflow runs IREE in three places and owns the phase boundaries between them,
so it refuses flags that would move those boundaries or the output:

- the front-end (``iree-compile MODEL ... --compile-to=executable-sources``)
  gets every flag, plus a ``--compile-from`` phase earlier than
  ``executable-sources`` if the user gave one;
- per-executable translation and the final compile get every flag but
  ``--compile-from`` and ``--verify`` (an ``iree-compile`` tool option, which
  halflow applies to its in-process invocations itself).

A translation's key carries every flag except those whose effect either shows
up in the executable's text already (front-end and stream options, device
selection) or never reaches executable code (VM, dumps, timing): see
:data:`NOT_IN_KEY`. Unknown flags are kept in the key: being conservative
costs a recompile, never a wrong reuse.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from halflow.core.diagnostics import Diagnostic, HalflowError
from halflow.core.localflags import LOCAL_PATH_FLAGS

# Phases before materialize-interfaces, in pipeline order.
FRONTEND_PHASES = (
    "start",
    "input",
    "abi",
    "preprocessing",
    "global-optimization",
    "dispatch-creation",
    "flow",
    "stream",
)

# Flags halflow sets itself or that would change what the steps produce.
_REFUSED = {
    "-o": "halflow writes the output given with -o",
    "--output-file": "halflow writes the output given with -o",
    "--compile-to": "halflow chooses the phases it compiles to",
    "--compile-mode": "halflow compiles whole programs",
    "--split-input-file": "one program per build",
    "--iree-hal-substitute-executable-source": "halflow splices executables itself",
    "--iree-hal-substitute-executable-sources-from": "halflow splices executables itself",
    "--iree-hal-substitute-executable-configuration": "halflow splices executables itself",
    "--iree-hal-substitute-executable-configurations-from": "halflow splices executables itself",
    "--iree-hal-substitute-executable-object": "halflow splices executables itself",
    "--iree-hal-substitute-executable-objects-from": "halflow splices executables itself",
    "--mlir-print-ir-before": "halflow uses it to capture the pre-materialize module",
    "--mlir-print-ir-tree-dir": "halflow uses it to capture the pre-materialize module",
    "--mlir-print-ir-module-scope": "halflow uses it to capture the pre-materialize module",
}

# Key-neutral flag prefixes, with the reason they cannot change executable code.
NOT_IN_KEY: tuple[tuple[str, str], ...] = (
    ("--iree-input-", "front-end; its effect is in the executable text"),
    ("--iree-abi-", "front-end; its effect is in the executable text"),
    ("--iree-preprocessing-", "front-end; its effect is in the executable text"),
    ("--iree-global-opt-", "front-end; its effect is in the executable text"),
    ("--iree-dispatch-creation-", "front-end; its effect is in the executable text"),
    ("--iree-flow-", "front-end; its effect is in the executable text"),
    ("--iree-stream-", "front-end; its effect is in the executable text"),
    ("--iree-hal-target-device", "device selection; targets are in the executable text"),
    ("--iree-hal-target-backends", "device selection; targets are in the executable text"),
    ("--iree-hal-local-target-device-backends", "device selection; targets are in the text"),
    ("--iree-hal-default-device", "device selection; targets are in the executable text"),
    ("--iree-vm-", "VM/host output only"),
    ("--iree-hal-dump-", "dumps only"),
    ("--mlir-timing", "reporting only"),
    ("--mlir-print-", "printing only"),
    ("--mlir-elide-", "printing only"),
    ("--compile-from", "halflow's own phase choice"),
    ("--output-format", "output only (must be vm-bytecode)"),
    *((name, "a local path: the same output wherever it points (halflow.core.localflags)")
      for name in LOCAL_PATH_FLAGS),
)


def flag_name(flag: str) -> str:
    """``--a-b=c`` -> ``--a-b``."""
    return flag.split("=", 1)[0]


@dataclass(frozen=True)
class IreeFlags:
    """The user's IREE flags, split by where they go."""

    all: tuple[str, ...]
    compile_from: str | None  # a front-end phase to start from, if given
    verify: bool = True  # iree-compile's --verify: verify IR after each pass

    @property
    def verify_per_pass(self) -> bool:
        """Whether halflow's own IREE runs verify after each pass: only when
        the user asks (``--verify``, ``--verify=true``). They run IREE's
        passes on IREE's own output, where verifying changes no byte, and
        halflow's parse of the front end's output verifies it once."""
        return self.verify and self._verify_given

    @property
    def verification(self) -> tuple[str, ...]:
        """What an ``iree-compile`` command of halflow's adds to :attr:`all`
        for :attr:`verify_per_pass`: ``--verify=false``, unless the user's
        own ``--verify`` flag (in :attr:`all`) says."""
        return () if self._verify_given else ("--verify=false",)

    @property
    def _verify_given(self) -> bool:
        return any(flag_name(f) == "--verify" for f in self.all)

    @property
    def compile(self) -> tuple[str, ...]:
        """Flags for translation and the final compile."""
        return tuple(f for f in self.all if flag_name(f) not in ("--compile-from", "--verify"))

    @property
    def key(self) -> tuple[str, ...]:
        """Flags that can change a translation (in the user's order)."""
        return tuple(
            f for f in self.compile if not any(f.startswith(p) for p, _ in NOT_IN_KEY)
        )


def usage_error(message: str) -> HalflowError:
    return HalflowError(Diagnostic("halflow", 0, 0, message))


def parse(flags: Sequence[str]) -> IreeFlags:
    """Check the user's IREE flags; raises :class:`HalflowError` on a flag
    halflow cannot honour (it names the flag and why)."""
    compile_from = None
    verify = True
    items = list(flags)
    for flag in items:
        if not flag.startswith("-"):
            raise usage_error(
                f"unexpected argument '{flag}' among the IREE flags: give the model "
                "before '--' and write IREE flags as --flag=value"
            )
        name = flag_name(flag)
        if name == "-o" or (flag.startswith("-o") and not flag.startswith("--")):
            raise usage_error(f"IREE flag '{flag}' is not supported: {_REFUSED['-o']}")
        if name in _REFUSED:
            raise usage_error(f"IREE flag '{flag}' is not supported: {_REFUSED[name]}")
        if name == "--output-format" and flag != "--output-format=vm-bytecode":
            raise usage_error(f"IREE flag '{flag}' is not supported: the output is a .vmfb")
        if name == "--compile-from":
            phase = flag.split("=", 1)[1] if "=" in flag else ""
            if phase not in FRONTEND_PHASES:
                raise usage_error(
                    f"IREE flag '{flag}' is not supported: write --compile-from=PHASE "
                    f"with PHASE one of {', '.join(FRONTEND_PHASES)}"
                )
            compile_from = phase
        if name == "--verify":
            value = flag.split("=", 1)[1].lower() if "=" in flag else "true"
            if value not in ("true", "false", "1", "0"):
                raise usage_error(f"IREE flag '{flag}': write --verify=true or --verify=false")
            verify = value in ("true", "1")
    return IreeFlags(tuple(items), compile_from, verify)
