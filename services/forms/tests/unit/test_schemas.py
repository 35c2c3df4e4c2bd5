"""The bodies of the definition and online-data routes, read as the clients send them."""

from __future__ import annotations

import pytest

from loom_forms.definition.schemas import DefinitionSave, VersionSave
from loom_forms.generate.schemas import ExportRequest, RecordSave
from loom_platform.errors import InvalidArgument
from loom_platform.openapi import schema_body


def test_a_record_takes_its_values_from_data_or_from_the_fields_beside_the_form() -> None:
    # given a body with data as JSON text, and one with the values as its own fields
    in_data = RecordSave.model_validate({"formId": "f1", "data": '{"id": "r1", "days": 3}'})
    as_fields = RecordSave.model_validate({"formId": "f1", "id": "r1", "days": 3})
    # then both name the form and give the same values, without formId among them
    assert in_data.form() == as_fields.form() == "f1"
    assert in_data.values() == as_fields.values() == {"id": "r1", "days": 3}


def test_a_record_whose_data_is_no_json_object_is_refused_naming_data() -> None:
    # given data that is a JSON list
    body = RecordSave.model_validate({"formId": "f1", "data": "[1, 2]"})
    # when its values are read, then the refusal names the field
    with pytest.raises(InvalidArgument) as refused:
        body.values()
    assert refused.value.params["field"] == "data"


def test_an_export_reads_its_search_values_as_json_text_or_none() -> None:
    # given search values as an object, as text and left empty
    # then the list reads them as JSON text, or as none
    assert (
        ExportRequest.model_validate({"formId": "f", "params": {"name": "张三"}}).params_text()
        == '{"name":"张三"}'
    )
    assert ExportRequest.model_validate({"params": '{"a":1}'}).params_text() == '{"a":1}'
    assert ExportRequest.model_validate({"params": ""}).params_text() is None
    assert ExportRequest.model_validate({}).form() == ""


def test_an_owner_is_named_as_an_object_or_by_its_id() -> None:
    # given a definition's category and a version's definition, each sent both ways
    # then the object's id wins, else the id beside it
    assert DefinitionSave.model_validate({"category": {"id": "c1"}, "categoryId": "c2"}).category_of() == "c1"
    assert DefinitionSave.model_validate({"categoryId": "c2"}).category_of() == "c2"
    assert VersionSave.model_validate({"formDefinition": {"id": "d1"}}).definition_of() == "d1"
    assert VersionSave.model_validate({"formDefinitionId": "d2", "json": "{}"}).json_ == "{}"


def test_the_documented_body_is_the_schema_by_its_wire_names() -> None:
    # when the save route's body is documented from its schema (with the extra field it takes)
    body = schema_body(RecordSave, id="the record")
    fields = body["requestBody"]["content"]["application/json"]["schema"]["properties"]
    # then it lists the wire names with the schema's descriptions
    assert set(fields) == {"formId", "data", "id"}
    assert fields["formId"]["description"] == "the form"
