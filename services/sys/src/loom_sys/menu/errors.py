"""What the menu domain refuses, as types (the edges translate them)."""

from loom_platform.errors import InvalidArgument


class MenuParentMissing(InvalidArgument):
    message_key = "sys.menu.parent_missing"


class MenuHasChildren(InvalidArgument):
    message_key = "sys.menu.has_children"


class MenuNameRequired(InvalidArgument):
    message_key = "sys.menu.name_required"
