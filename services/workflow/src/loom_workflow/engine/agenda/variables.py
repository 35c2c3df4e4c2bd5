"""Variable scopes: an execution sees its own locals, then its parents' up to the process instance."""

from __future__ import annotations

from collections.abc import Mapping

from ..context import CommandContext
from ..runtime.entities import Execution, Task, Variable
from ..runtime.variables import type_name_of

_MISSING = object()


def _local(ctx: CommandContext, execution_id: str, name: str) -> Variable | None:
    found = ctx.session.where(
        Variable, lambda v: v.execution_id == execution_id and v.task_id is None and v.name == name
    )
    return found[0] if found else None


def _chain(ctx: CommandContext, execution: Execution) -> list[Execution]:
    chain: list[Execution] = []
    current: Execution | None = execution
    while current is not None:
        chain.append(current)
        current = ctx.session.get(Execution, current.parent_id)
    return chain


def locals_of(ctx: CommandContext, execution: Execution) -> dict[str, object]:
    """The local variables of one execution."""
    return {
        v.name: v.value
        for v in ctx.session.where(Variable, lambda v: v.execution_id == execution.id and v.task_id is None)
    }


def visible(ctx: CommandContext, execution: Execution) -> dict[str, object]:
    """Every variable visible from ``execution`` (nearer scopes win)."""
    out: dict[str, object] = {}
    for scope in reversed(_chain(ctx, execution)):
        out.update(locals_of(ctx, scope))
    return out


def lookup(ctx: CommandContext, execution: Execution, name: str) -> object:
    """The value of ``name`` seen from ``execution``, or ``MISSING``."""
    for scope in _chain(ctx, execution):
        found = _local(ctx, scope.id, name)
        if found is not None:
            return found.value
    return _MISSING


MISSING = _MISSING


def _write(
    ctx: CommandContext, scope: Execution, name: str, value: object, task_id: str | None = None
) -> None:
    existing = ctx.session.where(
        Variable, lambda v: v.execution_id == scope.id and v.task_id == task_id and v.name == name
    )
    if existing:
        existing[0].value = value
        existing[0].type_name = type_name_of(value)
        return
    ctx.session.insert(
        Variable(
            id=ctx.new_id(),
            name=name,
            type_name=type_name_of(value),
            value=value,
            proc_inst_id=scope.proc_inst_id,
            execution_id=scope.id,
            task_id=task_id,
        )
    )


def set_variable(ctx: CommandContext, execution: Execution, name: str, value: object) -> None:
    """Updates ``name`` where it already lives, else creates it on the process instance."""
    chain = _chain(ctx, execution)
    for scope in chain:
        if _local(ctx, scope.id, name) is not None:
            _write(ctx, scope, name, value)
            return
    _write(ctx, chain[-1], name, value)


def set_variables(ctx: CommandContext, execution: Execution, values: Mapping[str, object]) -> None:
    """``set_variable`` for each entry."""
    for name, value in values.items():
        set_variable(ctx, execution, name, value)


def set_local(ctx: CommandContext, execution: Execution, name: str, value: object) -> None:
    """Creates or updates a variable local to ``execution``."""
    _write(ctx, execution, name, value)


def remove_variable(ctx: CommandContext, execution: Execution, name: str) -> None:
    """Removes ``name`` from the nearest scope holding it."""
    for scope in _chain(ctx, execution):
        found = _local(ctx, scope.id, name)
        if found is not None:
            ctx.session.delete(found)
            return


def task_locals(ctx: CommandContext, task: Task) -> dict[str, object]:
    """Task-local variables."""
    return {v.name: v.value for v in ctx.session.where(Variable, lambda v: v.task_id == task.id)}


def set_task_local(ctx: CommandContext, task: Task, execution: Execution, name: str, value: object) -> None:
    """Creates or updates a task-local variable."""
    _write(ctx, execution, name, value, task_id=task.id)


def delete_scope(ctx: CommandContext, execution: Execution) -> None:
    """Deletes every variable local to ``execution`` (including task-local ones stored on it)."""
    for var in ctx.session.where(Variable, lambda v: v.execution_id == execution.id):
        ctx.session.delete(var)
