"""Hostile inputs and cache contents (issue 19, the integrity half): an
input cut inside a resource string whose ops only MLIR's parser can place,
and cache entries with a valid checksum but hostile content. Never a
crash or a traceback; a damaged entry is a miss, with a warning.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

from support.engine import (
    body_edit,
    corpus_file,
    reference_output,
    run_halflow,
    run_iree_opt,
    subprocess_env,
)

# Two ops on one line: the split asks MLIR's parser where they start
# (halflow.source.oplocs), on a text that ends inside a resource string.
CUT_IRREGULAR = (
    "util.global private @x = 1 : i32\n"
    "util.global private @y = 2 : i32 util.global private @z = 3 : i32\n"
    "{-#\n  dialect_resources: {\n    builtin: {\n      r: \"0x0400"
)


def test_cut_resource_string_with_irregular_ops(tmp_path: Path) -> None:
    """The op locations' parse adds the line end every other parse adds
    (halflow.source.inputs.lexable): without it the library build of this
    text crashed (SIGSEGV) in MLIR's lexer, reading past the buffer."""
    path = tmp_path / "cut.mlir"
    path.write_text(CUT_IRREGULAR)
    first = run_iree_opt(path).stderr.splitlines()[0]
    assert "expected '\"' in string literal" in first
    script = textwrap.dedent(f"""
        import sys
        import halflow
        from halflow.core.diagnostics import HalflowError
        try:
            halflow.build({str(path)!r}, cache_dir={str(tmp_path / "cache")!r})
        except HalflowError as e:
            print(e.render(), file=sys.stderr)
            sys.exit(1)
    """)
    for _ in range(2):  # cold, then over the cache
        run = subprocess.run([sys.executable, "-c", script], capture_output=True,
                             env=subprocess_env(), timeout=120)
        err = run.stderr.decode()
        assert run.returncode == 1, (run.returncode, err)
        assert err.splitlines()[0] == first
    cli = run_halflow("build", path, "-o", tmp_path / "o.mlir", "--cache-dir", tmp_path / "c")
    assert cli.returncode == 1 and cli.stderr.decode().splitlines()[0] == first
    assert not (tmp_path / "o.mlir").exists()


def _nest(depth: int) -> str:
    return "[" * depth + "]" * depth


def test_deeply_nested_json_in_the_local_cache(tmp_path: Path) -> None:
    """Every JSON entry of a warm cache replaced (checksum and all) by JSON
    nested 100000 deep: a miss with a warning, the build recomputes."""
    from halflow.cache import Cache
    from halflow.store.diskformat import read_json_entry

    src = corpus_file("mlp_s.mlir")
    cache_dir = tmp_path / "cache"
    assert run_halflow("build", src, "-o", tmp_path / "a.mlir", "--cache-dir",
                       cache_dir).returncode == 0
    cache = Cache(cache_dir)
    replaced = 0
    for key in cache.keys(""):
        if read_json_entry(cache_dir, key) is not None:  # (cache.get would evict blobs)
            cache.put_json_text(key, _nest(100_000))
            replaced += 1
    cache.close()
    assert replaced > 3
    edited = tmp_path / "mlp_s.mlir"  # an edit: the build reads the state
    edited.write_text(body_edit(src.read_text(), "main$async_dispatch_0"))
    run = run_halflow("build", edited, "-o", tmp_path / "b.mlir", "--cache-dir", cache_dir)
    err = run.stderr.decode()
    assert run.returncode == 0 and "Traceback" not in err, err
    assert "warning" in err and "nested too deeply" in err, err
    assert (tmp_path / "b.mlir").read_text() == reference_output(edited)


def test_nested_values_in_the_codec_are_a_decode_error() -> None:
    """Values within JSON's own depth but deeper than any node value."""
    import pytest

    from halflow.engine import codec

    deep: object = 1
    for _ in range(500):
        deep = ["t", deep]
    with pytest.raises(codec.DecodeError):
        codec.decode(deep)
    assert codec.decode(["t", ["t", 1, 2], ["s", 3]]) == ((1, 2), frozenset({3}))


def test_a_translation_that_inflates_without_bound_is_a_miss() -> None:
    """A code generation entry whose envelope checks out, with a payload of 0.3
    MB that inflates to 300 MB: a miss (the inflation is bounded by what
    was read), where it was inflated whole."""
    import zlib

    from halflow.store import codec
    from halflow.store import codegen_entries as store

    good = store.Entry("k", "module {}\n" * 1000, 1.0)
    assert store.decode_entry("k", store.encode_entry(good)) == good
    sealed = store.encode_entry(store.Entry("k", "", 1.0))
    meta_end = len(sealed) - len(zlib.compress(b"", 6))
    bomb = zlib.compress(b" " * (300 << 20), 9)
    body = sealed[len(codec.ENVELOPE):meta_end]
    import json

    size = int.from_bytes(body[:4], "little")
    header = json.loads(body[4:4 + size])
    header["bytes"] = len(bomb)
    head = json.dumps(header, sort_keys=True).encode()
    forged = codec.ENVELOPE + len(head).to_bytes(4, "little") + head + bomb
    assert store.decode_entry("k", forged) is None
