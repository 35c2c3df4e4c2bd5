"""Errors of the table screens (seed §8)."""

from __future__ import annotations

from loom_platform.errors import AlreadyExists, FailedPrecondition, InvalidArgument


class NotSynced(FailedPrecondition):  # type: ignore[misc]
    message_key = "gencode.table.not_synced"  # 请先同步数据库!


class ChildTableCodegen(FailedPrecondition):  # type: ignore[misc]
    message_key = "gencode.table.child_gen"  # 不能选择附表生成代码，请选择主表!


class RightTableCodegen(FailedPrecondition):  # type: ignore[misc]
    message_key = "gencode.table.right_gen"  # 不能选择右表生成代码，请选择左树!


class ChildTableMenu(FailedPrecondition):  # type: ignore[misc]
    message_key = "gencode.table.child_menu"  # 不能选择附表创建菜单，请选择主表!


class NotWorkflowForm(FailedPrecondition):  # type: ignore[misc]
    message_key = "gencode.table.not_workflow"  # 请选择工作流表单


# The design rules of seed §4-§5 (table/rules.py); texts in loom_gencode/messages.toml.


class NameRequired(InvalidArgument):  # type: ignore[misc]
    message_key = "gencode.table.name_required"


class NameInvalid(InvalidArgument):  # type: ignore[misc]
    message_key = "gencode.table.name_invalid"


class DataSourceRequired(InvalidArgument):  # type: ignore[misc]
    message_key = "gencode.table.data_source_required"


class DataSourceUnknown(InvalidArgument):  # type: ignore[misc]
    message_key = "gencode.table.data_source_unknown"  # 数据源[{id}]不存在


class TemplateGroupUnknown(InvalidArgument):  # type: ignore[misc]
    message_key = "gencode.gen.group_unknown"  # 模板分组[{id}]不存在


class CommentsRequired(InvalidArgument):  # type: ignore[misc]
    message_key = "gencode.table.comments_required"


class IdTypeRequired(InvalidArgument):  # type: ignore[misc]
    message_key = "gencode.table.id_type_required"


class TableTypeRequired(InvalidArgument):  # type: ignore[misc]
    message_key = "gencode.table.table_type_required"


class ClassNameRequired(InvalidArgument):  # type: ignore[misc]
    message_key = "gencode.table.class_name_required"


class ClassNameInvalid(InvalidArgument):  # type: ignore[misc]
    message_key = "gencode.table.class_name_invalid"


class ParentTableInvalid(InvalidArgument):
    """Raised as ``ParentTableInvalid(name=...)``: a parent table that is not a table's name."""

    message_key = "gencode.table.parent_table_invalid"


class ParentRequired(InvalidArgument):  # type: ignore[misc]
    message_key = "gencode.table.parent_required"


class ParentForeignKeyRequired(InvalidArgument):  # type: ignore[misc]
    message_key = "gencode.table.parent_fk_required"


class ColumnNameRequired(InvalidArgument):  # type: ignore[misc]
    message_key = "gencode.table.column_name_required"


class ColumnNameInvalid(InvalidArgument):  # type: ignore[misc]
    message_key = "gencode.table.column_name_invalid"


class ColumnCommentsRequired(InvalidArgument):  # type: ignore[misc]
    message_key = "gencode.table.column_comments_required"


class JdbcTypeRequired(InvalidArgument):  # type: ignore[misc]
    message_key = "gencode.table.jdbc_type_required"


class ColumnTypeInvalid(InvalidArgument):
    """Raised as ``ColumnTypeInvalid(name=..., type=...)``: a column type the database cannot take."""

    message_key = "gencode.table.jdbc_type_invalid"


class JavaTypeRequired(InvalidArgument):  # type: ignore[misc]
    message_key = "gencode.table.java_type_required"


class JavaFieldRequired(InvalidArgument):  # type: ignore[misc]
    message_key = "gencode.table.java_field_required"


class JavaFieldInvalid(InvalidArgument):  # type: ignore[misc]
    message_key = "gencode.table.java_field_invalid"


class JavaTypeInvalid(InvalidArgument):
    """Raised as ``JavaTypeInvalid(name=..., value=...)``: a Java type that is not a dotted class name."""

    message_key = "gencode.table.java_type_invalid"


class DictTypeInvalid(InvalidArgument):
    """Raised as ``DictTypeInvalid(name=..., value=...)``: a dictionary type that is not a type's name."""

    message_key = "gencode.table.dict_type_invalid"


class QueryTypeInvalid(InvalidArgument):
    """Raised as ``QueryTypeInvalid(name=..., value=...)``: a query type that is not a list's value."""

    message_key = "gencode.table.query_type_invalid"


class ShowTypeInvalid(InvalidArgument):
    """Raised as ``ShowTypeInvalid(name=..., value=...)``: a control type that is not a list's value."""

    message_key = "gencode.table.show_type_invalid"


class ValidateTypeInvalid(InvalidArgument):
    """Raised as ``ValidateTypeInvalid(name=..., value=...)``: a validation type that is not a list's value."""

    message_key = "gencode.table.validate_type_invalid"


class RelatedFieldRequired(InvalidArgument):  # type: ignore[misc]
    message_key = "gencode.table.related_field_required"


class GridSelectRequired(InvalidArgument):  # type: ignore[misc]
    message_key = "gencode.table.grid_select_required"


class ColumnDuplicate(InvalidArgument):  # type: ignore[misc]
    message_key = "gencode.table.column_duplicate"


class BaseColumnMissing(InvalidArgument):  # type: ignore[misc]
    message_key = "gencode.table.base_column"


class TreeColumnMissing(InvalidArgument):  # type: ignore[misc]
    message_key = "gencode.table.tree_columns"


class ProcInsIdMissing(InvalidArgument):  # type: ignore[misc]
    message_key = "gencode.table.proc_ins_id"


class ParentForeignKeyUnknown(InvalidArgument):  # type: ignore[misc]
    message_key = "gencode.table.parent_fk_unknown"


class ForeignKeyNotQuery(InvalidArgument):  # type: ignore[misc]
    message_key = "gencode.table.fk_not_query"


class TableNameTaken(AlreadyExists):
    """Raised as ``TableNameTaken(name=...)``."""

    message_key = "gencode.table.name_taken"


class ImportTableMissing(InvalidArgument):
    """Raised as ``ImportTableMissing(name=...)``: a table to import that the data source does not have."""

    message_key = "gencode.table.import_missing"


class TablesUnreadable(InvalidArgument):
    """Raised as ``TablesUnreadable(detail=...)``: the data source refused to list or describe its
    tables (the database's reason, first line)."""

    message_key = "gencode.table.read_failed"
