"""The DataService other services call: a table made from a form's fields through gencode's
sync (listed as synced), its columns, and rows written and read with parameters only."""

from __future__ import annotations

import json

import pytest

from loom_contracts.loom.gencode.v1 import data_pb2, data_pb2_grpc
from loom_platform.grpc import Client


@pytest.fixture
async def stub(env):
    client = Client(f"127.0.0.1:{env.app.state.grpc_port}", deadline_seconds=10)
    yield client, data_pb2_grpc.DataServiceStub(client.channel)
    await client.close()


def _columns():
    return [
        data_pb2.ColumnInfo(name="title", jdbc_type="varchar(100)", comments="标题"),
        data_pb2.ColumnInfo(name="amount", jdbc_type="decimal(18,2)", comments="金额"),
        data_pb2.ColumnInfo(name="happened", jdbc_type="timestamp", comments="时间"),
    ]


async def test_a_table_synced_from_fields_exists_and_shows_as_synced_in_the_table_list(env, stub):
    client, data = stub
    # when
    reply = await client.call(
        data.SyncTable,
        data_pb2.SyncTableRequest(
            table="form_expense", comments="报销", columns=_columns(), sort_columns=["amount"]
        ),
    )
    # then
    assert reply.table_id and any("CREATE TABLE" in s for s in reply.statements)
    indexes = [s for s in reply.statements if s.startswith("CREATE INDEX")]
    assert len(indexes) == 2 and "(create_date, id)" in indexes[0] and "(amount, id)" in indexes[1]
    listed = (await env.client.get("/gencode/table/list", headers=env.headers())).json()["result"]["records"]
    assert [(r["name"], r["isSync"]) for r in listed] == [("form_expense", "1")]
    cols = await client.call(data.ListColumns, data_pb2.ListColumnsRequest(table="form_expense"))
    names = [c.name for c in cols.columns]
    assert names[:6] == ["id", "create_by", "create_date", "update_by", "update_date", "del_flag"]
    assert names[6:] == ["title", "amount", "happened"]
    tables = await client.call(data.ListTables, data_pb2.ListTablesRequest(data_source="master"))
    assert "form_expense" in [t.name for t in tables.tables]


async def test_altering_the_table_adds_a_column_and_keeps_rows(env, stub):
    client, data = stub
    await client.call(data.SyncTable, data_pb2.SyncTableRequest(table="form_alter", columns=_columns()[:1]))
    await client.call(
        data.ApplyChanges,
        data_pb2.ApplyChangesRequest(
            changes=[
                data_pb2.Change(table="form_alter", kind="insert", rows_json='[{"id": "1", "title": "a"}]')
            ]
        ),
    )
    # when
    await client.call(data.SyncTable, data_pb2.SyncTableRequest(table="form_alter", columns=_columns()))
    # then
    reply = await client.call(data.QueryRows, data_pb2.QueryRowsRequest(table="form_alter"))
    assert reply.total == 1 and json.loads(reply.rows_json)[0]["amount"] is None


async def test_rows_are_inserted_filtered_sorted_updated_and_deleted(env, stub):
    client, data = stub
    await client.call(data.SyncTable, data_pb2.SyncTableRequest(table="form_rows", columns=_columns()))
    rows = [
        {"id": str(i), "title": f"t{i}%", "amount": str(i * 1.5), "happened": f"2026-01-0{i} 10:00:00"}
        for i in range(1, 6)
    ]
    insert = data_pb2.Change(table="form_rows", kind="insert", rows_json=json.dumps(rows))
    assert list(
        (await client.call(data.ApplyChanges, data_pb2.ApplyChangesRequest(changes=[insert]))).counts
    ) == [5]
    # when: a like filter (with a % that must stay literal) and a sort
    reply = await client.call(
        data.QueryRows,
        data_pb2.QueryRowsRequest(
            table="form_rows",
            filters=[data_pb2.Filter(column="title", op="like", value="%")],
            sorts=[data_pb2.Sort(column="amount", asc=False)],
            limit=2,
        ),
    )
    # then
    found = json.loads(reply.rows_json)
    assert reply.total == 5 and [r["id"] for r in found] == ["5", "4"]
    assert found[0]["amount"] == 7.5 and found[0]["happened"] == "2026-01-05 10:00:00"
    update = data_pb2.Change(
        table="form_rows", kind="update", rows_json='{"title": "new"}', key_column="id", key_values=["1"]
    )
    delete = data_pb2.Change(table="form_rows", kind="delete", key_column="id", key_values=["2", "3"])
    counts = await client.call(data.ApplyChanges, data_pb2.ApplyChangesRequest(changes=[update, delete]))
    assert list(counts.counts) == [1, 2]
    eq = data_pb2.Filter(column="title", op="eq", value="new")
    reply = await client.call(data.QueryRows, data_pb2.QueryRowsRequest(table="form_rows", filters=[eq]))
    assert reply.total == 1


async def test_unknown_columns_and_bad_values_are_refused_and_nothing_is_written(env, stub):
    client, data = stub
    await client.call(data.SyncTable, data_pb2.SyncTableRequest(table="form_bad", columns=_columns()))
    good = data_pb2.Change(table="form_bad", kind="insert", rows_json='[{"id": "1", "title": "ok"}]')
    bad = data_pb2.Change(table="form_bad", kind="insert", rows_json='[{"id": "2", "amount": "lots"}]')
    # when / then
    with pytest.raises(Exception) as caught:
        await client.call(data.ApplyChanges, data_pb2.ApplyChangesRequest(changes=[good, bad]))
    assert "lots" in str(caught.value)
    injected = data_pb2.Change(table="form_bad", kind="insert", rows_json='[{"id; drop table x": "1"}]')
    with pytest.raises(Exception, match="id; drop table x"):
        await client.call(data.ApplyChanges, data_pb2.ApplyChangesRequest(changes=[injected]))
    reply = await client.call(data.QueryRows, data_pb2.QueryRowsRequest(table="form_bad"))
    assert reply.total == 0
    with pytest.raises(Exception, match="form_nowhere"):
        await client.call(data.QueryRows, data_pb2.QueryRowsRequest(table="form_nowhere"))


async def test_a_bulk_insert_keeps_every_value_and_fills_missing_columns_with_null(env, stub):
    client, data = stub
    await client.call(data.SyncTable, data_pb2.SyncTableRequest(table="form_bulk", columns=_columns()))
    rows = [{"id": f"{i:04d}", "title": f"行\t{i}\\n", "amount": i} for i in range(300)]
    rows[7] = {"id": "0007", "happened": "2026-02-03 04:05:06"}
    # when: enough rows to go through COPY
    insert = data_pb2.Change(table="form_bulk", kind="insert", rows_json=json.dumps(rows))
    counts = await client.call(data.ApplyChanges, data_pb2.ApplyChangesRequest(changes=[insert]))
    # then
    assert list(counts.counts) == [300]
    reply = await client.call(
        data.QueryRows,
        data_pb2.QueryRowsRequest(table="form_bulk", sorts=[data_pb2.Sort(column="id", asc=True)]),
    )
    found = json.loads(reply.rows_json)
    assert reply.total == 300 and (found[1]["title"], found[1]["amount"]) == ("行\t1\\n", 1)
    assert (found[7]["title"], found[7]["amount"], found[7]["happened"]) == (
        None,
        None,
        "2026-02-03 04:05:06",
    )
