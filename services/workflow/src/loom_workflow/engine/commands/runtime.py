"""Instance-level operations: trigger, variables, delete (stop / revoke), suspend / activate."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..agenda import variables
from ..agenda.cancel import delete_instance
from ..errors import IllegalArgument, IllegalState, ObjectNotFound
from ..runtime.entities import Execution, ProcessDefinition, Task
from .base import active_instance

if TYPE_CHECKING:
    from ..context import CommandContext


@dataclass(frozen=True)
class TriggerExecution:
    """Signals a waiting execution (receive task); ``variables`` are set on the process first."""

    execution_id: str
    variables: Mapping[str, object] = field(default_factory=dict)

    def execute(self, ctx: CommandContext) -> None:
        """Continues the execution past its wait state."""
        execution = ctx.session.execution(self.execution_id)
        active_instance(ctx, execution.proc_inst_id)
        if execution.activity_id is None:
            raise IllegalArgument(f"Execution {execution.id} is not waiting at an activity")
        if ctx.node(execution).kind not in ("receiveTask", "task", "manualTask"):
            raise IllegalState(f"Execution {execution.id} at '{execution.activity_id}' cannot be triggered")
        variables.set_variables(ctx, execution, self.variables)
        ctx.agenda.plan_trigger(execution, dict(self.variables))
        ctx.agenda.run()


@dataclass(frozen=True)
class SetVariables:
    """Sets variables on an execution (``local``) or where they live / on the instance."""

    execution_id: str
    variables: Mapping[str, object]
    local: bool = False

    def execute(self, ctx: CommandContext) -> None:
        """Writes the variables."""
        execution = ctx.session.execution(self.execution_id)
        for name, value in self.variables.items():
            if self.local:
                variables.set_local(ctx, execution, name, value)
            else:
                variables.set_variable(ctx, execution, name, value)


@dataclass(frozen=True)
class GetVariables:
    """The variables visible from an execution (``local``: only its own)."""

    execution_id: str
    local: bool = False

    def execute(self, ctx: CommandContext) -> dict[str, object]:
        """Reads the variables."""
        execution = ctx.session.execution(self.execution_id)
        return variables.locals_of(ctx, execution) if self.local else variables.visible(ctx, execution)


@dataclass(frozen=True)
class DeleteProcessInstance:
    """Deletes a running instance with a reason (stop, revoke, reject-and-end); cascades to called ones."""

    proc_inst_id: str
    reason: str | None = None

    def execute(self, ctx: CommandContext) -> None:
        """Cancels everything and closes history with state 'deleted'."""
        instance = ctx.session.execution(self.proc_inst_id)
        if not instance.is_process_instance:
            raise ObjectNotFound(f"No process instance found for id '{self.proc_inst_id}'")
        delete_instance(ctx, instance, self.reason or "ACTIVITI_DELETED")


@dataclass(frozen=True)
class SetDefinitionSuspended:
    """Suspends or activates a definition (a suspended one cannot start instances). With
    ``include_instances`` its running instances' executions and tasks follow in the same change set
    (Flowable's ``suspendProcessDefinitionById(id, true, null)``); otherwise they are suspended one by
    one with :class:`SetInstanceSuspended`."""

    definition_id: str
    suspended: bool
    include_instances: bool = False

    def execute(self, ctx: CommandContext) -> ProcessDefinition:
        """Flips the flag (an error when already in that state, as in Flowable)."""
        definition = ctx.session.definition(self.definition_id)
        if definition.suspended == self.suspended:
            state = "suspended" if self.suspended else "active"
            raise IllegalState(
                f"Cannot set suspension state '{state}' for process definition with id "
                f"'{definition.id}': already {state}"
            )
        definition.suspended = self.suspended
        if self.include_instances:
            for proc_inst_id in ctx.session.tx.instance_ids([definition.id], running_only=True):
                ctx.session.load_tree(proc_inst_id)
            for execution in ctx.session.where(Execution, lambda e: e.proc_def_id == definition.id):
                execution.suspended = self.suspended
            for task in ctx.session.where(Task, lambda t: t.proc_def_id == definition.id):
                task.suspended = self.suspended
        return definition


@dataclass(frozen=True)
class SetDefinitionCategory:
    """Sets the category of a definition (the process list groups by it)."""

    definition_id: str
    category: str

    def execute(self, ctx: CommandContext) -> ProcessDefinition:
        """Changes the definition's category."""
        definition = ctx.session.definition(self.definition_id)
        definition.category = self.category
        return definition


@dataclass(frozen=True)
class SetInstanceSuspended:
    """Suspends or activates one process instance tree (executions and tasks)."""

    proc_inst_id: str
    suspended: bool

    def execute(self, ctx: CommandContext) -> None:
        """Flips the flag on every execution and task of the instance."""
        instance = ctx.session.execution(self.proc_inst_id)
        for execution in ctx.session.where(Execution, lambda e: e.proc_inst_id == instance.id):
            execution.suspended = self.suspended
        for task in ctx.session.where(Task, lambda t: t.proc_inst_id == instance.id):
            task.suspended = self.suspended
