"""Shapes on the wire: camelCase JSON, string ids, trees with ``children``."""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterable
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


def new_id() -> str:
    """A new record id (32 hex characters; ids are strings everywhere)."""
    return uuid.uuid4().hex


def now() -> datetime:
    return datetime.now(UTC)


def split_ids(ids: str | None) -> list[str]:
    """``?ids=a,b,c`` as a list, blanks dropped."""
    return [part.strip() for part in (ids or "").split(",") if part.strip()]


ROOT_PARENT = "0"


def build_tree(
    nodes: Iterable[Any],
    render: Callable[[Any], dict[str, Any]],
    *,
    id_of: Callable[[Any], str] = lambda n: n.id,
    parent_of: Callable[[Any], str] = lambda n: n.parent_id,
    sort_key: Callable[[Any], Any] = lambda n: (n.sort, n.name),
) -> list[dict[str, Any]]:
    """Nested dicts with ``children`` from flat rows; orphans become roots."""
    ordered = sorted(nodes, key=sort_key)
    rendered = {id_of(n): {**render(n), "children": []} for n in ordered}
    roots: list[dict[str, Any]] = []
    for node in ordered:
        parent = rendered.get(parent_of(node))
        (parent["children"] if parent is not None else roots).append(rendered[id_of(node)])
    return roots
