"""Form-maker forms: save, bind to a table (new or existing), list, delete, menus."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from sqlalchemy import select
from sqlmodel.ext.asyncio.session import AsyncSession

from loom_contracts.clients.sys_directory import DirectoryClient
from loom_form_rules import fields
from loom_forms.common import publish, required_name, text_of, touch
from loom_forms.definition.service import json_text, parse_json
from loom_forms.errors import TooLong
from loom_forms.gencode_client import DataClient
from loom_forms.make import binding as binder
from loom_forms.make import errors
from loom_forms.make.models import MASTER, FormMake
from loom_forms.make.schemas import MakeSave
from loom_platform.errors import ErrorCode, RemoteError
from loom_platform.paging import PageParams, contains, empty_filter, paginate
from loom_platform.tablerows import Column, TableSync
from loom_platform.wire import new_id

CODE = re.compile(r"^[A-Za-z][A-Za-z0-9_]{0,63}$")
RESERVED_CODES = {"make", "generate"}
SORTABLE = {
    "name": FormMake.name,
    "code": FormMake.code,
    "table_name": FormMake.table_name,
    "version": FormMake.version,
    "create_date": FormMake.create_date,
    "update_date": FormMake.update_date,
}
BUTTONS = (
    ("查看", "view"),
    ("添加", "add"),
    ("修改", "edit"),
    ("删除", "del"),
    ("导入", "import"),
    ("导出", "export"),
)


def render(record: FormMake, *, with_source: bool = True) -> dict[str, Any]:
    """A form as the client reads it."""
    body: dict[str, Any] = {
        "id": record.id,
        "name": record.name,
        "code": record.code,
        "tableName": record.table_name,
        "dataSource": {"id": record.data_source_id, "name": record.data_source_name or record.data_source_id},
        "version": record.version,
        "autoCreate": record.auto_create,
        "menuId": record.menu_id,
        "remarks": record.remarks,
        "createDate": record.create_date,
        "updateDate": record.update_date,
    }
    if with_source:
        body["source"] = record.source
    return body


async def get(session: AsyncSession, form_id: str) -> FormMake:
    """A form, or NotFound."""
    record = await session.get(FormMake, form_id) if form_id else None
    if record is None:
        raise errors.FormNotFound()
    return record


async def page(session: AsyncSession, params: PageParams, query: Mapping[str, str]) -> Any:
    """Forms filtered by name (and table name), newest first."""
    stmt = select(FormMake)
    name = empty_filter(query.get("name"))
    if name:
        stmt = stmt.where(contains(FormMake.name, name))
    table = empty_filter(query.get("tableName"))
    if table:
        stmt = stmt.where(contains(FormMake.table_name, table))
    return await paginate(
        session,
        stmt,
        params,
        sortable=SORTABLE,
        default_order=[FormMake.update_date.desc()],  # type: ignore[attr-defined]
        render=lambda row: render(row[0]),
    )


def _data_source(body: MakeSave) -> tuple[str, str]:
    source = body.data_source if isinstance(body.data_source, Mapping) else {}
    ds_id = text_of(source.get("id") or body.data_source_id or body.ds_id or body.en_name)
    return ds_id or MASTER, text_of(source.get("name") or body.data_source_name) or ds_id or MASTER


async def _known_source(data: DataClient | None, record: FormMake, body: MakeSave) -> tuple[str, str]:
    """The data source the body names, when gencode knows it (a new one is asked: a 400 if unknown)."""
    ds_id, ds_name = _data_source(body)
    if data is not None and ds_id not in (MASTER, record.data_source_id):
        try:
            await data.tables(ds_id)
        except RemoteError as exc:
            if exc.remote_code == ErrorCode.NOT_FOUND:
                raise errors.DataSourceMissing(id=ds_id[:64]) from exc
            raise
    return ds_id, ds_name


async def code_free(session: AsyncSession, code: str, old_code: str = "") -> bool:
    """True when no other form uses the key."""
    if code and code == old_code:
        return True
    found = await session.scalar(select(FormMake.id).where(FormMake.code == code))  # type: ignore[arg-type]
    return found is None


async def _check_basics(session: AsyncSession, record: FormMake, body: MakeSave) -> None:
    given = body.model_fields_set
    name = required_name(body.name if "name" in given else record.name)
    code = text_of(body.code if "code" in given else record.code)
    if not code:
        raise errors.CodeRequired()
    if not CODE.match(code) or code in RESERVED_CODES:
        raise errors.CodeInvalid()
    if not await code_free(session, code, record.code or ""):
        raise errors.CodeTaken()
    record.name, record.code = name, code


async def save_basic_info(session: AsyncSession, body: MakeSave, data: DataClient | None = None) -> FormMake:
    """Name, key, data source and remarks of a form (created when new); with ``data``, a data
    source gencode does not know is refused."""
    record = await session.get(FormMake, text_of(body.id)) if body.id else None
    created = record is None
    if record is None:
        record = FormMake(id=text_of(body.id) or new_id(), name="", code="")
    await _check_basics(session, record, body)
    given = body.model_fields_set
    if given & {"data_source", "ds_id", "data_source_id"} or created:
        record.data_source_id, record.data_source_name = await _known_source(data, record, body)
    if "remarks" in given:
        record.remarks = text_of(body.remarks) or None
    if created and text_of(body.table_name):
        record.table_name = binder.table_name(text_of(body.table_name))
    if given & {"auto_create", "is_auto_create"} and not record.binding:
        # the JeePlus client chooses a new or an existing table with the basics; its designer reads it
        record.auto_create = "1" if text_of(body.auto_create or body.is_auto_create) == "1" else "0"
    touch(record, created=created)
    session.add(record)
    await session.flush()
    publish(session, "make", record.id, "created" if created else "saved", record.name)
    return record


async def save(session: AsyncSession, data: DataClient, body: MakeSave) -> FormMake:
    """Saves the basics and the designer JSON; a form whose table it created gets the table altered."""
    record = await save_basic_info(session, body, data)
    if body.source not in (None, ""):
        text = json_text(body.source)
        if text != record.source:
            record.source, record.version = text, record.version + 1
            if record.table_name and record.binding:
                await _bind(data, record, auto_create=record.auto_create == "1")
        session.add(record)
        await session.flush()
    return record


async def save_form_source(session: AsyncSession, data: DataClient, body: MakeSave) -> FormMake:
    """Binds a form to a new table made from its fields (`autoCreate=1`) or to an existing one."""
    record = await get(session, text_of(body.id))
    if body.source not in (None, ""):
        text = json_text(body.source)
        if text != record.source:
            record.source, record.version = text, record.version + 1
    if body.names_data_source():
        record.data_source_id, record.data_source_name = await _known_source(data, record, body)
    table = text_of(body.table_name) or record.table_name or ""
    if not table:
        raise errors.TableRequired()
    record.table_name = binder.table_name(table)
    clash = await session.scalar(
        select(FormMake.name).where(
            FormMake.table_name == record.table_name,  # type: ignore[arg-type]
            FormMake.data_source_id == record.data_source_id,  # type: ignore[arg-type]
            FormMake.id != record.id,  # type: ignore[arg-type]
        )
    )
    if clash:
        raise errors.TableTaken(form=clash)
    auto = text_of(body.auto_create or body.is_auto_create) or "1"
    await _bind(data, record, auto_create=auto == "1")
    touch(record, created=False)
    session.add(record)
    await session.flush()
    publish(session, "make", record.id, "saved", record.name)
    return record


async def _bind(data: DataClient, record: FormMake, *, auto_create: bool) -> None:
    definition = parse_json(record.source or "{}")
    table = str(record.table_name)
    if auto_create:
        main, subs, bound = binder.plan(definition, table)
        sort_columns = binder.sort_columns(definition, bound)
        await data.sync_table(
            TableSync(record.data_source_id, table, record.name, main, sort_columns=sort_columns)
        )
        for _model, (child, fk, columns) in subs.items():
            await data.sync_table(
                TableSync(
                    record.data_source_id, child, record.name, columns, parent_table=table, parent_table_fk=fk
                )
            )
    else:
        existing = {t["name"] for t in await data.tables(record.data_source_id)}
        if table not in existing:
            raise errors.TableMissing(table=table)
        bound = binder.bind_existing(
            definition,
            await _existing(data, record.data_source_id, table),
            {
                name: await _existing(data, record.data_source_id, name)
                for name in _sub_tables(definition, table)
                if name in existing
            },
        )
    record.binding, record.auto_create = bound.dump(), "1" if auto_create else "0"
    record.source = json.dumps(binder.annotate(definition, bound, record.data_source_id), ensure_ascii=False)


async def _existing(data: DataClient, data_source: str, table: str) -> binder.ExistingTable:
    return binder.ExistingTable(table, await data.columns(data_source, table))


def _sub_tables(definition: Mapping[str, Any], table: str) -> list[str]:
    """The tables the form's sub-table widgets name (or would be given)."""
    return [binder.child_table(f, table) for f in fields(definition) if f.type == binder.SUB_TABLE]


async def delete(session: AsyncSession, ids: list[str]) -> None:
    """Deletes forms (their tables and rows stay in the data source)."""
    for form_id in ids:
        record = await session.get(FormMake, form_id)
        if record is None:
            continue
        await session.delete(record)
        publish(session, "make", form_id, "deleted", record.name)
    await session.flush()


async def table_free(data: DataClient, table: str, data_source: str) -> bool:
    """True when the data source has no table of that name."""
    return table not in {t["name"] for t in await data.tables(data_source or MASTER)}


async def table_columns(data: DataClient, data_source: str, table: str) -> list[Column]:
    """The columns of a table; none for a table not created yet (the JeePlus form designer asks for
    the columns of its new form's table before the form's first save creates it)."""
    try:
        return await data.columns(data_source, table)
    except RemoteError as exc:
        if exc.remote_code is ErrorCode.NOT_FOUND and await table_free(data, table, data_source):
            return []
        raise


async def create_menu(session: AsyncSession, directory: DirectoryClient, data: Mapping[str, Any]) -> str:
    """A page menu in sys opening the form's online list, with its buttons and permission strings."""
    record = await get(session, text_of(data.get("formId") or data.get("id")))
    parent_id = text_of(data.get("parent.id") or data.get("parentId"))
    if not parent_id:
        raise errors.MenuParentRequired()
    name = text_of(data.get("name")) or record.name
    if len(name) > 200:
        raise TooLong(field="name", max=200)
    if not record.binding:
        raise errors.NotBound()
    menu_id = await directory.create_menu(
        parent_id=parent_id,
        name=name,
        href=f"/form/GenerateList?id={record.id}",
        icon=text_of(data.get("icon")),
        buttons=[(label, f"form:{record.code}:{action}") for label, action in BUTTONS],
        sort=int(text_of(data.get("sort")) or 0) if text_of(data.get("sort")).isdigit() else 0,
    )
    record.menu_id = menu_id
    session.add(record)
    await session.flush()
    publish(session, "make", record.id, "saved", record.name)
    return menu_id
