"""What the data sources refuse (an unknown kind or a missing driver: ``connection/errors.py``)."""

from __future__ import annotations

from loom_platform.errors import AlreadyExists, FailedPrecondition, InvalidArgument


class MasterReadOnly(FailedPrecondition):
    """The platform's own data source (``master``) is neither changed nor deleted."""

    message_key = "gencode.ds.master_readonly"


class EnNameTaken(AlreadyExists):
    """Raised as ``EnNameTaken(enName=...)``."""

    message_key = "gencode.ds.en_name_taken"


class ConnectFailed(InvalidArgument):
    """Raised as ``ConnectFailed(detail=...)``: the data source did not answer or refused the login."""

    message_key = "gencode.ds.connect_failed"


class DataSourceInUse(FailedPrecondition):
    """Raised as ``DataSourceInUse(name=...)``: table designs still use it."""

    message_key = "gencode.ds.in_use"


class EnNameRequired(InvalidArgument):
    message_key = "gencode.ds.en_name_required"
