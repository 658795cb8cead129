"""Exports the model zoo of ``benchmarks/zoo.py`` with iree-turbine.

Run by ``benchmarks/zoo.py`` under the export venv's Python (torch,
iree-turbine and transformers are not halflow dependencies), as
``real_models_export.py`` is, whose machinery it uses (``export``, the spec,
the files written):

    python zoo_export.py MODELS_PY SPEC_JSON OUT_DIR

Small random-weight instances built from configs (no downloads) of real
architectures, each with the developer edits ``act`` (one layer's
activation), ``layer`` (one more layer), ``const`` (a norm's epsilon) and
``output`` (an extra output). ``size`` of the spec may hold ``dtype``
(``f16``/``bf16`` weights), ``inline`` (weights kept in the module),
``dynamic`` (a dynamic batch dimension, ``torch.export.Dim``). Nothing here
imports halflow.
"""

from __future__ import annotations

import itertools
import sys
import types
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import real_models_export as base  # beside this file
from real_models_export import Family, _torch

DTYPES = {"f32": "float32", "f16": "float16", "bf16": "bfloat16"}


def dtype_of(size: dict):
    import torch

    return getattr(torch, DTYPES[size.get("dtype", "f32")])


def _tokens(torch, vocab: int, seq: int):
    return (torch.randint(0, vocab, (1, seq)), torch.ones(1, seq, dtype=torch.int64))


def swap_activation(layer) -> None:
    """Replace the first activation module under ``layer`` by another one
    (a ReLU; a tanh GELU where it is a ReLU already)."""
    _, nn = _torch()
    from transformers import activations

    kinds = tuple(v for m in (nn.modules.activation, activations) for v in vars(m).values()
                  if isinstance(v, type) and issubclass(v, nn.Module) and v.__module__ == m.__name__
                  and v not in (nn.MultiheadAttention, nn.Softmax))
    for name, sub in layer.named_modules():
        if name and isinstance(sub, kinds):
            parent = layer.get_submodule(name.rpartition(".")[0]) if "." in name else layer
            new = nn.GELU(approximate="tanh") if isinstance(sub, nn.ReLU) else nn.ReLU()
            setattr(parent, name.rpartition(".")[2], new)
            return
    for attr in ("act_fn", "activation_fn", "act", "activation"):  # a plain function
        if callable(getattr(layer, attr, None)):
            setattr(layer, attr, nn.ReLU())
            return
    raise SystemExit(f"no activation in {type(layer).__name__}")


def set_epsilon(layer, value: float = 1e-3) -> None:
    """Set the first norm's epsilon under ``layer`` to ``value``."""
    for _, sub in layer.named_modules():
        for attr in ("eps", "variance_epsilon", "epsilon"):
            if isinstance(getattr(sub, attr, None), float):
                setattr(sub, attr, value)
                return
    raise SystemExit(f"no norm with an epsilon in {type(layer).__name__}")


def edit(layers, edits: list[str], k: int | None = None) -> None:
    """Apply ``act`` and ``const`` to layer ``k`` (the middle one) of the
    list ``layers``."""
    k = len(layers) // 2 if k is None else k
    if "act" in edits:
        swap_activation(layers[k])
    if "const" in edits:
        set_epsilon(layers[k])


def _wrapper(torch, nn):
    class Wrapper(nn.Module):
        """``body(inputs) -> h``; returns ``head(h)``, and ``h`` as well
        with the ``output`` edit."""

        def __init__(self, model, body, head=None, extra=False):
            super().__init__()
            self.m, self.head, self.extra = model, head, extra
            self.body = types.MethodType(body, self)

        def forward(self, *args):
            h = self.body(*args)
            y = self.head(h) if self.head is not None else h
            return (y, h) if self.extra else y

    return Wrapper


# ---------------------------------------------------------------- decoders
DECODERS = {  # config class, model class, config overrides, where the layers are
    "mistral": ("MistralConfig", "MistralModel", {"num_key_value_heads": 2}, "layers"),
    "phi3": ("Phi3Config", "Phi3Model", {"num_key_value_heads": 2, "pad_token_id": 0}, "layers"),
    "gemma": ("GemmaConfig", "GemmaModel", {"num_key_value_heads": 2, "head_dim": 16}, "layers"),
    "gpt_neox": ("GPTNeoXConfig", "GPTNeoXModel", {}, "layers"),
    "opt": ("OPTConfig", "OPTModel", {"ffn_dim": 128, "word_embed_proj_dim": 64}, "decoder.layers"),
}


class HfDecoderFamily(Family):
    """A transformers decoder (``size["arch"]``) with an LM head, a
    hand-built causal mask (transformers' vmap mask does not lower). With
    ``dtype`` the parameters are cast, not the buffers: a bf16 buffer
    (Gemma's rotary ``inv_freq``, exported as a ``dense_resource`` literal)
    fails plain iree-compile 3.13 ("'arith.constant' op failed to verify
    that all of {value, result} have same type", a tensor<8xbf16> literal
    of a tensor<8xf32> constant)."""

    def make(self, edits: list[str]):
        torch, nn = _torch()
        import transformers as T

        s = self.size
        cfg_name, model_name, extra, where = DECODERS[s["arch"]]
        hidden = s.get("hidden", 64)
        vocab = s.get("vocab", 512)
        cfg = getattr(T, cfg_name)(vocab_size=vocab, hidden_size=hidden,
                                   num_hidden_layers=s["layers"] + edits.count("layer"),
                                   num_attention_heads=4, intermediate_size=128,
                                   max_position_embeddings=128, bos_token_id=0, eos_token_id=0,
                                   attn_implementation="sdpa", **extra)
        dtype = dtype_of(s)
        model = getattr(T, model_name)(cfg).eval()
        edit(model.get_submodule(where), edits)
        causal = self.M._causal_4d

        def body(self, ids, mask):
            pos = torch.arange(ids.shape[1])[None, :]
            return self.m(input_ids=ids, attention_mask=causal(mask, dtype), position_ids=pos,
                          use_cache=False).last_hidden_state

        m = _wrapper(torch, nn)(model, body, nn.Linear(hidden, vocab, bias=False),
                                "output" in edits)
        for p in m.parameters():  # the weights; buffers keep their dtype (below)
            p.data = p.data.to(dtype)
        return m.eval(), [("main", _tokens(torch, vocab, s.get("seq", 16)))]


class KvDecoderFamily(Family):
    """A Llama-style decoder with a KV cache, two entry points: ``prefill``
    (the prompt's keys and values written into the cache) and ``decode``
    (one token at a position; its key and value written into the cache,
    attention over the cache); the cache is an argument updated in place."""

    def make(self, edits: list[str]):
        torch, nn = _torch()
        from transformers.models.llama.modeling_llama import LlamaMLP, LlamaRMSNorm

        s = self.size
        hidden, heads, max_seq, seq = s.get("hidden", 64), 4, s.get("max_seq", 32), s.get("seq", 8)
        vocab = s.get("vocab", 512)
        hd = hidden // heads
        cfg = self.M._llama_cfg(1, hidden, heads, heads, 2 * hidden)

        class Layer(nn.Module):
            def __init__(self):
                super().__init__()
                self.norm1, self.norm2 = LlamaRMSNorm(hidden), LlamaRMSNorm(hidden)
                self.qkv, self.o = nn.Linear(hidden, 3 * hidden, bias=False), nn.Linear(
                    hidden, hidden, bias=False)
                self.mlp = LlamaMLP(cfg)

            def forward(self, h, cache, i, positions, mask):
                b, t, _ = h.shape
                q, k, v = self.qkv(self.norm1(h)).view(b, t, 3, heads, hd).permute(2, 0, 3, 1, 4)
                # The cache is one (layers * 2 * max_seq, batch * heads * head_dim)
                # tensor, written whole by row: IREE 3.13 cannot compile a scatter
                # into a slice of an argument ("write affecting operations on
                # global resources are restricted to workgroup distributed contexts").
                for j, x in enumerate((k, v)):
                    cache.index_copy_(0, (2 * i + j) * max_seq + positions,
                                      x.permute(2, 0, 1, 3).reshape(t, -1))
                past = cache.view(-1, 2, max_seq, b, heads, hd)[i].permute(0, 2, 3, 1, 4)
                a = torch.nn.functional.scaled_dot_product_attention(q, past[0], past[1],
                                                                     attn_mask=mask)
                h = h + self.o(a.transpose(1, 2).reshape(b, t, hidden))
                return h + self.mlp(self.norm2(h))

        class Decoder(nn.Module):
            def __init__(self, layers):
                super().__init__()
                self.embed = nn.Embedding(vocab, hidden)
                self.layers = nn.ModuleList(Layer() for _ in range(layers))
                self.norm, self.head = LlamaRMSNorm(hidden), nn.Linear(hidden, vocab, bias=False)
                self.extra = False

            def run(self, ids, positions, cache):
                keys = torch.arange(max_seq)
                # 4-D: a 2-D mask makes IREE 3.13 build an invalid collapse_shape
                # (tests/data/zoo_defects/kv_decoder_2d_mask.mlir)
                mask = torch.where(keys[None, :] <= positions[:, None], 0.0,
                                   float("-inf"))[None, None]
                h = self.embed(ids)
                for i, layer in enumerate(self.layers):
                    h = layer(h, cache, i, positions, mask)
                y = self.head(self.norm(h))
                return (y, h) if self.extra else y

            def prefill(self, ids, cache):
                return self.run(ids, torch.arange(ids.shape[1]), cache)

            def decode(self, ids, position, cache):
                return self.run(ids, position, cache)

        layers = s["layers"] + edits.count("layer")
        m = Decoder(layers)
        edit(m.layers, edits)
        m.extra = "output" in edits

        ids = torch.randint(0, vocab, (1, seq))
        shape = (layers * 2 * max_seq, heads * hd)
        return m.eval(), [("prefill", (ids, torch.zeros(shape)), None, "prefill"),
                          ("decode", (ids[:, :1], torch.tensor([seq]), torch.randn(shape)),
                           None, "decode")]


# ----------------------------------------------------------------- encoders
class ElectraFamily(Family):
    """Electra: its embeddings register ``position_ids`` (an int64 buffer
    kept out of the parameters: the export has it as a ``dense_resource``
    literal)."""

    def make(self, edits: list[str]):
        torch, nn = _torch()
        import transformers as T

        s = self.size
        hidden, vocab = s.get("hidden", 64), s.get("vocab", 512)
        cfg = T.ElectraConfig(vocab_size=vocab, embedding_size=hidden, hidden_size=hidden,
                              num_hidden_layers=s["layers"] + edits.count("layer"),
                              num_attention_heads=4, intermediate_size=2 * hidden,
                              max_position_embeddings=64, attn_implementation="sdpa")
        model = T.ElectraModel(cfg).eval()
        edit(model.encoder.layer, edits)
        bidir = self.M._bidir_4d

        def body(self, ids, mask):
            return self.m(input_ids=ids, attention_mask=bidir(mask)).last_hidden_state

        m = _wrapper(torch, nn)(model, body, nn.Linear(hidden, 2), "output" in edits)
        return m.eval(), [("main", _tokens(torch, vocab, s.get("seq", 16)))]


class DebertaFamily(Family):
    """DeBERTa-v2 with relative attention (no log buckets: their ``&`` of
    two i1 tensors does not lower in IREE 3.13)."""

    def make(self, edits: list[str]):
        torch, nn = _torch()
        import transformers as T

        s = self.size
        cfg = T.DebertaV2Config(vocab_size=512, hidden_size=64,
                                num_hidden_layers=s["layers"] + edits.count("layer"),
                                num_attention_heads=4, intermediate_size=128,
                                max_position_embeddings=64, relative_attention=True,
                                position_buckets=-1, pos_att_type=["p2c", "c2p"],
                                max_relative_positions=32)
        model = T.DebertaV2Model(cfg).eval()
        edit(model.encoder.layer, edits)

        def body(self, ids, mask):
            return self.m(input_ids=ids, attention_mask=mask).last_hidden_state

        m = _wrapper(torch, nn)(model, body, nn.Linear(64, 2), "output" in edits)
        return m.eval(), [("main", base._tokens(torch, 1, s.get("seq", 16)))]


class BartFamily(Family):
    """BART encoder-decoder; ``layer`` adds an encoder and a decoder layer;
    a dynamic batch dimension with ``dynamic``."""

    def make(self, edits: list[str]):
        torch, nn = _torch()
        import transformers as T

        s = self.size
        n = s["layers"] + edits.count("layer")
        cfg = T.BartConfig(vocab_size=512, d_model=64, encoder_layers=n, decoder_layers=n,
                           encoder_attention_heads=4, decoder_attention_heads=4,
                           encoder_ffn_dim=128, decoder_ffn_dim=128, max_position_embeddings=64)
        model = T.BartModel(cfg).eval()
        edit(model.encoder.layers, edits)
        edit(model.decoder.layers, [e for e in edits if e == "const"])

        def body(self, ids, dec):
            return self.m(input_ids=ids, decoder_input_ids=dec, use_cache=False).last_hidden_state

        m = _wrapper(torch, nn)(model, body, nn.Linear(64, 512, bias=False), "output" in edits)
        batch = 2 if s.get("dynamic") else 1
        seq = s.get("seq", 16)
        args = (torch.randint(0, 512, (batch, seq)), torch.randint(0, 512, (batch, seq // 2)))
        shapes = None
        if s.get("dynamic"):
            b = torch.export.Dim("batch", min=1, max=16)
            shapes = (({0: b}, {0: b}),)  # the wrapper's one parameter, *args
        return m.eval(), [("main", args, shapes)]


class Wav2Vec2Family(Family):
    """Wav2Vec2 (audio): a conv feature encoder, then a transformer; the
    positional conv's weight norm removed (``aten._weight_norm`` does not
    lower in IREE 3.13)."""

    def make(self, edits: list[str]):
        torch, nn = _torch()
        import transformers as T

        s = self.size
        cfg = T.Wav2Vec2Config(hidden_size=64, num_hidden_layers=s["layers"] + edits.count("layer"),
                               num_attention_heads=4, intermediate_size=128,
                               conv_dim=(32, 32, 32), conv_stride=(5, 2, 2), conv_kernel=(10, 3, 3),
                               num_conv_pos_embeddings=16, num_conv_pos_embedding_groups=4,
                               vocab_size=32)
        model = T.Wav2Vec2Model(cfg).eval()
        conv = model.encoder.pos_conv_embed.conv
        if hasattr(conv, "parametrizations"):
            torch.nn.utils.parametrize.remove_parametrizations(conv, "weight")
        edit(model.encoder.layers, edits)

        def body(self, x):
            return self.m(x).last_hidden_state

        m = _wrapper(torch, nn)(model, body, nn.Linear(64, 32), "output" in edits)
        return m.eval(), [("main", (torch.randn(1, s.get("samples", 1600)),))]


# ------------------------------------------------------------------- vision
class RegNetFamily(Family):
    """transformers' RegNet (X blocks); ``layer`` deepens the last stage."""

    def make(self, edits: list[str]):
        torch, nn = _torch()
        import transformers as T

        depths = [1, 1 + edits.count("layer")]
        hidden = list(self.size.get("hidden", [16, 32]))
        cfg = T.RegNetConfig(num_channels=3, embedding_size=hidden[0], hidden_sizes=hidden,
                             depths=depths, groups_width=8, layer_type="x")
        model = T.RegNetModel(cfg).eval()
        edit([model.encoder.stages[0].layers[0], model.encoder.stages[1].layers[0]], edits, 1)

        def body(self, x):
            return self.m(pixel_values=x).pooler_output.flatten(1)

        m = _wrapper(torch, nn)(model, body, nn.Linear(hidden[-1], 10), "output" in edits)
        res = self.size.get("res", 32)
        return m.eval(), [("main", (torch.randn(1, 3, res, res),))]


class SegFormerFamily(Family):
    """SegFormer: the encoder's stages run by hand into the decode head
    (the model's own output capturing does not trace under dynamo)."""

    def make(self, edits: list[str]):
        torch, nn = _torch()
        import transformers as T

        cfg = T.SegformerConfig(num_channels=3, num_encoder_blocks=2,
                                depths=[1, 1 + edits.count("layer")], sr_ratios=[2, 1],
                                hidden_sizes=[16, 32], patch_sizes=[7, 3], strides=[4, 2],
                                num_attention_heads=[1, 2], mlp_ratios=[2, 2],
                                decoder_hidden_size=32, num_labels=4)
        model = T.SegformerForSemanticSegmentation(cfg).eval()
        edit([model.segformer.stages[0].blocks[0], model.segformer.stages[1].blocks[0]], edits, 1)

        def body(self, x):
            feats, h = [], x
            for stage in self.m.segformer.stages:
                h = stage(h)
                feats.append(h)
            return self.m.decode_head(feats)

        m = _wrapper(torch, nn)(model, body, None, "output" in edits)
        return m.eval(), [("main", (torch.randn(1, 3, 32, 32),))]


def _dense_net(nn, torch, blocks: list[int], growth: int, edits: list[str]):
    """DenseNet (Huang et al.), written out: dense blocks of BN-ReLU-1x1
    conv-BN-ReLU-3x3 conv layers concatenating their inputs, transitions
    halving channels and resolution. Every layer has its own channel count,
    so its own executables."""

    class DenseLayer(nn.Module):
        def __init__(self, c):
            super().__init__()
            self.f = nn.Sequential(nn.BatchNorm2d(c), nn.ReLU(), nn.Conv2d(c, 4 * growth, 1),
                                   nn.BatchNorm2d(4 * growth), nn.ReLU(),
                                   nn.Conv2d(4 * growth, growth, 3, padding=1))

        def forward(self, x):
            return torch.cat([x, self.f(x)], 1)

    class DenseNet(nn.Module):
        def __init__(self):
            super().__init__()
            c = 2 * growth
            mods = [nn.Conv2d(3, c, 3, padding=1)]
            for i, n in enumerate(blocks):
                for _ in range(n):
                    mods.append(DenseLayer(c))
                    c += growth
                if i < len(blocks) - 1:
                    mods += [nn.BatchNorm2d(c), nn.ReLU(), nn.Conv2d(c, c // 2, 1), nn.AvgPool2d(2)]
                    c //= 2
            self.features = nn.Sequential(*mods)
            self.norm, self.fc = nn.BatchNorm2d(c), nn.Linear(c, 10)
            self.extra = "output" in edits

        def forward(self, x):
            h = torch.relu(self.norm(self.features(x))).mean((2, 3))
            y = self.fc(h)
            return (y, h) if self.extra else y

    return DenseNet()


class DenseNetFamily(Family):
    def make(self, edits: list[str]):
        torch, nn = _torch()
        blocks = list(self.size["blocks"])
        blocks[-1] += edits.count("layer")
        m = _dense_net(nn, torch, blocks, self.size.get("growth", 8), edits)
        dense = [x for x in m.features if type(x).__name__ == "DenseLayer"]
        edit(dense, edits)
        for p in m.modules():  # non-trivial BN statistics
            if isinstance(p, nn.BatchNorm2d):
                p.running_mean.uniform_(-0.1, 0.1)
                p.running_var.uniform_(0.5, 1.5)
        res = self.size.get("res", 16)
        return m.eval(), [("main", (torch.randn(1, 3, res, res),))]


class Conv1dFamily(Family):
    """A 1-D convolutional network (conv-BN-GELU blocks, a pooled linear
    head), with a dynamic batch dimension under ``dynamic``."""

    def make(self, edits: list[str]):
        torch, nn = _torch()
        s = self.size
        width = s.get("width", 32)
        chans = [s.get("channels", 8)] + [width] * (s["layers"] + edits.count("layer"))

        class Block(nn.Module):
            def __init__(self, a, b):
                super().__init__()
                self.conv, self.bn, self.act = nn.Conv1d(a, b, 5, padding=2), nn.BatchNorm1d(b), \
                    nn.GELU()

            def forward(self, x):
                return self.act(self.bn(self.conv(x)))

        class Net(nn.Module):
            def __init__(self):
                super().__init__()
                self.blocks = nn.Sequential(*(Block(a, b) for a, b in itertools.pairwise(chans)))
                self.fc, self.extra = nn.Linear(width, 4), "output" in edits

            def forward(self, x):
                h = self.blocks(x).mean(-1)
                return (self.fc(h), h) if self.extra else self.fc(h)

        m = Net()
        edit(list(m.blocks), edits)
        batch = 2 if s.get("dynamic") else 1
        x = torch.randn(batch, chans[0], s.get("length", 64))
        shapes = ({0: torch.export.Dim("batch", min=1, max=64)},) if s.get("dynamic") else None
        return m.eval(), [("main", (x,), shapes)]


FAMILIES: dict[str, type[Family]] = {
    **base.FAMILIES, "hf_decoder": HfDecoderFamily, "kv_decoder": KvDecoderFamily,
    "electra": ElectraFamily, "deberta": DebertaFamily, "bart": BartFamily,
    "wav2vec2": Wav2Vec2Family, "regnet": RegNetFamily, "segformer": SegFormerFamily,
    "densenet": DenseNetFamily, "conv1d": Conv1dFamily,
}


if __name__ == "__main__":
    base.main(FAMILIES)
