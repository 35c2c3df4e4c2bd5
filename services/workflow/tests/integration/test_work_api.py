"""Decision models and the DMN API, the external-task API with workers' own tokens, incidents and their
retry, and HTTP calls to a server on 127.0.0.1 through the allow-list: the service's routes."""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

from loom_workflow.connector import call as connector
from loom_workflow.connector import hosts

from ..conftest import ADMIN, Env
from ..unit.engine.test_work import DMN
from .helpers import deploy, flow, process, start


async def _model(env: Env, key: str, name: str, xml: str, model_type: int) -> str:
    h = env.headers()
    created = await env.client.post(
        "/app/rest/models", json={"modelType": model_type, "key": key, "name": name}, headers=h
    )
    assert created.status_code == 200, created.text
    model_id = str(created.json()["id"])
    editor = await env.client.get(f"/app/rest/models/{model_id}/editor/json", headers=h)
    saved = await env.client.post(
        f"/flowable/model/saveModel/{model_id}",
        data={"json_xml": xml, "name": name, "key": key, "lastUpdated": editor.json()["lastUpdated"]},
        headers=h,
    )
    assert saved.status_code == 200, saved.text
    return model_id


ROUTED = process(
    "routed",
    "按金额审批",
    '<startEvent id="s"/><businessRuleTask id="rule" name="谁审批" flowable:decisionRef="approver" '
    'flowable:decisionRefBinding="deployment" flowable:mapDecisionResult="singleEntry" '
    'flowable:resultVariable="days"/>'
    '<exclusiveGateway id="g"/><userTask id="long" name="长审批" flowable:assignee="u-bob"/>'
    '<userTask id="short" name="短审批" flowable:assignee="u-bob"/><endEvent id="e"/>'
    + flow("f1", "s", "rule")
    + flow("f2", "rule", "g")
    + flow("f3", "g", "long", "${days > 3}")
    + flow("f4", "g", "short", "${days <= 3}")
    + flow("f5", "long", "e")
    + flow("f6", "short", "e"),
)
ONE_OUTPUT = (
    DMN.replace('<output id="o1" label="Level" name="level" typeRef="string"/>', "")
    .replace('<outputEntry id="b1"><text>"director"</text></outputEntry>', "")
    .replace('<outputEntry id="b2"><text>"manager"</text></outputEntry>', "")
)


async def test_a_decision_model_deployed_with_its_process_routes_the_instance_and_is_audited(
    env: Env,
) -> None:
    # given: the decision model, listed among decisions only, and the process binding it to its deployment
    h = env.headers()
    await _model(env, "approver", "审批天数", ONE_OUTPUT, 4)
    listed = (await env.client.get("/flowable/model/list", params={"modelType": 4}, headers=h)).json()
    processes = (await env.client.get("/flowable/model/list", headers=h)).json()
    assert [m["key"] for m in listed["records"]] == ["approver"] and processes["records"] == []
    await deploy(env, "routed", "按金额审批", ROUTED)
    # when
    pid = await start(env, ADMIN, "routed", "大额", amount=5000)
    # then: the decision said 5 days, the long approval follows, the evaluation is in the instance's history
    tasks = (
        await env.client.get(
            "/flowable/task/todo", params={"current": 1, "size": 10}, headers=env.headers("u-bob")
        )
    ).json()
    assert [t["task"]["name"] for t in tasks["records"] if t["task"]["processInstanceId"] == pid] == [
        "长审批"
    ]
    executions = await env.client.get(
        "/dmn-api/dmn-history/historic-decision-executions", params={"instanceId": pid}, headers=h
    )
    [evaluation] = executions.json()["data"]
    assert evaluation["decisionKey"] == "approver" and evaluation["activityId"] == "rule"
    assert evaluation["audit"]["decisions"][0]["matchedRules"][0]["ruleId"] == "r1"
    # and a stranger may not read them
    refused = await env.client.get(
        "/dmn-api/dmn-history/historic-decision-executions",
        params={"instanceId": pid},
        headers=env.headers("u-frank"),
    )
    assert refused.status_code == 403


async def test_a_decision_is_called_alone_like_flowables_dmn_api(env: Env) -> None:
    # given a decision model deployed alone
    h = env.headers()
    model_id = await _model(env, "approver", "审批人", DMN, 4)
    deployed = await env.client.put("/flowable/model/deploy", params={"id": model_id}, headers=h)
    assert deployed.status_code == 200 and "approver" in deployed.text
    # the editor opens it again with its deployed version
    reopened = await env.client.get(f"/app/rest/models/{model_id}/editor/json", headers=h)
    assert reopened.status_code == 200 and reopened.json()["procDef"]["version"] == 1
    # when
    answer = await env.client.post(
        "/dmn-api/dmn-rule/execute",
        json={
            "decisionKey": "approver",
            "inputVariables": [{"name": "amount", "type": "integer", "value": "20"}],
        },
        headers=h,
    )
    # then
    assert answer.status_code == 200, answer.text
    assert answer.json()["resultVariables"] == [
        [
            {"name": "level", "type": "string", "value": "manager"},
            {"name": "days", "type": "integer", "value": 2},
        ]
    ]
    # a value that is not of its type, and an unknown decision, are the caller's errors
    bad = await env.client.post(
        "/dmn-api/dmn-rule/execute",
        json={
            "decisionKey": "approver",
            "inputVariables": [{"name": "amount", "type": "integer", "value": "x"}],
        },
        headers=env.headers(lang="en-US"),
    )
    assert bad.status_code == 400 and "amount" in bad.json()["msg"]
    unknown = await env.client.post("/dmn-api/dmn-rule/execute", json={"decisionKey": "nope"}, headers=h)
    assert unknown.status_code == 404
    listed = await env.client.get("/dmn-api/dmn-repository/decisions", params={"latest": "true"}, headers=h)
    assert [(d["key"], d["version"]) for d in listed.json()["records"]] == [("approver", 1)]


SHIP = process(
    "ship",
    "发货",
    '<startEvent id="s"/><serviceTask id="ship" name="发货" flowable:type="external" flowable:topic="shipping"/>'
    '<boundaryEvent id="nostock" attachedToRef="ship"><errorEventDefinition errorRef="NO_STOCK"/></boundaryEvent>'
    '<userTask id="done" name="已发货" flowable:assignee="u-bob"/><userTask id="fix" name="补货" flowable:assignee="u-bob"/>'
    '<endEvent id="e"/><endEvent id="e2"/>'
    + flow("f1", "s", "ship")
    + flow("f2", "ship", "done")
    + flow("f3", "done", "e")
    + flow("f4", "nostock", "fix")
    + flow("f5", "fix", "e2"),
)


async def _worker(env: Env, topics: str, name: str = "shipper") -> dict[str, str]:
    h = env.headers()
    saved = await env.client.post(
        "/external-task/worker/save", json={"name": name, "topics": topics}, headers=h
    )
    assert saved.status_code == 200, saved.text
    listed = (await env.client.get("/external-task/worker/list", params={"name": name}, headers=h)).json()
    worker_id = listed["records"][0]["id"]
    issued = await env.client.post("/external-task/worker/token", params={"id": worker_id}, headers=h)
    return {"Authorization": f"Bearer {issued.json()['token']}"}


async def _fetch(env: Env, worker: dict[str, str], topic: str = "shipping", wait: int = 0) -> Any:
    return await env.client.post(
        "/external-task/fetchAndLock",
        json={
            "workerId": "w1",
            "maxTasks": 5,
            "asyncResponseTimeout": wait,
            "topics": [{"topicName": topic, "lockDuration": 60000}],
        },
        headers=worker,
    )


async def test_a_worker_completes_fails_and_throws_with_its_own_token(env: Env) -> None:
    # given
    await deploy(env, "ship", "发货", SHIP)
    worker = await _worker(env, "shipping")
    first = await start(env, ADMIN, "ship", "订单1", order="A-1")
    # when: a user's token, another topic, or no token
    assert (await _fetch(env, env.headers())).status_code == 403
    assert (await _fetch(env, worker, topic="billing")).status_code == 403
    assert (await _fetch(env, {})).status_code == 401
    # when: the worker fetches and completes
    [task] = (await _fetch(env, worker)).json()
    assert task["variables"]["order"] == {"value": "A-1", "type": "String", "valueInfo": None}
    done = await env.client.post(
        f"/external-task/{task['id']}/complete",
        json={"workerId": "w1", "variables": {"tracking": {"value": "T-9", "type": "String"}}},
        headers=worker,
    )
    assert done.status_code == 204, done.text
    # when: a second order's worker throws a BPMN error the boundary event catches
    second = await start(env, ADMIN, "ship", "订单2")
    [task2] = (await _fetch(env, worker)).json()
    thrown = await env.client.post(
        f"/external-task/{task2['id']}/bpmnError",
        json={"workerId": "w1", "errorCode": "NO_STOCK"},
        headers=worker,
    )
    assert thrown.status_code == 204, thrown.text
    # then
    todo = (
        await env.client.get(
            "/flowable/task/todo", params={"current": 1, "size": 10}, headers=env.headers("u-bob")
        )
    ).json()
    names = {t["task"]["processInstanceId"]: t["task"]["name"] for t in todo["records"]}
    assert names == {first: "已发货", second: "补货"}


async def test_a_failure_out_of_retries_is_an_incident_the_monitor_retries(env: Env) -> None:
    # given
    h = env.headers()
    await deploy(env, "ship", "发货", SHIP)
    worker = await _worker(env, "shipping")
    pid = await start(env, ADMIN, "ship", "订单3")
    [task] = (await _fetch(env, worker)).json()
    # when: the worker gives up
    failed = await env.client.post(
        f"/external-task/{task['id']}/failure",
        json={"workerId": "w1", "errorMessage": "承运商不可用", "errorDetails": "trace", "retries": 0},
        headers=worker,
    )
    assert failed.status_code == 204
    # then: an incident in the monitor, nothing to fetch
    incidents = (
        await env.client.get("/flowable/incident/list", params={"procInsId": pid}, headers=h)
    ).json()["data"]
    assert [(i["type"], i["message"], i["topicName"]) for i in incidents] == [
        ("failedExternalTask", "承运商不可用", "shipping")
    ]
    assert (await _fetch(env, worker)).json() == []
    # when: retried from the monitor, then fetched by a long poll
    retried = await env.client.put("/flowable/incident/retry", params={"id": task["id"]}, headers=h)
    assert retried.status_code == 200
    again = (await _fetch(env, worker, wait=2000)).json()
    assert [t["id"] for t in again] == [task["id"]] and again[0]["errorMessage"] == "承运商不可用"


class _Prices(BaseHTTPRequestHandler):
    def do_POST(self) -> None:  # noqa: N802 - the handler's name
        length = int(self.headers.get("Content-Length") or 0)
        payload = json.loads(self.rfile.read(length) or b"{}")
        body = json.dumps({"price": 42 * payload.get("qty", 1), "host": self.headers.get("Host")}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *_args: Any) -> None:
        pass


@pytest.fixture
def prices() -> Iterator[int]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Prices)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server.server_address[1]
    finally:
        server.shutdown()


async def test_an_http_call_goes_only_to_allowed_hosts_and_never_to_the_platforms_ports(prices: int) -> None:
    # given
    request = {
        "method": "POST",
        "url": f"http://localhost:{prices}/p",
        "headers": [["Content-Type", "application/json"]],
        "body": '{"qty": 2}',
        "timeoutMs": 5000,
    }
    internal = hosts.platform_ports(["postgresql://u@127.0.0.1:5544/db"])
    # when / then: allowed, the answer comes back (to the host name the task named)
    answer = await connector.call(
        request, allowed=[f"localhost:{prices}"], internal=internal, max_bytes=10_000
    )
    assert answer.status == 200 and json.loads(answer.body or "") == {
        "price": 84,
        "host": f"localhost:{prices}",
    }
    # a host not on the list, a platform port even when listed, a bigger answer than allowed
    refused = await connector.call(
        request, allowed=["example.com"], internal=internal, max_bytes=10_000, language="en-US"
    )
    assert refused.error is not None and "not on the list" in refused.error
    own = {**request, "url": "http://127.0.0.1:5544/"}
    blocked = await connector.call(
        own, allowed=["127.0.0.1"], internal=internal, max_bytes=10_000, language="en-US"
    )
    assert blocked.error is not None and "own port" in blocked.error
    small = await connector.call(request, allowed=[f"localhost:{prices}"], internal=internal, max_bytes=5)
    assert small.error is not None and "larger" in small.error
    await asyncio.sleep(0)
