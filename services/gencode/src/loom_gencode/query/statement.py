"""The text of a user's SQL, read before it runs: exactly one statement, and the data sets'
``{#name#}`` placeholders turned into bound parameters (a value is never spliced into the text).

Pure: a small scanner that knows quotes, quoted identifiers, comments and PostgreSQL's dollar
quotes, so a ``;`` or a placeholder inside a literal is left alone.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from loom_gencode.query.errors import OneStatementOnly, SqlEmpty

PLACEHOLDER = re.compile(r"'?\{#\s*([A-Za-z_][A-Za-z0-9_]*)\s*#\}'?")
_DOLLAR = re.compile(r"\$[A-Za-z_0-9]*\$")
# Statements that only read: what a read-only data set may hold (the database refuses writes too).
READING = ("select", "with", "values", "table", "show", "explain")


def _segments(sql: str) -> Iterator[tuple[str, bool]]:
    """``(text, is_code)`` pieces of ``sql``: code outside literals and comments, or a literal/comment."""
    i, start, n = 0, 0, len(sql)
    while i < n:
        ch = sql[i]
        end = None
        if ch in ("'", '"', "`"):
            end = i + 1
            while end < n:
                if sql[end] == ch:
                    if end + 1 < n and sql[end + 1] == ch:
                        end += 2
                        continue
                    break
                if sql[end] == "\\" and ch != '"':
                    end += 1
                end += 1
            end = min(end + 1, n)
        elif sql.startswith("--", i):
            newline = sql.find("\n", i)
            end = n if newline < 0 else newline
        elif sql.startswith("/*", i):
            close = sql.find("*/", i + 2)
            end = n if close < 0 else close + 2
        elif ch == "$" and (tag := _DOLLAR.match(sql, i)):
            close = sql.find(tag.group(0), tag.end())
            end = n if close < 0 else close + len(tag.group(0))
        if end is None:
            i += 1
            continue
        if start < i:
            yield sql[start:i], True
        yield sql[i:end], False
        i = start = end
    if start < n:
        yield sql[start:], True


def one_statement(sql: str) -> str:
    """The statement without trailing semicolons; InvalidArgument for none or several."""
    text = (sql or "").strip()
    while text.endswith(";"):
        text = text[:-1].rstrip()
    if not text:
        raise SqlEmpty()
    if "\x00" in text:
        raise OneStatementOnly()
    if any(";" in part for part, code in _segments(text) if code):
        raise OneStatementOnly()
    return text


def first_word(sql: str) -> str:
    """The statement's first keyword (comments skipped), lower-case."""
    for part, code in _segments(sql):
        if code and part.strip():
            return part.strip().split(None, 1)[0].lower().strip("(")
    return ""


@dataclass(frozen=True)
class Bound:
    """A statement with ``:p0, :p1 …`` in place of its placeholders, and their names in order."""

    sql: str
    names: tuple[str, ...]


def bind_placeholders(sql: str) -> Bound:
    """Each ``{#name#}`` (quoted as ``'{#name#}'`` or bare) in code becomes a bound parameter."""
    out: list[str] = []
    names: list[str] = []

    def swap(match: re.Match[str]) -> str:
        names.append(match.group(1))
        return f":p{len(names) - 1}"

    for part, code in _segments(sql):
        if code:
            out.append(PLACEHOLDER.sub(swap, part.replace(":", "\\:")))
        elif PLACEHOLDER.fullmatch(part):
            out.append(PLACEHOLDER.sub(swap, part))
        else:
            out.append(part.replace(":", "\\:"))
    return Bound("".join(out), tuple(names))
