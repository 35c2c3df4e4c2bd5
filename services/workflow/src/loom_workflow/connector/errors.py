"""Errors of HTTP calls from tasks (their messages end up in the job's exception: the monitor shows them)."""

from __future__ import annotations

from loom_platform.errors import InvalidArgument, PermissionDenied
from loom_platform.i18n import register_file


class HostNotAllowed(PermissionDenied):
    """Raised as ``HostNotAllowed(host=...)``: not on the administrator's allow-list."""

    message_key = "workflow.http.host_not_allowed"


class InternalPort(PermissionDenied):
    """Raised as ``InternalPort(host=...)``: one of the platform's own ports."""

    message_key = "workflow.http.internal_port"


class UrlInvalid(InvalidArgument):
    """Raised as ``UrlInvalid(url=...)``: not an http(s) URL (or one carrying credentials)."""

    message_key = "workflow.http.url_invalid"


register_file(__name__)
