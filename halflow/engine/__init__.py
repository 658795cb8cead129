"""The incremental engine: nodes with content keys, early cutoff, explain.

A build evaluates the nodes of :mod:`halflow.graph`. Each node's key is the
fingerprint of its stage (name and version), the environment (halflow and
iree-base-compiler versions) and its inputs: the text keys it reads and the
fingerprints of exactly the parts of its dependencies it uses. A node is

- reused when its inputs did not change since the previous build of this
  document (without computing anything), or when an entry with its key is
  in the previous build, in memory or in the persistent cache;
- executed otherwise, with the reason recorded (no entry, which input
  changed, stage version, environment).

A recomputed value equal to the old one does not dirty its dependents
(early cutoff).

Nodes come in *groups* that change together: the host (its analysis and
dispatch sites), one group per executable (facts, exports, targets,
variants, layouts, interfaces, conversion) and one per host op (the
annotations of its dispatch sites and its printed text). A group whose
signature (the text keys and summaries it reads) is unchanged is reused
whole, without looking at its nodes; only changed groups evaluate node by
node, against the records of their previous version, which the persisted
state keeps per group so that a rebuild decodes only what changed.

IR work is lazy: only executing nodes parse anything, unit by unit; the
output is assembled from printed ops, spliced into the previous output when
the alias numbering allows. Whenever the incremental path cannot vouch for a
result (the text does not split cleanly, a piece cannot be placed, the input
has an error), the build falls back to the reference driver on the whole
module, which also produces IREE's exact diagnostics.

One job per module: ``records`` (the data model), ``recorder`` (why each
node ran), ``evaluator`` (keys, reuse, early cutoff), ``pass_groups`` (the
pass as groups of nodes), ``providers`` and ``unit_ir`` (IR work),
``units`` (unit keys), ``splice`` (assembling the output), ``state`` (the
persisted states' encoding), ``anchors`` (the state a build starts from),
``workspace`` (one document's build), ``codec`` (node values <-> JSON).
"""

from __future__ import annotations

from halflow.engine.recorder import Recorder
from halflow.engine.records import CaseResult
from halflow.engine.workspace import Workspace

__all__ = ["CaseResult", "Recorder", "Workspace"]
