"""What the data-rule domain refuses, as types (the edges translate them)."""

from loom_platform.datarules import RuleInvalid
from loom_platform.errors import InvalidArgument


class CustomSqlRefused(RuleInvalid):
    message_key = "datarule.sql_refused"


class RuleMenuMissing(InvalidArgument):
    message_key = "sys.datarule.menu_missing"


class DataScopeInvalid(InvalidArgument):
    message_key = "sys.datarule.scope_invalid"
