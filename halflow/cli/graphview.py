"""Views of the build graph that a person can read: filters, a summary, and
styled DOT / JSON.

The node graph of a large module (openelm_serving: 15,776 nodes, 33,911
edges) is data for tools, not a picture. These free functions work on the
plain :class:`halflow.graph.BuildGraph`:

- :func:`select` keeps the nodes of some executables (``--executable``),
  the nodes a build would execute now (``--changed``), and their
  neighbourhood up to ``depth`` edges away (``--depth``);
- :func:`summarize` folds the graph into one node per executable (its
  exports and dispatch sites) and one per host function (its dispatch
  sites), executables clustered by the executable targets they need and,
  within those, by the host functions that dispatch them;
- :func:`to_dot` / :func:`to_json` write either view; node kinds are
  styled apart, changed nodes are drawn in red with their reason as
  tooltip.

The summary's DOT is laid out for Graphviz's ``dot``: each cluster's
executables sit in a grid (rows joined by invisible edges) sized so that
the whole picture is about as wide as it is tall, and a host function has
one edge per cluster it dispatches into, not one per executable.
"""

from __future__ import annotations

import fnmatch
import json
import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from halflow.core.wording import plural
from halflow.graph import EXECUTABLE_KINDS, EXPORT_KINDS, BuildGraph, executable_of, function_of
from halflow.graph import node_kind as _kind

# A graph with more nodes than this is summarized by default (--view auto).
SUMMARY_THRESHOLD = 300
# Graphviz lays out the node view slowly (openelm_l16's 1,827 nodes: 50 s;
# openelm_serving's 11,516: past 120 s): no SVG of more nodes than this.
SVG_NODE_LIMIT = 1500


class View(StrEnum):
    AUTO = "auto"
    SUMMARY = "summary"
    NODES = "nodes"


class SelectionError(LookupError):
    """A filter that matches nothing in the graph; the message says what
    exists."""


# -- filters ------------------------------------------------------------------------------------


def executables(graph: BuildGraph) -> list[str]:
    """The graph's executables (``@name``), in graph order."""
    return [executable_of(n) or "" for n in graph.nodes if _kind(n) == "executable"]


def match_executables(graph: BuildGraph, patterns: Sequence[str]) -> list[str]:
    """The executables that ``patterns`` name (``@name``, ``name`` or a
    shell pattern such as ``'main$async_dispatch_1*'``); a pattern that
    matches none raises :class:`SelectionError` listing close names."""
    import difflib

    names = executables(graph)
    found: list[str] = []
    for pattern in patterns:
        wanted = pattern if pattern.startswith("@") else "@" + pattern
        hits = [n for n in names if fnmatch.fnmatchcase(n, wanted)]
        if not hits:
            close = difflib.get_close_matches(wanted, names, n=3, cutoff=0.6)
            hint = f"; did you mean {', '.join(close)}?" if close else ""
            shown = ", ".join(names[:8]) + (", ..." if len(names) > 8 else "")
            raise SelectionError(
                f"no executable {wanted} in the graph{hint} "
                f"({len(names)} executables: {shown or 'none'})"
            )
        found += [h for h in hits if h not in found]
    return found


def select(graph: BuildGraph, seeds: Iterable[str], depth: int) -> BuildGraph:
    """The subgraph of ``seeds`` and every node at most ``depth`` edges away
    from one of them (either direction), with the edges among them."""
    preds: dict[str, list[str]] = {}
    succs: dict[str, list[str]] = {}
    for src, dst in graph.edges:
        succs.setdefault(src, []).append(dst)
        preds.setdefault(dst, []).append(src)
    keep = {s for s in seeds if s in graph.nodes}
    frontier = set(keep)
    for _ in range(depth):
        frontier = {
            m for n in frontier for m in (*preds.get(n, ()), *succs.get(n, ())) if m not in keep
        }
        if not frontier:
            break
        keep |= frontier
    sub = BuildGraph(warnings=graph.warnings)
    sub.nodes = {n: a for n, a in graph.nodes.items() if n in keep}
    sub.edges = [(s, d) for s, d in graph.edges if s in keep and d in keep]
    return sub


def executable_nodes(graph: BuildGraph, names: Iterable[str]) -> list[str]:
    """Every node of the executables ``names`` (and of their exports)."""
    wanted = set(names)
    known = set(executables(graph))
    return [n for n in graph.nodes if executable_of(n, known) in wanted]


def without_changes(graph: BuildGraph) -> BuildGraph:
    """``graph`` without its ``changed`` marks: when every node changed
    (no previous build in the cache), marking them says nothing."""
    plain = BuildGraph(warnings=graph.warnings)
    plain.nodes = {n: {k: v for k, v in a.items() if k != "changed"}
                   for n, a in graph.nodes.items()}
    plain.edges = graph.edges
    return plain


def changed_nodes(graph: BuildGraph) -> list[str]:
    """The nodes a build would execute now (see
    :func:`halflow.library.build_mlir.build_graph`)."""
    return [n for n, a in graph.nodes.items() if "changed" in a]


@dataclass(frozen=True)
class Filtered:
    """What :func:`filtered` kept; ``fresh``: there was no previous build
    (every node was new, so none is marked changed); ``whole``: the graph
    it was kept from (what a summary of the selection counts in)."""

    graph: BuildGraph
    fresh: bool
    whole: BuildGraph | None = None


def filtered(graph: BuildGraph, executables: Sequence[str] = (), changed: bool = False,
             depth: int | None = None) -> Filtered:
    """``halflow graph``'s filters: the nodes of ``executables`` (patterns,
    see :func:`match_executables`) and/or the changed nodes, with their
    neighbours up to ``depth`` edges away (default 1); the whole graph
    without filters."""
    fresh = bool(graph.nodes) and len(changed_nodes(graph)) == len(graph)
    whole = without_changes(graph) if fresh else graph
    if executables or changed:
        seeds = (executable_nodes(graph, match_executables(graph, executables))
                 if executables else list(graph.nodes))
        if changed:
            found = set(changed_nodes(graph))
            seeds = [n for n in seeds if n in found]
        graph = select(graph, seeds, 1 if depth is None else depth)
        return Filtered(without_changes(graph) if fresh else graph, fresh, whole)
    return Filtered(whole, fresh)


# -- the summary --------------------------------------------------------------------------------


@dataclass(frozen=True)
class ExecutableSummary:
    name: str  # "@main$async_dispatch_3"
    exports: int
    sites: int
    targets: tuple[str, ...]  # short target names ("llvm-cpu embedded-elf-x86_64 x86-64-v3")
    functions: tuple[str, ...]  # host functions that dispatch it, graph order
    changed: tuple[str, ...] = ()  # reasons of its changed nodes


@dataclass(frozen=True)
class FunctionSummary:
    name: str  # "@main", "util.initializer#0"
    sites: int
    changed: tuple[str, ...] = ()


@dataclass(frozen=True)
class Summary:
    """One node per executable and per host function with dispatch sites;
    ``edges`` are (function, executable, number of sites)."""

    executables: tuple[ExecutableSummary, ...]
    functions: tuple[FunctionSummary, ...]
    edges: tuple[tuple[str, str, int], ...]
    other_host_ops: int = 0  # host ops without dispatch sites (globals, ...)
    other_changed: tuple[str, ...] = field(default=())


_TARGET = re.compile(r'#hal\.executable\.target<"([^"]*)",\s*"([^"]*)"')
_CPU = re.compile(r'\bcpu = "([^"]*)"')


def target_name(target: str) -> str:
    """``llvm-cpu embedded-elf-x86_64 x86-64-v3`` for an executable target
    attribute's text (backend, format, and cpu when it names one)."""
    m = _TARGET.match(target)
    if m is None:
        return target if len(target) <= 60 else target[:57] + "..."
    cpu = _CPU.search(target, m.end())
    return " ".join([m.group(1), m.group(2), *([cpu.group(1)] if cpu else [])])


def summarize(graph: BuildGraph, whole: BuildGraph | None = None) -> Summary:
    """The summary of ``graph`` (a whole graph or a :func:`select`ion).
    ``whole``: the graph a selection was taken from; then every count (an
    executable's sites and exports, its host functions' clusters) is the
    whole graph's, for the executables and host functions the selection
    holds: a changed executable keeps its sites when its neighbourhood
    leaves them out."""
    if whole is not None and whole is not graph:
        return _restricted(summarize(whole), graph)
    names = executables(graph)
    known = set(names)
    exports: dict[str, int] = dict.fromkeys(names, 0)
    reasons: dict[str, list[str]] = {}
    fn_reasons: dict[str, list[str]] = {}
    owners: dict[str, str] = {}  # dispatch node -> host op
    targets_of: dict[str, list[str]] = {}
    host_ops: list[str] = []
    for node, attrs in graph.nodes.items():
        kind = _kind(node)
        ex = executable_of(node, known) if kind in (*EXECUTABLE_KINDS, *EXPORT_KINDS) else None
        fn = function_of(node)
        if kind == "export" and ex in exports:
            exports[ex] += 1
        if kind == "targets" and ex is not None:
            targets_of[ex] = attrs.get("targets", [])
        if kind == "dispatch" and fn is not None:
            owners[node] = fn
        if kind == "print" and fn is not None:
            host_ops.append(fn)
        reason = attrs.get("changed")
        if reason is None:
            continue
        if ex is not None:
            reasons.setdefault(ex, []).append(f"{node}: {reason}")
        elif fn is not None:
            fn_reasons.setdefault(fn, []).append(f"{node}: {reason}")
        else:
            fn_reasons.setdefault("", []).append(f"{node}: {reason}")
    # An executable's sites are the dispatch sites its target set reads.
    sites: dict[str, list[str]] = {n: [] for n in names}
    for src, dst in graph.edges:
        if _kind(dst) == "targets" and src in owners:
            ex = executable_of(dst, known)
            if ex in sites:
                sites[ex].append(src)
    # Sites whose executable's nodes were filtered out still count for it.
    for src, dst in graph.edges:
        if src in owners and _kind(dst) == "layout":
            ex = executable_of(dst, known)
            if ex is not None and ex in known and src not in sites[ex]:
                sites[ex].append(src)
    fn_sites: dict[str, int] = {}
    for fn in owners.values():
        fn_sites[fn] = fn_sites.get(fn, 0) + 1
    functions = [fn for fn in dict.fromkeys([*host_ops, *owners.values()]) if fn in fn_sites]
    edges: dict[tuple[str, str], int] = {}
    summaries = []
    for ex in names:
        by_fn: dict[str, int] = {}
        for site in sites[ex]:
            by_fn[owners[site]] = by_fn.get(owners[site], 0) + 1
        for fn, count in by_fn.items():
            edges[(fn, ex)] = count
        targets = targets_of.get(ex, [])
        summaries.append(ExecutableSummary(
            ex, exports[ex], len(sites[ex]), tuple(target_name(t) for t in targets),
            tuple(fn for fn in functions if fn in by_fn), tuple(reasons.get(ex, ())),
        ))
    return Summary(
        tuple(summaries),
        tuple(FunctionSummary(fn, fn_sites[fn], tuple(fn_reasons.get(fn, ())))
              for fn in functions),
        tuple((fn, ex, n) for (fn, ex), n in edges.items()),
        other_host_ops=sum(1 for fn in dict.fromkeys(host_ops) if fn not in fn_sites),
        other_changed=tuple(
            r for fn, rs in fn_reasons.items() if fn not in fn_sites for r in rs
        ),
    )


def _restricted(summary: Summary, selection: BuildGraph) -> Summary:
    """``summary`` (of a whole graph) cut down to the executables and host
    functions that ``selection`` holds nodes of."""
    kept = set(executables(selection))
    functions = {function_of(n) for n in selection.nodes} - {None}
    return Summary(
        tuple(e for e in summary.executables if e.name in kept),
        tuple(f for f in summary.functions if f.name in functions),
        tuple(e for e in summary.edges if e[0] in functions and e[1] in kept),
        other_host_ops=summary.other_host_ops,
        other_changed=summary.other_changed,
    )


# -- writing ------------------------------------------------------------------------------------

# Node kinds, styled apart (full view): host side blue, the executable's
# facts yellow, planning green (targets, variants) and teal (layout,
# interface), conversion orange, assembly grey.
_STYLE = {
    "devices": 'shape=cylinder, style=filled, fillcolor="#c9daf8"',
    "host": 'shape=box, style="rounded,filled", fillcolor="#cfe2f3"',
    "dispatch": 'shape=ellipse, style=filled, fillcolor="#deebf7"',
    "annotate": 'shape=ellipse, style=filled, fillcolor="#9ecae1"',
    "print": 'shape=box, style=filled, fillcolor="#6fa8dc"',
    "executable": 'shape=note, style=filled, fillcolor="#fff2cc"',
    "export": 'shape=note, style=filled, fillcolor="#ffe599"',
    "targets": 'shape=box, style="rounded,filled", fillcolor="#d9ead3"',
    "variants": 'shape=box, style="rounded,filled", fillcolor="#b6d7a8"',
    "layout": 'shape=box, style="rounded,filled", fillcolor="#d0e0e3"',
    "interface": 'shape=box, style="rounded,filled", fillcolor="#a2c4c9"',
    "convert": 'shape=box3d, style=filled, fillcolor="#f9cb9c"',
    "shell": 'shape=box, style=filled, fillcolor="#eeeeee"',
    "module": 'shape=doubleoctagon, style=filled, fillcolor="#cccccc"',
}
_CHANGED = 'color="#d62728", penwidth=3, fontcolor="#d62728"'
_LABEL_CHARS = 20  # of an executable's name in the summary (the tooltip has it all)


def dot_id(text: str) -> str:
    """``text`` as a quoted DOT identifier."""
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return '"' + escaped + '"'


def _attrs(**values: object) -> str:
    return ", ".join(f"{k}={dot_id(str(v))}" for k, v in values.items())


def _tooltip(reasons: Sequence[str]) -> str:
    shown = list(reasons[:12]) + ([f"... {len(reasons) - 12} more"] if len(reasons) > 12 else [])
    return "changed since the last build:\n" + "\n".join(shown)


def _legend(graph: BuildGraph, title: str) -> str:
    """The title and a key of the node kinds present (and of changed
    nodes), as a Graphviz HTML label."""
    import html

    kinds = dict.fromkeys(_kind(n) for n in graph.nodes)
    cells = []
    for kind in kinds:
        fill = re.search(r'fillcolor="([^"]+)"', _STYLE.get(kind, ""))
        if fill:
            cells.append(f'<td bgcolor="{fill.group(1)}">{html.escape(kind)}</td>')
    if any("changed" in a for a in graph.nodes.values()):
        cells.append('<td border="3" color="#d62728"><font color="#d62728">changed</font></td>')
    head = f'<tr><td colspan="{max(len(cells), 1)}">{html.escape(title)}</td></tr>' if title else ""
    row = f"<tr>{''.join(cells)}</tr>" if cells else ""
    return f'<<table border="0" cellspacing="3">{head}{row}</table>>'


def nodes_to_dot(graph: BuildGraph, title: str = "") -> str:
    """The node-level view as DOT: every node (kind styled, changed ones
    red, with the reason as tooltip) and every dependency edge."""
    lines = [
        "digraph halflow {",
        "  rankdir=LR;",
        f"  graph [label={_legend(graph, title)}, labelloc=t, fontname=Helvetica];",
        "  node [shape=box, fontsize=10, fontname=Helvetica];",
    ]
    for node, attrs in graph.nodes.items():
        parts = [_attrs(label=node, stage=attrs["stage"])]
        style = _STYLE.get(_kind(node))
        if style:
            parts.append(style)
        if "changed" in attrs:
            parts.append(_CHANGED)
            parts.append(_attrs(tooltip=_tooltip([attrs["changed"]])))
        lines.append(f"  {dot_id(node)} [{', '.join(parts)}];")
    for src, dst in graph.edges:
        lines.append(f"  {dot_id(src)} -> {dot_id(dst)};")
    lines.append("}")
    return "\n".join(lines) + "\n"


def _common_prefix(names: Sequence[str]) -> str:
    """The prefix of ``names`` up to its last ``_``/``$`` (what a label can
    leave out inside a cluster that names it)."""
    if len(names) < 2:
        return ""
    prefix = names[0]
    for n in names[1:]:
        while not n.startswith(prefix):
            prefix = prefix[:-1]
    cut = max(prefix.rfind("_"), prefix.rfind("$"))
    return prefix[: cut + 1] if cut > 1 else ""


def _heat(sites: int, most: int) -> int:
    """A fill colour (1..7 of Graphviz's ``blues9``) for a site count."""
    if most <= 1:
        return 2
    return 1 + round(6 * math.log1p(sites) / math.log1p(most))


def summary_to_dot(summary: Summary, title: str = "") -> str:
    """The summary as DOT (see the module docstring for its layout)."""
    lines = [
        "digraph halflow {",
        "  rankdir=LR; compound=true; newrank=true; nodesep=0.08; ranksep=0.25;",
        f"  graph [{_attrs(label=title, labelloc='t', fontname='Helvetica', fontsize=16)}];",
        '  node [fontname=Helvetica, fontsize=9, margin="0.04,0.02", height=0.3];',
        "  edge [fontname=Helvetica, fontsize=9];",
    ]
    most = max((e.sites for e in summary.executables), default=1)
    # Clusters: target set, then the host functions that dispatch.
    clusters: dict[tuple[str, ...], dict[tuple[str, ...], list[ExecutableSummary]]] = {}
    for e in summary.executables:
        # One cluster per host function of its own executables, one for the
        # executables several functions share.
        key = e.functions if len(e.functions) < 2 else ("",)
        clusters.setdefault(e.targets, {}).setdefault(key, []).append(e)
    total = len(summary.executables)
    # Columns per row for a roughly square picture (nodes are ~2.5x wider
    # than tall).
    columns = max(4, round(math.sqrt(total / 2.5)))
    if summary.functions:
        lines.append('  subgraph cluster_host {')
        lines.append(f"    graph [{_attrs(label='host functions', style='dashed')}];")
        for f in summary.functions:
            parts = [_STYLE["host"], _attrs(
                label=f"{f.name}\n{plural(f.sites, 'dispatch site')}",
                kind="function", sites=f.sites)]
            if f.changed:
                parts += [_CHANGED, _attrs(tooltip=_tooltip(f.changed))]
            lines.append(f"    {dot_id('function:' + f.name)} [{', '.join(parts)}];")
        lines.append("  }")
    edges: list[str] = []
    site_counts = {(fn, ex): n for fn, ex, n in summary.edges}
    for t, (targets, groups) in enumerate(clusters.items()):
        label = " + ".join(targets) if targets else "no executable targets"
        lines.append(f"  subgraph cluster_t{t} {{")
        lines.append(f"    graph [{_attrs(label=label, style='rounded', color='#888888')}];")
        for g, (functions, members) in enumerate(groups.items()):
            cid = f"cluster_t{t}_g{g}"
            shared = functions == ("",)
            if shared:
                functions = tuple(dict.fromkeys(f for m in members for f in m.functions))
            prefix = _common_prefix([m.name for m in members])
            # Short lines: a cluster wider than its grid widens every column.
            glabel = ("shared by several host functions" if shared
                      else functions[0] if functions else "no dispatch sites")
            glabel += "\n" + plural(len(members), "executable")
            glabel += f" {prefix}…" if prefix else ""
            lines.append(f"    subgraph {cid} {{")
            lines.append(f"      graph [{_attrs(label=glabel, style='dashed', color='#aaaaaa')}];")
            for m in members:
                short = m.name if not prefix else "…" + m.name[len(prefix):]
                if len(short) > _LABEL_CHARS:  # a wide node widens its whole column
                    short = "…" + short[-(_LABEL_CHARS - 1):]
                detail = plural(m.sites, "site")
                if shared:
                    detail += f", {len(m.functions)} functions"
                if m.exports != 1:
                    detail = f"{plural(m.exports, 'export')}, " + detail
                # One tooltip: the full name, and why it changed.
                tooltip = m.name + ("\n" + _tooltip(m.changed) if m.changed else "")
                parts = [
                    "shape=box", 'style="filled"', "colorscheme=blues9",
                    f"fillcolor={_heat(m.sites, most)}",
                    _attrs(label=f"{short}\n{detail}", tooltip=tooltip, kind="executable",
                           exports=m.exports, sites=m.sites),
                ]
                if m.changed:
                    parts.append(_CHANGED)  # its red text, not white on dark blue
                elif _heat(m.sites, most) >= 6:
                    parts.append("fontcolor=white")
                lines.append(f"      {dot_id('executable:' + m.name)} [{', '.join(parts)}];")
            # The grid: rows of `columns` executables joined left to right,
            # their first ones in one column.
            heads = []
            for row in range(0, len(members), columns):
                chain = [dot_id("executable:" + m.name) for m in members[row : row + columns]]
                heads.append(chain[0])
                if len(chain) > 1:
                    lines.append(f"      {' -> '.join(chain)} [style=invis];")
            if len(heads) > 1:
                lines.append(f"      {{rank=same; {'; '.join(heads)};}}")
            lines.append("    }")
            head = dot_id("executable:" + members[0].name)
            for fn in functions:
                n = sum(site_counts.get((fn, m.name), 0) for m in members)
                edges.append(
                    f"  {dot_id('function:' + fn)} -> {head} "
                    f"[{_attrs(lhead=cid, xlabel=plural(n, 'site'))}];"
                )
        lines.append("  }")
    lines += edges
    lines.append("}")
    return "\n".join(lines) + "\n"


def summary_to_json(summary: Summary) -> str:
    data: dict[str, Any] = {
        "view": "summary",
        "functions": [
            {"name": f.name, "sites": f.sites,
             **({"changed": list(f.changed)} if f.changed else {})}
            for f in summary.functions
        ],
        "executables": [
            {"name": e.name, "exports": e.exports, "sites": e.sites, "targets": list(e.targets),
             "functions": list(e.functions), **({"changed": list(e.changed)} if e.changed else {})}
            for e in summary.executables
        ],
        "edges": [{"function": f, "executable": e, "sites": n} for f, e, n in summary.edges],
        "other_host_ops": summary.other_host_ops,
    }
    if summary.other_changed:
        data["other_changed"] = list(summary.other_changed)
    return json.dumps(data, indent=1) + "\n"


def summary_title(name: str, summary: Summary, changed: bool = False) -> str:
    sites = sum(f.sites for f in summary.functions)
    title = (f"{name}: {plural(len(summary.executables), 'executable')}, "
             f"{plural(len(summary.functions), 'host function')}, "
             f"{plural(sites, 'dispatch site')}")
    return title + (" (changed since the last build)" if changed else "")


def svg_too_large(view: View, graph: BuildGraph) -> str | None:
    """Why Graphviz should not lay ``graph`` out in ``view`` (auto
    resolved), or None: a node view of more than :data:`SVG_NODE_LIMIT`
    nodes, with what to draw instead."""
    if choose_view(view, graph) != View.NODES or len(graph) <= SVG_NODE_LIMIT:
        return None
    return (f"--format svg of {len(graph):,} nodes: too many for Graphviz to lay out in "
            f"reasonable time (1,827 nodes took 50 s here; the limit is {SVG_NODE_LIMIT:,}); draw "
            "--view summary, narrow it with --executable or --changed, or write "
            "--format dot and run dot yourself")


def choose_view(view: View, graph: BuildGraph) -> View:
    """``auto``: the summary for graphs of more than
    :data:`SUMMARY_THRESHOLD` nodes, else the nodes."""
    if view != View.AUTO:
        return view
    return View.SUMMARY if len(graph) > SUMMARY_THRESHOLD else View.NODES


def render(graph: BuildGraph, view: View, fmt: str, name: str = "",
           changed: bool = False, whole: BuildGraph | None = None) -> str:
    """``graph`` in ``view`` (auto resolved) as ``fmt`` (``dot`` or
    ``json``); ``name`` titles the picture; ``whole``: the graph a
    selection was taken from (see :func:`summarize`)."""
    from halflow.graph import to_json

    chosen = choose_view(view, graph)
    if chosen == View.NODES:
        if fmt == "json":
            return to_json(graph)
        title = f"{name}: {len(graph)} nodes" + (
            " (changed since the last build)" if changed else "")
        return nodes_to_dot(graph, title if name else "")
    summary = summarize(graph, whole)
    if fmt == "json":
        return summary_to_json(summary)
    return summary_to_dot(summary, summary_title(name, summary, changed) if name else "")
