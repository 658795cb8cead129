"""The build graph: every executable, export and dispatch site is a node.

Node ids are stable, readable symbol paths:

    executable:@ex            facts read from the executable's text
    export:@ex::@entry        one export's facts (signature, forced layout)
    dispatch:@main/@ex::@e    the dispatch of export @ex::@e in @main
    dispatch:@main/@ex::@e#2  its second dispatch in @main (walk order
                              among the dispatches of that export only)
    devices                   the module's device globals (and legacy
                              targets, existing hal.executable exports)
    host:@main                the dispatch sites of one top-level host op
                              (``host:util.initializer#0`` without a symbol)
    targets:@ex               executable targets the executable needs
    variants:@ex              its hal.executable.variant plan
    layout:@ex::@entry        pipeline layout of one export
    interface:@ex::@entry     its #hal.pipeline.layout attribute
    convert:@ex               the hal.executable (cloned functions, export
                              ops, workgroup info, fold), printed
    annotate:@main/@ex::@e    the dispatch site's new entry points
    print:@main               a host op's printed text after annotation
    module                    the assembled output

Edges are data dependencies. The graph is plain data (:class:`BuildGraph`)
so that a one-edit rebuild does not pay networkx's import (100-160 ms, more
than half of a command-line rebuild); :func:`to_networkx` gives the
``networkx.DiGraph`` for tools; :mod:`halflow.cli.graphview` has the views
``halflow graph`` draws (filters, a summary, styled DOT).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Container, Iterable
from dataclasses import dataclass, field
from typing import Any

# Node kinds by what they belong to.
EXECUTABLE_KINDS = ("executable", "targets", "variants", "convert")
EXPORT_KINDS = ("export", "layout", "interface")
SITE_KINDS = ("dispatch", "annotate")
# Node kinds of one top-level host op (besides its sites').
HOST_OP_KINDS = ("host", "print")

# -- node ids: the only place they are spelled -------------------------------------

DEVICES = "devices"
SHELL = "shell"
MODULE = "module"


def executable(name: str) -> str:
    return "executable:@" + name


def export(executable: str, export: str) -> str:
    return f"export:@{executable}::@{export}"


def owner_names(ops: Iterable[tuple[str | None, str]]) -> list[str]:
    """Readable, stable names of top-level ops, given as (symbol or None,
    op name), in order: ``@sym``, or ``opname#k`` for the k-th op of that
    name without a symbol."""
    names = []
    counts: dict[str, int] = {}
    for symbol, kind in ops:
        if symbol is not None:
            names.append("@" + symbol)
        else:
            k = counts.get(kind, 0)
            counts[kind] = k + 1
            names.append(f"{kind}#{k}")
    return names


def dispatch(owner: str, callee: str, nth: int = 1) -> str:
    """The ``nth`` dispatch (walk order, counting from 1) of ``callee`` (its
    entry points, ``@ex::@e`` or ``@ex::@a,@ex::@b``) in host op ``owner``.

    A site is named by what it calls, not by its position: adding, removing
    or moving another dispatch of the function leaves the id alone, and so
    does one of the same callee after it. A site's id says only which of
    its equals it is, and equal sites are interchangeable: every dispatch
    of one export in one function of the corpus carries the same facts.

    >>> dispatch("@main", "@ex::@e"), dispatch("@main", "@ex::@e", 2)
    ('dispatch:@main/@ex::@e', 'dispatch:@main/@ex::@e#2')
    """
    return f"dispatch:{owner}/{callee}" + (f"#{nth}" if nth > 1 else "")


def dispatch_ids(owner: str, callees: Iterable[str]) -> list[str]:
    """The ids of the dispatch sites of host op ``owner``, given their
    callees in walk order (see :func:`dispatch`).

    >>> dispatch_ids("@f", ["@a::@x", "@b::@y", "@a::@x"])
    ['dispatch:@f/@a::@x', 'dispatch:@f/@b::@y', 'dispatch:@f/@a::@x#2']
    """
    seen: dict[str, int] = {}
    ids = []
    for callee in callees:
        nth = seen[callee] = seen.get(callee, 0) + 1
        ids.append(dispatch(owner, callee, nth))
    return ids


def callee(entry_points: Iterable[str]) -> str:
    """How a site's id names what it calls: its entry points, in order."""
    return ",".join(entry_points)


def targets(executable: str) -> str:
    return "targets:@" + executable


def variants(executable: str) -> str:
    return "variants:@" + executable


def layout(executable: str, export: str) -> str:
    return f"layout:@{executable}::@{export}"


def interface(executable: str, export: str) -> str:
    return f"interface:@{executable}::@{export}"


def convert(executable: str) -> str:
    return "convert:@" + executable


def annotate(site: str) -> str:
    """The annotation node of dispatch site ``site`` (a :func:`dispatch` id)."""
    return "annotate:" + site.split(":", 1)[1]


def print_op(owner: str) -> str:
    return "print:" + owner


def host_op(owner: str) -> str:
    """The analysis node of host op ``owner`` (its dispatch sites)."""
    return "host:" + owner


def rename_executable(old: str, new: str) -> Callable[[str], str]:
    """Maps node ids of executable ``old`` to those of executable ``new``."""

    def rename(node_id: str) -> str:
        kind, sep, rest = node_id.partition(":@")
        if sep and rest.startswith(old):
            rest = new + rest[len(old):]
            rest = rest.replace("::@" + old, "::@" + new, 1)
        return kind + sep + rest

    return rename


# -- group ids: nodes that change together (see halflow.engine) -----------------------

DEVICES_GROUP = "devices"
HOST_OP_GROUP = "host:"  # prefix of host op analysis groups
SHELL_GROUP = "shell"
MODULE_GROUP = "module"
EXEC_GROUP = "exec:@"  # prefix of executable groups (hot loops test it inline)


def exec_group(name: str) -> str:
    """The group of executable ``name`` (its facts, plan and conversion)."""
    return EXEC_GROUP + name


def host_group(owner: str) -> str:
    """The analysis group of host op ``owner`` (its dispatch sites)."""
    return HOST_OP_GROUP + owner


def op_group(owner: str) -> str:
    """The group of host op ``owner`` (its sites' annotations, its print)."""
    return "op:" + owner


def group_executable(gid: str) -> str | None:
    """The executable of an executable group, else None."""
    return gid[len(EXEC_GROUP):] if gid.startswith(EXEC_GROUP) else None


def piece_node(gid: str) -> str:
    """The node holding a body group's printed op."""
    kind, _, name = gid.partition(":")
    return ("convert:" if kind == "exec" else "print:") + name


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


def to_networkx(graph: BuildGraph) -> Any:
    """The graph as a ``networkx.DiGraph`` (node attributes kept)."""
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


# -- what a node id names ------------------------------------------------------------


def node_parts(node: str) -> tuple[str, str, str]:
    """``(case prefix, kind, rest)`` of a node id: ``case1/layout:@ex::@e``
    is ``("case1/", "layout", "@ex::@e")`` (``--split-input-file``)."""
    prefix = ""
    if node.startswith("case"):
        head, slash, tail = node.partition("/")
        if slash and head[4:].isdigit():
            prefix, node = head + slash, tail
    kind, _, rest = node.partition(":")
    return prefix, kind, rest


def node_kind(node: str) -> str:
    """``layout`` for ``layout:@ex::@e`` (also under a case prefix)."""
    return node_parts(node)[1]


def executable_of(node: str, names: Container[str] = ()) -> str | None:
    """The executable (``@name``, after its case prefix) that node ``node``
    belongs to, if any: its own nodes and its exports' (``names``: the
    graph's executables, a set: they tell ``@ex::@entry`` apart when a
    quoted symbol itself holds ``::@``)."""
    prefix, kind, rest = node_parts(node)
    if kind in EXECUTABLE_KINDS:
        return prefix + rest
    if kind in EXPORT_KINDS:
        if names:
            for match in re.finditer("::@", rest):
                if prefix + rest[: match.start()] in names:
                    return prefix + rest[: match.start()]
        return prefix + rest.partition("::@")[0]
    return None


def _owner_end(rest: str) -> int:
    """Where the host op's name ends in the rest of a site id (``@main`` in
    ``@main/@ex::@e``): at the first ``/`` after the name, which a bare
    symbol or op name cannot hold and a quoted symbol may."""
    start = 0
    if rest.startswith('@"'):
        start = 2
        while start < len(rest) and rest[start] != '"':
            start += 2 if rest[start] == "\\" else 1
    end = rest.find("/", start)
    return end if end >= 0 else len(rest)


def function_of(node: str) -> str | None:
    """The host op (``@main``, ``util.initializer#0``) that a dispatch
    site, its annotation, a host op's analysis or its print belongs to."""
    prefix, kind, rest = node_parts(node)
    if kind in SITE_KINDS:
        return prefix + rest[: _owner_end(rest)]
    if kind in HOST_OP_KINDS:
        return prefix + rest
    return None


@dataclass(frozen=True)
class Changes:
    """What a build's executed nodes touched: executables (``@name``) and
    host ops (``@main``, ``util.initializer#0``), in execution order."""

    executables: tuple[str, ...]
    host_ops: tuple[str, ...]


def what_changed(nodes: Iterable[str]) -> Changes:
    """The executables and host ops that the executed ``nodes`` belong to
    (an executable counts when its own text or its conversion ran)."""
    executables: dict[str, None] = {}
    host_ops: dict[str, None] = {}
    for node in nodes:
        kind = node_kind(node)
        if kind in ("executable", "convert"):
            executables[executable_of(node) or node] = None
        elif kind in (*SITE_KINDS, *HOST_OP_KINDS):
            owner = function_of(node)
            if owner is not None:
                host_ops[owner] = None
    return Changes(tuple(executables), tuple(host_ops))
