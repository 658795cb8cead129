"""The planner on plain data: no IR, no compiler.

Both drivers (the reference driver and the engine) call these functions,
so their behaviour on edge cases is pinned here once.
"""

from __future__ import annotations

import pytest

from halflow import graph
from halflow.nodes import device_targets, plan
from halflow.nodes.facts import SOURCE, STREAM, ExecutableFacts, ExportFacts
from halflow.nodes.host import DispatchSite, HostFacts
from halflow.nodes.layout import DescriptorFlags, ResourceOrigin, SiteUsage

CPU = '#hal.executable.target<"llvm-cpu", "embedded-elf-x86_64", {cpu = "generic"}>'
VMVX = '#hal.executable.target<"vmvx", "vmvx-bytecode-fb">'
DEVICE = f'#hal.device.target<"local", [{CPU}]> : !hal.device'
TABLE = device_targets.DeviceTable((("dev", DEVICE),))
RO = SiteUsage(True, (1,), (ResourceOrigin.LOCAL_CONSTANT,))
RW = SiteUsage(False, (3,), (ResourceOrigin.UNKNOWN,))


def site(k: int, *refs: str, usage: SiteUsage = RO, targets: tuple[str, ...] = (CPU,)):
    return DispatchSite(graph.dispatch("@main", graph.callee(refs), k + 1), "@main", refs, usage,
                        targets)


def stream_executable(name: str, *exports: str, public: bool = False) -> ExecutableFacts:
    return ExecutableFacts(
        name, STREAM, public, True,
        tuple(ExportFacts(e, e, (True,), None) for e in exports),
    )


def host(*sites: DispatchSite, devices: bool = True) -> HostFacts:
    return HostFacts(TABLE if devices else device_targets.DeviceTable(()), (), sites)


def test_sites_by_export_in_site_order_each_once() -> None:
    sites = [site(0, "@a::@x"), site(1, "@b::@y", "@a::@x", "@a::@x"), site(2, "@a::@x")]
    by = plan.sites_by_export(sites, ["@a::@x", "@b::@y"], frozenset())
    assert by == {"@a::@x": [0, 1, 2], "@b::@y": [1]}
    assert plan.executable_sites(by, ["@b::@y", "@a::@x"]) == [0, 1, 2]


def test_a_slice_of_sites_may_name_other_exports() -> None:
    sites = {4: site(4, "@a::@x", "@other::@z"), 2: site(2, "@a::@x")}
    assert plan.sites_by_export(sites, ["@a::@x"]) == {"@a::@x": [2, 4]}


def test_a_dispatch_to_a_missing_export_is_an_error_at_its_site() -> None:
    sites = [site(0, "@a::@x"), site(1, "@a::@nope")]
    with pytest.raises(plan.PlanError) as e:
        plan.sites_by_export(sites, ["@a::@x"], frozenset())
    assert e.value.site == 1
    assert "entry point @a::@nope does not refer to an executable export" in str(e.value)
    # Exports of existing hal.executable ops are left alone.
    plan.sites_by_export(sites, ["@a::@x"], frozenset({"@a::@nope"}))


def test_no_devices_is_an_error_of_the_module() -> None:
    with pytest.raises(plan.PlanError) as e:
        plan.check_devices(host(site(0, "@a::@x"), devices=False))
    assert (e.value.site, e.value.export) == (None, None)
    assert str(e.value) == plan.NO_DEVICES
    plan.check_devices(host(devices=False))  # no dispatch: no device needed


def test_plan_executable_targets_variants_layouts() -> None:
    facts = stream_executable("a", "x", "y")
    sites = [site(0, "@a::@x", usage=RO), site(1, "@a::@y", usage=RW, targets=(VMVX,))]
    by = plan.sites_by_export(sites, plan.export_refs(facts), frozenset())
    p = plan.plan_executable(facts, sites, by, host(*sites))
    assert p.targets == (CPU, VMVX)
    assert [v.target for v in p.variants] == [CPU, VMVX]
    x, y = p.layouts
    assert x.bindings[0].flags == DescriptorFlags.READ_ONLY
    assert y.bindings[0].flags == DescriptorFlags.INDIRECT and y.indirect
    assert plan.expansions(facts, p.variants)["@a::@x"] == tuple(
        (f"@a::@{v.name}::@x", v.target) for v in p.variants
    )


def test_an_executable_without_targets_is_left_alone() -> None:
    # The deliberate divergence: only this executable stays unconverted.
    facts = stream_executable("a", "x")
    p = plan.plan_executable(facts, [], {}, host())
    assert not p.converted and not plan.converts(facts, p.targets)


def test_a_public_executable_needs_every_device_target() -> None:
    facts = stream_executable("a", "x", public=True)
    p = plan.plan_executable(facts, [], {}, host())
    assert p.targets == (CPU,) and p.converted


def test_an_export_without_function_is_an_error_of_the_export() -> None:
    facts = ExecutableFacts("a", STREAM, False, True, (ExportFacts("x", "f", None, None),))
    sites = [site(0, "@a::@x")]
    by = plan.sites_by_export(sites, plan.export_refs(facts), frozenset())
    with pytest.raises(plan.PlanError) as e:
        plan.plan_executable(facts, sites, by, host(*sites))
    assert e.value.export == "@a::@x"
    assert str(e.value) == "export @x calls an undefined function @f"


def test_a_site_passing_too_few_resources_is_an_error_of_the_export() -> None:
    facts = ExecutableFacts("a", STREAM, False, True, (ExportFacts("x", "x", (True, True), None),))
    sites = [site(0, "@a::@x")]
    by = plan.sites_by_export(sites, plan.export_refs(facts), frozenset())
    with pytest.raises(plan.PlanError) as e:
        plan.plan_executable(facts, sites, by, host(*sites))
    assert e.value.export == "@a::@x" and "passes 1 resources" in str(e.value)


def test_source_executables_get_variants_but_no_layouts() -> None:
    facts = ExecutableFacts("s", SOURCE, False, True, (ExportFacts("x", "x", None, None),))
    sites = [site(0, "@s::@x")]
    by = plan.sites_by_export(sites, plan.export_refs(facts), frozenset())
    p = plan.plan_executable(facts, sites, by, host(*sites))
    assert p.converted and p.layouts == ()
    assert plan.expansions(facts, p.variants)["@s::@x"][0][0].endswith("::@x")


def test_annotation_keeps_only_the_variants_a_site_needs() -> None:
    expansions = {"@a::@x": (("@a::@cpu::@x", CPU), ("@a::@vmvx::@x", VMVX))}
    sites = [site(0, "@a::@x", targets=(VMVX,)), site(1, "@a::@x", targets=()), site(2, "@b::@y")]
    assert plan.annotate_sites(sites, expansions) == [
        ("@a::@vmvx::@x",), ("@a::@cpu::@x", "@a::@vmvx::@x"), ("@b::@y",),
    ]
