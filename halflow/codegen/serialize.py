"""Serializing a group: its members' translations linked into one
module and serialized by IREE to one binary per variant
(:func:`serialize_group`)."""

from __future__ import annotations

import io
import time
from typing import Any

from halflow.codegen import iree_api
from halflow.codegen.environment import prepare, worker_id
from halflow.codegen.iree_api import TARGETS
from halflow.codegen.tasks import Binary, GroupResult, GroupTask


def serialize_group(task: GroupTask) -> GroupResult:
    """IREE's linking and serialization of one group, in-process: the phase
    pipeline ``executable-targets`` -> ``hal`` on a module holding just the
    members (made public, so that pruning keeps them without a host). A
    textual ``iree-hal-serialize-*`` pipeline would not do: in-process it
    sees no llvm-cpu target backend. Members are parsed one by one and moved
    into the group module (their texts cannot be concatenated: each printed
    ``distinct`` debug-info ids from 0)."""
    from iree.compiler import ir

    from halflow.codegen.executables import denormalize

    prepare(task.env)
    started = time.perf_counter()
    try:
        # The group is built, and its result read, in contexts of this
        # process's own (freed; see iree_api.Invocation.bytecode), and goes
        # to and from IREE's session as bytecode (every location kept).
        with iree_api.own_context(), ir.Location.unknown():
            group = ir.Module.parse(f"module @{task.name} {{\n}}")
            for name, text in task.members:
                part = ir.Module.parse(denormalize(text, name))
                for op in list(part.body.operations):
                    if op.operation.name == "hal.executable":
                        # A member with several variants is serialized
                        # here for one (its other variants are in other groups).
                        for variant in list(op.operation.regions[0].blocks[0].operations):
                            if (variant.operation.name == "hal.executable.variant"
                                    and variant.operation.attributes["sym_name"].value
                                    != task.variant):
                                variant.operation.erase()
                        op.operation.attributes["sym_visibility"] = ir.StringAttr.get("public")
                        group.body.append(op.operation)
            source = io.BytesIO()
            group.operation.write_bytecode(source)
            del group
        with iree_api.Invocation(task.env.session_flags, task.env.verify) as inv:
            inv.parse(source.getvalue(), f"{task.name}.mlirbc")
            inv.phases(TARGETS, "hal")
            inv.compile()
            serialized = inv.bytecode()
            warnings = tuple(m.text for m in inv.messages
                             if m.severity == iree_api.Severity.WARNING)
        with iree_api.own_context():
            module = ir.Module.parse(serialized).operation
            binaries = []
            for op in module.regions[0].blocks[0].operations:
                if op.operation.name != "hal.executable":
                    continue
                if op.operation.attributes["sym_name"].value != task.linked:
                    raise iree_api.CompileError("serialization", [
                        f"expected one executable @{task.linked}, IREE made "
                        f"@{op.operation.attributes['sym_name'].value}"])
                for b in op.operation.regions[0].blocks[0].operations:
                    if b.operation.name == "hal.executable.binary":
                        attrs = b.operation.attributes
                        data = _binary_bytes(ir.DenseElementsAttr(attrs["data"]))
                        binaries.append(Binary(
                            attrs["sym_name"].value, attrs["format"].value,
                            attrs["mime_type"].value if "mime_type" in attrs else "", data))
            del module
            if len(binaries) != 1 or binaries[0].variant != task.variant:
                raise iree_api.CompileError("serialization", [
                    f"expected one binary @{task.variant} in @{task.linked}, found "
                    f"{[b.variant for b in binaries]}"])
    except iree_api.CompileError as e:
        return GroupResult(task.key, False, None, time.perf_counter() - started, e.messages,
                           worker_id())
    except ir.MLIRError as e:
        return GroupResult(task.key, False, None, time.perf_counter() - started, (str(e),),
                           worker_id())
    return GroupResult(task.key, True, binaries[0], time.perf_counter() - started, warnings,
                       worker_id())


def _binary_bytes(data: Any) -> bytes:
    """The bytes of a binary's ``dense<...> : vector<Nxi8>``, through the
    attribute's buffer (no numpy: importing it costs each process ~15 MB)."""
    if data.is_splat:  # one value repeated: the buffer holds it once
        from iree.compiler import ir

        return bytes([ir.IntegerAttr(data.get_splat_value()).value & 0xFF]) * len(data)
    return bytes(memoryview(data))
