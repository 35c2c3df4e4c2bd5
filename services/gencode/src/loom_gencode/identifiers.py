"""What a designed name may be: every value that lands in generated code as a name or a path.

A table's name becomes a Python package and a page's folder, a column's a field of both languages,
the scheme's package and module an import path and a URL. None of them is escaped there (a name
cannot be), so each must be a name: ASCII letters, digits and ``_`` (dots between a package's
parts), not a Python keyword. The rules are checked when a design or a scheme is saved and again
at Generate (a row may predate them). Free text (comments, labels, function names) is never
checked here: the templates escape it (``loom_gencode.generate.escape``).

Patterns end with ``\\Z``: ``$`` would let a trailing newline through.
"""

from __future__ import annotations

import keyword
import re

TABLE = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,49}\Z")
COLUMN = re.compile(r"[A-Za-z][A-Za-z0-9_]{0,63}\Z")
CLASS = re.compile(r"[A-Z][A-Za-z0-9_]{0,63}\Z")
MODULE = re.compile(r"[A-Za-z][A-Za-z0-9_]{0,63}\Z")
PACKAGE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*\Z")
# ``office.id``, ``user.name|loginName`` (a related object's fields), ``$`` as Java allows
JAVA_FIELD = re.compile(
    r"[A-Za-z_$][A-Za-z0-9_$]*(\.[A-Za-z_$][A-Za-z0-9_$]*(\|[A-Za-z_$][A-Za-z0-9_$]*)*)?\Z"
)
JAVA_TYPE = re.compile(r"[A-Za-z_$][A-Za-z0-9_$]*(\.[A-Za-z_$][A-Za-z0-9_$]*)*\Z")
# a dictionary type of sys (``yes_no``, ``oa_notify_type``; dots, colons and hyphens allowed)
DICT_TYPE = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.:-]{0,99}\Z")
# a value of gencode's reference lists: query, show and validation types (``EQ``, ``radiobox``)
CHOICE = re.compile(r"[A-Za-z][A-Za-z0-9_-]{0,63}\Z")

SHOWN = 60  # characters of a refused value an error message quotes


def _name(pattern: re.Pattern[str], value: str | None) -> bool:
    return value is not None and bool(pattern.match(value)) and not keyword.iskeyword(value)


def table_name(value: str | None) -> bool:
    """A table's name (a Python package and a page folder)."""
    return _name(TABLE, value)


def column_name(value: str | None) -> bool:
    """A column's name, stored lower-case (a field of the model, the schemas and the types)."""
    return value is not None and _name(COLUMN, value) and not keyword.iskeyword(value.lower())


def class_name(value: str | None) -> bool:
    """A table's class name (``True``, ``None`` and ``False`` are keywords)."""
    return _name(CLASS, value)


def module_name(value: str | None) -> bool:
    """The scheme's module or sub-module (a package, a URL part, a permission's first part)."""
    return _name(MODULE, value)


def package_name(value: str | None) -> bool:
    """A dotted package (``com.jeeplus``): each part a name, none a keyword."""
    return (
        value is not None
        and len(value) <= 200
        and bool(PACKAGE.match(value))
        and not any(keyword.iskeyword(part) for part in value.split("."))
    )


def java_field(value: str | None) -> bool:
    """A column's Java property (``title``, ``office.id``)."""
    return value is not None and bool(JAVA_FIELD.match(value))


def java_type(value: str | None) -> bool:
    """A column's Java type (``String``, ``java.util.Date``, ``com.jeeplus.sys.service.dto.UserDTO``)."""
    return value is not None and bool(JAVA_TYPE.match(value))


def optional(check_value: bool, value: str | None) -> bool:
    """``check_value`` unless the value is empty (an optional field left out)."""
    return not value or check_value


def dict_type(value: str | None) -> bool:
    """A dictionary type, or none."""
    return optional(bool(value) and bool(DICT_TYPE.match(value or "")), value)


def choice(value: str | None) -> bool:
    """A reference list's value, or none."""
    return optional(bool(value) and bool(CHOICE.match(value or "")), value)


def shown(value: object) -> str:
    """A refused value as a message quotes it: one line, at most :data:`SHOWN` characters, every
    unprintable character (a newline, NUL, a bidirectional mark) written as an escape."""
    text = "" if value is None else str(value)
    cut = text[:SHOWN]
    out = "".join(c if c.isprintable() else f"\\u{ord(c):04x}" for c in cut)
    return out + ("…" if len(text) > SHOWN else "")
