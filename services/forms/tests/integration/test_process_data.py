"""FormsService for workflow: a version's fields, and process form data validated and stored once
per task, readable by business key."""

from __future__ import annotations

import json

import pytest

from loom_contracts.loom.forms.v1 import service_pb2, service_pb2_grpc
from loom_platform.grpc import Client

FORM = {
    "list": [
        {"type": "input", "model": "reason", "name": "事由", "options": {"required": True}},
        {
            "type": "number",
            "model": "days",
            "name": "天数",
            "options": {"required": True, "min": 1, "max": 10},
        },
        {"type": "textarea", "model": "opinion", "name": "审批意见", "options": {"required": True}},
    ],
    "config": {},
}


@pytest.fixture
async def forms(env):
    client = Client(f"127.0.0.1:{env.app.state.grpc_port}", deadline_seconds=10)
    await env.client.post(
        "/extension/formDefinition/save",
        json={"name": "请假", "json": json.dumps(FORM)},
        headers=env.headers(),
    )
    listed = (await env.client.get("/extension/formDefinition/list", headers=env.headers())).json()
    yield (
        client,
        service_pb2_grpc.FormsServiceStub(client.channel),
        listed["records"][0]["formDefinitionJson"]["id"],
    )
    await client.close()


def _save(json_id, task, data, writable=()):
    return service_pb2.SaveProcessDataRequest(
        json_id=json_id,
        business_key="bk-1",
        task_id=task,
        data_json=json.dumps(data),
        writable=list(writable),
    )


async def test_the_fields_of_a_version_are_its_models_labels_and_types(forms):
    client, stub, json_id = forms
    reply = await client.call(stub.GetFormFields, service_pb2.GetFormFieldsRequest(json_id=json_id))
    assert [(f.id, f.name, f.type, f.required) for f in reply.fields] == [
        ("reason", "事由", "input", True),
        ("days", "天数", "number", True),
        ("opinion", "审批意见", "textarea", True),
    ]
    assert (reply.name, reply.version) == ("请假", 1)


async def test_invalid_start_data_stores_nothing_and_answers_the_field_messages(env, forms):
    client, stub, json_id = forms
    # when
    reply = await client.call(
        stub.SaveProcessData, _save(json_id, "start-1", {"days": 20}, ["reason", "days"])
    )
    # then
    assert not reply.stored
    assert dict(reply.errors) == {"reason": "事由必须填写", "days": "天数必须在1到10之间"}
    missing = await env.client.get(
        "/form/process/data", params={"businessKey": "bk-1"}, headers=env.headers()
    )
    assert missing.status_code == 404


async def test_valid_data_is_stored_once_per_task_and_an_audit_writes_only_its_writable_fields(env, forms):
    client, stub, json_id = forms
    # given: the start event writes reason and days
    first = await client.call(
        stub.SaveProcessData, _save(json_id, "start-1", {"reason": "探亲", "days": 3}, ["reason", "days"])
    )
    assert first.stored
    # when: a retry of the same task with other values, then the audit writing opinion (and trying days)
    again = await client.call(
        stub.SaveProcessData, _save(json_id, "start-1", {"reason": "改了", "days": 9}, ["reason", "days"])
    )
    audit = await client.call(
        stub.SaveProcessData, _save(json_id, "task-2", {"opinion": "同意", "days": 8}, ["opinion"])
    )
    # then
    assert again.stored and again.data_id == first.data_id and audit.stored
    stored = (
        await env.client.get("/form/process/data", params={"businessKey": "bk-1"}, headers=env.headers())
    ).json()
    assert stored["data"] == {"reason": "探亲", "days": 3, "opinion": "同意"}
    read = await client.call(stub.GetProcessData, service_pb2.GetProcessDataRequest(business_key="bk-1"))
    assert read.found and json.loads(read.data_json)["opinion"] == "同意"


async def test_an_audit_missing_its_required_writable_field_is_refused_in_english(forms):
    client, stub, json_id = forms
    from loom_platform import i18n

    token = i18n.current_language.set("en-US")
    try:
        reply = await client.call(stub.SaveProcessData, _save(json_id, "task-3", {"days": 2}, ["opinion"]))
    finally:
        i18n.current_language.reset(token)
    assert dict(reply.errors) == {"opinion": "审批意见 is required"}


def _history(stub_client, **keys):
    client, stub = stub_client
    return client.call(stub.GetProcessDataHistory, service_pb2.GetProcessDataHistoryRequest(**keys))


def _changes(version):
    return [(c.field, c.label, json.loads(c.before_json), json.loads(c.after_json)) for c in version.changes]


async def test_the_history_lists_who_changed_which_fields_oldest_first(forms):
    client, stub, json_id = forms
    # given: the start sets reason and days, a retry of it, an audit changing days and adding opinion
    start = _save(json_id, "start-1", {"reason": "探亲", "days": 3}, ["reason", "days"])
    start.user_id = "u-applicant"
    await client.call(stub.SaveProcessData, start)
    await client.call(stub.SaveProcessData, start)
    audit = _save(json_id, "task-2", {"reason": "探亲", "days": 5, "opinion": "同意"}, [])
    audit.user_id, audit.process_instance_id = "u-manager", "proc-1"
    await client.call(stub.SaveProcessData, audit)
    # when: read by the instance (the start's save is only under the business key's document)
    reply = await _history((client, stub), process_instance_id="proc-1")
    # then
    assert [(v.task_id, v.user_id) for v in reply.versions] == [
        ("start-1", "u-applicant"),
        ("task-2", "u-manager"),
    ]
    assert _changes(reply.versions[0]) == [("reason", "事由", None, "探亲"), ("days", "天数", None, 3)]
    assert _changes(reply.versions[1]) == [("days", "天数", 3, 5), ("opinion", "审批意见", None, "同意")]
    assert len(reply.versions[1].saved_at) == len("2026-11-23 14:30:00")
    by_key = await _history((client, stub), business_key="bk-1")
    assert [v.task_id for v in by_key.versions] == ["start-1", "task-2"]
    assert not (await _history((client, stub), business_key="bk-other")).versions


async def test_two_instances_of_one_business_key_keep_their_form_histories_apart(forms):
    client, stub, json_id = forms
    # given: a record started, audited, then started again (after a rejection) under the same key;
    # each start is repeated once its instance exists, as workflow does
    for instance, (start_values, opinion) in {
        "proc-1": ({"reason": "探亲", "days": 3}, "不同意"),
        "proc-2": ({"reason": "探亲", "days": 2}, "同意"),
    }.items():
        start = _save(json_id, f"start-{instance}", start_values, ["reason", "days"])
        await client.call(stub.SaveProcessData, start)
        start.process_instance_id, start.data_json = instance, "{}"
        named = await client.call(stub.SaveProcessData, start)
        assert named.stored
        audit = _save(json_id, f"task-{instance}", {"opinion": opinion}, ["opinion"])
        audit.process_instance_id = instance
        await client.call(stub.SaveProcessData, audit)
    # when
    first = await _history((client, stub), process_instance_id="proc-1")
    second = await _history((client, stub), process_instance_id="proc-2")
    # then: each instance lists only its own saves; the business key lists all four
    assert [v.task_id for v in first.versions] == ["start-proc-1", "task-proc-1"]
    assert [v.task_id for v in second.versions] == ["start-proc-2", "task-proc-2"]
    assert _changes(second.versions[0]) == [("days", "天数", 3, 2)]
    by_key = await _history((client, stub), business_key="bk-1")
    assert len(by_key.versions) == 4


async def test_a_read_only_node_form_stores_nothing_from_the_client(env, forms):
    client, stub, json_id = forms
    # given
    await client.call(
        stub.SaveProcessData, _save(json_id, "start-1", {"reason": "探亲", "days": 3}, ["reason", "days"])
    )
    # when: the node's form is read-only, yet the client sends values (even for writable fields)
    request = _save(json_id, "task-2", {"reason": "改了", "days": 9, "opinion": "同意"}, ["opinion"])
    request.read_only = True
    reply = await client.call(stub.SaveProcessData, request)
    # then: accepted (the task may complete) but nothing changed, and no version was added
    assert reply.stored
    stored = (
        await env.client.get("/form/process/data", params={"businessKey": "bk-1"}, headers=env.headers())
    ).json()
    assert stored["data"] == {"reason": "探亲", "days": 3}
    history = await _history((client, stub), business_key="bk-1")
    assert [v.task_id for v in history.versions] == ["start-1"]


async def test_the_history_needs_an_instance_or_a_business_key(forms):
    from loom_platform.errors import ErrorCode, RemoteError

    client, stub, _ = forms
    with pytest.raises(RemoteError) as refused:
        await _history((client, stub))
    assert refused.value.remote_code == ErrorCode.INVALID_ARGUMENT
