"""Errors of process tests."""

from __future__ import annotations

from loom_platform.errors import FailedPrecondition


class TestsFailed(FailedPrecondition):
    """Publishing refused: a case failed (``details`` name them); an override reason publishes anyway."""

    __test__ = False  # not a pytest class
    message_key = "workflow.proctest.publish_refused"
