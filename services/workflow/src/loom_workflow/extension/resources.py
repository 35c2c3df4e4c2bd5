"""The extension records served by the platform's one CRUD (``loom_platform.crud``): who may call
what, filters, order, save and read.

``/extension/{button,condition,listener,taskDefExtension,nodeSetting}/{list,queryById,save,delete}``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlmodel.ext.asyncio.session import AsyncSession

from loom_platform.crud import Access, Resource, camel, saving
from loom_platform.i18n import translate
from loom_workflow.extension import service
from loom_workflow.extension.models import Button, Condition, Listener, NodeSetting, TaskDefExtension
from loom_workflow.extension.schemas import (
    ButtonSave,
    ConditionSave,
    ListenerSave,
    NodeSettingSave,
    TaskDefExtensionDetail,
    TaskDefExtensionSave,
)

MODEL_DESIGN = ("flowable:model:design", "flowable:model:edit", "flowable:model:add")
# Node extensions hold reviewer rules (sql text included): designers and model viewers only.
MODEL_READ = (*MODEL_DESIGN, "flowable:model:view")


def _common(name: str, *, designer_list: bool = False) -> Access:
    """The permissions of a common record (``extension:<name>:*``); its list may also be read by
    the model designers (their pickers), never by a user without either permission."""
    own = (f"extension:{name}:view", f"extension:{name}:edit")
    return Access(
        list=(*own, *MODEL_DESIGN) if designer_list else own,
        read=(f"extension:{name}:view", f"extension:{name}:edit"),
        save=(f"extension:{name}:add", f"extension:{name}:edit"),
        delete=(f"extension:{name}:del",),
    )


def _resource(name: str, what: str, **declared: Any) -> Resource:
    """An extension record family: its records answered with every column, its messages naming ``what``."""

    def saved(record_name: str) -> str:
        return translate("workflow.saved", what=translate(f"workflow.what.{what}"), name=record_name)

    def deleted() -> str:
        return translate("workflow.deleted", what=translate(f"workflow.what.{what}"))

    return Resource(name=name, render=camel, saved=saved, deleted=deleted, **declared)


def _node_records(name: str, what: str, **declared: Any) -> Resource:
    """A family of records of a process key's nodes (extensions, settings): saved as a list, listed
    by process key, read by the designers and model viewers, written by the designers."""
    return _resource(
        name,
        what,
        access=Access(list=MODEL_READ, read=MODEL_READ, save=MODEL_DESIGN, delete=MODEL_DESIGN),
        many=True,
        like={"processDefId": "process_def_id"},
        **declared,
    )


async def _save_extensions(session: AsyncSession, items: Sequence[TaskDefExtensionSave], actor: str) -> str:
    await service.save_extensions(session, items, actor=actor)
    return ",".join(i.task_def_id for i in items)


async def _save_settings(session: AsyncSession, items: Sequence[NodeSettingSave], actor: str) -> str:
    await service.save_settings(session, items, actor=actor)
    return ",".join(dict.fromkeys(i.task_def_id for i in items))


async def _read_extension(session: AsyncSession, record: Any) -> dict[str, Any]:
    return await service.render_extension(session, record)


BUTTON = _resource(
    "button",
    "button",
    model=Button,
    access=_common("button"),
    save=saving(service.save_button),
    wire=ButtonSave,
    like={"name": "name", "code": "code"},
    sortable={"sort": "sort", "name": "name", "code": "code"},
    order=("sort", "code"),
)

CONDITION = _resource(
    "condition",
    "condition",
    model=Condition,
    access=_common("condition", designer_list=True),  # the designer's expression picker lists them
    save=saving(service.save_condition),
    wire=ConditionSave,
    like={"name": "name"},
    sortable={"name": "name", "create_date": "create_date"},
    order=("-create_date",),
)

LISTENER = _resource(
    "listener",
    "listener",
    model=Listener,
    access=_common("listener", designer_list=True),  # the designer's listener picker lists them
    save=saving(service.save_listener),
    wire=ListenerSave,
    like={"name": "name"},
    equal={"listenerType": "listener_type"},
    sortable={"name": "name", "event": "event", "create_date": "create_date"},
    order=("listener_type", "name"),
)

TASK_DEF_EXTENSION = _node_records(
    "taskDefExtension",
    "extension",
    model=TaskDefExtension,
    save=_save_extensions,
    wire=TaskDefExtensionSave,
    sortable={"task_def_id": "task_def_id"},
    order=("task_def_id",),
    read=_read_extension,
    detail=TaskDefExtensionDetail,
)

NODE_SETTING = _node_records(
    "nodeSetting",
    "node_setting",
    model=NodeSetting,
    save=_save_settings,
    wire=NodeSettingSave,
    sortable={"key": "key"},
    order=("task_def_id", "key"),
)

RESOURCES = (BUTTON, CONDITION, LISTENER, TASK_DEF_EXTENSION, NODE_SETTING)
