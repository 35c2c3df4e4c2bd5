"""What the office domain refuses, as types (the edges translate them)."""

from loom_platform.errors import InvalidArgument


class OfficeParentMissing(InvalidArgument):
    message_key = "sys.office.parent_missing"


class OfficeHasChildren(InvalidArgument):
    message_key = "sys.office.has_children"


class OfficeHasUsers(InvalidArgument):
    message_key = "sys.office.has_users"


class OfficePersonMissing(InvalidArgument):
    """The manager or deputy named on an office is not a user."""

    message_key = "sys.office.person_missing"
