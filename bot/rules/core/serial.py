"""Plain data to JSON and back, for dataclasses of the rules engine.

Dataclass fields are converted by their type hints: enums by name, cards by
code, dataclasses as objects (a generic one, such as ``Pile[Card]``, with its
type parameters read into its fields' hints), lists, tuples, sets and
``dict[str|int|Enum, ...]`` as JSON arrays and objects (enum keys by name). Fields equal to their default are left out, so
stored states stay small and old states read with new defaults. A converter
is built once per type and reused, since every command loads and stores a game; plain values (text, numbers,
``None``), most of a state, are passed through without a call.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import types
import typing
from collections.abc import Callable
from typing import Any

from .cards import Card
from .dice import Roll

Convert = Callable[[Any], Any]
PLAIN = frozenset({str, int, float, bool, type(None)})
"""Types that are JSON as they are, both ways."""


def _same(value: Any) -> Any:
    return value


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
    cls = type(value)
    return value if cls in PLAIN else _encoder(cls)(value)


@functools.cache
def _encoder(cls: type) -> Convert:
    if issubclass(cls, enum.Enum):
        return lambda v: v.name
    if cls is Card:
        return lambda v: v.code
    if cls is Roll:
        return Roll.to_json
    if dataclasses.is_dataclass(cls):
        return _dataclass_encoder(cls)
    if issubclass(cls, dict):
        return lambda v: {k if type(k) is str else _key(k): i if type(i) in PLAIN else to_json(i)
                          for k, i in v.items()}
    if issubclass(cls, (list, tuple)):           # cards, most of what a state's lists hold, written at once
        return lambda v: [i if type(i) in PLAIN else i.code if type(i) is Card else to_json(i) for i in v]
    if issubclass(cls, (set, frozenset)):
        return lambda v: sorted(to_json(i) for i in v)
    return _same


def _compiled(name: str, lines: list[str], names: dict[str, Any]) -> Convert:
    """The function ``name`` made of ``lines`` of source, reading ``names``: a dataclass's converter written out
    field by field once, as :mod:`dataclasses` writes a class's ``__init__``, since every command converts its
    game both ways."""
    exec("\n".join(lines), names)                       # noqa: S102 (source made here from field names alone)
    return names[name]


def _dataclass_encoder(cls: type) -> Convert:
    """A dataclass as a JSON object: each field unlike its default, by name."""
    names: dict[str, Any] = {"PLAIN": PLAIN, "to_json": to_json}
    lines = ["def encode(value):", "    out = {}"]
    for number, (name, _, default) in enumerate(_fields(cls)):
        names[f"default{number}"] = default
        lines += [f"    item = value.{name}",
                  f"    if item != default{number}:",
                  f"        out[{name!r}] = item if type(item) in PLAIN else to_json(item)"]
    return _compiled("encode", [*lines, "    return out"], names)


def _key(key: Any) -> str:
    """A dict's key as a JSON object's: an enum by name, as its decoder reads it."""
    return key.name if isinstance(key, enum.Enum) else str(key)


def _substituted(hint: Any, types_given: dict[Any, Any]) -> Any:
    """A field's hint with the type parameters of its generic dataclass replaced by the types given."""
    if isinstance(hint, typing.TypeVar):
        return types_given.get(hint, Any)
    args = typing.get_args(hint)
    if not args:
        return hint
    inner = tuple(_substituted(arg, types_given) for arg in args)
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        return typing.Union[inner]
    return origin[inner]


def from_json(hint: Any, data: Any) -> Any:
    """Data made by :func:`to_json` back as the type ``hint``."""
    return _decoder(hint)(data)


@functools.cache
def _decoder(hint: Any) -> Convert:
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        (inner,) = [a for a in args if a is not type(None)]
        decode_inner = _decoder(inner)
        return lambda d: None if d is None else decode_inner(d)
    if origin in (list, set, frozenset) or (origin is tuple and args and args[-1] is Ellipsis):
        item = _decoder(args[0])
        return lambda d: origin(map(item, d))
    if origin is tuple:
        items = [_decoder(a) for a in args]
        if len(set(items)) == 1:                            # a point: (float, float)
            same, size = items[0], len(items)
            return lambda d: tuple(map(same, d[:size]))
        return lambda d: tuple(f(i) for f, i in zip(items, d))
    if origin is dict:
        key, value = (_decoder(a) for a in args)
        if key is str:                                      # a JSON object's keys are text already
            return lambda d: {k if type(k) is str else str(k): value(v) for k, v in d.items()}
        return lambda d: {key(k): value(v) for k, v in d.items()}
    if hint is Card:
        return Card.parse
    if hint is Roll:
        return Roll.from_json
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return hint.__getitem__
    if dataclasses.is_dataclass(origin):
        given = dict(zip(origin.__parameters__, args))
        return _dataclass_decoder(origin, [(name, _substituted(field_hint, given))
                                           for name, field_hint, _ in _fields(origin)])
    if dataclasses.is_dataclass(hint):
        return _dataclass_decoder(hint, [(name, field_hint) for name, field_hint, _ in _fields(hint)])
    if hint is Any or hint is object:
        return _same
    return hint


def _dataclass_decoder(cls: type, hints: list[tuple[str, Any]]) -> Convert:
    """A JSON object as the dataclass: each field it holds, converted by its hint (text, numbers and anything
    without a converter as they are, unless of another type)."""
    names: dict[str, Any] = {}
    lines = ["def given_fields(d):", "    given = {}"]
    for number, (name, hint) in enumerate(hints):
        convert = _decoder(hint)
        names[f"convert{number}"] = convert
        lines.append(f"    if {name!r} in d:")
        if convert is _same:
            lines.append(f"        given[{name!r}] = d[{name!r}]")
        elif convert in PLAIN:
            lines += [f"        item = d[{name!r}]",
                      f"        given[{name!r}] = item if type(item) is convert{number} else convert{number}(item)"]
        else:
            lines.append(f"        given[{name!r}] = convert{number}(d[{name!r}])")
    given_fields = _compiled("given_fields", [*lines, "    return given"], names)

    def decode(d: dict) -> Any:
        return cls(**given_fields(d))
    return decode


def differences(left: Any, right: Any, where: str = "state") -> list[str]:
    """Where two values read from JSON differ, every field of a dataclass compared (those that ``==`` leaves out
    too): how a state kept from one command for the next is checked against the same state read afresh."""
    found: list[str] = []
    _differ(left, right, (where,), found)
    return found


@functools.cache
def _all_fields(cls: type) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(cls))


NUMBERS = (int, float)
"""A number written as an int and read back as a float (a place typed 30, read back 30.0) is the same number."""


def _differ(left: Any, right: Any, path: tuple, found: list[str]) -> None:
    """Add to ``found`` where ``left`` and ``right`` differ (``path``: the way to them, written out only then)."""
    kind = type(left)
    if kind is type(right) and kind in PLAIN or kind in NUMBERS and type(right) in NUMBERS:
        same = left == right
    elif kind is not type(right):
        same = False
    elif dataclasses.is_dataclass(kind):
        for name in _all_fields(kind):
            _differ(getattr(left, name), getattr(right, name), (*path, ".", name), found)
        return
    elif issubclass(kind, dict) and left.keys() == right.keys():
        for key in left:
            _differ(left[key], right[key], (*path, f"[{key!r}]"), found)
        return
    elif issubclass(kind, (list, tuple)) and len(left) == len(right):
        for n, (a, b) in enumerate(zip(left, right)):
            _differ(a, b, (*path, f"[{n}]"), found)
        return
    else:
        same = left == right
    if not same:
        found.append(f"{''.join(map(str, path))}: {left!r} != {right!r}")
