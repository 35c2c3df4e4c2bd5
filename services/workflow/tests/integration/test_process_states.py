"""``loom.rpc.workflow.instance.states``: what a workflow form's generated module learns of its records'
processes, asked over NATS as the app host asks (loom_platform.processes)."""

from __future__ import annotations

import json

import nats

from loom_platform.processes import STATES_SUBJECT, ProcessState

from ..conftest import Env
from .helpers import LEAVE, audit, deploy, node, start, task_of

EXTENSIONS = [
    node("leave", "dept", [("depart", "${applyUserOfficeId}")], [("_flow_agree", "同意")]),
    node("leave", "hr", [("role", "r-hr")], [("_flow_agree", "同意")]),
]


async def ask(env: Env, keys: list[str], user: str) -> dict[str, ProcessState]:
    nc = await nats.connect(env.nats_url)
    try:
        reply = await nc.request(
            STATES_SUBJECT, json.dumps({"businessKeys": keys, "userId": user}).encode(), timeout=5
        )
    finally:
        await nc.close()
    return {k: ProcessState.from_json(v) for k, v in json.loads(reply.data)["states"].items()}


async def test_a_records_process_is_running_at_its_node_then_completed(env: Env) -> None:
    # given alice's leave started with her record oa_leave:b-2天
    await deploy(env, "leave", "请假流程", LEAVE, EXTENSIONS)
    pid = await start(env, "u-alice", "leave", "2天", days=2)
    key = "oa_leave:b-2天"
    # when bob (of her department, a candidate of its node) and carol (of HR) ask
    for_bob = await ask(env, [key, "oa_leave:never-started"], "u-bob")
    for_carol = await ask(env, [key], "u-carol")
    # then it runs at the department's node, bob may handle it and carol may not; the other has none
    assert for_bob == {
        key: ProcessState(pid, "running", ("部门审批",), handler=True, start_user_id="u-alice")
    }
    assert for_carol[key].handler is False
    # when bob approves, it has ended
    row = await task_of(env, "u-bob", pid)
    assert (await audit(env, "u-bob", row["task"]["id"])).status_code == 200
    ended = await ask(env, [key], "u-bob")
    assert ended == {key: ProcessState(pid, "completed", start_user_id="u-alice")}


async def test_a_workflow_forms_new_record_finds_the_process_its_form_starts(env: Env) -> None:
    # given the leave process, whose start node's form is /leave/LeaveForm
    await deploy(env, "leave", "请假流程", LEAVE, EXTENSIONS)

    async def startable(form_url: str) -> list[str]:
        params = {"startable": "1", "formUrl": form_url, "current": 1, "size": -1}
        found = await env.client.get("/flowable/process/list", params=params, headers=env.headers("u-alice"))
        assert found.status_code == 200, found.text
        return [d["key"] for d in found.json()["records"]]

    # when / then: its form finds it, another form nothing
    assert await startable("/leave/LeaveForm") == ["leave"]
    assert await startable("/other/OtherForm") == []


async def test_a_record_sent_back_to_its_initiator_waits_on_the_initiator(env: Env) -> None:
    # given the parallel process at its final node, started with alice's record oa_leave:b-并行
    from .test_back_presets import _through_the_branches

    pid, final = await _through_the_branches(env)
    key = "oa_leave:b-并行"
    assert (await ask(env, [key], "u-alice"))[key].handler is False
    # when the final approver sends it back to the initiator
    back = {"taskId": final, "backType": "initiator", "message": "重填"}
    answer = await env.client.put("/flowable/task/back", params=back, headers=env.headers("u-erin"))
    assert answer.status_code == 200, answer.text
    # then it waits on alice at her node: her record is hers to change again
    state = (await ask(env, [key], "u-alice"))[key]
    assert (state.instance_id, state.status, state.task_names, state.handler) == (
        pid,
        "running",
        ("填写",),
        True,
    )
