"""The shared cache in Redis (``--remote-cache``, issue 15), against a real
``redis-server`` each test starts on a loopback port (the ``redis_server``
fixture of conftest.py).

Two cache directories stand for two machines sharing one Redis: what one
built, the other's first build takes from the remote, with iree-opt's
bytes and the same ``.vmfb``. A read-only client writes nothing; a damaged
remote entry is ignored and recomputed; a server that is killed during a
build, that refuses the password, that nobody listens on or that never
answers costs a warning, never the build.
"""

from __future__ import annotations

import json
import re
import shutil
import socket
import subprocess
import threading
import time
from pathlib import Path

import pytest
from support.engine import (
    corpus_file,
    halflow_cmd,
    reference_output,
    run_halflow,
    subprocess_env,
)
from test_codegen import FLAGS, MLP_SHAPES, PROGRAMS, assert_same_outputs, plain_compile

from halflow.core.options import RemoteCache
from halflow.store.remote import CHUNK, KIND_BLOB, RemoteStore, namespace


def ok(proc: subprocess.CompletedProcess[bytes]) -> str:
    err = proc.stderr.decode(errors="replace")
    assert proc.returncode == 0, err
    assert "Traceback" not in err
    return err


def last_build(cache: Path) -> dict:
    stats = json.loads(run_halflow("cache", "stats", "--json", "--cache-dir", cache).stdout)
    return stats["history"][-1]


def build_mlir(src: Path, out: Path, cache: Path, *extra: object, env=None):
    return run_halflow("build", src, "-o", out, "--cache-dir", cache, *map(str, extra), env=env)


def test_second_machine_builds_mlir_from_the_remote(redis_server, tmp_path: Path) -> None:
    server = redis_server()
    src = corpus_file("gpt2_l2.mlir")
    expected = reference_output(src)
    a, b = tmp_path / "a.mlir", tmp_path / "b.mlir"
    ok(build_mlir(src, a, tmp_path / "machine-a", "--remote-cache", server.url()))
    assert a.read_text() == expected
    written = last_build(tmp_path / "machine-a")["remote"]
    assert written["writes"] > 0 and written["errors"] == 0
    assert server.client().dbsize() > 0
    # Every name carries the wire format and both versions.
    assert all(k.decode().startswith(namespace()) for k in server.client().keys("*"))

    ok(build_mlir(src, b, tmp_path / "machine-b", "--remote-cache", server.url()))
    assert b.read_bytes() == a.read_bytes()
    remote = last_build(tmp_path / "machine-b")["remote"]
    assert remote["hits"] > 0 and remote["misses"] == 0 and remote["errors"] == 0
    assert remote["bytes_fetched"] >= len(expected)
    stats = run_halflow("cache", "stats", "--cache-dir", tmp_path / "machine-b").stdout.decode()
    assert f"remote: {remote['hits']} hits, 0 misses" in stats

    # The hit was copied into machine B's own cache: without the server,
    # B's next build of another output path is still all cached.
    server.kill()
    run = build_mlir(src, tmp_path / "b2.mlir", tmp_path / "machine-b", "--report",
                     tmp_path / "r.json")
    ok(run)
    assert (tmp_path / "b2.mlir").read_text() == expected
    assert json.loads((tmp_path / "r.json").read_text())["executed"] == []


def test_second_machine_builds_the_same_vmfb(redis_server, tmp_path: Path) -> None:
    server = redis_server()
    src = tmp_path / "mlp.mlir"
    shutil.copyfile(PROGRAMS / "mlp.mlir", src)
    outs = {}
    for machine in ("a", "b"):
        outs[machine] = tmp_path / f"{machine}.vmfb"
        report = tmp_path / f"{machine}.json"
        ok(run_halflow("build", src, "--to", "vmfb", "-o", outs[machine], "--cache-dir",
                       tmp_path / f"machine-{machine}", "--remote-cache", server.url(),
                       "--report", report, "--", *FLAGS))
    actions = {e["action"] for e in json.loads(report.read_text())["codegen"]}
    assert actions == {"reused"}  # machine B compiled nothing
    remote = last_build(tmp_path / "machine-b")["remote"]
    assert remote["hits"] > 0 and remote["misses"] == 0 and remote["errors"] == 0
    assert outs["b"].read_bytes() == outs["a"].read_bytes()
    assert_same_outputs(outs["b"], plain_compile(src, tmp_path / "plain.vmfb"), MLP_SHAPES)


def test_read_only_client_writes_nothing(redis_server, tmp_path: Path) -> None:
    server = redis_server()
    src = corpus_file("mlp_s.mlir")
    # The plain form (the entry point's own path), configured by the environment.
    env = subprocess_env(HALFLOW_REMOTE_CACHE=server.url(), HALFLOW_REMOTE_READ_ONLY="1")
    ok(build_mlir(src, tmp_path / "o.mlir", tmp_path / "laptop", env=env))
    assert (tmp_path / "o.mlir").read_text() == reference_output(src)
    assert server.client().dbsize() == 0
    assert last_build(tmp_path / "laptop")["remote"]["misses"] > 0
    ok(run_halflow("build", src, "--to", "vmfb", "-o", tmp_path / "o.vmfb", "--cache-dir",
                   tmp_path / "laptop", "--remote-cache", server.url(), "--remote-read-only",
                   "--", *FLAGS))
    assert server.client().dbsize() == 0
    # CI writes; the laptop reads what CI wrote.
    ok(build_mlir(src, tmp_path / "ci.mlir", tmp_path / "ci", "--remote-cache", server.url()))
    keys = server.client().dbsize()
    assert keys > 0
    ok(build_mlir(src, tmp_path / "o2.mlir", tmp_path / "laptop2", env=env))
    assert last_build(tmp_path / "laptop2")["remote"]["hits"] > 0
    assert server.client().dbsize() == keys


def test_damaged_remote_entries_are_ignored_and_recomputed(redis_server, tmp_path: Path) -> None:
    server = redis_server()
    src = corpus_file("mlp_s.mlir")
    ok(build_mlir(src, tmp_path / "a.mlir", tmp_path / "a", "--remote-cache", server.url()))
    client = server.client()
    for name in client.keys("*"):
        value = client.get(name)
        client.set(name, value[:-1] + bytes([value[-1] ^ 1]))  # one flipped bit each
    err = ok(build_mlir(src, tmp_path / "b.mlir", tmp_path / "b", "--remote-cache",
                        server.url()))
    # One line for the build, however many entries (issue 19: one a entry).
    warnings = [line for line in err.splitlines() if "warning" in line]
    assert len(warnings) == 1 and "damaged entries (checksum mismatch: " in warnings[0], err
    assert (tmp_path / "b.mlir").read_text() == reference_output(src)
    remote = last_build(tmp_path / "b")["remote"]
    assert remote["errors"] >= 1 and remote["hits"] == 0
    # Recomputed and written again: a third machine finds good entries.
    ok(build_mlir(src, tmp_path / "c.mlir", tmp_path / "c", "--remote-cache", server.url()))
    remote = last_build(tmp_path / "c")["remote"]
    assert remote["hits"] > 0 and remote["errors"] == 0


def test_chunked_entries_whole_or_not_at_all(redis_server, tmp_path: Path) -> None:
    """A value over the chunk size is split; a missing or cut chunk, or the
    head of another write, is a counted miss, never a wrong value."""
    server = redis_server()
    warnings: list[str] = []
    store = RemoteStore(RemoteCache(server.url(), ttl=600), warnings.append)
    blob = bytes(range(256)) * ((2 * CHUNK + 12345) // 256)
    store.put("payload:big", KIND_BLOB, [blob[:1000], blob[1000:]])
    store.flush()
    client = server.client()
    names = sorted(k.decode() for k in client.keys("*"))
    assert len(names) == 3  # the head and two more chunks
    assert all(0 < client.ttl(n) <= 600 for n in names)
    assert all(len(client.get(n)) <= CHUNK + 100 for n in names)
    assert store.get("payload:big", KIND_BLOB) == blob
    assert store.get("payload:missing", KIND_BLOB) is None
    head = namespace() + "payload:big"
    client.set(head + "#copy", client.get(head))  # a value under another key
    assert store.get("payload:big#copy", KIND_BLOB) is None
    assert names[0] == head
    saved = client.get(names[1])
    client.delete(names[1])  # a chunk expired or evicted before its head
    assert store.get("payload:big", KIND_BLOB) is None
    client.set(names[1], saved[:-1])  # a chunk cut short
    assert store.get("payload:big", KIND_BLOB) is None
    assert store.counters.hits == 1 and store.counters.misses == 1
    assert store.counters.errors == 3 and not warnings, warnings
    store.close()  # the entries ignored, summed up once
    assert len(warnings) == 1 and "ignored 3 damaged entries" in warnings[0], warnings
    assert "a chunk is missing: 2" in warnings[0] and "length is not its header's: 1" in warnings[0]


def test_server_killed_during_a_build(redis_server, tmp_path: Path) -> None:
    server = redis_server()
    src = corpus_file("gpt2_l2.mlir")
    out = tmp_path / "o.mlir"
    build = subprocess.Popen(
        halflow_cmd("build", src, "-o", out, "--cache-dir", tmp_path / "c", "--remote-cache",
                    server.url()),
        env=subprocess_env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    client = server.client()
    # Once the build has talked to the server (its first lookup), kill it.
    while int(client.info("clients")["connected_clients"]) < 2:
        assert build.poll() is None, "the build ended before it used the remote cache"
        time.sleep(0.005)
    server.kill()
    _, err = build.communicate(timeout=300)
    err_text = err.decode()
    assert build.returncode == 0, err_text
    assert err_text.count("remote cache redis://127.0.0.1") == 1, err_text
    assert "going on with the local cache" in err_text and "Traceback" not in err_text
    assert out.read_text() == reference_output(src)
    assert last_build(tmp_path / "c")["remote"]["errors"] == 1


def test_wrong_password_warns_and_builds_locally(redis_server, tmp_path: Path) -> None:
    server = redis_server(password="right-horse")
    src = corpus_file("mlp_s.mlir")
    for k, (url, env) in enumerate([
        (server.url(password="wrong-horse"), None),
        (server.url(), subprocess_env(HALFLOW_REMOTE_PASSWORD="wrong-horse")),
    ]):
        out = tmp_path / f"o{k}.mlir"
        err = ok(build_mlir(src, out, tmp_path / f"c{k}", "--remote-cache", url, env=env))
        assert "refused the credentials (wrong user or password)" in err, err
        assert err.count("remote cache") == 1 and "horse" not in err
        assert out.read_text() == reference_output(src)
    err = ok(build_mlir(src, tmp_path / "o.mlir", tmp_path / "c", "--remote-cache",
                        server.url(password="right-horse")))
    assert "warning" not in err and server.client().dbsize() > 0


def test_acl_users_writer_and_reader(redis_server, tmp_path: Path) -> None:
    """The README's setup: CI's user may write, the laptops' user may only
    read halflow's names; a reader that forgets --remote-read-only is told
    once and still builds."""
    server = redis_server(acl=[
        "user default off",
        "user ci on >ci-secret ~halflow:* +get +mget +set +del",
        "user laptop on >laptop-secret ~halflow:* +get +mget",
    ])
    src = corpus_file("mlp_s.mlir")
    ok(build_mlir(src, tmp_path / "ci.mlir", tmp_path / "ci", "--remote-cache",
                  server.url("ci", "ci-secret")))
    reader = server.url("laptop", "laptop-secret")
    ok(build_mlir(src, tmp_path / "l.mlir", tmp_path / "l", "--remote-cache", reader,
                  "--remote-read-only"))
    assert last_build(tmp_path / "l")["remote"]["hits"] > 0
    other = corpus_file("mlp_dyn.mlir")
    err = ok(build_mlir(other, tmp_path / "l2.mlir", tmp_path / "l", "--remote-cache", reader))
    assert "does not allow this user to write" in err and "secret" not in err
    assert (tmp_path / "l2.mlir").read_text() == reference_output(other)
    err = ok(build_mlir(src, tmp_path / "l3.mlir", tmp_path / "l3", "--remote-cache",
                        server.url("laptop", "nope")))
    assert "refused the credentials" in err


def test_nobody_listening_or_never_answering(tmp_path: Path) -> None:
    """No Redis at all: a port nobody listens on, and a server that accepts
    connections and never answers (the timeout). One warning each, the
    build goes on with the local cache."""
    src = corpus_file("mlp_s.mlir")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        closed_port = s.getsockname()[1]
    err = ok(build_mlir(src, tmp_path / "o.mlir", tmp_path / "c", "--remote-cache",
                        f"redis://127.0.0.1:{closed_port}/0"))
    assert "cannot be reached" in err and err.count("remote cache") == 1
    assert (tmp_path / "o.mlir").read_text() == reference_output(src)

    silent = socket.socket()
    silent.bind(("127.0.0.1", 0))
    silent.listen(8)
    accepted: list[socket.socket] = []
    stop = threading.Event()

    def accept() -> None:
        silent.settimeout(0.1)
        while not stop.is_set():
            try:
                accepted.append(silent.accept()[0])
            except OSError:
                continue

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    try:
        err = ok(build_mlir(src, tmp_path / "o2.mlir", tmp_path / "c2", "--remote-cache",
                            f"redis://127.0.0.1:{silent.getsockname()[1]}/0",
                            "--remote-timeout", "0.5"))
    finally:
        stop.set()
        thread.join()
        for conn in accepted:
            conn.close()
        silent.close()
    assert "did not answer within 0.5s" in err and err.count("remote cache") == 1
    assert (tmp_path / "o2.mlir").read_text() == reference_output(src)


@pytest.mark.parametrize("url", ["http://127.0.0.1:6379/0", "redis://127.0.0.1:6379/x",
                                 "redis://:pw@127.0.0.1:notaport/0"])
def test_bad_remote_url_is_a_usage_error(url: str, tmp_path: Path) -> None:
    run = build_mlir(corpus_file("mlp_s.mlir"), tmp_path / "o.mlir", tmp_path / "c",
                     "--remote-cache", url)
    err = run.stderr.decode()
    assert run.returncode == 2 and "--remote-cache" in err and "Traceback" not in err
    assert "pw@" not in err and not (tmp_path / "o.mlir").exists()


def test_dask_workers_share_translations_directly(redis_server, tmp_path: Path) -> None:
    """With --executor dask, the workers write translations to the shared
    cache and read them from it: none is written by the client (its local
    cache holds none), and a second machine builds the same .vmfb from them."""
    from test_codegen_dask import local_cluster

    from halflow.codegen import DiskStore, build_vmfb

    server = redis_server()
    remote = RemoteCache(server.url())
    with local_cluster() as cluster, DiskStore(tmp_path / "client", remote=remote) as store:
        result = build_vmfb(PROGRAMS / "mlp.mlir", tmp_path / "dask.vmfb", FLAGS, store=store,
                            executor="dask", scheduler=cluster.scheduler_address,
                            progress=False)
        assert {e.action.value for e in result.executables} == {"compiled"}
        assert store.entries() == 0  # no translation passed through the client's cache
    prefix = namespace() + "codegen:"
    shared = [k.decode() for k in server.client().keys(prefix + "*")]
    translations = [k for k in shared if "-" not in k[len(prefix):] and "#" not in k]
    assert len(translations) == len(result.executables)
    ok(run_halflow("build", PROGRAMS / "mlp.mlir", "--to", "vmfb", "-o", tmp_path / "b.vmfb",
                   "--cache-dir", tmp_path / "machine-b", "--remote-cache", server.url(),
                   "--report", tmp_path / "b.json", "--", *FLAGS))
    report = json.loads((tmp_path / "b.json").read_text())
    assert {e["action"] for e in report["codegen"]} == {"reused"}
    assert (tmp_path / "b.vmfb").read_bytes() == (tmp_path / "dask.vmfb").read_bytes()
    assert_same_outputs(tmp_path / "b.vmfb", plain_compile(PROGRAMS / "mlp.mlir",
                                                           tmp_path / "plain.vmfb"), MLP_SHAPES)


def test_group_worker_reports_members_the_shared_cache_lost(redis_server) -> None:
    """A group whose member's translation is gone from the shared cache (or
    damaged) is not serialized: the worker names the members, and the client
    translates them again (halflow.codegen.backend)."""
    from halflow.codegen.remote_workers import serialize_group_shared
    from halflow.codegen.tasks import Environment, GroupTask

    server = redis_server()
    server.client().set(namespace() + "codegen:bbb", b"HFR1 not really")
    task = GroupTask("group-k", "g", "g_linked", "v", (("a", ""), ("b", "")),
                     Environment((), (), "3.13.0"), ("aaa", "bbb"))
    shared = serialize_group_shared(task, RemoteCache(server.url()))
    result = shared.result
    assert not result.ok and result.missing == ("aaa", "bbb")
    # The damaged one is told to the client (which sums it up), not printed.
    assert shared.problems == {"damaged": {"its header is cut short": 1}}
    assert shared.warnings == ()


def test_entries_written_expire(redis_server, tmp_path: Path) -> None:
    server = redis_server()
    env = subprocess_env(HALFLOW_REMOTE_CACHE=server.url(), HALFLOW_REMOTE_TTL="3600")
    ok(build_mlir(corpus_file("mlp_s.mlir"), tmp_path / "o.mlir", tmp_path / "c", env=env))
    client = server.client()
    names = client.keys("*")
    assert names and all(0 < client.ttl(n) <= 3600 for n in names)


def test_bad_remote_settings_in_the_environment(tmp_path: Path) -> None:
    """The variables are settings (halflow.core.config): a bad one is a
    diagnostic naming it, exit 1, on the entry point's own path too, and
    never shows the password."""
    for env, name in ((dict(HALFLOW_REMOTE_CACHE="http://user:pw@127.0.0.1:6379/0"),
                       "$HALFLOW_REMOTE_CACHE"),
                      (dict(HALFLOW_REMOTE_CACHE="redis://127.0.0.1:6379/0",
                            HALFLOW_REMOTE_TTL="x"), "$HALFLOW_REMOTE_TTL")):
        run = build_mlir(corpus_file("mlp_s.mlir"), tmp_path / "o.mlir", tmp_path / "c",
                         env=subprocess_env(**env))
        err = run.stderr.decode()
        assert run.returncode == 1 and "Traceback" not in err, err
        assert f"error: {name}: " in err
        assert "pw@" not in err and not (tmp_path / "o.mlir").exists()


def test_remote_settings_in_the_project_file(redis_server, tmp_path: Path) -> None:
    """remote-cache, remote-ttl and remote-read-only set in halflow.toml /
    pyproject.toml reach builds like the flags; `halflow config` shows the
    URL without its password; a flag overrides the file."""
    server = redis_server(password="s3cret")
    ci, laptop = tmp_path / "ci", tmp_path / "laptop"
    for project in (ci, laptop):
        project.mkdir()
        shutil.copyfile(corpus_file("mlp_s.mlir"), project / "m.mlir")
    url = server.url(password="s3cret")
    (ci / "halflow.toml").write_text(f'remote-cache = "{url}"\nremote-ttl = 600\n')
    (laptop / "pyproject.toml").write_text(
        f'[tool.halflow]\nremote-cache = "{url}"\nremote-read-only = true\n')

    shown = run_halflow("config", laptop / "m.mlir")
    out = shown.stdout.decode()
    assert shown.returncode == 0 and "s3cret" not in out + shown.stderr.decode()
    # (the name column is as wide as the longest setting name)
    assert re.search(rf"^remote-cache +{re.escape(server.url())} ", out, re.M), out
    assert "[tool.halflow]" in out

    expected = reference_output(ci / "m.mlir")
    ok(build_mlir(ci / "m.mlir", ci / "o.mlir", ci / "cache"))  # the entry point's own path
    assert (ci / "o.mlir").read_text() == expected
    client = server.client()
    names = client.keys("*")
    assert names and all(0 < client.ttl(n) <= 600 for n in names)

    err = ok(run_halflow("build", laptop / "m.mlir", "-o", laptop / "o.mlir", "--cache-dir",
                         laptop / "cache", "--report", laptop / "r.json"))
    assert "s3cret" not in err
    assert (laptop / "o.mlir").read_text() == expected
    remote = last_build(laptop / "cache")["remote"]
    assert remote["hits"] > 0 and remote["misses"] == 0 and remote["writes"] == 0
    # A flag beats the file: a remote nobody listens on is given up with a
    # warning, and the (local, now warm) build goes on.
    err = ok(run_halflow("build", laptop / "m.mlir", "-o", laptop / "o2.mlir", "--cache-dir",
                         laptop / "cache2", "--remote-cache", "redis://127.0.0.1:9/0",
                         "--remote-timeout", "0.5"))
    assert "redis://127.0.0.1:9/0" in err and (laptop / "o2.mlir").read_text() == expected


def test_library_build_and_watch_session_use_the_remote(redis_server, tmp_path: Path) -> None:
    import halflow
    from halflow.core.options import BuildOptions
    from halflow.watch import HalBuilder

    server = redis_server()
    remote = RemoteCache(server.url())
    src = corpus_file("mlp_s.mlir")
    result = halflow.build(src, tmp_path / "a.mlir", cache_dir=tmp_path / "a", remote=remote)
    assert result.text == reference_output(src)
    assert server.client().dbsize() > 0
    hal = HalBuilder(BuildOptions(cache_dir=tmp_path / "b", remote=remote))
    try:
        hal(src, tmp_path / "b.mlir", src.read_bytes())
    finally:
        hal.close()
    assert (tmp_path / "b.mlir").read_text() == reference_output(src)
    remote_counts = last_build(tmp_path / "b")["remote"]
    assert remote_counts["hits"] > 0 and remote_counts["misses"] == 0


def test_tls(redis_server, tmp_path: Path) -> None:
    """``rediss://``: the second machine reads what the first wrote over TLS;
    a plain ``redis://`` client of the TLS port gets a warning, not a failure."""
    if shutil.which("openssl") is None:
        pytest.skip("openssl is not installed: it makes the test server's certificate")
    server = redis_server(tls=True)
    src = corpus_file("mlp_s.mlir")
    for machine in ("a", "b"):
        ok(build_mlir(src, tmp_path / f"{machine}.mlir", tmp_path / machine, "--remote-cache",
                      server.url()))
        assert (tmp_path / f"{machine}.mlir").read_text() == reference_output(src)
    remote = last_build(tmp_path / "b")["remote"]
    assert remote["hits"] > 0 and remote["misses"] == 0
    plain = f"redis://127.0.0.1:{server.port}/0"
    err = ok(build_mlir(src, tmp_path / "c.mlir", tmp_path / "c", "--remote-cache", plain,
                        "--remote-timeout", "1"))
    assert err.count("remote cache redis://127.0.0.1") == 1, err
    assert (tmp_path / "c.mlir").read_text() == reference_output(src)
