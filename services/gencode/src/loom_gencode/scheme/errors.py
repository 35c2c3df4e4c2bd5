"""What creating a generated module's menu refuses."""

from __future__ import annotations

from loom_platform.errors import InvalidArgument


class MenuParentRequired(InvalidArgument):
    message_key = "gencode.menu.parent_required"


class MenuNameRequired(InvalidArgument):
    message_key = "gencode.menu.name_required"
