"""What the SQL runs refuse (texts in ``query/messages.toml``)."""

from __future__ import annotations

from loom_platform.errors import FailedPrecondition, InvalidArgument


class SqlNotReadOnly(InvalidArgument):
    """A statement that would write, where only reading is allowed."""

    message_key = "gencode.sql.read_only"


class SqlFailed(InvalidArgument):
    """Raised as ``SqlFailed(detail=...)``: the database refused the statement."""

    message_key = "gencode.sql.failed"


class ParamMissing(InvalidArgument):
    """Raised as ``ParamMissing(field=...)``."""

    message_key = "gencode.sql.param_missing"


class ParamInvalid(InvalidArgument):
    """Raised as ``ParamInvalid(field=..., value=..., type=...)``."""

    message_key = "gencode.sql.param_invalid"


class SqlTimeout(InvalidArgument):
    """Raised as ``SqlTimeout(seconds=...)``."""

    message_key = "gencode.sql.timeout"


class SqlEmpty(InvalidArgument):
    message_key = "gencode.sql.empty"


class OneStatementOnly(InvalidArgument):
    """More than one statement in the text."""

    message_key = "gencode.sql.one_statement"


class AccountTooPowerful(FailedPrecondition):
    """Raised as ``AccountTooPowerful(rights=...)``: the data source's database account may do more
    than read and write its tables, so SQL a user writes is not run on it."""

    message_key = "gencode.sql.account_too_powerful"
