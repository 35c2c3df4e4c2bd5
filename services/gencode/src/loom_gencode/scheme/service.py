"""Generation schemes: where and how a table's code is generated, one per table design, checked
alike when saved and when generating."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlmodel.ext.asyncio.session import AsyncSession

from loom_gencode import identifiers as names
from loom_gencode.common import blank, publish
from loom_gencode.errors import PackageNameInvalid, TooLong
from loom_gencode.reftypes.models import SYSTEM_GROUP_ID, CodeParam, TemplateGroup
from loom_gencode.scheme.errors import GenerateFieldsRequired, ModuleNameInvalid, SubModuleNameInvalid
from loom_gencode.scheme.schemas import REQUIRED, SCHEME_FIELDS, SchemeSave
from loom_gencode.scheme.workspace import MODULE_BACKEND, MODULE_FRONTEND
from loom_gencode.table import service as table_service
from loom_gencode.table.errors import TemplateGroupUnknown
from loom_gencode.table.models import GenScheme
from loom_platform.wire import new_id, now


async def scheme_of(session: AsyncSession, table_id: str) -> GenScheme | None:
    """The table's saved scheme."""
    stmt = select(GenScheme).where(GenScheme.gen_table_id == table_id)  # type: ignore[arg-type]
    return (await session.execute(stmt)).scalar_one_or_none()


async def gen_code_form(session: AsyncSession, *, table_id: str) -> dict[str, Any]:
    """``{scheme, templateGroupList, tableList}``; a new scheme starts from the code parameters."""
    table = await table_service.get(session, table_id)
    scheme = await scheme_of(session, table_id)
    if scheme is not None:
        body = SchemeSave.model_validate(scheme).dump()
    else:
        params = await session.get(CodeParam, "1")
        body = SchemeSave(
            project_path=params.project_path if params else MODULE_BACKEND,
            front_project_path=params.front_path if params else MODULE_FRONTEND,
            category=SYSTEM_GROUP_ID,
            package_name=(params.package_name if params else None) or "com.jeeplus",
            module_name=table.name.split("_")[0],
            function_name=table.comments,
            function_name_simple=table.comments,
            function_author=params.author if params else "",
        ).dump()
    body["table"] = {"id": table_id}
    groups = (
        await session.execute(select(TemplateGroup.id, TemplateGroup.name).order_by(TemplateGroup.sort))  # type: ignore[call-overload]
    ).all()
    return {
        "scheme": body,
        "templateGroupList": [{"id": g[0], "name": g[1]} for g in groups],
        "tableList": await table_service.table_names(session, table.data_source_id),
    }


def check_form(payload: SchemeSave) -> str:
    """The scheme's required fields, lengths and names (saved and at Generate alike)."""
    for name in REQUIRED:
        if blank(getattr(payload, name)):
            raise GenerateFieldsRequired()
    for name in SCHEME_FIELDS:
        value = getattr(payload, name)
        if value is not None and len(str(value)) > 200:
            raise TooLong(field=name, max=200)
    # names the generated code imports, routes and permits by (free text is escaped by the templates)
    if not names.package_name(payload.package_name):
        raise PackageNameInvalid(value=names.shown(payload.package_name))
    if not names.module_name(payload.module_name):
        raise ModuleNameInvalid(value=names.shown(payload.module_name))
    if payload.sub_module_name and not names.module_name(payload.sub_module_name):
        raise SubModuleNameInvalid(value=names.shown(payload.sub_module_name))
    table_id = payload.table.id if payload.table else None
    if blank(table_id):
        raise GenerateFieldsRequired()
    return str(table_id)


async def save_scheme(session: AsyncSession, payload: SchemeSave) -> GenScheme:
    """Creates or updates the table's scheme (one per table)."""
    table_id = check_form(payload)
    await table_service.get(session, table_id)
    if payload.category and await session.get(TemplateGroup, str(payload.category)) is None:
        raise TemplateGroupUnknown(id=str(payload.category)[:64])
    scheme = await scheme_of(session, table_id)
    if scheme is None:
        scheme = GenScheme(id=payload.id or new_id(), gen_table_id=table_id)
    for name in SCHEME_FIELDS:
        setattr(scheme, name, getattr(payload, name))
    scheme.update_date = now()
    session.add(scheme)
    await session.flush()
    publish(session, "scheme", scheme.id, "saved", table_id)
    return scheme
