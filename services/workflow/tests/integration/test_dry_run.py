"""Dry run of a model against the real sys directory: the path, who receives each task and by which
rule, timers, and a stop on the node that resolves to nobody. Nothing is stored."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import text

from ..conftest import Env
from .helpers import LEAVE, deploy, flow, node, process, start, todo

# The initiator's department, without the initiator: alice (销售部) -> bob, erin, frank, grace.
DEPARTMENT = [("depart", "${applyUserOfficeId}")]
HR_ROLE = [("role", "r-hr")]
# The initiator's department manager (sys's office manager): 销售部 has none, 人事部 has 戴夫.
DEPT_MANAGER = [("applyUserDeptManager", "")]


def _ext(node_id: str, assignees: list[tuple[str, str]], remove_initiator: bool = False) -> dict[str, Any]:
    ext = node("leave", node_id, assignees, [("_flow_agree", "同意"), ("_flow_reject", "驳回")])
    if remove_initiator:
        ext["flowAssigneeList"].append(
            {"type": "applyUserId", "value": "", "condition": "0", "operationType": "1", "sort": 99}
        )
    return ext


async def _save_model(env: Env, key: str, xml: str, extensions: list[dict[str, Any]] = ()) -> str:
    h = env.headers()
    created = await env.client.post(
        "/app/rest/models", json={"modelType": 0, "key": key, "name": key}, headers=h
    )
    model_id = created.json()["id"]
    saved = await env.client.post(
        f"/flowable/model/saveModel/{model_id}",
        data={"modeltype": "model", "json_xml": xml, "name": key, "key": key, "newversion": "false"},
        headers=h,
    )
    assert saved.status_code == 200, saved.text
    if extensions:
        answer = await env.client.post("/extension/taskDefExtension/save", json=list(extensions), headers=h)
        assert answer.status_code == 200, answer.text
    return str(model_id)


async def _dry_run(env: Env, lang: str | None = None, **body: Any) -> Any:
    answer = await env.client.post("/flowable/model/dryRun", json=body, headers=env.headers(lang=lang))
    assert answer.status_code == 200, answer.text
    return answer.json()


async def test_dry_run_routes_by_the_days_entered_and_names_each_reviewer_with_its_rule(env: Env) -> None:
    # given
    model_id = await _save_model(
        env, "leave", LEAVE, [_ext("dept", DEPARTMENT, remove_initiator=True), _ext("hr", HR_ROLE)]
    )
    # when
    long = await _dry_run(env, modelId=model_id, initiatorId="u-alice", variables={"days": "5"})
    short = await _dry_run(env, modelId=model_id, initiatorId="u-alice", variables={"days": 2})
    # then
    assert long["status"] == "completed"
    assert long["activityIds"] == ["start", "dept", "gw", "hr", "end"]
    assert "f_long" in long["flows"] and "f_short" not in long["flows"]
    assert short["activityIds"] == ["start", "dept", "gw", "end"]
    assert "f_short" in short["flows"]
    dept = next(s for s in long["steps"] if s["nodeId"] == "dept")
    assert {r["name"] for r in dept["reviewers"]} == {"鲍勃", "艾琳", "弗兰克", "格蕾丝"}
    assert dept["reviewerSource"] == "rules"
    assert dept["rules"][0]["type"] == "depart" and "爱丽丝" in dept["rules"][0]["users"]
    assert dept["rules"][1] == {
        **dept["rules"][1],
        "type": "applyUserId",
        "operationType": "1",
        "users": ["爱丽丝"],
    }
    assert dept["button"] == {"code": "_flow_agree", "name": "同意"}
    hr = next(s for s in long["steps"] if s["nodeId"] == "hr")
    assert {r["name"] for r in hr["reviewers"]} == {"卡罗尔", "戴夫"}


async def test_dry_run_stops_on_the_node_whose_rules_resolve_to_nobody(env: Env) -> None:
    # given: reviewers by a post nobody holds
    model_id = await _save_model(env, "leave", LEAVE, [_ext("dept", [("post", "p-nobody")])])
    # when
    zh = await _dry_run(env, modelId=model_id, initiatorId="u-alice", variables={"days": 5})
    en = await _dry_run(env, lang="en-US", modelId=model_id, initiatorId="u-alice", variables={"days": 5})
    # then
    assert zh["status"] == "stopped" and zh["stoppedAt"] == "dept"
    assert zh["reason"] == "节点[部门审批]按审批人规则找不到任何人，流程将停在这里"
    assert (
        en["reason"] == "Node [部门审批]: its reviewer rules resolve to nobody, the process would stop here"
    )
    assert zh["steps"][-1]["type"] == "stop" and zh["steps"][-1]["nodeId"] == "dept"
    assert "hr" not in zh["activityIds"]


async def test_dry_run_of_a_node_without_reviewers_says_it_has_none(env: Env) -> None:
    # given
    model_id = await _save_model(env, "leave", LEAVE)
    # when
    answer = await _dry_run(env, modelId=model_id, initiatorId="u-alice", variables={"days": 1})
    # then
    assert answer["status"] == "stopped"
    assert answer["reason"] == "节点[部门审批]未指定审批人，流程将停在这里"


async def test_unsaved_reviewers_from_the_designer_win_over_the_saved_ones(env: Env) -> None:
    # given: saved rules name nobody, the designer's unsaved ones name the HR role
    model_id = await _save_model(env, "leave", LEAVE, [_ext("dept", [("post", "p-nobody")])])
    # when
    answer = await _dry_run(
        env,
        modelId=model_id,
        initiatorId="u-alice",
        variables={"days": 1},
        extensions=[_ext("dept", HR_ROLE)],
    )
    # then
    assert answer["status"] == "completed"
    dept = next(s for s in answer["steps"] if s["nodeId"] == "dept")
    assert {r["name"] for r in dept["reviewers"]} == {"卡罗尔", "戴夫"}


async def test_dry_run_stores_nothing_and_publishes_nothing(env: Env) -> None:
    # given
    model_id = await _save_model(env, "leave", LEAVE, [_ext("dept", HR_ROLE), _ext("hr", HR_ROLE)])
    outbox_before = await _events(env)
    # when
    answer = await _dry_run(env, modelId=model_id, initiatorId="u-alice", variables={"days": 5})
    # then
    assert answer["status"] == "completed"
    for table in ("act_re_procdef", "act_hi_procinst", "act_ru_task", "act_hi_actinst"):
        assert await _count(env, table) == 0, table
    assert await _events(env) == outbox_before


async def _events(env: Env) -> int:
    """Events waiting in the outbox, leaving out the operation log's entries of the requests."""
    async with env.app.state.session_factory() as session:
        found = await session.execute(
            text("SELECT count(*) FROM loom_outbox WHERE subject NOT LIKE 'loom.log.%'")
        )
        return int(found.scalar() or 0)


async def _count(env: Env, table: str) -> int:
    async with env.app.state.session_factory() as session:
        return int((await session.execute(text(f"SELECT count(*) FROM {table}"))).scalar() or 0)


async def test_dry_run_shows_when_a_timer_would_fire(env: Env) -> None:
    # given: the diagram as the designer holds it, not saved
    xml = process(
        "remind",
        "提醒",
        '<startEvent id="start"/>'
        '<intermediateCatchEvent id="wait" name="等两小时">'
        "<timerEventDefinition><timeDuration>PT2H</timeDuration></timerEventDefinition>"
        "</intermediateCatchEvent>"
        '<endEvent id="end"/>' + flow("f1", "start", "wait") + flow("f2", "wait", "end"),
    )
    # when
    answer = await _dry_run(env, bpmnXml=xml, initiatorId="u-bob")
    # then
    assert answer["status"] == "completed"
    timer = next(s for s in answer["steps"] if s["type"] == "timer")
    assert timer["nodeId"] == "wait" and timer["timer"]["kind"] == "timeDuration"
    set_at = datetime.fromisoformat(timer["timer"]["setAt"])
    assert (datetime.fromisoformat(timer["timer"]["dueAt"]) - set_at).total_seconds() == 7200
    fired = next(s for s in answer["steps"] if s["type"] == "timerFired")
    assert fired["seq"] > timer["seq"] and fired["at"] == timer["timer"]["dueAt"]


async def test_dry_run_refuses_an_unknown_initiator_and_a_broken_diagram(env: Env) -> None:
    # when
    unknown = await env.client.post(
        "/flowable/model/dryRun", json={"bpmnXml": LEAVE, "initiatorId": "u-nobody"}, headers=env.headers()
    )
    broken = await env.client.post(
        "/flowable/model/dryRun",
        json={"bpmnXml": "<definitions/>", "initiatorId": "u-alice"},
        headers=env.headers(),
    )
    missing = await env.client.post("/flowable/model/dryRun", json={"bpmnXml": LEAVE}, headers=env.headers())
    # then
    assert unknown.status_code == 404 and unknown.json()["msg"] == "发起人不存在或已被删除"
    assert broken.status_code == 400
    assert missing.status_code == 400 and missing.json()["msg"] == "请选择发起人"


async def test_dry_run_needs_the_design_permission(env: Env) -> None:
    # when
    answer = await env.client.post(
        "/flowable/model/dryRun",
        json={"bpmnXml": LEAVE, "initiatorId": "u-alice"},
        headers=env.headers("u-bob"),
    )
    # then
    assert answer.status_code == 403


COUNTERSIGN = process(
    "sign",
    "会签",
    '<startEvent id="start"/>'
    '<userTask id="board" name="会签" flowable:assignee="${assignee}">'
    '<multiInstanceLoopCharacteristics isSequential="false" '
    'flowable:collection="${multiInstanceHandler.getList(execution)}" flowable:elementVariable="assignee">'
    "<completionCondition>${nrOfCompletedInstances/nrOfInstances >= 0.6}</completionCondition>"
    "</multiInstanceLoopCharacteristics></userTask>"
    '<endEvent id="end"/>' + flow("f1", "start", "board") + flow("f2", "board", "end"),
)


async def test_a_countersign_goes_to_everyone_its_rules_name_and_ends_at_its_percentage(env: Env) -> None:
    # when
    answer = await _dry_run(
        env,
        bpmnXml=COUNTERSIGN,
        initiatorId="u-alice",
        extensions=[node("sign", "board", HR_ROLE)],
    )
    # then
    assert answer["status"] == "completed", answer
    signs = [s for s in answer["steps"] if s["type"] == "task" and s["nodeId"] == "board"]
    assert sorted(r["name"] for s in signs for r in s["reviewers"]) == ["卡罗尔", "戴夫"]
    assert all(s["reviewerSource"] == "rules" and s["rules"][0]["type"] == "role" for s in signs)


async def test_a_call_to_a_process_that_is_not_deployed_stops_on_the_call(env: Env) -> None:
    # given
    xml = process(
        "caller",
        "调用",
        '<startEvent id="start"/><callActivity id="call" name="子流程" calledElement="nowhere"/>'
        '<endEvent id="end"/>' + flow("f1", "start", "call") + flow("f2", "call", "end"),
    )
    # when
    answer = await _dry_run(env, bpmnXml=xml, initiatorId="u-alice")
    # then
    assert answer["status"] == "stopped" and answer["stoppedAt"] == "call"
    assert answer["reason"] == "调用活动[子流程]调用的流程[nowhere]尚未发布，流程将停在这里"


async def test_the_initiators_department_manager_stops_the_run_where_there_is_none_and_names_him_where_there_is(
    env: Env,
) -> None:
    # given: the department node offered to the initiator's department manager
    model_id = await _save_model(env, "leave", LEAVE, [_ext("dept", DEPT_MANAGER), _ext("hr", HR_ROLE)])
    # when: alice's 销售部 has no manager, carol's 人事部 has 戴夫
    unmanaged = await _dry_run(env, modelId=model_id, initiatorId="u-alice", variables={"days": 1})
    en = await _dry_run(env, "en-US", modelId=model_id, initiatorId="u-alice", variables={"days": 1})
    managed = await _dry_run(env, modelId=model_id, initiatorId="u-carol", variables={"days": 1})
    # then
    assert unmanaged["status"] == "stopped" and unmanaged["stoppedAt"] == "dept"
    assert unmanaged["reason"] == "节点[部门审批]按审批人规则找不到任何人，流程将停在这里"
    assert (
        en["reason"] == "Node [部门审批]: its reviewer rules resolve to nobody, the process would stop here"
    )
    stop = next(s for s in unmanaged["steps"] if s["nodeId"] == "dept" and s["type"] == "task")
    assert stop["rules"][0] == {
        **stop["rules"][0],
        "type": "applyUserDeptManager",
        "applied": True,
        "users": [],
    }
    assert managed["status"] == "completed"
    dept = next(s for s in managed["steps"] if s["nodeId"] == "dept" and s["type"] == "task")
    assert [r["name"] for r in dept["reviewers"]] == ["戴夫"]
    assert dept["rules"][0]["type"] == "applyUserDeptManager" and dept["rules"][0]["users"] == ["戴夫"]
    assert dept["actedBy"] == "u-dave"


async def test_a_task_offered_to_the_initiators_department_manager_lands_in_his_todo(env: Env) -> None:
    # given
    await deploy(env, "leave", "请假流程", LEAVE, [_ext("dept", DEPT_MANAGER), _ext("hr", HR_ROLE)])
    # when
    managed = await start(env, "u-carol", "leave", "卡罗尔请假", days=1)
    unmanaged = await env.client.post(
        "/flowable/task/start",
        params={"procDefKey": "leave", "title": "爱丽丝请假", "days": "1"},
        headers=env.headers("u-alice"),
    )
    # then: dave's todo holds carol's request; alice's has no approver (an empty rule, as any other):
    # by default the start is refused, saying so, instead of leaving a task nobody sees
    assert [
        r["task"]["taskDefinitionKey"]
        for r in await todo(env, "u-dave")
        if r["task"]["processInstanceId"] == managed
    ] == ["dept"]
    assert unmanaged.status_code == 400
    assert unmanaged.json()["msg"] == "节点[部门审批]的审批人为空，请联系管理员设置审批人"


async def test_a_task_offered_to_a_role_is_seen_by_its_members_and_an_empty_role_stops_the_run(
    env: Env,
) -> None:
    # given: candidate groups in the BPMN (roles), no reviewer rules
    def offered_to(group: str) -> str:
        return process(
            "grouped",
            "候选组",
            f'<startEvent id="start"/><userTask id="hr" name="人事办理" flowable:candidateGroups="{group}"/>'
            '<endEvent id="end"/>' + flow("f1", "start", "hr") + flow("f2", "hr", "end"),
        )

    # when
    members = await _dry_run(env, bpmnXml=offered_to("r-hr"), initiatorId="u-alice")
    empty = await _dry_run(env, bpmnXml=offered_to("r-nobody"), initiatorId="u-alice")
    # then
    assert members["status"] == "completed"
    hr = next(s for s in members["steps"] if s["nodeId"] == "hr" and s["type"] == "task")
    assert sorted(r["name"] for r in hr["reviewers"]) == ["卡罗尔", "戴夫"]
    assert hr["candidateGroups"] == ["r-hr"] and hr["reviewerSource"] == "bpmn"
    assert hr["actedBy"] in ("u-carol", "u-dave")
    assert empty["status"] == "stopped" and empty["stoppedAt"] == "hr"
    assert empty["reason"] == "节点[人事办理]的候选组中没有任何人，流程将停在这里"


async def test_back_sends_the_task_to_the_previous_node_once_and_the_run_goes_on(env: Env) -> None:
    # given
    model_id = await _save_model(env, "leave", LEAVE, [_ext("dept", HR_ROLE), _ext("hr", HR_ROLE)])
    # when: 人事审批 sends back
    answer = await _dry_run(
        env, modelId=model_id, initiatorId="u-alice", variables={"days": 5}, buttons={"hr": "_flow_back"}
    )
    # then: back to 部门审批, which agrees again, and 人事审批 agrees on its second visit
    assert answer["status"] == "completed", answer
    tasks = [(s["nodeId"], s["button"]["code"]) for s in answer["steps"] if s["type"] == "task"]
    assert tasks == [
        ("dept", "_flow_agree"),
        ("hr", "_flow_back"),
        ("dept", "_flow_agree"),
        ("hr", "_flow_agree"),
    ]
    assert next(s for s in answer["steps"] if s["type"] == "task" and s["nodeId"] == "hr")["backTo"] == "dept"


async def test_back_with_nowhere_to_go_stops_on_the_node(env: Env) -> None:
    # given: the first node has no node before it to go back to
    model_id = await _save_model(env, "leave", LEAVE, [_ext("dept", HR_ROLE)])
    # when
    answer = await _dry_run(
        env, modelId=model_id, initiatorId="u-alice", variables={"days": 1}, buttons={"dept": "_flow_back"}
    )
    # then
    assert answer["status"] == "stopped" and answer["stoppedAt"] == "dept"
    assert answer["reason"] == "没有可以退回的节点"


async def test_the_previous_executors_department_manager_receives_the_next_task(env: Env) -> None:
    # given: 卡罗尔 (人事部, managed by 戴夫) approves first; HR goes to the manager of her department
    model_id = await _save_model(
        env,
        "leave",
        LEAVE,
        [_ext("dept", [("user", "u-carol")]), _ext("hr", [("previousExecutorDeptManager", "")])],
    )
    # when
    answer = await _dry_run(env, modelId=model_id, initiatorId="u-alice", variables={"days": 5})
    # then
    assert answer["status"] == "completed", answer
    hr = next(s for s in answer["steps"] if s["nodeId"] == "hr" and s["type"] == "task")
    assert [r["name"] for r in hr["reviewers"]] == ["戴夫"]
    assert hr["rules"][0]["type"] == "previousExecutorDeptManager"
