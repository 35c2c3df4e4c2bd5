"""Runs listeners and delegates: Python hooks by class name, expressions, delegate expressions."""

from __future__ import annotations

from collections.abc import Sequence

from ..context import CommandContext
from ..errors import IllegalArgument
from ..expr import HostObject, Scope, compile_expression
from ..model import FieldInjection, Listener, UserTask
from ..runtime.entities import Execution, Task
from .facades import ExecutionFacade, TaskFacade, VariableScope


def field_values(fields: Sequence[FieldInjection], scope: Scope) -> dict[str, object]:
    """Injected field values (string or evaluated expression)."""
    out: dict[str, object] = {}
    for f in fields:
        out[f.name] = compile_expression(f.expression).evaluate(scope) if f.expression else f.string_value
    return out


def invoke(
    ctx: CommandContext,
    kind: str,
    value: str,
    fields: Sequence[FieldInjection],
    facade: HostObject,
    scope: Scope,
) -> object:
    """Runs one implementation and returns its result."""
    if kind == "class":
        return ctx.config.registry.hook(value)(facade, field_values(fields, scope))
    if kind == "expression":
        return compile_expression(value).evaluate(scope)
    target = compile_expression(value).evaluate(scope)
    if not callable(target):
        raise IllegalArgument(f"Delegate expression {value} did not resolve to a registered hook")
    return target(facade, field_values(fields, scope))


def fire_execution_listeners(
    ctx: CommandContext, execution: Execution, listeners: Sequence[Listener], event: str
) -> None:
    """Runs the execution listeners of ``event`` (start / end / take)."""
    for listener in listeners:
        if listener.event != event:
            continue
        facade = ExecutionFacade(ctx, execution, event)
        scope = VariableScope(ctx, execution, extras={"execution": facade})
        invoke(ctx, listener.kind, listener.value, listener.fields, facade, scope)


def fire_task_listeners(ctx: CommandContext, task: Task, event: str) -> None:
    """Runs the task listeners of ``event`` (create / assignment / complete / delete)."""
    execution = ctx.session.get(Execution, task.execution_id)
    if execution is None or execution.activity_id is None:
        return
    node = ctx.model(execution.proc_def_id).nodes.get(task.task_def_key)
    if not isinstance(node, UserTask):
        return
    for listener in node.task_listeners:
        if listener.event not in (event, "all"):
            continue
        facade = TaskFacade(ctx, task, event)
        scope = VariableScope(ctx, execution, task, extras={"task": facade})
        invoke(ctx, listener.kind, listener.value, listener.fields, facade, scope)
