"""Service, script and receive tasks; execution listeners; call activities; sub-processes; terminate."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from loom_workflow.engine import IllegalArgument, Registry, Suspended, UnsupportedFeature
from loom_workflow.engine.agenda.facades import ExecutionFacade
from loom_workflow.engine.commands import GetVariables, SetInstanceSuspended, TriggerExecution
from loom_workflow.engine.runtime.entities import Execution, ProcessDefinition

from .harness import Harness, bpmn, chain, flow


def _variables(h: Harness, pid: str) -> dict[str, object]:
    return h.engine.execute(GetVariables(pid))


def test_service_task_calls_a_registered_hook_with_injected_fields() -> None:
    # given
    def send(execution: object, fields: Mapping[str, object]) -> object:
        assert isinstance(execution, ExecutionFacade)
        return f"{fields['template']} to {execution.get_variable('to')}"

    registry = Registry()
    registry.register_class("com.acme.Mail", send)
    h = Harness(registry=registry)
    h.deploy(
        bpmn(
            '<startEvent id="s"/><serviceTask id="mail" flowable:class="com.acme.Mail" '
            'flowable:resultVariable="sent"><extensionElements><flowable:field name="template" '
            'stringValue="welcome"/></extensionElements></serviceTask><userTask id="t" name="T"/>'
            '<endEvent id="e"/>' + chain("s", "mail", "t", "e")
        )
    )
    # when
    pid = h.start(to="ann")
    # then
    assert _variables(h, pid)["sent"] == "welcome to ann"


def test_service_task_expression_and_delegate_expression() -> None:
    # given
    calls: list[str] = []
    registry = Registry()
    registry.register_bean("notifier", lambda _execution, _fields: calls.append("notified"))
    h = Harness(registry=registry)
    h.deploy(
        bpmn(
            '<startEvent id="s"/><serviceTask id="calc" flowable:expression="${a * 2}" '
            'flowable:resultVariable="double"/>'
            '<serviceTask id="notify" flowable:delegateExpression="${notifier}"/>'
            '<userTask id="t" name="T"/><endEvent id="e"/>' + chain("s", "calc", "notify", "t", "e")
        )
    )
    # when
    pid = h.start(a=21)
    # then
    assert _variables(h, pid)["double"] == 42 and calls == ["notified"]


def test_unregistered_class_fails_clearly() -> None:
    # given
    h = Harness()
    h.deploy(
        bpmn(
            '<startEvent id="s"/><serviceTask id="x" flowable:class="com.Nope"/><endEvent id="e"/>'
            + chain("s", "x", "e")
        )
    )
    # when / then
    with pytest.raises(IllegalArgument, match="com.Nope"):
        h.start()


def test_script_task_runs_the_safe_assignment_subset() -> None:
    # given
    h = Harness()
    h.deploy(
        bpmn(
            '<startEvent id="s"/><scriptTask id="sc" scriptFormat="groovy"><script><![CDATA['
            "def total = price * qty\nexecution.setVariable('half', qty / 2); vip = total > 100"
            ']]></script></scriptTask><scriptTask id="j" scriptFormat="juel" flowable:resultVariable="greet">'
            "<script>Hello ${who}</script></scriptTask>"
            '<userTask id="t" name="T"/><endEvent id="e"/>' + chain("s", "sc", "j", "t", "e")
        )
    )
    # when
    pid = h.start(price=30, qty=4, who="ann")
    # then
    got = _variables(h, pid)
    assert (got["total"], got["half"], got["vip"], got["greet"]) == (120, 2.0, True, "Hello ann")


def test_script_outside_the_subset_is_reported_unsupported() -> None:
    # given
    h = Harness()
    h.deploy(
        bpmn(
            '<startEvent id="s"/><scriptTask id="sc" scriptFormat="groovy"><script>'
            "import os; os.system('x')</script></scriptTask>" + '<endEvent id="e"/>' + chain("s", "sc", "e")
        )
    )
    # when / then
    with pytest.raises(UnsupportedFeature, match="only simple assignments"):
        h.start()


def test_receive_task_waits_for_a_trigger() -> None:
    # given
    h = Harness()
    h.deploy(
        bpmn(
            '<startEvent id="s"/><receiveTask id="wait"/><userTask id="t" name="T"/><endEvent id="e"/>'
            + chain("s", "wait", "t", "e")
        )
    )
    pid = h.start()
    (waiting,) = [e for e in h.store.rows(Execution) if e.activity_id == "wait"]
    # when
    h.engine.execute(TriggerExecution(waiting.id, {"paid": True}))
    # then
    assert h.names(pid) == ["T"] and _variables(h, pid)["paid"] is True


def test_execution_listeners_fire_on_start_end_and_take() -> None:
    # given
    h = Harness()
    h.deploy(
        bpmn(
            '<startEvent id="s"/><userTask id="t" name="T"><extensionElements>'
            '<flowable:executionListener event="start" '
            "expression=\"${execution.setVariable('log', log + 1)}\"/>"
            '<flowable:executionListener event="end" '
            "expression=\"${execution.setVariable('log', log + 10)}\"/>"
            '</extensionElements></userTask><userTask id="t2" name="T2"/><endEvent id="e"/>'
            + flow("a", "s", "t")
            + flow("c", "t2", "e")
            + '<sequenceFlow id="b" sourceRef="t" targetRef="t2"><extensionElements>'
            '<flowable:executionListener event="take" expression="${execution.setVariable(\'took\', true)}"/>'
            "</extensionElements></sequenceFlow>"
        )
    )
    pid = h.start(log=0)
    # when
    started = dict(_variables(h, pid))
    h.complete("T")
    # then
    after = _variables(h, pid)
    assert started["log"] == 1 and "took" not in started
    assert after["log"] == 11 and after["took"] is True


def _call(extra: str = "") -> list[str]:
    parent = bpmn(
        '<startEvent id="s"/><callActivity id="call" calledElement="child" '
        f'flowable:businessKey="${{order}}-sub" {extra}><extensionElements>'
        '<flowable:in source="order" target="orderId"/>'
        '<flowable:in sourceExpression="${amount * 2}" target="x"/>'
        '<flowable:out source="verdict" target="result"/></extensionElements></callActivity>'
        '<userTask id="after" name="After"/><endEvent id="e"/>' + chain("s", "call", "after", "e"),
        process_id="parent",
    )
    child = bpmn(
        '<startEvent id="cs"/><userTask id="review" name="Review ${orderId}"/><endEvent id="ce"/>'
        + chain("cs", "review", "ce"),
        process_id="child",
    )
    return [parent, child]


def test_call_activity_maps_variables_in_and_out() -> None:
    # given
    h = Harness()
    h.deploy(*_call())
    pid = h.start("parent", user="tom", order="A7", amount=5)
    task = h.task("Review A7")
    child = h.store.raw(Execution)[task.proc_inst_id]
    # when
    h.engine.complete_task(task.id, {"verdict": "ok"})
    # then
    assert (child.business_key, child.root_proc_inst_id, child.start_user_id) == ("A7-sub", pid, "tom")
    assert _variables(h, pid)["result"] == "ok"
    assert h.names(pid) == ["After"]
    assert h.ended(child.id)


def test_deleting_the_parent_deletes_the_called_instance() -> None:
    # given
    h = Harness()
    h.deploy(*_call())
    pid = h.start("parent", order="A7", amount=5)
    child_id = h.task("Review A7").proc_inst_id
    # when
    h.engine.delete_process_instance(pid, "撤销")
    # then
    assert h.store.rows(Execution) == []
    assert h.historic(child_id).delete_reason == "撤销" and h.historic(pid).state == "deleted"


def test_call_activity_version_binding() -> None:
    # given
    h = Harness()
    h.deploy(*_call('flowable:calledElementBinding="version" flowable:calledElementVersion="1"'))
    h.deploy(_call()[1].replace("Review ${orderId}", "Review v2"))
    # when
    h.start("parent", order="A7", amount=5)
    # then
    assert [t.name for t in h.tasks()] == ["Review A7"]


def test_terminate_inside_a_sub_process_ends_only_the_sub_process() -> None:
    # given
    h = Harness()
    h.deploy(
        bpmn(
            '<startEvent id="s"/><subProcess id="sub"><startEvent id="ss"/><parallelGateway id="fork"/>'
            '<userTask id="a" name="A"/><userTask id="b" name="B"/><endEvent id="stop">'
            '<terminateEventDefinition/></endEvent><endEvent id="se"/>'
            + chain("ss", "fork")
            + flow("fa", "fork", "a")
            + flow("fb", "fork", "b")
            + flow("as", "a", "stop")
            + flow("bs", "b", "se")
            + '</subProcess><userTask id="after" name="After"/><endEvent id="e"/>'
            + chain("s", "sub", "after", "e")
        )
    )
    pid = h.start()
    # when
    h.complete("A")
    # then
    assert h.names(pid) == ["After"]
    b = [t for t in h.historic_tasks() if t.name == "B"][0]
    assert b.delete_reason == "terminate end event (stop)"


def test_suspended_definition_cannot_start() -> None:
    # given
    h = Harness()
    h.deploy(bpmn('<startEvent id="s"/><userTask id="t" name="T"/><endEvent id="e"/>' + chain("s", "t", "e")))
    (definition,) = h.store.rows(ProcessDefinition)
    # when
    h.engine.suspend_definition(definition.id)
    # then
    with pytest.raises(Suspended, match="is suspended"):
        h.start()
    h.engine.activate_definition(definition.id)
    assert h.start()


def test_jobs_of_a_suspended_instance_wait_until_it_is_activated() -> None:
    # given
    h = Harness()
    h.deploy(
        bpmn(
            '<startEvent id="s"/><intermediateCatchEvent id="w"><timerEventDefinition><timeDuration>PT1M'
            '</timeDuration></timerEventDefinition></intermediateCatchEvent><userTask id="t" name="T"/>'
            '<endEvent id="e"/>' + chain("s", "w", "t", "e")
        )
    )
    pid = h.start()
    h.engine.execute(SetInstanceSuspended(pid, True))
    # when
    ran_suspended = h.advance(minutes=2)
    h.engine.execute(SetInstanceSuspended(pid, False))
    ran_active = h.engine.run_due_jobs()
    # then
    assert (ran_suspended, ran_active) == (0, 1)
    assert h.names(pid) == ["T"]
