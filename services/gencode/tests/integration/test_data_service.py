"""The DataService other services call: a table made from a form's fields through gencode's
sync (listed as synced), its columns, and rows written and read with parameters only."""

from __future__ import annotations

import json

import pytest

from loom_contracts.loom.gencode.v1 import data_pb2, data_pb2_grpc
from loom_gencode.grpc_server import SERVICE_TOKEN_KEY
from loom_platform.errors import ErrorCode, RemoteError
from loom_platform.grpc import Client


@pytest.fixture
async def stub(env):
    client = Client(
        f"127.0.0.1:{env.app.state.grpc_port}",
        deadline_seconds=10,
        metadata=[(SERVICE_TOKEN_KEY, env.settings.data_service_token)],
    )
    yield client, data_pb2_grpc.DataServiceStub(client.channel)
    await client.close()


@pytest.mark.parametrize("credential", [None, "a-guessed-token"])
async def test_a_caller_without_the_service_credential_is_refused(env, credential):
    # given: a caller that is not forms (no credential, or a wrong one)
    metadata = [(SERVICE_TOKEN_KEY, credential)] if credential else []
    client = Client(f"127.0.0.1:{env.app.state.grpc_port}", deadline_seconds=10, metadata=metadata)
    data = data_pb2_grpc.DataServiceStub(client.channel)
    try:
        # when / then: reading rows or listing tables is refused as unauthenticated
        for method, request in (
            (data.ListTables, data_pb2.ListTablesRequest(data_source="master")),
            (data.QueryRows, data_pb2.QueryRowsRequest(table="anything")),
        ):
            with pytest.raises(RemoteError) as refused:
                await client.call(method, request)
            assert refused.value.remote_code == ErrorCode.UNAUTHENTICATED
    finally:
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
    past_the_end = await client.call(
        data.QueryRows, data_pb2.QueryRowsRequest(table="form_rows", offset=10, limit=2)
    )
    assert past_the_end.total == 5 and json.loads(past_the_end.rows_json) == []
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


async def test_deep_pages_read_by_key_give_every_row_once_in_order_with_the_total(env, stub):
    client, data = stub
    await client.call(data.SyncTable, data_pb2.SyncTableRequest(table="form_pages", columns=_columns()))
    rows = [{"id": f"{i:03d}", "title": f"t{i % 4}", "amount": i % 7} for i in range(95)]
    insert = data_pb2.Change(table="form_pages", kind="insert", rows_json=json.dumps(rows))
    await client.call(data.ApplyChanges, data_pb2.ApplyChangesRequest(changes=[insert]))
    by_amount = [data_pb2.Sort(column="amount", asc=False), data_pb2.Sort(column="id", asc=False)]
    searched = [data_pb2.Filter(column="title", op="like", value="1")]
    expected = {
        "all": sorted(rows, key=lambda r: (r["amount"], r["id"]), reverse=True),
        "searched": sorted(
            (r for r in rows if r["title"] == "t1"), key=lambda r: (r["amount"], r["id"]), reverse=True
        ),
    }
    for name, filters in (("all", []), ("searched", searched)):
        # when: every page of 10, the deep ones past the first included
        found, totals = [], set()
        for offset in range(0, 100, 10):
            reply = await client.call(
                data.QueryRows,
                data_pb2.QueryRowsRequest(
                    table="form_pages", filters=filters, sorts=by_amount, offset=offset, limit=10
                ),
            )
            found += json.loads(reply.rows_json)
            totals.add(reply.total)
        # then: the rows of the sorted table, each once, with all their columns, and one total
        assert [r["id"] for r in found] == [r["id"] for r in expected[name]]
        assert [(r["title"], r["amount"]) for r in found] == [
            (r["title"], r["amount"]) for r in expected[name]
        ]
        assert totals == {len(expected[name])}


@pytest.mark.parametrize(
    "order",
    [
        (("happened", False), ("id", False)),  # newest first, as a list without a sort
        (("amount", True), ("title", False), ("id", True)),  # a user's sort, directions mixed
    ],
)
async def test_pages_after_the_last_row_read_give_every_row_once_in_any_order_nulls_too(env, stub, order):
    client, data = stub
    # given rows with ties and NULLs in every sorted column but the key
    table = f"form_keyset_{len(order)}"  # the business database outlives a test: a table a case
    await client.call(data.SyncTable, data_pb2.SyncTableRequest(table=table, columns=_columns()))
    rows = [
        {
            "id": f"{i:02d}",
            "title": None if i % 5 == 0 else f"t{i % 3}",
            "amount": None if i % 4 == 0 else i % 3,
            "happened": None if i % 6 == 0 else f"2026-11-2{i % 3} 10:00:00",
        }
        for i in range(23)
    ]
    insert = data_pb2.Change(table=table, kind="insert", rows_json=json.dumps(rows))
    await client.call(data.ApplyChanges, data_pb2.ApplyChangesRequest(changes=[insert]))
    sorts = [data_pb2.Sort(column=c, asc=a) for c, a in order]

    async def page(after: list | None, limit: int = 0) -> list[dict]:
        keyset = [data_pb2.Filter(op="after", value=json.dumps(after))] if after is not None else []
        request = data_pb2.QueryRowsRequest(
            table=table, filters=keyset, sorts=sorts, limit=limit, skip_total=True
        )
        return json.loads((await client.call(data.QueryRows, request)).rows_json)

    # when the table is read 4 rows at a time, each page after the last row of the one before
    found: list[dict] = []
    for _ in range(10):  # 6 pages hold the 23 rows; a filter that did not move on would loop
        rows_read = await page([found[-1][c] for c, _ in order] if found else None, 4)
        found += rows_read
        if len(rows_read) < 4:
            break
    # then every row once, in the database's own order of the whole table
    assert [r["id"] for r in found] == [r["id"] for r in await page(None)]
    assert len(found) == 23


async def test_a_contains_search_ignores_case_and_finds_chinese_and_digits(env, stub):
    client, data = stub
    await client.call(data.SyncTable, data_pb2.SyncTableRequest(table="form_search", columns=_columns()))
    rows = [
        {"id": "1", "title": "Zhang 员工007"},
        {"id": "2", "title": "zhang 员工008"},
        {"id": "3", "title": "王五"},
    ]
    insert = data_pb2.Change(table="form_search", kind="insert", rows_json=json.dumps(rows))
    await client.call(data.ApplyChanges, data_pb2.ApplyChangesRequest(changes=[insert]))

    async def ids(value: str) -> list[str]:
        reply = await client.call(
            data.QueryRows,
            data_pb2.QueryRowsRequest(
                table="form_search",
                filters=[data_pb2.Filter(column="title", op="like", value=value)],
                sorts=[data_pb2.Sort(column="id", asc=True)],
            ),
        )
        return [r["id"] for r in json.loads(reply.rows_json)]

    # when / then: text with case matches either case; digits, Chinese and spaces match as written
    assert await ids("ZHANG") == ["1", "2"]
    assert await ids("员工00") == ["1", "2"]
    assert await ids("g 员工007") == ["1"]
    assert await ids("王") == ["3"]
    assert await ids("09") == []
