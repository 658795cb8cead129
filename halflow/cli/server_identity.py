"""Which build server a ``halflow`` command may use: the private directory
its socket lives in and the fingerprint of the installation in its name.

A server runs the code it imported when it started. A client must reach
only a server whose code, interpreter and import path are exactly its own,
or a build would run old code (editable installs: developers edit halflow).
So the socket's name carries a fingerprint (:func:`fingerprint`) of the
interpreter (``sys.executable``, ``sys.version``, ``sys.flags``, its ``-X``
options but ``utf8`` (its effect is in ``sys.flags``), its ``-W`` options,
``sys.path``, the variables Python, the loader and the C library read
when the process starts), of the process (credentials,
capabilities, limits, CPUs, namespaces, root: what a fork child keeps from
the server; see :func:`process_context`), of every file of the halflow
package and of IREE's compiler package's key files (path, size,
modification time), and of the ``site-packages`` directories on
``sys.path`` (installing or removing a package changes them; other
entries, such as the working directory of ``python -m``, are written by
builds). Nothing here imports more than the standard library's ``os``,
``sys`` and ``stat`` and ``blake3`` (loaded by the up-to-date check): the
client runs in the command's fast path (:mod:`halflow.cli.entry`).

The directory is ``$HALFLOW_RUNTIME_DIR``, else ``$XDG_RUNTIME_DIR/halflow``,
else ``/tmp/halflow-<uid>``; it is created mode 0700 and used only when it
is a real directory (no symbolic link), owned by the user, that no one
else may read or enter (:func:`runtime_dir`)."""

from __future__ import annotations

import os
import sys

from halflow.core.fingerprint import iree_compiler_dir

RUNTIME_ENV_VAR = "HALFLOW_RUNTIME_DIR"
# Read when the process starts: by the interpreter (sys.flags, the stdio
# encoding, the hash seed...), the dynamic loader and the C library. A
# server started under other values is another server.
_STARTUP_PREFIXES = ("PYTHON", "LD_", "MALLOC_")
_STARTUP_VARIABLES = ("LC_ALL", "LC_CTYPE", "LANG", "GLIBC_TUNABLES")
# What a process is allowed and sees, which a fork child keeps from the
# server instead of taking the client's: /proc/self/status's credentials,
# capabilities, seccomp and CPU/memory placement lines, its resource
# limits, its namespaces, control groups and root directory, its nice value.
_STATUS_KEYS = (b"Uid:", b"Gid:", b"Groups:", b"NoNewPrivs:", b"Seccomp:", b"CapInh:",
                b"CapPrm:", b"CapEff:", b"CapBnd:", b"CapAmb:", b"Cpus_allowed_list:",
                b"Mems_allowed_list:")
_NAMESPACES = ("cgroup", "ipc", "mnt", "net", "pid", "time", "user", "uts")
# IREE's compiler package: what a reinstall changes.
_IREE_KEY_FILES = ("__init__.py", "version.py")
_IREE_LIBS = "_mlir_libs"
# Where installers put packages: installing or removing one changes them.
_INSTALL_DIRS = ("site-packages", "dist-packages")


def runtime_dir() -> str | None:
    """The private directory of this user's servers, created if absent;
    None when it cannot be made or is not private (the caller builds
    locally)."""
    chosen = os.environ.get(RUNTIME_ENV_VAR)
    if not chosen:
        xdg = os.environ.get("XDG_RUNTIME_DIR")
        chosen = os.path.join(xdg, "halflow") if xdg else f"/tmp/halflow-{os.getuid()}"
    try:
        os.mkdir(chosen, 0o700)
    except FileExistsError:
        pass
    except OSError:
        return None
    return chosen if is_private(chosen) else None


def is_private(path: str) -> bool:
    """Whether ``path`` is a directory (not a link) of this user's that
    only this user may read, write or enter."""
    import stat

    try:
        st = os.lstat(path)
    except OSError:
        return False
    return (stat.S_ISDIR(st.st_mode) and st.st_uid == os.getuid()
            and stat.S_IMODE(st.st_mode) & 0o077 == 0)


def fingerprint() -> str:
    """The installation's fingerprint (see the module docstring), as
    ``FAMILY-FILES``: FAMILY covers the interpreter and the process, FILES
    the packages' files. Servers of one family differ only by the age of
    their code (halflow edited, a package reinstalled): a new one stops
    the older ones (:func:`family_of`)."""
    from blake3 import blake3  # (the up-to-date check has loaded it)

    family, files = blake3(), blake3()

    def add(h: blake3, *parts: object) -> None:
        for part in parts:
            h.update(repr(part).encode("utf-8", "surrogateescape"))
            h.update(b"\0")

    # (-X utf8 left out of the options: its effect is sys.flags.utf8_mode,
    # which a client started in the C locale has without it and the server
    # it starts is given with it: server_client.start)
    xoptions = sorted((k, v) for k, v in getattr(sys, "_xoptions", {}).items() if k != "utf8")
    add(family, sys.executable, sys.version, tuple(sys.flags), sys.path,
        sys.implementation.cache_tag, xoptions, sys.warnoptions)
    add(family, sorted((k, v) for k, v in os.environ.items()
                       if k.startswith(_STARTUP_PREFIXES) or k in _STARTUP_VARIABLES))
    add(family, process_context())
    for entry in sys.path:
        if os.path.basename(entry) in _INSTALL_DIRS:  # (not the others: a build writes there)
            add(files, entry, _stamp(entry))
    add(files, sorted(_tree(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))))
    iree = iree_compiler_dir()
    add(files, iree)
    if iree is not None:
        add(files, [(name, _stamp(os.path.join(iree, name))) for name in _IREE_KEY_FILES])
        add(files, sorted(_tree(os.path.join(iree, _IREE_LIBS), recursive=False)))
    return f"{family.hexdigest(6)}-{files.hexdigest(8)}"


def family_of(print_: str) -> str:
    """The FAMILY part of a fingerprint."""
    return print_.partition("-")[0]


def process_context() -> list[object]:
    """What this process may do and sees, as far as a fork child of a
    server would keep the server's (see ``_STATUS_KEYS``): a client that
    differs (another user or group, dropped capabilities, other limits or
    CPUs, another container or root) reaches another server, started by a
    client like it."""
    found: list[object] = [os.getpriority(os.PRIO_PROCESS, 0)]
    for name in ("status", "limits", "cgroup"):
        try:
            with open(f"/proc/self/{name}", "rb") as f:
                lines = f.read().splitlines()
        except OSError:
            lines = []
        found.append([line for line in lines if name != "status" or line.startswith(_STATUS_KEYS)])
    for link in [f"ns/{n}" for n in _NAMESPACES] + ["root"]:
        try:
            found.append(os.readlink(f"/proc/self/{link}"))
        except OSError:
            found.append(None)
    try:
        found.append(os.stat("/proc/self/root").st_ino)
    except OSError:
        found.append(None)
    return found


def _stamp(path: str) -> tuple[int, int] | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_size, st.st_mtime_ns)


def _tree(top: str, recursive: bool = True) -> list[tuple[str, int, int]]:
    """(path, size, mtime_ns) of the files under ``top`` (``__pycache__``
    left out: compiled files follow their sources)."""
    found: list[tuple[str, int, int]] = []
    try:
        entries = list(os.scandir(top))
    except OSError:
        return found
    for entry in entries:
        try:
            if entry.is_dir(follow_symlinks=False):
                if recursive and entry.name != "__pycache__":
                    found.extend(_tree(entry.path))
            else:
                st = entry.stat()
                found.append((entry.path, st.st_size, st.st_mtime_ns))
        except OSError:
            continue
    return found


# A server's lock file says what became of the last start (:func:`record`):
STARTING, SERVING = "starting", "serving"  # (and "failed: REASON")
# A server looks this often whether its socket is still there (and makes
# it again if not): one whose socket was removed is reached again by then.
CHECK_SOCKET = 2.0
# A start that did not come up (it failed, or never said so) is not tried
# again for this many seconds: each try costs a Python start and imports.
RETRY_AFTER = 60.0


def record(fd: int, state: str) -> None:
    """Write ``state`` (``starting``, ``serving PID``, ``failed: REASON``)
    into the lock file ``fd``, whose lock the caller holds (no new inode
    needed: it records even a directory out of inodes)."""
    os.ftruncate(fd, 0)
    os.pwrite(fd, state.encode("utf-8", "backslashreplace") + b"\n", 0)


def recorded(fd: int) -> tuple[str, float]:
    """What the lock file ``fd`` records and when it was written."""
    return (os.pread(fd, 4096, 0).decode("utf-8", "replace").strip(),
            os.fstat(fd).st_mtime)


def failed_recently(fd: int) -> bool:
    """Whether the lock file ``fd``, which no server holds, records a start
    that did not come up (``starting``: it ended before it served, or is
    starting now; ``failed``), less than :data:`RETRY_AFTER` seconds ago."""
    import time

    state, when = recorded(fd)
    return (state == STARTING or state.startswith("failed")) and (
        abs(time.time() - when) < RETRY_AFTER)


def lock_held(directory: str, print_: str) -> bool:
    """Whether a server of ``print_`` holds its lock (it runs, or starts)."""
    import fcntl

    try:
        fd = os.open(lock_path(directory, print_), os.O_RDONLY | os.O_CLOEXEC)
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except OSError:
        return True
    finally:
        os.close(fd)
    return False


def socket_path(directory: str, print_: str) -> str:
    """The socket of the server of fingerprint ``print_``."""
    return os.path.join(directory, f"s-{print_}.sock")


def lock_path(directory: str, print_: str) -> str:
    """The lock file the server of fingerprint ``print_`` holds for its life."""
    return os.path.join(directory, f"s-{print_}.lock")
