"""Errors of the online forms and their binding to tables (texts in ``loom_forms/messages.toml``)."""

from __future__ import annotations

from loom_platform.errors import AlreadyExists, InvalidArgument, NotFound


class FormNotFound(NotFound):
    message_key = "not_found"


class CodeRequired(InvalidArgument):
    message_key = "forms.make.code_required"


class CodeInvalid(InvalidArgument):
    message_key = "forms.make.code_invalid"


class CodeTaken(AlreadyExists):
    message_key = "forms.make.code_taken"


class TableRequired(InvalidArgument):
    message_key = "forms.make.table_required"


class TableTaken(AlreadyExists):
    """Raised as ``TableTaken(form=<the form that holds the table>)``."""

    message_key = "forms.make.table_taken"


class TableMissing(InvalidArgument):
    message_key = "forms.make.table_missing"


class DataSourceMissing(InvalidArgument):
    """The form names a data source gencode does not know."""

    message_key = "forms.make.data_source_missing"


class MenuParentRequired(InvalidArgument):
    message_key = "forms.make.menu_parent_required"


class NotBound(InvalidArgument):
    """The form is bound to no table yet."""

    message_key = "forms.make.not_bound"


class WidgetFieldInvalid(InvalidArgument):
    message_key = "forms.make.field_invalid"


class TableInvalid(InvalidArgument):
    message_key = "forms.make.table_invalid"


class NoFields(InvalidArgument):
    message_key = "forms.make.no_fields"


class PrimaryKeyInvalid(InvalidArgument):
    message_key = "forms.make.primary_key"


class SubTableMissing(InvalidArgument):
    message_key = "forms.make.sub_table_missing"


class ForeignKeyMissing(InvalidArgument):
    message_key = "forms.make.foreign_key_missing"


class Unmapped(InvalidArgument):
    message_key = "forms.make.unmapped"
