"""流程分析: the figures of a process definition from a small finished history written into ACT_HI_*
(as the history workers leave it), through GET /flowable/analytics/process."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest

from loom_workflow.analytics import queries

from ..conftest import ADMIN, Env
from .analytics_history import DAY, Run, Visit, write
from .helpers import deploy, flow, process

REVIEW = process(
    "review",
    "报销审批",
    '<startEvent id="start" flowable:initiator="applyUserId"/>'
    '<userTask id="apply" name="提交申请"/>'
    '<userTask id="sign" name="会签" flowable:assignee="${assignee}">'
    '<multiInstanceLoopCharacteristics isSequential="false" flowable:collection="${signers}" '
    'flowable:elementVariable="assignee"/></userTask>'
    '<userTask id="hr" name="人事审批"/><endEvent id="end"/>'
    + flow("f1", "start", "apply")
    + flow("f2", "apply", "sign")
    + flow("f3", "sign", "hr")
    + flow("f4", "hr", "end"),
)
START, END = Visit("start", 0, 0, "startEvent"), "end"
HOUR = 3_600_000
ANALYTICS = "flowable:analytics:view"


def through(*visits: Visit) -> list[Visit]:
    last = max(v.at + v.hours for v in visits)
    return [START, *visits, Visit(END, last, 0, "endEvent")]


# r1..r4 start on DAY, r6 ten days later; r5 still runs
HISTORY = [
    Run(
        "u-alice", through(Visit("apply", 0, 1), Visit("sign", 1, 2), Visit("sign", 1, 5), Visit("hr", 6, 1))
    ),
    Run("u-bob", through(Visit("apply", 0, 2), Visit("sign", 2, 10), Visit("hr", 12, 0.5, due=0.25))),
    Run("u-carol", [START, Visit("apply", 0, 1)], delete_reason="revoke:不用了"),
    Run(
        "u-carol",
        through(
            Visit("apply", 0, 1),
            Visit("sign", 1, 3),
            Visit("apply", 4, 1),
            Visit("sign", 5, 3),
            Visit("hr", 8, 1),
        ),
        backs=1,
    ),
    Run("u-alice", [START, Visit("apply", 0, 1)], running=True),
    Run(
        "u-alice",
        through(Visit("apply", 0, 1), Visit("sign", 1, 20), Visit("hr", 21, 1)),
        day=DAY + timedelta(days=10),
    ),
]


async def seeded(env: Env) -> str:
    proc_def_id = await deploy(env, "review", "报销审批", REVIEW)
    await write(env, proc_def_id, HISTORY)
    return proc_def_id


async def analytics(env: Env, user: str = ADMIN, **params: str) -> dict[str, Any]:
    answer = await env.client.get("/flowable/analytics/process", params=params, headers=env.headers(user))
    assert answer.status_code == 200, answer.text
    return dict(answer.json())


def near(value: float, expected: float) -> bool:
    """Within the log buckets' precision (a bucket spans a factor of 2^(1/8))."""
    return abs(value - expected) <= expected * 0.09


async def test_the_countersign_node_is_the_slowest_and_each_node_counts_its_instances(env: Env) -> None:
    # given the history above
    proc_def_id = await seeded(env)
    # when
    found = await analytics(env, procDefId=proc_def_id)
    # then: counts, the instances' durations, 撤销 and 退回
    assert (found["started"], found["finished"], found["running"]) == (6, 5, 1)
    assert (found["revoked"], found["backs"]) == (1, 1)
    assert found["duration"]["count"] == 5
    assert found["duration"]["meanMs"] == pytest.approx((7 + 12.5 + 1 + 9 + 22) / 5 * HOUR)
    assert near(found["duration"]["p50Ms"], 9 * HOUR)
    assert found["duration"]["overdue"] == 1 and found["duration"]["overdueRate"] == pytest.approx(0.2)
    # each node: waiting time (a countersign's signers are one visit, a node sent back to counts
    # each visit), throughput, overdue; slowest first, named as in the diagram
    nodes = {n["id"]: n for n in found["nodes"]}
    assert [n["id"] for n in found["nodes"]] == ["sign", "apply", "hr"]
    assert nodes["sign"]["name"] == "会签" and nodes["sign"]["count"] == 4
    assert nodes["sign"]["meanMs"] == pytest.approx((5 + 10 + 6 + 20) / 4 * HOUR)
    assert nodes["apply"]["count"] == 5 and nodes["apply"]["meanMs"] == pytest.approx(7 / 5 * HOUR)
    assert (nodes["hr"]["count"], nodes["hr"]["overdue"]) == (4, 1)
    # the most frequent paths
    top = found["paths"][0]
    assert (top["ids"], top["count"], top["share"]) == (["start", "apply", "sign", "hr", "end"], 3, 0.6)
    assert top["names"][1:4] == ["提交申请", "会签", "人事审批"]
    assert {tuple(p["ids"]) for p in found["paths"][1:]} == {
        ("start", "apply"),
        ("start", "apply", "sign", "apply", "sign", "hr", "end"),
    }
    assert found["bpmnXml"].startswith("<?xml") and found["version"] == 1


async def test_the_time_range_initiator_and_department_narrow_the_instances_counted(env: Env) -> None:
    # given the history above
    proc_def_id = await seeded(env)
    # when
    first_day = await analytics(env, procDefId=proc_def_id, beginDate="2026-11-02", endDate="2026-11-02")
    carol = await analytics(env, procDefId=proc_def_id, startUserId="u-carol")
    sales = await analytics(env, procDefId=proc_def_id, officeId="d-sales")
    # then
    assert (first_day["finished"], first_day["running"]) == (4, 1)
    assert {n["id"]: n["count"] for n in first_day["nodes"]}["sign"] == 3
    assert (carol["finished"], carol["running"], carol["revoked"], carol["backs"]) == (2, 0, 1, 1)
    assert (sales["finished"], sales["running"], sales["revoked"]) == (3, 1, 0)
    assert {n["id"]: n["meanMs"] for n in sales["nodes"]}["sign"] == pytest.approx((5 + 10 + 20) / 3 * HOUR)


async def test_a_department_data_scope_counts_only_its_departments_instances(env: Env) -> None:
    # given grace (sales, role scope 所在部门) holding 流程分析
    proc_def_id = await seeded(env)
    env.access.permissions["u-grace"] = {ANALYTICS}
    try:
        # when
        seen = await analytics(env, "u-grace", procDefId=proc_def_id)
        everything = await analytics(env, procDefId=proc_def_id)
    finally:
        env.access.permissions.pop("u-grace", None)
    # then: sales' instances only (the facts), the administrator everyone's (the rollups)
    assert (seen["finished"], seen["running"], seen["revoked"]) == (3, 1, 0)
    assert [p["count"] for p in seen["paths"]] == [3]
    assert everything["finished"] == 5


async def test_an_instance_ended_later_is_counted_once_and_without_the_right_the_page_is_refused(
    env: Env,
) -> None:
    # given the history above, read once
    proc_def_id = await seeded(env)
    await analytics(env, procDefId=proc_def_id)
    # when one more instance ends and the page is read twice
    await write(env, proc_def_id, [HISTORY[0]])
    await analytics(env, procDefId=proc_def_id)
    again = await analytics(env, procDefId=proc_def_id)
    refused = await env.client.get(
        "/flowable/analytics/process", params={"procDefId": proc_def_id}, headers=env.headers("u-bob")
    )
    # then
    assert again["finished"] == 6
    assert refused.status_code == 403


async def test_the_department_is_the_initiators_at_the_start(env: Env) -> None:
    # given the history above and alice's instance started while she was in d-hr
    proc_def_id = await seeded(env)
    await write(env, proc_def_id, [Run("u-alice", through(Visit("apply", 0, 3)), office="d-hr")])
    # when
    sales = await analytics(env, procDefId=proc_def_id, officeId="d-sales")
    hr = await analytics(env, procDefId=proc_def_id, officeId="d-hr")
    alice_in_hr = await analytics(env, procDefId=proc_def_id, officeId="d-hr", startUserId="u-alice")
    # then: counted in d-hr (from its rollups), not in sales
    assert (sales["finished"], sales["running"]) == (3, 1)
    assert (hr["finished"], hr["revoked"], hr["backs"]) == (3, 1, 1)
    assert {tuple(p["ids"]) for p in hr["paths"]} >= {("start", "apply", "end")}
    assert (alice_in_hr["finished"], alice_in_hr["nodes"][0]["id"]) == (1, "apply")


async def test_a_department_data_scope_filtering_its_department_sees_what_the_administrator_sees(
    env: Env,
) -> None:
    # given grace (sales, role scope 所在部门) holding 流程分析
    proc_def_id = await seeded(env)
    env.access.permissions["u-grace"] = {ANALYTICS}
    try:
        # when both filter sales, and grace filters hr
        seen = await analytics(env, "u-grace", procDefId=proc_def_id, officeId="d-sales")
        admin = await analytics(env, procDefId=proc_def_id, officeId="d-sales")
        hr = await analytics(env, "u-grace", procDefId=proc_def_id, officeId="d-hr")
    finally:
        env.access.permissions.pop("u-grace", None)
    # then: the same figures; none of hr's instances reach grace
    assert seen["nodes"] == admin["nodes"] and seen["paths"] == admin["paths"]
    assert (seen["finished"], seen["running"]) == (3, 1)
    assert (hr["finished"], hr["running"]) == (0, 0)


async def test_a_department_data_scope_without_a_filter_reads_the_rollups_and_gives_the_facts_figures(
    env: Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    # given the history above, alice's instance started while she was in d-hr and one of dave's (hr)
    # started while he was in sales; grace (sales, role scope 所在部门) holding 流程分析
    proc_def_id = await seeded(env)
    await write(
        env,
        proc_def_id,
        [
            Run("u-alice", through(Visit("apply", 0, 3)), office="d-hr"),
            Run("u-dave", through(Visit("apply", 0, 2), Visit("hr", 2, 4)), office="d-sales"),
        ],
    )
    env.access.permissions["u-grace"] = {ANALYTICS}
    try:
        # when grace reads the page unfiltered: the sales rollups plus her scope's users' instances
        # started elsewhere, and the same read from the facts alone
        split = await analytics(env, "u-grace", procDefId=proc_def_id)
        monkeypatch.setattr(queries.Scope, "split", property(lambda _scope: False))
        facts = await analytics(env, "u-grace", procDefId=proc_def_id)
    finally:
        env.access.permissions.pop("u-grace", None)
    # then both give the same figures, dave's sales-started instance among them
    assert split == facts
    assert split["finished"] >= 4
