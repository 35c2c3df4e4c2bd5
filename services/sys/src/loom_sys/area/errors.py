"""What the area domain refuses, as types (the edges translate them)."""

from loom_platform.errors import InvalidArgument


class AreaParentMissing(InvalidArgument):
    message_key = "sys.office.parent_missing"


class AreaHasChildren(InvalidArgument):
    message_key = "sys.office.has_children"
