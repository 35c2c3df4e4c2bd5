"""Reads of a node's extension records for the task screens: its settings and its buttons."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlmodel import col
from sqlmodel.ext.asyncio.session import AsyncSession

from loom_workflow.extension.models import FlowButton, NodeSetting, TaskDefExtension


async def node_settings(session: AsyncSession, key: str, node_id: str) -> dict[str, str]:
    """``{formType, formReadOnly, conditionType, ...}`` of a node."""
    rows = await session.execute(
        select(col(NodeSetting.key), col(NodeSetting.value)).where(
            col(NodeSetting.process_def_id) == key, col(NodeSetting.task_def_id) == node_id
        )
    )
    return {r.key: r.value or "" for r in rows}


async def node_buttons(session: AsyncSession, key: str, node_id: str) -> list[dict[str, Any]]:
    """The buttons configured on a node, in sort order."""
    rows = (
        await session.execute(
            select(FlowButton)
            .join(TaskDefExtension, col(TaskDefExtension.id) == col(FlowButton.task_def_id))
            .where(col(TaskDefExtension.process_def_id) == key, col(TaskDefExtension.task_def_id) == node_id)
            .order_by(col(FlowButton.sort), col(FlowButton.id))
        )
    ).scalars()
    return [
        {"id": r.id, "name": r.name, "code": r.code, "sort": r.sort, "isHide": r.is_hide, "next": r.next}
        for r in rows
    ]
