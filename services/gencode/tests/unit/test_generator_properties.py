"""The system group over random and hostile text (hypothesis): whatever a designer writes in a comment,
a label or a function name, the generated Python compiles, the generated pages type-check (one tsc
program for the whole batch), and the text is data there: every marker planted between its
fragments (and inside each attack, where its code would run) sits in a string literal, a docstring,
JSX text or a comment, and the Python string constants read the text back whole. A name that is
not one is refused, naming its field, before any template sees it.

LOOM_GENERATOR_EXAMPLES sets the examples (each one generates all five table types); ``make test``
runs a few (besides the two known texts that hold every attack), ``make test-generator`` 200.
"""

from __future__ import annotations

import ast
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, example, given, settings
from hypothesis import strategies as st

from loom_gencode import identifiers
from loom_gencode.generate import escape
from loom_gencode.generate.context import table_context
from loom_gencode.generate.render import render
from loom_gencode.generate.service import _scheme_context, template_contexts
from loom_gencode.scheme.schemas import SchemeSave, TableRef
from loom_gencode.scheme.service import check_form
from loom_gencode.seed import system_templates
from loom_gencode.table import rules
from loom_gencode.table.defaults import STANDARD_COLUMNS, base_columns_for, column_defaults
from loom_gencode.table.models import GenTable, GenTableColumn
from loom_platform.errors import InvalidArgument

from ..generated_code import check_pages, python_outside

EXAMPLES = int(os.environ.get("LOOM_GENERATOR_EXAMPLES", "4"))
MARKER = "ZQX"
# what closes a literal or a comment of one of the two languages, or starts code inside one, each
# attack with the marker where its code would run; and what a reader or a compiler stumbles over
ATTACKS = [
    f"*/ {MARKER}(); /*",
    f'"""; {MARKER}(); """',
    f"'''; {MARKER}(); '''",
    f'"; {MARKER}(); "',
    f"' + {MARKER}() + '",
    f"\n{MARKER}() #",
    f"\r\n{MARKER}() //",
    f"\u2028{MARKER}()",
    f"${{{MARKER}()}}",
    f"`+{MARKER}()+`",
    f"{{{MARKER}()}}",
    f"</Divider>{{{MARKER}()}}<b>",
    f"</script><script>{MARKER}()</script>",
    f'\\"; {MARKER}(); //',
    f"--> {MARKER}() <!--",
]
ODD = ['"', "'", "`", '"""', "\\", "\\n", "\n", "\r", "\t", "\x00", "\x1b", "\x7f", "\u202e", "\u200f",
       "\u2029", "\ufeff", "\ud800", "😀", "👨\u200d👩\u200d👧", "表格", "\u3000", "&amp;", "&#123;", "*/", "/*",
       "//", "#", "{", "}", "<", ">", "%s", "{0}", "@param"]  # fmt: skip
FRAGMENT = st.one_of(st.sampled_from(ATTACKS), st.sampled_from(ODD), st.text(max_size=4))
TEXT = st.lists(FRAGMENT, max_size=5).map(lambda parts: MARKER + MARKER.join(parts) + MARKER)


@dataclass(frozen=True)
class Texts:
    """Every free-text field of a design and its scheme, drawn at once."""

    table: str
    child: str
    columns: list[str]
    function_name: str
    function_name_simple: str
    author: str


EVERYTHING = MARKER + MARKER.join(ATTACKS + ODD) + MARKER
# always tried first: every attack and oddity in every field (a scheme's at most 200 characters),
# then each column its own attack
KNOWN = [
    Texts(EVERYTHING, EVERYTHING, [EVERYTHING] * 12, EVERYTHING[:200], EVERYTHING[-200:], EVERYTHING[:200]),
    Texts(
        ATTACKS[0],
        ATTACKS[1],
        [MARKER + attack + MARKER for attack in (ATTACKS * 2)[:12]],
        ATTACKS[2],
        ATTACKS[3],
        ATTACKS[4],
    ),
]
TEXTS = st.builds(
    Texts,
    table=TEXT,
    child=TEXT,
    columns=st.lists(TEXT, min_size=12, max_size=12),
    function_name=TEXT,
    function_name_simple=TEXT,
    author=TEXT,
)

# (name, physical type, flags): every control, check and query the templates know
OWN_COLUMNS: list[tuple[str, str, dict[str, str]]] = [
    ("title", "varchar(100)", {"is_null": "0", "is_query": "1", "query_type": "LIKE"}),
    ("amount", "numeric(10,2)", {}),
    ("qty", "integer", {"is_query": "1", "query_type": "GE"}),
    ("due", "date", {}),
    ("starts", "timestamp", {}),
    ("body", "text", {"show_type": "textarea"}),
    ("kind", "char(1)", {"dict_type": "yes_no", "show_type": "radiobox", "is_query": "1"}),
    ("level", "varchar(10)", {"dict_type": "sys_office_grade", "show_type": "select"}),
    ("phone", "varchar(20)", {"validate_type": "isMobile"}),
]
CASES = {  # (main table, its type, its children as (table, type))
    "normal": ("demo_note", "0", []),
    "master": ("demo_order", "0", [("demo_item", "2")]),
    "tree": ("demo_category", "3", []),
    "left_tree": ("demo_group", "4", [("demo_member", "5")]),
    "workflow": ("demo_leave", "6", []),
}
TEMPLATES = system_templates()


def _design(
    name: str, table_type: str, texts: Texts, comment: str, parent: str | None = None
) -> tuple[GenTable, list[GenTableColumn]]:
    record = GenTable(
        id=name,
        name=name,
        comments=comment,
        table_type=table_type,
        class_name="".join(p.title() for p in name.split("_")),
        parent_table=parent,
        parent_table_fk="owner_id" if parent else None,
    )
    rows = [(n, STANDARD_COLUMNS[n][0], {}) for n in base_columns_for(table_type)]
    rows += OWN_COLUMNS + ([("owner_id", "varchar(64)", {"is_query": "1"})] if parent else [])
    columns = [
        GenTableColumn(gen_table_id=name, **(column_defaults(n, jdbc, comments=comments) | flags))
        for (n, jdbc, flags), comments in zip(rows, texts.columns + texts.columns, strict=False)
    ]
    return record, columns


def _generate(case: str, texts: Texts, module: str) -> list[tuple[str, str]]:
    """(path, text) of every file the system group writes for the case's tables."""
    name, table_type, children = CASES[case]
    main = _design(name, table_type, texts, texts.table)
    kids = [_design(child, kind, texts, texts.child, parent=name) for child, kind in children]
    scheme = SchemeSave(
        table=TableRef(id=name),
        project_path="backend",
        front_project_path="frontend",
        category="loom",
        package_name="com.jeeplus",
        module_name=module,
        function_name=texts.function_name,
        function_name_simple=texts.function_name_simple,
        function_author=texts.author,
    )
    check_form(scheme)
    for record, columns in (main, *kids):
        rules.check_table_names(record)
        for column in columns:
            rules.check_column_names(column)
    contexts = template_contexts(
        _scheme_context(scheme), table_context(*main), [table_context(*kid) for kid in kids]
    )
    files = []
    for context in contexts:
        for template_name, _child, source in TEMPLATES:
            rendered = render(template_name, source, context)
            if rendered is not None:
                files.append((rendered.path, rendered.content))
    return files


def _folded(text: str) -> str:
    return " ".join(text.split())


def _check_python(case: str, files: list[tuple[str, str]], texts: Texts) -> None:
    """Compiles, markers only in strings and comments, and the text read back whole from the constants."""
    constants: list[str] = []
    for path, content in files:
        if path.endswith(".py"):
            assert python_outside(path, content, [MARKER]) == [], f"{case} {texts!r}\n{content}"
            tree = ast.parse(content)
            constants += [
                n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)
            ]
    every = "\n".join(constants)
    read_back = [
        *texts.columns[:3],
        f"保存{texts.function_name_simple}成功",
    ]  # descriptions, the save message
    read_back += [_folded(texts.table), _folded(texts.function_name)]  # docstrings
    if CASES[case][2]:
        read_back.append(_folded(texts.child))
    for text in read_back:
        assert text in every, f"{case}: {text!r} not read back whole from a string of {texts!r}"


def test_free_text_in_every_field_stays_data_for_all_table_types(tmp_path: Path) -> None:
    pages: dict[str, str] = {}
    examples = iter(range(10**6))

    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        database=None,
        # a failure is reported with its whole text; shrinking it costs minutes (LOOM_GENERATOR_SHRINK=1)
        phases=[
            Phase.explicit,
            Phase.generate,
            *([Phase.shrink] if os.environ.get("LOOM_GENERATOR_SHRINK") else []),
        ],
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )
    @given(texts=TEXTS)
    @example(texts=KNOWN[0])
    @example(texts=KNOWN[1])
    def one_design(texts: Texts) -> None:
        module = f"m{next(examples)}"
        for case in CASES:
            files = _generate(case, texts, module)
            _check_python(case, files, texts)
            pages.update({p.split("/src/", 1)[1]: c for p, c in files if p.startswith("front/src/")})

    # given hostile text in every free-text field of every table type: each example generates,
    # compiles and holds its text as Python data (hypothesis shrinks a failure to its smallest text)
    one_design()
    # then the pages of all examples type-check in one program, the markers only in data
    checked = check_pages(tmp_path, pages, [MARKER])
    assert checked.files == len(pages) and checked.files >= 33
    assert checked.diagnostics == [], checked.diagnostics[:5]
    assert checked.outside == [], checked.outside[:5]


NAMES = st.one_of(
    st.text(max_size=12),
    st.text(alphabet="abcXYZ_09.$-\n \"'`;()/\\表", max_size=12),
    st.sampled_from(
        ["class", "None", "True", "from", "import", "os import path\nfrom os", "a.b", "_x", "x\n"]
    ),
)


@settings(max_examples=max(50, EXAMPLES * 20), deadline=None, database=None)
@given(value=NAMES)
def test_a_name_is_refused_naming_its_field_or_is_a_name_of_both_languages(value: str) -> None:
    # given a value in every field that lands in code as a name
    cases: list[tuple[str, Any]] = [
        ("gencode.table.name_invalid", lambda: rules.check_table_names(_named(name=value))),
        ("gencode.table.class_name_invalid", lambda: rules.check_table_names(_named(class_name=value))),
        ("gencode.table.parent_table_invalid", lambda: rules.check_table_names(_named(parent_table=value))),
        ("gencode.table.column_name_invalid", lambda: rules.check_column_names(_column(name=value))),
        ("gencode.table.java_field_invalid", lambda: rules.check_column_names(_column(java_field=value))),
        ("gencode.table.dict_type_invalid", lambda: rules.check_column_names(_column(dict_type=value))),
        ("gencode.gen.package_invalid", lambda: check_form(_scheme(package_name=value))),
        ("gencode.gen.module_invalid", lambda: check_form(_scheme(module_name=value))),
    ]
    for key, check in cases:
        # when it is checked
        try:
            check()
        except InvalidArgument as refused:
            # then it is refused with that field's message, the value quoted on one printable line
            # (a scheme's blank field: the seed's 必填项不能为空)
            expected = {key, "gencode.gen.required"} if not value.strip() else {key}
            assert refused.key in expected and all(c.isprintable() for c in refused.message())
            continue
        # or it is a name the generated code can hold as it is
        if key in ("gencode.table.name_invalid", "gencode.gen.module_invalid"):
            assert escape.py_ident(value) == value and escape.ts_ident(value) == value
        if key == "gencode.table.column_name_invalid":  # stored lower-case
            assert escape.py_ident(value.lower()) and escape.ts_ident(value.lower())
        if key == "gencode.gen.package_invalid":
            assert escape.py_dotted(value) == value


def _named(**change: str) -> GenTable:
    values = {"name": "demo", "class_name": "Demo", "parent_table": None, "parent_table_fk": None} | change
    return GenTable(id="t", **values)


def _column(**change: str) -> GenTableColumn:
    values = column_defaults("title", "varchar(64)") | change
    return GenTableColumn(gen_table_id="t", **values)


def _scheme(**change: str) -> SchemeSave:
    values = {"package_name": "com.jeeplus", "module_name": "demo"} | change
    return SchemeSave(
        table=TableRef(id="t"),
        project_path="backend",
        front_project_path="frontend",
        category="loom",
        function_name="f",
        function_name_simple="f",
        function_author="a",
        **values,
    )


@pytest.mark.parametrize("value", ["com.jeeplus", "com.jeeplus.demo_1", "app", "_x.y1"])
def test_a_dotted_package_as_the_client_sends_it_is_a_name(value: str) -> None:
    assert identifiers.package_name(value)
