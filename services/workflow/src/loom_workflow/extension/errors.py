"""What the extension records refuse, as types (the edges translate them)."""

from loom_platform.errors import AlreadyExists, FailedPrecondition, InvalidArgument


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


class ReviewerSqlInvalid(InvalidArgument):
    """A reviewer rule's SQL is not one read-only query, or the database refused it."""

    message_key = "workflow.reviewer.sql_invalid"


class ReviewerSqlValueTooLong(InvalidArgument):
    """A reviewer rule's SQL answered a value longer than a user id."""

    message_key = "workflow.reviewer.sql_value_too_long"


class ReviewerSqlTooManyRows(InvalidArgument):
    """A reviewer rule's SQL answered more rows than a task may have candidates."""

    message_key = "workflow.reviewer.sql_too_many_rows"


class NoApprover(FailedPrecondition):
    """Raised as ``NoApprover(node=...)``: the node names nobody and its policy says to stop."""

    message_key = "workflow.task.no_approver"
