"""Tree-walking evaluator. Touches only plain data (None, bool, numbers, str, list, dict, dates)
and :class:`HostObject` instances; anything else is an error, so no Python attribute is reachable."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from datetime import date, datetime

from ..errors import ExpressionError
from .ast import Binary, Call, Index, Literal, Member, Name, Node, Unary
from .builtins import call_builtin
from .coercion import is_empty, is_floating, is_number, to_bool, to_float, to_int, to_number, to_str
from .host import HostObject

Scope = Mapping[str, object]


class Evaluator:
    """Evaluates one parsed expression against a variable scope."""

    def __init__(self, scope: Scope, source: str) -> None:
        self._scope = scope
        self._source = source

    def eval(self, node: Node) -> object:
        """Evaluates ``node``."""
        if isinstance(node, Literal):
            return node.value
        if isinstance(node, Name):
            return self._name(node.name)
        if isinstance(node, Member):
            return _member(self.eval(node.target), node.name)
        if isinstance(node, Index):
            return _index(self.eval(node.target), self.eval(node.index))
        if isinstance(node, Call):
            target = self.eval(node.target)
            args = [self.eval(a) for a in node.args]
            return _call(target, node.name, args)
        if isinstance(node, Unary):
            return self._unary(node)
        if isinstance(node, Binary):
            return self._binary(node)
        return self.eval(node.then) if to_bool(self.eval(node.test)) else self.eval(node.otherwise)

    def _name(self, name: str) -> object:
        if name in self._scope:
            return self._scope[name]
        raise ExpressionError(f"Unknown property used in expression: {self._source}")

    def _unary(self, node: Unary) -> object:
        value = self.eval(node.operand)
        if node.op == "not":
            return not to_bool(value)
        if node.op == "empty":
            return is_empty(value)
        if value is None:
            return 0
        num = to_number(value)
        return -num

    def _binary(self, node: Binary) -> object:
        op = node.op
        if op == "and":
            return to_bool(self.eval(node.left)) and to_bool(self.eval(node.right))
        if op == "or":
            return to_bool(self.eval(node.left)) or to_bool(self.eval(node.right))
        left = self.eval(node.left)
        right = self.eval(node.right)
        if op in ("==", "!="):
            return equals(left, right) == (op == "==")
        if op in _COMPARE:
            return compare(op, left, right)
        return arithmetic(op, left, right)


_COMPARE: dict[str, Callable[[int], bool]] = {
    "<": lambda c: c < 0,
    ">": lambda c: c > 0,
    "<=": lambda c: c <= 0,
    ">=": lambda c: c >= 0,
}


def equals(a: object, b: object) -> bool:
    """JUEL ``==``: coerce by the 'strongest' operand type."""
    if a is b:
        return True
    if a is None or b is None:
        return False
    if is_number(a) or is_number(b):
        if is_floating(a) or is_floating(b):
            return to_float(a) == to_float(b)
        return to_number(a) == to_number(b)
    if isinstance(a, bool) or isinstance(b, bool):
        return to_bool(a) == to_bool(b)
    if isinstance(a, str) or isinstance(b, str):
        return to_str(a) == to_str(b)
    return a == b


def compare(op: str, a: object, b: object) -> bool:
    """JUEL ``< > <= >=``: null compares false; numbers numerically; strings lexically."""
    if a is None or b is None:
        return False
    if is_number(a) or is_number(b):
        x, y = (
            (to_float(a), to_float(b)) if is_floating(a) or is_floating(b) else (to_number(a), to_number(b))
        )
        cmp = (x > y) - (x < y)
    elif isinstance(a, str) and isinstance(b, str):
        cmp = (a > b) - (a < b)
    elif isinstance(a, datetime) and isinstance(b, datetime):
        cmp = (a > b) - (a < b)
    elif isinstance(a, date) and isinstance(b, date):
        cmp = (a > b) - (a < b)
    else:
        raise ExpressionError(f"Cannot compare {type(a).__name__} with {type(b).__name__}")
    return _COMPARE[op](cmp)


def arithmetic(op: str, a: object, b: object) -> object:
    """JUEL ``+ - * / %``: ``/`` is always real division; null counts as 0."""
    if a is None and b is None:
        return 0
    if op == "/":
        x, y = to_float(a), to_float(b)
        if y == 0.0:
            return math.nan if x == 0.0 or math.isnan(x) else math.copysign(math.inf, x) * math.copysign(1, y)
        return x / y
    if is_floating(a) or is_floating(b):
        fx, fy = to_float(a), to_float(b)
        if op == "%":
            if fy == 0.0:
                return math.nan
            return math.fmod(fx, fy)
        return fx + fy if op == "+" else fx - fy if op == "-" else fx * fy
    ix, iy = to_int(a), to_int(b)
    if op == "%":
        if iy == 0:
            raise ExpressionError("Division by zero in '%'")
        rem = abs(ix) % abs(iy)
        return -rem if ix < 0 else rem
    result = ix + iy if op == "+" else ix - iy if op == "-" else ix * iy
    if abs(result) > 2**63:
        raise ExpressionError("Integer overflow")
    return result


def _member(target: object, name: str) -> object:
    if target is None:
        return None
    if isinstance(target, Mapping):
        return target.get(name)
    if isinstance(target, HostObject):
        return target.expr_property(name)
    raise ExpressionError(f"Property '{name}' not found on type {type(target).__name__}")


def _index(target: object, index: object) -> object:
    if target is None:
        return None
    if isinstance(target, Mapping):
        return target.get(index if isinstance(index, str) else to_str(index))
    if isinstance(target, list | tuple):
        i = to_int(index)
        return target[i] if 0 <= i < len(target) else None
    if isinstance(target, HostObject):
        return target.expr_property(to_str(index))
    raise ExpressionError(f"Cannot index into type {type(target).__name__}")


def _call(target: object, name: str, args: Sequence[object]) -> object:
    if isinstance(target, HostObject):
        return target.expr_call(name, args)
    return call_builtin(target, name, args)
