"""How a form's fields become columns (pure: no database)."""

import pytest

from loom_form_rules import fields
from loom_forms.make.binding import annotate, bind_existing, jdbc_type, plan, snake, sort_columns
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


def test_an_existing_table_binds_by_model_or_snake_case_and_names_fields_without_a_column():
    binding = bind_existing(FORM, "emp", ["id", "USER_NAME", "days", "tags", "kinds"])
    assert binding.columns == {"userName": "USER_NAME", "days": "days", "tags": "tags", "kinds": "kinds"}
    with pytest.raises(InvalidArgument) as caught:
        bind_existing(FORM, "emp", ["id", "days"])
    assert caught.value.params["fields"] == "姓名、标签、类型"
    with pytest.raises(InvalidArgument, match="forms.make.no_id"):
        bind_existing(FORM, "emp", ["ID", "user_name", "days", "tags", "kinds"])


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
