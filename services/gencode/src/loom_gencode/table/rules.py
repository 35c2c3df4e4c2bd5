"""The design rules of seed §4-§5, checked on the server (pure: no I/O)."""

from __future__ import annotations

import re

from loom_gencode.common import blank, require
from loom_gencode.table import errors
from loom_gencode.table.defaults import PROC_INS_ID, TREE_COLUMNS, TREE_TYPES, WORKFLOW_TYPE, base_columns_for
from loom_gencode.table.schemas import ColumnSave, TableSave
from loom_platform.crud import is_deleted

IDENTIFIER = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
JAVA_FIELD = re.compile(r"^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*(\|[A-Za-z_$][\w$]*)*)?$")
GRID_FIELDS = ("field_labels", "field_keys", "search_label", "search_key")


def check_table(table: TableSave) -> None:
    """Table-level fields (step 1)."""
    require(table.name, errors.NameRequired)
    assert table.name is not None
    if len(table.name) > 50 or not IDENTIFIER.match(table.name):
        raise errors.NameInvalid(name=table.name)
    require(table.data_source.id if table.data_source else None, errors.DataSourceRequired)
    require(table.comments, errors.CommentsRequired)
    require(table.id_type, errors.IdTypeRequired)
    require(table.table_type, errors.TableTypeRequired)
    require(table.class_name, errors.ClassNameRequired)
    assert table.class_name is not None
    if not re.match(r"^[A-Z][A-Za-z0-9_]*$", table.class_name):
        raise errors.ClassNameInvalid(name=table.class_name)
    if table.table_type in ("2", "5") and blank(table.parent_table):
        raise errors.ParentRequired()
    if not blank(table.parent_table) and blank(table.parent_table_fk):
        raise errors.ParentForeignKeyRequired()


def check_column(column: ColumnSave) -> None:
    """Column fields of steps 1-3."""
    require(column.name, errors.ColumnNameRequired)
    name = str(column.name)
    if not IDENTIFIER.match(name) or len(name) > 64:
        raise errors.ColumnNameInvalid(name=name)
    require(column.comments, errors.ColumnCommentsRequired, name=name)
    require(column.jdbc_type, errors.JdbcTypeRequired, name=name)
    require(column.java_type, errors.JavaTypeRequired, name=name)
    require(column.java_field, errors.JavaFieldRequired, name=name)
    field = str(column.java_field).strip()
    if field.startswith(".") or field.endswith(".") or not JAVA_FIELD.match(field):
        raise errors.JavaFieldInvalid(field=field)
    if str(column.java_type).startswith("com.") and "." not in field:
        raise errors.RelatedFieldRequired(name=name)
    if column.show_type == "gridselect" and any(blank(getattr(column, f)) for f in GRID_FIELDS):
        raise errors.GridSelectRequired(name=name)


def check_design(table: TableSave, saved_names: set[str]) -> list[ColumnSave]:
    """Every rule; returns the live columns (deleted rows dropped). ``saved_names``: stored columns."""
    check_table(table)
    live = [c for c in table.column_list if not is_deleted(c.del_flag)]
    seen: set[str] = set()
    for column in live:
        check_column(column)
        key = str(column.name).lower()
        if key in seen:
            raise errors.ColumnDuplicate(name=column.name)
        seen.add(key)
    for base in base_columns_for(table.table_type):
        if base in saved_names and base not in seen:
            raise errors.BaseColumnMissing(name=base)
    if table.table_type in TREE_TYPES:
        for tree_column in TREE_COLUMNS:
            if tree_column not in seen:
                raise errors.TreeColumnMissing(name=tree_column)
    if table.table_type == WORKFLOW_TYPE and PROC_INS_ID not in seen:
        raise errors.ProcInsIdMissing()
    if not blank(table.parent_table):
        fk = str(table.parent_table_fk)
        match = next((c for c in live if str(c.name).lower() == fk.lower()), None)
        if match is None:
            raise errors.ParentForeignKeyUnknown(name=fk)
        if table.table_type == "5" and match.is_query != "1":
            raise errors.ForeignKeyNotQuery(name=fk)
    return live
