"""The tiny allow-list of pure methods on plain values (``${list.size() > 0}``, ``${s.contains('x')}``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..errors import ExpressionError
from .coercion import to_int, to_str
from .host import no_such_member


def _arity(name: str, args: Sequence[object], n: int) -> None:
    if len(args) != n:
        raise ExpressionError(f"Method '{name}' takes {n} argument(s), got {len(args)}")


def _string_method(value: str, name: str, args: Sequence[object]) -> object:
    if name in ("length", "isEmpty", "trim", "toUpperCase", "toLowerCase"):
        _arity(name, args, 0)
        if name == "length":
            return len(value)
        if name == "isEmpty":
            return len(value) == 0
        if name == "trim":
            return value.strip()
        return value.upper() if name == "toUpperCase" else value.lower()
    if name in ("contains", "startsWith", "endsWith", "equals"):
        _arity(name, args, 1)
        arg = to_str(args[0])
        if name == "contains":
            return arg in value
        if name == "startsWith":
            return value.startswith(arg)
        return value.endswith(arg) if name == "endsWith" else value == arg
    raise no_such_member("string", name)


def _list_method(value: Sequence[object], name: str, args: Sequence[object]) -> object:
    if name in ("size", "isEmpty"):
        _arity(name, args, 0)
        return len(value) if name == "size" else len(value) == 0
    if name == "contains":
        _arity(name, args, 1)
        return args[0] in value
    if name == "get":
        _arity(name, args, 1)
        i = to_int(args[0])
        if not 0 <= i < len(value):
            raise ExpressionError(f"Index {i} out of bounds for length {len(value)}")
        return value[i]
    raise no_such_member("list", name)


def _map_method(value: Mapping[object, object], name: str, args: Sequence[object]) -> object:
    if name in ("size", "isEmpty"):
        _arity(name, args, 0)
        return len(value) if name == "size" else len(value) == 0
    if name in ("get", "containsKey"):
        _arity(name, args, 1)
        return value.get(args[0]) if name == "get" else args[0] in value
    raise no_such_member("map", name)


def call_builtin(target: object, name: str, args: Sequence[object]) -> object:
    """Calls an allow-listed pure method on a plain value."""
    try:
        if isinstance(target, str):
            return _string_method(target, name, args)
        if isinstance(target, list | tuple):
            return _list_method(target, name, args)
        if isinstance(target, Mapping):
            return _map_method(target, name, args)
    except TypeError as exc:  # unhashable argument to 'in'
        raise ExpressionError(f"Invalid argument to '{name}'") from exc
    if target is None:
        raise ExpressionError(f"Cannot call '{name}' on null")
    raise no_such_member(type(target).__name__, name)
