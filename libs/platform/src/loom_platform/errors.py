"""The error model: domain errors carry a code and a message key; the edges map them.

Domain code raises a ``LoomError`` subclass. HTTP handlers and gRPC interceptors translate it
with :data:`HTTP_STATUS` and :data:`GRPC_STATUS`, and the message comes from the catalogues in
the caller's language (see :mod:`loom_platform.i18n`).
"""

from __future__ import annotations

import enum
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any, ClassVar

import grpc
from sqlalchemy.exc import IntegrityError


class ErrorCode(enum.StrEnum):
    """Error codes, named after google.rpc.Code, plus the two the JeePlus client needs."""

    INVALID_ARGUMENT = "INVALID_ARGUMENT"
    FAILED_PRECONDITION = "FAILED_PRECONDITION"
    NOT_FOUND = "NOT_FOUND"
    ALREADY_EXISTS = "ALREADY_EXISTS"
    ABORTED = "ABORTED"
    PERMISSION_DENIED = "PERMISSION_DENIED"
    UNAUTHENTICATED = "UNAUTHENTICATED"
    TOKEN_INVALID = "TOKEN_INVALID"
    RESOURCE_EXHAUSTED = "RESOURCE_EXHAUSTED"
    UNAVAILABLE = "UNAVAILABLE"
    DEADLINE_EXCEEDED = "DEADLINE_EXCEEDED"
    INTERNAL = "INTERNAL"


HTTP_STATUS: Mapping[ErrorCode, int] = {
    ErrorCode.INVALID_ARGUMENT: 400,
    ErrorCode.FAILED_PRECONDITION: 400,
    ErrorCode.NOT_FOUND: 404,
    ErrorCode.ALREADY_EXISTS: 409,
    ErrorCode.ABORTED: 409,
    ErrorCode.PERMISSION_DENIED: 403,
    ErrorCode.UNAUTHENTICATED: 401,
    # The JeePlus client refreshes its token on 408 ("a token was sent but it is not valid").
    ErrorCode.TOKEN_INVALID: 408,
    ErrorCode.RESOURCE_EXHAUSTED: 429,
    ErrorCode.UNAVAILABLE: 503,
    ErrorCode.DEADLINE_EXCEEDED: 504,
    ErrorCode.INTERNAL: 500,
}

GRPC_STATUS: Mapping[ErrorCode, grpc.StatusCode] = {
    ErrorCode.INVALID_ARGUMENT: grpc.StatusCode.INVALID_ARGUMENT,
    ErrorCode.FAILED_PRECONDITION: grpc.StatusCode.FAILED_PRECONDITION,
    ErrorCode.NOT_FOUND: grpc.StatusCode.NOT_FOUND,
    ErrorCode.ALREADY_EXISTS: grpc.StatusCode.ALREADY_EXISTS,
    ErrorCode.ABORTED: grpc.StatusCode.ABORTED,
    ErrorCode.PERMISSION_DENIED: grpc.StatusCode.PERMISSION_DENIED,
    ErrorCode.UNAUTHENTICATED: grpc.StatusCode.UNAUTHENTICATED,
    ErrorCode.TOKEN_INVALID: grpc.StatusCode.UNAUTHENTICATED,
    ErrorCode.RESOURCE_EXHAUSTED: grpc.StatusCode.RESOURCE_EXHAUSTED,
    ErrorCode.UNAVAILABLE: grpc.StatusCode.UNAVAILABLE,
    ErrorCode.DEADLINE_EXCEEDED: grpc.StatusCode.DEADLINE_EXCEEDED,
    ErrorCode.INTERNAL: grpc.StatusCode.INTERNAL,
}

CODE_FOR_GRPC: Mapping[grpc.StatusCode, ErrorCode] = {
    status: code for code, status in GRPC_STATUS.items() if code is not ErrorCode.TOKEN_INVALID
}


class LoomError(Exception):
    """Base of every error a user may see. Subclasses set ``code`` and ``message_key``."""

    code: ClassVar[ErrorCode] = ErrorCode.INTERNAL
    message_key: ClassVar[str] = "internal"

    def __init__(self, message_key: str | None = None, /, **params: Any) -> None:
        self.key = message_key or self.message_key
        self.params = params
        super().__init__(self.key, params)

    def message(self, lang: str | None = None) -> str:
        """Renders the message in ``lang`` (default: the current request's language)."""
        from loom_platform.i18n import translate

        return translate(self.key, lang, **self.params)

    @property
    def details(self) -> dict[str, Any]:
        """Structured details for the client (parameters that are plain values; an integer
        beyond 64 bits, as a client may send, becomes text so the answer can still be rendered)."""
        return {k: _plain(v) for k, v in self.params.items() if isinstance(v, str | int | float | bool)}

    def text(self, lang: str | None = None) -> str:
        """The error as one text, for a client that reads errors as text (the JeePlus client,
        ``loom_platform.texterrors``): its message, and what the message alone does not say."""
        return self.message(lang)


def _plain(value: str | int | float | bool) -> str | int | float | bool:
    if isinstance(value, int) and not isinstance(value, bool) and not -(2**63) <= value < 2**63:
        return str(value)
    return value


class InvalidArgument(LoomError):
    code = ErrorCode.INVALID_ARGUMENT
    message_key = "invalid_argument"


class FieldsInvalid(InvalidArgument):
    """Values that break their rules, each field with its message: ``details`` maps the field to
    the message (a form shows each at its field); as text, the message lists them."""

    message_key = "fields_invalid"

    def __init__(self, fields: Mapping[str, str]) -> None:
        super().__init__()
        self.fields = dict(fields)

    @property
    def details(self) -> dict[str, Any]:
        return dict(self.fields)

    def text(self, lang: str | None = None) -> str:
        return "; ".join([self.message(lang), *self.fields.values()])


class FailedPrecondition(LoomError):
    code = ErrorCode.FAILED_PRECONDITION
    message_key = "failed_precondition"


class NotFound(LoomError):
    code = ErrorCode.NOT_FOUND
    message_key = "not_found"


class AlreadyExists(LoomError):
    code = ErrorCode.ALREADY_EXISTS
    message_key = "already_exists"


class Conflict(LoomError):
    code = ErrorCode.ABORTED
    message_key = "conflict"


class PermissionDenied(LoomError):
    code = ErrorCode.PERMISSION_DENIED
    message_key = "permission_denied"


class Unauthenticated(LoomError):
    code = ErrorCode.UNAUTHENTICATED
    message_key = "unauthenticated"


class TokenInvalid(LoomError):
    code = ErrorCode.TOKEN_INVALID
    message_key = "token_invalid"


class TooManyRequests(LoomError):
    code = ErrorCode.RESOURCE_EXHAUSTED
    message_key = "too_many_requests"


class Unavailable(LoomError):
    code = ErrorCode.UNAVAILABLE
    message_key = "unavailable"


class RemoteError(LoomError):
    """An error answered by another service over gRPC, its message already rendered."""

    def __init__(self, code: ErrorCode, text: str) -> None:
        super().__init__("remote", text=text)
        self.remote_code = code

    def message(self, lang: str | None = None) -> str:  # noqa: ARG002 - already rendered remotely
        return str(self.params["text"])


@contextmanager
def map_exceptions(mapping: Mapping[type[Exception], LoomError]) -> Iterator[None]:
    """Translates library errors into domain errors at an edge (httpx's ``map_exceptions``)."""
    try:
        yield
    except tuple(mapping) as exc:
        for exc_type, error in mapping.items():
            if isinstance(exc, exc_type):
                raise error from exc
        raise


def integrity_as(error: LoomError) -> Any:
    """``with integrity_as(AlreadyExists("sys.user.login_name_taken", ...)):`` around a flush."""
    return map_exceptions({IntegrityError: error})
