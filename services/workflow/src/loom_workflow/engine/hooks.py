"""Extension points: Python hooks registered by name, and the task-assignment resolver."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Protocol

from .errors import IllegalArgument

# A hook receives the facade (``ExecutionFacade`` or ``TaskFacade``) and the injected fields.
Hook = Callable[[object, Mapping[str, object]], object]


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


@dataclass(frozen=True, kw_only=True)
class TaskAssignment:
    """Who may work on a task."""

    assignee: str | None = None
    owner: str | None = None
    candidate_users: tuple[str, ...] = ()
    candidate_groups: tuple[str, ...] = ()
    note: AssignmentNote | None = None


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
