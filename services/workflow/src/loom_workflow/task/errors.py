"""Errors of the task operations."""

from __future__ import annotations

from loom_platform.errors import FailedPrecondition, InvalidArgument
from loom_workflow.errors import TaskNotFound  # noqa: F401 - shared by every domain, defined in loom_workflow/errors.py


class NotAllowed(FailedPrecondition):
    message_key = "workflow.engine.state"


class UserRequired(InvalidArgument):
    """Delegating, transferring or (un)signing names nobody."""

    message_key = "workflow.task.user_required"


class BackTypeInvalid(InvalidArgument):
    """Raised as ``BackTypeInvalid(value=...)``: a ``backType`` that is neither preset."""

    message_key = "workflow.task.back_type_invalid"


class NoBackNode(FailedPrecondition):
    """The task has no node it may go back to."""

    message_key = "workflow.task.no_back_node"


class BackNodeInvalid(FailedPrecondition):
    """Raised as ``BackNodeInvalid(node=...)``: a node the task may not go back to."""

    message_key = "workflow.task.back_invalid"


class CallbackHandled(FailedPrecondition):
    """The next task was already claimed or commented: the completed one cannot be taken back."""

    message_key = "workflow.task.callback_handled"


class UrgedTooOften(FailedPrecondition):
    """Raised as ``UrgedTooOften(minutes=...)``: the caller urged this instance a moment ago."""

    message_key = "workflow.task.urge_too_often"


class NotCountersign(FailedPrecondition):
    """Signers are added to or removed from a multi-instance (countersign) node only."""

    message_key = "workflow.task.add_sign_not_mi"


class SignerNotFound(FailedPrecondition):
    """None of the users named holds an open task at the node."""

    message_key = "workflow.task.del_sign_not_found"


class LastSigners(FailedPrecondition):
    """Removing them would leave the node without a signer."""

    message_key = "workflow.task.del_sign_last"


class RemovalUnsatisfiable(FailedPrecondition):
    """Without them the node's completion condition could never hold."""

    message_key = "workflow.task.del_sign_unsatisfiable"
