"""The build process as one lane of the local pool (``executors._Lane``):
a run of many jobs (a cold build of a real model, ``LANE_FROM``) starts one
worker process fewer and runs tasks on a thread of the build process.

A cold build of an 18-layer program (more translations than ``LANE_FROM``)
with two jobs: the translations ran in exactly two places, the build
process and one worker; the ``.vmfb`` runs bitwise equal to a plain
``iree-compile``'s; a rebuild reuses everything it made.
"""

from __future__ import annotations

import os
import socket
from pathlib import Path

from codegen_programs import layers
from test_codegen import FLAGS, plain_compile
from test_codegen_nodes import assert_bitwise_equal

from halflow.codegen import DiskStore, build_vmfb
from halflow.codegen.executors import LANE_FROM

WIDTHS = [8 + 4 * i for i in range(19)]  # 18 layers, one executable each


def test_a_long_cold_build_runs_tasks_in_the_build_process(tmp_path: Path) -> None:
    model = tmp_path / "deep.mlir"
    model.write_text(layers.program(WIDTHS, [0.5 + i / 32 for i in range(18)]))
    out = tmp_path / "deep.vmfb"
    with DiskStore(tmp_path / "cache") as store:
        result = build_vmfb(model, out, FLAGS, store=store, jobs=2, progress=False)
        assert result.mode == "groups" and len(result.compiled) >= LANE_FROM
        places = {s.where for s in result.spans if s.category == "translate"}
        here = f"{socket.gethostname()}:{os.getpid()}"
        assert here in places and len(places) == 2, places
        assert_bitwise_equal(out, plain_compile(model, tmp_path / "plain.vmfb"), WIDTHS)
        out.unlink()
        again = build_vmfb(model, out, FLAGS, store=store, jobs=2, progress=False)
        assert again.compiled == [] and again.host is not None
        assert_bitwise_equal(out, tmp_path / "plain.vmfb", WIDTHS)
