"""The design rules of seed §4-§5, checked on the server (pure: no I/O)."""

from __future__ import annotations

from typing import Protocol

from loom_gencode import identifiers as names
from loom_gencode.common import blank, require
from loom_gencode.table import errors
from loom_gencode.table.defaults import PROC_INS_ID, TREE_COLUMNS, TREE_TYPES, WORKFLOW_TYPE, base_columns_for
from loom_gencode.table.schemas import ColumnSave, TableSave
from loom_platform.crud import is_deleted

GRID_FIELDS = ("field_labels", "field_keys", "search_label", "search_key")


class NamedTable(Protocol):
    """A table's fields that land in code as names: a design being saved or a stored one."""

    name: str | None
    class_name: str | None
    parent_table: str | None
    parent_table_fk: str | None


class NamedColumn(Protocol):
    """A column's fields that land in code as names or reach the templates as choices."""

    name: str | None
    java_type: str | None
    java_field: str | None
    dict_type: str | None
    query_type: str | None
    show_type: str | None
    validate_type: str | None


def check_table(table: TableSave) -> None:
    """Table-level fields (step 1)."""
    require(table.name, errors.NameRequired)
    require(table.data_source.id if table.data_source else None, errors.DataSourceRequired)
    require(table.comments, errors.CommentsRequired)
    require(table.id_type, errors.IdTypeRequired)
    require(table.table_type, errors.TableTypeRequired)
    require(table.class_name, errors.ClassNameRequired)
    check_table_names(table)
    if table.table_type in ("2", "5") and blank(table.parent_table):
        raise errors.ParentRequired()
    if not blank(table.parent_table) and blank(table.parent_table_fk):
        raise errors.ParentForeignKeyRequired()


def check_table_names(table: NamedTable) -> None:
    """The table's names: when a design is saved, and again at Generate (a row may predate a rule)."""
    if not names.table_name(table.name):
        raise errors.NameInvalid(name=names.shown(table.name))
    if not names.class_name(table.class_name):
        raise errors.ClassNameInvalid(name=names.shown(table.class_name))
    if table.parent_table and not names.table_name(table.parent_table):
        raise errors.ParentTableInvalid(name=names.shown(table.parent_table))
    if table.parent_table_fk and not names.column_name(table.parent_table_fk.lower()):
        raise errors.ParentForeignKeyUnknown(name=names.shown(table.parent_table_fk))


def check_column(column: ColumnSave) -> None:
    """Column fields of steps 1-3."""
    require(column.name, errors.ColumnNameRequired)
    name = str(column.name)
    if not names.column_name(name.lower()):
        raise errors.ColumnNameInvalid(name=names.shown(name))
    require(column.comments, errors.ColumnCommentsRequired, name=name)
    require(column.jdbc_type, errors.JdbcTypeRequired, name=name)
    require(column.java_type, errors.JavaTypeRequired, name=name)
    require(column.java_field, errors.JavaFieldRequired, name=name)
    check_column_names(column)
    if str(column.java_type).startswith("com.") and "." not in str(column.java_field):
        raise errors.RelatedFieldRequired(name=name)
    if column.show_type == "gridselect" and any(blank(getattr(column, f)) for f in GRID_FIELDS):
        raise errors.GridSelectRequired(name=name)


def check_column_names(column: NamedColumn) -> None:
    """A column's names and choices: when a design is saved, and again at Generate."""
    name = str(column.name)
    if not names.column_name(name.lower()):
        raise errors.ColumnNameInvalid(name=names.shown(name))
    field = (column.java_field or "").strip()
    if not names.java_field(field):
        raise errors.JavaFieldInvalid(field=names.shown(field))
    if not names.java_type(column.java_type):
        raise errors.JavaTypeInvalid(name=name, value=names.shown(column.java_type))
    if not names.dict_type(column.dict_type):
        raise errors.DictTypeInvalid(name=name, value=names.shown(column.dict_type))
    for chosen, error in (
        (column.query_type, errors.QueryTypeInvalid),
        (column.show_type, errors.ShowTypeInvalid),
        (column.validate_type, errors.ValidateTypeInvalid),
    ):
        if not names.choice(chosen):
            raise error(name=name, value=names.shown(chosen))


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
