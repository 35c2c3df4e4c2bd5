"""Instance migration: moving a running instance onto another version of its process.

A migration plan maps the source version's nodes to the target's: by id where the target has a node
of the same id and kind, by hand for the rest (:func:`plan_mapping`). :class:`MigrateInstance` moves
one instance in one command: every token whose node is mapped to itself stays where it is (its task
and assignee kept, renamed after the new node, its timers following the new version as
``migrate_timers`` says), a token mapped to another node is moved there
(its task recreated and assigned by the new version), a token on a node without a mapping refuses the
whole instance (:class:`NotMigratable`: nothing is changed). Its answer says what changed — tasks,
assignees, timers, variables — so the same command run without writing (``Engine.execute(...,
dry_run=True)``) is the dry run. History rows already closed stay with the version they ran on.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING

from ..agenda import executions, links, tasks, variables
from ..errors import IllegalArgument, IllegalState
from ..model import FlowNode, ProcessModel, TimerEvent
from ..model.elements import ErrorEvent
from ..runtime.entities import (
    Execution,
    HistoricActivityInstance,
    HistoricProcessInstance,
    HistoricTaskInstance,
    Job,
    ProcessDefinition,
    Task,
    Variable,
)
from . import migrate_timers
from .change_state import cancel_sources, start_targets

if TYPE_CHECKING:
    from ..context import CommandContext

# Why an instance cannot move (the service words each in zh-CN and en-US)
UNMAPPED = "unmapped"  # a token waits on a node the plan maps nowhere
SUSPENDED = "suspended"
SAME_VERSION = "same_version"
SCOPE_CHANGED = "scope_changed"  # a sub-process holding tokens is mapped to another node


class NotMigratable(IllegalState):
    """The instance cannot move with this plan; nothing was changed. ``reason`` is one of the
    constants above, ``nodes`` the names of the nodes concerned."""

    def __init__(self, reason: str, nodes: Sequence[str] = ()) -> None:
        super().__init__(f"Process instance cannot be migrated: {reason} {', '.join(nodes)}".strip())
        self.reason = reason
        self.nodes = tuple(nodes)


# ---------------------------------------------------------------------------------------- the plan
@dataclass(frozen=True)
class NodeMapping:
    """A node of the source version and where the plan sends its tokens (None: nowhere)."""

    id: str
    name: str | None
    kind: str
    target_id: str | None
    automatic: bool  # mapped by id (same id and kind in the target)


@dataclass(frozen=True)
class MigrationPlan:
    """Both versions' nodes: each source node's mapping, and the target's nodes the source lacks."""

    mappings: tuple[NodeMapping, ...]
    added: tuple[FlowNode, ...]
    target_nodes: tuple[FlowNode, ...]

    @property
    def mapping(self) -> dict[str, str]:
        """Source node id -> target node id, for the nodes that have one."""
        return {m.id: m.target_id for m in self.mappings if m.target_id is not None}

    @property
    def removed(self) -> tuple[NodeMapping, ...]:
        """Source nodes whose id the target lacks."""
        ids = {n.id for n in self.target_nodes}
        return tuple(m for m in self.mappings if m.id not in ids)


def _states(model: ProcessModel) -> list[FlowNode]:
    """Nodes a token can stand on (boundary events follow their activity)."""
    return [
        n
        for n in model.nodes.values()
        if not (isinstance(n, TimerEvent | ErrorEvent) and n.attached_to is not None)
    ]


def plan_mapping(
    source: ProcessModel, target: ProcessModel, manual: Mapping[str, str] | None = None
) -> MigrationPlan:
    """The plan from ``source`` to ``target``: ``manual`` entries first (an empty target unmaps a
    node), else the node of the same id and kind."""
    manual = manual or {}
    mappings = []
    for node in _states(source):
        same = target.nodes.get(node.id)
        automatic = same is not None and same.kind == node.kind
        chosen = manual.get(node.id)
        if chosen is not None:
            wanted = chosen if chosen and target.has_node(chosen) else None
            mappings.append(
                NodeMapping(node.id, node.name, node.kind, wanted, automatic and wanted == node.id)
            )
        else:
            mappings.append(
                NodeMapping(node.id, node.name, node.kind, node.id if automatic else None, automatic)
            )
    known = set(source.nodes)
    targets = _states(target)
    return MigrationPlan(tuple(mappings), tuple(n for n in targets if n.id not in known), tuple(targets))


# ------------------------------------------------------------------------------- what changed
@dataclass(frozen=True)
class TaskState:
    """A task as a user sees it: its node, name and who has it."""

    activity_id: str
    name: str | None
    assignee: str | None
    candidates: tuple[str, ...] = ()


@dataclass(frozen=True)
class TaskChange:
    """One task before and after (None: not there)."""

    before: TaskState | None
    after: TaskState | None


@dataclass(frozen=True)
class TimerChange:
    """A timer of the instance: its event and due date before and after (None: not there)."""

    element_id: str
    name: str | None
    due_before: datetime | None
    due_after: datetime | None
    before: bool
    after: bool


@dataclass(frozen=True)
class VariableChange:
    """A process variable the migration set or changed."""

    name: str
    before: object
    after: object


@dataclass(frozen=True)
class InstanceMigration:
    """What migrating one instance does: the nodes its tokens move from and to, its tasks (every open
    one, kept or not), its timers and variables."""

    proc_inst_id: str
    source_definition_id: str
    target_definition_id: str
    moves: tuple[tuple[str, str], ...] = ()
    tasks: tuple[TaskChange, ...] = ()
    timers: tuple[TimerChange, ...] = ()
    variables: tuple[VariableChange, ...] = ()


@dataclass(frozen=True)
class _State:
    tasks: dict[str, TaskState]
    timers: dict[str, tuple[str, str | None, datetime | None]]
    variables: dict[str, object]


def _capture(ctx: CommandContext, instance: Execution) -> _State:
    pid = instance.id
    found = {}
    for task in ctx.session.where(Task, lambda t: t.proc_inst_id == pid):
        found_links = links.candidates(ctx, task)
        who = tuple(sorted(str(link.user_id or link.group_id) for link in found_links))
        found[task.id] = TaskState(task.task_def_key, task.name, task.assignee, who)
    timers = {
        j.id: (j.element_id, j.element_name, j.due_date)
        for j in ctx.session.where(Job, lambda j: j.proc_inst_id == pid and j.job_type == "timer")
    }
    values = {v.name: v.value for v in ctx.session.where(Variable, lambda v: v.execution_id == pid)}
    return _State(found, timers, values)


def _diff(
    before: _State, after: _State
) -> tuple[tuple[TaskChange, ...], tuple[TimerChange, ...], tuple[VariableChange, ...]]:
    task_ids = [*before.tasks, *(i for i in after.tasks if i not in before.tasks)]
    task_changes = tuple(TaskChange(before.tasks.get(i), after.tasks.get(i)) for i in task_ids)
    timer_ids = [*before.timers, *(i for i in after.timers if i not in before.timers)]
    timers = []
    for i in timer_ids:
        old, new = before.timers.get(i), after.timers.get(i)
        element, name = (new or old or ("", None, None))[:2]
        timers.append(
            TimerChange(element, name, old and old[2], new and new[2], old is not None, new is not None)
        )
    changed = tuple(
        VariableChange(name, before.variables.get(name), value)
        for name, value in after.variables.items()
        if name not in before.variables or before.variables[name] != value
    )
    return task_changes, tuple(timers), changed


# ------------------------------------------------------------------------------------ the command
def _name(node: FlowNode) -> str:
    return node.name or node.id


def _literal(text: str | None) -> bool:
    return text is not None and "${" not in text and "#{" not in text


@dataclass(frozen=True)
class _Token:
    execution: Execution
    source: FlowNode
    target: FlowNode
    kept: bool  # stays where it is (same node); else moved: cancelled and started at the target


@dataclass(frozen=True)
class MigrateInstance:
    """Moves one running instance onto ``target_definition_id`` (a version of its key) by ``mapping``
    (source node id -> target node id, as :func:`plan_mapping` made it); sets ``variables`` on the
    instance and records ``note`` as the instance's history entry (a comment of type ``migration``).
    Raises :class:`NotMigratable` and changes nothing when a token's node has no mapping."""

    proc_inst_id: str
    target_definition_id: str
    mapping: Mapping[str, str]
    variables: Mapping[str, object] = field(default_factory=dict)
    note: str | None = None

    def execute(self, ctx: CommandContext) -> InstanceMigration:
        """Checks every token, then moves the instance."""
        instance = ctx.session.execution(self.proc_inst_id)
        if not instance.is_process_instance:
            raise IllegalArgument(f"{self.proc_inst_id} is not a process instance")
        source_def = ctx.session.definition(instance.proc_def_id)
        target_def = ctx.session.definition(self.target_definition_id)
        if target_def.key != source_def.key or target_def.tenant_id != source_def.tenant_id:
            raise IllegalArgument(f"{target_def.id} is not a version of process '{source_def.key}'")
        if target_def.id == source_def.id:
            raise NotMigratable(SAME_VERSION)
        if instance.suspended:
            raise NotMigratable(SUSPENDED)
        source, target = ctx.model(source_def.id), ctx.model(target_def.id)
        tokens = self._tokens(ctx, instance, source, target)
        before = _capture(ctx, instance)
        moved = [t for t in tokens if not t.kept]
        reason = f"Migrate to {target_def.id}"
        parents = cancel_sources(ctx, [t.execution for t in moved], reason)
        kept = [t for t in tokens if t.kept]
        plans = [migrate_timers.prepare(ctx, t.execution, t.source, t.target, source, target) for t in kept]
        _switch(ctx, instance, source_def, target_def)
        for token in kept:
            _refresh(ctx, instance, token.target)
        for plan in plans:
            migrate_timers.apply(ctx, plan)
        if moved:
            start_targets(ctx, instance, [t.target.id for t in moved], parents, reason)
        variables.set_variables(ctx, instance, self.variables)
        if self.note:
            tasks.add_comment(
                ctx, "migration", self.note, user_id=ctx.user_id, task_id=None, proc_inst_id=instance.id
            )
        ctx.agenda.run()
        task_changes, timers, changed = _diff(before, _capture(ctx, instance))
        return InstanceMigration(
            instance.id,
            source_def.id,
            target_def.id,
            tuple((t.source.id, t.target.id) for t in moved),
            task_changes,
            timers,
            changed,
        )

    def _tokens(
        self, ctx: CommandContext, instance: Execution, source: ProcessModel, target: ProcessModel
    ) -> list[_Token]:
        """Every token of the instance with the node it goes to; refuses unmapped nodes."""
        found: list[_Token] = []
        unmapped: list[str] = []
        scopes: list[str] = []
        for execution in executions.instance_executions(ctx, instance.id):
            if execution.activity_id is None or execution.is_process_instance:
                continue
            if executions.is_boundary(ctx, execution) or executions.is_mi_child(ctx, execution):
                continue
            node = source.nodes.get(execution.activity_id)
            if node is None or (
                execution.is_scope and node.kind == "subProcess" and not execution.is_mi_root
            ):
                continue  # a sub-process's inner scope: its token (the parent) stands for it
            wanted = self.mapping.get(node.id)
            if not wanted or not target.has_node(wanted):
                unmapped.append(_name(node))
                continue
            goal = target.node(wanted)
            same_shape = (
                goal.id == node.id
                and goal.kind == node.kind
                and (goal.loop is None) == (node.loop is None)
                and [s.id for s in source.scope_chain(node.id)] == [s.id for s in target.scope_chain(goal.id)]
            )
            if node.kind == "subProcess" and not same_shape:
                scopes.append(_name(node))  # its inner tokens cannot follow it elsewhere
            else:
                found.append(_Token(execution, node, goal, kept=same_shape))
        if unmapped:
            raise NotMigratable(UNMAPPED, sorted(set(unmapped)))
        if scopes:
            raise NotMigratable(SCOPE_CHANGED, sorted(set(scopes)))
        return found


def _switch(
    ctx: CommandContext, instance: Execution, source: ProcessDefinition, target: ProcessDefinition
) -> None:
    """Points the instance's runtime rows and open history at the target version."""
    pid = instance.id
    for kind in (Execution, Task, Job):
        for row in ctx.session.where(kind, lambda r: r.proc_inst_id == pid):
            row.proc_def_id = target.id
    for hist in ctx.session.where(HistoricProcessInstance, lambda h: h.id == pid):
        hist.proc_def_id, hist.proc_def_version = target.id, target.version
    for open_task in ctx.session.where(
        HistoricTaskInstance, lambda h: h.proc_inst_id == pid and h.end_time is None
    ):
        open_task.proc_def_id = target.id
    for act in ctx.session.where(
        HistoricActivityInstance, lambda h: h.proc_inst_id == pid and h.end_time is None
    ):
        act.proc_def_id = target.id
    assert source.id != target.id


def _refresh(ctx: CommandContext, instance: Execution, node: FlowNode) -> None:
    """A kept token's task and open activity take the new node's literal name and form."""
    pid = instance.id
    for act in ctx.session.where(
        HistoricActivityInstance,
        lambda h: h.proc_inst_id == pid and h.activity_id == node.id and h.end_time is None,
    ):
        act.activity_name = node.name
    for task in ctx.session.where(Task, lambda t: t.proc_inst_id == pid and t.task_def_key == node.id):
        name, form_key = getattr(node, "name", None), getattr(node, "form_key", None)
        if _literal(name) and task.name != name:
            task.name = name
        if _literal(form_key) and task.form_key != form_key:
            task.form_key = form_key
        links.sync_history(ctx, task)
