from __future__ import annotations

from pydantic import Field

from loom_platform.wire import Answer, WireModel


class DictTypeSave(WireModel):
    id: str | None = None
    type: str = Field(min_length=1, max_length=100)
    description: str = Field(min_length=1, max_length=100)
    # Left out (as the JeePlus client does), the saved English description stays.
    description_en: str | None = Field(default=None, max_length=100)
    remarks: str | None = Field(default=None, max_length=255)


class DictValueSave(WireModel):
    id: str | None = None
    dict_type_id: str = Field(min_length=1, max_length=64)
    label: str = Field(min_length=1, max_length=100)
    # Left out (as the JeePlus client does), the saved English label stays.
    label_en: str | None = Field(default=None, max_length=100)
    value: str = Field(min_length=1, max_length=100)
    sort: int = Field(default=10, ge=0, le=99999)
    remarks: str | None = Field(default=None, max_length=255)


class DictTypePublic(Answer):
    """A dictionary as the client reads it."""

    id: str
    type: str
    description: str
    description_en: str | None
    remarks: str | None


class DictValuePublic(Answer):
    """A dictionary's value as the client reads it."""

    id: str
    dict_type_id: str
    label: str
    label_en: str | None
    value: str
    sort: int
    remarks: str | None


class DictEntry(Answer):
    """A value in the dictionary map (``getDictMap``): what a label lookup needs."""

    id: str
    label: str
    label_en: str | None = None
    value: str
    sort: int
