"""Tokenizer for the JUEL subset: the text between ``${`` and its closing ``}``."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from ..errors import ExpressionError


class Kind(Enum):
    NUMBER = "number"
    STRING = "string"
    IDENT = "ident"
    OP = "op"
    END = "end"


KEYWORDS = frozenset(
    {
        "and",
        "or",
        "not",
        "eq",
        "ne",
        "lt",
        "gt",
        "le",
        "ge",
        "div",
        "mod",
        "empty",
        "true",
        "false",
        "null",
        "instanceof",
    }
)

# Longest first, so "<=" wins over "<".
OPERATORS = (
    "==",
    "!=",
    "<=",
    ">=",
    "&&",
    "||",
    "<",
    ">",
    "!",
    "+",
    "-",
    "*",
    "/",
    "%",
    "?",
    ":",
    ".",
    "[",
    "]",
    "(",
    ")",
    ",",
)

MAX_TOKENS = 2000


@dataclass(frozen=True, slots=True)
class Token:
    kind: Kind
    text: str
    pos: int
    value: object = None


def _is_ident_start(ch: str) -> bool:
    return ch.isalpha() or ch in "_$"


def _is_ident_part(ch: str) -> bool:
    return ch.isalnum() or ch in "_$"


def _read_number(src: str, i: int) -> tuple[Token, int]:
    start = i
    n = len(src)
    while i < n and src[i].isdigit() and src[i].isascii():
        i += 1
    is_float = False
    if i < n and src[i] == "." and i + 1 < n and src[i + 1].isdigit() and src[i + 1].isascii():  # 1.5 / .5
        is_float = True
        i += 1
        while i < n and src[i].isdigit() and src[i].isascii():
            i += 1
    if i < n and src[i] in "eE":
        j = i + 1
        if j < n and src[j] in "+-":
            j += 1
        if j < n and src[j].isdigit() and src[j].isascii():
            is_float = True
            i = j
            while i < n and src[i].isdigit() and src[i].isascii():
                i += 1
    text = src[start:i]
    try:
        value: object = float(text) if is_float else int(text)
    except ValueError as exc:  # e.g. more digits than Python converts
        raise ExpressionError(f"Invalid number literal at {start}: {text[:20]}") from exc
    return Token(Kind.NUMBER, text, start, value), i


_ESCAPES = {"\\": "\\", "'": "'", '"': '"', "n": "\n", "t": "\t", "r": "\r"}


def _read_string(src: str, i: int) -> tuple[Token, int]:
    quote = src[i]
    start = i
    i += 1
    out: list[str] = []
    n = len(src)
    while i < n:
        ch = src[i]
        if ch == "\\" and i + 1 < n and src[i + 1] in _ESCAPES:
            out.append(_ESCAPES[src[i + 1]])
            i += 2
            continue
        if ch == quote:
            return Token(Kind.STRING, src[start : i + 1], start, "".join(out)), i + 1
        out.append(ch)
        i += 1
    raise ExpressionError(f"Unterminated string literal at {start}")


def tokenize(src: str, start: int = 0, *, stop_at_brace: bool = False) -> tuple[list[Token], int]:
    """Tokenizes ``src`` from ``start``.

    With ``stop_at_brace`` it stops at the first ``}`` outside a string literal and returns the
    position just after it (used for ``${...}`` inside templates); otherwise it reads to the end.
    """
    tokens: list[Token] = []
    i = start
    n = len(src)
    while i < n:
        ch = src[i]
        if ch.isspace():
            i += 1
            continue
        if len(tokens) >= MAX_TOKENS:
            raise ExpressionError("Expression too long")
        if ch == "}" and stop_at_brace:
            tokens.append(Token(Kind.END, "", i))
            return tokens, i + 1
        if ch.isdigit() and ch.isascii():
            tok, i = _read_number(src, i)
        elif ch == "." and i + 1 < n and src[i + 1].isdigit() and src[i + 1].isascii():
            tok, i = _read_number(src, i)
        elif ch in "'\"":
            tok, i = _read_string(src, i)
        elif _is_ident_start(ch):
            j = i + 1
            while j < n and _is_ident_part(src[j]):
                j += 1
            tok = Token(Kind.IDENT, src[i:j], i)
            i = j
        else:
            op = next((o for o in OPERATORS if src.startswith(o, i)), None)
            if op is None:
                raise ExpressionError(f"Unexpected character {ch!r} at {i}")
            tok = Token(Kind.OP, op, i)
            i += len(op)
        tokens.append(tok)
    if stop_at_brace:
        raise ExpressionError("Missing '}' at the end of an expression")
    tokens.append(Token(Kind.END, "", n))
    return tokens, n
