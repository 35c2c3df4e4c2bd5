"""Errors of the dry run."""

from __future__ import annotations

from loom_platform.errors import InvalidArgument, NotFound


class InitiatorNotFound(NotFound):
    """The initiator picked for the run is not a user sys knows."""

    message_key = "workflow.dryrun.initiator_not_found"


class InitiatorRequired(InvalidArgument):
    message_key = "workflow.dryrun.initiator_required"


class NothingToRun(InvalidArgument):
    """Neither a saved model nor a diagram was given."""

    message_key = "workflow.dryrun.nothing_to_run"
