"""What the data-rule domain refuses, as types (the edges translate them)."""

from loom_platform.datarules import RuleInvalid
from loom_platform.errors import InvalidArgument


class CustomSqlRefused(RuleInvalid):
    message_key = "datarule.sql_refused"


class RuleMenuMissing(InvalidArgument):
    message_key = "sys.datarule.menu_missing"


class DataScopeInvalid(InvalidArgument):
    message_key = "sys.datarule.scope_invalid"


class OfficeMissing(InvalidArgument):
    """A role's custom data scope names an office that does not exist."""

    message_key = "sys.datarule.office_missing"


class RuleMissing(InvalidArgument):
    """A role's grants name a data rule that does not exist (``RuleMissing(id=...)``)."""

    message_key = "sys.datarule.rule_missing"
