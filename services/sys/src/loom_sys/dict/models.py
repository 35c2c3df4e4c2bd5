from __future__ import annotations

from sqlmodel import Field

from loom_platform.records import Record


class DictType(Record, table=True):
    """A dictionary, e.g. ``table_type``; its values are shown as labels everywhere."""

    __tablename__ = "sys_dict_type"

    type: str = Field(max_length=100, unique=True)
    description: str = Field(max_length=100)
    # The description shown when the portal runs in en-US; the seed fills it for the platform's own
    # dictionaries, a user's own may leave it empty (the description is shown then).
    description_en: str | None = Field(default=None, max_length=100)


class DictValue(Record, table=True):
    __tablename__ = "sys_dict_value"

    dict_type_id: str = Field(max_length=64, foreign_key="sys_dict_type.id", ondelete="CASCADE", index=True)
    label: str = Field(max_length=100)
    # The label shown when the portal runs in en-US; the seed fills it for the platform's own
    # dictionaries, a user's own values may leave it empty (the label is shown then).
    label_en: str | None = Field(default=None, max_length=100)
    value: str = Field(max_length=100)
    sort: int = Field(default=10)
