"""A node's rights on sub-table rows, enforced by forms: locked columns keep their stored values, and a
table the node may not grow or shrink refuses more or fewer rows with the table's label."""

from __future__ import annotations

import json

import pytest

from loom_contracts.loom.forms.v1 import service_pb2, service_pb2_grpc
from loom_platform.grpc import Client

FORM = {
    "list": [
        {
            "type": "table",
            "model": "lines",
            "name": "费用明细",
            "options": {},
            "tableColumns": [
                {"type": "input", "model": "item", "name": "项目", "options": {"required": True}},
                {"type": "number", "model": "price", "name": "单价", "options": {}},
                {"type": "number", "model": "qty", "name": "数量", "options": {}},
            ],
        },
        {"type": "input", "model": "reason", "name": "事由", "options": {}},
    ],
    "config": {},
}
START = {"lines": [{"item": "机票", "price": 800, "qty": 1}, {"item": "酒店", "price": 300, "qty": 2}]}


@pytest.fixture
async def forms(env):
    client = Client(f"127.0.0.1:{env.app.state.grpc_port}", deadline_seconds=10)
    await env.client.post(
        "/extension/formDefinition/save",
        json={"name": "报销", "json": json.dumps(FORM)},
        headers=env.headers(),
    )
    listed = (await env.client.get("/extension/formDefinition/list", headers=env.headers())).json()
    stub = service_pb2_grpc.FormsServiceStub(client.channel)
    json_id = listed["records"][0]["formDefinitionJson"]["id"]
    started = await client.call(stub.SaveProcessData, _save(json_id, "start", START))
    assert started.stored
    yield client, stub, json_id
    await client.close()


def _save(json_id, task, data, **rights):
    return service_pb2.SaveProcessDataRequest(
        json_id=json_id, business_key="bk-rows", task_id=task, data_json=json.dumps(data), **rights
    )


async def _stored(env):
    answer = await env.client.get(
        "/form/process/data", params={"businessKey": "bk-rows"}, headers=env.headers()
    )
    return answer.json()["data"]


def _ids(rows):
    return [row.pop("id") for row in rows]


async def test_every_row_is_given_an_id_when_first_stored(env, forms):
    # given the start's two lines
    lines = (await _stored(env))["lines"]
    # then each carries its own id, and the values are as sent
    ids = _ids(lines)
    assert len(set(ids)) == 2 and all(ids)
    assert lines == START["lines"]


async def test_a_locked_column_keeps_its_stored_values_by_row_id_whatever_the_client_sends(env, forms):
    client, stub, json_id = forms
    plane, hotel = (await _stored(env))["lines"]
    # when the node, which may change quantities only, reorders the lines, sends new prices, and
    # adds a line carrying the plane's id again and a line without one
    lines = [
        {**hotel, "price": 1, "qty": 3},
        {**plane, "price": 1, "qty": 2},
        {**plane, "item": "餐", "price": 9999, "qty": 1},
        {"item": "出租车", "price": 50},
    ]
    reply = await client.call(
        stub.SaveProcessData, _save(json_id, "audit", {"lines": lines}, locked_columns=["lines.price"])
    )
    # then each line kept its own stored price, the two new lines have none and their own ids
    assert reply.stored, dict(reply.errors)
    stored = (await _stored(env))["lines"]
    ids = _ids(stored)
    assert stored == [
        {"item": "酒店", "price": 300, "qty": 3},
        {"item": "机票", "price": 800, "qty": 2},
        {"item": "餐", "qty": 1},
        {"item": "出租车"},
    ]
    assert ids[:2] == [hotel["id"], plane["id"]] and len(set(ids)) == 4
    # and the answer holds the values as stored, which the process variables are taken from
    assert json.loads(reply.values_json)["lines"][0] == {**hotel, "qty": 3}


async def test_a_deleted_row_cannot_pass_its_locked_values_to_the_row_sent_in_its_place(env, forms):
    client, stub, json_id = forms
    plane, hotel = (await _stored(env))["lines"]
    # when the plane is deleted and the hotel sent first without its id, its price raised
    lines = [{"item": "酒店", "price": 9999, "qty": 2}]
    reply = await client.call(
        stub.SaveProcessData, _save(json_id, "audit", {"lines": lines}, locked_columns=["lines.price"])
    )
    # then it is a new line (no price), not the plane (800) nor the hotel by position
    assert reply.stored, dict(reply.errors)
    stored = (await _stored(env))["lines"]
    assert _ids(stored)[0] not in (plane["id"], hotel["id"])
    assert stored == [{"item": "酒店", "qty": 2}]


async def test_a_reordered_table_is_neither_grown_nor_shrunk(env, forms):
    client, stub, json_id = forms
    plane, hotel = (await _stored(env))["lines"]
    # when a node that may neither add nor delete swaps the lines
    reply = await client.call(
        stub.SaveProcessData,
        _save(
            json_id,
            "swap",
            {"lines": [hotel, plane]},
            rows_not_addable=["lines"],
            rows_not_deletable=["lines"],
        ),
    )
    # then that is allowed, but a line replaced by a new one is a deletion
    assert reply.stored, dict(reply.errors)
    replaced = await client.call(
        stub.SaveProcessData,
        _save(json_id, "replace", {"lines": [hotel, {"item": "餐"}]}, rows_not_deletable=["lines"]),
    )
    assert dict(replaced.errors) == {"lines": "费用明细不允许删除行"}


async def test_a_draft_answers_the_values_as_they_would_be_and_stores_nothing(env, forms):
    client, stub, json_id = forms
    plane, hotel = (await _stored(env))["lines"]
    # when a draft sends a forged price
    draft = await client.call(
        stub.SaveProcessData,
        _save(
            json_id,
            "draft",
            {"lines": [{**plane, "price": 1}, hotel]},
            locked_columns=["lines.price"],
            draft=True,
        ),
    )
    # then its answer has the stored price, and nothing changed
    assert not draft.stored and not draft.errors
    assert json.loads(draft.values_json)["lines"] == [plane, hotel]
    assert (await _stored(env))["lines"] == [plane, hotel]


async def test_the_history_holds_the_whole_form_as_each_save_left_it(forms):
    client, stub, json_id = forms
    await client.call(stub.SaveProcessData, _save(json_id, "audit", {"reason": "出差"}))
    # when the history is read
    reply = await client.call(
        stub.GetProcessDataHistory, service_pb2.GetProcessDataHistoryRequest(business_key="bk-rows")
    )
    # then each save has the form version and the whole document after it
    first, second = ([r.pop("id") for r in json.loads(v.data_json)["lines"]] for v in reply.versions)
    assert first == second
    start, audit = (json.loads(v.data_json) for v in reply.versions)
    assert [v.json_id for v in reply.versions] == [json_id, json_id]
    assert [{k: v for k, v in r.items() if k != "id"} for r in start["lines"]] == START["lines"]
    assert "reason" not in start and audit["reason"] == "出差"
    assert audit["lines"] == start["lines"]


async def test_a_table_the_node_may_not_grow_or_shrink_refuses_it_naming_the_table(env, forms):
    client, stub, json_id = forms
    lines = (await _stored(env))["lines"]
    more = [*lines, {"item": "餐", "price": 50, "qty": 1}]
    # when a line is added where adding is not allowed, or removed where deleting is not
    added = await client.call(
        stub.SaveProcessData, _save(json_id, "add", {"lines": more}, rows_not_addable=["lines"])
    )
    removed = await client.call(
        stub.SaveProcessData,
        _save(json_id, "del", {"lines": lines[:1]}, rows_not_deletable=["lines"]),
    )
    # then both are refused beside the table, and nothing changed
    assert not added.stored and dict(added.errors) == {"lines": "费用明细不允许新增行"}
    assert not removed.stored and dict(removed.errors) == {"lines": "费用明细不允许删除行"}
    assert (await _stored(env))["lines"] == lines
    plane = lines[0]
    # while a node allowed to delete may do so (and one that may not add may still edit in place)
    edited = [{**plane, "price": 700}]
    done = await client.call(
        stub.SaveProcessData, _save(json_id, "edit", {"lines": edited}, rows_not_addable=["lines"])
    )
    assert done.stored and (await _stored(env))["lines"] == edited


async def test_the_refusal_speaks_english_when_asked(forms):
    client, stub, json_id = forms
    from loom_platform import i18n

    token = i18n.current_language.set("en-US")
    try:
        reply = await client.call(
            stub.SaveProcessData, _save(json_id, "del", {"lines": []}, rows_not_deletable=["lines"])
        )
    finally:
        i18n.current_language.reset(token)
    assert dict(reply.errors) == {"lines": "Rows cannot be deleted from 费用明细"}
