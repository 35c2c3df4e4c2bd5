"""Errors of the copies."""

from __future__ import annotations

from loom_platform.errors import InvalidArgument, PermissionDenied


class NotInvolved(PermissionDenied):
    """Only people involved in an instance (its initiator, its handlers, a monitor) may copy it."""

    message_key = "workflow.copy.not_involved"


class UnknownReceiver(InvalidArgument):
    """A receiver that is not a user of the directory."""

    message_key = "workflow.copy.unknown_user"


class InstanceRequired(InvalidArgument):
    """A copy names no instance (``procInsId``)."""

    message_key = "workflow.instance.not_found"


class ReceiverRequired(InvalidArgument):
    """A copy names no receiver (``userIds``)."""

    message_key = "workflow.task.user_required"
