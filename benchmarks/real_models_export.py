"""Exports a model family and its developer edits with iree-turbine.

Run by ``benchmarks/real_models.py`` under the export venv's Python (torch,
iree-turbine and transformers are not halflow dependencies):

    python real_models_export.py MODELS_PY SPEC_JSON OUT_DIR

``MODELS_PY`` is ``shared/corpus/gen/models.py`` (the tune-on model
definitions); ``SPEC_JSON`` is ``{"family": ..., "size": {...}, "variants":
[[edit, ...], ...]}``: one export per variant, the edits applied in order to
a model built with the same seed. Each variant ``i`` gets ``OUT_DIR/v{i}.mlir``
(``save_mlir``: parameters externalized), ``v{i}.irpa`` (its random weights)
and ``v{i}.json`` (the entry points and ``.npy`` inputs to run it with).
Nothing here imports halflow.
"""

from __future__ import annotations

import copy
import importlib.util
import json
import sys
import types
import warnings
from pathlib import Path

warnings.filterwarnings("ignore")


def load_models(path: str) -> types.ModuleType:
    spec = importlib.util.spec_from_file_location("halflow_bench_models", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dynamo imports the module of traced code by name
    spec.loader.exec_module(module)
    return module


class Family:
    """How to build one family and apply each edit to it. ``k`` is the
    edited layer (the middle one)."""

    def __init__(self, M: types.ModuleType, size: dict):
        self.M, self.size = M, dict(size)

    def layers(self) -> int:
        return int(self.size["layers"])


def _torch():
    import torch
    import torch.nn as nn

    return torch, nn


class MlpFamily(Family):
    def dims(self, extra: int, width: int | None) -> list[int]:
        dims = list(self.size["dims"])
        if width is not None:
            dims[width + 1] += 16
        for _ in range(extra):
            dims.insert(-1, dims[-2])
        return dims

    def layers(self) -> int:
        return len(self.size["dims"]) - 1

    def make(self, edits: list[str]):
        torch, nn = _torch()
        k = self.layers() // 2
        m = self.M.MLP(self.dims(edits.count("layer"), k if "width" in edits else None)).eval()
        if "act" in edits:
            m.net[3 * k + 1] = nn.ReLU()
        if "const" in edits:
            m.net[3 * k + 2].eps = 1e-3
        if "output" in edits:
            def forward(self, x):
                y = self.net(x)
                return torch.softmax(y, dim=-1), y
            m.forward = types.MethodType(forward, m)
        x = torch.randn(int(self.size.get("batch", 8)), self.size["dims"][0])
        return m, [("main", (x,))]


class Gpt2Family(Family):
    def make(self, edits: list[str]):
        torch, nn = _torch()
        from transformers.models.gpt2.modeling_gpt2 import GPT2MLP

        s = self.size
        layers = s["layers"] + edits.count("layer")
        m = self.M.GPT2W(layers, s.get("hidden", 64), s.get("heads", 4))
        k = s["layers"] // 2
        blocks = m.m.h
        if "act" in edits:
            blocks[k].mlp.act = nn.ReLU()
        if "const" in edits:
            blocks[k].ln_2.eps = 1e-3
        if "width" in edits:
            blocks[k].mlp = GPT2MLP(4 * s.get("hidden", 64) + 64, m.m.config)
        if "output" in edits:
            causal = self.M._causal_4d

            def forward(self, ids, mask):
                h = self.m(input_ids=ids, attention_mask=causal(mask),
                           use_cache=False).last_hidden_state
                return self.lm_head(h), h
            m.forward = types.MethodType(forward, m)
        m = m.eval()
        seq = s.get("seq", 32)
        return m, [("main", _tokens(torch, 1, seq))]


def _tokens(torch, batch: int, seq: int):
    return (torch.randint(0, 512, (batch, seq)), torch.ones(batch, seq, dtype=torch.int64))


def _llama_edits(nn, m, layers_list, k: int, edits: list[str], final) -> None:
    from transformers.models.llama.modeling_llama import LlamaMLP

    if "act" in edits:
        layers_list[k].mlp.act_fn = nn.GELU(approximate="tanh")
    if "const" in edits:
        layers_list[k].post_attention_layernorm.variance_epsilon = 1e-3
    if "width" in edits:
        cfg = copy.copy(layers_list[k].mlp.config)
        cfg.intermediate_size = layers_list[k].mlp.intermediate_size + 32
        layers_list[k].mlp = LlamaMLP(cfg)
    if "output" in edits:
        m.forward = types.MethodType(final, m)


class LlamaFamily(Family):
    def make(self, edits: list[str]):
        torch, nn = _torch()
        s = self.size
        layers = s["layers"] + edits.count("layer")
        m = self.M.LlamaW(self.M._llama_cfg(layers, s.get("hidden", 64), s.get("heads", 4),
                                            s.get("kv_heads", 2), s.get("inter", 176)))
        causal = self.M._causal_4d

        def forward(self, ids, mask):
            pos = torch.arange(ids.shape[1], device=ids.device)[None, :]
            h = self.m(input_ids=ids, attention_mask=causal(mask), position_ids=pos,
                       use_cache=False).last_hidden_state
            return self.lm_head(h), h
        _llama_edits(nn, m, m.m.layers, s["layers"] // 2, edits, forward)
        return m.eval(), _entries(torch, s, "prefill_bs")


class OpenElmFamily(Family):
    def make(self, edits: list[str]):
        torch, nn = _torch()
        from transformers.models.llama.modeling_llama import LlamaDecoderLayer

        s = self.size
        m = self.M.OpenELMish(s["layers"], s.get("hidden", 128))
        for _ in range(edits.count("layer")):  # one more layer like the last one
            last = m.layers[-1]
            m.layers.append(LlamaDecoderLayer(copy.copy(last.self_attn.config), len(m.layers)))
        causal = self.M._causal_4d

        def forward(self, ids, mask):
            pos = torch.arange(ids.shape[1])[None, :]
            h = self.embed(ids)
            pe = self.rope(h, pos)
            am = causal(mask)
            for layer in self.layers:
                out = layer(h, attention_mask=am, position_ids=pos, position_embeddings=pe)
                h = out[0] if isinstance(out, tuple) else out
            return self.lm_head(self.norm(h)), h
        _llama_edits(nn, m, m.layers, s["layers"] // 2, edits, forward)
        return m.eval(), _entries(torch, s, "prefill_bs")


def _entries(torch, size: dict, prefix: str):
    """One entry point ``main``, or with ``buckets`` one per (batch, seq)
    bucket, as serving exports have."""
    buckets = size.get("buckets")
    if not buckets:
        return [("main", _tokens(torch, 1, size.get("seq", 32)))]
    return [(f"{prefix}{b}_{q}", _tokens(torch, b, q)) for b, q in buckets]


FAMILIES = {"mlp": MlpFamily, "gpt2": Gpt2Family, "llama": LlamaFamily,
            "openelm": OpenElmFamily}


def export(M: types.ModuleType, family: Family, edits: list[str], out: Path) -> None:
    """One variant: ``family.make(edits)`` gives the model and its entry
    points, each ``(name, args)`` or ``(name, args, dynamic_shapes,
    method)`` (``method``: the model's method the entry point calls, default
    ``forward``). ``size["inline"]`` keeps the weights in the module instead
    of externalizing them. Inputs are saved before the model runs (an entry
    point may update an argument in place)."""
    import iree.turbine.aot as aot
    import numpy as np
    import torch

    torch.manual_seed(0)
    root, entries = family.make(edits)
    entries = [(*e, None, None)[:4] for e in entries]
    if not family.size.get("inline"):
        aot.externalize_module_parameters(root)
    if len(entries) == 1 and entries[0][0] == "main" and entries[0][3] is None:
        exported = aot.export(root, args=entries[0][1], dynamic_shapes=entries[0][2],
                              function_name="main", module_name="module")
    else:
        fxb = aot.FxProgramsBuilder(root)
        for name, args, shapes, method in entries:
            def f(mdl, *a, _method=method):
                return getattr(mdl, _method or "forward")(*a)
            fxb.export_program(f, args=args, name=name, dynamic_shapes=shapes)
        exported = aot.export(fxb, module_name="module")
    exported.save_mlir(str(out.with_suffix(".mlir")))
    aot.save_module_parameters(str(out.with_suffix(".irpa")), root)
    runs = []
    for i, (name, args, _, method) in enumerate(entries):
        files = []
        for j, a in enumerate(args):
            path = out.parent / f"{out.stem}_{i}_{j}.npy"
            np.save(path, a.numpy())
            files.append(path.name)
        with torch.no_grad():
            result = getattr(root, method or "forward")(*(a.clone() for a in args))
        outputs = len(result) if isinstance(result, tuple | list) else 1
        runs.append({"function": name, "inputs": files, "outputs": outputs})
    out.with_suffix(".json").write_text(json.dumps({"runs": runs}))


def main(families: dict[str, type[Family]] = FAMILIES) -> None:
    models_py, spec_json, out_dir = sys.argv[1:4]
    M = load_models(models_py)
    spec = json.loads(spec_json)
    family = families[spec["family"]](M, spec["size"])
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    for i, edits in enumerate(spec["variants"]):
        export(M, family, list(edits), out / f"v{i}")
        print(f"exported v{i} {edits}", file=sys.stderr, flush=True)


if __name__ == "__main__":
    main()
