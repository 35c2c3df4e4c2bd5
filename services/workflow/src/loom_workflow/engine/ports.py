"""The agenda as behaviours see it: one interface, bound to the running command.

Behaviours (``behaviors/``) decide what a node does; the agenda (``agenda/``) runs operations and
owns the execution tree, variables, history, tasks, jobs, listeners and instances. Behaviours reach
all of that through ``ctx.agenda``, typed as :class:`AgendaPort`, and never import ``agenda/``;
``agenda/agenda.py`` implements it and is the only side that imports ``behaviors/`` (to run them).
So the two packages depend one way, which ``tests/unit/engine/test_import_cycles.py`` keeps true.

Every method acts inside the command the agenda was made for (its session, clock and ids).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Protocol

from .expr import HostObject, Scope
from .model import FieldInjection, FlowNode, Listener, SequenceFlow, TimerEvent, UserTask
from .runtime.entities import Execution, HistoricActivityInstance, ProcessDefinition, Task

# Job handlers a behaviour schedules (``Job.handler_type``).
ASYNC_CONTINUATION = "async-continuation"
ASYNC_AFTER = "async-after"
TRIGGER_TIMER = "trigger-timer"
TIMER_TRANSITION = "timer-intermediate-transition"


class AgendaPort(Protocol):
    """What a behaviour may ask of the command it runs in."""

    # ------------------------------------------------------------------ planning
    def plan_continue(self, execution: Execution, *, in_job: bool = False) -> None:
        """Execute the node ``execution`` points at."""

    def plan_leave(
        self, execution: Execution, *, in_job: bool = False, flows: list[SequenceFlow] | None = None
    ) -> None:
        """Leave the current node (end listeners, history), then take ``flows`` (default: by conditions)."""

    def plan_take(self, execution: Execution, flows: list[SequenceFlow] | None = None) -> None:
        """Take outgoing flows without the leave phase (the node was already left)."""

    def plan_end(self, execution: Execution) -> None:
        """``execution`` reached the end of its path."""

    def plan_trigger(self, execution: Execution, data: dict[str, object] | None = None) -> None:
        """Signal a waiting execution (receive task, timer, completed call)."""

    def run(self) -> None:
        """Runs every planned operation until the process is quiet (commands call it, not behaviours)."""

    def condition_holds(self, execution: Execution, flow: SequenceFlow) -> bool:
        """True when ``flow`` has no condition or its condition holds for ``execution``."""

    def select_flows(self, execution: Execution, node: FlowNode) -> list[SequenceFlow]:
        """The outgoing flows of ``node`` whose conditions hold (else its default flow)."""

    # ------------------------------------------------------------ execution tree
    def create_child(self, parent: Execution, activity_id: str | None, *, scope: bool = False) -> Execution:
        """A new active child execution of ``parent`` at ``activity_id``."""

    def parent(self, execution: Execution) -> Execution | None:
        """The parent execution (None for a process instance)."""

    def children(self, execution: Execution) -> list[Execution]:
        """The direct child executions."""

    def real_children(self, execution: Execution) -> list[Execution]:
        """The children that are tokens (boundary waiters left out)."""

    def is_boundary(self, execution: Execution) -> bool:
        """True for the waiting execution of a boundary event."""

    def delete_execution(self, execution: Execution) -> None:
        """Removes ``execution`` with its local variables, tasks and jobs."""

    def cancel_tree(self, execution: Execution, reason: str, *, include_self: bool = True) -> None:
        """Ends ``execution`` and everything below it with ``reason`` in history."""

    # ------------------------------------------------------------------ variables
    def scope(self, execution: Execution, extras: Mapping[str, object] | None = None) -> Scope:
        """The names an expression evaluated at ``execution`` sees (variables, beans, ``extras``)."""

    def execution_facade(self, execution: Execution) -> HostObject:
        """``execution`` as expressions and hooks see it (``execution.setVariable(...)``)."""

    def visible(self, execution: Execution) -> dict[str, object]:
        """Every variable ``execution`` sees, nearest scope first."""

    def locals_of(self, execution: Execution) -> dict[str, object]:
        """The variables stored on ``execution`` itself."""

    def variable(self, execution: Execution, name: str) -> object | None:
        """The value of ``name`` seen from ``execution`` (None when no scope holds it)."""

    def set_variable(self, execution: Execution, name: str, value: object) -> None:
        """Sets ``name`` where it is already defined, else on the process instance."""

    def set_variables(self, execution: Execution, values: Mapping[str, object]) -> None:
        """:meth:`set_variable` for each of ``values``."""

    def set_local(self, execution: Execution, name: str, value: object) -> None:
        """Sets ``name`` on ``execution`` itself."""

    # -------------------------------------------------------------------- history
    def start_activity(self, execution: Execution, node: FlowNode) -> HistoricActivityInstance:
        """Opens the activity instance of ``execution`` at ``node``."""

    def open_activity(self, execution: Execution) -> HistoricActivityInstance | None:
        """The activity instance of ``execution`` that has not ended yet."""

    def end_activity(self, execution: Execution) -> None:
        """Closes the open activity instance of ``execution``."""

    def note_end_reason(self, execution: Execution, reason: str) -> None:
        """Notes why the open activity instance will end (kept when it ends)."""

    # ---------------------------------------------- tasks, jobs, listeners, hooks
    def create_task(self, execution: Execution, node: UserTask) -> Task:
        """Creates the user task of ``node`` (assignment, candidates, listeners, history)."""

    def create_timer_job(
        self, execution: Execution, node: TimerEvent, handler: str, *, since: datetime | None = None
    ) -> None:
        """Schedules the timer of ``node`` for ``execution``, counted from ``since`` (default: now)."""

    def create_async_job(self, execution: Execution, node: FlowNode, handler: str) -> None:
        """Schedules an asynchronous continuation of ``execution`` at ``node``."""

    def create_work_job(
        self, execution: Execution, node: FlowNode, job_type: str, handler: str, *, config: str
    ) -> None:
        """A job done outside the command: an external task a worker fetches (``external``), an HTTP
        call the job workers make (``message``, ``http-request``); ``config`` is its handler config."""

    def fire_execution_listeners(
        self, execution: Execution, listeners: Sequence[Listener], event: str
    ) -> None:
        """Runs the execution listeners of ``event`` (start / end / take)."""

    def invoke(
        self, kind: str, value: str, fields: Sequence[FieldInjection], facade: HostObject, scope: Scope
    ) -> object:
        """Runs one implementation (``class`` hook, ``expression``, ``delegateExpression``)."""

    # ------------------------------------------------------------------ instances
    def start_instance(
        self,
        definition: ProcessDefinition,
        *,
        business_key: str | None,
        variables: Mapping[str, object],
        caller: Execution,
    ) -> Execution:
        """Starts ``definition`` as a child instance called from ``caller`` (a call activity)."""

    def end_instance(self, instance: Execution, end_activity_id: str, *, delete_reason: str) -> None:
        """Terminates the process instance (a terminate end event reached its top scope)."""


__all__ = [
    "ASYNC_AFTER",
    "ASYNC_CONTINUATION",
    "TIMER_TRANSITION",
    "TRIGGER_TIMER",
    "AgendaPort",
]
