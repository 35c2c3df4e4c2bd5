"""The agenda: a FIFO of operations run until empty (Flowable's DefaultFlowableEngineAgenda).

:class:`Agenda` is also what behaviours see of the command (``ports.AgendaPort``): it hands their
requests to the execution tree, variables, history, tasks, jobs, listeners and instances below.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Protocol

from ..expr import HostObject, Scope
from ..model import FieldInjection, FlowNode, Listener, SequenceFlow, TimerEvent, UserTask
from ..runtime.entities import Execution, HistoricActivityInstance, ProcessDefinition, Task
from . import cancel, executions, history, instances, jobs, tasks
from . import listeners as listener_ops
from . import operations as ops
from . import variables as variable_ops
from .facades import ExecutionFacade, VariableScope

if TYPE_CHECKING:
    from ..context import CommandContext

MAX_OPERATIONS = 100_000


class Operation(Protocol):
    """One step of process execution."""

    execution: Execution

    def run(self, ctx: CommandContext) -> None: ...


class Agenda:
    """Plans and runs operations for one command; implements ``ports.AgendaPort``."""

    def __init__(self, ctx: CommandContext) -> None:
        self._ctx = ctx
        self._queue: deque[Operation] = deque()

    def plan(self, operation: Operation) -> None:
        """Appends an operation."""
        self._queue.append(operation)

    def plan_continue(self, execution: Execution, *, in_job: bool = False) -> None:
        """Execute the node ``execution`` points at."""
        self.plan(ops.ContinueProcess(execution, in_job))

    def plan_leave(
        self, execution: Execution, *, in_job: bool = False, flows: list[SequenceFlow] | None = None
    ) -> None:
        """Leave the current node (end listeners, history) and take ``flows`` (default: by conditions)."""
        self.plan(ops.Leave(execution, in_job, flows))

    def plan_take(self, execution: Execution, flows: list[SequenceFlow] | None = None) -> None:
        """Take outgoing flows without the leave phase (the node was already left)."""
        self.plan(ops.TakeFlows(execution, flows))

    def plan_end(self, execution: Execution) -> None:
        """``execution`` reached the end of its path."""
        self.plan(ops.EndExecution(execution))

    def plan_trigger(self, execution: Execution, data: dict[str, object] | None = None) -> None:
        """Signal a waiting execution (receive task, timer, completed call)."""
        self.plan(ops.Trigger(execution, data or {}))

    def run(self) -> None:
        """Runs every planned operation, then re-checks waiting inclusive joins, until quiet."""
        count = 0
        while True:
            while self._queue:
                op = self._queue.popleft()
                count += 1
                if count > MAX_OPERATIONS:
                    from ..errors import EngineError

                    raise EngineError("Too many operations in one command (endless loop in the process?)")
                if self._ctx.session.get(Execution, op.execution.id) is op.execution:
                    op.run(self._ctx)
            if not ops.check_waiting_joins(self._ctx):
                return

    def condition_holds(self, execution: Execution, flow: SequenceFlow) -> bool:
        """True when ``flow`` has no condition or its condition holds."""
        return ops.condition_holds(self._ctx, execution, flow)

    def select_flows(self, execution: Execution, node: FlowNode) -> list[SequenceFlow]:
        """The outgoing flows of ``node`` whose conditions hold (else its default flow)."""
        return ops.select_flows(self._ctx, execution, node)

    # ------------------------------------------------------------ execution tree
    def create_child(self, parent: Execution, activity_id: str | None, *, scope: bool = False) -> Execution:
        """A new active child execution of ``parent``."""
        return executions.create_child(self._ctx, parent, activity_id, scope=scope)

    def parent(self, execution: Execution) -> Execution | None:
        """The parent execution."""
        return executions.parent(self._ctx, execution)

    def children(self, execution: Execution) -> list[Execution]:
        """The direct child executions."""
        return executions.children(self._ctx, execution)

    def real_children(self, execution: Execution) -> list[Execution]:
        """The children that are tokens."""
        return executions.real_children(self._ctx, execution)

    def is_boundary(self, execution: Execution) -> bool:
        """True for the waiting execution of a boundary event."""
        return executions.is_boundary(self._ctx, execution)

    def delete_execution(self, execution: Execution) -> None:
        """Removes ``execution`` with what hangs on it."""
        executions.delete_execution(self._ctx, execution)

    def cancel_tree(self, execution: Execution, reason: str, *, include_self: bool = True) -> None:
        """Ends ``execution`` and everything below it."""
        cancel.cancel_tree(self._ctx, execution, reason, include_self=include_self)

    # ------------------------------------------------------------------ variables
    def scope(self, execution: Execution, extras: Mapping[str, object] | None = None) -> Scope:
        """The names an expression at ``execution`` sees."""
        return VariableScope(self._ctx, execution, extras=extras)

    def execution_facade(self, execution: Execution) -> HostObject:
        """``execution`` as expressions and hooks see it."""
        return ExecutionFacade(self._ctx, execution)

    def visible(self, execution: Execution) -> dict[str, object]:
        """Every variable ``execution`` sees."""
        return variable_ops.visible(self._ctx, execution)

    def locals_of(self, execution: Execution) -> dict[str, object]:
        """The variables stored on ``execution`` itself."""
        return variable_ops.locals_of(self._ctx, execution)

    def variable(self, execution: Execution, name: str) -> object | None:
        """The value of ``name`` seen from ``execution`` (None when unset)."""
        value = variable_ops.lookup(self._ctx, execution, name)
        return None if value is variable_ops.MISSING else value

    def set_variable(self, execution: Execution, name: str, value: object) -> None:
        """Sets ``name`` where it is defined, else on the instance."""
        variable_ops.set_variable(self._ctx, execution, name, value)

    def set_variables(self, execution: Execution, values: Mapping[str, object]) -> None:
        """Sets each of ``values``."""
        variable_ops.set_variables(self._ctx, execution, values)

    def set_local(self, execution: Execution, name: str, value: object) -> None:
        """Sets ``name`` on ``execution`` itself."""
        variable_ops.set_local(self._ctx, execution, name, value)

    # -------------------------------------------------------------------- history
    def start_activity(self, execution: Execution, node: FlowNode) -> HistoricActivityInstance:
        """Opens the activity instance of ``execution`` at ``node``."""
        return history.start_activity(self._ctx, execution, node)

    def open_activity(self, execution: Execution) -> HistoricActivityInstance | None:
        """The open activity instance of ``execution``."""
        return history.open_activity(self._ctx, execution)

    def end_activity(self, execution: Execution) -> None:
        """Closes the open activity instance of ``execution``."""
        history.end_activity(self._ctx, execution)

    def note_end_reason(self, execution: Execution, reason: str) -> None:
        """Notes why the open activity instance will end."""
        history.note_end_reason(self._ctx, execution, reason)

    # ---------------------------------------------- tasks, jobs, listeners, hooks
    def create_task(self, execution: Execution, node: UserTask) -> Task:
        """Creates the user task of ``node``."""
        return tasks.create_task(self._ctx, execution, node)

    def create_timer_job(
        self, execution: Execution, node: TimerEvent, handler: str, *, since: datetime | None = None
    ) -> None:
        """Schedules the timer of ``node``, counted from ``since`` (default: now)."""
        jobs.create_timer_job(self._ctx, execution, node, handler, since=since)

    def create_async_job(self, execution: Execution, node: FlowNode, handler: str) -> None:
        """Schedules an asynchronous continuation."""
        jobs.create_async_job(self._ctx, execution, node, handler)

    def create_work_job(
        self, execution: Execution, node: FlowNode, job_type: str, handler: str, *, config: str
    ) -> None:
        """A job done outside the command (external task, HTTP call)."""
        jobs.insert_job(
            self._ctx,
            execution,
            job_type,
            handler,
            element_id=node.id,
            element_name=node.name,
            exclusive=node.exclusive,
            handler_config=config,
        )

    def fire_execution_listeners(
        self, execution: Execution, listeners: Sequence[Listener], event: str
    ) -> None:
        """Runs the execution listeners of ``event``."""
        listener_ops.fire_execution_listeners(self._ctx, execution, listeners, event)

    def invoke(
        self, kind: str, value: str, fields: Sequence[FieldInjection], facade: HostObject, scope: Scope
    ) -> object:
        """Runs one implementation."""
        return listener_ops.invoke(self._ctx, kind, value, fields, facade, scope)

    # ------------------------------------------------------------------ instances
    def start_instance(
        self,
        definition: ProcessDefinition,
        *,
        business_key: str | None,
        variables: Mapping[str, object],
        caller: Execution,
    ) -> Execution:
        """Starts ``definition`` as a child instance of ``caller``."""
        return instances.start_instance(
            self._ctx,
            definition,
            business_key=business_key,
            variables_=variables,
            start_user_id=self._ctx.user_id,
            super_execution=caller,
        )

    def end_instance(self, instance: Execution, end_activity_id: str, *, delete_reason: str) -> None:
        """Terminates the process instance."""
        instances.end_instance(
            self._ctx, instance, end_activity_id, delete_reason=delete_reason, terminated=True
        )
