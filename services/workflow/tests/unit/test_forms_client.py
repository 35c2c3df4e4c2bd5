"""Which nodes carry a dynamic form, and which of its fields a node may write."""

from loom_workflow.forms_client import FieldRight, NodeForm, field_rights, node_form, start_form

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
        <flowable:formProperty id="secret" readable="false" writable="false"/>
        <flowable:formProperty id="memo" writable=""/>
        <flowable:formProperty id="drafts.text" writable="0"/>
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
    assert form.locked_columns == ("lines.price", "lines.note", "drafts.text")
    assert form.rows_not_addable == ("lines",) and form.rows_not_deletable == ("fixed",)
    # a writable column of an unlisted table makes that table writable
    assert form.writable == ("lines", "fixed", "memo", "costs")
    assert form.read_only == ("secret",)


READ_ONLY = FieldRight(readable=True, writable=False)


def test_the_task_screen_shows_a_read_only_field_locked_and_the_others_open():
    # when the screen asks for the rights of the node that reviews the request
    rights = field_rights(XML, "audit")
    # then the reason is shown but cannot be changed, the opinion is the reviewer's to write
    assert rights == {"reason": READ_ONLY, "opinion": FieldRight()}


def test_a_hidden_field_is_neither_shown_nor_written():
    assert field_rights(XML, "items")["secret"] == FieldRight(readable=False, writable=False)


def test_a_flag_left_out_or_empty_is_a_right_and_only_false_or_0_takes_it_away():
    rights = field_rights(XML, "items")
    # then
    assert rights["memo"] == FieldRight()
    assert rights["drafts.text"] == READ_ONLY


def test_sub_table_rows_and_columns_carry_their_own_rights():
    rights = field_rights(XML, "items")
    # then no line may be added to "lines" (deleting stays), none deleted from "fixed"
    assert rights["lines"] == FieldRight(addable=False)
    assert rights["fixed"] == FieldRight(deletable=False)
    # a line's price is shown locked, its note hidden, its quantity open
    assert rights["lines.price"] == READ_ONLY
    assert rights["lines.note"] == FieldRight(readable=False)
    assert rights["lines.qty"] == FieldRight()


def test_a_writable_column_opens_its_unlisted_table_and_a_locked_one_does_not():
    rights = field_rights(XML, "items")
    # then "costs" (only its writable column listed) is open; "drafts" (a locked column) is not listed
    assert rights["costs"] == FieldRight()
    assert "drafts" not in rights
    # and a listed table keeps its own flags
    assert rights["lines"] == FieldRight(addable=False)


def test_a_node_without_form_properties_leaves_every_field_open():
    assert field_rights(XML, "start") is None
    assert field_rights(XML, "file") is None
    assert field_rights(XML, "nowhere") is None
    assert field_rights(XML, None) is None
