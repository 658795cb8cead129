"""The client side of the build server: hand a ``halflow build`` to the
warm server of this installation, or start one for the next build.

:mod:`halflow.cli.entry` calls :func:`build` once the up-to-date check has
declined (the no-op never gets here). When a server of this installation
(:mod:`halflow.cli.server_identity`) listens, the command line,
environment, umask and the process's descriptors 0, 1 and 2 and one of
its working directory (which reaches it even once removed) go to it; it
runs the build in a fork of itself (:mod:`halflow.cli.server_process`)
and this process waits for that fork's exit status, forwarding SIGINT,
SIGTERM, SIGHUP and SIGQUIT to it, and exits with the same status (a build
killed by a signal: this process ends by the same signal). Ctrl-Z (SIGTSTP)
stops the build with this process, and ``fg`` (SIGCONT) resumes both, as
job control does a local build's processes. A server that goes away, or
says nothing for :data:`ANSWER_TIMEOUT` seconds once the build's process
has ended (stopped: SIGSTOP), is left: the build runs again here when
that changes nothing, else the command says so and fails
(:func:`_unseen_end`). When none
listens, a server is started, detached (not again for a while if it could
not start: :func:`start`), and :func:`build` returns None: the
caller builds locally, as it would with no server at all. Every failure to
reach or understand a server also returns None. Imports: the standard
library's _socket (socket's C core), json, os and signal, and blake3, which
the up-to-date check has loaded (the command's fast path)."""

from __future__ import annotations

import contextlib
import os
import sys

from halflow.cli import server_identity, server_wire

TYPE_CHECKING = False
if TYPE_CHECKING:
    from halflow.cli.entry import BuildForm
    from halflow.core.config import Config

FORWARDED = ("SIGINT", "SIGTERM", "SIGHUP", "SIGQUIT")
SERVER_MODULE = "halflow.cli.server_process"
# Seconds a server may take to accept a build and fork it (it takes
# milliseconds); past them the client builds locally (the server, seeing
# the client gone, ends the build it may have forked by then). Also the
# seconds it may take to report a build's end once the build's process
# has ended (:func:`_outcome`).
ANSWER_TIMEOUT = 10.0


def usable() -> bool:
    """Whether this system can run a fork server (Linux: Unix sockets,
    descriptor passing, fork, pidfds)."""
    import _socket

    return (sys.platform.startswith("linux") and hasattr(_socket, "AF_UNIX")
            and hasattr(_socket, "SCM_RIGHTS") and hasattr(_socket.socket, "sendmsg")
            and hasattr(os, "fork") and hasattr(os, "pidfd_open"))


def enabled(argv: list[str], settings: Config | None) -> tuple[bool, float]:
    """Whether the settings let the build ``argv`` use a server, and its
    idle timeout. A ``--to vmfb`` build does only with ``server-vmfb``
    (experimental: no test interrupts a served build while its workers
    translate; docs/usage.md)."""
    if settings is None:
        from halflow.core import config

        try:
            settings = config.load(None)
        except Exception:  # a bad file: the full command line reports it, locally
            return False, 0.0
    on = bool(settings["server"])
    if on and not settings["server-vmfb"] and _to_vmfb(argv):
        on = False
    return on, float(settings["server-idle-timeout"])


def _to_vmfb(argv: list[str]) -> bool:
    """Whether the command line may be a build to ``.vmfb`` (any doubt: yes)."""
    options = argv[:argv.index("--")] if "--" in argv else argv
    return any(a == "vmfb" or a.startswith("--to") for a in options)


def address() -> tuple[str, str] | None:
    """(runtime directory, fingerprint) of this installation's server, or
    None when this process must not use one."""
    if not usable() or any(not os.path.isabs(p) and (not p or os.path.exists(p))
                           for p in sys.path):
        return None  # a relative path means another thing in the server's directory
    directory = server_identity.runtime_dir()
    if directory is None:
        return None
    return directory, server_identity.fingerprint()


def connect(directory: str, print_: str) -> server_wire.Socket | None:
    """A connection to the live server of ``print_``, checked to be this
    user's; None when none listens (a stale socket is left for the next
    server to replace)."""
    sock = server_wire.connection()
    sock.settimeout(ANSWER_TIMEOUT)  # a server that does not answer: build locally
    try:
        sock.connect(server_identity.socket_path(directory, print_))
        if server_wire.peer_uid(sock) != os.getuid():
            raise OSError("another user's server")
    except OSError:
        sock.close()
        return None
    return sock


def build(argv: list[str], recognized: bool, stale: bool,
          settings: Config | None, form: BuildForm | None = None) -> int | None:
    """Run the command ``argv`` (``sys.argv``) in the server; its exit code
    (negative: killed by that signal), or None to build locally.
    ``recognized``, ``stale``: what the entry point's parse and check found
    (:func:`halflow.cli.entry.after_check`); ``form``: the parse's form,
    which names the build's files (a build whose end the server does not
    report is run again here only if they allow it: :func:`_unseen_end`)."""
    on, idle = enabled(argv, settings)
    if not on or sys.__stdin__ is None or sys.__stdout__ is None or sys.__stderr__ is None:
        return None  # (started with 0, 1 or 2 closed: that number may be any file's now)
    where = address()
    if where is None:
        return None
    sock = connect(*where)
    if sock is None:
        start(where[0], where[1], idle)
        return None
    try:
        cwd = os.open(".", os.O_PATH | os.O_DIRECTORY | os.O_CLOEXEC)
    except OSError:
        sock.close()
        return None
    try:
        return _run(sock, cwd, argv, recognized, stale, form)
    finally:
        os.close(cwd)
        sock.close()


def _run(sock: server_wire.Socket, cwd: int, argv: list[str], recognized: bool,
         stale: bool, form: BuildForm | None) -> int | None:
    import signal

    ignored = [int(getattr(signal, name)) for name in FORWARDED
               if signal.getsignal(getattr(signal, name)) == signal.SIG_IGN]
    umask = os.umask(0o022)
    os.umask(umask)
    main = sys.modules.get("__main__")
    spec = getattr(main, "__spec__", None)
    # The working directory goes as a descriptor (``cwd``), which reaches
    # it even when it has been removed; its name is for messages only.
    request = {"argv": argv, "cwd": _cwd_name(), "env": dict(os.environ), "umask": umask,
               "recognized": recognized, "stale": stale, "ignored": ignored,
               # what the program's name is made of (click's usage lines)
               "main": {"package": getattr(main, "__package__", None),
                        "file": getattr(main, "__file__", None),
                        "spec": getattr(spec, "name", None)}}
    # Signals are forwarded from before the request goes (one that comes
    # before the build's pid is held back until then).
    pending: list[int] = []
    started = False

    def forward(signum: int, frame: object) -> None:
        if not started:
            pending.append(signum)
            return
        with contextlib.suppress(OSError):
            server_wire.send(sock, server_wire.SIGNAL, signum)

    def suspend(signum: int, frame: object) -> None:
        # Ctrl-Z: the build's processes stop with this one (the shell's job
        # control sees only this one) and go on when it is continued.
        if started:
            with contextlib.suppress(OSError):
                server_wire.send(sock, server_wire.SIGNAL, int(signal.SIGTSTP))
        signal.signal(signal.SIGTSTP, signal.SIG_DFL)
        os.kill(os.getpid(), signal.SIGTSTP)  # returns once continued
        signal.signal(signal.SIGTSTP, suspend)
        if started:
            with contextlib.suppress(OSError):
                server_wire.send(sock, server_wire.SIGNAL, int(signal.SIGCONT))

    previous = {}
    for name in FORWARDED:
        signum = int(getattr(signal, name))
        if signum not in ignored:  # (ignored: the build ignores it too)
            previous[signum] = signal.signal(signum, forward)
    if signal.getsignal(signal.SIGTSTP) == signal.SIG_DFL:  # (else: as the caller has it)
        previous[int(signal.SIGTSTP)] = signal.signal(signal.SIGTSTP, suspend)
    pid: object = None
    outcome: tuple[bytes, object] | None = None
    try:
        server_wire.send(sock, server_wire.BUILD, request)
        kind, _ = server_wire.receive(sock)
        if kind == server_wire.READY:  # it answers: now the descriptors
            server_wire.send(sock, server_wire.DESCRIPTORS, None, [0, 1, 2, cwd])
            kind, pid = server_wire.receive(sock)
        if kind == server_wire.PID and isinstance(pid, int):
            started = True
            sock.settimeout(None)  # the build takes what it takes
            for signum in pending:
                server_wire.send(sock, server_wire.SIGNAL, signum)
            outcome = _outcome(sock, pid)
    except (OSError, server_wire.ProtocolError):
        pass
    if outcome is not None and outcome[0] == server_wire.EXIT and isinstance(outcome[1], int):
        return outcome[1]
    # Built here after all: the signals are this process's again.
    for signum, handler in previous.items():
        signal.signal(signum, handler)
    if started and (outcome is None or outcome[0] != server_wire.LOCAL):
        assert isinstance(pid, int)
        return _unseen_end(pid, form)
    for signum in pending if not started else ():
        signal.raise_signal(signum)  # came before any build started: as a local one takes it
    return None


def _repeatable(form: BuildForm) -> bool:
    """Whether a build of ``form`` can run again with the same result: its
    input a file (not standard input or a pipe, which the first run
    read), each file it writes a file or absent (not a pipe or a device,
    which would get everything twice)."""
    import stat

    try:
        if not stat.S_ISREG(os.stat(form.input).st_mode):
            return False
        for path in (form.output, form.report, form.trace):
            if path is not None and os.path.lexists(path) and not stat.S_ISREG(
                    os.stat(path).st_mode):
                return False
    except OSError:
        return False
    return True


def _cwd_name() -> str | None:
    try:
        return os.getcwd()
    except OSError:  # removed: the descriptor still reaches it
        return None


def _outcome(sock: server_wire.Socket, pid: int) -> tuple[bytes, object]:
    """The server's last word on the build ``pid``: it is given
    :data:`ANSWER_TIMEOUT` seconds from the end of the build's process (a
    stopped server says nothing: OSError, and :func:`_unseen_end`)."""
    import select

    try:
        fd = os.pidfd_open(pid)
    except OSError:  # ended and reaped already: the server has answered
        fd = -1
    try:
        if fd >= 0 and sock.fileno() not in select.select([sock.fileno(), fd], [], [])[0]:
            sock.settimeout(ANSWER_TIMEOUT)  # the build ended: its status is due
        return server_wire.receive(sock)
    finally:
        if fd >= 0:
            os.close(fd)


def _unseen_end(pid: int, form: BuildForm | None) -> int | None:
    """The server went away or stopped answering during the build ``pid``:
    wait for that process to end (its output is then complete or
    untouched: outputs are renamed into place), then build here (a
    finished build is found done: the same output and exit status) if
    doing it again changes nothing (:func:`_repeatable`); else say so and
    fail (None: build here; else the exit code)."""
    import select

    with contextlib.suppress(OSError):
        fd = os.pidfd_open(pid)
        try:
            select.select([fd], [], [])
        finally:
            os.close(fd)
    if form is not None and _repeatable(form):
        return None
    with contextlib.suppress(OSError):
        os.write(2, b"halflow: error: the build server did not say how the build ended "
                    b"(its output is complete or untouched); run the build again\n")
    return 1


def exit_as(code: int) -> None:
    """End this process as the server's build ended: its exit code, or the
    same signal (128 + N if that signal does not end the process)."""
    if code >= 0:
        os._exit(code)
    import signal

    signum = -code
    with contextlib.suppress(OSError, ValueError):  # (SIGKILL: not caught anyway)
        signal.signal(signum, signal.SIG_DFL)
    with contextlib.suppress(OSError, ValueError):
        os.kill(os.getpid(), signum)
    os._exit(128 + signum)


def start(directory: str, print_: str, idle: float) -> None:
    """Start the server of ``print_`` detached (its own session, no
    descriptor of this process: it never holds a caller's pipes open),
    unless one is starting already (it holds the lock), or one was started
    less than :data:`server_identity.RETRY_AFTER` seconds ago and did not
    come up (its lock file says so: :func:`server_identity.record`)."""
    import fcntl

    try:
        fd = os.open(server_identity.lock_path(directory, print_),
                     os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
    except OSError:
        return
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        if server_identity.failed_recently(fd):
            return
        with contextlib.suppress(OSError):
            server_identity.record(fd, server_identity.STARTING)
    except OSError:
        return  # held: a server is starting or running
    finally:
        os.close(fd)
    import json
    import subprocess

    launcher = (f"import sys, json; sys.path[:] = json.loads(sys.argv[1]); "
                f"from {SERVER_MODULE} import main; main(sys.argv[2:])")
    # The interpreter's flags as it was started with them (the server checks
    # that its fingerprint, sys.flags included, is the client's).
    flags: list[str] = getattr(subprocess, "_args_from_interpreter_flags", list)()
    if "utf8" not in getattr(sys, "_xoptions", {}):
        # UTF-8 mode as this process has it: Python turns it on by itself
        # in the C locale, whose coercion (LC_CTYPE=C.UTF-8, inherited)
        # would leave it off in the server (server_identity.fingerprint).
        flags += ["-X", f"utf8={sys.flags.utf8_mode}"]
    args = [sys.executable, *flags, "-c", launcher,
            json.dumps(sys.path), directory, print_, repr(idle)]
    with contextlib.suppress(OSError):
        subprocess.Popen(args, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL, close_fds=True, start_new_session=True,
                         cwd="/")


def question(op: str) -> object | None:
    """Ask this installation's server (``status``, ``stop``); None when no
    server of this installation runs. One that holds its lock but has no
    socket (removed under it, or starting) is given the time it takes to
    make one (``server_identity.CHECK_SOCKET``)."""
    import time

    where = address()
    if where is None:
        return None
    sock = connect(*where)
    deadline = time.monotonic() + server_identity.CHECK_SOCKET + 1.0
    while sock is None and time.monotonic() < deadline and server_identity.lock_held(*where):
        time.sleep(0.05)
        sock = connect(*where)
    if sock is None:
        return None
    try:
        server_wire.send(sock, server_wire.QUESTION, {"op": op})
        kind, answer = server_wire.receive(sock)
    except (OSError, server_wire.ProtocolError):
        return None
    finally:
        sock.close()
    return answer if kind == server_wire.ANSWER else None


def failure() -> str | None:
    """Why this installation's server last failed to start, and how long
    ago (its lock file's record), or None."""
    import time

    where = address()
    if where is None:
        return None
    try:
        fd = os.open(server_identity.lock_path(*where), os.O_RDONLY | os.O_CLOEXEC)
    except OSError:
        return None
    try:
        state, when = server_identity.recorded(fd)
    except OSError:
        return None
    finally:
        os.close(fd)
    if not state.startswith("failed"):
        return None
    return f"the last start {state} ({time.time() - when:.0f} s ago)"
