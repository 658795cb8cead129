"""Edits of host code cost what they touch: the host analysed op by op.

Salsa-style, as tests/test_engine_minimal.py: each test asserts the exact
executed node ids of a rebuild of a real serving module
(``llama_serving.mlir``: an initializer and 24 prefill buckets, each a
``@prefill_*$async`` function and its wrapper), and that the output equals
a clean build's and ``iree-opt --iree-hal-materialize-interfaces``'s byte
for byte. Each top-level host op has its own analysis node
(``host:@f``, ``host:util.initializer#0``) keyed on its text and the
devices; executables are keyed on their own sites' values, so an edit
inside one function runs that function's nodes and, only where a site's
value changed, the stages that read it.
"""

from __future__ import annotations

import re
from pathlib import Path

from support.engine import (
    Module,
    Site,
    corpus_text,
    duplicate_site,
    edit_host_constant,
    executed,
    lib_build,
    move_execute_to_new_device,
    remove_site,
    set_access,
)
from test_engine_minimal import assert_correct, same_nodes

from halflow import graph

NAME = "llama_serving.mlir"
BUCKET = "prefill_bs1_s16"  # a bucket of the corpus file (its $async function dispatches)
COPY = "prefill_copy"

_INDEX_CONST = re.compile(r"^(\s*%[\w$.\-]+ = arith\.constant )(\d+)( : index)\s*$")


def built(tmp_path: Path, text: str) -> Path:
    """``text`` at a path of ``tmp_path``, built once (state in ``tmp_path/cache``)."""
    path = tmp_path / NAME
    path.write_text(text)
    first = lib_build(path, cache_dir=tmp_path / "cache")
    assert first.report["mode"] == "whole"
    return path


def rebuild(path: Path, text: str) -> object:
    path.write_text(text)
    result = lib_build(path, cache_dir=path.parent / "cache")
    assert result.report["mode"] == "incremental", result.report.get("fallback")
    return result


def with_bucket_copy(text: str, bucket: str = BUCKET, name: str = COPY) -> str:
    """A new shape bucket: copies of ``@{bucket}$async`` and its wrapper
    ``@{bucket}`` named ``@{name}$async``/``@{name}``, at the end of the
    module, dispatching to the executables the original does."""
    module = Module.parse(text)
    copies = []
    for symbol in (bucket + "$async", bucket):
        body = module.op(symbol).text
        body = body.replace(f"@{bucket}$async(", f"@{name}$async(")
        body = body.replace(f"@{bucket}(", f"@{name}(")
        copies.append(body)
    lines = text.split("\n")
    close = max(i for i, line in enumerate(lines) if line == "}")
    return "\n".join([*lines[:close], *copies, *lines[close:]])


def bump_index_constant(text: str, owner: str) -> str:
    """Change one ``arith.constant N : index`` of host op ``owner`` (no
    dispatch's facts change: they hold no operand values)."""
    module = Module.parse(text)
    op = dict(module.owners())[owner]
    i = next(k for k, line in enumerate(op.lines) if _INDEX_CONST.match(line))
    m = _INDEX_CONST.match(op.lines[i])
    assert m
    op.lines[i] = m.group(1) + str(int(m.group(2)) + 1000) + m.group(3)
    return module.render()


def single_export_site(module: Module, owner: str, *, shared: bool) -> Site:
    """A site of ``owner`` with one entry point whose export is dispatched
    by that site only (``shared=False``), or by other sites too."""
    sites = module.sites()
    count = {}
    for s in sites:
        count[tuple(s.refs)] = count.get(tuple(s.refs), 0) + 1
    return next(s for s in sites if s.owner == owner and len(s.refs) == 1
                and (count[tuple(s.refs)] > 1) == shared and "ro" in s.accesses())


# -- constants ----------------------------------------------------------------------------


def test_a_constant_in_the_initializer(tmp_path: Path) -> None:
    text = corpus_text(NAME)
    path = built(tmp_path, text)
    edited = edit_host_constant(text)
    changed = [o for o, op in Module.parse(edited).owners()
               if op.text != dict(Module.parse(text).owners())[o].text]
    assert changed == ["util.initializer#0"]
    result = rebuild(path, edited)
    same_nodes(executed(result),
               ["host:util.initializer#0", "print:util.initializer#0", "module"])
    assert_correct(path, result.text)


def test_a_constant_in_one_bucket_function(tmp_path: Path) -> None:
    text = corpus_text(NAME)
    path = built(tmp_path, text)
    owner = f"@{BUCKET}$async"
    assert Module.parse(text).sites()  # the module dispatches from many functions
    result = rebuild(path, bump_index_constant(text, owner))
    same_nodes(executed(result), [f"host:{owner}", f"print:{owner}", "module"])
    assert_correct(path, result.text)


# -- buckets and sites ----------------------------------------------------------------------


def test_a_new_bucket(tmp_path: Path) -> None:
    """A new public function dispatching to existing executables (and its
    wrapper): its own nodes, and the targets and layouts that read one more
    site each (whose values do not change: nothing after them runs)."""
    text = corpus_text(NAME)
    path = built(tmp_path, text)
    edited = with_bucket_copy(text)
    sites = [s for s in Module.parse(edited).sites() if s.owner == f"@{COPY}$async"]
    assert len(sites) > 20
    result = rebuild(path, edited)
    same_nodes(executed(result), [
        f"host:@{COPY}$async", f"host:@{COPY}",
        *[s.node for s in sites], *[graph.annotate(s.node) for s in sites],
        *sorted({graph.targets(ex) for s in sites for ex, _ in s.refs}),
        *sorted({graph.layout(ex, e) for s in sites for ex, e in s.refs}),
        f"print:@{COPY}$async", f"print:@{COPY}", "module",
    ])
    assert_correct(path, result.text)


def test_a_dispatch_moved_between_functions(tmp_path: Path) -> None:
    """A dispatch leaves one bucket and joins its copy (where its twin
    is): the two functions' nodes and the new site's, nothing of the
    executable (its sites' values are the same list as before)."""
    base = with_bucket_copy(corpus_text(NAME))
    path = built(tmp_path, base)
    module = Module.parse(base)
    site = single_export_site(module, f"@{BUCKET}$async", shared=True)
    twin = next(s for s in module.sites()
                if s.owner == f"@{COPY}$async" and s.node.split("/", 1)[1]
                == site.node.split("/", 1)[1])
    edited = duplicate_site(remove_site(base, site.node), twin.node)
    before = {s.node for s in module.sites()}
    (new,) = {s.node for s in Module.parse(edited).sites()} - before
    assert graph.function_of(new) == f"@{COPY}$async"
    result = rebuild(path, edited)
    same_nodes(executed(result), [
        f"host:@{BUCKET}$async", f"host:@{COPY}$async", new, graph.annotate(new),
        f"print:@{BUCKET}$async", f"print:@{COPY}$async", "module",
    ])
    assert_correct(path, result.text)


def test_an_edit_that_changes_an_export_layout(tmp_path: Path) -> None:
    """ro -> rw at the only site of an export: its layout, interface and
    its executable's conversion run, with that function's analysis, the
    site and the function's print. No other function runs anything: a
    dispatch's annotation reads its executable's variants, not layouts."""
    text = corpus_text(NAME)
    path = built(tmp_path, text)
    owner = f"@{BUCKET}$async"
    site = single_export_site(Module.parse(text), owner, shared=False)
    (ex, entry) = site.refs[0]
    others = {s.owner for s in Module.parse(text).sites_of(ex)} - {owner}
    result = rebuild(path, set_access(text, site.node, site.accesses().index("ro"), "rw"))
    same_nodes(executed(result), [
        f"host:{owner}", site.node, graph.layout(ex, entry), graph.interface(ex, entry),
        graph.convert(ex), f"print:{owner}", "module",
    ])
    assert not others & {graph.function_of(n) for n in executed(result)}
    assert_correct(path, result.text)


def test_a_layout_change_in_two_functions(tmp_path: Path) -> None:
    """The same export dispatched from a bucket and its copy, ro -> rw in
    both: one layout change, both functions' analyses and prints."""
    base = with_bucket_copy(corpus_text(NAME))
    path = built(tmp_path, base)
    module = Module.parse(base)
    site = next(s for s in module.sites() if s.owner == f"@{BUCKET}$async"
                and len(s.refs) == 1 and "ro" in s.accesses()
                and len(module.sites_of(s.refs[0][0])) == 2)
    (ex, entry) = site.refs[0]
    twin = next(s for s in module.sites_of(ex) if s.owner == f"@{COPY}$async")
    j = site.accesses().index("ro")
    edited = set_access(set_access(base, site.node, j, "rw"), twin.node, j, "rw")
    result = rebuild(path, edited)
    same_nodes(executed(result), [
        f"host:@{BUCKET}$async", f"host:@{COPY}$async", site.node, twin.node,
        graph.layout(ex, entry), graph.interface(ex, entry), graph.convert(ex),
        f"print:@{BUCKET}$async", f"print:@{COPY}$async", "module",
    ])
    assert_correct(path, result.text)


# -- variants: what re-annotates the functions that dispatch ------------------------------


def execute_region(lines: list[str], start: int) -> range:
    """The lines of the ``stream.cmd.execute`` region opened on line ``start``."""
    depth, end = 0, start
    for end in range(start, len(lines)):
        depth += lines[end].count("{") - lines[end].count("}")
        if depth == 0:
            break
    return range(start, end + 1)


def test_sites_moved_to_another_device_reannotate_every_function_of_their_executables(
        tmp_path: Path) -> None:
    """One ``stream.cmd.execute`` of a function moved to a second device
    (declared already, with another target): its sites need other targets,
    so their executables get a second variant (targets, variants,
    conversion), and every dispatch of those executables, in any function,
    is annotated again; the other function's annotations keep their value
    (they still pick the first target's variant), so its print does not
    run. Nothing else runs."""
    name = "llama_l2.mlir"
    with_copy = with_bucket_copy(corpus_text(name), "main", "main_copy")
    second = move_execute_to_new_device(with_copy)
    base = second.replace("on(#hal.device.affinity<@__device_edit>)",
                          "on(#hal.device.affinity<@__device_0>)")
    path = tmp_path / name
    path.write_text(base)
    assert lib_build(path, cache_dir=tmp_path / "cache").report["mode"] == "whole"
    module = Module.parse(base)
    owner = "@main$async"
    op = dict(module.owners())[owner]
    start = next(i for i, line in enumerate(op.lines)
                 if "stream.cmd.execute" in line and "affinity<@__device_0>" in line)
    region = execute_region(op.lines, start)
    op.lines[start] = op.lines[start].replace("@__device_0>", "@__device_edit>")
    edited = module.render()
    moved = [s for s in Module.parse(edited).sites() if s.owner == owner and s.first in region]
    executables = {ex for s in moved for ex, _ in s.refs}
    reannotated = [s for s in Module.parse(edited).sites()
                   if any(ex in executables for ex, _ in s.refs)]
    assert {s.owner for s in reannotated} == {owner, "@main_copy$async"}
    result = rebuild(path, edited)
    same_nodes(executed(result), [
        f"host:{owner}", *[s.node for s in moved],
        *[f"{stage}:@{ex}" for ex in sorted(executables)
          for stage in ("targets", "variants", "convert")],
        *[graph.annotate(s.node) for s in reannotated],
        f"print:{owner}", "module",
    ])
    assert_correct(path, result.text)


def test_an_op_whose_callee_does_not_declare_alone_is_read_from_the_whole_host(
        tmp_path: Path) -> None:
    """``@main`` calls ``@main$async``, whose signature here spans two lines:
    no declaration of it can be cut from its first line, so ``@main`` does
    not parse alone and comes from one parse of the whole host. The edit
    still runs ``@main``'s nodes only, and the output is IREE's."""
    from halflow.core.diagnostics import SourceText
    from halflow.engine.unit_ir import LazyIR
    from halflow.source.toplevel import split_module

    text = corpus_text("llama_l2.mlir")
    head = "%arg3: !hal.fence) -> !hal.buffer_view attributes {inlining_policy"
    assert text.count(head) == 1
    base = text.replace(head, head.replace(") -> ", ")\n      -> "))
    path = built(tmp_path, base)
    edited = bump_index_constant(base, "@main")
    split = split_module(edited)
    index = next(i for i, u in enumerate(split.units) if u.symbol == "main")
    bench = LazyIR(edited, split, SourceText(str(path), edited))
    assert bench.host_op(index).name == "util.func" and bench._host is not None
    alone = next(i for i, u in enumerate(split.units) if u.kind == "util.initializer")
    fresh = LazyIR(edited, split, SourceText(str(path), edited))
    assert fresh.host_op(alone).name == "util.initializer" and fresh._host is None
    result = rebuild(path, edited)
    same_nodes(executed(result), ["host:@main", "print:@main", "module"])
    assert_correct(path, result.text)
