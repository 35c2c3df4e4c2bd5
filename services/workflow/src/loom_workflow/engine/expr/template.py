"""Compiled expressions: ``${x > 1}`` (typed result) or text templates ``kermit_${loopCounter}``."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ..errors import ExpressionError
from .ast import Node
from .coercion import to_bool, to_str
from .evaluator import Evaluator, Scope
from .parser import parse
from .tokens import tokenize

MAX_SOURCE = 10_000


@dataclass(frozen=True, slots=True)
class Expression:
    """A parsed expression: literal text parts interleaved with ``${...}`` trees."""

    source: str
    parts: tuple[str | Node, ...]

    @property
    def is_literal(self) -> bool:
        """True when the text holds no ``${...}`` at all."""
        return all(isinstance(p, str) for p in self.parts)

    def evaluate(self, scope: Scope) -> object:
        """Evaluates against ``scope``. A single ``${...}`` keeps its type; mixed text gives a string."""
        try:
            if len(self.parts) == 1 and not isinstance(self.parts[0], str):
                return Evaluator(scope, self.source).eval(self.parts[0])
            out: list[str] = []
            for part in self.parts:
                if isinstance(part, str):
                    out.append(part)
                else:
                    out.append(to_str(Evaluator(scope, self.source).eval(part)))
            return "".join(out)
        except ExpressionError:
            raise
        except (TypeError, ValueError, ArithmeticError, RecursionError, IndexError, KeyError) as exc:
            raise ExpressionError(f"Error while evaluating expression: {self.source}: {exc}") from exc

    def evaluate_bool(self, scope: Scope) -> bool:
        """Evaluates a condition; the result must be a boolean (or a 'true'/'false' string)."""
        value = self.evaluate(scope)
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.strip().lower() in ("true", "false"):
            return to_bool(value)
        raise ExpressionError(f"condition expression returns non-Boolean: {value!r} ({self.source})")


def _split(source: str) -> tuple[str | Node, ...]:
    parts: list[str | Node] = []
    text: list[str] = []
    i = 0
    n = len(source)
    while i < n:
        ch = source[i]
        if ch == "\\" and i + 2 < n and source[i + 1] in "$#" and source[i + 2] == "{":
            text.append(source[i + 1 : i + 3])
            i += 3
            continue
        if ch in "$#" and i + 1 < n and source[i + 1] == "{":
            if text:
                parts.append("".join(text))
                text = []
            tokens, i = tokenize(source, i + 2, stop_at_brace=True)
            parts.append(parse(tokens))
            continue
        text.append(ch)
        i += 1
    if text or not parts:
        parts.append("".join(text))
    return tuple(parts)


@lru_cache(maxsize=4096)
def compile_expression(source: str) -> Expression:
    """Parses ``source`` once (cached). Raises :class:`ExpressionError` on bad syntax."""
    if not isinstance(source, str):
        raise ExpressionError("Expression must be text")
    if len(source) > MAX_SOURCE:
        raise ExpressionError("Expression too long")
    try:
        return Expression(source, _split(source))
    except ExpressionError:
        raise
    except (RecursionError, ValueError) as exc:
        raise ExpressionError(f"Invalid expression: {exc}") from exc
