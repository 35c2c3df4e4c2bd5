"""What the data sets refuse."""

from __future__ import annotations

from loom_platform.errors import InvalidArgument, NotFound


class ExportFormatUnknown(InvalidArgument):
    """Raised as ``ExportFormatUnknown(format=...)``."""

    message_key = "gencode.dataset.format"


class DatasetNotFound(NotFound):
    message_key = "gencode.dataset.not_found"


class DatasetNameRequired(InvalidArgument):
    message_key = "gencode.dataset.name_required"
