"""Each tracked stage's key covers exactly what it reads (no compilation).

A tracked stage (``@tracked(STAGE)``, :mod:`halflow.nodes.tracked`) declares
its inputs beside its function; the engine builds the node's key from them
(:func:`halflow.engine.evaluator.tracked_key`) and calls the function with
exactly them. Here every declared input of every stage is perturbed on its
own, and the key must change; the stage version and the environment must
change it too; and a stage given anything but its declared inputs refuses.

The stages that read IR (the host analysis, executable facts, conversion,
printing) declare their key with an :class:`~halflow.nodes.tracked.IrStage`
beside their function; the same checks hold for them
(:func:`halflow.engine.evaluator.ir_key`).
"""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
from typing import Any

import pytest

import halflow.nodes
from halflow.engine import host_groups, pass_groups, providers
from halflow.engine.evaluator import ir_key, tracked_key
from halflow.nodes import (
    Stage,
    device_targets,
    dispatch,
    executable,
    executable_source,
    facts,
    host,
    interface,
    layout,
    plan,
    variants,
)
from halflow.nodes.layout import ResourceOrigin, SiteUsage
from halflow.nodes.tracked import IrStage, Tracked

CPU = '#hal.executable.target<"llvm-cpu", "embedded-elf-x86_64", {cpu = "generic"}>'
VMVX = '#hal.executable.target<"vmvx", "vmvx-bytecode-fb">'
DEVICE = f'#hal.device.target<"local", [{CPU}]> : !hal.device'
DEVICES = (device_targets.DeviceTable((("dev", DEVICE),)), ())
USAGE = SiteUsage(False, (1, 3), (ResourceOrigin.UNKNOWN, ResourceOrigin.LOCAL_CONSTANT))
LAYOUT = layout.derive_layout((True, True, False), [USAGE])

# Per stage: a sample of its inputs, and per input a different value.
SAMPLES: dict[Tracked[..., Any], tuple[dict[str, Any], dict[str, Any]]] = {
    device_targets.executable_targets: (
        {"site_targets": [(CPU,)], "public": True, "devices": DEVICES},
        {
            "site_targets": [(VMVX,)],
            "public": False,
            "devices": (device_targets.DeviceTable((("dev2", DEVICE),)), ()),
        },
    ),
    variants.plan_variants: ({"targets": (CPU,)}, {"targets": (CPU, VMVX)}),
    layout.pipeline_layout: (
        {"signature": ((True, True, False), None), "site_usages": [USAGE]},
        {
            "signature": ((True, False, False), None),
            "site_usages": [SiteUsage(True, (1, 3), USAGE.origins)],
        },
    ),
    interface.layout_attr_text: ({"layout": LAYOUT}, {"layout": layout.derive_layout((True,), [])}),
    dispatch.annotate: (
        {"entry_points": ("@ex::@e",), "site_targets": (CPU,),
         "expansions": {"@ex::@e": (("@ex::@cpu::@e", CPU),)}},
        {"entry_points": ("@ex::@f",), "site_targets": (VMVX,),
         "expansions": {"@ex::@e": (("@ex::@vmvx::@e", VMVX),)}},
    ),
}


def all_tracked() -> list[Tracked[..., Any]]:
    """Every tracked stage declared in halflow.nodes."""
    found = []
    for info in pkgutil.iter_modules(halflow.nodes.__path__):
        module = importlib.import_module(f"halflow.nodes.{info.name}")
        found += [v for v in vars(module).values() if isinstance(v, Tracked)]
    return list(dict.fromkeys(found))


def test_every_tracked_stage_is_sampled_and_run_by_the_planner() -> None:
    stages = all_tracked()
    assert set(stages) == set(SAMPLES), "add a sample for the new stage"
    assert set(plan.TRACKED) == set(stages)


@pytest.mark.parametrize("step", list(SAMPLES), ids=lambda s: s.stage.name)
def test_declared_inputs_are_the_function_parameters(step: Tracked[..., Any]) -> None:
    base, other = SAMPLES[step]
    assert set(base) == set(step.inputs) == set(other)
    step.apply(base)  # runs on exactly its inputs
    with pytest.raises(TypeError):
        step.apply({**base, "undeclared": 1})
    with pytest.raises(TypeError):
        step.apply({k: v for k, v in base.items() if k != step.inputs[0]})


@pytest.mark.parametrize("step", list(SAMPLES), ids=lambda s: s.stage.name)
def test_each_input_changes_the_key(step: Tracked[..., Any]) -> None:
    base, other = SAMPLES[step]
    key = tracked_key(step, "env", "opts", base)
    assert key == tracked_key(step, "env", "opts", dict(base))  # deterministic
    for name in step.inputs:
        perturbed = {**base, name: other[name]}
        assert tracked_key(step, "env", "opts", perturbed) != key, name


@pytest.mark.parametrize("step", list(SAMPLES), ids=lambda s: s.stage.name)
def test_version_environment_and_options_change_the_key(step: Tracked[..., Any]) -> None:
    base, _ = SAMPLES[step]
    key = tracked_key(step, "env", "opts", base)
    bumped = Tracked(Stage(step.stage.name, step.stage.version + 1), step.fn, step.inputs)
    assert tracked_key(bumped, "env", "opts", base) != key
    assert tracked_key(step, "env2", "opts", base) != key
    assert tracked_key(step, "env", "opts2", base) != key


def test_a_private_executable_does_not_read_the_devices() -> None:
    # The engine passes devices=None for a private executable, so a device
    # change cannot reach its key; the stage must not need them.
    assert device_targets.executable_targets([(CPU,), (VMVX, CPU)], False, None) == (CPU, VMVX)
    assert device_targets.executable_targets([(VMVX,)], True, DEVICES) == (VMVX, CPU)


# The IR stages and the modules that declare them (beside their functions).
IR_STAGES = {
    host.DEVICES: host,
    host.ANALYSIS: host,
    facts.FACTS: facts,
    executable.CONVERT: executable,
    providers.PRINTED: providers,
    providers.SHELL: providers,
}


def test_every_ir_node_of_the_build_script_is_declared() -> None:
    # Every IrStage declared in the modules above is listed, and the build
    # script keys no persisted node by hand: the nodes it evaluates with
    # Evaluator.node are views of a dependency (derived) or the assembly.
    declared = {v for m in set(IR_STAGES.values()) for v in vars(m).values()
                if isinstance(v, IrStage)}
    assert declared == set(IR_STAGES)
    names = {d.stage.name for d in declared}
    assert names == {"devices", "host", "executable", "convert", "print", "shell"}
    calls = [c for m in (pass_groups, host_groups)
             for c in ast.walk(ast.parse(inspect.getsource(m))) if isinstance(c, ast.Call)
             and isinstance(c.func, ast.Attribute) and c.func.attr in ("node", "read_ir")]
    by_hand = [ast.unparse(c.args[0]) for c in calls if c.func.attr == "node"  # type: ignore[attr-defined]
               and not any(k.arg == "derived" for k in c.keywords)]
    assert by_hand == ["graph.MODULE"]
    assert len([c for c in calls if c.func.attr == "read_ir"]) == len(IR_STAGES)  # type: ignore[attr-defined]


def test_the_conversion_key_covers_every_stage_either_conversion_runs() -> None:
    covered = set(executable.CONVERT.runs) | {executable.CONVERT.stage}
    assert set(executable.RUNS) | set(executable_source.RUNS) <= covered


@pytest.mark.parametrize("step", list(IR_STAGES), ids=lambda s: s.stage.name)
def test_each_ir_input_changes_the_key(step: IrStage) -> None:
    texts = {name: f"key of {name}" for name in step.inputs}
    key = ir_key(step, "env", "opts", texts, ["dep"])
    assert key == ir_key(step, "env", "opts", dict(texts), ["dep"])
    for name in step.inputs:
        assert ir_key(step, "env", "opts", {**texts, name: "other"}, ["dep"]) != key, name
    assert ir_key(step, "env", "opts", texts, ["other dep"]) != key
    assert ir_key(step, "env2", "opts", texts, ["dep"]) != key
    assert ir_key(step, "env", "opts2", texts, ["dep"]) != key
    with pytest.raises(TypeError):
        ir_key(step, "env", "opts", {**texts, "undeclared": "x"})
    with pytest.raises(TypeError):
        ir_key(step, "env", "opts", {})


@pytest.mark.parametrize("step", list(IR_STAGES), ids=lambda s: s.stage.name)
def test_the_version_of_each_stage_an_ir_stage_runs_changes_the_key(step: IrStage) -> None:
    texts = {name: "k" for name in step.inputs}
    key = ir_key(step, "env", "opts", texts)
    for k, stage in enumerate((step.stage, *step.runs)):
        bumped = Stage(stage.name, stage.version + 1)
        runs = step.runs if k == 0 else (*step.runs[: k - 1], bumped, *step.runs[k:])
        changed = IrStage(bumped if k == 0 else step.stage, step.inputs, runs)
        assert ir_key(changed, "env", "opts", texts) != key, stage.name
