"""What database management (``/database/table/*``) refuses."""

from __future__ import annotations

from loom_platform.errors import AlreadyExists, InvalidArgument, NotFound


class TableNameInvalid(InvalidArgument):
    """Raised as ``TableNameInvalid(name=...)``."""

    message_key = "gencode.dbtable.name_invalid"


class NoColumns(InvalidArgument):
    """A table needs at least one column."""

    message_key = "gencode.dbtable.no_columns"


class TableExists(AlreadyExists):
    """Raised as ``TableExists(name=...)``."""

    message_key = "gencode.dbtable.exists"


class TableNotFound(NotFound):
    """Raised as ``TableNotFound(name=...)``."""

    message_key = "gencode.dbtable.not_found"
