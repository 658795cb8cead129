"""Early cutoff: a changed executable that translates to the code it had.

The data (``tests/data/turbine``): the Llama serving export of
tests/test_codegen_groups.py (2 layers, four (batch, seq) buckets) and the
same model with one more layer (``benchmarks/real_models_export.py``, family
``llama``, size ``{"layers": 2, "buckets": [[1, 16], [1, 32], [2, 32], [1,
64]]}``, edit ``layer``). The added layer moves the binding offsets IREE
specializes the following layers' executables on (``util.assume.int``), so
most of the executables it changes translate to the text they had (47 of
61, measured): the previous build's groups serve those, and only the rest
is serialized. Every ``.vmfb`` runs bitwise equal to a plain
``iree-compile``'s, on every entry point, with random weights.
"""

from __future__ import annotations

import re
import subprocess
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from halflow.codegen import DiskStore, build_vmfb
from halflow.codegen.pipeline import CodegenResult
from halflow.codegen.tools import iree_compile

DATA = Path(__file__).parent / "data" / "turbine"
FLAGS = [
    "--iree-hal-target-device=local",
    "--iree-hal-local-target-device-backends=llvm-cpu",
    "--iree-llvmcpu-target-cpu=x86-64-v3",
]
# (function, batch, sequence length): the export's entry points
ENTRY_POINTS = [("prefill_bs1_16", 1, 16), ("prefill_bs1_32", 1, 32),
                ("prefill_bs2_32", 2, 32), ("prefill_bs1_64", 1, 64)]
_PARAMETER = re.compile(r'#flow\.parameter\.named<"model"::"([^"]+)"> : tensor<([0-9x]+)xf32>')


def outputs(vmfb: Path, model: Path) -> list[np.ndarray]:
    """Every entry point's output, with seeded random weights for the
    model's parameters (scope ``model``) and fixed token ids."""
    import iree.runtime as rt

    rng = np.random.default_rng(0)
    index = rt.ParameterIndex()
    for name, shape in _PARAMETER.findall(model.read_text()):
        dims = [int(d) for d in shape.split("x")]
        index.add_buffer(name, (rng.standard_normal(dims) * 0.1).astype(np.float32).tobytes())
    config = rt.Config("local-sync")
    modules = rt.load_vm_modules(
        rt.create_io_parameters_module(config.vm_instance, index.create_provider(scope="model")),
        rt.create_hal_module(config.vm_instance, config.device),
        rt.VmModule.copy_buffer(config.vm_instance, vmfb.read_bytes()),
        config=config)
    found = []
    for function, batch, seq in ENTRY_POINTS:
        ids = (np.arange(batch * seq, dtype=np.int64).reshape(batch, seq) * 7) % 512
        mask = np.ones((batch, seq), dtype=np.int64)
        found.append(np.asarray(getattr(modules[-1], function)(ids, mask).to_host()))
    return found


def assert_runs_as_plain(vmfb: Path, model: Path, scratch: Path) -> None:
    plain = scratch / "plain.vmfb"
    subprocess.run([iree_compile(), str(model), *FLAGS, "-o", str(plain)], check=True,
                   capture_output=True)
    for ours, theirs in zip(outputs(vmfb, model), outputs(plain, model), strict=True):
        assert ours.dtype == theirs.dtype == np.float32 and ours.shape == theirs.shape
        assert np.array_equal(ours.view(np.uint32), theirs.view(np.uint32))


@pytest.fixture
def store(tmp_path: Path) -> Iterator[DiskStore]:
    with DiskStore(tmp_path / "cache") as s:
        yield s


def test_what_translates_to_its_old_code_is_not_serialized_again(
        tmp_path: Path, store: DiskStore) -> None:
    model, out = tmp_path / "model.mlir", tmp_path / "model.vmfb"
    model.write_bytes((DATA / "llama_serving_l2.mlir").read_bytes())
    first = build_vmfb(model, out, FLAGS, store=store, progress=False)
    assert first.mode == "groups"
    model.write_bytes((DATA / "llama_serving_l2_layer.mlir").read_bytes())
    second = build_vmfb(model, out, FLAGS, store=store, progress=False)
    assert second.mode == "groups", second.fallback
    report = second.report
    compiled = {e["executable"] for e in report["codegen"] if e["action"] == "compiled"}
    same = {e["executable"] for e in report["codegen"] if e.get("same_code")}
    assert same <= compiled
    assert report["codegen_summary"]["compiled_to_the_same_code"] == len(same)
    assert len(same) >= len(compiled) // 2, (len(same), len(compiled))
    # Those are served by groups the previous build serialized, unchanged;
    # what ran holds none of them.
    old_groups = {g["group"] for g in first.report["groups"]}
    ran = [g for g in report["groups"] if g["action"] == "compiled"]
    assert ran and len(ran) < len(report["groups"])
    served = set()
    for group in report["groups"]:
        members = {m["executable"] for m in group["members"]}
        if members & same:
            assert group["action"] == "reused" and group["group"] in old_groups, group
            served |= members & same
    assert served == same
    assert_runs_as_plain(out, model, tmp_path)

    # Back to the first model: every translation and group is stored, so
    # nothing is translated or serialized, whichever group holds the code.
    model.write_bytes((DATA / "llama_serving_l2.mlir").read_bytes())
    third = build_vmfb(model, out, FLAGS, store=store, progress=False)
    assert third.mode == "groups"
    assert third.report["codegen_summary"]["compiled"] == 0
    assert all(g["action"] == "reused" for g in third.report["groups"])
    assert_runs_as_plain(out, model, tmp_path)


def serialized(result: CodegenResult) -> int:
    return sum(len(g["members"]) for g in result.report["groups"] if g["action"] == "compiled")


def test_the_cutoff_serializes_less_than_a_rebuild_without_it(tmp_path: Path) -> None:
    """The same rebuild from a manifest without text digests (one written
    before early cutoff) cuts nothing off: its new groups are serialized
    whole. Both give the same program."""
    import json

    from halflow.codegen import flags as flags_mod
    from halflow.codegen.pipeline import _manifest_key
    from halflow.store.codegen_entries import Entry, decode_entry, encode_entry

    model = tmp_path / "model.mlir"
    results = []
    for side in ("with", "without"):
        out = tmp_path / f"{side}.vmfb"
        with DiskStore(tmp_path / side) as store:
            model.write_bytes((DATA / "llama_serving_l2.mlir").read_bytes())
            build_vmfb(model, out, FLAGS, store=store, progress=False)
            if side == "without":
                key = _manifest_key(model, flags_mod.parse(FLAGS))
                entry = decode_entry(key, store.get(key))
                assert entry is not None
                manifest = json.loads(entry.text)
                assert manifest.pop("digests")
                store.put(key, encode_entry(Entry(key, json.dumps(manifest), 0.0)))
            model.write_bytes((DATA / "llama_serving_l2_layer.mlir").read_bytes())
            results.append(build_vmfb(model, out, FLAGS, store=store, progress=False))
    cut, whole = results
    assert cut.mode == whole.mode == "groups"
    assert whole.report["codegen_summary"]["compiled_to_the_same_code"] == 0
    assert cut.report["codegen_summary"]["compiled_to_the_same_code"] > 0
    assert {e["executable"] for e in cut.report["codegen"] if e["action"] == "compiled"} == {
        e["executable"] for e in whole.report["codegen"] if e["action"] == "compiled"}
    assert serialized(cut) < serialized(whole), (serialized(cut), serialized(whole))
    theirs = outputs(tmp_path / "without.vmfb", model)
    for ours, other in zip(outputs(tmp_path / "with.vmfb", model), theirs, strict=True):
        assert np.array_equal(ours.view(np.uint32), other.view(np.uint32))


def test_previous_groups_gone_from_the_cache_are_serialized_again(
        tmp_path: Path, store: DiskStore) -> None:
    """The cache lost the previous build's group binaries (``halflow cache
    gc``, a size limit): the manifest's digests still match, but no stored
    group can serve them, so nothing is cut off and the groups that hold
    them are serialized; the module is the same program."""
    model, out = tmp_path / "model.mlir", tmp_path / "model.vmfb"
    model.write_bytes((DATA / "llama_serving_l2.mlir").read_bytes())
    build_vmfb(model, out, FLAGS, store=store, progress=False)
    from halflow.store.keys import codegen_key as cache_key

    groups = store.cache.keys(cache_key("group-"))
    assert groups
    for key in groups:
        store.delete(key.removeprefix(cache_key("")))
    model.write_bytes((DATA / "llama_serving_l2_layer.mlir").read_bytes())
    second = build_vmfb(model, out, FLAGS, store=store, progress=False)
    assert second.mode == "groups", second.fallback
    summary = second.report["codegen_summary"]
    assert summary["compiled_to_the_same_code"] == 0
    assert not any(e.get("same_code") for e in second.report["codegen"])
    assert all(g["action"] == "compiled" for g in second.report["groups"])
    assert_runs_as_plain(out, model, tmp_path)
