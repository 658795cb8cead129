"""The build server: a process that has imported what builds need and runs
each build a client sends in a fresh ``fork()`` of itself.

Started detached by :func:`halflow.cli.server_client.start` (``main``'s
arguments: the runtime directory, the installation's fingerprint, the idle
timeout in seconds). It holds the lock file of its fingerprint for its
life (two starting at once: one serves, the other exits), replaces a stale
socket, imports halflow's build modules, the MLIR bindings and their
dialect modules (numpy's code stays unrun: :mod:`halflow.cli.process`),
and then serves clients from one selector loop, with no thread (a fork of
a process with threads is unsafe; checked before every fork).

Each build's child (:func:`_child`) takes the client's descriptors 0, 1
and 2, environment, working directory, umask and ``sys.argv``, rebuilds
``sys.stdin``/``stdout``/``stderr`` as Python makes them at start-up, and
runs :func:`halflow.cli.entry.after_check`: the code a local ``halflow``
process runs once its up-to-date check has declined. The server reaps the
child through a pidfd and sends its exit status to the client, or sends
exit status 0 as soon as the child says on its pipe that it answered
early (a build whose output is written and that records its nodes and
saves its state after: :mod:`halflow.core.deferred`; the child then has
its descriptors 0-2 on ``/dev/null`` and no longer ends with its client);
a signal
the client forwards goes to the child's process group (its own, as a
terminal's Ctrl-C reaches a local build and the tools it runs); a client
that goes away takes its build with it (SIGTERM, then SIGKILL after
:data:`GRACE` seconds). No builds and no connection for the idle timeout:
the server removes its socket and exits. A socket removed under it is made
again within ``server_identity.CHECK_SOCKET`` seconds
(:meth:`Server.keep_socket`). A new server stops the older servers of its
family (:func:`stop_older`)."""

from __future__ import annotations

import contextlib
import fcntl
import io
import os
import selectors
import signal
import socket
import sys
import time
from typing import Any

from halflow.cli import server_identity, server_wire
from halflow.core import deferred

GRACE = 2.0
BACKLOG = 64
# What builds import, imported once here.
WARM = (
    "halflow.cli.entry", "halflow.cli.mlir_build", "halflow.cli.commandline",
    "halflow.library.build_mlir", "halflow.engine", "halflow.engine.workspace",
    "halflow.codegen.pipeline", "diskcache",
    "iree.compiler.ir", "iree.compiler.dialects.builtin", "iree.compiler.dialects.stream",
    "iree.compiler.dialects.hal", "iree.compiler.dialects.iree_tensor_ext",
)


class _Build:
    """One client's connection and the child running its build."""

    __slots__ = ("answered", "buffer", "conn", "fds", "kill_at", "pid", "pidfd", "ready", "request",
                 "took_over")

    def __init__(self, conn: socket.socket):
        self.conn: socket.socket | None = conn
        self.buffer = bytearray()
        self.fds: list[int] = []
        self.pid = 0
        self.pidfd = -1
        self.ready = -1  # read end of the pipe the child writes once it is the client's
        self.took_over = False  # the child wrote so ("1"): what happens is the build's
        self.answered = False  # the child answered early ("D": halflow.core.deferred)
        self.kill_at: float | None = None
        self.request: dict[str, object] | None = None  # a build's, until its descriptors come


class Server:
    """The selector loop and what it owns (all closed in each child)."""

    def __init__(self, directory: str, print_: str, idle: float, lock_fd: int):
        self.directory, self.print_, self.idle, self.lock_fd = directory, print_, idle, lock_fd
        self.path = server_identity.socket_path(directory, print_)
        self.selector = selectors.DefaultSelector()
        self.builds: dict[int, _Build] = {}  # by connection fd
        self.children: dict[int, _Build] = {}  # by pidfd
        self.started = time.time()
        self.count = 0
        self.children_cpu = 0.0  # user + system seconds of the reaped builds (benchmarks)
        self.last_maxrss = 0  # KiB, the last reaped build's peak resident set
        self.last = time.monotonic()
        self.stopping = False
        self.wake_r, self.wake_w = socket.socketpair()
        self.listener: socket.socket | None = None
        self.inode = 0

    # -- set-up and teardown ---------------------------------------------------------------

    def listen(self) -> None:
        self._bind()
        for sock in (self.wake_r, self.wake_w):
            sock.setblocking(False)
        self.selector.register(self.wake_r, selectors.EVENT_READ, "wake")
        signal.set_wakeup_fd(self.wake_w.fileno())
        for signum in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
            signal.signal(signum, self._on_signal)

    def _bind(self) -> None:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(self.path)  # a crashed server's: the lock says none lives
        listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        old = os.umask(0o177)
        try:
            listener.bind(self.path)
        except OSError:
            listener.close()
            raise
        finally:
            os.umask(old)
        listener.listen(BACKLOG)
        listener.setblocking(False)
        self.inode = os.stat(self.path).st_ino
        self.listener = listener
        self.selector.register(listener, selectors.EVENT_READ, "accept")

    def keep_socket(self) -> None:
        """Make the socket again if it is gone (removed, replaced: a
        cleaned-up directory): a server no client can reach would run on
        unseen, holding its lock, until its idle timeout. A server whose
        lock file is gone too (or another now: a new server may hold it)
        is no longer the installation's, and stops; so does one whose
        socket cannot be made again."""
        try:
            if os.stat(self.path).st_ino == self.inode:
                return
        except OSError:
            pass
        if not self._holds_lock_file():
            self.stopping = True
            return
        if self.listener is not None:
            self.selector.unregister(self.listener)
            self.listener.close()
            self.listener = None
        try:
            self._bind()
        except OSError:
            self.stopping = True

    def _holds_lock_file(self) -> bool:
        """Whether the lock file at its path is the one this server locked."""
        try:
            at_path = os.stat(server_identity.lock_path(self.directory, self.print_))
            held = os.fstat(self.lock_fd)
        except OSError:
            return False
        return (at_path.st_dev, at_path.st_ino) == (held.st_dev, held.st_ino)

    def _on_signal(self, signum: int, frame: object) -> None:
        self.stopping = True

    def unlisten(self) -> None:
        """Stop taking clients: the socket goes (if still ours)."""
        if self.listener is None:
            return
        try:
            if os.stat(self.path).st_ino == self.inode:
                os.unlink(self.path)
        except OSError:
            pass
        self.selector.unregister(self.listener)
        self.listener.close()
        self.listener = None

    def close_in_child(self) -> None:
        """Everything of the server's a build's child must not hold."""
        signal.set_wakeup_fd(-1)
        for build in list(self.builds.values()) + list(self.children.values()):
            if build.conn is not None:
                build.conn.close()
            for fd in (build.pidfd, build.ready):
                if fd >= 0:
                    os.close(fd)
            build.pidfd = build.ready = -1
        if self.listener is not None:
            self.listener.close()
        self.wake_r.close()
        self.wake_w.close()
        self.selector.close()
        os.close(self.lock_fd)

    # -- the loop ------------------------------------------------------------------------------

    def serve(self) -> None:
        check_at = 0.0
        while True:
            now = time.monotonic()
            busy = bool(self.builds or self.children)
            if busy:
                self.last = now
            if not self.stopping and now >= check_at:
                self.keep_socket()
                check_at = now + server_identity.CHECK_SOCKET
            if self.stopping:
                self.unlisten()
                if not busy:
                    return
            elif not busy and now - self.last >= self.idle:
                return
            deadlines = [b.kill_at for b in self.children.values() if b.kill_at is not None]
            if not self.stopping:
                deadlines.append(check_at)
            if not busy:
                deadlines.append(self.last + self.idle)
            timeout = max(0.0, min(deadlines) - now) if deadlines else None
            for key, _ in self.selector.select(timeout):
                try:
                    self._event(key.data, key.fileobj)
                except Exception:  # one client's trouble: that client builds locally
                    build = key.data if isinstance(key.data, _Build) else self.builds.get(key.fd)
                    if build is not None:
                        self._gone(build)
            self._kill_late()

    def _event(self, what: object, fileobj: object) -> None:
        if what == "accept":
            self._accept()
        elif what == "wake":
            try:
                while self.wake_r.recv(64):
                    pass
            except BlockingIOError:
                pass
        elif what == "conn":
            assert isinstance(fileobj, socket.socket)
            self._readable(self.builds[fileobj.fileno()])
        elif isinstance(what, _Build):
            self._reap(what)
        elif isinstance(what, tuple) and isinstance(what[1], _Build):
            self._heard(what[1])

    def _accept(self) -> None:
        assert self.listener is not None
        try:
            conn, _ = self.listener.accept()
        except OSError:
            return
        if server_wire.peer_uid(conn) != os.getuid():
            conn.close()
            return
        conn.setblocking(False)
        self.builds[conn.fileno()] = _Build(conn)
        self.selector.register(conn, selectors.EVENT_READ, "conn")

    def _readable(self, build: _Build) -> None:
        assert build.conn is not None
        try:
            data, fds, _flags, _addr = socket.recv_fds(build.conn, 1 << 16, server_wire.FDS)
        except BlockingIOError:
            return
        except OSError:
            data, fds = b"", []
        build.fds.extend(fds)
        if not data:
            self._gone(build)
            return
        build.buffer.extend(data)
        try:
            while build.conn is not None and (message := server_wire.split(build.buffer)):
                self._message(build, *message)
        except (server_wire.ProtocolError, OSError, ValueError, TypeError, KeyError):
            self._gone(build)

    def _message(self, build: _Build, kind: bytes, value: object) -> None:
        assert build.conn is not None
        if kind == server_wire.BUILD and build.request is None and isinstance(value, dict):
            # The client's descriptors come only once this server is seen to
            # answer: a stuck server never holds a caller's pipes open.
            build.request = value
            build.conn.setblocking(True)
            try:
                server_wire.send(build.conn, server_wire.READY, None)
            finally:
                build.conn.setblocking(False)
        elif kind == server_wire.DESCRIPTORS and build.request is not None and not build.pid:
            self._fork(build, build.request)
        elif kind == server_wire.SIGNAL and build.pid and isinstance(value, int):
            if build.pidfd >= 0:
                with contextlib.suppress(OSError):
                    os.killpg(build.pid, value)
        elif kind == server_wire.QUESTION and isinstance(value, dict):
            if value.get("op") == "stop":
                self.stopping = True
            build.conn.setblocking(True)
            server_wire.send(build.conn, server_wire.ANSWER, self.status())
            self._gone(build)
        else:
            raise server_wire.ProtocolError(f"unexpected {kind!r}")

    def status(self) -> dict[str, object]:
        return {"pid": os.getpid(), "socket": self.path, "fingerprint": self.print_,
                "started": self.started, "builds": self.count,
                "running": sorted(b.pid for b in self.children.values()),
                "idle_timeout": self.idle, "stopping": self.stopping,
                "cpu": time.process_time(), "children_cpu": self.children_cpu,
                "last_maxrss_kb": self.last_maxrss}

    def _gone(self, build: _Build) -> None:
        """The client's connection closed (or misbehaved): its build ends too."""
        if build.conn is not None:
            self.builds.pop(build.conn.fileno(), None)
            self.selector.unregister(build.conn)
            build.conn.close()
            build.conn = None
        for fd in build.fds:
            os.close(fd)
        build.fds.clear()
        if build.pidfd >= 0 and build.kill_at is None:
            _signal_group(build, signal.SIGTERM)
            build.kill_at = time.monotonic() + GRACE

    def _kill_late(self) -> None:
        now = time.monotonic()
        for build in self.children.values():
            if build.kill_at is not None and now >= build.kill_at:
                _signal_group(build, signal.SIGKILL)
                build.kill_at = float("inf")

    # -- builds ----------------------------------------------------------------------------------

    def _fork(self, build: _Build, request: dict[str, object]) -> None:
        assert build.conn is not None
        if len(build.fds) != server_wire.FDS:
            raise server_wire.ProtocolError("no descriptors")
        assert_single_threaded()
        ready, done = os.pipe2(os.O_CLOEXEC)
        pid = os.fork()
        if pid == 0:
            os.close(ready)
            _child(self, build, request, done)  # never returns
        os.close(done)
        os.set_blocking(ready, False)
        build.ready = ready
        self.selector.register(ready, selectors.EVENT_READ, ("ready", build))
        self.count += 1
        for fd in build.fds:
            os.close(fd)
        build.fds.clear()
        build.pid = pid
        build.pidfd = os.pidfd_open(pid)
        self.children[build.pidfd] = build
        self.selector.register(build.pidfd, selectors.EVENT_READ, build)
        # (The child tells the client its pid itself: a server stopped
        # right after the fork must not leave the client nothing to watch.)

    def _heard(self, build: _Build) -> None:
        """The child wrote on its pipe: it became the client's process
        ("1"), or answered early ("D": exit status 0, the client's
        descriptors handed back; it goes on alone, and no longer ends with
        its client), or closed the pipe."""
        if build.ready < 0:
            return  # (closed by its reaping, in the same round of events)
        try:
            data = os.read(build.ready, 16)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        build.took_over = build.took_over or b"1" in data
        if not data:
            self.selector.unregister(build.ready)
            os.close(build.ready)
            build.ready = -1
        elif b"D" in data and build.took_over and not build.answered:
            build.answered = True
            if build.conn is not None:
                with contextlib.suppress(OSError):
                    build.conn.setblocking(True)
                    server_wire.send(build.conn, server_wire.EXIT, 0)
                self.builds.pop(build.conn.fileno(), None)
                self.selector.unregister(build.conn)
                build.conn.close()
                build.conn = None

    def _reap(self, build: _Build) -> None:
        self.selector.unregister(build.pidfd)
        del self.children[build.pidfd]
        _, status, usage = os.wait4(build.pid, 0)
        self.children_cpu += usage.ru_utime + usage.ru_stime
        self.last_maxrss = usage.ru_maxrss
        os.close(build.pidfd)
        build.pidfd = -1
        if build.ready >= 0:
            self._heard(build)  # (what it wrote last, if unread)
        if build.ready >= 0:
            self.selector.unregister(build.ready)
            os.close(build.ready)
            build.ready = -1
        took_over = build.took_over
        if build.conn is not None:
            with contextlib.suppress(OSError):
                build.conn.setblocking(True)
                if took_over:
                    server_wire.send(build.conn, server_wire.EXIT,
                                     os.waitstatus_to_exitcode(status))
                else:  # it never became the client's process: nothing ran
                    server_wire.send(build.conn, server_wire.LOCAL, None)
            self._gone(build)


def _signal_group(build: _Build, signum: int) -> None:
    """``signum`` to the build's process group (it leads it) while it is
    unreaped, so the pid cannot be another process's."""
    if build.pidfd >= 0:
        with contextlib.suppress(OSError):
            os.killpg(build.pid, signum)


def stop_older(directory: str, print_: str) -> None:
    """Ask the servers of this one's family that run older code (another
    fingerprint: halflow edited, a package reinstalled since they started)
    to stop: no client reaches them any more. Their running builds finish."""
    import glob

    family = server_identity.family_of(print_)
    own = server_identity.socket_path(directory, print_)
    for path in glob.glob(os.path.join(glob.escape(directory), f"s-{family}-*.sock")):
        if path == own:
            continue
        with contextlib.suppress(OSError, server_wire.ProtocolError), socket.socket(
                socket.AF_UNIX, socket.SOCK_STREAM) as sock:
            sock.settimeout(2.0)
            sock.connect(path)
            if server_wire.peer_uid(sock) == os.getuid():
                server_wire.send(sock, server_wire.QUESTION, {"op": "stop"})
                server_wire.receive(sock)


def assert_single_threaded() -> None:
    """A fork copies one thread: the server must have no other (Python's or
    a library's)."""
    threads = os.listdir("/proc/self/task")
    if len(threads) != 1:
        raise RuntimeError(f"the build server has {len(threads)} threads: it must not fork")


def _child(server: Server, build: _Build, request: dict[str, object], done: int) -> None:
    """The build's process: become the client's process, run the build,
    exit with its status. Never returns."""
    try:
        os.setpgid(0, 0)  # (before the pid goes out: the client's signals go to the group)
        assert build.conn is not None
        # The socket is shared with the server, which keeps it non-blocking:
        # a timeout keeps it so (setblocking would change it for both).
        build.conn.settimeout(server_wire.SEND_TIMEOUT)
        server_wire.send(build.conn, server_wire.PID, os.getpid())
        *stdio, cwd = build.fds
        build.fds.clear()
        server.close_in_child()
        for signum in (signal.SIGTERM, signal.SIGHUP, signal.SIGQUIT, signal.SIGCHLD):
            signal.signal(signum, signal.SIG_DFL)
        signal.signal(signal.SIGINT, signal.default_int_handler)
        os.fchdir(cwd)  # (removed or not, as the client has it)
        os.close(cwd)
        for target, fd in enumerate(stdio):
            os.dup2(fd, target)
            os.close(fd)
        env = request["env"]
        assert isinstance(env, dict)
        os.environ.clear()
        os.environ.update(env)
        umask = request["umask"]
        assert isinstance(umask, int)
        os.umask(umask)
        argv = request["argv"]
        assert isinstance(argv, list)
        sys.argv[:] = [str(a) for a in argv]
        main = request.get("main")
        assert isinstance(main, dict)
        _main_module(main)
        for signum in request.get("ignored", ()):  # type: ignore[attr-defined]
            signal.signal(signum, signal.SIG_IGN)  # as the client had them (nohup, `&`)
        _stdio()
        os.write(done, b"1")  # the client's process now: whatever happens is the build's
        answer = deferred.EarlyAnswer(lambda: _answer_early(done))
    except BaseException:
        os._exit(70)  # the client builds locally
    _run_build(bool(request.get("recognized")), bool(request.get("stale")), answer)


def _answer_early(done: int) -> None:
    """Answer the client now (exit status 0) and give its descriptors back
    (a pipe it wrote into ends when it does): the build goes on alone with
    descriptors 0-2 on ``/dev/null`` (:mod:`halflow.core.deferred`)."""
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):
            stream.flush()
    null = os.open(os.devnull, os.O_RDWR)
    for target in (0, 1, 2):
        os.dup2(null, target)
    os.close(null)
    os.write(done, b"D")
    os.close(done)


def _run_build(recognized: bool, stale: bool, answer: deferred.EarlyAnswer) -> None:
    """Run the build and end the process as the interpreter ends a local
    one: the exit status of ``SystemExit``, a traceback and 1 for an
    uncaught exception, death by SIGINT after an uncaught Ctrl-C; non-daemon
    threads joined and exit handlers run first (worker pools)."""
    from halflow.cli import entry

    code: object = 0
    interrupted = False
    try:
        entry.after_check(sys.argv[1:], recognized, stale, answer)
    except SystemExit as e:
        code = e.code
    except KeyboardInterrupt:
        sys.excepthook(*sys.exc_info())
        interrupted = True
    except BaseException:
        sys.excepthook(*sys.exc_info())
        code = 1
    if code is None:
        code = 0
    elif not isinstance(code, int):
        sys.stderr.write(f"{code}\n")
        code = 1
    _teardown()
    if interrupted:
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        os.kill(os.getpid(), signal.SIGINT)
        code = 128 + signal.SIGINT
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError):
        code = 120  # as the interpreter exits when flushing its streams fails
    os._exit(code & 0xFF)


def _teardown() -> None:
    """What the interpreter does at exit before it flushes its streams."""
    import atexit
    import threading

    shutdown = getattr(threading, "_shutdown", None)
    if shutdown is not None and threading.active_count() > 1:
        shutdown()
    atexit._run_exitfuncs()


def _main_module(main: dict[str, object]) -> None:
    """A ``__main__`` module that says what the client's says of itself (its
    package, file and spec's name: what a program's name is made of)."""
    import importlib.machinery
    import types

    module = types.ModuleType("__main__")
    module.__package__ = main.get("package")  # type: ignore[assignment]
    if isinstance(main.get("file"), str):
        module.__file__ = str(main["file"])
    name = main.get("spec")
    module.__spec__ = (importlib.machinery.ModuleSpec(name, None)
                       if isinstance(name, str) else None)
    sys.modules["__main__"] = module


def _stdio() -> None:
    """``sys.stdin``, ``stdout`` and ``stderr`` on descriptors 0, 1 and 2,
    made as the interpreter makes them at start-up (the encoding and
    buffering rules of the same interpreter settings: the fingerprint
    covers them)."""
    template = sys.__stdout__
    assert template is not None
    buffered = not template.write_through
    streams = [_stream(fd, template.encoding, template.errors, buffered) for fd in (0, 1, 2)]
    sys.stdin, sys.stdout, sys.stderr = streams
    for name, stream in zip(("__stdin__", "__stdout__", "__stderr__"), streams, strict=True):
        setattr(sys, name, stream)


def _stream(fd: int, encoding: str, errors: str | None, buffered: bool) -> io.TextIOWrapper:
    """One standard stream as ``Python/pylifecycle.c`` creates it: text over
    a buffer (unless unbuffered) over the descriptor, never closing it,
    ``"\n"`` newlines, line-buffered on a terminal (stderr always),
    stderr's errors ``backslashreplace``."""
    mode = "rb" if fd == 0 else "wb"
    raw = io.FileIO(fd, mode, closefd=False)
    raw.name = ("<stdin>", "<stdout>", "<stderr>")[fd]
    binary: Any = raw
    if fd == 0:
        binary = io.BufferedReader(raw)
    elif buffered:
        binary = io.BufferedWriter(raw)
    text = io.TextIOWrapper(binary, encoding=encoding,
                            errors="backslashreplace" if fd == 2 else errors, newline="\n",
                            line_buffering=buffered and (fd == 2 or os.isatty(fd)),
                            write_through=not buffered)
    text.mode = mode[0]  # type: ignore[misc]
    return text


def main(argv: list[str]) -> None:
    """The server process (see the module docstring). What became of its
    start is written into its lock file (``serving PID``, or ``failed:
    REASON``: clients then do not start another for a while;
    :func:`halflow.cli.server_identity.failed_recently`)."""
    directory, print_, idle = argv[0], argv[1], float(argv[2])
    if not server_identity.is_private(directory):
        return  # not the directory the client saw: touch nothing there
    lock_fd = os.open(server_identity.lock_path(directory, print_),
                      os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
    try:
        fcntl.flock(lock_fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return  # another server of this installation runs
    try:
        server = _set_up(directory, print_, idle, lock_fd)
    except Exception as e:
        with contextlib.suppress(OSError):
            server_identity.record(lock_fd, f"failed: {type(e).__name__}: {e}")
        return
    with contextlib.suppress(OSError):
        server_identity.record(lock_fd, f"{server_identity.SERVING} {os.getpid()}")
    stop_older(directory, print_)
    try:
        server.serve()
    finally:
        server.unlisten()
        with contextlib.suppress(OSError):
            server_identity.record(lock_fd, "stopped")


def _set_up(directory: str, print_: str, idle: float, lock_fd: int) -> Server:
    """Everything before serving: the fingerprint checked, the imports,
    the socket; raises what went wrong."""
    if server_identity.fingerprint() != print_:
        raise RuntimeError("not the installation its client saw (another fingerprint)")
    from halflow.cli import process

    process.configure()
    import importlib

    for name in WARM:
        importlib.import_module(name)
    numpy = sys.modules.get("numpy")  # read without running its code
    assert numpy is None or "ndarray" not in object.__getattribute__(numpy, "__dict__")
    assert_single_threaded()
    server = Server(directory, print_, idle, lock_fd)
    server.listen()
    return server
