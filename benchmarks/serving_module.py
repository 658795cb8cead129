"""Makes a serving module of ~8 MB with 1,000+ executables, as it stands
right before ``iree-hal-materialize-interfaces`` (issue 35's measurements).

Runs under the export venv's Python (torch and iree-turbine are not halflow
dependencies; the corpus generator's models, ``../shared/corpus/gen/models.py``
or ``$HALFLOW_SHARED/corpus/gen/models.py``, random weights, nothing
downloaded):

    /work/venv-turbine/bin/python benchmarks/serving_module.py openelm_serving16 OUT.mlir
    /work/venv-turbine/bin/python benchmarks/serving_module.py resnet50_serving OUT.mlir

``openelm_serving16``: the corpus's ``openelm_serving`` (24 layers) with 16
prefill buckets instead of 10 (~8 MB, tune-on family); any other name is a
model of the generator's ``MODELS`` table (``resnet50_serving``: ~8 MB,
1,044 executables, a held-out architecture). The model is exported with
``iree.turbine.aot``, compiled by the venv's ``iree-compile`` (3.13.0, as
the corpus: llvm-cpu, x86-64-v3) up to the executable sources, and the
module printed before ``iree-hal-materialize-interfaces`` is kept (its
header comment line dropped), as the corpus's ``build_corpus.py`` makes its
files; ``iree-opt --iree-hal-materialize-interfaces`` then checks that it
runs on it. Takes several minutes on two cores. Nothing here imports halflow.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
CPU = ["--iree-hal-target-device=local", "--iree-hal-local-target-device-backends=llvm-cpu",
       "--iree-llvmcpu-target-triple=x86_64-unknown-linux-gnu",
       "--iree-llvmcpu-target-cpu=x86-64-v3"]
# The corpus's openelm_serving has 10 prefill buckets (batch, sequence); this
# one has 16.
BUCKETS16 = [(1, 32), (1, 64), (1, 128), (2, 96), (1, 256), (4, 80), (3, 160), (2, 224),
             (1, 512), (8, 128), (1, 48), (2, 40), (3, 56), (1, 384), (5, 64), (6, 72)]


def generator_dir() -> Path:
    shared = os.environ.get("HALFLOW_SHARED")
    return (Path(shared) if shared else REPO.parent / "shared") / "corpus" / "gen"


def export(name: str, out: Path) -> None:
    """The model ``name`` exported as torch-dialect MLIR into ``out``."""
    gen = generator_dir()
    if not (gen / "models.py").is_file():
        raise SystemExit(f"{gen / 'models.py'} not found: set HALFLOW_SHARED to the folder "
                         "that holds corpus/gen (the shared corpus)")
    sys.path.insert(0, str(gen))
    import models  # type: ignore[import-not-found]
    from iree.turbine import aot  # type: ignore[import-not-found]

    if name == "openelm_serving16":
        built = models.openelm_serving(24, buckets=BUCKETS16)
    else:
        built = models.MODELS[name]()
    aot.export(built, module_name="module").save_mlir(str(out))


def before_the_pass(torch_mlir: Path, out: Path, tools: Path) -> None:
    """The module ``iree-compile`` prints before the pass, into ``out``."""
    dumped = subprocess.run(
        [str(tools / "iree-compile"), str(torch_mlir), *CPU, "--compile-to=executable-sources",
         "-o", os.devnull, "--mlir-print-ir-before=iree-hal-materialize-interfaces"],
        capture_output=True, text=True, check=True,
    ).stderr
    # The first line is the dump's header comment (// -----// IR Dump ...).
    out.write_text(dumped.split("\n", 1)[1])
    subprocess.run([str(tools / "iree-opt"), "--iree-hal-materialize-interfaces", str(out),
                    "-o", os.devnull], check=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("model", help="openelm_serving16, or a name of models.MODELS")
    parser.add_argument("out", type=Path, help="the .mlir file to write")
    parser.add_argument("--tools", type=Path, default=Path(sys.executable).parent,
                        help="where iree-compile and iree-opt are (default: this Python's)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="serving-module-") as tmp:
        torch_mlir = Path(tmp) / "model.torch.mlir"
        export(args.model, torch_mlir)
        before_the_pass(torch_mlir, args.out, args.tools)
    text = args.out.read_text()
    count = sum(1 for line in text.splitlines() if line.lstrip().startswith("stream.executable "))
    print(f"{args.out}: {len(text) / 1e6:.1f} MB, {count} executables")
    return 0


if __name__ == "__main__":
    sys.exit(main())
