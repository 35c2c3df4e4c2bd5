"""What the form-definition routes take: the fields of a form or a JSON object, as the client sends them.

Values stay as sent (text, or a JSON value): the service's rules read them and answer each fault
in the user's language (a blank name, a name over 100 characters, a category or a definition that
does not exist). An owner may be named as an object (``category: {id}``) or by its id."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import Field

from loom_platform.wire import WireModel


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
