"""Dynamic multi-instance: add an instance (add-sign) or delete one."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..behaviors import multi_instance as mi
from ..runtime.entities import Execution
from .base import active_instance

if TYPE_CHECKING:
    from ..context import CommandContext


@dataclass(frozen=True)
class AddMultiInstanceExecution:
    """Adds one instance to the running multi-instance ``activity_id``; ``variables`` become its locals."""

    activity_id: str
    proc_inst_id: str
    variables: Mapping[str, object] = field(default_factory=dict)

    def execute(self, ctx: CommandContext) -> Execution | None:
        """Returns the new child execution (None for sequential: it runs at the end of the loop)."""
        instance = active_instance(ctx, self.proc_inst_id)
        root = mi.find_root(ctx, instance.id, self.activity_id)
        child = mi.add_instance(ctx, root, dict(self.variables))
        ctx.agenda.run()
        return child


@dataclass(frozen=True)
class DeleteMultiInstanceExecution:
    """Deletes the multi-instance child ``execution_id``; ``completed`` counts it as completed."""

    execution_id: str
    completed: bool = False

    def execute(self, ctx: CommandContext) -> None:
        """Removes the instance and continues or finishes the loop."""
        execution = ctx.session.execution(self.execution_id)
        active_instance(ctx, execution.proc_inst_id)
        mi.delete_instance(ctx, execution, self.completed)
        ctx.agenda.run()


@dataclass(frozen=True)
class RemovalOutlook:
    """减签 forecast for the multi-instance ``activity_id``: ``(completes_now, still_satisfiable)``
    after removing ``removed`` open instances (the second assumes every remaining one completes)."""

    activity_id: str
    proc_inst_id: str
    removed: int

    def execute(self, ctx: CommandContext) -> tuple[bool, bool]:
        """Evaluates the completion condition on the counters the removal would leave."""
        instance = active_instance(ctx, self.proc_inst_id)
        return mi.removal_outlook(ctx, mi.find_root(ctx, instance.id, self.activity_id), self.removed)
