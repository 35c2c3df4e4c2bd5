"""Service tasks that do work: a business-rule task evaluating a deployed decision, external tasks a
worker fetches and locks, HTTP calls made between two commands, BPMN errors caught by error boundary
events. The tests take the harness as a fixture, so the PostgreSQL store runs them too
(``tests/integration/test_work_pg.py``)."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import timedelta

import pytest

from loom_workflow.engine import IllegalState, ObjectNotFound, Registry
from loom_workflow.engine.commands import (
    CompleteExternalTask,
    EvaluateDecision,
    ExtendExternalLock,
    FailExternalTask,
    GetVariables,
    SetJobRetries,
    ThrowExternalBpmnError,
    UnlockExternalTask,
)
from loom_workflow.engine.errors import BpmnError, BpmnErrorNotCaught, DecisionError
from loom_workflow.engine.runtime.entities import HistoricDecisionExecution, Job
from loom_workflow.engine.runtime.jobs import HttpAnswer

from .harness import Harness, bpmn, chain, flow

DMN = """<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="https://www.omg.org/spec/DMN/20191111/MODEL/" id="d" name="d" namespace="loom">
  <decision id="approver" name="Who approves">
    <decisionTable id="t" hitPolicy="FIRST">
      <input id="i1" label="Amount"><inputExpression id="e1" typeRef="number"><text>amount</text></inputExpression></input>
      <output id="o1" label="Level" name="level" typeRef="string"/>
      <output id="o2" label="Days" name="days" typeRef="integer"/>
      <rule id="r1"><inputEntry id="a1"><text>&gt; 1000</text></inputEntry>
        <outputEntry id="b1"><text>"director"</text></outputEntry><outputEntry id="c1"><text>5</text></outputEntry></rule>
      <rule id="r2"><inputEntry id="a2"><text>-</text></inputEntry>
        <outputEntry id="b2"><text>"manager"</text></outputEntry><outputEntry id="c2"><text>2</text></outputEntry></rule>
    </decisionTable>
  </decision>
</definitions>"""


def _routing_process(mapping: str = "singleResult", extra: str = "") -> str:
    return bpmn(
        '<startEvent id="s"/>'
        f'<businessRuleTask id="rule" flowable:decisionRef="approver" flowable:mapDecisionResult="{mapping}" '
        f'flowable:resultVariable="decision" {extra}/>'
        '<exclusiveGateway id="g"/><userTask id="d" name="Director"/><userTask id="m" name="Manager"/>'
        '<endEvent id="e1"/><endEvent id="e2"/>'
        + chain("s", "rule", "g")
        + flow("to_d", "g", "d", "${decision.level == 'director'}")
        + flow("to_m", "g", "m", "${decision.level == 'manager'}")
        + chain("d", "e1")
        + chain("m", "e2")
    )


@pytest.fixture
def h() -> Harness:
    return Harness()


def _variables(h: Harness, pid: str) -> dict[str, object]:
    return h.engine.execute(GetVariables(pid))


# ------------------------------------------------------------------------------------ decisions
def test_business_rule_task_routes_by_its_decision(h: Harness) -> None:
    # given
    h.engine.deploy({"approver.dmn": DMN})
    h.deploy(_routing_process())
    # when
    big, small = h.start(amount=5000), h.start(amount="300")
    # then
    assert h.names(big) == ["Director"] and h.names(small) == ["Manager"]
    assert _variables(h, big)["decision"] == {"level": "director", "days": 5}
    records = [r for r in h.store.rows(HistoricDecisionExecution) if r.proc_inst_id == big]
    assert len(records) == 1 and records[0].activity_id == "rule"
    audit = records[0].audit or {}
    table = audit["decisions"][0]  # type: ignore[index]
    assert table["inputs"][0]["value"] == 5000 and table["matchedRules"][0]["ruleId"] == "r1"


@pytest.mark.parametrize(
    ("mapping", "expected"),
    [
        ("resultList", [{"level": "director", "days": 5}]),
        ("singleResult", {"level": "director", "days": 5}),
    ],
)
def test_decision_result_mappings(h: Harness, mapping: str, expected: object) -> None:
    # given
    h.engine.deploy({"approver.dmn": DMN})
    h.deploy(_routing_process(mapping).replace("decision.level", "level"))
    # when
    pid = h.start(amount=5000, level="director")
    # then
    assert _variables(h, pid)["decision"] == expected


def test_single_entry_of_a_compound_output_is_refused(h: Harness) -> None:
    # given
    h.engine.deploy({"approver.dmn": DMN})
    h.deploy(_routing_process("singleEntry"))
    # when / then: two outputs cannot be one entry; nothing starts
    with pytest.raises(DecisionError, match="needs one output"):
        h.start(amount=5000)


def test_without_result_variable_the_outputs_become_variables(h: Harness) -> None:
    # given
    h.engine.deploy({"approver.dmn": DMN})
    h.deploy(
        bpmn(
            '<startEvent id="s"/><businessRuleTask id="rule" flowable:decisionRef="approver"/>'
            '<userTask id="t" name="T"/><endEvent id="e"/>' + chain("s", "rule", "t", "e")
        )
    )
    # when
    pid = h.start(amount=10)
    # then
    assert {"level": "manager", "days": 2}.items() <= _variables(h, pid).items()


def test_decision_bindings_pick_version_tag_and_deployment(h: Harness) -> None:
    # given: version 1 says director for everything, version 2 is the table above
    first = DMN.replace("&gt; 1000", "-").replace('id="approver"', 'id="approver" camunda:versionTag="v1"')
    first = first.replace(
        'namespace="loom"', 'namespace="loom" xmlns:camunda="http://camunda.org/schema/1.0/dmn"'
    )
    h.engine.deploy({"approver.dmn": first})
    with_process = h.engine.deploy(
        {
            "approver.dmn": DMN,
            "p.bpmn20.xml": _routing_process(extra='flowable:decisionRefBinding="deployment"'),
        }
    )
    h.engine.deploy({"approver.dmn": DMN.replace('"director"', '"nobody"')})  # version 3, latest
    # when / then: deployment binding evaluates version 2
    assert [d.version for d in with_process.decisions] == [2]
    assert h.names(h.start(amount=10)) == ["Manager"]
    # when / then: versionTag binding evaluates version 1
    h.deploy(
        _routing_process(extra='flowable:decisionRefBinding="versionTag" flowable:decisionRefVersionTag="v1"')
    )
    assert h.names(h.start(amount=10)) == ["Director"]


def test_a_missing_decision_fails_the_start(h: Harness) -> None:
    # given
    h.deploy(_routing_process())
    # when / then
    with pytest.raises(ObjectNotFound, match="approver"):
        h.start(amount=1)


def test_a_decision_evaluated_alone_is_recorded_without_an_instance(h: Harness) -> None:
    # given
    h.engine.deploy({"approver.dmn": DMN})
    # when
    outcome = h.engine.execute(EvaluateDecision("approver", {"amount": 2000}))
    # then
    assert outcome.evaluation.results == [{"level": "director", "days": 5}]
    assert [r.proc_inst_id for r in h.store.rows(HistoricDecisionExecution)] == [None]


# ------------------------------------------------------------------------------ external tasks
def _external_process(boundary: str = "") -> str:
    return bpmn(
        '<startEvent id="s"/><serviceTask id="ship" name="Ship" flowable:type="external" flowable:topic="shipping"/>'
        f"{boundary}"
        '<userTask id="done" name="Done"/><endEvent id="e"/>' + chain("s", "ship", "done", "e")
    )


def test_a_worker_fetches_locks_and_completes_an_external_task(h: Harness) -> None:
    # given
    h.deploy(_external_process())
    pid = h.start(order="A-1")
    # when
    locked = h.engine.fetch_and_lock("w1", {"shipping": 60, "other": 60}, max_tasks=5)
    again = h.engine.fetch_and_lock("w2", {"shipping": 60})
    # then: one task, locked for w1 only, with its variables
    assert [t.activity_id for t in locked] == ["ship"] and again == []
    assert locked[0].variables["order"] == "A-1" and locked[0].topic == "shipping"
    # when: another worker may not complete it; its worker may
    with pytest.raises(IllegalState, match="locked by worker 'w1'"):
        h.engine.execute(CompleteExternalTask(locked[0].id, "w2"))
    h.engine.execute(CompleteExternalTask(locked[0].id, "w1", {"tracking": "T-9"}))
    # then
    assert h.names(pid) == ["Done"] and _variables(h, pid)["tracking"] == "T-9"
    assert not h.jobs("external")


def test_failures_count_down_to_an_incident_that_a_retry_clears(h: Harness) -> None:
    # given
    h.deploy(_external_process())
    h.start()
    task = h.engine.fetch_and_lock("w1", {"shipping": 60})[0]
    # when: a failure with a retry timeout
    h.engine.execute(
        FailExternalTask(task.id, "w1", "carrier down", "trace…", retries=1, retry_timeout_ms=60_000)
    )
    # then: not fetchable before the timeout, fetchable after it
    assert h.engine.fetch_and_lock("w1", {"shipping": 60}) == []
    h.clock.advance(timedelta(seconds=61))
    again = h.engine.fetch_and_lock("w1", {"shipping": 60})
    assert (
        again[0].retries == 1
        and again[0].error_message == "carrier down"
        and again[0].error_details == "trace…"
    )
    # when: the last retry fails
    h.engine.execute(FailExternalTask(task.id, "w1", "still down", retries=0))
    # then: an incident, not fetched
    assert [j.job_type for j in h.store.rows(Job)] == ["deadletter"]
    assert h.engine.fetch_and_lock("w1", {"shipping": 60}) == []
    # when: retried from the monitor
    h.engine.execute(SetJobRetries(task.id, 1))
    # then
    assert [t.id for t in h.engine.fetch_and_lock("w1", {"shipping": 60})] == [task.id]


def test_a_lock_is_extended_or_given_back(h: Harness) -> None:
    # given
    h.deploy(_external_process())
    h.start()
    task = h.engine.fetch_and_lock("w1", {"shipping": 1})[0]
    # when
    h.engine.execute(ExtendExternalLock(task.id, "w1", 600_000))
    # then
    job = h.store.rows(Job)[0]
    assert job.lock_expiration_time is not None and job.lock_expiration_time >= h.clock.now() + timedelta(
        seconds=599
    )
    # when: unlocked, another worker takes it
    h.engine.execute(UnlockExternalTask(task.id))
    assert [t.worker_id for t in h.engine.fetch_and_lock("w2", {"shipping": 60})] == ["w2"]


_ERROR_BOUNDARY = (
    '<boundaryEvent id="failed" attachedToRef="ship"><errorEventDefinition errorRef="noStock" '
    'flowable:errorCodeVariable="code" flowable:errorMessageVariable="why"/></boundaryEvent>'
    '<userTask id="fix" name="Fix stock"/><endEvent id="e2"/>'
    + flow("f_failed_fix", "failed", "fix")
    + flow("f_fix_e2", "fix", "e2")
)


def test_a_bpmn_error_from_a_worker_is_caught_by_the_boundary_event(h: Harness) -> None:
    # given: the error is declared with its code
    xml = _external_process(_ERROR_BOUNDARY).replace(
        "<process", '<error id="noStock" errorCode="NO_STOCK"/><process'
    )
    h.deploy(xml)
    pid = h.start()
    task = h.engine.fetch_and_lock("w1", {"shipping": 60})[0]
    # when: a code nobody catches is refused, the task stays
    with pytest.raises(BpmnErrorNotCaught):
        h.engine.execute(ThrowExternalBpmnError(task.id, "w1", "OTHER"))
    h.engine.execute(ThrowExternalBpmnError(task.id, "w1", "NO_STOCK", "sold out", {"sku": "X"}))
    # then
    assert h.names(pid) == ["Fix stock"] and not h.jobs()
    assert {"code": "NO_STOCK", "why": "sold out", "sku": "X"}.items() <= _variables(h, pid).items()


def test_a_hook_throwing_a_bpmn_error_is_caught_in_an_enclosing_sub_process(h: Harness) -> None:
    # given
    def refuse(_execution: object, _fields: Mapping[str, object]) -> object:
        raise BpmnError("REFUSED", "no")

    registry = Registry()
    registry.register_class("com.acme.Check", refuse)
    h = Harness(registry=registry)
    h.deploy(
        bpmn(
            '<startEvent id="s"/><subProcess id="sub"><startEvent id="ss"/>'
            '<serviceTask id="check" flowable:class="com.acme.Check"/><endEvent id="se"/>'
            + chain("ss", "check", "se")
            + '</subProcess><boundaryEvent id="err" attachedToRef="sub"><errorEventDefinition/></boundaryEvent>'
            '<userTask id="ok" name="OK"/><userTask id="refused" name="Refused"/><endEvent id="e1"/><endEvent id="e2"/>'
            + chain("s", "sub", "ok", "e1")
            + chain("err", "refused", "e2")
        )
    )
    # when
    pid = h.start()
    # then
    assert h.names(pid) == ["Refused"]


# ---------------------------------------------------------------------------------- HTTP calls
def _http_process(fields: str, boundary: str = "") -> str:
    return bpmn(
        '<startEvent id="s"/><serviceTask id="price" name="Price" flowable:type="http">'
        f"<extensionElements>{fields}</extensionElements></serviceTask>{boundary}"
        '<userTask id="t" name="T"/><endEvent id="e"/>' + chain("s", "price", "t", "e")
    )


def _field(name: str, value: str) -> str:
    return f'<flowable:field name="{name}"><flowable:string><![CDATA[{value}]]></flowable:string></flowable:field>'


def test_an_http_task_calls_between_two_commands_and_maps_the_answer(h: Harness) -> None:
    # given
    sent: list[Mapping[str, object]] = []

    def transport(request: Mapping[str, object]) -> HttpAnswer:
        sent.append(request)
        return HttpAnswer(
            status=200, reason="OK", headers=(("Content-Type", "application/json"),), body='{"price": 42}'
        )

    h.engine.config.http_transport = transport
    h.deploy(
        _http_process(
            _field("requestMethod", "POST")
            + _field("requestUrl", "http://127.0.0.1:9/prices/${sku}")
            + _field("requestHeaders", "Accept: application/json\nX-Order: ${order}")
            + _field("requestBody", "${payload}")
            + _field("responseVariableName", "quote")
            + _field("saveResponseVariableAsJson", "true")
            + _field("saveResponseParameters", "true")
        )
    )
    pid = h.start(sku="A 1", order=7, payload={"qty": 2})
    # when: the start only schedules the call
    assert h.names(pid) == [] and sent == []
    h.engine.run_due_jobs()
    # then
    assert sent == [
        {
            "method": "POST",
            "url": "http://127.0.0.1:9/prices/A 1",
            "headers": [["Accept", "application/json"], ["X-Order", "7"]],
            "body": '{"qty": 2}',
            "timeoutMs": 10_000,
        }
    ]
    assert h.names(pid) == ["T"]
    found = _variables(h, pid)
    assert found["quote"] == {"price": 42} and found["priceResponseStatusCode"] == 200


def test_a_handled_status_is_a_bpmn_error_and_a_failing_one_an_incident(h: Harness) -> None:
    # given
    h.engine.config.http_transport = lambda _request: HttpAnswer(status=404, reason="Not Found", body="{}")
    boundary = (
        '<boundaryEvent id="gone" attachedToRef="price"><errorEventDefinition errorRef="HTTP404"/></boundaryEvent>'
        '<userTask id="missing" name="Missing"/><endEvent id="e2"/>' + chain("gone", "missing", "e2")
    )
    h.deploy(
        _http_process(
            _field("requestUrl", "http://127.0.0.1:9/x") + _field("handleStatusCodes", "404"), boundary
        )
    )
    handled = h.start()
    h.engine.run_due_jobs()
    assert h.names(handled) == ["Missing"]
    # given: a status in failStatusCodes
    h.deploy(_http_process(_field("requestUrl", "http://127.0.0.1:9/x") + _field("failStatusCodes", "4XX")))
    failing = h.start()
    # when: every retry fails
    for _ in range(3):
        with pytest.raises(Exception, match="HTTP404"):
            h.engine.run_due_jobs()
    # then: an incident on the task, the instance still there
    assert [(j.job_type, j.exception_message) for j in h.jobs() if j.proc_inst_id == failing] == [
        ("deadletter", "HttpCallFailed: HTTP404")
    ]


def test_an_http_connector_sets_its_output_parameters(h: Harness) -> None:
    # given
    h.engine.config.http_transport = lambda _request: HttpAnswer(status=201, body='{"id": "n-1"}')
    h.deploy(
        _http_process(
            "<flowable:connector><flowable:connectorId>http-connector</flowable:connectorId><flowable:inputOutput>"
            '<flowable:inputParameter name="url">http://127.0.0.1:9/notes</flowable:inputParameter>'
            '<flowable:inputParameter name="method">POST</flowable:inputParameter>'
            '<flowable:inputParameter name="headers"><flowable:map><flowable:entry key="Content-Type">application/json'
            "</flowable:entry></flowable:map></flowable:inputParameter>"
            '<flowable:outputParameter name="noteId">${json.id}</flowable:outputParameter>'
            '<flowable:outputParameter name="status">${statusCode}</flowable:outputParameter>'
            "</flowable:inputOutput></flowable:connector>"
        ).replace(' flowable:type="http"', "")
    )
    pid = h.start()
    # when
    h.engine.run_due_jobs()
    # then
    assert {"noteId": "n-1", "status": 201}.items() <= _variables(h, pid).items()
