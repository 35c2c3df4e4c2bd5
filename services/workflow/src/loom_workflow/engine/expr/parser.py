"""Pratt parser: tokens -> expression tree. Grammar follows JUEL 2.2 (no lambdas, no assignment)."""

from __future__ import annotations

from ..errors import ExpressionError
from .ast import Binary, Call, Conditional, Index, Literal, Member, Name, Node, Unary
from .tokens import KEYWORDS, Kind, Token, tokenize

MAX_DEPTH = 64

# Word operators map onto their symbol forms.
_CANONICAL = {
    "eq": "==",
    "ne": "!=",
    "lt": "<",
    "gt": ">",
    "le": "<=",
    "ge": ">=",
    "div": "/",
    "mod": "%",
    "&&": "and",
    "||": "or",
    "and": "and",
    "or": "or",
}

# Binding power of infix operators (higher binds tighter).
_INFIX = {
    "or": 10,
    "and": 20,
    "==": 30,
    "!=": 30,
    "<": 40,
    ">": 40,
    "<=": 40,
    ">=": 40,
    "+": 50,
    "-": 50,
    "*": 60,
    "/": 60,
    "%": 60,
}
_TERNARY_BP = 5
_PREFIX_BP = 70


class _Parser:
    def __init__(self, tokens: list[Token]) -> None:
        self._tokens = tokens
        self._pos = 0
        self._depth = 0

    def _peek(self) -> Token:
        return self._tokens[self._pos]

    def _next(self) -> Token:
        tok = self._tokens[self._pos]
        if tok.kind is not Kind.END:
            self._pos += 1
        return tok

    def _expect_op(self, text: str) -> None:
        tok = self._next()
        if tok.kind is not Kind.OP or tok.text != text:
            raise ExpressionError(f"Expected {text!r} at {tok.pos}, found {tok.text or 'end'!r}")

    def _infix_op(self, tok: Token) -> str | None:
        if tok.kind is Kind.OP or (tok.kind is Kind.IDENT and tok.text in KEYWORDS):
            op = _CANONICAL.get(tok.text, tok.text)
            return op if op in _INFIX else None
        return None

    def parse_all(self) -> Node:
        node = self.expression(0)
        tok = self._peek()
        if tok.kind is not Kind.END:
            raise ExpressionError(f"Unexpected {tok.text!r} at {tok.pos}")
        return node

    def expression(self, min_bp: int) -> Node:
        self._depth += 1
        if self._depth > MAX_DEPTH:
            raise ExpressionError("Expression nested too deeply")
        try:
            left = self._prefix()
            while True:
                tok = self._peek()
                if tok.kind is Kind.OP and tok.text == "?" and min_bp <= _TERNARY_BP:
                    self._next()
                    then = self.expression(0)
                    self._expect_op(":")
                    otherwise = self.expression(_TERNARY_BP)
                    left = Conditional(left, then, otherwise)
                    continue
                op = self._infix_op(tok)
                if op is None or _INFIX[op] <= min_bp:
                    return left
                self._next()
                right = self.expression(_INFIX[op])
                left = Binary(op, left, right)
        finally:
            self._depth -= 1

    def _prefix(self) -> Node:
        tok = self._next()
        if tok.kind is Kind.NUMBER or tok.kind is Kind.STRING:
            return self._postfix(Literal(tok.value))
        if tok.kind is Kind.IDENT:
            return self._prefix_word(tok)
        if tok.kind is Kind.OP:
            if tok.text == "(":
                inner = self.expression(0)
                self._expect_op(")")
                return self._postfix(inner)
            if tok.text == "-":
                return Unary("-", self.expression(_PREFIX_BP))
            if tok.text == "!":
                return Unary("not", self.expression(_PREFIX_BP))
        raise ExpressionError(f"Unexpected {tok.text or 'end of expression'!r} at {tok.pos}")

    def _prefix_word(self, tok: Token) -> Node:
        word = tok.text
        if word == "true":
            return self._postfix(Literal(True))
        if word == "false":
            return self._postfix(Literal(False))
        if word == "null":
            return self._postfix(Literal(None))
        if word == "not":
            return Unary("not", self.expression(_PREFIX_BP))
        if word == "empty":
            return Unary("empty", self.expression(_PREFIX_BP))
        if word in KEYWORDS:
            raise ExpressionError(f"Unexpected keyword {word!r} at {tok.pos}")
        nxt = self._peek()
        if nxt.kind is Kind.OP and nxt.text == ":":
            raise ExpressionError(f"Functions ({word}:...) are not supported")
        if nxt.kind is Kind.OP and nxt.text == "(":
            raise ExpressionError(f"Function call {word}(...) is not supported")
        return self._postfix(Name(word))

    def _postfix(self, node: Node) -> Node:
        while True:
            tok = self._peek()
            if tok.kind is not Kind.OP or tok.text not in (".", "["):
                return node
            self._next()
            if tok.text == "[":
                index = self.expression(0)
                self._expect_op("]")
                node = Index(node, index)
                continue
            name_tok = self._next()
            if name_tok.kind is not Kind.IDENT:
                raise ExpressionError(f"Expected a property name at {name_tok.pos}")
            after = self._peek()
            if after.kind is Kind.OP and after.text == "(":
                self._next()
                node = Call(node, name_tok.text, self._arguments())
            else:
                node = Member(node, name_tok.text)

    def _arguments(self) -> tuple[Node, ...]:
        args: list[Node] = []
        tok = self._peek()
        if tok.kind is Kind.OP and tok.text == ")":
            self._next()
            return ()
        while True:
            args.append(self.expression(0))
            tok = self._next()
            if tok.kind is Kind.OP and tok.text == ")":
                return tuple(args)
            if tok.kind is not Kind.OP or tok.text != ",":
                raise ExpressionError(f"Expected ',' or ')' at {tok.pos}")


def parse(tokens: list[Token]) -> Node:
    """Parses a full token list (ending with END) into a tree."""
    return _Parser(tokens).parse_all()


def parse_text(src: str) -> Node:
    """Parses the body of one ``${...}`` (without the delimiters)."""
    tokens, _ = tokenize(src)
    return parse(tokens)
