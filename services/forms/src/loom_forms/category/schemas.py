"""What the category routes take: the fields of a form or a JSON object, as sent (the service's
rules read them: a blank name, a name over 100 characters and a sort out of range each have their
own answer)."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from loom_platform.wire import WireModel


class CategorySave(WireModel):
    id: Any = Field(default=None, description="the category (none: a new one)")
    name: Any = Field(default=None, description="its name")
    parent_id: Any = Field(default=None, description="the parent category")
    parent: Any = Field(default=None, description="the parent as an object ({id}), instead of parentId")
    sort: Any = Field(default=None, description="its place among its siblings (0..99999; else 30)")
    remarks: Any = Field(default=None, description="remarks")
