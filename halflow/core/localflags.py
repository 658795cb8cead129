"""IREE flags that name local paths without changing what is built.

``iree.compiler.tools.compile_file`` adds ``--iree-llvmcpu-embedded-linker-path=``
the absolute path of the wheel's own ``iree-lld`` (the linker of the same
release, which every key's compiler version already names), and, when asked,
a crash reproducer's path, which only a crash writes. Kept in keys, they would
split a cache shared by machines or virtual environments whose only
difference is where the wheel is installed (ccache's ``base_dir`` rule). They
stay on every command line halflow runs; only keys leave them out.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable

LOCAL_PATH_FLAGS = (
    "--iree-llvmcpu-embedded-linker-path",
    "--mlir-pass-pipeline-crash-reproducer",
)


def travelling(flags: Iterable[str]) -> tuple[str, ...]:
    """``flags`` without those of :data:`LOCAL_PATH_FLAGS` (for keys)."""
    return tuple(f for f in flags if f.split("=", 1)[0] not in LOCAL_PATH_FLAGS)
