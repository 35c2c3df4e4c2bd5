"""What reaching a database refuses: a kind of database unknown, or its driver not installed."""

from __future__ import annotations

from loom_platform.errors import InvalidArgument


class DbTypeUnknown(InvalidArgument):
    """Raised as ``DbTypeUnknown(dbType=...)``."""

    message_key = "gencode.ds.unknown_type"


class DriverMissing(InvalidArgument):
    """Raised as ``DriverMissing(dbType=...)``: a known database whose driver is not installed."""

    message_key = "gencode.ds.driver_missing"
