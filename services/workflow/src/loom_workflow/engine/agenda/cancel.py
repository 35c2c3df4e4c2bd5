"""Cancelling: a sub-tree of executions with its tasks, jobs and the instances it called, and a
running instance with its whole tree. One mutual recursion (a called instance goes with its
caller's tree, and an instance's tree with it), so one module."""

from __future__ import annotations

from ..context import CommandContext
from ..runtime import events as ev
from ..runtime.entities import Execution, IdentityLink
from . import executions, history, tasks
from .jobs import jobs_of


def cancel_tree(ctx: CommandContext, execution: Execution, reason: str, *, include_self: bool = True) -> None:
    """Cancels everything below ``execution`` (children first): tasks, called instances, jobs, history."""
    for child in executions.children(ctx, execution):
        cancel_tree(ctx, child, reason)
    for task in tasks.tasks_of(ctx, execution):
        tasks.delete_task(ctx, task, reason)
    for sub in ctx.session.where(Execution, lambda e: e.super_execution_id == execution.id):
        delete_instance(ctx, sub, reason)
    history.end_activity(ctx, execution, reason)
    if include_self:
        executions.delete_execution(ctx, execution)
    else:
        for job in jobs_of(ctx, execution):
            ctx.session.delete(job)


def remove_instance_rows(ctx: CommandContext, instance: Execution) -> None:
    """Deletes an ended instance's own rows: its identity links and its root execution."""
    for link in ctx.session.where(IdentityLink, lambda link: link.proc_inst_id == instance.id):
        ctx.session.delete(link)
    executions.delete_execution(ctx, instance)


def delete_instance(ctx: CommandContext, instance: Execution, reason: str) -> None:
    """Deletes a running instance (API delete, revoke, stop, or cascade from its caller)."""
    for child in executions.children(ctx, instance):
        cancel_tree(ctx, child, reason)
    for sub in ctx.session.where(Execution, lambda e: e.super_execution_id == instance.id):
        delete_instance(ctx, sub, reason)
    history.process_ended(ctx, instance, end_activity_id=None, delete_reason=reason, state="deleted")
    remove_instance_rows(ctx, instance)
    ctx.emit(ev.PROCESS_CANCELLED, instance, reason=reason)
