"""Edits whose dirty set is the edit: site identity and several states per document.

Salsa-style, as tests/test_engine_minimal.py: each test asserts the exact
executed node ids of a build on a real corpus file, and that its output is
a clean build's and ``iree-opt --iree-hal-materialize-interfaces``'s byte
for byte. Dispatch sites are named by their function and callee
(``dispatch:@main/@ex::@e``, ``#k`` for the k-th dispatch of that export in
``@main``), so deleting, adding or moving one dispatch runs that site's
nodes, the export's layout, the host analysis, its function's print and
``module``; a document keeps several states and builds from the closest.
"""

from __future__ import annotations

import itertools
import os
import shutil
from collections.abc import Callable
from pathlib import Path

from support.engine import (
    Module,
    Site,
    body_edit,
    corpus_file,
    corpus_text,
    duplicate_site,
    executed,
    lib_build,
    load_report,
    move_site,
    reference_output,
    remove_executable,
    remove_site,
    run_halflow,
)
from test_engine_minimal import assert_correct, same_nodes

from halflow import graph
from halflow.store import states


def built(tmp_path: Path, name: str) -> Path:
    """A copy of corpus file ``name``, built once (its state in ``tmp_path/cache``)."""
    path = tmp_path / name
    shutil.copyfile(corpus_file(name), path)
    lib_build(path, cache_dir=tmp_path / "cache")
    return path


def rebuild(path: Path, text: str) -> object:
    path.write_text(text)
    return lib_build(path, cache_dir=path.parent / "cache")


def pick(module: Module, peers: Callable[[int], bool]) -> Site:
    """A site of a single export, from the middle of its function (the
    sites after it are what a positional id shifted), whose export has a
    number of sites that ``peers`` accepts."""
    sites = module.sites()
    middle = sorted(sites, key=lambda s: abs(s.first - len(s.op.lines) // 2))
    return next(s for s in middle
                if len(s.refs) == 1 and peers(sum(t.refs == s.refs for t in sites)))


# -- site identity ------------------------------------------------------------------


def test_deleting_an_executable_and_its_only_dispatch(tmp_path: Path) -> None:
    """Every later site of the function keeps its id and value: the host
    analysis and the function's print run, and the module."""
    name = "llama_l2.mlir"
    path = built(tmp_path, name)
    text = corpus_text(name)
    module = Module.parse(text)
    site = pick(module, lambda n: n == 1)
    ex = site.refs[0][0]
    later = [s for s in module.sites() if s.op is site.op and s.first > site.last]
    assert len(later) >= 5, "the test is about the sites after the deleted one"
    result = rebuild(path, remove_executable(text, ex))
    printed = {f"print:{s.owner}" for s in module.sites_of(ex)}
    analysed = {f"host:{s.owner}" for s in module.sites_of(ex)}
    same_nodes(executed(result), [*analysed, *printed, "module"])
    assert result.report["mode"] == "incremental"
    assert_correct(path, result.text)


def test_adding_a_dispatch(tmp_path: Path) -> None:
    """A copy of a dispatch, right after it: the copy is its export's next
    site (the ones after it are equal to their predecessors, so nothing of
    them runs); the export's targets and layout read one more site."""
    name = "gpt2_l2.mlir"
    path = built(tmp_path, name)
    text = corpus_text(name)
    module = Module.parse(text)
    site = pick(module, lambda n: n > 1)
    edited = duplicate_site(text, site.node)
    (new,) = {s.node for s in Module.parse(edited).sites()} - {s.node for s in module.sites()}
    assert graph.function_of(new) == site.owner and new.startswith(f"dispatch:{site.owner}/")
    ex, entry = site.refs[0]
    result = rebuild(path, edited)
    same_nodes(executed(result), [
        f"host:{site.owner}", new, graph.annotate(new), graph.targets(ex), graph.layout(ex, entry),
        f"print:{site.owner}", "module",
    ])
    assert_correct(path, result.text)


def test_removing_a_dispatch(tmp_path: Path) -> None:
    """One of several dispatches of an export goes: the export's targets
    and layout read one site fewer (and keep their values)."""
    name = "gpt2_l2.mlir"
    path = built(tmp_path, name)
    text = corpus_text(name)
    module = Module.parse(text)
    site = pick(module, lambda n: n > 1)
    ex, entry = site.refs[0]
    result = rebuild(path, remove_site(text, site.node))
    same_nodes(executed(result), [
        f"host:{site.owner}", graph.targets(ex), graph.layout(ex, entry), f"print:{site.owner}",
        "module",
    ])
    assert_correct(path, result.text)


def test_moving_a_dispatch(tmp_path: Path) -> None:
    """A dispatch moved past its neighbour keeps its id: only the host
    analysis and the function's print run."""
    name = "llama_l2.mlir"
    path = built(tmp_path, name)
    text = corpus_text(name)
    sites = Module.parse(text).sites()
    pairs = [(a, b) for a, b in itertools.pairwise(sites)
             if a.op is b.op and a.refs != b.refs and b.first == a.last + 1]
    site, after = pairs[len(pairs) // 2]
    moved = move_site(text, site.node, after.node)
    order = [s.node for s in Module.parse(moved).sites()]
    assert order.index(site.node) == order.index(after.node) + 1
    result = rebuild(path, moved)
    same_nodes(executed(result), [f"host:{site.owner}", f"print:{site.owner}", "module"])
    assert_correct(path, result.text)


# -- several states per document ------------------------------------------------------


def with_constants(module: Module) -> list[str]:
    return [e for e in module.executables() if "= arith.constant " in module.op(e).text]


def test_branch_switch_builds_from_the_closest_state(tmp_path: Path) -> None:
    """A -> B (three executables edited, a dispatch added) -> A' (A with one
    constant edited): A' builds from A's state, as if B never happened."""
    name = "llama_l2.mlir"
    path = built(tmp_path, name)
    a = corpus_text(name)
    module = Module.parse(a)
    x, *others = with_constants(module)[4:8]
    b = a
    for k, ex in enumerate(others):
        b = body_edit(b, ex, bump=3 + k)
    b = duplicate_site(b, module.sites()[len(module.sites()) // 2].node)
    assert len(executed(rebuild(path, b))) > 10  # B differs from A in many nodes
    result = rebuild(path, body_edit(a, x))
    same_nodes(executed(result), [f"executable:@{x}", f"convert:@{x}", "module"])
    assert result.report["mode"] == "incremental"
    assert_correct(path, result.text)


def test_branch_switch_in_a_warm_workspace(tmp_path: Path) -> None:
    """The same in a long-lived session: its state in memory is B's, A's is
    in the cache."""
    from halflow.cache import Cache
    from halflow.engine import Workspace

    name = "gpt2_l2.mlir"
    path = tmp_path / name
    a = corpus_text(name)
    module = Module.parse(a)
    x, y, z = with_constants(module)[3:6]
    ws = Workspace(Cache(tmp_path / "cache"))
    for text in (a, body_edit(body_edit(a, y), z)):
        path.write_text(text)
        lib_build(path, workspace=ws)
    path.write_text(body_edit(a, x))
    result = lib_build(path, workspace=ws)
    same_nodes(executed(result), [f"executable:@{x}", f"convert:@{x}", "module"])
    assert_correct(path, result.text)


def test_revert_then_edit_across_processes(tmp_path: Path) -> None:
    """A -> B -> A (answered from the cache: a no-op, which makes A's state
    the current one again) -> A'': the edit runs its own three nodes only."""
    from halflow.cache import Cache
    from halflow.core.fingerprint import environment, fingerprint

    name = "gpt2_l2.mlir"
    path = tmp_path / name
    out, rep, cache_dir = tmp_path / "o.mlir", tmp_path / "r.json", tmp_path / "cache"
    a = corpus_text(name)
    x, y = with_constants(Module.parse(a))[3:5]

    def build(text: str) -> tuple[dict, str]:
        """The report, and the document's current state."""
        path.write_text(text)
        proc = run_halflow("build", path, "-o", out, "--cache-dir", cache_dir, "--report", rep)
        assert proc.returncode == 0, proc.stderr.decode()
        cache = Cache(cache_dir)
        try:
            index = states.read_index(cache, os.path.abspath(path), fingerprint(environment()))
        finally:
            cache.close()
        return load_report(rep), index[0].key

    _, state_a = build(a)
    _, state_b = build(body_edit(a, y))
    back, current = build(a)
    assert back["mode"] == "noop" and back["executed"] == []
    assert state_b != state_a == current
    edited, _ = build(body_edit(a, x))
    same_nodes([r["node"] for r in edited["executed"]],
               [f"executable:@{x}", f"convert:@{x}", "module"])
    assert out.read_text() == reference_output(path)


def test_states_are_bounded_by_recency(tmp_path: Path) -> None:
    """A document keeps its last ``MAX_STATES`` states, most recent first;
    the core of a state that no longer fits is deleted; the one built again
    comes first."""
    from halflow.cache import Cache
    from halflow.core.fingerprint import environment, fingerprint
    from halflow.engine import Workspace

    name = "mlp_s.mlir"
    path = tmp_path / name
    text = corpus_text(name)
    ex = with_constants(Module.parse(text))[0]
    inputs = [body_edit(text, ex, bump=k) for k in range(1, states.MAX_STATES + 3)]
    cache = Cache(tmp_path / "cache")
    doc_id, env = os.path.abspath(path), fingerprint(environment())
    keys: list[str] = []
    for text_k in inputs:
        path.write_text(text_k)
        lib_build(path, workspace=Workspace(cache))  # a new session each time
        keys.append(states.read_index(cache, doc_id, env)[0].key)
    index = states.read_index(cache, doc_id, env)
    assert [e.key for e in index] == keys[::-1][: states.MAX_STATES]
    assert cache.get(keys[0]) is None and cache.get(keys[-1]) is not None
    path.write_text(inputs[-3])  # a state the document still has: a no-op
    again = lib_build(path, workspace=Workspace(cache))
    assert again.report["mode"] == "noop" and executed(again) == []
    assert states.read_index(cache, doc_id, env)[0].key == keys[-3]
    assert again.text == reference_output(path)


def test_which_state_is_current_stays_on_this_machine(tmp_path: Path) -> None:
    """The index of a document's states is shared like the states; which
    of them is current is a local entry, which a build answered from the
    cache writes without reading anything (another checkout of the same
    file elsewhere has its own)."""
    from halflow.cache import Cache
    from halflow.store import layered

    doc, env = "/src/m.mlir", "env"
    assert layered.shared(states.index_key(doc, env))
    assert not layered.shared(states.current_key(doc, env))
    a, b = (states.entry(f"state:{k}", k, "opts", [k * 8]) for k in "ab")
    cache = Cache(tmp_path / "cache")
    with cache.batch():
        states.write_index(cache, doc, env, [b, a])
    assert states.read_index(cache, doc, env) == [b, a]
    states.touch(cache, doc, env, "a", "opts")
    assert states.read_index(cache, doc, env) == [a, b]
    states.touch(cache, doc, env, "c", "opts")  # an input without a state: by recency
    assert states.read_index(cache, doc, env) == [b, a]
    cache.close()


def test_an_unreadable_index_is_no_state(tmp_path: Path) -> None:
    """A damaged (or another format's) index of states: the build is a cold
    one, and correct."""
    from halflow.cache import Cache
    from halflow.core.fingerprint import environment, fingerprint

    name = "mlp_s.mlir"
    path = built(tmp_path, name)
    text = corpus_text(name)
    ex = with_constants(Module.parse(text))[0]
    key = states.index_key(os.path.abspath(path), fingerprint(environment()))
    damaged = ({"format": states.INDEX_FORMAT, "states": [["k", 1]]}, ["x"],
               {"format": states.INDEX_FORMAT + 99, "states": []})
    for bump, value in enumerate(damaged, 1):
        cache = Cache(tmp_path / "cache")
        with cache.batch():
            cache.put(key, value)
        cache.close()
        result = rebuild(path, body_edit(text, ex, bump=bump))
        assert result.report["mode"] == "whole"
        assert result.text == reference_output(path)
