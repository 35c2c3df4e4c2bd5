from __future__ import annotations

from pydantic import Field

from loom_platform.wire import Answer, WireModel


class PersonRef(WireModel):
    """A user as the office form sends it: ``{id}`` (an empty id clears the field)."""

    id: str | None = Field(default=None, max_length=64)
    name: str | None = None


class OfficeSave(WireModel):
    id: str | None = None
    parent_id: str | None = Field(default="0", max_length=64)
    name: str = Field(min_length=1, max_length=100)
    code: str | None = Field(default=None, max_length=100)
    type: str = Field(default="1", pattern="^[12]$")
    grade: str | None = Field(default=None, max_length=1)
    sort: int = Field(default=30, ge=0, le=99999)
    useable: str = Field(default="1", pattern="^[01]$")
    address: str | None = Field(default=None, max_length=255)
    master: str | None = Field(default=None, max_length=100)
    phone: str | None = Field(default=None, max_length=200)
    email: str | None = Field(default=None, max_length=200)
    remarks: str | None = Field(default=None, max_length=255)
    primary_person: PersonRef | None = None
    deputy_person: PersonRef | None = None


class PersonName(Answer):
    """An office's manager or deputy: the user's id and name."""

    id: str
    name: str


class OfficePublic(Answer):
    """An office as the client reads it (``queryById``)."""

    id: str
    parent_id: str
    parent_ids: str
    name: str
    label: str
    code: str | None
    type: str
    grade: str | None
    sort: int
    useable: str
    address: str | None
    master: str | None
    phone: str | None
    email: str | None
    remarks: str | None
    primary_person: PersonName | None
    deputy_person: PersonName | None


class OfficeNode(OfficePublic):
    """An office in the tree: not selectable when ``disabled``, with the offices below it."""

    disabled: bool
    children: list[OfficeNode]
