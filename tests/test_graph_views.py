"""``halflow graph``'s views: the summary of a large module, the filters
(``--executable``, ``--changed``, ``--depth``), node kinds styled apart, and
SVG through the real Graphviz ``dot``.

The summary is checked against the module's own text (executables, their
exports and dispatch sites, the host functions that dispatch them) and
against the node graph; ``--changed`` against what the next real build
executes (its ``--report``).
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from support.engine import Module, body_edit, corpus_file, run_halflow, subprocess_env


def ok(proc: subprocess.CompletedProcess[bytes]) -> str:
    assert proc.returncode == 0, proc.stderr.decode(errors="replace")
    return proc.stdout.decode()


def graph_json(src: Path, cache: Path, *extra: str) -> dict:
    return json.loads(ok(run_halflow("graph", src, "--format", "json", "--cache-dir", cache,
                                     *extra)))


def expected_summary(src: Path) -> tuple[dict[str, int], Counter[str], Counter[tuple[str, str]]]:
    """From the text: exports per executable, sites per executable, sites
    per (host op, executable)."""
    module = Module.parse(src.read_text())
    exports = {
        "@" + name: sum(line.lstrip().startswith("stream.executable.export")
                        for line in module.op(name).lines)
        for name in module.executables()
    }
    per_exec: Counter[str] = Counter()
    per_edge: Counter[tuple[str, str]] = Counter()
    for site in module.sites():
        for ex in dict.fromkeys(ref[0] for ref in site.refs):
            per_exec["@" + ex] += 1
            per_edge[(site.owner, "@" + ex)] += 1
    return exports, per_exec, per_edge


def test_summary_is_the_default_for_a_large_module(tmp_path: Path) -> None:
    src = corpus_file("openelm_l16.mlir")
    data = graph_json(src, tmp_path / "cache")
    assert data["view"] == "summary"
    exports, per_exec, per_edge = expected_summary(src)
    got = {e["name"]: e for e in data["executables"]}
    assert set(got) == set(exports)
    for name, e in got.items():
        assert e["exports"] == exports[name], name
        assert e["sites"] == per_exec[name], name
        assert e["targets"] == ["llvm-cpu embedded-elf-x86_64 x86-64-v3"], name
    edges = {(x["function"], x["executable"]): x["sites"] for x in data["edges"]}
    assert edges == dict(per_edge)
    functions = {f["name"]: f["sites"] for f in data["functions"]}
    assert functions == dict(Counter(s.owner for s in Module.parse(src.read_text()).sites()))
    # The node view of the same build is the full graph.
    nodes = graph_json(src, tmp_path / "cache", "--view", "nodes")
    assert "view" not in nodes and len(nodes["nodes"]) > 1000


def test_summary_clusters_by_target(tmp_path: Path) -> None:
    """Two executable targets on one device: every executable needs both,
    and the cluster is named by both."""
    src = corpus_file("gpt2_l12_x86_arm.mlir")
    data = graph_json(src, tmp_path / "cache", "--view", "summary")
    targets = {tuple(e["targets"]) for e in data["executables"]}
    assert targets == {("llvm-cpu embedded-elf-x86_64 x86-64-v3",
                        "llvm-cpu embedded-elf-arm_64 neoverse-v1")}
    dot = ok(run_halflow("graph", src, "--view", "summary", "--cache-dir", tmp_path / "cache"))
    assert ('label="llvm-cpu embedded-elf-x86_64 x86-64-v3 + llvm-cpu embedded-elf-arm_64 '
            'neoverse-v1"') in dot


@pytest.mark.parametrize("name", ["llama_serving.mlir", "openelm_l16.mlir"])
def test_summary_renders_as_svg_with_real_dot(name: str, tmp_path: Path, graphviz: str) -> None:
    """Graphviz lays the summary out: one node per executable and host
    function (titles are the node ids), one cluster per host function's
    executables."""
    src = corpus_file(name)
    out = tmp_path / "g.svg"
    ok(run_halflow("graph", src, "--format", "svg", "-o", out, "--cache-dir", tmp_path / "c"))
    svg = out.read_text()
    assert svg.lstrip().startswith("<?xml") and svg.rstrip().endswith("</svg>")
    titles = re.findall(r'<g id="node\d+" class="node">\s*<title>([^<]*)</title>', svg)
    module = Module.parse(src.read_text())
    execs = {"executable:@" + n for n in module.executables()}
    assert {t for t in titles if t.startswith("executable:")} == execs
    owners = {s.owner for s in module.sites()}
    assert {t for t in titles if t.startswith("function:")} == {"function:" + o for o in owners}
    clusters = re.findall(r'<g id="clust\d+" class="cluster">', svg)
    assert len(clusters) >= len(owners) + 2  # host functions, target, one per function


def test_node_kinds_are_styled_apart(tmp_path: Path) -> None:
    src = corpus_file("mlp_s.mlir")
    dot = ok(run_halflow("graph", src, "--cache-dir", tmp_path / "c"))
    styles: dict[str, set[str]] = {}
    for _node, attrs in re.findall(r'^\s*"([^"]+)" \[(.*)\];$', dot, re.M):
        stage = re.search(r'stage="([^"]+)"', attrs).group(1)  # type: ignore[union-attr]
        look = re.sub(r'(label|stage|tooltip)="[^"]*"', "", attrs)
        styles.setdefault(stage, set()).add(look)
    assert all(len(v) == 1 for v in styles.values()), styles
    looks = {stage: next(iter(v)) for stage, v in styles.items()}
    assert len(set(looks.values())) == len(looks), looks  # every kind its own look
    assert looks["executable"] != looks["dispatch_site"] != looks["convert"]
    # A cold cache: nothing is marked changed (every node is new).
    assert "#d62728" not in dot
    # The key names every kind with its colour.
    key = re.findall(r'<td bgcolor="([^"]+)">(\w+)</td>', dot)
    fills = {stage: re.search(r'fillcolor="([^"]+)"', look).group(1)  # type: ignore[union-attr]
             for stage, look in looks.items()}
    assert len(key) == len(looks) and len({c for c, _ in key}) == len(key)
    assert set(c for c, _ in key) == set(fills.values())


def test_executable_filter_and_depth(tmp_path: Path) -> None:
    src = corpus_file("mlp_s.mlir")
    cache = tmp_path / "c"
    full = graph_json(src, cache, "--view", "nodes")
    ex = "main$async_dispatch_3"
    own = {n["id"] for n in full["nodes"] if re.fullmatch(
        rf"(executable|targets|variants|convert):@{re.escape(ex)}"
        rf"|(export|layout|interface):@{re.escape(ex)}::@.*", n["id"])}
    only = graph_json(src, cache, "--executable", ex, "--depth", "0")
    assert {n["id"] for n in only["nodes"]} == own
    assert all(e["source"] in own and e["target"] in own for e in only["edges"])
    near = graph_json(src, cache, "--executable", "@" + ex)
    neighbours = own | {e["source"] for e in full["edges"] if e["target"] in own} | {
        e["target"] for e in full["edges"] if e["source"] in own}
    assert {n["id"] for n in near["nodes"]} == neighbours
    # Shell patterns, repeated options.
    two = graph_json(src, cache, "--executable", "main$async_dispatch_[03]", "--depth", "0")
    assert {n["id"] for n in two["nodes"]} >= own | {"executable:@main$async_dispatch_0"}


def test_filter_usage_errors(tmp_path: Path) -> None:
    src = corpus_file("mlp_s.mlir")
    bad = run_halflow("graph", src, "--executable", "main$async_dispatch_33",
                      "--cache-dir", tmp_path / "c")
    err = bad.stderr.decode()
    assert bad.returncode == 2 and "Traceback" not in err
    assert "Usage:" in err and "no executable @main$async_dispatch_33" in err
    assert "did you mean @main$async_dispatch_3" in err
    depth = run_halflow("graph", src, "--depth", "2", "--cache-dir", tmp_path / "c")
    assert depth.returncode == 2 and "--depth needs --executable or --changed" in (
        depth.stderr.decode())


def test_changed_is_what_the_next_build_executes(tmp_path: Path) -> None:
    """After a build and an edit of one executable, ``--changed`` shows the
    nodes the next build executes (its report says which), and drawing the
    graph does not count as a build."""
    src = tmp_path / "m.mlir"
    shutil.copy(corpus_file("mlp_s.mlir"), src)
    cache = tmp_path / "c"
    ok(run_halflow("build", src, "-o", tmp_path / "out.mlir", "--cache-dir", cache))
    none = run_halflow("graph", src, "--changed", "--format", "json", "--cache-dir", cache)
    assert json.loads(ok(none))["nodes"] == []
    assert "halflow: no changes since the last build" in none.stderr.decode()
    src.write_text(body_edit(src.read_text(), "main$async_dispatch_3"))
    args = ("graph", src, "--changed", "--depth", "0", "--format", "json", "--cache-dir", cache)
    first = json.loads(ok(run_halflow(*args)))
    again = json.loads(ok(run_halflow(*args)))
    assert first == again
    changed = {n["id"]: n["changed"] for n in first["nodes"]}
    ok(run_halflow("build", src, "-o", tmp_path / "out.mlir", "--cache-dir", cache,
                   "--report", tmp_path / "r.json"))
    report = json.loads((tmp_path / "r.json").read_text())
    assert changed == {r["node"]: r["reason"] for r in report["executed"]}
    assert "executable:@main$async_dispatch_3" in changed


def test_changed_summary_marks_the_edited_executable(tmp_path: Path) -> None:
    src = tmp_path / "m.mlir"
    shutil.copy(corpus_file("openelm_l16.mlir"), src)
    cache = tmp_path / "c"
    ok(run_halflow("build", src, "-o", tmp_path / "out.mlir", "--cache-dir", cache))
    name = Module.parse(src.read_text()).executables()[40]
    src.write_text(body_edit(src.read_text(), name))
    data = graph_json(src, cache)  # whole graph, summary (auto), changes marked
    marked = [e["name"] for e in data["executables"] if "changed" in e]
    assert marked == ["@" + name]
    dot = ok(run_halflow("graph", src, "--cache-dir", cache))
    red = re.findall(r'^\s*"([^"]+)" \[[^\n]*color="#d62728"', dot, re.M)
    assert red == ["executable:@" + name]


def test_svg_without_graphviz_is_a_clear_error(tmp_path: Path) -> None:
    """No ``dot`` on PATH: exit 1, a message that says what to install, no
    output file; DOT still works."""
    src = corpus_file("mlp_s.mlir")
    env = subprocess_env(PATH=str(tmp_path / "empty-bin"))
    out = tmp_path / "g.svg"
    run = subprocess.run(
        [sys.executable, "-m", "halflow", "graph", str(src), "--format", "svg", "-o", str(out),
         "--cache-dir", str(tmp_path / "c")], env=env, capture_output=True, check=False)
    err = run.stderr.decode()
    assert run.returncode == 1, err
    assert "needs Graphviz's 'dot' on PATH" in err and "apt-get install graphviz" in err
    assert "Traceback" not in err and not out.exists()
    dot = subprocess.run(
        [sys.executable, "-m", "halflow", "graph", str(src), "--cache-dir", str(tmp_path / "c")],
        env=env, capture_output=True, check=False)
    assert dot.returncode == 0 and dot.stdout.startswith(b"digraph")


def test_graph_and_build_report_bad_inputs_alike(tmp_path: Path) -> None:
    for bad in (tmp_path, tmp_path / "missing.mlir"):
        build = run_halflow("build", bad, cwd=tmp_path)
        graph = run_halflow("graph", bad, cwd=tmp_path)
        assert (build.returncode, build.stderr) == (graph.returncode, graph.stderr) == (
            1, build.stderr), (build.stderr, graph.stderr)
        assert b"error: cannot open input file" in build.stderr


def test_graph_of_the_bundled_example(tmp_path: Path) -> None:
    env = subprocess_env(XDG_CACHE_HOME=str(tmp_path))
    run = subprocess.run([sys.executable, "-m", "halflow", "graph", "--format", "json"],
                         env=env, capture_output=True, check=False)
    assert run.returncode == 0, run.stderr
    assert any(n["id"] == "module" for n in json.loads(run.stdout)["nodes"])


def test_changed_on_a_large_module_keeps_the_executable_as_it_is(tmp_path: Path) -> None:
    """`graph --changed` in the summary view (what `auto` picks when the
    neighbourhood of a change passes 300 nodes, as on openelm_serving): the
    edited executable is drawn with its real sites, in the cluster of the
    host function that dispatches it, with one tooltip (its name and why it
    changed)."""
    src = tmp_path / "m.mlir"
    shutil.copy(corpus_file("openelm_l16.mlir"), src)
    cache = tmp_path / "c"
    ok(run_halflow("build", src, "-o", tmp_path / "out.mlir", "--cache-dir", cache))
    whole = {e["name"]: e for e in graph_json(src, cache, "--view", "summary")["executables"]}
    name = Module.parse(src.read_text()).executables()[40]
    src.write_text(body_edit(src.read_text(), name))
    data = graph_json(src, cache, "--changed", "--view", "summary")
    (shown,) = [e for e in data["executables"] if "changed" in e]
    assert shown["name"] == "@" + name
    assert shown["sites"] == whole["@" + name]["sites"] > 0
    assert shown["functions"] == whole["@" + name]["functions"] != []
    dot = ok(run_halflow("graph", src, "--changed", "--view", "summary", "--cache-dir", cache))
    (line,) = [s for s in dot.splitlines() if s.lstrip().startswith(f'"executable:@{name}"')]
    assert line.count("tooltip=") == 1 and line.count("fontcolor=") == 1, line
    assert f'tooltip="@{name}\\nchanged since the last build:' in line, line
    assert "no dispatch sites" not in dot and " 0 sites" not in dot


def test_svg_of_too_many_nodes_is_refused(tmp_path: Path) -> None:
    """The node view of 1,827 nodes took Graphviz 50 s: beyond the limit,
    a diagnostic that says what to draw instead, and no file; the summary
    and DOT of the same graph are fine."""
    src = corpus_file("openelm_l16.mlir")
    out = tmp_path / "g.svg"
    run = run_halflow("graph", src, "--view", "nodes", "--format", "svg", "-o", out,
                      "--cache-dir", tmp_path / "c")
    err = run.stderr.decode()
    assert run.returncode == 1 and "Traceback" not in err, err
    assert err.startswith("halflow:0:0: error: --format svg of 1,830 nodes: too many"), err
    assert "--view summary" in err and not out.exists()
    dot = ok(run_halflow("graph", src, "--view", "nodes", "--cache-dir", tmp_path / "c"))
    assert dot.startswith("digraph")
