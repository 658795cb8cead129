"""A real ``redis-server`` on a loopback port, for tests and benchmarks of
the shared cache (``--remote-cache``).

:class:`RedisServer` starts one in a directory of its own (no snapshots, no
append-only file: nothing outlives it), on a free port, optionally with a
password (``requirepass``) or ACL users, and kills it by its process id.
:func:`find_redis_server` says where the binary is (None when it is absent:
``.ci/run`` installs it).
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import time
from pathlib import Path
from typing import Any


def find_redis_server() -> str | None:
    return os.environ.get("REDIS_SERVER") or shutil.which("redis-server") or (
        "/usr/bin/redis-server" if os.access("/usr/bin/redis-server", os.X_OK) else None)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class RedisServer:
    """``redis-server`` on 127.0.0.1:``port`` with its files in ``directory``.

    ``password``: ``requirepass`` (the default user's password); ``acl``:
    ACL rules, one user a line (``user ci on >secret ~* +@all``), written to
    an ACL file the server loads; ``tls``: TLS only, with a self-signed
    certificate made by ``openssl`` (:meth:`url` then names it as the CA)."""

    def __init__(self, directory: Path, *, password: str | None = None,
                 acl: list[str] | None = None, binary: str | None = None, tls: bool = False):
        found = binary or find_redis_server()
        if found is None:
            raise FileNotFoundError("redis-server is not installed")
        self.directory = Path(directory)
        self.directory.mkdir(parents=True, exist_ok=True)
        self.password = password
        self.port = free_port()
        self.certificate: Path | None = None
        if tls:
            self.certificate = self.directory / "cert.pem"
            key = self.directory / "key.pem"
            subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes",
                            "-keyout", str(key), "-out", str(self.certificate), "-days", "1",
                            "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"],
                           check=True, capture_output=True)
            ports = ["--port", "0", "--tls-port", str(self.port), "--tls-cert-file",
                     str(self.certificate), "--tls-key-file", str(key), "--tls-ca-cert-file",
                     str(self.certificate), "--tls-auth-clients", "no"]
        else:
            ports = ["--port", str(self.port)]
        args = [found, *ports, "--bind", "127.0.0.1", "--save", "",
                "--appendonly", "no", "--dir", str(self.directory), "--protected-mode", "no",
                "--logfile", str(self.directory / "redis.log")]
        if password is not None:
            args += ["--requirepass", password]
        if acl is not None:
            acl_file = self.directory / "users.acl"
            acl_file.write_text("".join(line + "\n" for line in acl))
            args += ["--aclfile", str(acl_file)]
        self.process = subprocess.Popen(args, stdout=subprocess.DEVNULL,
                                        stderr=subprocess.DEVNULL)
        self._wait_ready()

    def _wait_ready(self, seconds: float = 20.0) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                log = (self.directory / "redis.log")
                raise RuntimeError("redis-server exited at start-up: "
                                   + (log.read_text()[-2000:] if log.exists() else ""))
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.5) as s:
                    if self.certificate is not None:
                        import ssl

                        context = ssl.create_default_context(cafile=str(self.certificate))
                        with context.wrap_socket(s, server_hostname="127.0.0.1") as t:
                            t.sendall(b"PING\r\n")
                            if t.recv(64):
                                return
                    else:
                        s.sendall(b"PING\r\n")
                        if s.recv(64):
                            return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError(f"redis-server did not answer on port {self.port}")

    def url(self, user: str | None = None, password: str | None = None, db: int = 0) -> str:
        auth = ""
        if password is not None:
            auth = f"{user or ''}:{password}@"
        if self.certificate is not None:
            return f"rediss://{auth}127.0.0.1:{self.port}/{db}?ssl_ca_certs={self.certificate}"
        return f"redis://{auth}127.0.0.1:{self.port}/{db}"

    def client(self, db: int = 0) -> Any:
        """A client with full rights (the test's own view of the server)."""
        import redis

        return redis.Redis(host="127.0.0.1", port=self.port, db=db, password=self.password,
                           socket_timeout=10, ssl=self.certificate is not None,
                           ssl_ca_certs=None if self.certificate is None else str(self.certificate))

    def kill(self) -> None:
        """Kill the server (SIGKILL: as a crash or a pulled cable)."""
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait(timeout=30)

    def __enter__(self) -> RedisServer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.kill()


# -- entries written as another writer would (tests of hostile content) -----------------


def read_head(value: bytes) -> dict[str, Any]:
    """The fields of an entry's head (the wire format of
    :mod:`halflow.store.remote`, read independently of it)."""
    import struct

    magic, fmt, kind, flags, chunks, size, wid, digest = struct.unpack_from(
        "<4sBBBIQ16s32s", value)
    return {"magic": magic, "format": fmt, "kind": kind, "flags": flags, "chunks": chunks,
            "size": size, "wid": wid, "digest": digest, "first": value[struct.calcsize(
                "<4sBBBIQ16s32s"):]}


def forge_head(key: str, kind: int, payload: bytes, *, secret: str | None = None,
               chunks: int | None = None, size: int | None = None, fmt: int = 2,
               flags: int | None = None) -> bytes:
    """A one-chunk entry head holding ``payload`` under halflow key ``key``,
    with a digest that checks out: blake2b-256 over the key, the kind and
    the payload, keyed with ``secret`` (and flagged signed) when given.
    ``chunks``/``size``: what the header claims instead of the truth."""
    import hashlib
    import struct
    import uuid

    if secret is None:
        h = hashlib.blake2b(digest_size=32, person=b"halflow-remote")
    else:
        mac_key = hashlib.blake2b(secret.encode(), digest_size=64,
                                  person=b"halflow-secret").digest()
        h = hashlib.blake2b(digest_size=32, key=mac_key, person=b"halflow-signed")
    h.update(key.encode() + b"\0" + bytes([kind]))
    h.update(payload)
    header = struct.pack("<4sBBBIQ16s32s", b"HFR1", fmt, kind,
                         (1 if secret is not None else 0) if flags is None else flags,
                         1 if chunks is None else chunks,
                         len(payload) if size is None else size, uuid.uuid4().bytes,
                         h.digest())
    return header + payload
