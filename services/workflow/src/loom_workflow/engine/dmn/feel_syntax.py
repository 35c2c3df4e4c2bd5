"""S-FEEL syntax: the tokenizer, the expression tree and the parser of expressions and unary tests
(see :mod:`.feel` for the language and its evaluation)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from functools import lru_cache

from ..errors import DecisionError

MAX_SOURCE = 10_000

# ------------------------------------------------------------------------------------------ tokens
_FUNCTION_NAMES = (
    "date and time",
    "years and months duration",
    "days and time duration",
    "string length",
    "upper case",
    "lower case",
    "starts with",
    "ends with",
)
_OPERATORS = (
    "**",
    "..",
    "<=",
    ">=",
    "!=",
    "==",
    "<",
    ">",
    "=",
    "+",
    "-",
    "*",
    "/",
    ",",
    "(",
    ")",
    "[",
    "]",
    ".",
)
_NAME_START = re.compile(r"[A-Za-z_?\u00C0-\uFFFF]")
_NAME_PART = re.compile(r"[A-Za-z0-9_?\u00C0-\uFFFF]")
_NUMBER = re.compile(r"\d+(\.\d+)?([eE][+-]?\d+)?|\.\d+")


@dataclass(frozen=True, slots=True)
class Token:
    kind: str  # number | string | name | op | end
    text: str
    value: object = None


def tokenize(source: str) -> list[Token]:
    """Splits S-FEEL text into tokens (multi-word function names are one token)."""
    if len(source) > MAX_SOURCE:
        raise DecisionError("FEEL expression too long")
    out: list[Token] = []
    i, n = 0, len(source)
    while i < n:
        c = source[i]
        if c.isspace():
            i += 1
            continue
        if c == '"':
            i, text = _string(source, i)
            out.append(Token("string", text, text))
            continue
        number = _NUMBER.match(source, i)
        if number and not (c == "." and source.startswith("..", i)):
            text = number.group(0)
            out.append(Token("number", text, _number(text)))
            i = number.end()
            continue
        if _NAME_START.match(c):
            i, name = _name(source, i)
            out.append(Token("name", name))
            continue
        for op in _OPERATORS:
            if source.startswith(op, i):
                out.append(Token("op", "=" if op == "==" else op))
                i += len(op)
                break
        else:
            raise DecisionError(f"Unexpected character {c!r} in FEEL expression: {source}")
    out.append(Token("end", ""))
    return out


def _string(source: str, start: int) -> tuple[int, str]:
    out: list[str] = []
    i = start + 1
    escapes = {'"': '"', "\\": "\\", "n": "\n", "t": "\t", "r": "\r", "'": "'"}
    while i < len(source):
        c = source[i]
        if c == '"':
            return i + 1, "".join(out)
        if c == "\\" and i + 1 < len(source):
            nxt = source[i + 1]
            if nxt == "u" and i + 6 <= len(source):
                out.append(chr(int(source[i + 2 : i + 6], 16)))
                i += 6
                continue
            out.append(escapes.get(nxt, nxt))
            i += 2
            continue
        out.append(c)
        i += 1
    raise DecisionError(f"Unterminated string in FEEL expression: {source}")


def _name(source: str, start: int) -> tuple[int, str]:
    for name in _FUNCTION_NAMES:
        end = start + len(name)
        if source.startswith(name, start) and (end == len(source) or not _NAME_PART.match(source[end])):
            return end, name
    i = start + 1
    while i < len(source) and _NAME_PART.match(source[i]):
        i += 1
    return i, source[start:i]


def _number(text: str) -> int | float | Decimal:
    if any(ch in text for ch in ".eE"):
        return float(text)
    return int(text)


# --------------------------------------------------------------------------------------------- AST
@dataclass(frozen=True, slots=True)
class Lit:
    value: object


@dataclass(frozen=True, slots=True)
class Ref:
    path: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Neg:
    operand: Node


@dataclass(frozen=True, slots=True)
class Op:
    op: str
    left: Node
    right: Node


@dataclass(frozen=True, slots=True)
class Fn:
    name: str
    args: tuple[Node, ...]


@dataclass(frozen=True, slots=True)
class ListOf:
    items: tuple[Node, ...]


@dataclass(frozen=True, slots=True)
class Interval:
    low: Node
    high: Node
    low_open: bool
    high_open: bool


@dataclass(frozen=True, slots=True)
class IfThen:
    test: Node
    then: Node
    otherwise: Node


Node = Lit | Ref | Neg | Op | Fn | ListOf | Interval | IfThen


# ------------------------------------------------------------------------------------------ parser
_BINDING = {
    "or": 1,
    "and": 2,
    "=": 3,
    "!=": 3,
    "<": 3,
    "<=": 3,
    ">": 3,
    ">=": 3,
    "+": 4,
    "-": 4,
    "*": 5,
    "/": 5,
    "**": 6,
}


class _Parser:
    def __init__(self, source: str) -> None:
        self.source = source
        self.tokens = tokenize(source)
        self.pos = 0

    @property
    def token(self) -> Token:
        return self.tokens[self.pos]

    def take(self) -> Token:
        token = self.tokens[self.pos]
        self.pos += 1
        return token

    def at(self, kind: str, text: str | None = None) -> bool:
        t = self.token
        return t.kind == kind and (text is None or t.text == text)

    def expect(self, kind: str, text: str) -> None:
        if not self.at(kind, text):
            raise self.error(f"expected '{text}'")
        self.pos += 1

    def error(self, what: str) -> DecisionError:
        return DecisionError(f"Invalid FEEL expression ({what} at '{self.token.text}'): {self.source}")

    def done(self) -> None:
        if not self.at("end"):
            raise self.error("unexpected text")

    # expressions ----------------------------------------------------------------------------
    def expression(self, min_binding: int = 0) -> Node:
        left = self.prefix()
        while True:
            t = self.token
            op = t.text if t.kind == "op" or (t.kind == "name" and t.text in ("and", "or")) else None
            binding = _BINDING.get(op or "", 0)
            if op is None or binding <= min_binding:
                return left
            self.take()
            # ``**`` binds to the right, the rest to the left
            right = self.expression(binding - 1 if op == "**" else binding)
            left = Op(op, left, right)

    def prefix(self) -> Node:
        t = self.take()
        if t.kind in ("number", "string"):
            return Lit(t.value)
        if t.kind == "op" and t.text == "-":
            return Neg(self.expression(5))
        if t.kind == "op" and t.text == "(":
            inner = self.expression()
            self.expect("op", ")")
            return inner
        if t.kind == "op" and t.text in ("[", "]"):
            return self.bracket(t.text)
        if t.kind == "name":
            return self.named(t.text)
        self.pos -= 1
        raise self.error("unexpected token")

    def named(self, name: str) -> Node:
        if name in ("true", "false"):
            return Lit(name == "true")
        if name == "null":
            return Lit(None)
        if name == "if":
            test = self.expression()
            self.expect("name", "then")
            then = self.expression()
            self.expect("name", "else")
            return IfThen(test, then, self.expression())
        if self.at("op", "("):
            self.take()
            args: list[Node] = []
            while not self.at("op", ")"):
                args.append(self.expression())
                if not self.at("op", ")"):
                    self.expect("op", ",")
            self.take()
            return Fn(name, tuple(args))
        path = [name]
        while self.at("op", "."):
            self.take()
            part = self.take()
            if part.kind != "name":
                raise self.error("a name after '.'")
            path.append(part.text)
        return Ref(tuple(path))

    def bracket(self, opener: str) -> Node:
        """``[a, b]`` (a list, only after '['), or an interval ``[a..b]`` / ``]a..b[``."""
        if opener == "[" and self.at("op", "]"):
            self.take()
            return ListOf(())
        first = self.expression()
        if self.at("op", ".."):
            self.take()
            second = self.expression()
            closer = self.take()
            if closer.kind != "op" or closer.text not in ("]", "[", ")"):
                raise self.error("an interval's end")
            return Interval(first, second, opener == "]", closer.text != "]")
        if opener != "[":
            raise self.error("'..'")
        items = [first]
        while self.at("op", ","):
            self.take()
            items.append(self.expression())
        self.expect("op", "]")
        return ListOf(tuple(items))

    def open_interval(self) -> Node:
        """``(a..b]`` / ``(a..b)``: a round opener is an open interval in a unary test."""
        self.expect("op", "(")
        first = self.expression()
        self.expect("op", "..")
        second = self.expression()
        closer = self.take()
        if closer.kind != "op" or closer.text not in ("]", "[", ")"):
            raise self.error("an interval's end")
        return Interval(first, second, True, closer.text != "]")


# ----------------------------------------------------------------------------------- unary tests
@dataclass(frozen=True, slots=True)
class Test:
    """One positive test: ``op`` is a comparator, 'in' (an interval) or '=' (equality / membership)."""

    op: str
    operand: Node


@dataclass(frozen=True, slots=True)
class UnaryTests:
    tests: tuple[Test, ...]  # empty: ``-`` (anything)
    negated: bool = False


@lru_cache(maxsize=4096)
def parse_expression(source: str) -> Node:
    """Parses an S-FEEL expression (cached)."""
    p = _Parser(source)
    node = p.expression()
    p.done()
    return node


@lru_cache(maxsize=4096)
def parse_unary_tests(source: str) -> UnaryTests:
    """Parses the text of an input entry (cached)."""
    text = source.strip()
    if text in ("", "-"):
        return UnaryTests(())
    p = _Parser(text)
    negated = False
    if p.at("name", "not") and p.tokens[1].text == "(" and _closes_at_end(p.tokens):
        p.take()
        p.take()
        negated = True
    tests = [_positive(p)]
    while p.at("op", ","):
        p.take()
        tests.append(_positive(p))
    if negated:
        p.expect("op", ")")
    p.done()
    return UnaryTests(tuple(tests), negated)


def _closes_at_end(tokens: Sequence[Token]) -> bool:
    """True when the '(' after ``not`` is closed by the last token (``not(a), b`` is not a negation)."""
    depth = 0
    for i, t in enumerate(tokens[1:], start=1):
        if t.kind == "op" and t.text in ("(", "["):
            depth += 1
        elif t.kind == "op" and t.text in (")", "]"):
            depth -= 1
            if depth == 0:
                return tokens[i + 1].kind == "end"
    return False


def _positive(p: _Parser) -> Test:
    t = p.token
    if t.kind == "op" and t.text in ("<", "<=", ">", ">=", "=", "!="):
        p.take()
        return Test(t.text, p.expression(3))
    if t.kind == "op" and t.text == "(":
        start = p.pos
        try:
            return Test("in", p.open_interval())
        except DecisionError:
            p.pos = start
    return Test("=", p.expression())
