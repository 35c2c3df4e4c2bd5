"""The reviewer resolver of a dry run: workflow's own resolution (``extension.assignees``) over the
rules the dry run was given, remembering which rule produced which users."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from loom_workflow.engine.hooks import AssignmentRequest, TaskAssignment
from loom_workflow.extension import approver_policy
from loom_workflow.extension.assignees import Directory, ReviewerResolver, Rule, RuleShare
from loom_workflow.pgstore.store import PgStore


@dataclass(frozen=True)
class Resolution:
    """Who a created task went to, and why."""

    source: str  # rules | bpmn | none
    outcomes: tuple[RuleShare, ...]
    assignment: TaskAssignment


class RecordingResolver(ReviewerResolver):
    """Resolves reviewers exactly as the running service does, with rules given per node (the
    designer's unsaved ones, else the saved ones) instead of read at task creation."""

    def __init__(
        self,
        store: PgStore,
        directory: Directory | None,
        run_async: Callable[[Awaitable[Any]], Any],
        rules: Mapping[str, Sequence[Rule]],
        *,
        sql_url: str | None = None,
        sql_views: Sequence[str] = (),
    ) -> None:
        super().__init__(store, directory, run_async, sql_url=sql_url, sql_views=sql_views)
        self._rules = rules
        self.explained: dict[str, tuple[RuleShare, ...]] = {}
        self.by_task: dict[str, Resolution] = {}

    def resolve(self, request: AssignmentRequest) -> TaskAssignment:
        """The service's resolution, remembered under the new task's id."""
        if not _is_countersign(request):
            self.explained.pop(request.task_def_key, None)
        assignment = super().resolve(request)
        outcomes = self.explained.get(request.task_def_key)
        default = request.default
        if outcomes is not None:
            source = "rules"
        elif default.assignee or default.candidate_users or default.candidate_groups:
            source = "bpmn"
        else:
            source = "none"
        self.by_task[request.task_id] = Resolution(source, outcomes or (), assignment)
        return assignment

    def policy_of(self, process_key: str, node_id: str) -> dict[str, str]:
        """The node's approver policy; its default error for want of approvers is the dry run's stop
        on that node (the task is created for nobody), not a failure of the run."""
        policy = super().policy_of(process_key, node_id)
        if (
            policy.get(approver_policy.EMPTY_SETTING, approver_policy.EMPTY_ERROR)
            == approver_policy.EMPTY_ERROR
        ):
            policy[approver_policy.EMPTY_SETTING] = "stop"
        return policy

    def users_for(
        self,
        process_key: str,  # noqa: ARG002 - the base class's signature
        node_id: str,
        variables: Mapping[str, object],
        *,
        initiator: str | None,
        actor: str | None,
    ) -> list[str] | None:
        """The users the node's rules name (None without rules), each rule's share recorded."""
        rules = self._rules.get(node_id)
        if not rules:
            return None
        users, shares = self.apply(rules, variables, initiator=initiator, actor=actor)
        self.explained[node_id] = tuple(shares)
        return users


def _is_countersign(request: AssignmentRequest) -> bool:
    """A countersign instance: its reviewers were resolved when the multi-instance began."""
    return "nrOfInstances" in request.variables
