"""The reviewer resolver of a dry run: workflow's own resolution (``extension.assignees``) over the
rules the dry run was given, remembering which rule produced which users."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from loom_workflow.engine.hooks import AssignmentRequest, TaskAssignment
from loom_workflow.extension.assignees import Directory, ReviewerResolver, Rule, _applies
from loom_workflow.pgstore.store import PgStore


@dataclass(frozen=True)
class Outcome:
    """One rule as it was applied at one node."""

    rule: Rule
    applied: bool
    user_ids: tuple[str, ...]


@dataclass(frozen=True)
class Resolution:
    """Who a created task went to, and why."""

    source: str  # rules | bpmn | none
    outcomes: tuple[Outcome, ...]
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
    ) -> None:
        super().__init__(store, directory, run_async, sql_url=sql_url)
        self._rules = rules
        self.explained: dict[str, tuple[Outcome, ...]] = {}
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
        found: list[str] = []
        outcomes: list[Outcome] = []
        for rule in rules:
            if not _applies(rule, variables):
                outcomes.append(Outcome(rule, False, ()))
                continue
            ids = [
                u
                for u in self._rule_users(rule, variables, initiator=initiator or "", actor=actor or "")
                if u
            ]
            outcomes.append(Outcome(rule, True, tuple(ids)))
            # the same add ('0') / remove ('1') semantics as ReviewerResolver.users_for
            found = [u for u in found if u not in ids] if rule.operation_type == "1" else [*found, *ids]
        self.explained[node_id] = tuple(outcomes)
        return list(dict.fromkeys(found))


def _is_countersign(request: AssignmentRequest) -> bool:
    """A countersign instance: its reviewers were resolved when the multi-instance began."""
    return "nrOfInstances" in request.variables
