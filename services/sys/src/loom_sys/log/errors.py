"""What the log domain refuses, as types (the edges translate them)."""

from loom_platform.errors import InvalidArgument


class LogDateInvalid(InvalidArgument):
    message_key = "sys.log.date_invalid"
