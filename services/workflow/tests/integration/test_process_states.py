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
