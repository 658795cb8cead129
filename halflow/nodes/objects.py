"""``hal.executable.objects`` applicable to one variant's target.

IREE keeps, for each variant, the objects of every generic target that
matches the variant's target (``ExecutableTargetAttr::isGenericOf``): same
backend and format, and configurations that agree on every key the generic
one has. A target written without a configuration has an empty one (IREE's
parser always stores a dictionary), so it only matches generic targets
without configuration keys.
"""

from __future__ import annotations

from iree.compiler import ir

from halflow.core import attrtext, stages
from halflow.nodes.variants import target_fields

STAGE = stages.OBJECTS


def _config(text: str | None) -> ir.DictAttr:
    return ir.DictAttr(ir.Attribute.parse("{}" if text is None else text))


def is_generic_of(generic: str, specific: str) -> bool:
    g_backend, g_format, g_config = target_fields(generic)
    s_backend, s_format, s_config = target_fields(specific)
    if g_backend != s_backend or g_format != s_format:
        return False
    g, s = _config(g_config), _config(s_config)
    for i in range(len(s)):
        named = s[i]
        if named.name in g and g[named.name] != named.attr:
            return False
    return all(g[i].name in s for i in range(len(g)))


def entries(objects_text: str) -> list[tuple[str, str]]:
    """``(target text, objects array text)`` pairs of a printed objects attr."""
    params = attrtext.parameters(objects_text, "#hal.executable.objects")
    if not params:
        return []
    body = params[0].strip()
    if not (body.startswith("{") and body.endswith("}")):
        return []
    inner = body[1:-1].strip()
    pairs = []
    for item in attrtext.split_top_level(inner) if inner else []:
        key, value = attrtext.split_top_level(item, "=")[:2]
        pairs.append((key.strip(), value.strip()))
    return pairs


def applicable_objects(objects_text: str | None, target: str) -> ir.ArrayAttr | None:
    """The objects that apply to ``target``, or None when there are none."""
    if objects_text is None:
        return None
    found: list[ir.Attribute] = []
    for generic, array in entries(objects_text):
        if is_generic_of(generic, target):
            found.extend(ir.ArrayAttr(ir.Attribute.parse(array)))
    return ir.ArrayAttr.get(found) if found else None
