"""IREE's check of a dispatch against the export it names, over facts.

MLIR runs ``CmdDispatchOp::verifySymbolUses`` when it verifies a module that
holds both a ``stream.cmd.dispatch`` and the ``stream.executable.export`` it
names. An incremental build parses the host without the executables and each
changed executable alone, so that check never sees both sides; this module
redoes it over the facts the engine keeps (:class:`~halflow.nodes.host.DispatchSite`
and :class:`~halflow.nodes.facts.ExportFacts`).

Only detection is needed: the engine falls back to the whole-module build on
a mismatch, and MLIR's verifier there reports it in IREE's words. So the
checks below must be complete (every comparison IREE makes), not worded.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from halflow.nodes.facts import ExportFacts
from halflow.nodes.host import DispatchSite

# One export's signature as stored in an executable group's summary (plain
# JSON): [workload types | None, uniform types | None, binding count | None].
Signature = Sequence[Any]


def signature(export: ExportFacts) -> list[Any]:
    """The parts of ``export`` IREE compares a dispatch with."""
    bindings = sum(export.args) if export.args is not None else None
    return [
        list(export.workload) if export.workload is not None else None,
        list(export.uniforms) if export.uniforms is not None else None,
        bindings if export.uniforms is not None else None,
    ]


def mismatch(site: DispatchSite, ref: str, sig: Signature) -> str | None:
    """Why IREE's verifier rejects ``site`` dispatching to ``ref`` (whose
    signature is ``sig``), or None when it accepts it.

    Mirrors ``verifyDispatchWorkload`` and the function-type checks of
    ``CmdDispatchOp::verifySymbolUses`` (StreamOps.cpp): the workload is
    checked only when the export has a workgroup-count region, the operands
    only when the export's function is found.
    """
    workload, uniforms, bindings = sig
    if workload is not None and tuple(workload) != site.workload:
        return f"{site.id}: workload mismatch with {ref}"
    if uniforms is None:
        return None
    if tuple(uniforms) != site.uniforms:
        return f"{site.id}: uniform operands do not match {ref}"
    if bindings != len(site.usage.accesses):
        return f"{site.id}: resource count does not match the bindings of {ref}"
    return None
