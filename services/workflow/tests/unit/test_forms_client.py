"""Which nodes carry a dynamic form, and which of its fields a node may write."""

from loom_workflow.forms_client import NodeForm, node_form, start_form

XML = """<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn"
             targetNamespace="t">
  <process id="p">
    <startEvent id="start" flowable:formKey="json-1"/>
    <userTask id="audit" flowable:formKey="json-1">
      <extensionElements>
        <flowable:formProperty id="reason" name="事由" readable="true" writable="false"/>
        <flowable:formProperty id="opinion" name="意见"/>
      </extensionElements>
    </userTask>
    <userTask id="look" flowable:formKey="json-1">
      <extensionElements><flowable:formProperty id="reason" writable="false"/></extensionElements>
    </userTask>
    <userTask id="outer" flowable:formKey="/leave/LeaveForm"/>
    <userTask id="file" flowable:formKey="json-1" flowable:formReadOnly="true"/>
    <userTask id="items" flowable:formKey="json-1">
      <extensionElements>
        <flowable:formProperty id="lines" addable="false" deletable="true"/>
        <flowable:formProperty id="lines.price" writable="false"/>
        <flowable:formProperty id="lines.note" readable="false"/>
        <flowable:formProperty id="lines.qty"/>
        <flowable:formProperty id="costs.amount"/>
        <flowable:formProperty id="fixed" deletable="false"/>
      </extensionElements>
    </userTask>
  </process>
</definitions>"""


def test_a_start_event_with_a_form_key_has_a_dynamic_form_with_every_field_writable():
    assert start_form(XML) == NodeForm("json-1", None)


def test_a_task_writes_only_the_fields_marked_writable_and_missing_means_writable():
    assert node_form(XML, "audit").writable == ("opinion",)
    assert node_form(XML, "look").writable == ()


def test_a_field_marked_not_writable_is_read_only_so_its_value_never_reaches_the_process():
    assert node_form(XML, "audit") == NodeForm("json-1", ("opinion",), ("reason",))
    assert node_form(XML, "look") == NodeForm("json-1", (), ("reason",))


def test_an_external_form_or_no_form_is_left_to_the_caller():
    assert node_form(XML, "outer") is None and node_form(XML, "nowhere") is None


def test_a_node_whose_form_is_read_only_is_marked_so_forms_stores_nothing_from_it():
    assert node_form(XML, "file") == NodeForm("json-1", None, locked=True)
    assert not node_form(XML, "audit").locked


def test_sub_table_rights_name_the_locked_columns_and_the_tables_rows_may_not_grow_or_shrink():
    # given a node that may edit a line's quantity but not its price, add no lines, delete none of "fixed"
    form = node_form(XML, "items")
    # then
    assert form.locked_columns == ("lines.price", "lines.note")
    assert form.rows_not_addable == ("lines",) and form.rows_not_deletable == ("fixed",)
    # a writable column of an unlisted table makes that table writable
    assert form.writable == ("lines", "fixed", "costs")
