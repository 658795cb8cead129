"""The build process as lanes of the local pool (``executors._Lane``): a
run of many tasks (``LANE_FROM``: a cold build of a real model, a large
edit) runs them on threads of the build process, up to ``LANES`` of them,
in place of worker processes; workers already started are used too.

An 18-layer program (more translations than ``LANE_FROM``) with two jobs:
its cold build starts no worker (a first build starts none during the
front end): every translation and group ran in the build process; an edit
that dirties every layer uses the worker a rebuild starts during the front
end and one lane. Each ``.vmfb`` runs bitwise equal to a plain
``iree-compile``'s; a rebuild of an unchanged model reuses everything.
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


def test_long_runs_run_tasks_in_the_build_process(tmp_path: Path) -> None:
    model = tmp_path / "deep.mlir"
    model.write_text(layers.program(WIDTHS, [0.5 + i / 32 for i in range(18)]))
    out = tmp_path / "deep.vmfb"
    here = f"{socket.gethostname()}:{os.getpid()}"
    with DiskStore(tmp_path / "cache") as store:
        result = build_vmfb(model, out, FLAGS, store=store, jobs=2, progress=False)
        assert result.mode == "groups" and len(result.compiled) >= LANE_FROM
        places = {s.where for s in result.spans if s.category in ("translate", "group")}
        assert places == {here}, places
        assert_bitwise_equal(out, plain_compile(model, tmp_path / "plain.vmfb"), WIDTHS)

        model.write_text(layers.program(WIDTHS, [0.25 + i / 64 for i in range(18)]))
        edited = build_vmfb(model, out, FLAGS, store=store, jobs=2, progress=False)
        assert len(edited.compiled) >= LANE_FROM
        places = {s.where for s in edited.spans if s.category in ("translate", "group")}
        assert here in places and len(places) == 2, places
        assert_bitwise_equal(out, plain_compile(model, tmp_path / "plain2.vmfb"), WIDTHS)
        out.unlink()
        again = build_vmfb(model, out, FLAGS, store=store, jobs=2, progress=False)
        assert again.compiled == [] and again.host is not None
        assert_bitwise_equal(out, tmp_path / "plain2.vmfb", WIDTHS)
