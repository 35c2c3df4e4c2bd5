"""What the form-definition routes take: the fields of a form or a JSON object, as the client sends them.

Values stay as sent (text, or a JSON value): the service's rules read them and answer each fault
in the user's language (a blank name, a name over 100 characters, a category or a definition that
does not exist). An owner may be named as an object (``category: {id}``) or by its id."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from pydantic import Field

from loom_platform.wire import Answer, WireModel


def _owner_id(owner: Any, owner_id: Any) -> Any:
    """The id of an owner sent as an object ``{id}``, else the id sent beside it."""
    return (owner.get("id") if isinstance(owner, Mapping) else None) or owner_id


class DefinitionSave(WireModel):
    """A definition's basics, with its first version's JSON when it is new."""

    id: Any = Field(default=None, description="the definition (none: a new one)")
    name: Any = Field(default=None, description="its name")
    category: Any = Field(default=None, description="its category as an object {id}")
    category_id: Any = Field(default=None, description="its category")
    remarks: Any = Field(default=None, description="remarks")
    json_: Any = Field(
        default=None, alias="json", description="the first version's form JSON (a new definition)"
    )

    def category_of(self) -> Any:
        """The category the body names (as an object or by id)."""
        return _owner_id(self.category, self.category_id)


class VersionSave(WireModel):
    """A version's JSON: the version to update, or the definition that gets the next one."""

    id: Any = Field(default=None, description="the version to update (none: the next version)")
    form_definition: Any = Field(
        default=None, description="the definition of a new version, as an object {id}"
    )
    form_definition_id: Any = Field(default=None, description="the definition of a new version")
    json_: Any = Field(default=None, alias="json", description="the form JSON")

    def definition_of(self) -> Any:
        """The definition the body names (as an object or by id)."""
        return _owner_id(self.form_definition, self.form_definition_id)


class VersionPublic(Answer):
    """A version of a form definition: its number, status ('0' draft, '1' published, '2'
    retired), whether it is the primary one, and (read alone) its JSON."""

    id: str
    form_definition_id: str
    version: int
    status: str
    is_primary: str
    create_date: datetime
    update_date: datetime
    json_: str | None = Field(default=None, alias="json")


class CategoryName(Answer):
    """A definition's category: its id and name."""

    id: str | None
    name: str | None


class DefinitionPublic(Answer):
    """A form definition with its primary (or asked-for) version."""

    id: str
    name: str
    remarks: str | None
    category: CategoryName
    create_date: datetime
    update_date: datetime
    form_definition_json: VersionPublic | None


class VersionField(Answer):
    """A field of a version's form: its model (the record's key), name, type, whether required."""

    id: str
    name: str
    type: str
    required: bool


class FormFields(Answer):
    """A version as a node's form settings read it: its definition's name, number and fields."""

    id: str
    name: str
    version: int
    fields: list[VersionField]
