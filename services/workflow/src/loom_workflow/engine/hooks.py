"""Extension points: Python hooks registered by name, and the task-assignment resolver."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol

from .errors import IllegalArgument

# A hook receives the facade (``ExecutionFacade`` or ``TaskFacade``) and the injected fields.
Hook = Callable[[object, Mapping[str, object]], object]
# A job handler receives the command context, the job (already deleted) and its execution.
JobHandler = Callable[[Any, Any, Any], None]


class NeedsPrefetch(Exception):  # noqa: N818 - a request to its runner, not a failure
    """Raised by a hook that needs an answer it must not wait for inside a command (the instance is
    locked until the command ends): the command rolls back as for any exception, and its runner fetches
    ``wants`` outside the lock and runs the command again. Never counted as a job's failure."""

    def __init__(self, wants: list[Any]) -> None:
        super().__init__(f"needs {len(wants)} answer(s) fetched first")
        self.wants = wants


class Registry:
    """Maps BPMN ``class`` names to Python hooks, and exposes named beans to expressions.

    ``registry.register_class("com.acme.SendMail", send_mail)`` makes
    ``flowable:class="com.acme.SendMail"`` call ``send_mail(execution, fields)``.
    ``registry.register_bean("mailer", obj)`` makes ``${mailer}`` resolve to ``obj`` (a callable for
    ``delegateExpression``, or a :class:`~loom_workflow.engine.expr.HostObject` for method calls).
    """

    def __init__(self) -> None:
        self._classes: dict[str, Hook] = {}
        self._beans: dict[str, object] = {}
        self._job_handlers: dict[str, JobHandler] = {}

    def register_job_handler(self, handler_type: str, handler: JobHandler) -> None:
        """Runs ``handler(ctx, job, execution)`` for due jobs of ``handler_type`` (e.g. the
        ``task-deadline`` timers of :class:`Deadline`), in the job's own command."""
        self._job_handlers[handler_type] = handler

    def job_handler(self, handler_type: str) -> JobHandler | None:
        """The handler registered for ``handler_type``, if any."""
        return self._job_handlers.get(handler_type)

    def register_class(self, name: str, hook: Hook) -> None:
        """Binds a class name used in BPMN to a Python hook."""
        self._classes[name] = hook

    def register_bean(self, name: str, bean: object) -> None:
        """Makes ``bean`` visible to expressions under ``name`` (after process variables)."""
        self._beans[name] = bean

    def hook(self, class_name: str) -> Hook:
        """The hook for a BPMN class name."""
        found = self._classes.get(class_name)
        if found is None:
            raise IllegalArgument(
                f"couldn't instantiate class {class_name}: no hook registered under that name"
            )
        return found

    @property
    def beans(self) -> Mapping[str, object]:
        """Registered beans by name."""
        return self._beans


@dataclass(frozen=True)
class AssignmentNote:
    """A comment the resolver has recorded on the new task (by its assignee, if any); ``complete``
    completes the task at once: skipped for want of approvers, or approved automatically."""

    type: str
    message: str
    complete: bool = False


TASK_DEADLINE = "task-deadline"


@dataclass(frozen=True)
class Deadline:
    """When a new task falls due: its ``due_date``, and a ``task-deadline`` timer job on the task's
    execution carrying ``config`` for the handler registered under that type. The job lives and
    dies with the execution: a send-back re-creates the task and so re-arms it; a transfer or a
    delegation keeps the task and its job."""

    due: datetime
    config: str


@dataclass(frozen=True, kw_only=True)
class TaskAssignment:
    """Who may work on a task."""

    assignee: str | None = None
    owner: str | None = None
    candidate_users: tuple[str, ...] = ()
    candidate_groups: tuple[str, ...] = ()
    note: AssignmentNote | None = None
    deadline: Deadline | None = None


@dataclass(frozen=True, kw_only=True)
class AssignmentRequest:
    """Everything a resolver may need when a user task is created."""

    process_definition_id: str
    process_definition_key: str
    process_instance_id: str
    business_key: str | None
    start_user_id: str | None
    execution_id: str
    task_id: str
    task_def_key: str
    task_name: str | None
    actor_user_id: str | None  # the user running the command that created the task
    variables: Mapping[str, object]  # the variables visible from the task's execution
    default: TaskAssignment  # what the BPMN attributes say (expressions already evaluated)
    extra: Mapping[str, object] = field(default_factory=dict)


class TaskAssignmentResolver(Protocol):
    """Called once per created user task; the service resolves reviewer rules into users here."""

    def resolve(self, request: AssignmentRequest) -> TaskAssignment:
        """Returns the assignment to apply to the new task."""
        ...


class DefaultAssignmentResolver:
    """Uses the BPMN ``assignee`` / ``candidateUsers`` / ``candidateGroups`` as evaluated."""

    def resolve(self, request: AssignmentRequest) -> TaskAssignment:
        """Returns ``request.default``."""
        return request.default
