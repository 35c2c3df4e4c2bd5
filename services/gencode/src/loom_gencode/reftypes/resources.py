"""The reference resources: their tables, rules, filters and sortable columns."""

from __future__ import annotations

from typing import Any

from loom_gencode.common import check_length, check_sort, require
from loom_gencode.reftypes import models, schemas
from loom_gencode.reftypes.crud import Child, Resource
from loom_platform.errors import FailedPrecondition

LABEL_VALUE_SORTABLE = {"label": "label", "value": "value", "sort": "sort", "create_date": "create_date"}


def _label_value_sort(row: Any) -> None:
    require(row.label, "gencode.label_required")
    require(row.value, "gencode.value_required")
    row.sort = check_sort(row.sort)


def _show_type(row: Any) -> None:
    _label_value_sort(row)
    check_length(row.component, 50, "component")
    check_length(row.import_path, 250, "importPath")


def _database_type(row: Any) -> None:
    require(row.type, "gencode.db_type_required")


def _custom_obj(row: Any) -> None:
    require(row.label, "gencode.label_required")
    require(row.value, "gencode.class_name_required")
    require(row.type, "gencode.basic_type_required")
    row.sort = check_sort(row.sort if row.sort not in (None, "") else 1)


def _custom_field(row: Any) -> None:
    row.sort = int(row.sort) if str(row.sort or "").strip().lstrip("-").isdigit() else 0


def _template_group(row: Any) -> None:
    require(row.name, "gencode.name_required")
    check_length(row.name, 200, "name")
    require(row.type, "gencode.category_required")
    check_length(row.remarks, 200, "remarks")
    row.sort = check_sort(row.sort, minimum=10)
    row.is_system = row.is_system or "0"


def _template_obj(row: Any) -> None:
    require(row.name, "gencode.file_name_required")
    check_length(row.name, 200, "name")
    row.sort = check_sort(row.sort)
    row.is_child = row.is_child or "0"
    row.contents = row.contents or ""


def _refuse_system_template(record: Any) -> None:
    if record.is_system == "1":
        raise FailedPrecondition("gencode.system_template")


def _nothing(_row: Any) -> None:
    return None


VALIDATE_TYPE = Resource(
    name="validateType",
    model=models.ValidateType,
    wire=schemas.LabelValueSave,
    fields=("label", "value", "sort"),
    validate=_label_value_sort,
    sortable=LABEL_VALUE_SORTABLE,
    like=("label", "value"),
)

SHOW_TYPE = Resource(
    name="showType",
    model=models.ShowType,
    wire=schemas.ShowTypeSave,
    fields=("label", "value", "component", "import_path", "sort"),
    validate=_show_type,
    sortable={**LABEL_VALUE_SORTABLE, "component": "component"},
    like=("label", "value"),
)

QUERY_TYPE = Resource(
    name="queryType",
    model=models.QueryType,
    wire=schemas.LabelValueSave,
    fields=("label", "value", "sort"),
    validate=_label_value_sort,
    sortable=LABEL_VALUE_SORTABLE,
    like=("label", "value"),
)

DATABASE_TYPE = Resource(
    name="dataBaseType",
    model=models.DataBaseType,
    wire=schemas.DataBaseTypeSave,
    fields=("type",),
    validate=_database_type,
    sortable={"type": "type", "create_date": "create_date"},
    equal=("type",),
    default_order=("type",),
    child=Child(
        model=models.TableFieldType,
        parent_key="database_type_id",
        wire_list="table_field_type_dto_list",
        wire=schemas.TableFieldTypeSave,
        fields=("label", "value", "sort"),
        validate=_label_value_sort,
    ),
)

CUSTOM_OBJ = Resource(
    name="customObj",
    model=models.CustomObj,
    wire=schemas.CustomObjSave,
    fields=("label", "value", "data_url", "table_name", "sort", "description", "type"),
    validate=_custom_obj,
    sortable={**LABEL_VALUE_SORTABLE, "table_name": "table_name", "type": "type"},
    like=("label", "value"),
    child=Child(
        model=models.CustomField,
        parent_key="custom_obj_id",
        wire_list="custom_field_dto_list",
        wire=schemas.CustomFieldSave,
        fields=("name", "remarks", "sort"),
        validate=_custom_field,
    ),
)

CODE_PARAM = Resource(
    name="codeParam",
    model=models.CodeParam,
    wire=schemas.CodeParamSave,
    fields=("project_path", "front_path", "package_name", "author"),
    validate=_nothing,
    sortable={},
    default_order=("id",),
)

TEMPLATE_GROUP = Resource(
    name="templateGroup",
    model=models.TemplateGroup,
    wire=schemas.TemplateGroupSave,
    fields=("name", "type", "sort", "remarks", "is_system"),
    validate=_template_group,
    sortable={"name": "name", "sort": "sort", "create_date": "create_date"},
    like=("name",),
    child=Child(
        model=models.TemplateObj,
        parent_key="template_group_id",
        wire_list="template_obj_dto_list",
        wire=schemas.TemplateObjSave,
        fields=("name", "sort", "contents", "is_child"),
        validate=_template_obj,
    ),
    before_delete=_refuse_system_template,
)

SIMPLE = (VALIDATE_TYPE, SHOW_TYPE, QUERY_TYPE, DATABASE_TYPE, CUSTOM_OBJ)
