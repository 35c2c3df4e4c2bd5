"""Reviewer rules -> candidate users, when a user task is created (the engine's assignment hook).

A node's rules (seed §3.1 "Assignee") live in ``wf_flow_assignee`` keyed by process key and node id.
Each rule may carry a ``condition`` (a JUEL expression over the process variables; '0' or empty
means always) and an ``operationType`` ('0' adds its users, '1' removes them). Values may hold
``${...}`` expressions (e.g. ``${applyUserOfficeId}`` for the initiator's department).
user/post/company/depart/role/applyUserId/previousExecutor/currentUserId and the department managers
applyUserDeptManager/previousExecutorDeptManager go to sys (``DirectoryClient.resolve_reviewers``),
through a cache no command waits on (``answers.py``: a missing answer is fetched outside the
instance's lock and the command runs again);
``sql`` runs a read-only parameterised query as a restricted role (``reviewer_sql``); ``custom`` is an expression whose value is the user id(s).
A rule that names nobody adds nobody; a node whose rules all name nobody follows its
``emptyApprover`` setting (``approver_policy``: skip, administrator, or by default an error).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, date, datetime
from typing import Any, Protocol

from loom_workflow.engine.errors import ExpressionError
from loom_workflow.engine.expr import HostObject, compile_expression, no_such_member
from loom_workflow.engine.hooks import AssignmentRequest, TaskAssignment
from loom_workflow.extension import approver_policy, deadline_policy
from loom_workflow.extension.answers import DirectoryAnswers
from loom_workflow.extension.reviewer_sql import ReviewerSql
from loom_workflow.pgstore.store import PgStore, conninfo

# Rules that name people relative to the run, so they carry no value (seed §4.3 keeps them anyway).
VALUELESS_TYPES = frozenset(
    {
        "applyUserId",
        "previousExecutor",
        "currentUserId",
        "applyUserDeptManager",
        "previousExecutorDeptManager",
    }
)
DIRECTORY_TYPES = frozenset({"user", "post", "company", "depart", "role", *VALUELESS_TYPES})


class Directory(Protocol):
    """The part of ``DirectoryClient`` reviewer resolution needs."""

    def resolve_reviewers(
        self,
        rules: Sequence[tuple[str, str]],
        *,
        initiator_id: str = "",
        previous_executor_id: str = "",
        current_user_id: str = "",
    ) -> Awaitable[list[str]]: ...


@dataclass(frozen=True)
class Rule:
    type: str
    value: str
    condition: str
    operation_type: str


def kept(rule_type: str | None, value: str | None) -> bool:
    """Whether a reviewer row is a rule: a type with a value, or a type that needs none."""
    return bool(rule_type) and (bool(value) or rule_type in VALUELESS_TYPES)


@dataclass(frozen=True)
class RuleShare:
    """One rule as it was applied at a node: whether its condition held, and the users it named."""

    rule: Rule
    applied: bool
    user_ids: tuple[str, ...]


def _applies(rule: Rule, variables: Mapping[str, object]) -> bool:
    condition = rule.condition.strip()
    if condition in ("", "0"):
        return True
    text = condition if "${" in condition else "${" + condition + "}"
    return compile_expression(text).evaluate_bool(variables)


def _expand(value: str, variables: Mapping[str, object]) -> str:
    if "${" not in value:
        return value
    result = compile_expression(value).evaluate(variables)
    if isinstance(result, list | tuple | set):
        return ",".join(str(v) for v in result if v is not None)
    return "" if result is None else str(result)


class ReviewerResolver:
    """The engine's ``TaskAssignmentResolver``: BPMN assignee first, else the node's rules."""

    def __init__(
        self,
        store: PgStore,
        directory: Directory | None,
        run_async: Callable[[Awaitable[Any]], Any],
        *,
        sql_url: str | None = None,
        sql_views: Sequence[str] = (),
        admin_user_id: str = approver_policy.ADMIN_USER_ID,
        defer: bool = False,
    ) -> None:
        """``defer``: a command never waits for sys (the service's runtime, which fetches a missing
        answer outside the instance's lock and runs the command again: ``answers.py``); else a
        missing answer is asked at once through ``run_async`` (a dry run, tests)."""
        self._store = store
        self._admin = admin_user_id
        self._directory = directory
        self._run_async = run_async
        self.answers = DirectoryAnswers(directory, run_async, defer=defer)
        self._sql_views = tuple(sql_views)
        self._sql = ReviewerSql(conninfo(sql_url), self._sql_views) if sql_url else None

    def resolve(self, request: AssignmentRequest) -> TaskAssignment:
        """Candidates from the node's rules; a single candidate becomes the assignee. Then the
        node's approver policy: nobody (skip, administrator, error) and automatic approval."""
        policy = self.policy_of(request.process_definition_key, request.task_def_key)
        if request.default.assignee:
            return self._with_deadline(
                policy, approver_policy.auto_approved(policy, request, request.default)
            )
        users = self.users_for(
            request.process_definition_key,
            request.task_def_key,
            request.variables,
            initiator=request.start_user_id,
            actor=request.actor_user_id,
        )
        assignment = request.default
        if users is not None:
            merged = list(dict.fromkeys([*request.default.candidate_users, *users]))
            if len(merged) == 1 and not request.default.candidate_groups:
                assignment = TaskAssignment(assignee=merged[0], owner=request.default.owner)
            else:
                assignment = TaskAssignment(
                    owner=request.default.owner,
                    candidate_users=tuple(merged),
                    candidate_groups=request.default.candidate_groups,
                )
        assignment = approver_policy.on_empty(
            policy, request, assignment, has_rules=users is not None, admin=self._admin
        )
        return self._with_deadline(policy, approver_policy.auto_approved(policy, request, assignment))

    def _with_deadline(self, policy: Mapping[str, str], assignment: TaskAssignment) -> TaskAssignment:
        """The node's deadline (``task.deadlines``) on a task that stays open."""
        if not policy.get(deadline_policy.DURATION) or (
            assignment.note is not None and assignment.note.complete
        ):
            return assignment
        holidays = self._holidays() if policy.get(deadline_policy.CALENDAR) == deadline_policy.WORKDAY else []
        found = deadline_policy.deadline(policy, datetime.now(UTC), holidays)
        return replace(assignment, deadline=found) if found is not None else assignment

    def _holidays(self) -> list[date]:
        """The dates of sys's holiday dictionary (none without sys), from the answers' cache."""
        if self._directory is None:
            return []
        return self.answers.holidays()

    def policy_of(self, process_key: str, node_id: str) -> dict[str, str]:
        """The node's approver policy settings, read through the store (with the node's rules)."""
        settings = self._store.node_rules(process_key, node_id).settings
        wanted = (approver_policy.EMPTY_SETTING, approver_policy.AUTO_SETTING, *deadline_policy.SETTINGS)
        return {k: v for k, v in settings.items() if k in wanted}

    def users_for(
        self,
        process_key: str,
        node_id: str,
        variables: Mapping[str, object],
        *,
        initiator: str | None,
        actor: str | None,
    ) -> list[str] | None:
        """The users the node's rules name (None when the node has no rules)."""
        rules = self.rules_of(process_key, node_id)
        if not rules:
            return None
        users, _ = self.apply(rules, variables, initiator=initiator, actor=actor)
        return users

    def rules_of(self, process_key: str, node_id: str) -> list[Rule]:
        """The node's saved rules, read through the store (in the command's transaction when there is
        one: the policy and the rules of a node in one round trip, once per command)."""
        return [Rule(*row) for row in self._store.node_rules(process_key, node_id).rules]

    def apply(
        self,
        rules: Sequence[Rule],
        variables: Mapping[str, object],
        *,
        initiator: str | None,
        actor: str | None,
    ) -> tuple[list[str], list[RuleShare]]:
        """The users ``rules`` name, in order without repeats (a rule with operationType '1' removes
        its users from those named before it), and each rule's share."""
        found: list[str] = []
        shares: list[RuleShare] = []
        for rule in rules:
            if not _applies(rule, variables):
                shares.append(RuleShare(rule, False, ()))
                continue
            ids = [u for u in self._rule_users(rule, variables, initiator or "", actor or "") if u]
            shares.append(RuleShare(rule, True, tuple(ids)))
            found = [u for u in found if u not in ids] if rule.operation_type == "1" else [*found, *ids]
        return list(dict.fromkeys(found)), shares

    def members_of(self, groups: Sequence[str]) -> list[str]:
        """The enabled users in candidate groups (role ids): who would see a task offered to them."""
        if not groups or self._directory is None:
            return []
        return self.answers.members(groups)

    def members_now(self, groups: Sequence[str]) -> list[str]:
        """:meth:`members_of` for a caller that holds no instance lock (the notice consumer, in a
        thread): a missing answer is asked of sys at once."""
        if not groups or self._directory is None:
            return []
        return self.answers.members(groups, wait=True)

    def _rule_users(
        self, rule: Rule, variables: Mapping[str, object], initiator: str, actor: str
    ) -> list[str]:
        if rule.type == "sql":
            return self._sql_users(rule.value, variables)
        value = _expand(rule.value, variables)
        if rule.type == "custom":
            return [v.strip() for v in value.split(",") if v.strip()]
        if rule.type not in DIRECTORY_TYPES:
            raise ExpressionError(f"unknown reviewer type {rule.type}")
        if self._directory is None:
            return _without_directory(rule.type, value, initiator, actor)
        return self.answers.reviewers(rule.type, value, initiator=initiator, actor=actor)

    def _sql_users(self, sql: str, variables: Mapping[str, object]) -> list[str]:
        """Runs a reviewer query as the restricted reviewer role (``reviewer_sql``)."""
        if self._sql is None:
            # no business database configured: the workflow database, where it reads no table
            self._sql = ReviewerSql(self._store.pool.conninfo, self._sql_views)
        return self._sql.users(sql, variables)


def _without_directory(rule_type: str, value: str, initiator: str, actor: str) -> list[str]:
    """What a rule names when no sys is configured (engine tests): the ids as given, the initiator
    and the actor; nobody for what only the organisation knows."""
    if rule_type == "user":
        return value.split(",")
    if rule_type == "applyUserId":
        return [initiator]
    if rule_type in ("previousExecutor", "currentUserId"):
        return [actor]
    return []


class MultiInstanceHandler(HostObject):
    """``${multiInstanceHandler.getList(execution)}``: the countersign node's reviewers as a list."""

    def __init__(self, resolver: ReviewerResolver) -> None:
        self._resolver = resolver

    def expr_property(self, name: str) -> object:
        raise no_such_member("multiInstanceHandler", name)

    def expr_call(self, name: str, args: Sequence[object]) -> object:
        if name not in ("getList", "getUserIds") or len(args) != 1:
            raise no_such_member("multiInstanceHandler", name)
        facade: Any = args[0]
        execution = facade.execution
        ctx = facade.ctx
        definition = ctx.session.definition(execution.proc_def_id)
        instance = ctx.session.execution(execution.proc_inst_id)
        users = self._resolver.users_for(
            definition.key,
            execution.activity_id or "",
            facade.variables(),
            initiator=instance.start_user_id,
            actor=ctx.user_id,
        )
        return users or []


def bridge(loop: asyncio.AbstractEventLoop, timeout: float = 10.0) -> Callable[[Awaitable[Any]], Any]:
    """Runs a coroutine on ``loop`` from an engine thread and waits for its result."""

    def run(awaitable: Awaitable[Any]) -> Any:
        async def wrap() -> Any:
            return await awaitable

        return asyncio.run_coroutine_threadsafe(wrap(), loop).result(timeout)

    return run
