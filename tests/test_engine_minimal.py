"""Minimal recomputation: each edit executes exactly the nodes it must.

Salsa-style tests (STYLE.md): every test asserts the exact set of executed
node ids from the build report (project issue 3), on real corpus files, and
that the incremental output equals a clean build (``no_cache``) and
``iree-opt --iree-hal-materialize-interfaces`` byte for byte.

Node ids (halflow/graph.py): ``host``, ``dispatch:@f/@ex::@e`` (``#k`` for
the k-th dispatch of that export in ``@f``), ``executable:@ex``,
``export:@ex::@e``, ``targets:@ex``, ``variants:@ex``, ``layout:@ex::@e``,
``interface:@ex::@e``, ``convert:@ex``, ``annotate:@f/@ex::@e``,
``print:@op``, ``shell``, ``module``.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from support.engine import (
    REPO,
    Module,
    body_edit,
    clean_build,
    corpus_file,
    corpus_text,
    executed,
    lib_build,
    load_report,
    reference_output,
    rename_symbol_prefix,
    renumbered_name,
    run_halflow,
    set_access,
    subprocess_env,
)

from halflow import graph

FILES = ["mlp_s.mlir", "gpt2_l2.mlir", "llama_l2.mlir", "openelm_l16.mlir"]


def same_nodes(actual: list[str], expected: list[str]) -> None:
    """Exactly ``expected`` ran (each once; order is the engine's business,
    except that the assembled module comes last)."""
    assert len(actual) == len(set(actual)), f"a node ran twice: {actual}"
    assert sorted(actual) == sorted(expected), (
        f"\nexecuted: {actual}\nexpected: {expected}\n"
        f"extra: {sorted(set(actual) - set(expected))}\n"
        f"missing: {sorted(set(expected) - set(actual))}"
    )
    if "module" in actual:
        assert actual[-1] == "module"


def assert_correct(path: Path, text: str) -> None:
    """``text`` (an incremental build of ``path``) == clean build == iree-opt."""
    clean = clean_build(path)
    assert text == clean, "incremental output differs from a clean build"
    assert clean == reference_output(path), "clean build differs from iree-opt"


def middle_executable(module: Module) -> str:
    """An executable in the middle of the module with an arith.constant."""
    names = module.executables()
    order = sorted(range(len(names)), key=lambda i: abs(i - len(names) // 2))
    for i in order:
        if "= arith.constant " in module.op(names[i]).text:
            return names[i]
    raise LookupError("no executable with a constant")


def readonly_flags(module: Module, ex: str, entry: str) -> list[bool]:
    """IREE's BindingLayoutAnalysis: binding j is ReadOnly when SOME dispatch
    site of the export does not write it (the flags of all sites are or-ed)."""
    flags: list[bool] = []
    for site in module.sites():
        if (ex, entry) not in site.refs:
            continue
        acc = site.accesses()
        flags = flags or [False] * len(acc)
        for j, a in enumerate(acc):
            flags[j] = flags[j] or a == "ro"
    return flags


@pytest.fixture
def work(tmp_path: Path) -> Path:
    return tmp_path


def copy_corpus(name: str, work: Path) -> Path:
    path = work / name
    shutil.copyfile(corpus_file(name), path)
    return path


# -- unchanged input -----------------------------------------------------------------


@pytest.mark.parametrize("name", FILES)
def test_unchanged_input_cli_noop_never_imports_mlir(name: str, work: Path) -> None:
    """Rebuilding an unchanged input in a new process executes no node and
    never imports MLIR (so never parses or prints the module)."""
    path = copy_corpus(name, work)
    cache = work / "cache"
    out = work / "out.mlir"
    first = run_halflow("build", path, "-o", out, "--cache-dir", cache)
    assert first.returncode == 0, first.stderr.decode()
    out.unlink()
    second = run_halflow(
        "build",
        path,
        "-o",
        out,
        "--cache-dir",
        cache,
        "--report",
        work / "r.json",
        python_flags=["-X", "importtime"], env=subprocess_env(HALFLOW_SERVER="0"),
    )
    assert second.returncode == 0, second.stderr.decode()
    report = load_report(work / "r.json")
    assert report["executed"] == []
    assert report["mode"] == "noop"
    assert report["reused"] == report["total"] > 0
    imports = second.stderr.decode()
    assert "| halflow" in imports, "the import log is not there"
    assert "iree.compiler" not in imports, "a no-op build imported MLIR"
    assert out.read_text() == reference_output(path)


def test_unchanged_input_library_and_warm_workspace(work: Path) -> None:
    from halflow.engine import Workspace
    from halflow.store.disk import Cache

    path = copy_corpus("gpt2_l2.mlir", work)
    first = lib_build(path, cache_dir=work / "cache")
    again = lib_build(path, cache_dir=work / "cache")
    assert executed(again) == [] and again.report["mode"] == "noop"
    assert again.text == first.text == reference_output(path)

    ws = Workspace(Cache(work / "ws-cache"))
    first = lib_build(path, workspace=ws)
    again = lib_build(path, workspace=ws)
    assert executed(again) == [] and again.report["mode"] == "noop"
    assert again.text == first.text == reference_output(path)


def test_location_only_change_executes_nothing(work: Path) -> None:
    """Lines added above the module move every location, which the output
    does not print: nothing is recomputed (the input hash changed, so it is
    not a no-op)."""
    path = copy_corpus("gpt2_l2.mlir", work)
    lib_build(path, cache_dir=work / "cache")
    path.write_text("// moved down\n\n\n" + corpus_text("gpt2_l2.mlir"))
    result = lib_build(path, cache_dir=work / "cache")
    assert executed(result) == []
    assert_correct(path, result.text)


# -- one executable's body -------------------------------------------------------------


@pytest.mark.parametrize("name", FILES)
def test_body_edit_executes_only_that_executable(name: str, work: Path) -> None:
    path = copy_corpus(name, work)
    lib_build(path, cache_dir=work / "cache")
    text = corpus_text(name)
    ex = middle_executable(Module.parse(text))
    path.write_text(body_edit(text, ex))
    result = lib_build(path, cache_dir=work / "cache")
    same_nodes(executed(result), [f"executable:@{ex}", f"convert:@{ex}", "module"])
    assert result.report["mode"] == "incremental"
    assert_correct(path, result.text)


def test_crlf_input_is_built_incrementally(work: Path) -> None:
    """A file with CRLF line ends (as saved on Windows) builds to iree-opt's
    output, and a body edit executes only that executable's nodes."""
    name = "gpt2_l2.mlir"
    path = work / name
    text = corpus_text(name)
    path.write_bytes(text.replace("\n", "\r\n").encode())
    first = lib_build(path, cache_dir=work / "cache")
    assert first.text == reference_output(path)
    ex = middle_executable(Module.parse(text))
    path.write_bytes(body_edit(text, ex).replace("\n", "\r\n").encode())
    result = lib_build(path, cache_dir=work / "cache")
    same_nodes(executed(result), [f"executable:@{ex}", f"convert:@{ex}", "module"])
    assert result.report["mode"] == "incremental"
    assert_correct(path, result.text)


def test_body_edit_cli_new_process_with_explain(work: Path) -> None:
    """Across processes (state from the cache directory): the same three
    nodes, and --explain names each with the input that changed."""
    name = "gpt2_l2.mlir"
    path = copy_corpus(name, work)
    cache = work / "cache"
    assert run_halflow("build", path, "-o", work / "o.mlir", "--cache-dir", cache).returncode == 0
    text = corpus_text(name)
    ex = middle_executable(Module.parse(text))
    path.write_text(body_edit(text, ex))
    proc = run_halflow(
        "build",
        path,
        "-o",
        work / "o.mlir",
        "--cache-dir",
        cache,
        "--explain",
        "--report",
        work / "r.json",
    )
    assert proc.returncode == 0, proc.stderr.decode()
    report = load_report(work / "r.json")
    same_nodes(executed(report), [f"executable:@{ex}", f"convert:@{ex}", "module"])
    lines = [
        line for line in proc.stderr.decode().splitlines() if line.startswith("halflow: explain: ")
    ]
    assert len(lines) == len(report["executed"])
    for line, run in zip(lines, report["executed"], strict=True):
        assert line == f"halflow: explain: {run['node']} ({run['stage']}): {run['reason']}"
    reasons = {run["node"]: run["reason"] for run in report["executed"]}
    assert reasons[f"executable:@{ex}"] == "input changed: text"
    assert "text" in reasons[f"convert:@{ex}"]
    assert f"convert:@{ex}" in reasons["module"]
    assert (work / "o.mlir").read_text() == reference_output(path)


def test_two_body_edits_then_revert(work: Path) -> None:
    """Editing two executables executes both; going back to the original
    text is answered from the cache."""
    name = "llama_l2.mlir"
    path = copy_corpus(name, work)
    original = lib_build(path, cache_dir=work / "cache").text
    text = corpus_text(name)
    a, b = Module.parse(text).executables()[3:5]
    path.write_text(body_edit(body_edit(text, a), b))
    result = lib_build(path, cache_dir=work / "cache")
    same_nodes(
        executed(result),
        [f"executable:@{a}", f"convert:@{a}", f"executable:@{b}", f"convert:@{b}", "module"],
    )
    assert_correct(path, result.text)
    path.write_text(text)
    back = lib_build(path, cache_dir=work / "cache")
    assert back.text == original
    assert set(executed(back)) <= {"module"}, executed(back)


# -- one dispatch site's access ----------------------------------------------------------


def find_site(module: Module, *, shared: bool) -> tuple[str, str, str, int]:
    """(site node, ex, entry, binding) of a ``ro`` binding at a site whose
    export has exactly one site (``shared=False``) or several sites that all
    read the binding only (``shared=True``). Sites of host functions
    (``util.func``) come first: that is where models are edited."""
    sites = module.sites()
    for site in sorted(sites, key=lambda s: not s.owner.startswith("@")):
        if len(site.refs) != 1:
            continue
        ex, entry = site.refs[0]
        peers = [s for s in sites if s.refs == site.refs]
        if (len(peers) > 1) != shared:
            continue
        for j, access in enumerate(site.accesses()):
            if access == "ro":
                return site.node, ex, entry, j
    raise LookupError("no such site")


def owner_of(site_node: str) -> str:
    owner = graph.function_of(site_node)
    assert owner is not None
    return owner


@pytest.mark.parametrize("name", FILES)
def test_access_change_flips_readonly(name: str, work: Path) -> None:
    """ro -> rw at the only site of an export: the binding loses ReadOnly,
    so the export's layout, its interface and the executable's conversion
    re-run, plus the host analysis, that site and the host op printing it."""
    path = copy_corpus(name, work)
    lib_build(path, cache_dir=work / "cache")
    text = corpus_text(name)
    module = Module.parse(text)
    node, ex, entry, j = find_site(module, shared=False)
    edited = set_access(text, node, j, "rw")
    before = readonly_flags(module, ex, entry)
    assert before != readonly_flags(Module.parse(edited), ex, entry)  # what the test is about
    path.write_text(edited)
    result = lib_build(path, cache_dir=work / "cache")
    same_nodes(
        executed(result),
        [
            f"host:{owner_of(node)}",
            node,
            f"layout:@{ex}::@{entry}",
            f"interface:@{ex}::@{entry}",
            f"convert:@{ex}",
            f"print:{owner_of(node)}",
            "module",
        ],
    )
    # Each reason names what changed: the host's text, then the values
    # that flowed from it.
    reasons = {run["node"]: run["reason"] for run in result.report["executed"]}
    assert reasons[f"host:{owner_of(node)}"] == "input changed: text"
    for node_id, reason in reasons.items():
        assert reason.startswith("input changed: "), (node_id, reason)
    assert f"layout:@{ex}::@{entry}" in reasons[f"interface:@{ex}::@{entry}"]
    assert f"interface:@{ex}::@{entry}" in reasons[f"convert:@{ex}"]
    assert_correct(path, result.text)


@pytest.mark.parametrize("name", ["gpt2_l2.mlir", "llama_l2.mlir"])
def test_access_change_cut_off_while_another_site_reads_only(name: str, work: Path) -> None:
    """ro -> rw at one of several sites of an export: another site still
    only reads the binding, so it stays ReadOnly. The layout re-runs and
    produces the same value: interface and conversion are cut off. Changing
    the remaining sites one by one, the last change flips the flag."""
    path = copy_corpus(name, work)
    lib_build(path, cache_dir=work / "cache")
    text = corpus_text(name)
    module = Module.parse(text)
    node, ex, entry, j = find_site(module, shared=True)
    peers = [s.node for s in module.sites() if s.refs == [(ex, entry)]]
    assert node in peers and len(peers) >= 2
    for count, site in enumerate(peers, 1):
        text = set_access(text, site, j, "rw")
        path.write_text(text)
        result = lib_build(path, cache_dir=work / "cache")
        flipped = count == len(peers)
        assert readonly_flags(Module.parse(text), ex, entry)[j] is not flipped
        expected = [f"host:{owner_of(site)}", site, f"layout:@{ex}::@{entry}",
                    f"print:{owner_of(site)}", "module"]
        if flipped:
            expected += [f"interface:@{ex}::@{entry}", f"convert:@{ex}"]
        same_nodes(executed(result), expected)
        assert_correct(path, result.text)


def test_access_change_wo_to_rw_is_cut_off_at_layout(work: Path) -> None:
    """wo -> rw keeps the binding writable: only the layout re-runs."""
    name = "mlp_s.mlir"
    path = copy_corpus(name, work)
    lib_build(path, cache_dir=work / "cache")
    text = corpus_text(name)
    site = next(s for s in Module.parse(text).sites() if "wo" in s.accesses())
    (ex, entry), j = site.refs[0], site.accesses().index("wo")
    path.write_text(set_access(text, site.node, j, "rw"))
    result = lib_build(path, cache_dir=work / "cache")
    same_nodes(
        executed(result),
        [f"host:{site.owner}", site.node, f"layout:@{ex}::@{entry}", f"print:{site.owner}",
         "module"],
    )
    assert_correct(path, result.text)


# -- renaming and renumbering -------------------------------------------------------------


def rename_expectation(module: Module, old: str, new: str) -> list[str]:
    """What a pure rename must execute: the host analysis, the sites that
    call the executable (their entry points changed, and with them their
    ids) and their annotation, the new export records, the host ops
    printing those sites, the module. Nothing of the executable's own
    stages (facts, targets, variants, layouts, interfaces, conversion)."""
    sites = Module.parse(rename_symbol_prefix(module.render(), old, new)).sites_of(new)
    exports = re.findall(
        r"stream\.executable\.export (?:public |private )?@([\w$.\-]+)", module.op(old).text
    )
    return [
        *sorted({f"host:{s.owner}" for s in sites}),
        *[s.node for s in sites],
        *[f"export:@{new}::@{new + e[len(old) :]}" for e in exports],
        *[f"annotate:{s.node[len('dispatch:') :]}" for s in sites],
        *sorted({f"print:{s.owner}" for s in sites}),
        "module",
    ]


@pytest.mark.parametrize("name", FILES)
def test_rename_hits_cache_for_stage_outputs(name: str, work: Path) -> None:
    path = copy_corpus(name, work)
    lib_build(path, cache_dir=work / "cache")
    text = corpus_text(name)
    module = Module.parse(text)
    old = middle_executable(module)
    new = renumbered_name(text, old)
    path.write_text(rename_symbol_prefix(text, old, new))
    result = lib_build(path, cache_dir=work / "cache")
    ran = executed(result)
    for stage in ("executable", "targets", "variants", "convert"):
        assert f"{stage}:@{new}" not in ran
    assert not [n for n in ran if n.startswith(("layout:", "interface:"))], ran
    same_nodes(ran, rename_expectation(module, old, new))
    assert_correct(path, result.text)


def test_rename_cli_new_process(work: Path) -> None:
    """The renamed executable's stage outputs come from the persistent cache
    when the build runs in a new process."""
    name = "llama_l2.mlir"
    path = copy_corpus(name, work)
    cache = work / "cache"
    assert run_halflow("build", path, "-o", work / "o.mlir", "--cache-dir", cache).returncode == 0
    text = corpus_text(name)
    module = Module.parse(text)
    old = middle_executable(module)
    new = renumbered_name(text, old)
    path.write_text(rename_symbol_prefix(text, old, new))
    proc = run_halflow(
        "build", path, "-o", work / "o.mlir", "--cache-dir", cache, "--report", work / "r.json"
    )
    assert proc.returncode == 0, proc.stderr.decode()
    same_nodes(executed(load_report(work / "r.json")), rename_expectation(module, old, new))
    assert (work / "o.mlir").read_text() == reference_output(path)


@pytest.mark.parametrize("name", ["gpt2_l2.mlir", "openelm_l16.mlir"])
def test_renumber_all_executables(name: str, work: Path) -> None:
    """Inserting a dispatch renumbers every later one: shift every
    ``..._dispatch_N`` to ``N+1``. No executable-side stage runs."""
    path = copy_corpus(name, work)
    lib_build(path, cache_dir=work / "cache")
    text = corpus_text(name)
    names = Module.parse(text).executables()
    numbered = sorted(
        (n for n in names if re.search(r"_dispatch_\d+$", n)),
        key=lambda n: int(n.rsplit("_", 1)[1]),
        reverse=True,
    )
    renamed = text
    for n in numbered:
        stem, k = n.rsplit("_", 1)
        target = f"{stem}_{int(k) + 1}"
        assert target not in names or target in numbered
        renamed = rename_symbol_prefix(renamed, n, target)
    assert renamed != text
    path.write_text(renamed)
    result = lib_build(path, cache_dir=work / "cache")
    ran = executed(result)
    own = ("executable:", "targets:", "variants:", "layout:", "interface:", "convert:")
    assert not [n for n in ran if n.startswith(own)], ran
    assert_correct(path, result.text)


def test_swapped_names_reuse_both_conversions(work: Path) -> None:
    """Two executables trade names: each one's conversion is found by content."""
    name = "gpt2_l2.mlir"
    path = copy_corpus(name, work)
    lib_build(path, cache_dir=work / "cache")
    text = corpus_text(name)
    a, b = Module.parse(text).executables()[5:7]
    swapped = rename_symbol_prefix(text, a, "swap_tmp")
    swapped = rename_symbol_prefix(swapped, b, a)
    swapped = rename_symbol_prefix(swapped, "swap_tmp", b)
    path.write_text(swapped)
    result = lib_build(path, cache_dir=work / "cache")
    ran = executed(result)
    for stage in ("executable", "convert", "targets", "variants"):
        assert f"{stage}:@{a}" not in ran and f"{stage}:@{b}" not in ran, ran
    assert_correct(path, result.text)


# -- reasons: options, stage versions -------------------------------------------------------


def test_cold_build_reasons_are_no_entry(work: Path) -> None:
    path = copy_corpus("mlp_s.mlir", work)
    result = lib_build(path, cache_dir=work / "cache")
    assert result.report["mode"] == "whole"
    assert len(executed(result)) == result.report["total"] > 0
    assert {run["reason"] for run in result.report["executed"]} == {"no cache entry"}


def test_options_change_rebuilds_correctly(work: Path) -> None:
    """--split-input-file on a file without separators: same output as
    iree-opt --split-input-file, every executed node says why."""
    path = copy_corpus("mlp_s.mlir", work)
    lib_build(path, cache_dir=work / "cache")
    result = lib_build(path, cache_dir=work / "cache", split_input_file=True)
    assert result.text == reference_output(path, split=True)
    assert executed(result)
    assert all(run["reason"] for run in result.report["executed"])


def test_options_change_reason_mentions_options(work: Path) -> None:
    path = copy_corpus("mlp_s.mlir", work)
    lib_build(path, cache_dir=work / "cache")
    result = lib_build(path, cache_dir=work / "cache", split_input_file=True)
    assert any("option" in run["reason"] for run in result.report["executed"])


def bumped_halflow(work: Path, stage_file: str, stage: str) -> tuple[Path, str, str]:
    """A copy of this checkout's halflow package whose ``stage`` has its
    version bumped, as a developer does when a stage's output changes:
    (PYTHONPATH for it, old tag, new tag). A real modified source tree, run
    in its own process; nothing is patched at run time."""
    root = work / "bumped"
    shutil.copytree(
        REPO / "halflow", root / "halflow", ignore=shutil.ignore_patterns("__pycache__")
    )
    # Stage versions are declared in one table (halflow/core/stages.py); the
    # stage's module re-exports its entry.
    assert (root / "halflow" / "nodes" / stage_file).exists()
    source = root / "halflow" / "core" / "stages.py"
    text = source.read_text()
    m = re.search(r'Stage\("' + stage + r'", (\d+)', text)
    assert m, f"no Stage declaration for {stage} in {source}"
    old = int(m.group(1))
    source.write_text(text[: m.start(1)] + str(old + 1) + text[m.end(1) :])
    return root, f"{stage}@{old}", f"{stage}@{old + 1}"


def test_stage_version_change_reruns_that_stage(work: Path) -> None:
    """After a layout stage version bump (an edited halflow source tree),
    every layout node re-runs with the reason 'stage version changed';
    their values are unchanged, so nothing downstream of them re-runs."""
    name = "mlp_s.mlir"
    path = copy_corpus(name, work)
    cache = work / "cache"
    assert run_halflow("build", path, "-o", work / "o.mlir", "--cache-dir", cache).returncode == 0
    root, old, new = bumped_halflow(work, "layout.py", "layout")
    text = corpus_text(name)
    module = Module.parse(text)
    ex = middle_executable(module)
    path.write_text(body_edit(text, ex))
    proc = run_halflow(
        "build",
        path,
        "-o",
        work / "o.mlir",
        "--cache-dir",
        cache,
        "--report",
        work / "r.json",
        env=subprocess_env(PYTHONPATH=str(root)),
        cwd=work,
    )
    assert proc.returncode == 0, proc.stderr.decode()
    report = load_report(work / "r.json")
    layouts = [
        f"layout:@{s.refs[0][0]}::@{s.refs[0][1]}" for s in module.sites() if len(s.refs) == 1
    ]
    same_nodes(
        executed(report),
        [*sorted(set(layouts)), f"executable:@{ex}", f"convert:@{ex}", "module"],
    )
    for run in report["executed"]:
        if run["node"].startswith("layout:"):
            assert run["reason"] == f"stage version changed ({old} -> {new})"
    assert (work / "o.mlir").read_text() == reference_output(path)


def test_stage_version_change_on_unchanged_input(work: Path) -> None:
    name = "mlp_s.mlir"
    path = copy_corpus(name, work)
    cache = work / "cache"
    assert run_halflow("build", path, "-o", work / "o.mlir", "--cache-dir", cache).returncode == 0
    root, _, _ = bumped_halflow(work, "layout.py", "layout")
    proc = run_halflow(
        "build",
        path,
        "-o",
        work / "o.mlir",
        "--cache-dir",
        cache,
        "--report",
        work / "r.json",
        env=subprocess_env(PYTHONPATH=str(root)),
        cwd=work,
    )
    assert proc.returncode == 0, proc.stderr.decode()
    report = load_report(work / "r.json")
    assert report["mode"] != "noop"
    assert any(r["node"].startswith("layout:") for r in report["executed"]), json.dumps(report)
