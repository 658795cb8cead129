"""The build server's messages: one byte of kind, four of length, then a
JSON payload, both ways on one Unix socket.

Client to server: ``B`` (a build: ``argv``, ``cwd``, ``env``, ``umask``,
``stale``; the client's descriptors 0, 1 and 2 ride along as SCM_RIGHTS),
``Q`` (a question: ``{"op": "status"}`` or ``{"op": "stop"}``), ``S`` (a
signal number to forward to the build). Server to client: ``P`` (the
build's pid), ``X`` (its exit code, negative for a signal, as
``os.waitstatus_to_exitcode`` says), ``A`` (the answer to a question).
Any other byte, a short read or bad JSON is a protocol error: the client
then builds locally, the server drops the connection."""

from __future__ import annotations

import json
import socket
import struct

HEADER = struct.Struct("!cI")
MAX_PAYLOAD = 64 << 20
BUILD, QUESTION, SIGNAL, PID, EXIT, ANSWER = b"B", b"Q", b"S", b"P", b"X", b"A"
FDS = 3  # stdin, stdout, stderr


class ProtocolError(Exception):
    """The other side said something this side does not understand."""


def frame(kind: bytes, value: object) -> bytes:
    payload = json.dumps(value, separators=(",", ":")).encode("utf-8", "surrogateescape")
    return HEADER.pack(kind, len(payload)) + payload


def send(sock: socket.socket, kind: bytes, value: object, fds: list[int] | None = None) -> None:
    data = frame(kind, value)
    if fds:
        sent = socket.send_fds(sock, [data], fds)
        data = data[sent:]
    if data:
        sock.sendall(data)


def decode(kind: bytes, payload: bytes) -> tuple[bytes, object]:
    try:
        return kind, json.loads(payload.decode("utf-8", "surrogateescape"))
    except ValueError as e:
        raise ProtocolError(str(e)) from None


def split(buffer: bytearray) -> tuple[bytes, object] | None:
    """Take one whole message off the front of ``buffer`` (None: not yet)."""
    if len(buffer) < HEADER.size:
        return None
    kind, size = HEADER.unpack_from(buffer)
    if size > MAX_PAYLOAD:
        raise ProtocolError("message too long")
    if len(buffer) < HEADER.size + size:
        return None
    payload = bytes(buffer[HEADER.size:HEADER.size + size])
    del buffer[:HEADER.size + size]
    return decode(kind, payload)


def receive(sock: socket.socket) -> tuple[bytes, object]:
    """One message, blocking; ProtocolError on a closed connection."""
    kind, size = HEADER.unpack(_exactly(sock, HEADER.size))
    if size > MAX_PAYLOAD:
        raise ProtocolError("message too long")
    return decode(kind, _exactly(sock, size))


def _exactly(sock: socket.socket, n: int) -> bytes:
    data = b""
    while len(data) < n:
        chunk = sock.recv(n - len(data))
        if not chunk:
            raise ProtocolError("connection closed")
        data += chunk
    return data


def peer_uid(sock: socket.socket) -> int:
    """The user id of the process at the other end (SO_PEERCRED)."""
    creds = sock.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, struct.calcsize("3i"))
    return int(struct.unpack("3i", creds)[1])
