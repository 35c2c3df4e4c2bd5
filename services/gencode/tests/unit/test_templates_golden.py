"""The system template group against golden files (UPDATE_GOLDEN=1 rewrites them)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from loom_gencode.generate.context import table_context
from loom_gencode.generate.render import render
from loom_gencode.generate.service import _scheme_context, template_contexts
from loom_gencode.scheme.schemas import SchemeSave
from loom_gencode.seed import system_templates
from loom_gencode.table.defaults import STANDARD_COLUMNS, base_columns_for, column_defaults
from loom_gencode.table.models import GenTable, GenTableColumn

GOLDEN = Path(__file__).parent / "golden"


def _table(
    name: str, table_type: str, extra: list[tuple[str, str]], parent: tuple[str, str] | None = None
) -> dict:
    cols = [
        GenTableColumn(
            gen_table_id="t", **column_defaults(n, STANDARD_COLUMNS[n][0], comments=STANDARD_COLUMNS[n][1])
        )
        for n in base_columns_for(table_type)
    ]
    cols += [GenTableColumn(gen_table_id="t", **column_defaults(n, t, comments=n)) for n, t in extra]
    record = GenTable(
        id="t",
        name=name,
        comments=f"{name} 表",
        table_type=table_type,
        class_name="".join(p.title() for p in name.split("_")),
        parent_table=parent[0] if parent else None,
        parent_table_fk=parent[1] if parent else None,
    )
    return table_context(record, cols)


CASES = {
    "normal": ("demo_note", "0", [("title", "varchar(100)"), ("amount", "numeric(10,2)")]),
    "tree": ("demo_category", "3", []),
    "workflow": ("demo_leave", "6", [("reason", "varchar(200)")]),
    "master": ("demo_order", "0", [("code", "varchar(20)")]),
    "left_tree": ("demo_group", "4", []),
}
# the child tables of a case: a master's rows edited in its form, a left tree's right list
CHILDREN = {
    "master": [
        ("demo_item", "2", [("order_id", "varchar(64)"), ("qty", "integer")], ("demo_order", "order_id"))
    ],
    "left_tree": [
        (
            "demo_member",
            "5",
            [("group_id", "varchar(64)"), ("title", "varchar(20)")],
            ("demo_group", "group_id"),
        )
    ],
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_system_group_matches_golden_files(case):
    name, table_type, extra = CASES[case]
    current = _table(name, table_type, extra)
    children = [_table(*child) for child in CHILDREN.get(case, [])]
    common = _scheme_context(
        SchemeSave(
            package_name="app",
            module_name="demo",
            function_name="演示",
            function_name_simple="演示",
            function_author="golden",
        )
    )
    # the main table's files, then each child table's (the routes are the main table's only)
    for context in template_contexts(common, current, children):
        parent = context["parent"]
        prefix = "" if parent is None else f"{context['table']['name']}/"
        for template_name, _is_child, source in system_templates():
            rendered = render(template_name, source, context)
            if parent is not None and rendered is None:
                continue
            assert rendered is not None
            golden = GOLDEN / case / f"{prefix}{template_name}.golden"
            if os.environ.get("UPDATE_GOLDEN"):
                golden.parent.mkdir(parents=True, exist_ok=True)
                golden.write_text(rendered.content, encoding="utf-8")
            assert rendered.content == golden.read_text(encoding="utf-8"), (
                f"{case}/{prefix}{template_name} differs"
            )


def _rendered(contexts: list[dict], table: str, template: str) -> str:
    context = next(c for c in contexts if c["table"]["name"] == table)
    source = {name: text for name, _is_child, text in system_templates()}[template]
    rendered = render(template, source, context)
    assert rendered is not None
    return rendered.content


def test_a_left_trees_right_list_is_named_by_its_own_table_not_the_tree() -> None:
    # given a left tree 片区 (the scheme's name) and its right table 门店
    tree = _table("demo_area", "4", [])
    tree["comments"] = "片区表"
    store = _table("demo_store", "5", [("area_id", "varchar(64)")], ("demo_area", "area_id"))
    store["comments"] = "门店"
    scheme = SchemeSave(
        package_name="app", module_name="demo", function_name="片区管理", function_name_simple="片区"
    )
    # when the module is generated
    contexts = template_contexts(_scheme_context(scheme), tree, [store])
    # then the right list's dialog, export file and messages say 门店, the tree's say 片区
    assert 'const TITLE = "门店";' in _rendered(contexts, "demo_store", "frontend_page.tsx")
    right = _rendered(contexts, "demo_store", "backend_router.py")
    assert 'quote("门店.xlsx")' in right and '"保存门店成功"' in right and '"删除门店成功"' in right
    assert 'const TITLE = "片区";' in _rendered(contexts, "demo_area", "frontend_page.tsx")
    assert '"保存片区成功"' in _rendered(contexts, "demo_area", "backend_router.py")
