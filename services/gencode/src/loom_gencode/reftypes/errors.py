"""Errors of the reference data (texts in ``loom_gencode/messages.toml``)."""

from __future__ import annotations

from loom_platform.errors import FailedPrecondition, InvalidArgument


class DbTypeRequired(InvalidArgument):  # type: ignore[misc]
    message_key = "gencode.db_type_required"


class ClassNameRequired(InvalidArgument):  # type: ignore[misc]
    message_key = "gencode.class_name_required"


class ClassNameInvalid(InvalidArgument):
    """Raised as ``ClassNameInvalid(value=...)``: a custom object's full class name that is not a
    dotted class name (it becomes the Java type of the columns that choose it)."""

    message_key = "gencode.class_name_invalid"


class ValueInvalid(InvalidArgument):
    """Raised as ``ValueInvalid(value=...)``: a validation, control or query type's value that is not a name."""

    message_key = "gencode.value_invalid"


class BasicTypeRequired(InvalidArgument):  # type: ignore[misc]
    message_key = "gencode.basic_type_required"


class CategoryRequired(InvalidArgument):  # type: ignore[misc]
    message_key = "gencode.category_required"


class FileNameRequired(InvalidArgument):  # type: ignore[misc]
    message_key = "gencode.file_name_required"


class SystemTemplate(FailedPrecondition):  # type: ignore[misc]
    """A system template group is neither edited away nor deleted."""

    message_key = "gencode.system_template"
