"""Instance migration (实例迁移, issue 40): running instances of v1 moved onto v2 by a plan.

The tests take the ``harness`` fixture: the in-memory store here, the PostgreSQL store in
``tests/integration/test_migration_pg.py`` (the same tests, imported there)."""

from __future__ import annotations

from datetime import timedelta

import pytest

from loom_workflow.engine.commands import MigrateInstance, NotMigratable, plan_mapping
from loom_workflow.engine.model import parse_bpmn
from loom_workflow.engine.runtime.entities import Comment, Execution, ProcessDefinition, Task

from .harness import T0, Harness, bpmn, chain, flow

# v1: apply -> lead (a one-hour reminder timer) -> hr -> end
V1 = bpmn(
    '<startEvent id="s"/><userTask id="apply" name="申请" flowable:assignee="${initiator}"/>'
    '<userTask id="lead" name="部门审批" flowable:assignee="u-lead"/>'
    '<boundaryEvent id="remind" attachedToRef="lead" cancelActivity="false">'
    "<timerEventDefinition><timeDuration>PT1H</timeDuration></timerEventDefinition></boundaryEvent>"
    '<userTask id="hr" name="人事审批" flowable:assignee="u-hr"/><endEvent id="e"/>'
    '<userTask id="late" name="催办"/>'
    + chain("s", "apply", "lead", "hr", "e")
    + flow("f_remind", "remind", "late")
    + flow("f_late", "late", "e"),
    process_id="leave",
    name="请假",
).replace('<startEvent id="s"/>', '<startEvent id="s" flowable:initiator="initiator"/>')

# v2: lead renamed with a two-hour timer, hr removed, gm (a new approver) added
V2 = bpmn(
    '<startEvent id="s" flowable:initiator="initiator"/>'
    '<userTask id="apply" name="申请" flowable:assignee="${initiator}"/>'
    '<userTask id="lead" name="部门负责人审批" flowable:assignee="u-lead2"/>'
    '<boundaryEvent id="remind" attachedToRef="lead" cancelActivity="false">'
    "<timerEventDefinition><timeDuration>PT2H</timeDuration></timerEventDefinition></boundaryEvent>"
    '<userTask id="gm" name="总经理审批" flowable:assignee="u-gm"/><endEvent id="e"/>'
    '<userTask id="late" name="催办"/>'
    + chain("s", "apply", "lead", "gm", "e")
    + flow("f_remind", "remind", "late")
    + flow("f_late", "late", "e"),
    process_id="leave",
    name="请假",
)


@pytest.fixture
def harness() -> Harness:
    return Harness()


def _on_v1(h: Harness, *at: str) -> tuple[str, str, list[str]]:
    """Deploys v1, starts one instance per entry of ``at`` and walks each to that node, deploys v2."""
    h.deploy(V1)
    ids = []
    for node in at:
        pid = h.start("leave", user="u-amy", days=3)
        steps = {"apply": [], "lead": ["apply"], "hr": ["apply", "lead"]}[node]
        for step in steps:
            (task,) = [t for t in h.tasks(pid) if t.task_def_key == step]
            h.engine.complete_task(task.id, user_id=task.assignee)
        ids.append(pid)
    h.deploy(V2)
    defs = sorted(h.store.rows(ProcessDefinition), key=lambda d: d.version)
    return defs[0].id, defs[1].id, ids


def _task(h: Harness, pid: str) -> Task:
    (task,) = [t for t in h.tasks(pid) if t.task_def_key != "late"]
    return task


def test_the_plan_maps_nodes_by_id_and_lists_removed_and_added_ones() -> None:
    # when
    plan = plan_mapping(parse_bpmn(V1)[0], parse_bpmn(V2)[0])
    # then: same ids map to themselves, hr has no counterpart, gm is new; boundary events follow their task
    assert plan.mapping["lead"] == "lead" and plan.mapping["apply"] == "apply"
    assert "hr" not in plan.mapping
    assert [m.id for m in plan.removed] == ["hr"]
    assert [n.id for n in plan.added] == ["gm"]
    assert "remind" not in {m.id for m in plan.mappings}


def test_a_node_mapped_by_hand_overrides_the_automatic_mapping() -> None:
    # when
    plan = plan_mapping(parse_bpmn(V1)[0], parse_bpmn(V2)[0], {"hr": "gm", "late": ""})
    # then
    assert plan.mapping["hr"] == "gm"
    assert "late" not in plan.mapping  # unmapped by hand


def test_a_dry_run_tells_what_changes_and_writes_nothing(harness: Harness) -> None:
    # given: an instance waiting at lead on v1
    h = harness
    v1, v2, (pid,) = _on_v1(h, "lead")
    plan = plan_mapping(h.engine.execute(_Model(v1)), h.engine.execute(_Model(v2)))
    task = _task(h, pid)
    # when
    outcome = h.engine.execute(
        MigrateInstance(pid, v2, plan.mapping, variables={"migrated": True}), dry_run=True
    )
    # then: the task is kept, renamed; the reminder re-armed for two hours; the variable would be set
    (change,) = outcome.tasks
    assert change.before and change.after
    assert (change.before.name, change.after.name) == ("部门审批", "部门负责人审批")
    assert change.after.assignee == "u-lead"  # a kept task keeps its assignee
    (timer,) = outcome.timers
    assert (timer.element_id, timer.before, timer.after) == ("remind", True, True)
    assert (timer.due_before, timer.due_after) == (T0 + timedelta(hours=1), T0 + timedelta(hours=2))
    assert [(v.name, v.before, v.after) for v in outcome.variables] == [("migrated", None, True)]
    # and nothing was written
    assert _task(h, pid) == task
    assert {e.proc_def_id for e in h.store.rows(Execution) if e.proc_inst_id == pid} == {v1}


def test_a_migrated_instance_runs_on_the_new_version_with_its_task_kept(harness: Harness) -> None:
    # given
    h = harness
    v1, v2, (pid,) = _on_v1(h, "lead")
    plan = plan_mapping(h.engine.execute(_Model(v1)), h.engine.execute(_Model(v2)))
    kept = _task(h, pid)
    # when
    h.engine.execute(MigrateInstance(pid, v2, plan.mapping, note="v1 → v2"), user_id="u-admin")
    # then: the same task, renamed, on v2; the history entry is a comment on the instance
    task = _task(h, pid)
    assert (task.id, task.assignee, task.name, task.proc_def_id) == (kept.id, "u-lead", "部门负责人审批", v2)
    assert h.historic(pid).proc_def_id == v2
    (entry,) = [c for c in h.store.rows(Comment) if c.proc_inst_id == pid and c.type == "migration"]
    assert (entry.full_msg, entry.user_id, entry.task_id) == ("v1 → v2", "u-admin", None)
    # and completing it follows v2's path: the general manager, not HR
    h.engine.complete_task(task.id, user_id="u-lead")
    assert [(t.task_def_key, t.assignee) for t in h.tasks(pid)] == [("gm", "u-gm")]


def test_an_instance_on_a_removed_node_cannot_move_and_stays_untouched(harness: Harness) -> None:
    # given: one instance at hr, which v2 removed
    h = harness
    v1, v2, (pid,) = _on_v1(h, "hr")
    plan = plan_mapping(h.engine.execute(_Model(v1)), h.engine.execute(_Model(v2)))
    before = _task(h, pid)
    # when / then
    with pytest.raises(NotMigratable) as refused:
        h.engine.execute(MigrateInstance(pid, v2, plan.mapping, note="v1 → v2"))
    assert (refused.value.reason, refused.value.nodes) == ("unmapped", ("人事审批",))
    assert _task(h, pid) == before
    assert h.historic(pid).proc_def_id == v1
    assert not [c for c in h.store.rows(Comment) if c.proc_inst_id == pid]


def test_a_node_mapped_by_hand_moves_the_token_and_the_new_version_assigns_it(harness: Harness) -> None:
    # given
    h = harness
    v1, v2, (pid,) = _on_v1(h, "hr")
    plan = plan_mapping(h.engine.execute(_Model(v1)), h.engine.execute(_Model(v2)), {"hr": "gm"})
    old = _task(h, pid)
    # when
    outcome = h.engine.execute(MigrateInstance(pid, v2, plan.mapping))
    # then: the HR task is gone, the general manager's is created by v2's assignment
    task = _task(h, pid)
    assert (task.task_def_key, task.assignee, task.proc_def_id) == ("gm", "u-gm", v2)
    assert task.id != old.id
    assert outcome.moves == (("hr", "gm"),)
    assert [(c.before and c.before.assignee, c.after and c.after.assignee) for c in outcome.tasks] == [
        ("u-hr", None),
        (None, "u-gm"),
    ]


def test_a_migrated_timer_fires_on_the_new_version(harness: Harness) -> None:
    # given: migrated at lead; v2's reminder is due after two hours
    h = harness
    v1, v2, (pid,) = _on_v1(h, "lead")
    plan = plan_mapping(h.engine.execute(_Model(v1)), h.engine.execute(_Model(v2)))
    h.engine.execute(MigrateInstance(pid, v2, plan.mapping))
    # when / then: nothing after one hour, the reminder after two
    h.advance(hours=1, minutes=1)
    assert [t.task_def_key for t in h.tasks(pid)] == ["lead"]
    h.advance(hours=1)
    assert sorted(t.task_def_key for t in h.tasks(pid)) == ["late", "lead"]


class _Model:
    """Reads a definition's parsed model (a read-only command)."""

    def __init__(self, definition_id: str) -> None:
        self.definition_id = definition_id

    def execute(self, ctx):  # type: ignore[no-untyped-def]
        return ctx.model(ctx.session.definition(self.definition_id).id)
