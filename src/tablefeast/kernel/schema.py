"""JSON Schemas generated from attrs classes: the wire format of views, states and configs.

`json_schema(cls)` reads an attrs class's fields and their types and gives the JSON Schema of
what `tablefeast.dumps` writes for it: ints, strings and booleans as such, tuples and sets as
arrays, ``X | None`` as either, enums as their values, exact `Fraction`\\ s as text (or an int),
nested attrs classes as objects (each once, under ``$defs``), with every field required and no
other allowed. A browser renderer reads views in this form; the server keeps each game's view
schema beside the renderers, and a test regenerates it, so that renaming a field breaks a test
rather than a renderer.

Examples:
    >>> import tablefeast.games.food_chain as fc
    >>> schema = json_schema(fc.View)
    >>> schema["properties"]["round"], schema["properties"]["snatching"]
    ({'type': 'integer'}, {'anyOf': [{'type': 'integer'}, {'type': 'null'}]})
    >>> schema["properties"]["config"]
    {'$ref': '#/$defs/Config'}
"""

from __future__ import annotations

import enum
import types
from collections.abc import Mapping
from fractions import Fraction
from typing import Literal, Union, get_args, get_origin, get_type_hints

import attrs

from tablefeast.kernel.limits import JSON

__all__ = ["json_schema"]

_SIMPLE: dict[object, dict[str, JSON]] = {
    int: {"type": "integer"},
    str: {"type": "string"},
    bool: {"type": "boolean"},
    float: {"type": "number"},
    type(None): {"type": "null"},
    Fraction: {"type": ["string", "integer"]},  # "1/10" (kernel.serialize)
}


def json_schema(cls: type) -> dict[str, JSON]:
    """The JSON Schema (draft 2020-12) of `cls` as `tablefeast.dumps` writes it.

    Args:
        cls: an attrs class.

    Raises:
        TypeError: a field has a type this generator does not know (the message names it).

    Examples:
        >>> import attrs
        >>> @attrs.frozen
        ... class Seat:
        ...     number: int
        ...     name: str | None
        >>> json_schema(Seat)["required"]
        ['number', 'name']
    """
    defs: dict[str, JSON] = {}
    root = _object(cls, defs)
    schema: dict[str, JSON] = {"$schema": "https://json-schema.org/draft/2020-12/schema"}
    schema["title"] = cls.__name__
    schema.update(root)
    if defs:
        schema["$defs"] = dict(sorted(defs.items()))
    return schema


def _object(cls: type, defs: dict[str, JSON]) -> dict[str, JSON]:
    hints = get_type_hints(cls)
    # cattrs writes the fields `__init__` takes (derived ones are not written)
    properties: dict[str, JSON] = {
        field.name: _of(hints[field.name], defs) for field in attrs.fields(cls) if field.init
    }
    return {
        "type": "object",
        "properties": properties,
        "required": list(properties),
        "additionalProperties": False,
    }


def _of(kind: object, defs: dict[str, JSON]) -> dict[str, JSON]:
    if kind in _SIMPLE:
        return dict(_SIMPLE[kind])
    origin, args = get_origin(kind), get_args(kind)
    if origin in (Union, types.UnionType):
        return {"anyOf": [_of(arg, defs) for arg in args]}
    if origin is Literal:
        return {"enum": list(args)}
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
        return {"type": "array", "items": _of(args[0], defs)}
    if origin is tuple:
        items: list[JSON] = [_of(arg, defs) for arg in args]
        return {
            "type": "array",
            "prefixItems": items,
            "minItems": len(items),
            "maxItems": len(items),
        }
    if origin in (list, frozenset, set):
        return {"type": "array", "items": _of(args[0], defs)}
    if origin is not None and isinstance(origin, type) and issubclass(origin, Mapping):
        return {"type": "object", "additionalProperties": _of(args[1], defs)}
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        return {"enum": [member.value for member in kind]}
    if isinstance(kind, type) and attrs.has(kind):
        name = kind.__name__
        if name not in defs:
            defs[name] = {}  # a placeholder first: a class may refer to itself
            defs[name] = _object(kind, defs)
        return {"$ref": f"#/$defs/{name}"}
    raise TypeError(f"no JSON Schema for the type {kind!r}")
