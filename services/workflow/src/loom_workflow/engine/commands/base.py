"""The command interface: one command = one transaction = one agenda run."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, TypeVar

from ..errors import Suspended
from ..runtime.entities import Execution, Task

if TYPE_CHECKING:
    from ..context import CommandContext

T_co = TypeVar("T_co", covariant=True)


class Command(Protocol[T_co]):
    """A public engine operation. ``execute`` may plan agenda operations; the engine runs them after."""

    def execute(self, ctx: CommandContext) -> T_co: ...


def active_task(ctx: CommandContext, task_id: str) -> Task:
    """A task that may be worked on (its instance is not suspended)."""
    task = ctx.session.task(task_id)
    if task.suspended:
        raise Suspended(f"Task with id '{task_id}' is suspended")
    return task


def active_instance(ctx: CommandContext, proc_inst_id: str) -> Execution:
    """A running, non-suspended process instance."""
    instance = ctx.session.execution(proc_inst_id)
    if not instance.is_process_instance:
        instance = ctx.session.execution(instance.proc_inst_id)
    if instance.suspended:
        raise Suspended(f"Process instance {proc_inst_id} is suspended")
    return instance
