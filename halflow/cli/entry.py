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
:mod:`halflow.store.keys` and :mod:`halflow.store.markers`, for this check
and for every build.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Sequence
from stat import S_ISREG

# What the up-to-date check compares (shared with the library build).
from halflow.core.blobs import read_snapshot
from halflow.core.uptodate import input_fingerprint, input_stamp, options_fingerprint
from halflow.store import markers
from halflow.store.keys import marker_key, output_key, vmfb_output_key

TYPE_CHECKING = False
if TYPE_CHECKING:
    from halflow.codegen.model import Early
    from halflow.core.blobs import Snapshot
    from halflow.core.config import Config
    from halflow.core.deferred import EarlyAnswer
    from halflow.core.options import RemoteCache


class BuildForm:
    """``build INPUT -o OUTPUT`` with any of ``--cache-dir DIR``,
    ``--report FILE``, ``--trace FILE``, ``--explain``, ``-q``/``-v``; or
    ``build INPUT --to vmfb -o OUTPUT [--cache-dir DIR] [-q] -- FLAGS...``
    (``to`` ``"vmfb"``, ``iree_flags`` the flags after ``--``; see
    :func:`parse`). ``cache_dir``, ``max_size`` and ``remote``: as the
    settings (:mod:`halflow.core.config`) make them, ``--cache-dir`` first;
    ``settings``: those settings without the command line's flags, read
    once and handed on to the full command line."""

    __slots__ = ("cache_dir", "explain", "input", "iree_flags", "max_size", "output", "remote",
                 "report", "settings", "to", "trace", "verbosity")

    def __init__(self, values: dict[str, str], input: str, explain: bool, verbosity: int = 0,
                 to: str = "mlir", iree_flags: tuple[str, ...] = ()):
        self.input = input
        self.output = values["output"]
        self.cache_dir = values.get("cache_dir")
        self.report = values.get("report")
        self.trace = values.get("trace")
        self.explain = explain
        self.verbosity = verbosity
        self.to = to
        self.iree_flags = iree_flags
        self.max_size: int | None = None
        self.remote: RemoteCache | None = None
        self.settings: Config | None = None

    @property
    def plain(self) -> bool:
        """No option beyond ``--cache-dir`` and ``-q``: what the up-to-date
        check answers (silently, as a quiet build would)."""
        return (self.report is None and self.trace is None and not self.explain
                and self.verbosity <= 0)


_VERBOSITY = {"-q": -1, "--quiet": -1, "-v": 1, "--verbose": 1}
_OPTIONS = {
    "-o": "output", "--output": "output", "--cache-dir": "cache_dir",
    "--report": "report", "--trace": "trace", "--to": "to",
}


def parse(argv: Sequence[str]) -> BuildForm | None:
    """The :class:`BuildForm` of ``argv`` (options in any order,
    ``--opt=value`` allowed), with the settings read; None for every other
    command line, for paths the full command line would reject as a usage
    error (it then says so) and for settings it must report. Declining is
    always safe: the full command line then reads ``argv`` itself. This is
    the only reading of ``argv`` before click's."""
    if len(argv) < 4 or argv[0] != "build":
        return None
    head: list[str] = list(argv[1:])
    iree_flags: tuple[str, ...] = ()
    if "--" in head:
        split = head.index("--")
        head, iree_flags = head[:split], tuple(head[split + 1:])
    values: dict[str, str] = {}
    positional: list[str] = []
    explain = False
    verbosity = 0
    while head:
        token = head.pop(0)
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
                if not head:
                    return None
                value = head.pop(0)
            if not value or value.startswith("-"):
                return None
            values[option] = value
        else:
            positional.append(token)
    to = values.pop("to", "mlir")
    if len(positional) != 1 or positional[0] == "-" or "output" not in values:
        return None
    if to == "vmfb":
        # The plain form only, with its IREE flags (none stray: the full
        # command line says what is wrong).
        if not iree_flags or any(not f.startswith("-") for f in iree_flags):
            return None
        # (--report and --trace too: never answered here, but the front end
        # of a build that has work to do starts at once; see main.)
        if explain or verbosity > 0:
            return None
    elif to != "mlir" or iree_flags or "--" in argv:
        return None
    # What click checks of these paths (halflow.cli.build): let it say no.
    output = values["output"]
    if os.path.isdir(output) or (os.path.exists(output) and not os.access(output, os.W_OK)):
        return None
    if any(os.path.isdir(values[k]) for k in ("report", "trace") if k in values):
        return None
    from halflow.core.output import is_same_file

    if is_same_file(output, positional[0]):
        return None
    form = BuildForm(values, positional[0], explain, verbosity, to, iree_flags)
    from halflow.core import config

    try:  # a bad configuration file or shared cache URL: the full command line reports it
        form.settings = config.load(form.input)
        settings = form.settings.with_flags({"cache-dir": form.cache_dir})
        form.remote = settings.remote()
    except Exception:
        return None
    if settings["cache-read-only"]:
        return None  # the full command line keeps the cache as it is
    form.cache_dir = settings["cache-dir"]
    form.max_size = settings["max-size"]
    if form.cache_dir is not None and os.path.exists(form.cache_dir) and not os.path.isdir(
        form.cache_dir
    ):
        return None
    return form


def build_form(argv: Sequence[str]) -> BuildForm | None:
    """:func:`parse`'s form of a build to MLIR, or None."""
    form = parse(argv)
    return form if form is not None and form.to == "mlir" else None


def vmfb_form(argv: Sequence[str]) -> BuildForm | None:
    """:func:`parse`'s form of a build to ``.vmfb``, or None."""
    form = parse(argv)
    return form if form is not None and form.to == "vmfb" else None


class Checked:
    """What the entry point read: handed on to the full command line when
    it does not answer, so that the input's bytes (``data``, None when not
    read) and the settings (``settings``, the configuration without flags)
    are read once."""

    __slots__ = ("cache_dir", "current", "data", "early", "input", "last_mode", "settings",
                 "stale")

    def __init__(self, input: str, cache_dir: str | None, data: Snapshot | None,
                 settings: Config | None = None):
        self.input = input
        self.cache_dir = cache_dir
        self.data = data
        self.settings = settings
        self.current = False
        self.stale = False  # a .vmfb build known to have work to do (any form)
        # How the output was last built, as its marker tells: "groups" (it
        # recorded executables: incremental), "plain", or "" (no marker);
        # what halflow.codegen.strategy decides by.
        self.last_mode = ""
        # The .vmfb build's front end, started before the command line loads
        # (halflow.codegen.model.start_early), for the build to take.
        self.early: Early | None = None


def check(form: BuildForm) -> Checked:
    """Whether OUTPUT already holds what this build would write (``current``;
    the build is then recorded in the cache's history, as every build is),
    and what was read to say so. Only a :attr:`BuildForm.plain` form is
    checked. The input is not read when the marker's record of it still
    matches its status (:func:`halflow.store.markers.recorded_input_hash`),
    nor the output when its status is the one recorded; a check that had
    to read either records their present status for the next one."""
    start = time.perf_counter()
    checked = Checked(form.input, form.cache_dir, None, form.settings)
    if not form.plain and form.to != "vmfb":
        return checked
    seen_ns = time.time_ns()
    try:
        stat = os.stat(form.output)
    except OSError:
        checked.stale = True
        return checked
    if not S_ISREG(stat.st_mode):
        checked.stale = True
        return checked  # a device or pipe holds nothing: always written
    from halflow.core import cachedir
    from halflow.store import diskformat

    directory = form.cache_dir if form.cache_dir is not None else cachedir.default_cache_dir()
    where = marker_key(form.output)
    recorded = markers.OutputMarker.from_json(diskformat.read_json_entry(directory, where))
    fingerprint = markers.recorded_input_hash(recorded, form.input)
    if fingerprint is None:
        try:
            checked.data = read_snapshot(form.input)
        except OSError:
            return checked
        fingerprint = input_fingerprint(checked.data)
    if form.to == "vmfb":
        key = vmfb_output_key(fingerprint, form.input, form.iree_flags)
    else:
        key = output_key(fingerprint, options_fingerprint(False))
    how = markers.status(recorded, key, stat, form.output)
    if form.to == "vmfb":
        checked.stale = how is None
        if recorded is not None:
            checked.last_mode = "groups" if recorded.total > 0 else "plain"
        if not form.plain:
            return checked
    if how is None:
        return checked
    assert recorded is not None
    if how == "bytes" or checked.data is not None:
        source = input_stamp(checked.data) if checked.data is not None else None
        new = markers.refreshed(recorded, stat, seen_ns, source)
        if new is not None:
            diskformat.replace_json_entry(directory, where, recorded.to_json(), new.to_json())
    diskformat.append_history(directory, {
        "time": time.time(),
        "hits": 1,
        "misses": 0,
        "corrupt": 0,
        "by_kind": {"written": [1, 0]},
        "input": form.input,
        # halflow.core.buildmode's words, not imported: the no-op imports little
        "mode": "vmfb" if form.to == "vmfb" else "up-to-date",
        "noop": True,  # counted apart from hits and misses (cache stats)
        "executed": 0,
        "reused": recorded.total,
        "seconds": round(time.perf_counter() - start, 6),
        # what was read to say so (tests, --explain): the input's bytes or
        # none, the output's bytes or its status only
        "read": [name for name, read in (("input", checked.data is not None),
                                         ("output", how == "bytes")) if read],
    })
    checked.current = True
    return checked


def main() -> None:
    """The ``halflow`` command."""
    from halflow.cli import process

    process.configure()  # before anything loads numpy
    argv = sys.argv[1:]
    if argv[:1] and argv[0] in ("iree-compile", "iree-opt", "shim-dir"):
        # The drop-in (iree-compile's own command line): not click's.
        from halflow.cli import dropin

        dropin.main(argv)
    try:
        form = parse(argv)
        checked = check(form) if form is not None else None
    except Exception:
        form = checked = None
    if checked is not None and checked.current:
        exit_now(0)
        sys.exit(0)
    if argv[:1] == ["build"]:
        # A warm server runs the build in a fork of itself, if one runs.
        from halflow.cli import server_client

        code = server_client.build(sys.argv, form is not None,
                                   checked is not None and checked.stale,
                                   form.settings if form is not None else None, form)
        if code is not None:
            server_client.exit_as(code)
    run(form, checked)


def after_check(argv: Sequence[str], recognized: bool, stale: bool,
                answer: EarlyAnswer | None = None) -> None:
    """What :func:`main` runs once the up-to-date check has declined, in a
    build server's child (:mod:`halflow.cli.server_process`): ``argv`` read
    again (the settings in this process's environment and directory);
    ``recognized`` and ``stale``: whether the client's :func:`parse` gave
    a form and what its check found; ``answer``: how the child answers its
    client before it ends."""
    form = None
    if recognized:
        try:
            form = parse(argv)
        except Exception:
            form = None
    checked = None
    if form is not None:
        checked = Checked(form.input, form.cache_dir, None, form.settings)
        checked.stale = stale
    run(form, checked, answer)


class Handover:
    """What the full command line is handed (its context's ``obj``): what
    the entry point read, and how the process answers its caller early
    (None: it cannot)."""

    __slots__ = ("answer", "checked")

    def __init__(self, checked: Checked | None, answer: EarlyAnswer | None = None):
        self.checked = checked
        self.answer = answer


def run(form: BuildForm | None, checked: Checked | None,
        answer: EarlyAnswer | None = None) -> None:
    """The command, once the up-to-date check has declined: a recognized
    build form here, anything else by the full command line (``answer``:
    see :class:`Handover`)."""
    try:
        if form is not None and form.to == "mlir":
            try:
                _build(form, checked, answer)
            except KeyboardInterrupt:
                # As the full command line (click) reports Ctrl-C. Nothing is
                # half-written: outputs are renamed into place, cache writes
                # are transactions.
                sys.stderr.write("\nAborted!\n")
                sys.exit(1)
            sys.exit(0)
        if form is not None and checked is not None and checked.stale:
            # The front end runs while the command line and IREE's bindings load.
            from halflow.codegen.model import start_early

            checked.early = start_early(form.input, form.iree_flags, form.output,
                                        checked.last_mode)
        from halflow.cli.commandline import main as command_line

        command_line(obj=Handover(checked, answer))
    except SystemExit as e:
        if checked is not None and checked.early is not None:
            checked.early.close()  # no build took it (closing twice is harmless)
        exit_now(e.code)  # returns when the process must end the usual way
        raise


def _build(form: BuildForm, checked: Checked | None, answer: EarlyAnswer | None) -> None:
    """A recognized build form, as ``halflow.cli.build``'s ``build`` runs it."""
    from halflow.cli import mlir_build, process
    from halflow.core.options import BuildOptions

    process.one_build()
    content = checked.data if checked is not None else None
    options = BuildOptions(
        cache_dir=form.cache_dir,
        max_size=form.max_size,
        explain=mlir_build.explain_line if form.explain else None,
        report=form.report,
        trace=form.trace,
        remote=form.remote,
        answer=answer,
    )
    mlir_build.build_to_mlir(form.input, form.output, options, content=content,
                             verbosity=form.verbosity)


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
        for stream in (sys.stdout, sys.stderr):
            if stream is not None:  # (None: closed when the process started)
                stream.flush()
    except (OSError, ValueError):  # a closed pipe: let the usual exit report it
        return
    os._exit(code)


if __name__ == "__main__":  # python -m halflow.cli.entry (python -m halflow runs it too)
    main()
