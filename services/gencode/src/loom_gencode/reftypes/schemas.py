"""Wire shapes of the reference data (camelCase, ``*DTOList`` for nested rows)."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from loom_platform.wire import WireModel


class LabelValueSave(WireModel):
    """validateType and queryType: id, label, value, sort."""

    id: str | None = None
    label: str | None = None
    label_en: str | None = None
    value: str | None = None
    sort: Any = None


class ShowTypeSave(LabelValueSave):
    """A control type with its UI component and import path."""

    component: str | None = None
    import_path: str | None = None


class TableFieldTypeSave(WireModel):
    """A physical column type row of a database type."""

    id: str | None = None
    label: str | None = None
    value: str | None = None
    sort: Any = None
    del_flag: Any = "0"


class DataBaseTypeSave(WireModel):
    """A database kind and its column types."""

    id: str | None = None
    type: str | None = None
    table_field_type_dto_list: list[TableFieldTypeSave] = Field(
        default_factory=list, alias="tableFieldTypeDTOList"
    )


class CustomFieldSave(WireModel):
    """A property of a custom object type."""

    id: str | None = None
    name: str | None = None
    remarks: str | None = None
    sort: Any = 0
    del_flag: Any = 0


class CustomObjSave(WireModel):
    """A custom Java/entity type."""

    id: str | None = None
    label: str | None = None
    label_en: str | None = None
    value: str | None = None
    data_url: str | None = None
    table_name: str | None = None
    sort: Any = 1
    description: str | None = None
    type: str | None = None
    custom_field_dto_list: list[CustomFieldSave] = Field(default_factory=list, alias="customFieldDTOList")


class CodeParamSave(WireModel):
    """Default generation parameters (record "1")."""

    id: str | None = "1"
    project_path: str | None = None
    front_path: str | None = None
    package_name: str | None = None
    author: str | None = None


class TemplateObjSave(WireModel):
    """A template file of a group."""

    id: str | None = None
    name: str | None = None
    sort: Any = 10
    contents: str | None = ""
    is_child: str | None = "0"
    del_flag: Any = "0"


class TemplateGroupSave(WireModel):
    """A template group with its files."""

    id: str | None = None
    name: str | None = None
    type: str | None = "1"
    sort: Any = 10
    remarks: str | None = None
    is_system: str | None = "0"
    template_obj_dto_list: list[TemplateObjSave] = Field(default_factory=list, alias="templateObjDTOList")
