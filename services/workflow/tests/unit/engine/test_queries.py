"""Flow-chart data, process-level listeners and the acting user in expressions."""

from __future__ import annotations

from loom_workflow.engine.commands import FlowChart, GetVariables

from .harness import Harness, bpmn, chain, flow

REVIEW = bpmn(
    '<extensionElements><flowable:executionListener event="start" '
    "expression=\"${execution.setVariable('starter', authenticatedUserId)}\"/></extensionElements>"
    '<startEvent id="s"/><userTask id="apply" name="Apply"/><exclusiveGateway id="gw"/>'
    '<userTask id="ok" name="OK"/><userTask id="ko" name="KO"/><endEvent id="e"/>'
    + chain("s", "apply", "gw")
    + flow("yes", "gw", "ok", "${pass}")
    + flow("no", "gw", "ko", "${!pass}")
    + chain("ok", "e")
    + flow("koe", "ko", "e")
)


def test_flow_chart_lists_visited_nodes_and_taken_flows_in_order() -> None:
    # given
    h = Harness()
    h.deploy(REVIEW)
    pid = h.start(user="tom")
    h.complete("Apply", **{"pass": True})
    # when
    chart = h.engine.execute(FlowChart(pid))
    # then
    assert chart.activity_ids == ["s", "apply", "gw", "ok"]
    assert chart.flows == ["f_s_apply", "f_apply_gw", "yes"]
    assert chart.active_activity_ids == ["ok"]
    assert chart.bpmn_xml.startswith("<?xml")


def test_flow_chart_of_a_finished_instance_ends_at_the_end_event() -> None:
    # given
    h = Harness()
    h.deploy(REVIEW)
    pid = h.start()
    h.complete("Apply", **{"pass": False})
    h.complete("KO")
    # when
    chart = h.engine.execute(FlowChart(pid))
    # then
    assert chart.activity_ids[-1] == "e" and "no" in chart.flows and chart.active_activity_ids == []


def test_process_start_listener_sees_the_acting_user() -> None:
    # given
    h = Harness()
    h.deploy(REVIEW)
    # when
    pid = h.start(user="tom")
    # then
    assert h.engine.execute(GetVariables(pid))["starter"] == "tom"


def test_a_variable_named_like_a_builtin_wins() -> None:
    # given
    h = Harness()
    h.deploy(REVIEW)
    # when
    pid = h.start(user="tom", authenticatedUserId="override")
    # then
    assert h.engine.execute(GetVariables(pid))["starter"] == "override"
