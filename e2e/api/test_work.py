"""Processes that do work, through the gateway (issue 37): a business-rule task routes by its deployed
decision (and the decision is called alone through the DMN API); the repository's example worker
completes one external task and throws a BPMN error an error boundary event catches on another; a
failing task becomes an incident the monitor retries; an HTTP task calls a server on 127.0.0.1 (the
one host the run allows) and its answer routes the process."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import httpx
import pytest

from .conftest import PORTAL
from .processes import admin_id, deploy, flow, ok

RUN = uuid.uuid4().hex[:6]
REPO = Path(__file__).resolve().parents[2]
HEAD = (
    '<?xml version="1.0" encoding="UTF-8"?><definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" '
    'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:flowable="http://flowable.org/bpmn" '
    'targetNamespace="http://loom/e2e">'
)
DMN = """<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="https://www.omg.org/spec/DMN/20191111/MODEL/" id="d_{key}" name="审批级别" namespace="http://loom/e2e">
  <decision id="{key}" name="审批级别">
    <decisionTable id="t_{key}" hitPolicy="FIRST">
      <input id="i1" label="金额"><inputExpression id="e1" typeRef="number"><text>amount</text></inputExpression></input>
      <output id="o1" label="级别" name="level" typeRef="string"/>
      <rule id="big"><inputEntry id="a1"><text>&gt;= 10000</text></inputEntry><outputEntry id="b1"><text>"director"</text></outputEntry></rule>
      <rule id="small"><inputEntry id="a2"><text>-</text></inputEntry><outputEntry id="b2"><text>"manager"</text></outputEntry></rule>
    </decisionTable>
  </decision>
</definitions>"""


def _model(admin: httpx.Client, key: str, name: str, model_type: int = 0) -> str:
    return str(
        ok(admin.post("/api/app/rest/models", json={"modelType": model_type, "key": key, "name": name}))["id"]
    )


def _start(admin: httpx.Client, key: str, title: str, **variables: object) -> str:
    params = {"procDefKey": key, "title": title, **{k: str(v) for k, v in variables.items()}}
    return str(ok(admin.post("/api/flowable/task/start", params=params)))


def _waiting_at(admin: httpx.Client, pid: str) -> list[str]:
    rows = ok(admin.get("/api/flowable/task/todo", params={"current": 1, "size": 200}))["records"]
    return sorted(r["task"]["name"] for r in rows if r["task"]["processInstanceId"] == pid)


def _until(check: Callable[[], Any], what: str, seconds: float = 60) -> Any:
    """Polls ``check`` until it answers something truthy (the job workers act asynchronously)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.5)
    raise AssertionError(f"timed out waiting for {what}")


def test_a_business_rule_task_routes_by_its_decision_and_the_evaluation_is_kept(admin: httpx.Client) -> None:
    # given: a decision model deployed, and a process whose gateway reads the decision's level
    key, process = f"level{RUN}", f"byLevel{RUN}"
    decision_model = _model(admin, key, "审批级别", 4)
    editor = ok(admin.get(f"/api/app/rest/models/{decision_model}/editor/json"))
    ok(
        admin.post(
            f"/api/flowable/model/saveModel/{decision_model}",
            data={
                "json_xml": DMN.format(key=key),
                "name": "审批级别",
                "key": key,
                "lastUpdated": editor["lastUpdated"],
            },
        )
    )
    ok(admin.put("/api/flowable/model/deploy", params={"id": decision_model}))
    xml = (
        f'{HEAD}<process id="{process}" name="按级别审批" isExecutable="true"><startEvent id="s"/>'
        f'<businessRuleTask id="rule" name="定级" flowable:decisionRef="{key}" flowable:mapDecisionResult="singleEntry" flowable:resultVariable="level"/>'
        '<exclusiveGateway id="g"/><userTask id="director" name="总监审批"/><userTask id="manager" name="经理审批"/><endEvent id="e"/>'
        + flow("f1", "s", "rule")
        + flow("f2", "rule", "g")
        + flow("f3", "g", "director", "${level == 'director'}")
        + flow("f4", "g", "manager", "${level == 'manager'}")
        + flow("f5", "director", "e")
        + flow("f6", "manager", "e")
        + "</process></definitions>"
    )
    deploy(
        admin,
        _model(admin, process, "按级别审批"),
        process,
        "按级别审批",
        xml,
        ["director", "manager"],
        admin_id(admin),
    )
    # when
    big, small = (
        _start(admin, process, f"大额{RUN}", amount=12000),
        _start(admin, process, f"小额{RUN}", amount=300),
    )
    # then: each went where its decision said, and the evaluation is in the instance's history
    assert _waiting_at(admin, big) == ["总监审批"] and _waiting_at(admin, small) == ["经理审批"]
    (evaluation,) = ok(
        admin.get("/api/dmn-api/dmn-history/historic-decision-executions", params={"instanceId": big})
    )["data"]
    table = evaluation["audit"]["decisions"][0]
    assert table["inputs"][0]["value"] == 12000 and table["keptRules"] == ["big"]  # FIRST of big, small
    # and the decision is called alone like Flowable's DMN API
    answer = ok(
        admin.post(
            "/api/dmn-api/dmn-rule/execute",
            json={"decisionKey": key, "inputVariables": [{"name": "amount", "type": "integer", "value": 50}]},
        )
    )
    assert answer["resultVariables"] == [[{"name": "level", "type": "string", "value": "manager"}]]


SHIP = (
    HEAD
    + '<error id="noStock" errorCode="NO_STOCK"/><process id="{key}" name="发货" isExecutable="true"><startEvent id="s"/>'
    '<serviceTask id="ship" name="发货" flowable:type="external" flowable:topic="{topic}"/>'
    '<boundaryEvent id="none" attachedToRef="ship"><errorEventDefinition errorRef="noStock"/></boundaryEvent>'
    '<exclusiveGateway id="g"/><userTask id="done" name="已发货"/><userTask id="restock" name="补货"/><endEvent id="e"/><endEvent id="e2"/>'
    + flow("f1", "s", "ship")
    + flow("f2", "ship", "g")
    + flow("f3", "g", "done", "${trackingNumber != null}")
    + flow("f4", "done", "e")
    + flow("f5", "none", "restock")
    + flow("f6", "restock", "e2")
    + "</process></definitions>"
)


def _deploy_shipping(admin: httpx.Client, key: str, topic: str) -> None:
    xml = SHIP.replace("{key}", key).replace("{topic}", topic)
    deploy(admin, _model(admin, key, "发货"), key, "发货", xml, ["done", "restock"], admin_id(admin))


def _worker(admin: httpx.Client, topic: str, name: str) -> str:
    """A worker's credentials for ``topic``; answers its token."""
    ok(admin.post("/api/external-task/worker/save", json={"name": name, "topics": topic}))
    (record,) = ok(admin.get("/api/external-task/worker/list", params={"name": name}))["records"]
    return str(ok(admin.post("/api/external-task/worker/token", params={"id": record["id"]}))["token"])


def _example_worker(token: str, topic: str) -> subprocess.CompletedProcess[str]:
    """The repository's example worker, run for one poll."""
    env = {**os.environ, "LOOM_URL": f"{PORTAL}/api", "LOOM_WORKER_TOKEN": token}
    script = REPO / "examples" / "external-task-worker" / "example_worker.py"
    return subprocess.run(
        [sys.executable, str(script), "--once", "--topic", topic],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_the_example_worker_completes_one_order_and_throws_a_bpmn_error_on_another(
    admin: httpx.Client,
) -> None:
    # given: the shipping process, a worker's credentials for its topic, two orders
    key, topic = f"ship{RUN}", f"shipping{RUN}"
    _deploy_shipping(admin, key, topic)
    token = _worker(admin, topic, f"发货{RUN}")
    in_stock, sold_out = _start(admin, key, f"有货{RUN}", stock=5), _start(admin, key, f"缺货{RUN}", stock=0)
    # when: the example worker takes both
    ran = _example_worker(token, topic)
    assert ran.returncode == 0, ran.stderr
    # then: one shipped (its tracking number routed it), the other caught by the boundary event
    assert _waiting_at(admin, in_stock) == ["已发货"]
    assert _waiting_at(admin, sold_out) == ["补货"]
    # and a portal user's token cannot act as a worker
    refused = admin.post(
        "/api/external-task/fetchAndLock",
        json={"workerId": "x", "topics": [{"topicName": topic, "lockDuration": 1000}]},
    )
    assert refused.status_code == 403


def test_a_failing_order_becomes_an_incident_the_monitor_retries(admin: httpx.Client) -> None:
    # given
    key, topic = f"shipf{RUN}", f"shippingf{RUN}"
    _deploy_shipping(admin, key, topic)
    token = _worker(admin, topic, f"承运{RUN}")
    pid = _start(admin, key, f"承运商故障{RUN}", carrier="down")
    worker = httpx.Client(base_url=PORTAL, headers={"Authorization": f"Bearer {token}"}, timeout=30)
    # when: the worker fails it with no retries left
    (task,) = ok(
        worker.post(
            "/api/external-task/fetchAndLock",
            json={"workerId": "w", "topics": [{"topicName": topic, "lockDuration": 60000}]},
        )
    )
    failed = worker.post(
        f"/api/external-task/{task['id']}/failure",
        json={"workerId": "w", "errorMessage": "承运商不可用", "retries": 0},
    )
    assert failed.status_code == 204, failed.text
    # then: an incident in the monitor; retried, the task is fetched again
    incidents = ok(admin.get("/api/flowable/incident/list", params={"procInsId": pid}))["data"]
    assert [(i["type"], i["message"]) for i in incidents] == [("failedExternalTask", "承运商不可用")]
    ok(admin.put("/api/flowable/incident/retry", params={"id": task["id"]}))
    again = ok(
        worker.post(
            "/api/external-task/fetchAndLock",
            json={
                "workerId": "w",
                "asyncResponseTimeout": 5000,
                "topics": [{"topicName": topic, "lockDuration": 60000}],
            },
        )
    )
    assert [t["id"] for t in again] == [task["id"]]


def _field(name: str, value: str) -> str:
    """A field of Flowable's http task."""
    return f'<flowable:field name="{name}"><flowable:string><![CDATA[{value}]]></flowable:string></flowable:field>'


class _Quotes(BaseHTTPRequestHandler):
    """The e2e run's test server: a price for the quantity posted."""

    def do_POST(self) -> None:  # noqa: N802 - the handler's name
        payload = json.loads(self.rfile.read(int(self.headers.get("Content-Length") or 0)) or b"{}")
        body = json.dumps({"price": 30 * int(payload.get("qty", 1)), "currency": "CNY"}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *_args: Any) -> None:
        pass


@pytest.fixture
def quotes() -> Iterator[int]:
    port = int(os.environ.get("LOOM_E2E_HTTP_TEST_PORT", "0"))
    if not port:
        pytest.skip("LOOM_E2E_HTTP_TEST_PORT is not set (scripts/e2e-env.sh sets it and allows it)")
    server = ThreadingHTTPServer(("127.0.0.1", port), _Quotes)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield port
    finally:
        server.shutdown()
        server.server_close()


def test_an_http_task_calls_the_test_server_and_its_answer_routes_the_process(
    admin: httpx.Client, quotes: int
) -> None:
    # given: a price asked of the test server; above 100 the order needs an approval
    key = f"quote{RUN}"
    xml = (
        f'{HEAD}<process id="{key}" name="报价" isExecutable="true"><startEvent id="s"/>'
        '<serviceTask id="price" name="询价" flowable:type="http"><extensionElements>'
        + _field("requestMethod", "POST")
        + _field("requestUrl", f"http://127.0.0.1:{quotes}/quotes")
        + _field("requestHeaders", "Content-Type: application/json")
        + _field("requestBody", '{"qty": ${qty}}')
        + _field("responseVariableName", "quote")
        + _field("saveResponseVariableAsJson", "true")
        + "</extensionElements></serviceTask>"
        '<exclusiveGateway id="g"/><userTask id="approve" name="大额报价审批"/><userTask id="confirm" name="报价确认"/><endEvent id="e"/>'
        + flow("f1", "s", "price")
        + flow("f2", "price", "g")
        + flow("f3", "g", "approve", "${quote.price > 100}")
        + flow("f4", "g", "confirm", "${quote.price <= 100}")
        + flow("f5", "approve", "e")
        + flow("f6", "confirm", "e")
        + "</process></definitions>"
    )
    deploy(admin, _model(admin, key, "报价"), key, "报价", xml, ["approve", "confirm"], admin_id(admin))
    # when: the call is made by the job worker, outside the start's command
    many, few = _start(admin, key, f"多{RUN}", qty=5), _start(admin, key, f"少{RUN}", qty=2)
    # then
    assert _until(lambda: _waiting_at(admin, many), "the HTTP job of the first order") == ["大额报价审批"]
    assert _until(lambda: _waiting_at(admin, few), "the HTTP job of the second order") == ["报价确认"]
