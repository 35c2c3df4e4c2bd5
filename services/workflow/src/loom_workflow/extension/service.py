"""Common buttons, expressions and listeners; node extensions and node settings."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

from sqlalchemy import ColumnElement, delete, select
from sqlmodel import SQLModel, col
from sqlmodel.ext.asyncio.session import AsyncSession

from loom_platform.crud import camel as render
from loom_platform.crud import get
from loom_platform.wire import WireModel, now
from loom_workflow.engine.errors import ExpressionError
from loom_workflow.engine.expr import compile_expression
from loom_workflow.extension import errors
from loom_workflow.extension.assignees import kept
from loom_workflow.extension.models import (
    Button,
    Condition,
    FlowAssignee,
    FlowButton,
    FlowCondition,
    Listener,
    NodeListRow,
    NodeSetting,
    TaskDefExtension,
)
from loom_workflow.extension.schemas import (
    ButtonSave,
    CommonSave,
    ConditionSave,
    ListenerSave,
    NodeSettingSave,
    TaskDefExtensionSave,
)

SYSTEM_CODES = (
    "_flow_save",
    "_flow_agree",
    "_flow_reject",
    "_flow_back",
    "_flow_add_multi_instance",
    "_flow_del_multi_instance",
    "_flow_transfer",
    "_flow_delegate",
    "_flow_stop",
    "_flow_print",
)
EXECUTION_EVENTS = ("start", "take", "end")
TASK_EVENTS = ("create", "start", "assignment", "complete", "delete")


M = TypeVar("M", bound=SQLModel)
R = TypeVar("R", bound=NodeListRow)


def _at_node(
    model: type[TaskDefExtension] | type[NodeSetting], process_def_id: str, task_def_id: str
) -> list[ColumnElement[bool]]:
    """Where a record of one node of a process key is (an extension, or a node's settings)."""
    return [col(model.process_def_id) == process_def_id, col(model.task_def_id) == task_def_id]


async def _extension(session: AsyncSession, process_def_id: str, task_def_id: str) -> TaskDefExtension | None:
    """The extension of one node, if it has one."""
    found = await session.execute(
        select(TaskDefExtension).where(*_at_node(TaskDefExtension, process_def_id, task_def_id))
    )
    return found.scalars().first()


def _row(model: type[R], ext: TaskDefExtension, sent: WireModel, **instead: Any) -> R:
    """A new row of one of ``ext``'s lists with the fields the client sent (but its id), or ``instead``."""
    return model(**{**sent.model_dump(exclude={"id"}), **instead}, task_def_id=ext.id)


async def _upsert(
    session: AsyncSession, model: type[M], record_id: str | None, actor: str, **values: Any
) -> M:
    record = await get(session, model, record_id) if record_id else model(**values, create_by=actor)
    for key, value in values.items():
        setattr(record, key, value)
    record.update_by, record.update_date = actor, now()
    session.add(record)
    await session.flush()
    return record


async def _save_common(
    session: AsyncSession, model: type[M], data: CommonSave, actor: str, **values: Any
) -> M:
    """Creates or updates a common record: its id, trimmed name and remarks from ``data``."""
    return await _upsert(
        session, model, data.id, actor, name=data.name.strip(), **values, remarks=data.remarks
    )


async def code_free(session: AsyncSession, code: str, except_id: str | None = None) -> bool:
    """True when no other button uses ``code``."""
    stmt = select(col(Button.id)).where(col(Button.code) == code)
    found = (await session.execute(stmt)).scalars().all()
    return all(f == except_id for f in found)


async def name_free(session: AsyncSession, name: str, except_id: str | None = None) -> bool:
    """True when no other button has ``name``."""
    found = (await session.execute(select(col(Button.id)).where(col(Button.name) == name))).scalars().all()
    return all(f == except_id for f in found)


async def save_button(session: AsyncSession, data: ButtonSave, *, actor: str) -> Button:
    """Creates or updates a common button (seed §5.1 rules)."""
    if not data.name.strip():
        raise errors.NameRequired()
    if not data.code.strip():
        raise errors.CodeRequired()
    if data.sort is None:
        raise errors.SortRequired()
    existing = await session.get(Button, data.id) if data.id else None
    if data.code in SYSTEM_CODES and (existing is None or existing.code != data.code):
        raise errors.SystemCode()
    if data.code.startswith("_flow_") and data.code not in SYSTEM_CODES:
        raise errors.SystemCode()
    if not await code_free(session, data.code, data.id):
        raise errors.CodeTaken()
    if not await name_free(session, data.name, data.id):
        raise errors.NameTaken()
    return await _save_common(session, Button, data, actor, code=data.code.strip(), sort=data.sort)


async def save_condition(session: AsyncSession, data: ConditionSave, *, actor: str) -> Condition:
    """Creates or updates a common expression (it must parse)."""
    if not data.name.strip():
        raise errors.NameRequired()
    try:
        compile_expression(data.expression if "${" in data.expression else "${" + data.expression + "}")
    except ExpressionError as exc:
        raise errors.ExpressionInvalid(detail=exc.message) from exc
    return await _save_common(session, Condition, data, actor, expression=data.expression.strip())


async def save_listener(session: AsyncSession, data: ListenerSave, *, actor: str) -> Listener:
    """Creates or updates a common listener."""
    if not data.name.strip():
        raise errors.NameRequired()
    if (
        data.listener_type not in ("1", "2")
        or data.value_type not in ("1", "2", "3")
        or not data.value.strip()
    ):
        raise errors.ListenerInvalid()
    if data.event not in (EXECUTION_EVENTS if data.listener_type == "1" else TASK_EVENTS):
        raise errors.EventInvalid(event=data.event)
    return await _save_common(
        session,
        Listener,
        data,
        actor,
        listener_type=data.listener_type,
        event=data.event,
        value_type=data.value_type,
        value=data.value.strip(),
    )


async def save_extensions(session: AsyncSession, items: Sequence[TaskDefExtensionSave], *, actor: str) -> int:
    """Replaces the buttons, reviewers and conditions of each node given."""
    for item in items:
        found = await _extension(session, item.process_def_id, item.task_def_id)
        ext = found or TaskDefExtension(
            process_def_id=item.process_def_id, task_def_id=item.task_def_id, create_by=actor
        )
        ext.update_by, ext.update_date = actor, now()
        session.add(ext)
        await session.flush()
        for child in (FlowButton, FlowAssignee, FlowCondition):
            await session.execute(delete(child).where(col(child.task_def_id) == ext.id))
        for b in item.flow_button_list:
            session.add(_row(FlowButton, ext, b))
        for a in item.flow_assignee_list:
            if kept(a.type, a.value):
                session.add(_row(FlowAssignee, ext, a, operation_type=a.operation_type or "0"))
        for c in item.flow_condition_list:
            session.add(_row(FlowCondition, ext, c, logic=c.logic or "and"))
    await session.flush()
    return len(items)


async def extension_of(session: AsyncSession, process_def_id: str, task_def_id: str) -> dict[str, Any]:
    """One node's extension with its lists (empty lists when nothing is configured)."""
    ext = await _extension(session, process_def_id, task_def_id)
    return (
        await render_extension(session, ext)
        if ext
        else {
            "id": None,
            "processDefId": process_def_id,
            "taskDefId": task_def_id,
            "flowButtonList": [],
            "flowConditionList": [],
            "flowAssigneeList": [],
        }
    )


async def render_extension(session: AsyncSession, ext: TaskDefExtension) -> dict[str, Any]:
    """An extension with its buttons, conditions and reviewers (each sorted)."""

    async def rows(model: type[NodeListRow]) -> list[dict[str, Any]]:
        by_node = select(model).where(col(model.task_def_id) == ext.id)
        found = (await session.execute(by_node)).scalars().all()
        out = [{**render(r), "taskDef": {"id": ext.id}} for r in found]
        return sorted(out, key=lambda r: r.get("sort") or 0)

    return {
        "id": ext.id,
        "processDefId": ext.process_def_id,
        "taskDefId": ext.task_def_id,
        "flowButtonList": await rows(FlowButton),
        "flowConditionList": await rows(FlowCondition),
        "flowAssigneeList": await rows(FlowAssignee),
    }


async def save_settings(session: AsyncSession, items: Sequence[NodeSettingSave], *, actor: str) -> int:
    """Upserts node settings by (process, node, key)."""
    for item in items:
        at_key = (
            *_at_node(NodeSetting, item.process_def_id, item.task_def_id),
            col(NodeSetting.key) == item.key,
        )
        found = (await session.execute(select(NodeSetting).where(*at_key))).scalars().first()
        value = item.value if isinstance(item.value, str) or item.value is None else str(item.value).lower()
        record = found or NodeSetting(
            process_def_id=item.process_def_id, task_def_id=item.task_def_id, key=item.key, create_by=actor
        )
        record.value, record.update_by, record.update_date = value, actor, now()
        session.add(record)
    await session.flush()
    return len(items)


async def setting_value(session: AsyncSession, process_def_id: str, task_def_id: str, key: str) -> str:
    """The value of one node setting, or an empty string."""
    found = (
        await session.execute(
            select(col(NodeSetting.value)).where(
                *_at_node(NodeSetting, process_def_id, task_def_id), col(NodeSetting.key) == key
            )
        )
    ).scalar_one_or_none()
    return found or ""
