"""Common buttons, expressions and listeners; node extensions and node settings."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

from sqlalchemy import Table, delete, select
from sqlmodel import SQLModel, col
from sqlmodel.ext.asyncio.session import AsyncSession

from loom_platform.crud import camel as render
from loom_platform.crud import get
from loom_platform.wire import now
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
    NodeSetting,
    TaskDefExtension,
)
from loom_workflow.extension.schemas import (
    ButtonSave,
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


def _node_list(model: type[SQLModel]) -> Table:
    """The table of a list a node extension owns (buttons, reviewers, conditions: ``task_def_id``)."""
    return SQLModel.metadata.tables[str(model.__tablename__)]


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
    return await _upsert(
        session,
        Button,
        data.id,
        actor,
        name=data.name.strip(),
        code=data.code.strip(),
        sort=data.sort,
        remarks=data.remarks,
    )


async def save_condition(session: AsyncSession, data: ConditionSave, *, actor: str) -> Condition:
    """Creates or updates a common expression (it must parse)."""
    if not data.name.strip():
        raise errors.NameRequired()
    try:
        compile_expression(data.expression if "${" in data.expression else "${" + data.expression + "}")
    except ExpressionError as exc:
        raise errors.ExpressionInvalid(detail=exc.message) from exc
    return await _upsert(
        session,
        Condition,
        data.id,
        actor,
        name=data.name.strip(),
        expression=data.expression.strip(),
        remarks=data.remarks,
    )


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
    return await _upsert(
        session,
        Listener,
        data.id,
        actor,
        name=data.name.strip(),
        listener_type=data.listener_type,
        event=data.event,
        value_type=data.value_type,
        value=data.value.strip(),
        remarks=data.remarks,
    )


async def save_extensions(session: AsyncSession, items: Sequence[TaskDefExtensionSave], *, actor: str) -> int:
    """Replaces the buttons, reviewers and conditions of each node given."""
    for item in items:
        found = (
            (
                await session.execute(
                    select(TaskDefExtension).where(
                        col(TaskDefExtension.process_def_id) == item.process_def_id,
                        col(TaskDefExtension.task_def_id) == item.task_def_id,
                    )
                )
            )
            .scalars()
            .first()
        )
        ext = found or TaskDefExtension(
            process_def_id=item.process_def_id, task_def_id=item.task_def_id, create_by=actor
        )
        ext.update_by, ext.update_date = actor, now()
        session.add(ext)
        await session.flush()
        for child in (FlowButton, FlowAssignee, FlowCondition):
            await session.execute(delete(child).where(_node_list(child).c.task_def_id == ext.id))
        for b in item.flow_button_list:
            session.add(
                FlowButton(
                    task_def_id=ext.id, name=b.name, code=b.code, sort=b.sort, is_hide=b.is_hide, next=b.next
                )
            )
        for a in item.flow_assignee_list:
            if kept(a.type, a.value):
                session.add(
                    FlowAssignee(
                        task_def_id=ext.id,
                        type=a.type,
                        value=a.value,
                        condition=a.condition,
                        operation_type=a.operation_type or "0",
                        sort=a.sort,
                    )
                )
        for c in item.flow_condition_list:
            session.add(
                FlowCondition(
                    task_def_id=ext.id,
                    field=c.field,
                    compare=c.compare,
                    value=c.value,
                    logic=c.logic or "and",
                    sort=c.sort,
                )
            )
    await session.flush()
    return len(items)


async def extension_of(session: AsyncSession, process_def_id: str, task_def_id: str) -> dict[str, Any]:
    """One node's extension with its lists (empty lists when nothing is configured)."""
    ext = (
        (
            await session.execute(
                select(TaskDefExtension).where(
                    col(TaskDefExtension.process_def_id) == process_def_id,
                    col(TaskDefExtension.task_def_id) == task_def_id,
                )
            )
        )
        .scalars()
        .first()
    )
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

    async def rows(model: type[SQLModel]) -> list[dict[str, Any]]:
        by_node = select(model).where(_node_list(model).c.task_def_id == ext.id)
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
        found = (
            (
                await session.execute(
                    select(NodeSetting).where(
                        col(NodeSetting.process_def_id) == item.process_def_id,
                        col(NodeSetting.task_def_id) == item.task_def_id,
                        col(NodeSetting.key) == item.key,
                    )
                )
            )
            .scalars()
            .first()
        )
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
                col(NodeSetting.process_def_id) == process_def_id,
                col(NodeSetting.task_def_id) == task_def_id,
                col(NodeSetting.key) == key,
            )
        )
    ).scalar_one_or_none()
    return found or ""
