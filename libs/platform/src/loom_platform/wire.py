"""Shapes on the wire: camelCase JSON, string ids, trees with ``children``."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime
from typing import Any

from pydantic import BaseModel, ConfigDict
from pydantic.alias_generators import to_camel


class WireModel(BaseModel):
    """A request or response body: camelCase on the wire, snake_case in Python; both accepted."""

    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True, from_attributes=True)

    def dump(self) -> dict[str, Any]:
        """The camelCase dict the client reads."""
        return self.model_dump(by_alias=True)


class Answer(WireModel):
    """An answer on the wire: exactly the keys the service gives, each exactly typed.

    Strict (a ``"1"`` is never read as ``True``, a date never as text) and closed (a key the model
    does not name is refused): an answer that drifts from its model fails the request and the
    tests, instead of changing what the client reads. A key some answers leave out is declared
    with a default, and its route answers with ``response_model_exclude_unset=True``."""

    model_config = ConfigDict(strict=True, extra="forbid")


def camel_fields(record: object, *names: str) -> dict[str, Any]:
    """The named attributes of a record under their wire names (``dict_type_id`` as ``dictTypeId``):
    how a service renders a row whose answer is its columns as they are."""
    return {to_camel(name): getattr(record, name) for name in names}


def new_id() -> str:
    """A new record id (32 hex characters; ids are strings everywhere)."""
    return uuid.uuid4().hex


def now() -> datetime:
    return datetime.now(UTC)


def split_ids(ids: str | None) -> list[str]:
    """``?ids=a,b,c`` as a list, blanks dropped."""
    return [part.strip() for part in (ids or "").split(",") if part.strip()]
