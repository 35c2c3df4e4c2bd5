"""What creating a generated module's menu refuses."""

from __future__ import annotations

from loom_platform.errors import InvalidArgument


class MenuParentRequired(InvalidArgument):
    message_key = "gencode.menu.parent_required"


class MenuNameRequired(InvalidArgument):
    message_key = "gencode.menu.name_required"


class GenerateFieldsRequired(InvalidArgument):
    """The generation scheme misses a required field."""

    message_key = "gencode.gen.required"


class ModuleNameInvalid(InvalidArgument):
    """Raised as ``ModuleNameInvalid(value=...)``: a scheme's module that is not a name (it becomes a
    package, the pages' URL and the permissions' first part)."""

    message_key = "gencode.gen.module_invalid"


class SubModuleNameInvalid(InvalidArgument):
    """Raised as ``SubModuleNameInvalid(value=...)``: a scheme's sub-module that is not a name."""

    message_key = "gencode.gen.sub_module_invalid"
