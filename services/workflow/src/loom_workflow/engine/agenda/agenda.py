"""The agenda: a FIFO of operations run until empty (Flowable's DefaultFlowableEngineAgenda)."""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING, Protocol

from ..model import SequenceFlow
from ..runtime.entities import Execution
from . import operations as ops

if TYPE_CHECKING:
    from ..context import CommandContext

MAX_OPERATIONS = 100_000


class Operation(Protocol):
    """One step of process execution."""

    execution: Execution

    def run(self, ctx: CommandContext) -> None: ...


class Agenda:
    """Plans and runs operations for one command."""

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
