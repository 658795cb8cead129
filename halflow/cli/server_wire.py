"""The build server's messages: one byte of kind, four of length, then a
JSON payload, both ways on one Unix socket.

Client to server: ``B`` (a build: ``argv``, ``cwd``, ``env``, ``umask``,
``recognized``, ``stale``, ``ignored`` (the forwarded signals the client ignores),
``main`` (its ``__main__``'s package, file and spec name)), ``F`` (once
the server said ``R``: the client's descriptors 0, 1 and 2 and one of its
working directory (``O_PATH``: it reaches a removed directory too), as
SCM_RIGHTS, so that a stuck server never holds them), ``Q`` (a question:
``{"op": "status"}`` or ``{"op": "stop"}``), ``S`` (a signal number to
forward to the build). Server to client: ``R`` (ready for the
descriptors), ``P`` (the build's pid, sent by the build's process itself,
so that a server stopped right after the fork still lets its client watch
the build), ``X`` (its exit code, negative for a signal, as
``os.waitstatus_to_exitcode`` says), ``L`` (the fork could not take the
client's place, nothing ran: build locally), ``A`` (the answer to a
question).
Any other byte, a short read or bad JSON is a protocol error: the client
then builds locally, the server drops the connection."""

from __future__ import annotations

import _socket  # socket's C core: all a connection needs (socket costs ~5 ms to import)
import json
import sys

HEADER_SIZE = 5  # kind, then the payload's length (4 bytes, big-endian)
MAX_PAYLOAD = 64 << 20
BUILD, DESCRIPTORS, QUESTION, SIGNAL = b"B", b"F", b"Q", b"S"
READY, PID, EXIT, LOCAL, ANSWER = b"R", b"P", b"X", b"L", b"A"
FDS = 4  # stdin, stdout, stderr, the working directory
SEND_TIMEOUT = 10.0  # seconds a short message may wait for room in the socket
Socket = _socket.socket  # the type ``socket.socket`` derives from


class ProtocolError(Exception):
    """The other side said something this side does not understand."""


def frame(kind: bytes, value: object) -> bytes:
    payload = json.dumps(value, separators=(",", ":")).encode("utf-8", "surrogateescape")
    return kind + len(payload).to_bytes(4, "big") + payload


def connection() -> Socket:
    """A new Unix stream socket (not yet connected)."""
    return _socket.socket(_socket.AF_UNIX, _socket.SOCK_STREAM)


def send(sock: Socket, kind: bytes, value: object, fds: list[int] | None = None) -> None:
    """One message; ``fds`` ride along with its first bytes (SCM_RIGHTS)."""
    data = frame(kind, value)
    if fds:
        rights = b"".join(fd.to_bytes(4, sys.byteorder, signed=True) for fd in fds)
        sent = sock.sendmsg([data], [(_socket.SOL_SOCKET, _socket.SCM_RIGHTS, rights)])
        data = data[sent:]
    if data:
        sock.sendall(data)


def decode(kind: bytes, payload: bytes) -> tuple[bytes, object]:
    try:
        return kind, json.loads(payload.decode("utf-8", "surrogateescape"))
    except ValueError as e:
        raise ProtocolError(str(e)) from None


def _size(header: bytes | bytearray) -> int:
    size = int.from_bytes(header[1:HEADER_SIZE], "big")
    if size > MAX_PAYLOAD:
        raise ProtocolError("message too long")
    return size


def split(buffer: bytearray) -> tuple[bytes, object] | None:
    """Take one whole message off the front of ``buffer`` (None: not yet)."""
    if len(buffer) < HEADER_SIZE:
        return None
    size = _size(buffer)
    if len(buffer) < HEADER_SIZE + size:
        return None
    kind, payload = bytes(buffer[:1]), bytes(buffer[HEADER_SIZE:HEADER_SIZE + size])
    del buffer[:HEADER_SIZE + size]
    return decode(kind, payload)


def receive(sock: Socket) -> tuple[bytes, object]:
    """One message, blocking; ProtocolError on a closed connection."""
    header = _exactly(sock, HEADER_SIZE)
    return decode(header[:1], _exactly(sock, _size(header)))


def _exactly(sock: Socket, n: int) -> bytes:
    data = b""
    while len(data) < n:
        chunk = sock.recv(n - len(data))
        if not chunk:
            raise ProtocolError("connection closed")
        data += chunk
    return data


def peer_uid(sock: Socket) -> int:
    """The user id of the process at the other end (SO_PEERCRED: pid, uid,
    gid as C ints)."""
    creds = sock.getsockopt(_socket.SOL_SOCKET, _socket.SO_PEERCRED, 12)
    return int.from_bytes(creds[4:8], sys.byteorder, signed=False)
