"""What templates see: the table, its columns, parent and children, and the scheme's names."""

from __future__ import annotations

from typing import Any

from loom_gencode.table.defaults import BASE_COLUMNS, type_name
from loom_gencode.table.models import GenTable, GenTableColumn

PY_TYPES = {
    "int": "int",
    "integer": "int",
    "smallint": "int",
    "tinyint": "int",
    "mediumint": "int",
    "bigint": "int",
    "decimal": "float",
    "numeric": "float",
    "double": "float",
    "float": "float",
    "real": "float",
    "date": "date",
    "datetime": "datetime",
    "timestamp": "datetime",
    "time": "time",
    "boolean": "bool",
    "bool": "bool",
}
SA_TYPES = {
    "int": "sa.Integer()",
    "integer": "sa.Integer()",
    "smallint": "sa.SmallInteger()",
    "tinyint": "sa.SmallInteger()",
    "mediumint": "sa.Integer()",
    "bigint": "sa.BigInteger()",
    "double": "sa.Float()",
    "float": "sa.Float()",
    "real": "sa.Float()",
    "date": "sa.Date()",
    "datetime": "sa.DateTime()",
    "timestamp": "sa.DateTime()",
    "time": "sa.Time()",
    "boolean": "sa.Boolean()",
    "bool": "sa.Boolean()",
    "text": "sa.Text()",
    "longtext": "sa.Text()",
    "mediumtext": "sa.Text()",
}
TS_TYPES = {"int": "number", "float": "number", "bool": "boolean"}
SAMPLES = {
    "int": "1",
    "float": "1.5",
    "bool": "True",
    "date": '"2024-01-02"',
    "datetime": '"2024-01-02T03:04:05"',
    "time": '"03:04:05"',
}


def column_context(column: GenTableColumn) -> dict[str, Any]:
    """A column as templates see it."""
    base = type_name(column.jdbc_type)
    py_type = PY_TYPES.get(base, "str")
    length = _length(column.jdbc_type)
    sa_type = SA_TYPES.get(base)
    if sa_type is None and base in ("decimal", "numeric"):
        sa_type = "sa.Numeric(asdecimal=False)"
    if sa_type is None:
        sa_type = f"sa.String({length})" if length else "sa.String()"
    sample = SAMPLES.get(py_type, f'"{("v" + column.name)[: max(1, min(length or 8, 8))]}"')
    if column.name in ("parent_id", "parent_ids"):
        sample = '"0"' if column.name == "parent_id" else '"0,"'
    return {
        "name": column.name,
        "field": column.name,
        "comments": column.comments or column.name,
        "jdbc_type": column.jdbc_type,
        "py_type": py_type,
        "sa_type": sa_type,
        "ts_type": TS_TYPES.get(py_type, "string"),
        "java_type": column.java_type,
        "java_field": column.java_field,
        "camel": _camel(column.name),
        "is_pk": column.is_pk == "1",
        "nullable": column.is_null != "0" and column.is_pk != "1",
        "is_insert": column.is_insert == "1",
        "is_edit": column.is_edit == "1",
        "is_list": column.is_list == "1",
        "is_query": column.is_query == "1",
        "is_form": column.is_form == "1",
        "query_type": column.query_type or "EQ",
        "show_type": column.show_type or "input",
        "dict_type": column.dict_type or "",
        "max_length": length,
        "is_base": column.name in BASE_COLUMNS,
        "sample": sample,
        "validate_type": column.validate_type or "",
    }


def table_context(table: GenTable, columns: list[GenTableColumn]) -> dict[str, Any]:
    """A table as templates see it."""
    cols = [column_context(c) for c in columns]
    pk = next((c for c in cols if c["is_pk"]), cols[0] if cols else None)
    return {
        "id": table.id,
        "name": table.name,
        "comments": table.comments or table.name,
        "class_name": table.class_name or _pascal(table.name),
        "var": _camel(table.name),
        "table_type": table.table_type,
        "is_tree": table.table_type in ("3", "4"),
        "is_workflow": table.table_type == "6",
        "parent_table": table.parent_table or "",
        "parent_fk": (table.parent_table_fk or "").lower(),
        "columns": cols,
        "pk": pk,
        "own_columns": [c for c in cols if not c["is_base"]],
        "required_columns": [c for c in cols if not c["nullable"] and not c["is_pk"] and not c["is_base"]],
        "query_columns": [c for c in cols if c["is_query"]],
        "column_names": [c["name"] for c in cols],
        "list_columns": [c for c in cols if c["is_list"] or c["is_pk"]],
        "form_columns": [c for c in cols if not c["is_base"] and not c["is_pk"]],
        "needs_dt": any(c["py_type"] in ("date", "datetime", "time") for c in cols),
    }


def _length(jdbc_type: str) -> int | None:
    if "(" in jdbc_type and type_name(jdbc_type) in (
        "varchar",
        "char",
        "character",
        "character varying",
        "nvarchar",
    ):
        try:
            return int(jdbc_type.split("(", 1)[1].split(")", 1)[0].split(",")[0])
        except ValueError:
            return None
    return None


def _camel(value: str) -> str:
    head, *rest = value.split("_")
    return head + "".join(p[:1].upper() + p[1:] for p in rest)


def _pascal(value: str) -> str:
    return "".join(p[:1].upper() + p[1:] for p in value.split("_") if p)
