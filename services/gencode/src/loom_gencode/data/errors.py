"""What the data service (forms' rows in a gencode data source) refuses (texts in ``data/messages.toml``)."""

from __future__ import annotations

from loom_platform.errors import InvalidArgument, NotFound


class FilterInvalid(InvalidArgument):
    """Raised as ``FilterInvalid(op=...)``: a filter operator the data service does not know."""

    message_key = "gencode.data.filter_invalid"


class ColumnUnknown(InvalidArgument):
    """Raised as ``ColumnUnknown(table=..., column=...)``."""

    message_key = "gencode.data.column_unknown"


class RowsInvalid(InvalidArgument):
    """Rows that are not a list of JSON objects."""

    message_key = "gencode.data.rows_invalid"


class TableMissing(NotFound):
    """Raised as ``TableMissing(table=...)``: the bound table is not in the data source."""

    message_key = "gencode.data.table_missing"


class ValueInvalid(InvalidArgument):
    """Raised as ``ValueInvalid(column=..., value=...)``: a value its column's type cannot hold."""

    message_key = "gencode.data.value_invalid"


class ChangeInvalid(InvalidArgument):
    """Raised as ``ChangeInvalid(kind=...)``: a change that is neither insert, update nor delete."""

    message_key = "gencode.data.change_invalid"


class DataFailed(InvalidArgument):
    """Raised as ``DataFailed(detail=...)``: the data source refused the statement."""

    message_key = "gencode.data.failed"
