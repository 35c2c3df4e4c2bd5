"""How a form's fields become columns (pure: no database)."""

import pytest

from loom_form_rules import fields
from loom_forms.gencode_client import Column
from loom_forms.make.binding import (
    ExistingTable,
    annotate,
    bind_existing,
    jdbc_type,
    plan,
    snake,
    sort_columns,
)
from loom_platform.errors import InvalidArgument

FORM = {
    "list": [
        {
            "type": "grid",
            "columns": [
                {
                    "type": "col",
                    "list": [
                        {"type": "input", "model": "userName", "name": "姓名", "options": {"isSort": True}},
                    ],
                }
            ],
        },
        {"type": "number", "model": "days", "name": "天数", "options": {}},
        {"type": "checkbox", "model": "tags", "name": "标签", "options": {}},
        {"type": "select", "model": "kinds", "name": "类型", "options": {"multiple": True}},
        {
            "type": "table",
            "model": "items",
            "name": "明细",
            "tableColumns": [
                {"type": "input", "model": "item", "name": "项目", "options": {}},
            ],
        },
    ],
}


def test_a_new_table_gets_snake_case_columns_typed_by_widget_and_a_sub_table_with_its_key():
    main, subs, binding = plan(FORM, "form_leave")
    assert [(c.name, c.jdbc_type) for c in main] == [
        ("user_name", "varchar(500)"),
        ("days", "decimal(20,6)"),
        ("tags", "text"),
        ("kinds", "text"),
    ]
    table, fk, columns = subs["items"]
    assert (table, fk, [c.name for c in columns]) == ("form_leave_items", "parent_id", ["parent_id", "item"])
    assert binding.columns == {"userName": "user_name", "days": "days", "tags": "tags", "kinds": "kinds"}
    assert binding.physical[:6] == ["id", "create_by", "create_date", "update_by", "update_date", "del_flag"]
    assert sort_columns(FORM, binding) == ["user_name"]


def test_a_model_that_cannot_name_a_column_is_refused():
    bad = {"list": [{"type": "input", "model": "id", "name": "编号"}]}
    with pytest.raises(InvalidArgument):
        plan(bad, "form_x")
    with pytest.raises(InvalidArgument):
        plan({"list": [{"type": "input", "model": "a b", "name": "x"}]}, "form_x")


def _table(name, *columns, key="id", key_type="varchar(64)"):
    """An existing table: its key column first, then text columns."""
    return ExistingTable(
        name, [Column(key, key_type, is_pk=True), *(Column(c, "varchar(500)") for c in columns)]
    )


ITEMS = {"emp_items": _table("emp_items", "parent_id", "item")}


def test_an_existing_table_binds_by_model_or_snake_case_and_names_fields_without_a_column():
    binding = bind_existing(FORM, _table("emp", "USER_NAME", "days", "tags", "kinds"), ITEMS)
    assert binding.columns == {"userName": "USER_NAME", "days": "days", "tags": "tags", "kinds": "kinds"}
    with pytest.raises(InvalidArgument) as caught:
        bind_existing(FORM, _table("emp", "days"), ITEMS)
    assert caught.value.params["fields"] == "姓名、标签、类型"
    with pytest.raises(InvalidArgument, match="forms.make.primary_key"):
        bind_existing(
            FORM, _table("emp", "user_name", "days", "tags", "kinds", key="ID", key_type="bigint"), ITEMS
        )


def test_a_sub_table_binds_to_its_own_existing_table_by_its_foreign_key_and_primary_key():
    # given: the main table keyed by `code`, the sub-table keyed by `line_no` and joined by `emp_code`
    form = {"list": [dict(w) for w in FORM["list"]]}
    form["list"][4] = dict(FORM["list"][4], tableName="emp_lines", foreignKey="emp_code")
    lines = _table("emp_lines", "emp_code", "ITEM", key="line_no")
    # when
    binding = bind_existing(
        form, _table("emp", "user_name", "days", "tags", "kinds", key="code"), {"emp_lines": lines}
    )
    # then
    child = binding.children["items"]
    assert binding.primary_key == "code"
    assert (child.table, child.foreign_key, child.primary_key, child.columns) == (
        "emp_lines",
        "emp_code",
        "line_no",
        {"item": "ITEM"},
    )
    assert child.physical == ["line_no", "emp_code", "ITEM"]


def test_a_sub_table_without_its_table_or_foreign_key_is_refused_by_name():
    main = _table("emp", "user_name", "days", "tags", "kinds")
    with pytest.raises(InvalidArgument, match="forms.make.sub_table_missing") as missing:
        bind_existing(FORM, main, {})
    assert missing.value.params == {"name": "明细", "table": "emp_items"}
    with pytest.raises(InvalidArgument, match="forms.make.foreign_key_missing"):
        bind_existing(FORM, main, {"emp_items": _table("emp_items", "item")})
    with pytest.raises(InvalidArgument, match="forms.make.unmapped") as unmapped:
        bind_existing(FORM, main, {"emp_items": _table("emp_items", "parent_id")})
    assert unmapped.value.params["fields"] == "明细.项目"


def test_snake_case_and_widget_types():
    assert snake("userName") == "user_name" and snake("input_1700") == "input_1700"
    slider = fields({"list": [{"type": "slider", "model": "s", "options": {"range": True}}]})[0]
    assert jdbc_type(slider) == "text"


def test_bound_widgets_carry_their_table_data_source_and_sub_table_keys():
    import copy

    form = copy.deepcopy(FORM)
    _main, _subs, binding = plan(form, "form_leave")
    annotate(form, binding, "master")
    name = form["list"][0]["columns"][0]["list"][0]
    table = form["list"][4]
    assert (name["tableName"], name["dsId"], name["enName"]) == ("form_leave", "master", "master")
    assert (table["tableName"], table["primaryKey"], table["foreignKey"]) == (
        "form_leave_items",
        "id",
        "parent_id",
    )
