"""Plain data to JSON and back, for dataclasses of the rules engine.

Dataclass fields are converted by their type hints: enums by name, cards by
code, dataclasses as objects, lists, tuples, sets and ``dict[str|int, ...]``
as JSON arrays and objects. Fields equal to their default are left out, so
stored states stay small and old states read with new defaults.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import types
import typing
from typing import Any

from .cards import Card
from .dice import Roll


@functools.cache
def _fields(cls: type) -> tuple[tuple[str, Any, Any], ...]:
    hints = typing.get_type_hints(cls)
    out = []
    for f in dataclasses.fields(cls):
        if not f.init:
            continue
        if f.default is not dataclasses.MISSING:
            default = f.default
        elif f.default_factory is not dataclasses.MISSING:
            default = f.default_factory()
        else:
            default = dataclasses.MISSING
        out.append((f.name, hints[f.name], default))
    return tuple(out)


def to_json(value: Any) -> Any:
    """``value`` as JSON-ready data."""
    if isinstance(value, enum.Enum):
        return value.name
    if isinstance(value, Card):
        return value.code
    if isinstance(value, Roll):
        return value.to_json()
    if dataclasses.is_dataclass(value):
        out = {}
        for name, _, default in _fields(type(value)):
            item = getattr(value, name)
            if item != default:
                out[name] = to_json(item)
        return out
    if isinstance(value, dict):
        return {str(k): to_json(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [to_json(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted(to_json(v) for v in value)
    return value


def from_json(hint: Any, data: Any) -> Any:
    """Data made by :func:`to_json` back as the type ``hint``."""
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        if data is None:
            return None
        (inner,) = [a for a in args if a is not type(None)]
        return from_json(inner, data)
    if origin in (list, tuple, set, frozenset):
        if origin is tuple and args and args[-1] is not Ellipsis:
            return tuple(from_json(a, d) for a, d in zip(args, data))
        return origin(from_json(args[0], d) for d in data)
    if origin is dict:
        key_type, value_type = args
        return {key_type(k): from_json(value_type, v) for k, v in data.items()}
    if hint is Card:
        return Card.parse(data)
    if hint is Roll:
        return Roll.from_json(data)
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return hint[data]
    if dataclasses.is_dataclass(hint):
        kwargs = {}
        for name, field_hint, _ in _fields(hint):
            if name in data:
                kwargs[name] = from_json(field_hint, data[name])
        return hint(**kwargs)
    if hint is Any:
        return data
    return hint(data)
