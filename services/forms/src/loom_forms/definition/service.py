"""Process form definitions and their versions: exactly one version is primary and published."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sqlalchemy import case, column, exists, func, select, table, update
from sqlalchemy import delete as sa_delete
from sqlmodel.ext.asyncio.session import AsyncSession

from loom_form_rules import Field, fields
from loom_forms.category.models import FormCategory
from loom_forms.common import publish, required_name, text_of, touch
from loom_forms.definition.checks import check_models
from loom_forms.definition.errors import (
    DefinitionJsonInvalid,
    DefinitionNotFound,
    PrimaryVersionKept,
    VersionFrozen,
    VersionInUse,
)
from loom_forms.definition.models import DRAFT, PUBLISHED, RETIRED, FormDefinition, FormDefinitionJson
from loom_forms.definition.schemas import DefinitionSave, VersionSave
from loom_platform import crud
from loom_platform.paging import PageParams, contains, empty_filter, paginate
from loom_platform.wire import new_id

PERM = "extension:formDefinition"
"""The permissions of form definitions (and of the form data processes store): ``PERM:<action>``."""

SORTABLE = {
    "name": FormDefinition.name,
    "create_date": FormDefinition.create_date,
    "update_date": FormDefinition.update_date,
}
VERSION_SORTABLE = {"version": FormDefinitionJson.version, "create_date": FormDefinitionJson.create_date}
# The form data of processes (``data/``) stands above the definitions it stores values of, so a
# version asks whether data was stored with it of that table by name: domains import only downward.
_PROCESS_DATA = table("form_process_data", column("json_id"))


def parse_json(text: Any) -> dict[str, Any]:
    """The designer's JSON (text or object): an object whose ``list`` is a list of widgets."""
    if isinstance(text, Mapping):
        value: Any = dict(text)
    else:
        try:
            value = json.loads(str(text or ""))
        except ValueError as exc:
            raise DefinitionJsonInvalid(detail=str(exc)[:200]) from exc
    if not isinstance(value, dict) or not isinstance(value.get("list", []), list):
        raise DefinitionJsonInvalid(detail="{list, config}")
    return value


def json_text(value: Any) -> str:
    """The JSON stored for a version or form: the client's text kept as sent once it parses and
    every value widget has a valid, unique model."""
    check_models(parse_json(value))
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def render_version(row: FormDefinitionJson, *, with_json: bool = True) -> dict[str, Any]:
    """A version as the client reads it."""
    body = {
        "id": row.id,
        "formDefinitionId": row.form_definition_id,
        "version": row.version,
        "status": row.status,
        "isPrimary": row.is_primary,
        "createDate": row.create_date,
        "updateDate": row.update_date,
    }
    if with_json:
        body["json"] = row.json_body
    return body


def render(
    record: FormDefinition, version: FormDefinitionJson | None, category: str | None
) -> dict[str, Any]:
    """A definition with its primary (or asked-for) version."""
    return {
        "id": record.id,
        "name": record.name,
        "remarks": record.remarks,
        "category": {"id": record.category_id, "name": category},
        "createDate": record.create_date,
        "updateDate": record.update_date,
        "formDefinitionJson": render_version(version) if version is not None else None,
    }


async def get(session: AsyncSession, definition_id: str) -> FormDefinition:
    """A definition, or NotFound."""
    return await crud.get(session, FormDefinition, definition_id, DefinitionNotFound())


async def get_version(session: AsyncSession, json_id: str) -> FormDefinitionJson:
    """A version, or NotFound."""
    return await crud.get(session, FormDefinitionJson, json_id, DefinitionNotFound())


@dataclass(frozen=True)
class VersionFields:
    """A definition version with its definition and the fields of its JSON."""

    version: FormDefinitionJson
    definition: FormDefinition
    fields: list[Field]

    def render(self) -> dict[str, Any]:
        """As the designer's node form settings read it: the version and its fields."""
        return {
            "id": self.version.id,
            "name": self.definition.name,
            "version": self.version.version,
            "fields": [
                {"id": f.model, "name": f.name, "type": f.type, "required": bool(f.options.get("required"))}
                for f in self.fields
            ],
        }


async def fields_of(session: AsyncSession, json_id: str) -> VersionFields:
    """The fields of a definition version (NotFound for an unknown version)."""
    version = await get_version(session, json_id)
    definition = await get(session, version.form_definition_id)
    return VersionFields(version, definition, fields(parse_json(version.json_body)))


async def primary(session: AsyncSession, definition_id: str) -> FormDefinitionJson | None:
    """The primary version of a definition (None before the first version)."""
    stmt = select(FormDefinitionJson).where(
        FormDefinitionJson.form_definition_id == definition_id,  # type: ignore[arg-type]
        FormDefinitionJson.is_primary == "1",  # type: ignore[arg-type]
    )
    return (await session.execute(stmt)).scalars().first()


async def _category_name(session: AsyncSession, category_id: str | None) -> str | None:
    found = await session.get(FormCategory, category_id) if category_id else None
    return found.name if found else None


async def read(session: AsyncSession, definition_id: str) -> dict[str, Any]:
    """A definition with its primary version."""
    record = await get(session, definition_id)
    return render(
        record, await primary(session, record.id), await _category_name(session, record.category_id)
    )


async def read_by_json_id(session: AsyncSession, json_id: str) -> dict[str, Any]:
    """The definition a version belongs to, with that version."""
    version = await get_version(session, json_id)
    record = await get(session, version.form_definition_id)
    return render(record, version, await _category_name(session, record.category_id))


async def page(session: AsyncSession, params: PageParams, query: Mapping[str, str]) -> Any:
    """Definitions with their primary version; ``formDefinitionJson.status=1`` keeps published ones."""
    stmt = (
        select(FormDefinition, FormDefinitionJson, FormCategory.name)
        .outerjoin(
            FormDefinitionJson,
            (FormDefinitionJson.form_definition_id == FormDefinition.id)
            & (FormDefinitionJson.is_primary == "1"),  # type: ignore[arg-type]
        )
        .outerjoin(FormCategory, FormCategory.id == FormDefinition.category_id)
    )  # type: ignore[arg-type]
    name = empty_filter(query.get("name"))
    if name:
        stmt = stmt.where(contains(FormDefinition.name, name))
    category = empty_filter(query.get("category.id") or query.get("categoryId"))
    if category:
        stmt = stmt.where(FormDefinition.category_id == category)  # type: ignore[arg-type]
    status = empty_filter(query.get("formDefinitionJson.status"))
    if status:
        stmt = stmt.where(FormDefinitionJson.status == status)  # type: ignore[arg-type]
    return await paginate(
        session,
        stmt,
        params,
        sortable=SORTABLE,
        default_order=[FormDefinition.update_date.desc()],  # type: ignore[attr-defined]
        render=lambda row: render(row[0], row[1], row[2]),
    )


async def save(session: AsyncSession, body: DefinitionSave) -> FormDefinition:
    """Creates or updates a definition; a ``json`` on a new one becomes its first version."""
    name = required_name(body.name)
    category_id = text_of(body.category_of()) or None
    if category_id and await session.get(FormCategory, category_id) is None:
        raise DefinitionNotFound()
    record = await session.get(FormDefinition, text_of(body.id)) if body.id else None
    created = record is None
    if record is None:
        record = FormDefinition(id=text_of(body.id) or new_id(), name=name)
    record.name, record.category_id = name, category_id
    record.remarks = text_of(body.remarks) or None
    touch(record, created=created)
    session.add(record)
    await session.flush()
    if body.json_ not in (None, ""):
        await save_version(session, VersionSave(form_definition_id=record.id, json=body.json_))
    publish(session, "definition", record.id, "created" if created else "saved", name)
    return record


async def save_version(session: AsyncSession, body: VersionSave) -> FormDefinitionJson:
    """Updates a version's JSON, or adds the next version; the first one is primary and published."""
    text = json_text(body.json_)
    version_id = text_of(body.id)
    if version_id:
        row = await get_version(session, version_id)
        if await in_use(session, row):
            raise VersionFrozen(version=row.version)
        row.json_body = text
        touch(row, created=False)
        session.add(row)
        await session.flush()
        publish(session, "definitionJson", row.id, "saved")
        return row
    definition = await get(session, text_of(body.definition_of()))
    latest = await session.scalar(
        select(func.max(FormDefinitionJson.version)).where(
            FormDefinitionJson.form_definition_id == definition.id
        )  # type: ignore[arg-type]
    )
    first = latest is None
    row = FormDefinitionJson(
        form_definition_id=definition.id,
        json_body=text,
        version=(latest or 0) + 1,
        status=PUBLISHED if first else DRAFT,
        is_primary="1" if first else "0",
    )
    touch(row, created=True)
    session.add(row)
    await session.flush()
    publish(session, "definitionJson", row.id, "created", definition.name)
    return row


async def versions(session: AsyncSession, params: PageParams, query: Mapping[str, str]) -> Any:
    """The versions of a definition, newest first."""
    stmt = select(FormDefinitionJson)
    owner = empty_filter(query.get("formDefinition.id") or query.get("formDefinitionId"))
    if owner:
        stmt = stmt.where(FormDefinitionJson.form_definition_id == owner)  # type: ignore[arg-type]
    return await paginate(
        session,
        stmt,
        params,
        sortable=VERSION_SORTABLE,
        default_order=[FormDefinitionJson.version.desc()],  # type: ignore[attr-defined]
        render=lambda row: render_version(row[0]),
    )


async def update_primary(session: AsyncSession, json_id: str) -> FormDefinitionJson:
    """Makes a version the one primary, published version of its definition."""
    row = await get_version(session, json_id)
    await session.execute(
        update(FormDefinitionJson)
        .where(
            FormDefinitionJson.form_definition_id == row.form_definition_id, FormDefinitionJson.id != row.id
        )  # type: ignore[arg-type]
        .values(
            is_primary="0",
            # a version that was published stays marked so: processes deployed with it still use it
            status=case((FormDefinitionJson.status == DRAFT, DRAFT), else_=RETIRED),
        )
    )
    row.is_primary, row.status = "1", PUBLISHED
    touch(row, created=False)
    session.add(row)
    await session.flush()
    publish(session, "definitionJson", row.id, "saved")
    return row


async def in_use(session: AsyncSession, row: FormDefinitionJson) -> bool:
    """Whether a version must stay as it is: it was published (a process may have been deployed
    with it: the process designer offers published versions only), or a process stored data with it."""
    if row.status != DRAFT:
        return True
    used = select(exists().where(_PROCESS_DATA.c.json_id == row.id))
    return bool(await session.scalar(used))


async def delete_versions(session: AsyncSession, ids: list[str]) -> None:
    """Deletes versions; the primary one stays (make another primary first)."""
    for json_id in ids:
        row = await session.get(FormDefinitionJson, json_id)
        if row is None:
            continue
        if row.is_primary == "1":
            raise PrimaryVersionKept()
        if await in_use(session, row):
            raise VersionInUse(version=row.version)
        await session.delete(row)
        publish(session, "definitionJson", json_id, "deleted")
    await session.flush()


async def delete(session: AsyncSession, ids: list[str]) -> None:
    """Deletes definitions with every version."""
    for definition_id in ids:
        record = await session.get(FormDefinition, definition_id)
        if record is None:
            continue
        await session.execute(
            sa_delete(FormDefinitionJson).where(FormDefinitionJson.form_definition_id == definition_id)  # type: ignore[arg-type]
        )
        await session.delete(record)
        publish(session, "definition", definition_id, "deleted", record.name)
    await session.flush()
