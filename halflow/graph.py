"""The build graph: every executable, export and dispatch site is a node.

Node ids are stable, readable symbol paths:

    executable:@ex            facts read from the executable's text
    export:@ex::@entry        one export's facts (signature, forced layout)
    dispatch:@main#3          the 4th dispatch site (walk order) of @main
    host                      analysis of the host program (devices, sites)
    targets:@ex               executable targets the executable needs
    variants:@ex              its hal.executable.variant plan
    layout:@ex::@entry        pipeline layout of one export
    interface:@ex::@entry     its #hal.pipeline.layout attribute
    convert:@ex               the hal.executable (cloned functions, export
                              ops, workgroup info, fold), printed
    annotate:@main#3          the dispatch site's new entry points
    print:@main               a host op's printed text after annotation
    module                    the assembled output

Edges are data dependencies. The graph is plain data (:class:`BuildGraph`)
so that a one-edit rebuild does not pay networkx's import (100-160 ms, more
than half of a command-line rebuild); :func:`to_networkx` gives the
``networkx.DiGraph`` for tools, ``halflow graph`` and the library.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any


@dataclass
class BuildGraph:
    # node id -> attributes (at least "stage")
    nodes: dict[str, dict[str, Any]] = field(default_factory=dict)
    edges: list[tuple[str, str]] = field(default_factory=list)
    # Not part of the graph: what the build warned about (near misses with
    # the --split-input-file marker), for the command to print.
    warnings: tuple[Any, ...] = ()

    def add(self, node: str, stage: str, deps: Iterable[str] = (), **attrs: Any) -> None:
        self.nodes[node] = {"stage": stage, **attrs}
        for dep in deps:
            self.edges.append((dep, node))

    def __len__(self) -> int:
        return len(self.nodes)


def to_networkx(graph: BuildGraph):
    import networkx as nx

    g = nx.DiGraph()
    for node, attrs in graph.nodes.items():
        g.add_node(node, **attrs)
    g.add_edges_from(graph.edges)
    return g


def to_json(graph: BuildGraph) -> str:
    data = {
        "nodes": [{"id": n, **a} for n, a in graph.nodes.items()],
        "edges": [{"source": s, "target": t} for s, t in graph.edges],
    }
    return json.dumps(data, indent=1, sort_keys=True) + "\n"


def _dot_id(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def to_dot(graph: BuildGraph) -> str:
    lines = ["digraph halflow {", "  rankdir=LR;", "  node [shape=box, fontsize=10];"]
    for node, attrs in graph.nodes.items():
        lines.append(f"  {_dot_id(node)} [label={_dot_id(node)}, stage={_dot_id(attrs['stage'])}];")
    for src, dst in graph.edges:
        lines.append(f"  {_dot_id(src)} -> {_dot_id(dst)};")
    lines.append("}")
    return "\n".join(lines) + "\n"
