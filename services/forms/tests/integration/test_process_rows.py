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


async def test_a_locked_column_keeps_its_stored_values_whatever_the_client_sends(env, forms):
    client, stub, json_id = forms
    # when the node, which may change quantities only, sends new prices too and a third line
    lines = [
        {"item": "机票", "price": 1, "qty": 2},
        {"item": "酒店", "price": 1, "qty": 3},
        {"item": "餐", "price": 50},
    ]
    reply = await client.call(
        stub.SaveProcessData, _save(json_id, "audit", {"lines": lines}, locked_columns=["lines.price"])
    )
    # then the quantities changed, the prices are the stored ones, and the new line has no price
    assert reply.stored, dict(reply.errors)
    assert (await _stored(env))["lines"] == [
        {"item": "机票", "price": 800, "qty": 2},
        {"item": "酒店", "price": 300, "qty": 3},
        {"item": "餐"},
    ]


async def test_a_table_the_node_may_not_grow_or_shrink_refuses_it_naming_the_table(env, forms):
    client, stub, json_id = forms
    more = START["lines"] + [{"item": "餐", "price": 50, "qty": 1}]
    # when a line is added where adding is not allowed, or removed where deleting is not
    added = await client.call(
        stub.SaveProcessData, _save(json_id, "add", {"lines": more}, rows_not_addable=["lines"])
    )
    removed = await client.call(
        stub.SaveProcessData,
        _save(json_id, "del", {"lines": START["lines"][:1]}, rows_not_deletable=["lines"]),
    )
    # then both are refused beside the table, and nothing changed
    assert not added.stored and dict(added.errors) == {"lines": "费用明细不允许新增行"}
    assert not removed.stored and dict(removed.errors) == {"lines": "费用明细不允许删除行"}
    assert (await _stored(env))["lines"] == START["lines"]
    # while a node allowed to delete may do so (and one that may not add may still edit in place)
    edited = [{"item": "机票", "price": 700, "qty": 1}]
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
