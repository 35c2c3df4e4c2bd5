"""Errors of the decision calls."""

from __future__ import annotations

from loom_platform.errors import InvalidArgument
from loom_platform.i18n import register_file


class BadVariable(InvalidArgument):
    """Raised as ``BadVariable(name=..., type=...)``: an input variable whose value is not of its type."""

    message_key = "workflow.decision.bad_variable"


register_file(__name__)
