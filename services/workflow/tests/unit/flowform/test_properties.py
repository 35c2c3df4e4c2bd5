"""Flowable form properties: read from a modeler's BPMN, checked by the form rules, typed."""

from __future__ import annotations

from loom_workflow.flowform.properties import check, node_properties

XML = """<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn"
  targetNamespace="http://www.flowable.org/processdef">
  <process id="leave" name="请假" isExecutable="true">
    <startEvent id="start">
      <extensionElements>
        <flowable:formProperty id="days" name="天数" type="long" required="true"/>
        <flowable:formProperty id="kind" name="类型" type="enum" default="annual">
          <flowable:value id="annual" name="年假"/>
          <flowable:value id="sick" name="病假"/>
        </flowable:formProperty>
        <flowable:formProperty id="from" name="开始" type="date" datePattern="yyyy-MM-dd"/>
        <flowable:formProperty id="note" name="备注" type="string" writable="false"/>
      </extensionElements>
    </startEvent>
    <userTask id="audit" name="审批">
      <extensionElements>
        <flowable:formProperty id="ok" name="同意" type="boolean" required="true" variable="approved"/>
        <flowable:formProperty id="days" name="天数" type="long" writable="false"/>
        <flowable:formProperty id="secret" name="内部" readable="false"/>
      </extensionElements>
    </userTask>
  </process>
</definitions>"""


def test_the_start_events_properties_are_read_in_order_with_their_flags() -> None:
    # when
    props = node_properties(XML, None)
    # then
    assert [p.id for p in props] == ["days", "kind", "from", "note"]
    assert props[0].required and props[0].type == "long"
    assert props[1].values == (("annual", "年假"), ("sick", "病假"))
    assert not props[3].writable
    assert props[1].render(None)["type"] == {
        "name": "enum",
        "information": {"values": {"annual": "年假", "sick": "病假"}},
    }
    assert props[1].render(None)["value"] == "annual"


def test_a_valid_submit_is_typed_and_takes_defaults_and_leaves_out_read_only_values() -> None:
    # when
    variables, errors = check(node_properties(XML, None), {"days": "3", "from": "2026-01-02", "note": "x"})
    # then
    assert errors == {}
    assert variables == {"days": 3, "kind": "annual", "from": "2026-01-02"}


def test_a_missing_required_value_a_wrong_type_an_unknown_enum_and_a_bad_date_are_refused() -> None:
    # when
    _, missing = check(node_properties(XML, None), {"kind": "sick"}, "zh-CN")
    _, wrong = check(
        node_properties(XML, None), {"days": "3天", "kind": "x|annual", "from": "02/01/2026"}, "en-US"
    )
    # then
    assert missing == {"days": "天数必须填写"}
    assert set(wrong) == {"days", "kind", "from"}


def test_a_task_property_writes_its_variable_and_a_boolean_is_typed() -> None:
    # when
    variables, errors = check(node_properties(XML, "audit"), {"ok": "false", "days": "99"})
    # then
    assert errors == {}
    assert variables == {"approved": False}
