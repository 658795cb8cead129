"""Rendering DOT with Graphviz's own ``dot`` program (``--format svg``).

Graphviz is not a Python dependency: it is found on ``PATH`` when it is
needed, and its absence is a diagnostic that says how to get it.
"""

from __future__ import annotations

import shutil
import subprocess

from halflow.core.diagnostics import Diagnostic, HalflowError

INSTALL_HINT = (
    "install Graphviz (apt-get install graphviz, brew install graphviz, "
    "conda install graphviz) or write DOT with --format dot"
)


def render(dot_text: str, fmt: str = "svg") -> bytes:
    """``dot_text`` laid out by ``dot -T<fmt>``. Raises :class:`HalflowError`
    when ``dot`` is not installed or rejects the graph."""
    exe = shutil.which("dot")
    if exe is None:
        raise HalflowError(Diagnostic(
            "halflow", 0, 0, f"--format {fmt} needs Graphviz's 'dot' on PATH: {INSTALL_HINT}"
        ))
    try:
        proc = subprocess.run([exe, f"-T{fmt}"], input=dot_text.encode("utf-8"),
                              capture_output=True, check=False)
    except OSError as e:
        raise HalflowError(Diagnostic(
            "halflow", 0, 0, f"cannot run Graphviz's 'dot' ({exe}): {e.strerror or e}"
        )) from None
    if proc.returncode != 0:
        detail = proc.stderr.decode("utf-8", "replace").strip() or f"exit status {proc.returncode}"
        raise HalflowError(Diagnostic("halflow", 0, 0, f"Graphviz's 'dot' failed: {detail}"))
    return proc.stdout
