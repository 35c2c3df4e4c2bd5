"""Errors of the module domain (messages in loom_apps.messages)."""

from __future__ import annotations

from loom_platform.errors import FailedPrecondition, NotFound


class ModuleNotFound(NotFound):
    message_key = "apps.module.not_found"


class ModuleNotLive(FailedPrecondition):
    message_key = "apps.module.not_live"
