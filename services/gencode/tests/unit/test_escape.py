"""The escaping filters write any value as data of their target, and the system group uses them for
every value it writes."""

from __future__ import annotations

import ast
import re

import pytest

from loom_gencode.generate import escape
from loom_gencode.generate.render import render
from loom_gencode.seed import system_templates
from loom_platform.errors import InvalidArgument

HOSTILE = [
    "x */ globalThis.x=document.cookie; /* y",
    '"""; import os; """',
    "a\\",
    'end"',
    "line\nbreak\r\n\u2028\u2029",
    "nul\x00byte",
    "rtl\u202eevil\u200f",
    "${alert(1)}",
    "</script><script>alert(1)</script>",
    "{alert(1)}",
    "表\u3000格😀\U000e0001",
    "\ud800 lone",
]


@pytest.mark.parametrize("value", HOSTILE)
def test_a_python_string_reads_back_the_value(value: str) -> None:
    assert ast.literal_eval(escape.py_str(value)) == value


@pytest.mark.parametrize("value", HOSTILE)
def test_a_docstring_reads_back_the_folded_value(value: str) -> None:
    source = f'"""{escape.py_doc(value)}"""\n'
    module = ast.parse(source)
    assert ast.get_docstring(module, clean=False) == " ".join(value.split())


@pytest.mark.parametrize("value", HOSTILE)
def test_a_python_comment_stays_one_printable_line(value: str) -> None:
    text = escape.py_comment(value)
    assert ast.parse(f"# {text}\nx = 1\n").body[0].lineno == 2
    assert all(c.isprintable() for c in text)


@pytest.mark.parametrize("value", HOSTILE)
def test_a_typescript_comment_never_closes_or_breaks(value: str) -> None:
    text = escape.ts_comment(value)
    assert "*/" not in text and all(c.isprintable() for c in text)


@pytest.mark.parametrize("value", HOSTILE)
def test_a_typescript_string_is_one_printable_literal(value: str) -> None:
    text = escape.ts_str(value)
    inner = text[1:-1]
    assert text[0] == text[-1] == '"' and all(c.isprintable() for c in text)
    # every quote inside is escaped (an even run of backslashes before it would close the literal)
    assert not re.search(r'(?<!\\)(\\\\)*"', inner)


@pytest.mark.parametrize("value", HOSTILE)
def test_jsx_text_and_attributes_hold_no_markup(value: str) -> None:
    assert not set("{}<>") & set(escape.jsx_text(value))
    assert '"' not in escape.jsx_attr(value)[1:-1] and "<" not in escape.jsx_attr(value)


@pytest.mark.parametrize(
    ("name", "value"),
    [("py_ident", "os.system"), ("py_ident", "class"), ("py_ident", "a\n"), ("py_dotted", "a..b"),
     ("py_dotted", "os import path\nfrom os"), ("ts_ident", "a-b"), ("py_int", "1; x"), ("py_int", True)],
)  # fmt: skip
def test_a_name_filter_refuses_what_is_not_a_name(name: str, value: object) -> None:
    with pytest.raises(escape.NotAName):
        escape.FILTERS[name](value)


def test_a_template_author_gets_the_filters_and_a_refusal_names_the_template() -> None:
    source = "{% set output_path = 'back/a.py' %}x = {{ v|py_str }}  # {{ v|py_comment }}\n{{ n|py_ident }}"
    rendered = render("mine", source, {"v": 'a"\nb', "n": "ok"})
    assert rendered is not None and rendered.content == 'x = "a\\"\\nb"  # a" b\nok'
    with pytest.raises(InvalidArgument) as refused:
        render("mine", source, {"v": "", "n": "__import__('os')"})
    assert "模板[mine]渲染失败" in refused.value.message()


EXPRESSION = re.compile(r"\{\{-?(.*?)-?\}\}", re.S)


@pytest.mark.parametrize(("name", "source"), [(n, s) for n, _c, s in system_templates()])
def test_every_value_of_the_system_group_goes_through_a_filter_named_for_its_target(
    name: str, source: str
) -> None:
    for found in EXPRESSION.finditer(source):
        last = re.search(r"\|\s*([A-Za-z_]+)\s*$", found.group(1).strip())
        assert last and last.group(1) in escape.TARGET_FILTERS, f"{name}: {found.group(0)}"
