"""退回 as people expect it: the presets 驳回到发起人 and 驳回到上一步, and a node option (node
setting ``backReturn`` = ``1`` on the node that sends back) under which the resubmission goes
straight back to that node instead of through the flow again."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from loom_workflow.engine.commands import BackNode, GetVariables, ReturnTo, SetVariables
from loom_workflow.engine.context import CommandContext
from loom_workflow.engine.runtime.entities import HistoricTaskInstance, Task
from loom_workflow.engine_host import WorkflowRuntime
from loom_workflow.extension.queries import node_settings

PRESET_INITIATOR = "initiator"  # 驳回到发起人
PRESET_PREVIOUS = "previous"  # 驳回到上一步
PRESETS = (PRESET_INITIATOR, PRESET_PREVIOUS)
RETURN_SETTING = "backReturn"
RETURNS = "loomBackReturns"  # instance variable: {node sent back to: node that sent it back}


def preset_target(ctx: CommandContext, task: Task, nodes: Sequence[BackNode], preset: str) -> str | None:
    """The back node a preset names: the initiator's node (the first one the initiator handled,
    else the first visited) or the previous step (the one completed last)."""
    if not nodes:
        return None
    if preset == PRESET_PREVIOUS:
        # the step a person handled last: a node skipped or approved automatically is passed over
        people = [n for n in nodes if not _automatic(ctx, task.proc_inst_id, n.activity_id)] or list(nodes)
        return max(people, key=lambda n: n.last_order).activity_id
    starter = ctx.session.execution(task.proc_inst_id).start_user_id
    handled = {
        h.task_def_key
        for h in ctx.session.where(
            HistoricTaskInstance,
            lambda h: (
                h.proc_inst_id == task.proc_inst_id and h.assignee == starter and h.end_time is not None
            ),
        )
    }
    return next((n.activity_id for n in nodes if n.activity_id in handled), nodes[0].activity_id)


def _automatic(ctx: CommandContext, proc_inst_id: str, node_id: str) -> bool:
    """True when the node's last task completed itself (自动跳过, 自动通过)."""
    done = ctx.session.where(
        HistoricTaskInstance,
        lambda h: h.proc_inst_id == proc_inst_id and h.task_def_key == node_id and h.end_time is not None,
    )
    if not done:
        return False
    last = max(done, key=lambda h: (h.end_time is not None, h.end_time or h.start_time or 0, h.id))
    return any(
        c.type == "_flow_skip" or "自动通过" in (c.full_msg or "")
        for c in ctx.session.comments(task_id=last.id)
    )


async def returns_straight(runtime: WorkflowRuntime, session: AsyncSession | None, task_id: str) -> bool:
    """True when the node of task ``task_id`` has the ``backReturn`` option."""
    if session is None:
        return False

    def read(tx: Any) -> tuple[str, str] | None:
        task = tx.get_task(task_id)
        definition = tx.get_definition(task.proc_def_id) if task is not None else None
        return (definition.key, task.task_def_key or "") if definition is not None else None

    found = await runtime.query(read)
    if found is None:
        return False
    settings = await node_settings(session, *found)
    return settings.get(RETURN_SETTING) == "1"


def _returns(ctx: CommandContext, proc_inst_id: str) -> dict[str, str]:
    value = GetVariables(proc_inst_id, local=True).execute(ctx).get(RETURNS)
    return {str(k): str(v) for k, v in value.items()} if isinstance(value, Mapping) else {}


def remember(ctx: CommandContext, task: Task, target: str, straight: bool) -> None:
    """Notes (or forgets) that a resubmission at ``target`` goes straight back to the task's node."""
    returns = _returns(ctx, task.proc_inst_id)
    if straight:
        returns[target] = task.task_def_key or ""
    elif target not in returns:
        return
    else:
        returns.pop(target)
    SetVariables(task.proc_inst_id, {RETURNS: returns}, local=True).execute(ctx)


def straight_back(ctx: CommandContext, task: Task, values: Mapping[str, object]) -> bool:
    """Completes a resubmitted task by returning to the node that sent it back, when that node
    asked for it; False (nothing done) otherwise."""
    returns = _returns(ctx, task.proc_inst_id)
    sender = returns.pop(task.task_def_key or "", None)
    if sender is None:
        return False
    SetVariables(task.proc_inst_id, {RETURNS: returns}, local=True).execute(ctx)
    if ctx.model(task.proc_def_id).node(task.task_def_key or "").loop is not None:
        return False  # one signer of a countersign does not decide for the others
    return bool(ReturnTo(task.id, sender, dict(values)).execute(ctx))
