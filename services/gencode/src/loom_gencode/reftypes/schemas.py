"""Wire shapes of the reference data (camelCase, ``*DTOList`` for nested rows)."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from loom_platform.wire import Answer, WireModel


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


# What the reference routes answer: a stored record under the keys of its save body, in their order
# (the JeePlus client reads both), each value as stored.
class LabelValuePublic(Answer):
    """A validation or query type: its label (and English label), value and sort."""

    id: str
    label: str
    label_en: str | None
    value: str
    sort: int


class ShowTypePublic(LabelValuePublic):
    """A control type with its UI component and import path."""

    component: str | None
    import_path: str | None


class TableFieldTypePublic(Answer):
    """A physical column type of a database kind (``delFlag`` always '0': a stored row)."""

    id: str
    label: str
    value: str
    sort: int
    del_flag: str


class DataBaseTypePublic(Answer):
    """A database kind and its column types (listed rows: none; ``queryById``: every one)."""

    id: str
    type: str
    table_field_type_dto_list: list[TableFieldTypePublic] = Field(alias="tableFieldTypeDTOList")


class CustomFieldPublic(Answer):
    """A property of a custom object type (``delFlag`` always 0: a stored row)."""

    id: str
    name: str | None
    remarks: str | None
    sort: int
    del_flag: int


class CustomObjPublic(Answer):
    """A custom Java/entity type: its label, class name (``value``), data URL, table, sort,
    description and kind (``type``), with its properties (listed rows: none)."""

    id: str
    label: str
    label_en: str | None
    value: str
    data_url: str | None
    table_name: str | None
    sort: int
    description: str | None
    type: str
    custom_field_dto_list: list[CustomFieldPublic] = Field(alias="customFieldDTOList")


class CodeParamPublic(Answer):
    """The default generation parameters (record "1")."""

    id: str
    project_path: str | None
    front_path: str | None
    package_name: str | None
    author: str | None


class TemplateObjPublic(Answer):
    """A template file of a group (``delFlag`` always '0': a stored row)."""

    id: str
    name: str
    sort: int
    contents: str
    is_child: str
    del_flag: str


class TemplateGroupPublic(Answer):
    """A template group with its files."""

    id: str
    name: str
    type: str
    sort: int
    remarks: str | None
    is_system: str
    template_obj_dto_list: list[TemplateObjPublic] = Field(alias="templateObjDTOList")
