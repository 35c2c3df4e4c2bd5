"""Values into generated code: each filter writes a value for one place of one language.

Templates never paste a value as it is. A value a user designed (a comment, a label, a name) goes
through the filter named for the place it lands, and comes out as data there whatever it holds:

==============  ===========================================================================
``py_str``      a Python string literal (``"..."``)
``py_doc``      text inside a one-line Python docstring (``\"\"\"...\"\"\"``), escaped
``py_comment``  text after ``#``
``py_ident``    a Python name (refused unless it is one, keywords included)
``py_dotted``   a dotted Python name (``com.example.demo``, ``dt.date``)
``py_int``      an integer literal; ``py_bool`` ``True``/``False``; ``py_value`` any of
                str, int, float, bool or None as a literal
``ts_str``      a TypeScript string literal (``"..."``), also inside ``{...}`` of JSX
``ts_comment``  text inside ``//`` or ``/* ... */``
``ts_ident``    a TypeScript name (a property, a type, a name with a prefix or suffix)
``ts_int``      an integer literal; ``ts_bool`` ``true``/``false``
``jsx_text``    text between JSX tags (``<b>...</b>``)
``jsx_attr``    a quoted JSX attribute value (``title="..."``)
==============  ===========================================================================

Escaping keeps the value (a string literal or a docstring reads back the same text); a comment
folds its whitespace onto one line. Characters that are not printable (controls, NUL, bidirectional
marks, line and paragraph separators, lone surrogates) are written as escapes, so neither the
compiler nor a reader sees them raw. A name filter refuses a value that is not a name instead of
altering it: names are checked when designed and again at Generate, so a refusal here is a
template's bug (or a user template's misuse), reported as that template's failure.

The older filters of the first template groups (``pystr``, ``tsstr``, ``comment``, ``ident``)
remain for templates users copied from them, made as safe as their new names.
"""

from __future__ import annotations

import keyword
import math
import re
from collections.abc import Callable, Mapping
from typing import Any

_PY_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
_TS_NAME = re.compile(r"[A-Za-z_$][A-Za-z0-9_$]*\Z")


class NotAName(ValueError):
    """A value given to a name filter that is not a name of that language."""


def _text(value: Any) -> str:
    return "" if value is None else str(value)


def _escape(text: str, named: Mapping[str, str], code: Callable[[int], str]) -> str:
    """``text`` with ``named`` characters replaced and every unprintable one written by ``code``."""
    out = []
    for char in text:
        if char in named:
            out.append(named[char])
        elif char.isprintable():
            out.append(char)
        else:
            out.append(code(ord(char)))
    return "".join(out)


def _folded(value: Any) -> str:
    """One line: every run of whitespace (line breaks, tabs, U+2028 ...) becomes one space."""
    return " ".join(_text(value).split())


# --- Python -------------------------------------------------------------------------------------


def _py_code(point: int) -> str:
    if point < 0x100:
        return f"\\x{point:02x}"
    if point < 0x10000:
        return f"\\u{point:04x}"
    return f"\\U{point:08x}"


_PY_STR = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\r": "\\r", "\t": "\\t"}
_PY_DOC = {"\\": "\\\\", '"': '\\"'}


def py_str(value: Any) -> str:
    """A Python string literal holding ``value`` (None: the empty string)."""
    return '"' + _escape(_text(value), _PY_STR, _py_code) + '"'


def py_doc(value: Any) -> str:
    """``value`` as the text of a one-line docstring: folded, ``\\`` and ``"`` escaped (no ``\"\"\"``
    can form), unprintable characters as escapes; the docstring reads back the folded text."""
    return _escape(_folded(value), _PY_DOC, _py_code)


def py_comment(value: Any) -> str:
    """``value`` after ``#``: one line, unprintable characters shown as ``\\uXXXX``."""
    return _escape(_folded(value), {}, _py_code)


def py_ident(value: Any) -> str:
    """A Python name; anything else (a keyword too) is refused."""
    text = _text(value)
    if not _PY_NAME.match(text) or keyword.iskeyword(text):
        raise NotAName(f"not a Python name: {py_str(text[:60])}")
    return text


def py_dotted(value: Any) -> str:
    """A dotted Python name (a module path, ``dt.date``); each part a name."""
    text = _text(value)
    for part in text.split("."):
        try:
            py_ident(part)
        except NotAName:
            raise NotAName(f"not a dotted Python name: {py_str(text[:60])}") from None
    return text


def _integer(value: Any, language: str) -> str:
    if isinstance(value, bool) or not isinstance(value, int):
        raise NotAName(f"not an integer for {language}: {py_str(_text(value)[:60])}")
    return str(value)


def py_int(value: Any) -> str:
    """An integer literal."""
    return _integer(value, "Python")


def py_bool(value: Any) -> str:
    """``True`` or ``False`` by the value's truth."""
    return "True" if value else "False"


def py_value(value: Any) -> str:
    """A literal of a plain value: str, int, float (finite), bool or None."""
    if value is None or isinstance(value, bool):
        return repr(value)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float) and math.isfinite(value):
        return repr(value)
    if isinstance(value, str):
        return py_str(value)
    raise NotAName(f"not a plain value: {type(value).__name__}")


# --- TypeScript and TSX -------------------------------------------------------------------------


def _ts_code(point: int) -> str:
    return f"\\u{point:04x}" if point < 0x10000 else f"\\u{{{point:x}}}"


_TS_STR = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\r": "\\r", "\t": "\\t"}


def ts_str(value: Any) -> str:
    """A TypeScript string literal holding ``value`` (None: the empty string)."""
    return '"' + _escape(_text(value), _TS_STR, _ts_code) + '"'


def ts_comment(value: Any) -> str:
    """``value`` inside ``//`` or ``/* */``: one line (no line terminator of JavaScript's four
    survives), ``*/`` written ``*\\/``, unprintable characters shown as ``\\uXXXX``."""
    return _escape(_folded(value), {}, _ts_code).replace("*/", "*\\/")


def ts_ident(value: Any) -> str:
    """A TypeScript name (a property, a type, or a name with a prefix or a suffix)."""
    text = _text(value)
    if not _TS_NAME.match(text):
        raise NotAName(f"not a TypeScript name: {ts_str(text[:60])}")
    return text


def ts_int(value: Any) -> str:
    """An integer literal."""
    return _integer(value, "TypeScript")


def ts_bool(value: Any) -> str:
    """``true`` or ``false`` by the value's truth."""
    return "true" if value else "false"


def _entity(point: int) -> str:
    return f"&#{point};"


_JSX_TEXT = {"&": "&amp;", "<": "&lt;", ">": "&gt;", "{": "&#123;", "}": "&#125;"}
_JSX_ATTR = {"&": "&amp;", '"': "&quot;", "<": "&lt;", ">": "&gt;"}


def jsx_text(value: Any) -> str:
    """``value`` as text between JSX tags: markup and braces as entities, and every character JSX
    would trim or fold (line breaks, tabs; the space alone stays) or that is unprintable too."""
    return _escape(_text(value), _JSX_TEXT, _entity)


def jsx_attr(value: Any) -> str:
    """``value`` as a double-quoted JSX attribute value (JSX strings know entities, not escapes)."""
    return '"' + _escape(_text(value), _JSX_ATTR, _entity) + '"'


# --- the first template groups' filters ---------------------------------------------------------


def comment(value: Any) -> str:
    """Text safe in any comment or docstring of either language (the first groups used one filter
    for all four): one line, ``\\`` and ``"`` escaped, ``*/`` broken, unprintable characters as
    escapes. New templates use ``py_doc``, ``py_comment`` or ``ts_comment``."""
    return py_doc(value).replace("*/", "* /")


def ident(value: Any) -> str:
    """Only identifier characters survive (the others become ``_``)."""
    return re.sub(r"[^A-Za-z0-9_]", "_", _text(value))


FILTERS: dict[str, Callable[[Any], str]] = {
    "py_str": py_str,
    "py_doc": py_doc,
    "py_comment": py_comment,
    "py_ident": py_ident,
    "py_dotted": py_dotted,
    "py_int": py_int,
    "py_bool": py_bool,
    "py_value": py_value,
    "ts_str": ts_str,
    "ts_comment": ts_comment,
    "ts_ident": ts_ident,
    "ts_int": ts_int,
    "ts_bool": ts_bool,
    "jsx_text": jsx_text,
    "jsx_attr": jsx_attr,
    # the first groups' names
    "pystr": py_str,
    "tsstr": ts_str,
    "comment": comment,
    "ident": ident,
}
"""Every escaping filter by the name templates use."""

TARGET_FILTERS = frozenset(name for name in FILTERS if name.startswith(("py_", "ts_", "jsx_")))
"""The filters named for their target: every ``{{ ... }}`` of the system group ends with one."""
