"""What expressions and Python hooks see: ``execution`` / ``task`` facades and the variable scope."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from datetime import datetime

from ..context import CommandContext
from ..errors import ExpressionError
from ..expr import HostObject, no_such_member
from ..expr.coercion import to_int, to_str
from ..runtime.entities import Execution, Task
from . import links
from . import variables as vars_


def _arg(name: str, args: Sequence[object], n: int) -> None:
    if len(args) != n:
        raise ExpressionError(f"Method '{name}' takes {n} argument(s), got {len(args)}")


class ExecutionFacade(HostObject):
    """``execution`` in expressions; also the argument of Python hooks."""

    def __init__(self, ctx: CommandContext, execution: Execution, event_name: str | None = None) -> None:
        self.ctx = ctx
        self.execution = execution
        self.event_name = event_name

    @property
    def id(self) -> str:
        """Execution id."""
        return self.execution.id

    @property
    def process_instance_id(self) -> str:
        """Process instance id."""
        return self.execution.proc_inst_id

    @property
    def business_key(self) -> str | None:
        """Business key of the process instance."""
        instance = self.ctx.session.get(Execution, self.execution.proc_inst_id)
        return instance.business_key if instance else None

    def get_variable(self, name: str) -> object:
        """A visible variable (None when absent)."""
        value = vars_.lookup(self.ctx, self.execution, name)
        return None if value is vars_.MISSING else value

    def set_variable(self, name: str, value: object) -> None:
        """Sets a variable where it lives, else on the process instance."""
        vars_.set_variable(self.ctx, self.execution, name, value)

    def set_variable_local(self, name: str, value: object) -> None:
        """Sets a variable local to this execution."""
        vars_.set_local(self.ctx, self.execution, name, value)

    def variables(self) -> dict[str, object]:
        """All visible variables."""
        return vars_.visible(self.ctx, self.execution)

    _PROPS = {
        "id",
        "processInstanceId",
        "processInstanceBusinessKey",
        "businessKey",
        "currentActivityId",
        "activityId",
        "eventName",
        "processDefinitionId",
        "parentId",
        "variables",
        "tenantId",
    }

    def expr_property(self, name: str) -> object:
        """Allow-listed properties."""
        e = self.execution
        if name not in self._PROPS:
            raise no_such_member("execution", name)
        values: dict[str, object] = {
            "id": e.id,
            "processInstanceId": e.proc_inst_id,
            "processInstanceBusinessKey": self.business_key,
            "businessKey": self.business_key,
            "currentActivityId": e.activity_id,
            "activityId": e.activity_id,
            "eventName": self.event_name,
            "processDefinitionId": e.proc_def_id,
            "parentId": e.parent_id,
            "tenantId": e.tenant_id,
        }
        return self.variables() if name == "variables" else values[name]

    def expr_call(self, name: str, args: Sequence[object]) -> object:
        """Allow-listed methods."""
        if name in ("setVariable", "setVariableLocal"):
            _arg(name, args, 2)
            setter = self.set_variable if name == "setVariable" else self.set_variable_local
            setter(to_str(args[0]), args[1])
            return None
        if name in ("getVariable", "hasVariable", "getVariableLocal", "hasVariableLocal", "removeVariable"):
            _arg(name, args, 1)
            key = to_str(args[0])
            if name == "removeVariable":
                vars_.remove_variable(self.ctx, self.execution, key)
                return None
            scope = vars_.locals_of(self.ctx, self.execution) if name.endswith("Local") else self.variables()
            return scope.get(key) if name.startswith("get") else key in scope
        if name == "getVariables":
            _arg(name, args, 0)
            return self.variables()
        if name.startswith("get") and len(name) > 3:
            _arg(name, args, 0)
            return self.expr_property(name[3].lower() + name[4:])
        raise no_such_member("execution", name)


class TaskFacade(HostObject):
    """``task`` in task-listener expressions; also the argument of Python task-listener hooks."""

    def __init__(self, ctx: CommandContext, task: Task, event_name: str | None = None) -> None:
        self.ctx = ctx
        self.task = task
        self.event_name = event_name

    @property
    def execution(self) -> ExecutionFacade:
        """The execution the task belongs to."""
        return ExecutionFacade(self.ctx, self.ctx.session.execution(self.task.execution_id), self.event_name)

    _PROPS = {
        "id",
        "name",
        "assignee",
        "owner",
        "taskDefinitionKey",
        "eventName",
        "priority",
        "processInstanceId",
        "executionId",
        "dueDate",
        "description",
        "formKey",
        "category",
        "processDefinitionId",
        "execution",
    }

    def expr_property(self, name: str) -> object:
        """Allow-listed properties."""
        t = self.task
        if name not in self._PROPS:
            raise no_such_member("task", name)
        if name == "execution":
            return self.execution
        values: dict[str, object] = {
            "id": t.id,
            "name": t.name,
            "assignee": t.assignee,
            "owner": t.owner,
            "taskDefinitionKey": t.task_def_key,
            "eventName": self.event_name,
            "priority": t.priority,
            "processInstanceId": t.proc_inst_id,
            "executionId": t.execution_id,
            "dueDate": t.due_date,
            "description": t.description,
            "formKey": t.form_key,
            "category": t.category,
            "processDefinitionId": t.proc_def_id,
        }
        return values[name]

    def expr_call(self, name: str, args: Sequence[object]) -> object:
        """Allow-listed methods."""
        t = self.task
        if name in (
            "setAssignee",
            "setOwner",
            "setName",
            "setPriority",
            "setDueDate",
            "setDescription",
            "addCandidateUser",
            "addCandidateGroup",
        ):
            _arg(name, args, 1)
            value = args[0]
            if name == "setAssignee":
                links.set_assignee(self.ctx, t, None if value is None else to_str(value))
            elif name == "setOwner":
                t.owner = None if value is None else to_str(value)
            elif name == "setName":
                t.name = to_str(value)
            elif name == "setPriority":
                t.priority = to_int(value)
            elif name == "setDueDate":
                t.due_date = value if isinstance(value, datetime) or value is None else None
            elif name == "setDescription":
                t.description = to_str(value)
            elif name == "addCandidateUser":
                links.add_candidate(self.ctx, t, user_id=to_str(value))
            else:
                links.add_candidate(self.ctx, t, group_id=to_str(value))
            links.sync_history(self.ctx, t)
            return None
        if name in ("setVariableLocal", "getVariableLocal"):
            execution = self.ctx.session.execution(t.execution_id)
            if name == "setVariableLocal":
                _arg(name, args, 2)
                vars_.set_task_local(self.ctx, t, execution, to_str(args[0]), args[1])
                return None
            _arg(name, args, 1)
            return vars_.task_locals(self.ctx, t).get(to_str(args[0]))
        if name in ("setVariable", "getVariable", "hasVariable", "getVariables"):
            return self.execution.expr_call(name, args)
        if name.startswith("get") and len(name) > 3:
            _arg(name, args, 0)
            return self.expr_property(name[3].lower() + name[4:])
        raise no_such_member("task", name)


class VariableScope(Mapping[str, object]):
    """Name resolution for expressions: extras, task locals, execution variables, then beans."""

    def __init__(
        self,
        ctx: CommandContext,
        execution: Execution | None,
        task: Task | None = None,
        extras: Mapping[str, object] | None = None,
    ) -> None:
        self._ctx = ctx
        self._execution = execution
        self._task = task
        self._extras = dict(extras or {})
        if execution is not None and "execution" not in self._extras:
            self._extras["execution"] = ExecutionFacade(ctx, execution)
        if task is not None and "task" not in self._extras:
            self._extras["task"] = TaskFacade(ctx, task)

    def _find(self, name: str) -> object:
        if name in self._extras:
            return self._extras[name]
        if self._task is not None:
            local = vars_.task_locals(self._ctx, self._task)
            if name in local:
                return local[name]
        if self._execution is not None:
            value = vars_.lookup(self._ctx, self._execution, name)
            if value is not vars_.MISSING:
                return value
        if name == "authenticatedUserId":
            return self._ctx.user_id
        beans = self._ctx.config.registry.beans
        return beans[name] if name in beans else vars_.MISSING

    def __getitem__(self, name: str) -> object:
        value = self._find(name)
        if value is vars_.MISSING:
            raise KeyError(name)
        return value

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and self._find(name) is not vars_.MISSING

    def _names(self) -> set[str]:
        names = set(self._extras) | set(self._ctx.config.registry.beans) | {"authenticatedUserId"}
        if self._execution is not None:
            names |= set(vars_.visible(self._ctx, self._execution))
        if self._task is not None:
            names |= set(vars_.task_locals(self._ctx, self._task))
        return names

    def __iter__(self) -> Iterator[str]:
        return iter(self._names())

    def __len__(self) -> int:
        return len(self._names())
