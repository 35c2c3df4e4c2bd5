"""Errors of the process modeler (models, their BPMN, deployment)."""

from __future__ import annotations

from loom_platform.errors import Conflict, InvalidArgument, NotFound


class ModelNotFound(NotFound):
    message_key = "workflow.model.not_found"


class ModelStale(Conflict):
    """Someone saved the model after the editor loaded it."""

    message_key = "workflow.model.stale"


class InvalidModel(InvalidArgument):
    message_key = "workflow.model.invalid_bpmn"


class KeyRequired(InvalidArgument):
    message_key = "workflow.model.key_required"


class NameRequired(InvalidArgument):
    message_key = "workflow.model.name_required"


class EmptyDecision(InvalidArgument):
    """A decision model deployed before its table was saved."""

    message_key = "workflow.decision.empty"


class DecisionKeyMismatch(InvalidArgument):
    """Raised as ``DecisionKeyMismatch(key=...)``: the DMN has no decision whose id is the model's key."""

    message_key = "workflow.decision.key_mismatch"
