"""Seeded forgeries of a real shared cache, through the command line.

A real ``redis-server`` holds what two builds (``mlp_s.mlir``,
``mlp_dyn.mlir``) wrote to it, signed with a secret. Each round puts
those entries back, forges a few of them as someone would who may write
to Redis (random bytes, a head cut short, JSON nested 100000 deep, a
header claiming 2^32-1 chunks or 2^62 bytes, another entry's payload
re-signed with a plain checksum or another secret, the signed flag on a
plain checksum), and builds ``mlp_s.mlir`` on a fresh machine: with the
secret the build exits 0 with iree-opt's bytes; without it (signing off),
it still never shows a traceback. Rounds marked *insider* forge hostile
content signed with the secret itself, what a buggy or hostile holder of
the secret could write (nested, random JSON, one field of the real JSON
replaced, bytes of a blob replaced, huge chunk counts): never a traceback
or a signal there either.

Bounded: ``HALFLOW_FUZZ_REMOTE_COUNT`` rounds (default 12, ~20 s) from
``HALFLOW_FUZZ_REMOTE_SEED``.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

from support.engine import corpus_file, reference_output, run_halflow, subprocess_env
from support.redis_server import forge_head, read_head

from halflow.store.remote import KIND_JSON, namespace

SECRET = "fuzz-secret"
COUNT = int(os.environ.get("HALFLOW_FUZZ_REMOTE_COUNT", "12"))
FIRST_SEED = int(os.environ.get("HALFLOW_FUZZ_REMOTE_SEED", "0"))
NESTED = ("[" * 100_000 + "]" * 100_000).encode()


def _random_json(rng: random.Random, depth: int = 0) -> object:
    choice = rng.randrange(6 if depth < 4 else 3)
    if choice == 0:
        return rng.randrange(-5, 1 << 40)
    if choice == 1:
        return rng.choice(["t", "c", "r", "e", "s", "d", "", "format", "\u00e9"])
    if choice == 2:
        return rng.choice([None, True, 1.5])
    if choice == 3:
        return [_random_json(rng, depth + 1) for _ in range(rng.randrange(4))]
    if choice == 4:
        return ["c" if rng.random() < 0.5 else "t",
                *[_random_json(rng, depth + 1) for _ in range(rng.randrange(4))]]
    keys = ["format", "groups", "input", "order", "spans", "units", "records", "sites", "x"]
    return {rng.choice(keys): _random_json(rng, depth + 1) for _ in range(rng.randrange(5))}


def _perturbed(rng: random.Random, kind: int, payload: bytes) -> bytes:
    """``payload`` with one part changed: a JSON value's field (or item)
    replaced by random JSON, or a few bytes of a blob replaced."""
    import json

    if kind == KIND_JSON:
        value = json.loads(payload)
        if isinstance(value, dict) and value:
            value[rng.choice(sorted(value))] = _random_json(rng)
        elif isinstance(value, list) and value:
            value[rng.randrange(len(value))] = _random_json(rng)
        else:
            value = _random_json(rng)
        return json.dumps(value).encode()
    data = bytearray(payload)
    for _ in range(rng.randrange(1, 4)):
        if data:
            data[rng.randrange(len(data))] = rng.randrange(256)
    return bytes(data)


def forge(rng: random.Random, key: str, value: bytes, others: list[tuple[str, bytes]],
          insider: bool) -> tuple[str, bytes]:
    """(what was done, the forged value) of the entry ``key``."""
    import json

    head = read_head(value)
    kind = head["kind"]
    if insider:
        how = rng.choice(["nested", "structure", "perturbed", "random payload", "huge chunks"])
        if how == "perturbed" and head["chunks"] == 1:
            return how, forge_head(key, kind, _perturbed(rng, kind, head["first"]),
                                   secret=SECRET)
        if how == "perturbed":
            how = "nested"
        if how == "nested":
            return how, forge_head(key, kind, NESTED, secret=SECRET)
        if how == "structure":
            payload = json.dumps(_random_json(rng)).encode()
            return how, forge_head(key, kind, payload, secret=SECRET)
        if how == "random payload":
            return how, forge_head(key, kind, rng.randbytes(rng.randrange(64)), secret=SECRET)
        return how, forge_head(key, kind, b"[]", secret=SECRET, chunks=2**32 - 1)
    how = rng.choice(["random", "truncated", "nested", "huge chunks", "huge size",
                      "re-signed", "other secret", "flag"])
    other = read_head(rng.choice(others)[1])
    if how == "random":
        return how, rng.randbytes(rng.randrange(200))
    if how == "truncated":
        return how, value[:rng.randrange(len(value))]
    if how == "nested":
        return how, forge_head(key, KIND_JSON, NESTED)
    if how == "huge chunks":
        return how, forge_head(key, kind, head["first"], chunks=2**32 - 1)
    if how == "huge size":
        return how, forge_head(key, kind, head["first"], size=1 << 62, chunks=1 << 30)
    if how == "re-signed":
        return how, forge_head(key, other["kind"], other["first"])
    if how == "other secret":
        return how, forge_head(key, other["kind"], other["first"], secret="guessed")
    return how, forge_head(key, kind, head["first"], flags=1)


def test_forged_remote_entries(redis_server, tmp_path: Path) -> None:
    server = redis_server()
    url = server.url()
    src = corpus_file("mlp_s.mlir")
    expected = reference_output(src).encode()
    signed = subprocess_env(HALFLOW_REMOTE_SECRET=SECRET)
    for name in ("mlp_dyn.mlir", "mlp_s.mlir"):
        run = run_halflow("build", corpus_file(name), "-o", tmp_path / "w.mlir", "--cache-dir",
                          tmp_path / f"writer-{name}", "--remote-cache", url, env=signed)
        assert run.returncode == 0, run.stderr.decode()
    client = server.client()
    saved = {k: client.get(k) for k in client.keys("*")}
    prefix = namespace().encode()
    heads = [(k[len(prefix):].decode(), v) for k, v in saved.items() if b"#" not in k]
    assert len(heads) > 10
    seen: list[str] = []
    for seed in range(FIRST_SEED, FIRST_SEED + COUNT):
        rng = random.Random(f"remote:{seed}")
        client.flushdb()
        client.mset(saved)
        insider = seed % 4 == 3
        picked = rng.sample(heads, rng.choice([1, 3, len(heads)]))
        done = []
        for key, value in picked:
            how, forged = forge(rng, key, value, heads, insider)
            client.set(prefix + key.encode(), forged)
            done.append(f"{key[:24]}: {how}")
        seen += done
        label = f"seed {seed} ({'insider' if insider else 'forger'}): {'; '.join(done[:6])}"
        for env, reader in ((signed, "signed"), (subprocess_env(), "unsigned")):
            if insider and reader == "unsigned":
                continue
            out = tmp_path / f"{seed}-{reader}.mlir"
            run = run_halflow("build", src, "-o", out, "--cache-dir", tmp_path / f"{seed}-{reader}",
                              "--remote-cache", url, "--remote-read-only", env=env, timeout=120)
            err = run.stderr.decode(errors="replace")
            assert run.returncode == 0 and "Traceback" not in err, f"{label}, {reader}:\n{err}"
            said = [ln for ln in err.splitlines() if "warning" in ln]
            assert len(said) == len(set(said)) <= 5, err  # one line per kind of problem
            if reader == "signed" and not insider:
                assert out.read_bytes() == expected, f"{label}: a wrong output when signed"
    kinds = {d.split(": ", 1)[1] for d in seen}
    assert len(kinds) >= 6, kinds  # the seeds cover most kinds of forgery
