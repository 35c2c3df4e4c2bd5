"""``/extension/{button,condition,listener,taskDefExtension,nodeSetting}/...``."""

from __future__ import annotations

from typing import Annotated, Any

import orjson
from fastapi import APIRouter, Request
from pydantic import ValidationError
from sqlalchemy import select

from loom_platform.auth import CurrentPrincipal, Principal, require_permission
from loom_platform.db import SessionDep, transaction
from loom_platform.errors import InvalidArgument
from loom_platform.http import message
from loom_platform.i18n import translate
from loom_platform.paging import PageDep, empty_filter
from loom_platform.wire import split_ids
from loom_workflow.extension import service
from loom_workflow.extension.models import Button, Condition, Listener, NodeSetting, TaskDefExtension
from loom_workflow.extension.schemas import (
    ButtonSave,
    ConditionSave,
    ListenerSave,
    NodeSettingIn,
    TaskDefExtensionIn,
)

button = APIRouter(prefix="/extension/button", tags=["extension"])
condition = APIRouter(prefix="/extension/condition", tags=["extension"])
listener = APIRouter(prefix="/extension/listener", tags=["extension"])
task_def = APIRouter(prefix="/extension/taskDefExtension", tags=["extension"])
node_setting = APIRouter(prefix="/extension/nodeSetting", tags=["extension"])
routers = [button, condition, listener, task_def, node_setting]


ButtonView = Annotated[Principal, require_permission("extension:button:view", "extension:button:edit")]
ButtonEdit = Annotated[Principal, require_permission("extension:button:add", "extension:button:edit")]
ButtonDel = Annotated[Principal, require_permission("extension:button:del")]
CondView = Annotated[Principal, require_permission("extension:condition:view", "extension:condition:edit")]
CondEdit = Annotated[Principal, require_permission("extension:condition:add", "extension:condition:edit")]
CondDel = Annotated[Principal, require_permission("extension:condition:del")]
ListView = Annotated[Principal, require_permission("extension:listener:view", "extension:listener:edit")]
ListEdit = Annotated[Principal, require_permission("extension:listener:add", "extension:listener:edit")]
ListDel = Annotated[Principal, require_permission("extension:listener:del")]
ModelDesign = Annotated[
    Principal, require_permission("flowable:model:design", "flowable:model:edit", "flowable:model:add")
]


def _saved(what: str, name: str) -> Any:
    return message(translate("workflow.saved", what=translate(f"workflow.what.{what}"), name=name))


def _deleted(what: str) -> Any:
    return message(translate("workflow.deleted", what=translate(f"workflow.what.{what}")))


# ---------------------------------------------------------------- buttons
@button.get("/list")
async def button_list(
    session: SessionDep, page: PageDep, _: ButtonView, name: str | None = None, code: str | None = None
) -> Any:
    """Common buttons, sorted by ``sort``."""
    t = Button.__table__  # type: ignore[attr-defined]
    return await service.page(
        session,
        Button,
        page,
        {"sort": t.c.sort, "name": t.c.name, "code": t.c.code},
        [t.c.sort, t.c.code],
        name=empty_filter(name),
        code=empty_filter(code),
    )


@button.get("/queryById")
async def button_get(session: SessionDep, _: ButtonView, id: str) -> Any:
    """One common button."""
    return service.render(await service.get(session, Button, id))


@button.post("/save")
async def button_save(session: SessionDep, body: ButtonSave, principal: ButtonEdit) -> Any:
    """Creates or updates a common button."""
    async with transaction(session):
        record = await service.save_button(session, body, actor=principal.user_id)
    return _saved("button", record.name)


@button.delete("/delete")
async def button_delete(session: SessionDep, _: ButtonDel, ids: str = "") -> Any:
    """Deletes common buttons."""
    async with transaction(session):
        await service.delete_ids(session, Button, split_ids(ids))
    return _deleted("button")


@button.get("/validateCodeNoExist")
async def validate_code(
    session: SessionDep, _: CurrentPrincipal, code: str = "", oldCode: str | None = None
) -> bool:  # noqa: N803
    """True when the code is free (a system preset code never is, except its own)."""
    if oldCode and code == oldCode:
        return True
    if code in service.SYSTEM_CODES:
        return False
    return await service.code_free(session, code)


@button.get("/validateNameNoExist")
async def validate_name(
    session: SessionDep, _: CurrentPrincipal, name: str = "", oldName: str | None = None
) -> bool:  # noqa: N803
    """True when the name is free."""
    if oldName and name == oldName:
        return True
    return await service.name_free(session, name)


# ---------------------------------------------------------------- conditions
@condition.get("/list")
async def condition_list(
    session: SessionDep, page: PageDep, _: CurrentPrincipal, name: str | None = None
) -> Any:
    """Common expressions (the designer's picker reads them too)."""
    t = Condition.__table__  # type: ignore[attr-defined]
    return await service.page(
        session,
        Condition,
        page,
        {"name": t.c.name, "create_date": t.c.create_date},
        [t.c.create_date.desc()],
        name=empty_filter(name),
    )


@condition.get("/queryById")
async def condition_get(session: SessionDep, _: CondView, id: str) -> Any:
    """One common expression."""
    return service.render(await service.get(session, Condition, id))


@condition.post("/save")
async def condition_save(session: SessionDep, body: ConditionSave, principal: CondEdit) -> Any:
    """Creates or updates a common expression."""
    async with transaction(session):
        record = await service.save_condition(session, body, actor=principal.user_id)
    return _saved("condition", record.name)


@condition.delete("/delete")
async def condition_delete(session: SessionDep, _: CondDel, ids: str = "") -> Any:
    """Deletes common expressions."""
    async with transaction(session):
        await service.delete_ids(session, Condition, split_ids(ids))
    return _deleted("condition")


# ---------------------------------------------------------------- listeners
@listener.get("/list")
async def listener_list(
    session: SessionDep,
    page: PageDep,
    _: CurrentPrincipal,
    name: str | None = None,
    listenerType: str | None = None,
) -> Any:  # noqa: N803
    """Common listeners, optionally of one type ('1' execution, '2' task)."""
    t = Listener.__table__  # type: ignore[attr-defined]
    return await service.page(
        session,
        Listener,
        page,
        {"name": t.c.name, "event": t.c.event, "create_date": t.c.create_date},
        [t.c.listener_type, t.c.name],
        name=empty_filter(name),
        listener_type=empty_filter(listenerType),
    )


@listener.get("/queryById")
async def listener_get(session: SessionDep, _: ListView, id: str) -> Any:
    """One common listener."""
    return service.render(await service.get(session, Listener, id))


@listener.post("/save")
async def listener_save(session: SessionDep, body: ListenerSave, principal: ListEdit) -> Any:
    """Creates or updates a common listener."""
    async with transaction(session):
        record = await service.save_listener(session, body, actor=principal.user_id)
    return _saved("listener", record.name)


@listener.delete("/delete")
async def listener_delete(session: SessionDep, _: ListDel, ids: str = "") -> Any:
    """Deletes common listeners."""
    async with transaction(session):
        await service.delete_ids(session, Listener, split_ids(ids))
    return _deleted("listener")


# ---------------------------------------------------------------- node extensions
async def _json_list(request: Request) -> list[dict[str, Any]]:
    raw = await request.body()
    try:
        data = orjson.loads(raw or b"[]")
        if isinstance(data, str):
            data = orjson.loads(data)
    except orjson.JSONDecodeError as exc:
        raise InvalidArgument("workflow.json_invalid", detail="body") from exc
    if isinstance(data, dict):
        data = data.get("list") or data.get("data") or [data]
    if not isinstance(data, list):
        raise InvalidArgument("workflow.json_invalid", detail="body")
    return [d for d in data if isinstance(d, dict)]


@task_def.post("/save")
async def task_def_save(request: Request, session: SessionDep, principal: ModelDesign) -> Any:
    """Saves the buttons, reviewers and conditions of nodes (a JSON list)."""
    try:
        items = [TaskDefExtensionIn.model_validate(d) for d in await _json_list(request)]
    except ValidationError as exc:
        raise InvalidArgument("workflow.json_invalid", detail=str(exc.errors()[0].get("loc"))) from exc
    async with transaction(session):
        await service.save_extensions(session, items, actor=principal.user_id)
    return _saved("extension", ",".join(i.task_def_id for i in items))


@task_def.delete("/delete")
async def task_def_delete(session: SessionDep, _: ModelDesign, ids: str = "") -> Any:
    """Deletes node extensions."""
    async with transaction(session):
        await service.delete_ids(session, TaskDefExtension, split_ids(ids))
    return _deleted("extension")


@task_def.get("/queryById")
async def task_def_get(session: SessionDep, _: CurrentPrincipal, id: str) -> Any:
    """One node extension with its lists."""
    return await service.render_extension(session, await service.get(session, TaskDefExtension, id))


@task_def.get("/queryByDefIdAndTaskId")
async def task_def_by_node(
    session: SessionDep, _: CurrentPrincipal, processDefId: str, taskDefId: str
) -> Any:  # noqa: N803
    """The extension of one node (``processDefId`` carries the process key)."""
    return await service.extension_of(session, processDefId, taskDefId)


@task_def.get("/list")
async def task_def_list(
    session: SessionDep, page: PageDep, _: CurrentPrincipal, processDefId: str | None = None
) -> Any:  # noqa: N803
    """Node extensions, paged."""
    t = TaskDefExtension.__table__  # type: ignore[attr-defined]
    return await service.page(
        session,
        TaskDefExtension,
        page,
        {"task_def_id": t.c.task_def_id},
        [t.c.task_def_id],
        process_def_id=empty_filter(processDefId),
    )


@node_setting.post("/save")
async def node_setting_save(request: Request, session: SessionDep, principal: ModelDesign) -> Any:
    """Saves node settings (a JSON list of ``{processDefId, taskDefId, key, value}``)."""
    try:
        items = [NodeSettingIn.model_validate(d) for d in await _json_list(request)]
    except ValidationError as exc:
        raise InvalidArgument("workflow.json_invalid", detail=str(exc.errors()[0].get("loc"))) from exc
    async with transaction(session):
        await service.save_settings(session, items, actor=principal.user_id)
    return _saved("node_setting", ",".join(dict.fromkeys(i.task_def_id for i in items)))


@node_setting.delete("/delete")
async def node_setting_delete(session: SessionDep, _: ModelDesign, ids: str = "") -> Any:
    """Deletes node settings."""
    async with transaction(session):
        await service.delete_ids(session, NodeSetting, split_ids(ids))
    return _deleted("node_setting")


@node_setting.get("/queryValueByKey")
async def node_setting_value(
    session: SessionDep, _: CurrentPrincipal, processDefId: str, taskDefId: str, key: str
) -> Any:  # noqa: N803
    """The value of one setting, or an empty string."""
    found = (
        await session.execute(
            select(NodeSetting.value).where(
                NodeSetting.process_def_id == processDefId,
                NodeSetting.task_def_id == taskDefId,
                NodeSetting.key == key,
            )  # type: ignore[call-overload]
        )
    ).scalar_one_or_none()
    return found or ""


@node_setting.get("/queryById")
async def node_setting_get(session: SessionDep, _: CurrentPrincipal, id: str) -> Any:
    """One node setting."""
    return service.render(await service.get(session, NodeSetting, id))


@node_setting.get("/list")
async def node_setting_list(
    session: SessionDep, page: PageDep, _: CurrentPrincipal, processDefId: str | None = None
) -> Any:  # noqa: N803
    """Node settings, paged."""
    t = NodeSetting.__table__  # type: ignore[attr-defined]
    return await service.page(
        session,
        NodeSetting,
        page,
        {"key": t.c.key},
        [t.c.task_def_id, t.c.key],
        process_def_id=empty_filter(processDefId),
    )
