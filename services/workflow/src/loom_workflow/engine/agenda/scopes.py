"""Which multi-instance instance a node runs in: the innermost multi-instance sub-process holding it
and that instance's scope execution. Read when history records an activity (``history``) and when a
send-back picks its targets (``commands.rewind``); below ``executions``, which imports ``history``."""

from __future__ import annotations

from ..context import CommandContext
from ..model import ProcessModel, SubProcess
from ..runtime.entities import Execution


def is_subprocess_scope(execution: Execution) -> bool:
    """True for the scope execution created inside an embedded sub-process."""
    return execution.parent_id is not None and execution.is_scope and not execution.is_mi_root


def multi_instance_body(model: ProcessModel, node_id: str) -> SubProcess | None:
    """The innermost multi-instance sub-process whose body holds ``node_id``, directly or inside
    sub-processes nested in it (the instance ``node_id`` runs in); None outside any."""
    return next((sub for sub in reversed(model.scope_chain(node_id)) if sub.loop is not None), None)


def instance_scope(ctx: CommandContext, execution: Execution, body: SubProcess) -> Execution | None:
    """The scope execution of the multi-instance ``body``'s instance that ``execution`` runs in (a
    walk up the loaded execution tree, no query)."""
    current: Execution | None = execution
    while current is not None:
        if current.activity_id == body.id and is_subprocess_scope(current):
            return current
        current = ctx.session.get(Execution, current.parent_id)
    return None
