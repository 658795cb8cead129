"""The masquerade directory (``halflow shim-dir``) and what the drop-in asks
the real ``iree-compile`` once.

``halflow shim-dir`` prints a directory holding two executables,
``iree-compile`` and ``iree-opt``: small Python scripts of this interpreter
that run :func:`halflow.cli.dropin.shim`. With the directory first on
``PATH`` or in ``IREE_TOOL_PATH`` (which ``iree.compiler.tools.find_tool``
searches first), every ``iree-compile`` a shell, ``compile_file``,
``compile_str`` or the ``iree-compile`` console script runs is halflow's.
The directory holds :data:`halflow.codegen.tools.SHIM_MARKER`, by which
halflow's own search for IREE's tools (:func:`halflow.codegen.tools.real_tool`)
skips it.

It lives under ``$XDG_CACHE_HOME/halflow-shims/`` (``~/.cache``), one
folder per interpreter and halflow package (a digest of both paths), and is
written when missing or different, atomically.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys

SHIMS = ("iree-compile", "iree-opt")

_SCRIPT = """#!{python}
# halflow's masquerade {name} (halflow shim-dir): runs halflow's drop-in,
# which builds what it can cache and runs the real {name} for the rest.
import sys
sys.path.insert(0, {root!r})
from halflow.cli.dropin import shim
shim({name!r})
"""


def base_dir() -> str:
    """``$XDG_CACHE_HOME/halflow-shims`` (``~/.cache/halflow-shims``)."""
    home = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(home, "halflow-shims")


def _package_root() -> str:
    """The folder holding the ``halflow`` package that runs now."""
    import halflow

    return os.path.dirname(os.path.dirname(os.path.abspath(halflow.__file__)))


def shim_dir() -> str:
    """The masquerade directory of this interpreter and halflow, written
    if missing or stale."""
    from halflow.codegen.tools import SHIM_MARKER
    from halflow.core.output import write_atomic

    python, root = os.path.abspath(sys.executable), _package_root()
    digest = hashlib.sha256(f"{python}\0{root}".encode()).hexdigest()[:16]
    folder = os.path.join(base_dir(), digest)
    os.makedirs(folder, exist_ok=True)
    for name in SHIMS:
        text = _SCRIPT.format(python=python, root=root, name=name).encode()
        path = os.path.join(folder, name)
        try:
            with open(path, "rb") as f:
                current = f.read() == text and os.access(path, os.X_OK)
        except OSError:
            current = False
        if not current:
            write_atomic(path, text)
            os.chmod(path, 0o755)
    marker = os.path.join(folder, SHIM_MARKER)
    if not os.path.isfile(marker):
        write_atomic(marker, f"halflow's masquerade directory for {python}, {root}\n".encode())
    return folder


def _options_file(real: str) -> str:
    """Where the option table of the compiler at ``real`` is kept: keyed on
    the binary's and its compiler library's paths, sizes and times."""
    parts = [real]
    folder = os.path.dirname(real)
    try:
        names = sorted(n for n in os.listdir(folder) if n.startswith("libIREECompiler"))
    except OSError:
        names = []
    for path in [real, *(os.path.join(folder, n) for n in names)]:
        try:
            st = os.stat(path)
            parts.append(f"{path}:{st.st_size}:{st.st_mtime_ns}")
        except OSError:
            parts.append(path)
    digest = hashlib.sha256("\0".join(parts).encode()).hexdigest()[:16]
    return os.path.join(base_dir(), f"iree-compile-options-{digest}.json")


def option_table(real: str) -> tuple[frozenset[str], frozenset[str]] | None:
    """Every option of the ``iree-compile`` at ``real`` and those that
    require a value (:func:`halflow.cli.dropin_args.help_options`), asked
    of it once (``--help-list-hidden``, ~0.2 s) and kept; None when it
    cannot say."""
    path = _options_file(real)
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
        return frozenset(data["options"]), frozenset(data["valued"])
    except (OSError, ValueError, KeyError, TypeError):
        pass
    import subprocess

    from halflow.cli.dropin_args import help_options

    try:
        done = subprocess.run([real, "--help-list-hidden"], capture_output=True, check=False,
                              stdin=subprocess.DEVNULL, timeout=60)
    except (OSError, subprocess.SubprocessError):
        return None
    if done.returncode != 0:
        return None
    every, valued = help_options(done.stdout.decode("utf-8", "replace"))
    if not every:
        return None
    try:
        from halflow.core.output import write_atomic

        os.makedirs(os.path.dirname(path), exist_ok=True)
        write_atomic(path, json.dumps({"options": sorted(every),
                                       "valued": sorted(valued)}).encode())
    except OSError:
        pass  # asked again next time
    return frozenset(every), frozenset(valued)
