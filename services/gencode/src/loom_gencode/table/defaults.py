"""Sensible defaults for a column: Java type, control, query type and base columns."""

from __future__ import annotations

import re
from typing import Any

BASE_COLUMNS = ("id", "create_by", "create_date", "update_by", "update_date", "del_flag")
TREE_COLUMNS = ("name", "sort", "parent_id", "parent_ids")
PROC_INS_ID = "proc_ins_id"
TREE_TYPES = ("3", "4")
WORKFLOW_TYPE = "6"
RELATED_SELECTS = {"UserDTO": "userselect", "OfficeDTO": "officeselect", "AreaDTO": "areaselect"}


def base_columns_for(table_type: str | None) -> tuple[str, ...]:
    """The columns a table of this type must keep."""
    names = BASE_COLUMNS
    if table_type in TREE_TYPES:
        names += TREE_COLUMNS  # type: ignore[assignment]
    if table_type == WORKFLOW_TYPE:
        names += (PROC_INS_ID,)  # type: ignore[assignment]
    return names


def camel(name: str) -> str:
    """``create_by`` -> ``createBy``."""
    head, *rest = name.lower().split("_")
    return head + "".join(part[:1].upper() + part[1:] for part in rest)


def class_name_for(table: str) -> str:
    """``demo_order_item`` -> ``DemoOrderItem``."""
    return "".join(part[:1].upper() + part[1:] for part in table.lower().split("_") if part)


def type_name(jdbc_type: str) -> str:
    """``varchar(64)`` -> ``varchar``; ``double precision`` stays."""
    return re.split(r"[(\s]", jdbc_type.strip().lower(), maxsplit=1)[0] if jdbc_type else ""


def java_type_for(jdbc_type: str) -> str:
    """The Java type a physical type maps to."""
    name = type_name(jdbc_type)
    if name in ("bigint", "int8", "bigserial"):
        return "Long"
    if name in ("int", "integer", "smallint", "tinyint", "mediumint", "int4", "int2", "serial", "year"):
        return "Integer"
    if name in ("decimal", "numeric", "double", "float", "real", "money", "float8", "float4"):
        return "Double"
    if name in ("date", "datetime", "timestamp", "time", "timestamptz"):
        return "java.util.Date"
    if name in ("boolean", "bool", "bit"):
        return "Boolean"
    return "String"


def show_type_for(java_type: str, jdbc_type: str) -> str:
    """The control a Java type gets (the seed: String/Long/Integer/Double input, Date date select)."""
    if java_type == "java.util.Date":
        return "dateselect"
    if java_type.startswith("com."):
        for suffix, control in RELATED_SELECTS.items():
            if java_type.endswith(suffix):
                return control
        return "gridselect"
    if type_name(jdbc_type) in ("text", "longtext", "mediumtext", "clob"):
        return "textarea"
    return "input"


def column_defaults(
    name: str,
    jdbc_type: str,
    *,
    comments: str = "",
    is_pk: bool = False,
    nullable: bool = True,
    sort: int = 0,
) -> dict[str, Any]:
    """A full column design for an imported or generated column."""
    lname = name.lower()
    java_type = java_type_for(jdbc_type)
    base = lname in BASE_COLUMNS
    row: dict[str, Any] = {
        "name": lname,
        "comments": comments or lname,
        "jdbc_type": jdbc_type,
        "sort": sort,
        "is_pk": "1" if is_pk or lname == "id" else "0",
        "is_null": "1" if nullable and not is_pk else "0",
        "java_type": java_type,
        "java_field": camel(lname),
        "show_type": show_type_for(java_type, jdbc_type),
        "is_insert": "1",
        "is_edit": "0" if base else "1",
        "is_form": "0" if base else "1",
        "is_list": "0" if base else "1",
        "is_query": "0",
        "query_type": "LIKE" if lname == "name" else "EQ",
    }
    if lname == "name":
        row["is_query"] = "1"
    if lname == "parent_id":
        row.update(java_type="This", java_field="parent.id", show_type="treeselect")
    if lname in ("parent_ids", "sort"):
        row.update(
            is_form="0" if lname == "parent_ids" else "1", is_list="0" if lname == "parent_ids" else "1"
        )
    if lname in ("del_flag", PROC_INS_ID):
        row.update(is_insert="0" if lname == "del_flag" else "1", is_edit="0")
    return row


STANDARD_COLUMNS = {
    "id": ("varchar(64)", "主键", False),
    "create_by": ("varchar(64)", "创建人", True),
    "create_date": ("timestamp", "创建时间", True),
    "update_by": ("varchar(64)", "更新人", True),
    "update_date": ("timestamp", "更新时间", True),
    "del_flag": ("char(1)", "逻辑删除标记", True),
    "name": ("varchar(100)", "名称", True),
    "sort": ("integer", "排序", True),
    "parent_id": ("varchar(64)", "父级编号", True),
    "parent_ids": ("varchar(2000)", "所有父级编号", True),
    PROC_INS_ID: ("varchar(64)", "流程实例ID", True),
}
