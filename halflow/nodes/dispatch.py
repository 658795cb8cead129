"""Dispatch annotation: a dispatch site's entry points become the variant
exports its required targets need.

``expansions`` maps an original entry point (``@ex::@entry``) to the variant
exports created for it, each with the target of its variant. A site without
required targets keeps every variant; entry points that were not expanded
are kept as they are.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from halflow.core import stages
from halflow.nodes.tracked import tracked

STAGE = stages.DISPATCH

Expansion = tuple[tuple[str, str], ...]  # ((variant export ref, target text), ...)


@tracked(STAGE)
def annotate(
    entry_points: Sequence[str],
    site_targets: Sequence[str],
    expansions: Mapping[str, Expansion],
) -> tuple[str, ...]:
    wanted = set(site_targets)
    out: list[str] = []
    for ref in entry_points:
        expansion = expansions.get(ref)
        if expansion is None:
            out.append(ref)
            continue
        for new_ref, target in expansion:
            if not wanted or target in wanted:
                out.append(new_ref)
    return tuple(out)
