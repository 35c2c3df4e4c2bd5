"""Reminders (催办) and deadline notices, at most one per task and user every ``INTERVAL``; and
one 催办 per instance and urging user in that time.

When each user was last reminded of each task (``"<task id>:<user id>"``) and last urged an
instance (``"urge:<user id>"``) is kept in the instance variable ``loomReminded`` (ISO times),
written in the command that reminds: two reminders racing for one instance are serialised by its
lock, so the second sees the first.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta

from loom_workflow.engine.commands import GetVariables, SetVariables
from loom_workflow.engine.context import CommandContext
from loom_workflow.engine.runtime.entities import Task

REMINDED = "loomReminded"
INTERVAL = timedelta(minutes=10)


def _key(task: Task, user: str) -> str:
    return f"{task.id}:{user}"


def _seen(ctx: CommandContext, proc_inst_id: str) -> dict[str, str]:
    value = GetVariables(proc_inst_id, local=True).execute(ctx).get(REMINDED)
    return {str(k): str(v) for k, v in value.items()} if isinstance(value, dict) else {}


def _recent(ctx: CommandContext, seen: dict[str, str], key: str) -> bool:
    last = seen.get(key)
    return bool(last) and ctx.now() - datetime.fromisoformat(str(last)) < INTERVAL


def may_urge(ctx: CommandContext, proc_inst_id: str, user: str) -> bool:
    """False when ``user`` urged this instance within ``INTERVAL``; else notes the urge."""
    seen = _seen(ctx, proc_inst_id)
    if _recent(ctx, seen, f"urge:{user}"):
        return False
    seen[f"urge:{user}"] = ctx.now().isoformat()
    SetVariables(proc_inst_id, {REMINDED: seen}, local=True).execute(ctx)
    return True


def due(ctx: CommandContext, task: Task, users: Sequence[str]) -> list[str]:
    """The ``users`` that may be reminded of ``task`` now (not within ``INTERVAL``), noted as
    reminded; the others are left out."""
    seen = _seen(ctx, task.proc_inst_id)
    allowed = []
    for user in dict.fromkeys(u for u in users if u):
        if _recent(ctx, seen, _key(task, user)):
            continue
        seen[_key(task, user)] = ctx.now().isoformat()
        allowed.append(user)
    if allowed:
        SetVariables(task.proc_inst_id, {REMINDED: seen}, local=True).execute(ctx)
    return allowed
