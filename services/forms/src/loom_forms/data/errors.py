"""Errors of the form data a process stores (texts in the platform's and forms' catalogues)."""

from __future__ import annotations

from loom_platform.errors import NotFound


class DataNotFound(NotFound):
    message_key = "not_found"
