"""The design rules of seed §4-§5, checked on the server (pure: no I/O)."""

from __future__ import annotations

import re

from loom_gencode.common import blank, is_deleted, require
from loom_gencode.table.defaults import PROC_INS_ID, TREE_COLUMNS, TREE_TYPES, WORKFLOW_TYPE, base_columns_for
from loom_gencode.table.schemas import ColumnSave, TableSave
from loom_platform.errors import InvalidArgument

IDENTIFIER = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
JAVA_FIELD = re.compile(r"^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*(\|[A-Za-z_$][\w$]*)*)?$")
GRID_FIELDS = ("field_labels", "field_keys", "search_label", "search_key")


def check_table(table: TableSave) -> None:
    """Table-level fields (step 1)."""
    require(table.name, "gencode.table.name_required")
    assert table.name is not None
    if len(table.name) > 50 or not IDENTIFIER.match(table.name):
        raise InvalidArgument("gencode.table.name_invalid", name=table.name)
    require(table.data_source.id if table.data_source else None, "gencode.table.data_source_required")
    require(table.comments, "gencode.table.comments_required")
    require(table.id_type, "gencode.table.id_type_required")
    require(table.table_type, "gencode.table.table_type_required")
    require(table.class_name, "gencode.table.class_name_required")
    assert table.class_name is not None
    if not re.match(r"^[A-Z][A-Za-z0-9_]*$", table.class_name):
        raise InvalidArgument("gencode.table.class_name_invalid", name=table.class_name)
    if table.table_type in ("2", "5") and blank(table.parent_table):
        raise InvalidArgument("gencode.table.parent_required")
    if not blank(table.parent_table) and blank(table.parent_table_fk):
        raise InvalidArgument("gencode.table.parent_fk_required")


def check_column(column: ColumnSave) -> None:
    """Column fields of steps 1-3."""
    require(column.name, "gencode.table.column_name_required")
    name = str(column.name)
    if not IDENTIFIER.match(name) or len(name) > 64:
        raise InvalidArgument("gencode.table.column_name_invalid", name=name)
    require(column.comments, "gencode.table.column_comments_required", name=name)
    require(column.jdbc_type, "gencode.table.jdbc_type_required", name=name)
    require(column.java_type, "gencode.table.java_type_required", name=name)
    require(column.java_field, "gencode.table.java_field_required", name=name)
    field = str(column.java_field).strip()
    if field.startswith(".") or field.endswith(".") or not JAVA_FIELD.match(field):
        raise InvalidArgument("gencode.table.java_field_invalid", field=field)
    if str(column.java_type).startswith("com.") and "." not in field:
        raise InvalidArgument("gencode.table.related_field_required", name=name)
    if column.show_type == "gridselect" and any(blank(getattr(column, f)) for f in GRID_FIELDS):
        raise InvalidArgument("gencode.table.grid_select_required", name=name)


def check_design(table: TableSave, saved_names: set[str]) -> list[ColumnSave]:
    """Every rule; returns the live columns (deleted rows dropped). ``saved_names``: stored columns."""
    check_table(table)
    live = [c for c in table.column_list if not is_deleted(c.del_flag)]
    seen: set[str] = set()
    for column in live:
        check_column(column)
        key = str(column.name).lower()
        if key in seen:
            raise InvalidArgument("gencode.table.column_duplicate", name=column.name)
        seen.add(key)
    for base in base_columns_for(table.table_type):
        if base in saved_names and base not in seen:
            raise InvalidArgument("gencode.table.base_column", name=base)
    if table.table_type in TREE_TYPES:
        for tree_column in TREE_COLUMNS:
            if tree_column not in seen:
                raise InvalidArgument("gencode.table.tree_columns", name=tree_column)
    if table.table_type == WORKFLOW_TYPE and PROC_INS_ID not in seen:
        raise InvalidArgument("gencode.table.proc_ins_id")
    if not blank(table.parent_table):
        fk = str(table.parent_table_fk)
        match = next((c for c in live if str(c.name).lower() == fk.lower()), None)
        if match is None:
            raise InvalidArgument("gencode.table.parent_fk_unknown", name=fk)
        if table.table_type == "5" and match.is_query != "1":
            raise InvalidArgument("gencode.table.fk_not_query", name=fk)
    return live
