"""Errors of the external-task API and of its workers' credentials."""

from __future__ import annotations

from loom_platform.errors import InvalidArgument, NotFound, PermissionDenied, Unauthenticated
from loom_platform.i18n import register_file


class WorkerTokenInvalid(Unauthenticated):
    """A worker token that is unknown, revoked, or of a disabled worker."""

    message_key = "workflow.external.token_invalid"


class WorkerTokenRequired(PermissionDenied):
    """A signed-in user called a worker's route: it takes a worker's own token."""

    message_key = "workflow.external.worker_only"


class TopicNotAllowed(PermissionDenied):
    """Raised as ``TopicNotAllowed(topic=...)``: the worker's credentials do not include this topic."""

    message_key = "workflow.external.topic_not_allowed"


class TopicsInvalid(InvalidArgument):
    """A worker's topics: one or more names separated by commas, each at most 255 characters."""

    message_key = "workflow.external.topics_invalid"


class WorkerNotFound(NotFound):
    message_key = "workflow.external.worker_not_found"


class WorkerNameTaken(InvalidArgument):
    message_key = "workflow.external.worker_name_taken"


register_file(__name__)
