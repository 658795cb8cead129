"""The ``halflow`` command's entry point: the up-to-date check that runs
before anything else loads, and the common build forms without the
command-line framework.

Build tools run ``halflow build INPUT -o OUTPUT`` on every build, and most of
those runs find OUTPUT current. On a large module such a run costs a few
milliseconds of hashing and one cache lookup; the command-line framework
alone (click, with its imports) costs more than that. So the entry point
first recognizes the plain form of that command, and answers it here when
OUTPUT still holds exactly what an earlier build wrote for the same input
bytes, options, stage versions and compiler (the check only ever declines
or confirms: it never builds, writes an output or diagnoses).

When the check declines, the same forms (also with ``--report``,
``--trace`` or ``--explain``) build through :mod:`halflow.cli.mlir_build`, as the
full command line does, still without loading click. Anything else (other
options, paths the command line would reject, any doubt) is handed to the
full command line (:mod:`halflow.cli.commandline`).

The output key and the written-output marker are defined once, in
:mod:`halflow.core.uptodate`, for this check and for every build.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Sequence
from stat import S_ISREG

# What the up-to-date check compares (shared with the library build).
from halflow.core.uptodate import (
    file_is_current,
    input_fingerprint,
    marker_key,
    marker_matches,
    options_fingerprint,
    output_key,
    vmfb_output_key,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from halflow.core.options import RemoteCache


class BuildForm:
    """``build INPUT -o OUTPUT`` with any of ``--cache-dir DIR``,
    ``--report FILE``, ``--trace FILE``, ``--explain``, ``-q``/``-v``
    (see :func:`build_form`). ``cache_dir``, ``max_size`` and ``remote``:
    as the settings (:mod:`halflow.core.config`) make them, ``--cache-dir``
    first."""

    __slots__ = ("cache_dir", "explain", "input", "max_size", "output", "remote", "report",
                 "trace", "verbosity")

    def __init__(self, values: dict[str, str], input: str, explain: bool, verbosity: int = 0,
                 max_size: int | None = None, remote: RemoteCache | None = None):
        self.input = input
        self.output = values["output"]
        self.cache_dir = values.get("cache_dir")
        self.max_size = max_size
        self.remote = remote
        self.report = values.get("report")
        self.trace = values.get("trace")
        self.explain = explain
        self.verbosity = verbosity

    @property
    def plain(self) -> bool:
        """No option beyond ``--cache-dir`` and ``-q``: what the up-to-date
        check answers (silently, as a quiet build would)."""
        return (self.report is None and self.trace is None and not self.explain
                and self.verbosity <= 0)


_VERBOSITY = {"-q": -1, "--quiet": -1, "-v": 1, "--verbose": 1}
_OPTIONS = {
    "-o": "output", "--output": "output", "--cache-dir": "cache_dir",
    "--report": "report", "--trace": "trace",
}


def build_form(argv: Sequence[str]) -> BuildForm | None:
    """The :class:`BuildForm` of ``argv`` (options in any order,
    ``--opt=value`` allowed); None for every other command line and for
    paths the full command line would reject as a usage error (it then
    says so). Declining is always safe."""
    if len(argv) < 4 or argv[0] != "build":
        return None
    values: dict[str, str] = {}
    positional: list[str] = []
    explain = False
    verbosity = 0
    rest = list(argv[1:])
    while rest:
        token = rest.pop(0)
        name, eq, value = token.partition("=")
        if token == "--explain" and not explain:
            explain = True
        elif token in _VERBOSITY:
            if verbosity == -_VERBOSITY[token]:
                return None  # both: the full command line says why not
            verbosity = _VERBOSITY[token]
        elif token.startswith("-"):
            if eq and not token.startswith("--"):
                return None  # `-o=X`: click reads the value "=X"; let it
            option = _OPTIONS.get(name if eq else token)
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
    if len(positional) != 1 or positional[0] == "-" or "output" not in values:
        return None
    # What click checks of these paths (halflow.cli.commandline): let it say no.
    output = values["output"]
    if os.path.isdir(output) or (os.path.exists(output) and not os.access(output, os.W_OK)):
        return None
    if any(os.path.isdir(values[k]) for k in ("report", "trace") if k in values):
        return None
    from halflow.core.output import is_same_file

    if is_same_file(output, positional[0]):
        return None
    from halflow.core import config

    try:  # a bad configuration file or shared cache URL: the full command line reports it
        settings = config.load(positional[0], {"cache-dir": values.get("cache_dir")})
        remote = settings.remote()
    except Exception:
        return None
    if settings["cache-read-only"]:
        return None  # the full command line keeps the cache as it is
    if settings["cache-dir"] is not None:
        values["cache_dir"] = settings["cache-dir"]
    if "cache_dir" in values and os.path.exists(values["cache_dir"]) and not os.path.isdir(
        values["cache_dir"]
    ):
        return None
    return BuildForm(values, positional[0], explain, verbosity, settings["max-size"], remote)


class VmfbForm:
    """``build INPUT --to vmfb -o OUTPUT [--cache-dir DIR] [-q] -- FLAGS...``
    (see :func:`vmfb_form`): what the up-to-date check answers for a
    ``.vmfb``."""

    __slots__ = ("cache_dir", "input", "iree_flags", "output")

    def __init__(self, input: str, output: str, cache_dir: str | None,
                 iree_flags: tuple[str, ...]):
        self.input = input
        self.output = output
        self.cache_dir = cache_dir
        self.iree_flags = iree_flags


def vmfb_form(argv: Sequence[str]) -> VmfbForm | None:
    """The :class:`VmfbForm` of ``argv``, or None (any other option, or a
    path the full command line might reject: declining is always safe)."""
    if "--" not in argv or not argv or argv[0] != "build":
        return None
    split = list(argv).index("--")
    head, flags = list(argv[1:split]), tuple(argv[split + 1:])
    if "--to=vmfb" in head:
        head.remove("--to=vmfb")
    elif "--to" in head and head[head.index("--to") + 1:head.index("--to") + 2] == ["vmfb"]:
        del head[head.index("--to"):head.index("--to") + 2]
    else:
        return None
    form = build_form(["build", *head])
    if form is None or not form.plain:
        return None
    if any(not f.startswith("-") for f in flags):
        return None  # the full command line says what is wrong
    # (build_form declined a read-only cache: the full command line keeps it as it is)
    return VmfbForm(form.input, form.output, form.cache_dir, flags)


def check_vmfb(form: VmfbForm) -> bool:
    """Whether OUTPUT already holds what this model and these flags build
    (then the build is recorded in the cache's history, as every build is)."""
    start = time.perf_counter()
    try:
        with open(form.input, "rb") as f:
            data = f.read()
    except OSError:
        return False
    from halflow.core import cachedir
    from halflow.store import diskformat

    directory = form.cache_dir if form.cache_dir is not None else cachedir.default_cache_dir()
    recorded = diskformat.read_json_entry(directory, marker_key(form.output))
    key = vmfb_output_key(input_fingerprint(data), form.input, form.iree_flags)
    if not file_is_current(recorded, key, form.output):
        return False
    assert isinstance(recorded, list)
    diskformat.append_history(directory, {
        "time": time.time(), "hits": 1, "misses": 0, "corrupt": 0,
        "by_kind": {"written": [1, 0]}, "input": form.input, "mode": "vmfb",
        "executed": 0, "reused": recorded[3],
        "seconds": round(time.perf_counter() - start, 6),
    })
    return True


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
    form = build_form(argv)
    if form is None or not form.plain:
        return None
    input_path, output_path, cache_dir = form.input, form.output, form.cache_dir
    try:
        with open(input_path, "rb") as f:
            checked = Checked(input_path, cache_dir, f.read())
    except OSError:
        return None
    try:
        stat = os.stat(output_path)
    except OSError:
        return checked
    if not S_ISREG(stat.st_mode):
        return checked  # a device or pipe holds nothing: always written
    from halflow.core import cachedir
    from halflow.store import diskformat

    directory = cache_dir if cache_dir is not None else cachedir.default_cache_dir()
    key = output_key(input_fingerprint(checked.data), options_fingerprint(False))
    recorded = diskformat.read_json_entry(directory, marker_key(output_path))
    if marker_matches(recorded, key, stat, output_path):
        assert isinstance(recorded, list)
        diskformat.append_history(directory, {
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
    argv = sys.argv[1:]
    current = False
    try:
        vmfb = vmfb_form(argv)
        current = vmfb is not None and check_vmfb(vmfb)
        checked = check(argv) if vmfb is None else None
        form = build_form(argv) if checked is None or not checked.current else None
    except Exception:
        checked = form = None
    try:
        if current or (checked is not None and checked.current):
            sys.exit(0)
        if form is not None:
            try:
                _build(form, checked)
            except KeyboardInterrupt:
                # As the full command line (click) reports Ctrl-C. Nothing is
                # half-written: outputs are renamed into place, cache writes
                # are transactions.
                sys.stderr.write("\nAborted!\n")
                sys.exit(1)
            sys.exit(0)
        from halflow.cli.commandline import main as command_line

        command_line(obj=checked)
    except SystemExit as e:
        exit_now(e.code)  # returns when the process must end the usual way
        raise


def _build(form: BuildForm, checked: Checked | None) -> None:
    """A recognized build form, as ``halflow.cli.commandline``'s ``build`` runs it."""
    from halflow.ir import startup

    startup.command_line()  # first: the options' record class is the first one defined
    from halflow.cli import mlir_build
    from halflow.core.options import BuildOptions
    mlir_build.VERBOSITY = form.verbosity
    content = checked.data if checked is not None and checked.input == form.input else None
    options = BuildOptions(
        cache_dir=form.cache_dir,
        max_size=form.max_size,
        explain=mlir_build.explain_line if form.explain else None,
        report=form.report,
        trace=form.trace,
        remote=form.remote,
    )
    mlir_build.build_to_mlir(form.input, form.output, options, content=content)


def exit_now(code: object) -> None:
    """End the process at once with ``code``, skipping the interpreter's
    teardown, when that is safe: a build leaves hundreds of thousands of
    objects (and an MLIR context) whose orderly destruction costs a
    one-edit rebuild ~15% of its time, for nothing the process still needs.

    Safe means: an integer status, output streams flushed, and nothing else
    running that exit handlers would stop or wait for (other threads,
    worker processes, a Dask client). Otherwise this returns and the caller
    exits normally. Everything a command writes (outputs, cache entries) is
    complete before it returns: files are closed or renamed, cache
    transactions committed."""
    if code is None:
        code = 0
    if not isinstance(code, int) or isinstance(code, bool):
        return
    import threading

    if threading.active_count() != 1 or "distributed" in sys.modules:
        return
    multiprocessing = sys.modules.get("multiprocessing")
    if multiprocessing is not None and multiprocessing.active_children():
        return
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError):  # a closed pipe: let the usual exit report it
        return
    startup = sys.modules.get("halflow.ir.startup")
    if startup is not None:
        startup.finish()  # what exit handlers would have done
    os._exit(code)
