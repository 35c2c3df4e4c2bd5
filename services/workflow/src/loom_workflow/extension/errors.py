"""What the extension records refuse, as types (the edges translate them)."""

from loom_platform.errors import AlreadyExists, InvalidArgument


class NameRequired(InvalidArgument):
    message_key = "workflow.button.name_required"


class CodeRequired(InvalidArgument):
    message_key = "workflow.button.code_required"


class SortRequired(InvalidArgument):
    message_key = "workflow.button.sort_required"


class SystemCode(InvalidArgument):
    """A system preset code (``_flow_*``) on a custom button."""

    message_key = "workflow.button.system_code"


class CodeTaken(AlreadyExists):
    message_key = "workflow.button.code_taken"


class NameTaken(AlreadyExists):
    message_key = "workflow.button.name_taken"


class ExpressionInvalid(InvalidArgument):
    message_key = "workflow.condition.expression_invalid"


class ListenerInvalid(InvalidArgument):
    message_key = "workflow.listener.invalid"


class EventInvalid(InvalidArgument):
    """An event the listener's type does not have."""

    message_key = "workflow.listener.event_invalid"
