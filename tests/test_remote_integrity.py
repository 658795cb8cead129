"""A shared cache that lies (issue 19): entries forged through the wire
format onto a real ``redis-server`` (checksums that hold, over hostile
content), the signing secret (``remote-secret``), the URL's options, and
one warning per build and kind of problem however many entries or
workers. Never a traceback, never a wrong output when signing is on.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from support.engine import corpus_file, reference_output, run_halflow, subprocess_env
from support.redis_server import forge_head, read_head
from test_codegen import FLAGS, PROGRAMS

from halflow.store.remote import KIND_BLOB, KIND_JSON, namespace

SECRET = "correct horse battery staple"


def ok(proc: subprocess.CompletedProcess[bytes]) -> str:
    err = proc.stderr.decode(errors="replace")
    assert proc.returncode == 0 and "Traceback" not in err, err
    return err


def warnings(err: str) -> list[str]:
    return [line for line in err.splitlines() if "warning" in line]


def last_remote(cache: Path) -> dict:
    stats = json.loads(run_halflow("cache", "stats", "--json", "--cache-dir", cache).stdout)
    return stats["history"][-1]["remote"]


def build(src: Path, out: Path, cache: Path, url: str, secret: str | None = None,
          *extra: str) -> subprocess.CompletedProcess[bytes]:
    env = subprocess_env(HALFLOW_REMOTE_SECRET=secret)
    return run_halflow("build", src, "-o", out, "--cache-dir", cache, "--remote-cache", url,
                       *extra, env=env)


def heads(client) -> dict[str, bytes]:
    """Every entry's head, by halflow key (chunks left out)."""
    prefix = namespace()
    return {k.decode()[len(prefix):]: client.get(k) for k in client.keys(prefix + "*")
            if b"#" not in k}


def test_forged_content_with_valid_checksums(redis_server, tmp_path: Path) -> None:
    """Every entry replaced by one whose checksum holds: JSON nested 100000
    deep, and blobs whose header claims 2^32-1 chunks (a reader built a
    4e9-element list). Each is a miss: the build recomputes, says so once."""
    server = redis_server()
    src = corpus_file("mlp_s.mlir")
    ok(build(src, tmp_path / "a.mlir", tmp_path / "a", server.url()))
    client = server.client()
    found = heads(client)
    nested = ("[" * 100_000 + "]" * 100_000).encode()
    for key, value in found.items():
        kind = read_head(value)["kind"]
        if kind == KIND_JSON:
            client.set(namespace() + key, forge_head(key, KIND_JSON, nested))
        else:
            client.set(namespace() + key, forge_head(key, KIND_BLOB, b"x", chunks=2**32 - 1))
    assert {read_head(v)["kind"] for v in found.values()} == {KIND_JSON, KIND_BLOB}
    err = ok(build(src, tmp_path / "b.mlir", tmp_path / "b", server.url()))
    assert (tmp_path / "b.mlir").read_text() == reference_output(src)
    said = warnings(err)
    assert len(said) == 1 and "damaged entries" in said[0], err
    assert "nested too deeply" in said[0] and "header is inconsistent" in said[0], err
    remote = last_remote(tmp_path / "b")
    assert remote["hits"] == 0 and remote["errors"] >= 2


def test_signed_entries(redis_server, tmp_path: Path) -> None:
    """With remote-secret, writers sign and readers use only what the
    secret signed: a reader without it, or with another, recomputes; an
    entry re-signed by someone without the secret (another key's payload,
    a valid plain checksum) is never used."""
    server = redis_server()
    src, other = corpus_file("mlp_s.mlir"), corpus_file("mlp_dyn.mlir")
    url = server.url()
    err = ok(build(src, tmp_path / "a.mlir", tmp_path / "a", url, SECRET))
    assert SECRET not in err
    client = server.client()
    assert all(read_head(v)["flags"] == 1 for v in heads(client).values())

    ok(build(src, tmp_path / "b.mlir", tmp_path / "b", url, SECRET))
    assert last_remote(tmp_path / "b")["hits"] > 0
    assert last_remote(tmp_path / "b")["errors"] == 0
    for machine, secret, said in (("c", None, "signed entries (set remote-secret"),
                                  ("d", "another secret", "signed with another secret")):
        err = ok(build(src, tmp_path / f"{machine}.mlir", tmp_path / machine, url, secret,
                       "--remote-read-only"))
        assert (tmp_path / f"{machine}.mlir").read_text() == reference_output(src)
        lines = warnings(err)
        assert len(lines) == 1 and said in lines[0], err
        assert last_remote(tmp_path / machine)["hits"] == 0

    # A forger who may write to Redis but has no secret: machine E builds
    # another module, and the forger puts E's payloads under A's keys with
    # a plain checksum that holds (which the unsigned format cannot tell).
    ok(build(other, tmp_path / "e.mlir", tmp_path / "e", server.url(db=1)))
    theirs = server.client(db=1)
    stolen = {read_head(v)["kind"]: (read_head(v)["first"], read_head(v)["chunks"])
              for v in heads(theirs).values() if read_head(v)["chunks"] == 1}
    for key, value in heads(client).items():
        kind = read_head(value)["kind"]
        payload = stolen[kind][0]
        client.set(namespace() + key, forge_head(key, kind, payload))
    err = ok(build(src, tmp_path / "f.mlir", tmp_path / "f", url, SECRET))
    assert (tmp_path / "f.mlir").read_text() == reference_output(src)
    lines = warnings(err)
    assert len(lines) == 1 and "unsigned entries" in lines[0], err
    # ... and re-signed with a guessed secret: wrongly signed.
    for key, value in heads(client).items():
        kind = read_head(value)["kind"]
        client.set(namespace() + key, forge_head(key, kind, stolen[kind][0], secret="guess"))
    err = ok(build(src, tmp_path / "g.mlir", tmp_path / "g", url, SECRET))
    assert (tmp_path / "g.mlir").read_text() == reference_output(src)
    assert "signed with another secret, or forged" in err and len(warnings(err)) == 1


def test_the_secret_is_never_shown(tmp_path: Path) -> None:
    env = subprocess_env(HALFLOW_REMOTE_SECRET=SECRET,
                         HALFLOW_REMOTE_CACHE="redis://127.0.0.1:1/0")
    for args in (("config",), ("config", "--json")):
        run = run_halflow(*args, env=env, cwd=tmp_path)
        out = run.stdout.decode() + run.stderr.decode()
        assert run.returncode == 0 and SECRET not in out, out
        assert "(set, hidden)" in out and "HALFLOW_REMOTE_SECRET" in out, out


def test_url_options(redis_server, tmp_path: Path) -> None:
    """The URL's options are redis-py's (``?socket_timeout=1``); one halflow
    cannot hand on, or a TLS option on a plain URL, is a usage error (it
    was a TypeError traceback at the first connection)."""
    server = redis_server()
    src = corpus_file("mlp_s.mlir")
    for k in range(2):
        ok(build(src, tmp_path / f"o{k}.mlir", tmp_path / f"c{k}",
                 server.url() + "?socket_timeout=1&socket_keepalive=true&client_name=hf"))
    assert last_remote(tmp_path / "c1")["hits"] > 0
    for query, said in (("?ssl_ca_certs=/etc/ca.pem", "'ssl_ca_certs' needs rediss://"),
                        ("?decode_responses=1", "'decode_responses' is not one halflow"),
                        ("?socket_timeout=soon", "'socket_timeout' must be a number"),
                        ("?socket_timeout", "options cannot be parsed")):
        run = build(src, tmp_path / "x.mlir", tmp_path / "x", server.url() + query)
        err = run.stderr.decode()
        assert run.returncode == 2 and said in err and "Traceback" not in err, err
        run = run_halflow("build", src, "-o", tmp_path / "x.mlir", "--cache-dir", tmp_path / "x",
                          env=subprocess_env(HALFLOW_REMOTE_CACHE=server.url() + query))
        err = run.stderr.decode()
        assert run.returncode == 1 and said in err and "$HALFLOW_REMOTE_CACHE" in err, err
        assert not (tmp_path / "x.mlir").exists()


def test_tls_url_options(redis_server, tmp_path: Path) -> None:
    import shutil

    if shutil.which("openssl") is None:
        pytest.skip("openssl is not installed: it makes the test server's certificate")
    server = redis_server(tls=True)
    src = corpus_file("mlp_s.mlir")
    url = server.url() + "&socket_timeout=1&ssl_check_hostname=true&ssl_cert_reqs=required"
    assert "?ssl_ca_certs=" in url
    for machine in ("a", "b"):
        ok(build(src, tmp_path / f"{machine}.mlir", tmp_path / machine, url))
    assert last_remote(tmp_path / "b")["hits"] > 0


def test_dask_workers_say_it_once(redis_server, tmp_path: Path) -> None:
    """A user that may only read, with --executor dask: the client and each
    worker find they may not write; the build says it once."""
    server = redis_server(acl=["user default off",
                               "user laptop on >laptop-pw ~halflow:* +get +mget"])
    run = run_halflow("build", PROGRAMS / "mlp.mlir", "--to", "vmfb", "-o", tmp_path / "m.vmfb",
                      "--cache-dir", tmp_path / "c", "--remote-cache",
                      server.url("laptop", "laptop-pw"), "--executor", "dask", "--", *FLAGS,
                      env=subprocess_env(HALFLOW_JOBS="2"))
    err = ok(run)
    assert (tmp_path / "m.vmfb").stat().st_size > 0
    assert err.count("does not allow this user to write") == 1, err
