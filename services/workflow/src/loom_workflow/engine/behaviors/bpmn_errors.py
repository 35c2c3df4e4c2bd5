"""Throwing a BPMN error from an activity: the nearest error boundary event that catches its code
(on the activity, then on each enclosing sub-process; a boundary naming the code before one that
catches every code) interrupts what it is attached to and the process goes on from it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import BpmnErrorNotCaught
from ..model import ErrorEvent
from ..runtime.entities import Execution
from . import boundary

if TYPE_CHECKING:
    from ..context import CommandContext


def catcher(ctx: CommandContext, execution: Execution, code: str) -> tuple[Execution, ErrorEvent] | None:
    """The waiting execution and error event that would catch ``code`` thrown at ``execution``."""
    current: Execution | None = execution
    model = ctx.model(execution.proc_def_id)
    while current is not None:
        found: list[tuple[Execution, ErrorEvent]] = []
        for child in ctx.agenda.children(current):
            node = model.nodes.get(child.activity_id or "")
            if isinstance(node, ErrorEvent) and node.attached_to == current.activity_id:
                if node.error_code is None or node.error_code == code:
                    found.append((child, node))
        if found:
            return next((f for f in found if f[1].error_code == code), found[0])
        current = ctx.agenda.parent(current)
    return None


def throw(ctx: CommandContext, execution: Execution, code: str, message: str | None = None) -> None:
    """Throws the BPMN error ``code`` at ``execution``; :class:`BpmnErrorNotCaught` when nothing catches it."""
    caught = catcher(ctx, execution, code)
    if caught is None:
        raise BpmnErrorNotCaught(
            f"No error boundary event catches the BPMN error '{code}' thrown at '{execution.activity_id}'"
        )
    waiter, node = caught
    if node.code_variable:
        ctx.agenda.set_variable(waiter, node.code_variable, code)
    if node.message_variable:
        ctx.agenda.set_variable(waiter, node.message_variable, message)
    boundary.fire(ctx, waiter, node)
