"""The reference resources, served by the platform's one CRUD (``loom_platform.crud``): their
tables, rules, filters, sortable columns and permissions.

``/gencode/{validateType,showType,queryType,dataBaseType,customObj,codeParam,templateGroup}/...``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sqlmodel import SQLModel
from sqlmodel.ext.asyncio.session import AsyncSession

from loom_gencode import identifiers as names
from loom_gencode.common import check_length, check_sort, publish, require
from loom_gencode.errors import LabelRequired, NameRequired, PackageNameInvalid, ValueRequired
from loom_gencode.reftypes import errors, models, schemas
from loom_platform import crud
from loom_platform.crud import Access, Child, Resource, by_name
from loom_platform.i18n import translate
from loom_platform.wire import WireModel

LABEL_VALUE_SORTABLE = {"label": "label", "value": "value", "sort": "sort", "create_date": "create_date"}


def _label_value_sort(row: Any) -> None:
    require(row.label, LabelRequired)
    require(row.value, ValueRequired)
    row.sort = check_sort(row.sort)


def _choice(row: Any) -> None:
    """A validation, control or query type: its value reaches the templates with the columns that
    choose it, so it is a name (``isMobile``, ``radiobox``, ``LEFT_LIKE``)."""
    _label_value_sort(row)
    if not names.choice(row.value):
        raise errors.ValueInvalid(value=names.shown(row.value))


def _show_type(row: Any) -> None:
    _choice(row)
    check_length(row.component, 50, "component")
    check_length(row.import_path, 250, "importPath")


def _database_type(row: Any) -> None:
    require(row.type, errors.DbTypeRequired)


def _custom_obj(row: Any) -> None:
    require(row.label, LabelRequired)
    require(row.value, errors.ClassNameRequired)
    if not names.java_type(row.value):
        raise errors.ClassNameInvalid(value=names.shown(row.value))
    require(row.type, errors.BasicTypeRequired)
    row.sort = check_sort(row.sort if row.sort not in (None, "") else 1)


def _custom_field(row: Any) -> None:
    row.sort = int(row.sort) if str(row.sort or "").strip().lstrip("-").isdigit() else 0


def _template_group(row: Any) -> None:
    require(row.name, NameRequired)
    check_length(row.name, 200, "name")
    require(row.type, errors.CategoryRequired)
    check_length(row.remarks, 200, "remarks")
    row.sort = check_sort(row.sort, minimum=10)
    row.is_system = row.is_system or "0"


def _template_obj(row: Any) -> None:
    require(row.name, errors.FileNameRequired)
    check_length(row.name, 200, "name")
    row.sort = check_sort(row.sort)
    row.is_child = row.is_child or "0"
    row.contents = row.contents or ""


def _code_param(row: Any) -> None:
    """The default package of new schemes is a package's name (or none)."""
    if row.package_name and not names.package_name(row.package_name):
        raise PackageNameInvalid(value=names.shown(row.package_name))


def _refuse_system_template(record: Any) -> None:
    if record.is_system == "1":
        raise errors.SystemTemplate()


def _access(name: str) -> Access:
    """The permissions of a reference resource (``gencode:<name>:*``)."""
    perm = f"gencode:{name}"
    return Access(
        list=(f"{perm}:view",),
        read=(f"{perm}:view", f"{perm}:edit"),
        save=(f"{perm}:add", f"{perm}:edit"),
        delete=(f"{perm}:del",),
    )


def _saved(name: str) -> str:
    return translate("gencode.saved", what=name)


def _deleted() -> str:
    return translate("gencode.deleted", what="")


def _resource(name: str, **declared: Any) -> Resource:
    """A reference resource: announced on ``loom.gencode.<name>.*``, guarded by ``gencode:<name>:*``."""
    return Resource(
        name=name, publish=publish, access=_access(name), saved=_saved, deleted=_deleted, **declared
    )


async def _save_code_param(session: AsyncSession, payload: Any, _actor: str) -> str:
    """The code parameters are one record (id '1')."""
    payload.id = "1"
    await crud.save(session, CODE_PARAM, payload)
    return crud.name_of(payload)


async def _save_template_group(session: AsyncSession, payload: Any, _actor: str) -> str:
    """A template group keeps its stored system flag (clients cannot set it)."""
    existing = await session.get(models.TemplateGroup, payload.id) if payload.id else None
    payload.is_system = existing.is_system if existing is not None else "0"
    await crud.save(session, TEMPLATE_GROUP, payload)
    return crud.name_of(payload)


def _label_value(
    name: str,
    model: type[SQLModel],
    *,
    wire: type[WireModel] = schemas.LabelValueSave,
    fields: tuple[str, ...] = ("label", "label_en", "value", "sort"),
    validate: Callable[[Any], None] = _label_value_sort,
    sortable: dict[str, str] | None = None,
    **declared: Any,
) -> Resource:
    """A reference type of labels and values in a sort order (validation and query types; controls
    and object types with columns of their own): searched by label and value, listed by sort."""
    return _resource(
        name,
        model=model,
        wire=wire,
        fields=fields,
        kept=("label_en",),  # the English label a client without it (JeePlus's) leaves as it is
        validate=validate,
        sortable={**LABEL_VALUE_SORTABLE, **(sortable or {})},
        like=by_name("label", "value"),
        order=("sort", "create_date"),
        **declared,
    )


VALIDATE_TYPE = _label_value(
    "validateType", models.ValidateType, validate=_choice, answer=schemas.LabelValuePublic
)

SHOW_TYPE = _label_value(
    "showType",
    models.ShowType,
    wire=schemas.ShowTypeSave,
    answer=schemas.ShowTypePublic,
    fields=("label", "label_en", "value", "component", "import_path", "sort"),
    validate=_show_type,
    sortable={"component": "component"},
)

QUERY_TYPE = _label_value("queryType", models.QueryType, validate=_choice, answer=schemas.LabelValuePublic)

DATABASE_TYPE = _resource(
    "dataBaseType",
    model=models.DataBaseType,
    wire=schemas.DataBaseTypeSave,
    answer=schemas.DataBaseTypePublic,
    fields=("type",),
    validate=_database_type,
    sortable={"type": "type", "create_date": "create_date"},
    equal=by_name("type"),
    order=("type",),
    child=Child(
        model=models.TableFieldType,
        parent_key="database_type_id",
        wire_list="table_field_type_dto_list",
        wire=schemas.TableFieldTypeSave,
        fields=("label", "value", "sort"),
        validate=_label_value_sort,
    ),
)

CUSTOM_OBJ = _label_value(
    "customObj",
    models.CustomObj,
    wire=schemas.CustomObjSave,
    answer=schemas.CustomObjPublic,
    fields=("label", "label_en", "value", "data_url", "table_name", "sort", "description", "type"),
    validate=_custom_obj,
    sortable={"table_name": "table_name", "type": "type"},
    child=Child(
        model=models.CustomField,
        parent_key="custom_obj_id",
        wire_list="custom_field_dto_list",
        wire=schemas.CustomFieldSave,
        fields=("name", "remarks", "sort"),
        validate=_custom_field,
    ),
)

CODE_PARAM = _resource(
    "codeParam",
    model=models.CodeParam,
    wire=schemas.CodeParamSave,
    answer=schemas.CodeParamPublic,
    fields=("project_path", "front_path", "package_name", "author"),
    validate=_code_param,
    sortable={},
    order=("id",),
    save=_save_code_param,
)

TEMPLATE_GROUP = _resource(
    "templateGroup",
    model=models.TemplateGroup,
    wire=schemas.TemplateGroupSave,
    answer=schemas.TemplateGroupPublic,
    fields=("name", "type", "sort", "remarks", "is_system"),
    validate=_template_group,
    sortable={"name": "name", "sort": "sort", "create_date": "create_date"},
    like=by_name("name"),
    order=("sort", "create_date"),
    child=Child(
        model=models.TemplateObj,
        parent_key="template_group_id",
        wire_list="template_obj_dto_list",
        wire=schemas.TemplateObjSave,
        fields=("name", "sort", "contents", "is_child"),
        validate=_template_obj,
    ),
    before_delete=_refuse_system_template,
    save=_save_template_group,
    list_route=False,  # its list is every group with its files, unpaged (router.py)
)

ALL = (VALIDATE_TYPE, SHOW_TYPE, QUERY_TYPE, DATABASE_TYPE, CUSTOM_OBJ, CODE_PARAM, TEMPLATE_GROUP)
