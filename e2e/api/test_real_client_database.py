"""数据库管理 and 数据模型 as the real client calls them (``DataTableService``, ``DataSetService``):
the ``token`` header, JSON bodies, ``qs`` parameters and the ``arrayFormat: brackets`` header of a
data set's ``field[]`` and ``defaultValue[]``. The master data source (``loom_app``) is the target.

Probes: a parameter carrying SQL stays a value; a write in a data set is refused; a long statement
stops at the timeout; rows stop at the cap; every executeSql run is logged with its text and who.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from urllib.parse import urlencode

import httpx
import pytest

from .test_real_client_flowable import _ok, jeeplus_client

RUN = uuid.uuid4().hex[:6]
TABLE = f"e2e_dbt_{RUN}"
BRACKETS = {"arrayFormat": "brackets"}


@pytest.fixture(scope="module")
def client(portal: httpx.Client) -> Iterator[httpx.Client]:
    yield from jeeplus_client(portal)


def _sql(client: httpx.Client, sql: str) -> httpx.Response:
    return client.post("/api/database/table/executeSql/master", json={"sql": sql})


def _columns(*extra: dict[str, str]) -> list[dict[str, str]]:
    base = [
        {"name": "id", "jdbcType": "varchar(64)", "isPk": "1", "isNull": "0", "comments": "主键"},
        {"name": "amount", "jdbcType": "numeric(10,2)", "isPk": "0", "isNull": "1", "comments": "金额"},
        {"name": "note", "jdbcType": "varchar(100)", "isPk": "0", "isNull": "1", "comments": "备注"},
    ]
    return [*base, *extra]


@pytest.fixture(scope="module")
def table(client: httpx.Client) -> str:
    """A table made with the create screen's calls, holding two rows."""
    form = _ok(client.get("/api/database/table/create", params={"dataSourceId": "master"}))
    assert form["table"]["columnList"] == [] and form["columnTypes"], form
    body = {"dataSourceId": "master", "name": TABLE, "comments": "接口测试表", "columnList": _columns()}
    _ok(client.post("/api/database/table/create/do", json=body))
    _ok(_sql(client, f"insert into {TABLE} (id, amount, note) values ('1', 12.34, '甲'), ('2', 200, '乙')"))
    return TABLE


def test_a_created_table_is_listed_viewed_and_refused_a_second_time(client: httpx.Client, table: str) -> None:
    # when the list is searched by name
    listed = _ok(client.get("/api/database/table/list", params={"dataSourceId": "master", "name": table}))
    # then the table is a row with its comment (the client reads data.rows)
    assert listed["rows"] == [{"name": table, "comments": "接口测试表"}]
    # when its data is viewed (the list's 查看数据)
    view = _ok(client.get(f"/api/database/table/executeSql/{table}", params={"dataSourceId": "master"}))
    assert view["columns"] == ["id", "amount", "note"]
    assert sorted((r["id"], r["amount"]) for r in view["list"]) == [("1", 12.34), ("2", 200)]
    # and creating it again is refused
    again = client.post("/api/database/table/create/do", json={"name": table, "columnList": _columns()})
    assert again.status_code == 409 and table in again.text, again.text


def test_an_alter_that_would_change_stored_values_is_shown_and_needs_force(
    client: httpx.Client, table: str
) -> None:
    # given the alter screen's table
    form = _ok(client.get("/api/database/table/alter", params={"dataSourceId": "master", "name": table}))
    columns = form["table"]["columnList"]
    assert [c["name"] for c in columns] == ["id", "amount", "note"]
    # when the amount loses its cents, previewed
    narrowed = [c | {"jdbcType": "numeric(10,0)"} if c["name"] == "amount" else c for c in columns]
    body = {"dataSourceId": "master", "name": table, "oldName": table, "columnList": narrowed, "isForce": "1"}
    preview = _ok(client.post("/api/database/table/alter/do", json=body | {"preview": "1"}))
    # then the statement is shown as one that can lose data
    assert preview["lossy"] is True and any(
        "amount" in s["sql"] and s["lossy"] for s in preview["statements"]
    )
    # when it is run without force, then it is refused naming the column, and the cents stay
    refused = client.post("/api/database/table/alter/do", json=body)
    assert refused.status_code == 400 and "amount" in refused.text, refused.text
    rows = _ok(client.get(f"/api/database/table/executeSql/{table}", params={"dataSourceId": "master"}))[
        "list"
    ]
    assert 12.34 in [r["amount"] for r in rows]


def test_a_column_renamed_on_the_alter_screen_keeps_its_values(client: httpx.Client, table: str) -> None:
    # when note becomes remark (oldName names the column it was)
    form = _ok(client.get("/api/database/table/alter", params={"dataSourceId": "master", "name": table}))
    columns = [c | {"name": "remark"} if c["name"] == "note" else c for c in form["table"]["columnList"]]
    _ok(
        client.post(
            "/api/database/table/alter/do", json={"name": table, "oldName": table, "columnList": columns}
        )
    )
    # then the values are under the new name
    view = _ok(client.get(f"/api/database/table/executeSql/{table}", params={"dataSourceId": "master"}))
    assert "remark" in view["columns"] and sorted(r["remark"] for r in view["list"]) == ["乙", "甲"]


def test_execute_sql_runs_one_statement_within_the_timeout_and_the_cap_and_logs_each_run(
    client: httpx.Client, table: str
) -> None:
    # when two statements are sent at once, then nothing runs
    two = _sql(client, f"select 1; drop table {table}")
    assert two.status_code == 400 and two.text == "一次只能执行一条SQL语句", two.text
    # when a statement returns more rows than the cap, then the answer stops at the cap
    many = _ok(_sql(client, "select generate_series(1, 5000) as n"))
    assert len(many["list"]) == 1000 and many["truncated"] is True
    # when a statement runs longer than the timeout, then it is stopped and says so
    slow = _sql(client, "select pg_sleep(30)")
    assert slow.status_code == 400 and "已停止" in slow.text, slow.text
    # then each run is in the log with its text and who ran it, the refused ones too
    log = _ok(client.get("/api/database/table/sqlLog", params={"dataSourceId": "master", "size": 20}))[
        "records"
    ]
    texts = {r["sql"]: r for r in log}
    assert texts["select pg_sleep(30)"]["error"] and texts["select pg_sleep(30)"]["loginName"] == "admin"
    assert f"select 1; drop table {table}" in texts
    assert texts["select generate_series(1, 5000) as n"]["rowCount"] == 1000


def test_execute_sql_on_master_cannot_reach_the_server(client: httpx.Client, table: str) -> None:
    # when executeSql tries what the server's superuser could (issue 33, finding 3): run a program,
    # read a server file, read the password hashes, make a superuser
    attempts = {
        "copy (select 1) to program 'id'": "program",
        "select pg_read_file('/etc/passwd')": "pg_read_file",
        "select rolname, rolpassword from pg_authid": "pg_authid",
        "create role e2e_root superuser login password 'x'": "role",
    }
    for sql in attempts:
        answer = _sql(client, sql)
        # then the database refuses each one, and the user reads why
        assert answer.status_code == 400 and answer.text.startswith("SQL执行失败"), (sql, answer.text)
        assert "permission denied" in answer.text or "must be" in answer.text, answer.text
    # and a data set cannot read a server file either
    read = _run(client, "exec", "select pg_read_file('/etc/hostname') as f", {})
    assert read.status_code == 400, read.text
    # while master still owns its tables
    assert _ok(_sql(client, f"select count(*) as n from {table}"))["list"] == [{"n": 2}]


def _data_set(client: httpx.Client, table: str) -> str:
    body = {
        "db": {"id": "master"},
        "name": f"金额{RUN}",
        "sqlcmd": f"select id, amount from {table} where id = '{{#ID#}}' or amount > {{#min#}} order by id",
        "params": [
            {"field": "ID", "defaultValue": "1"},
            {"field": "min", "defaultValue": "100", "type": "number"},
        ],
        "columnList": [
            {"name": "id", "label": "编号", "isNeed": True},
            {"name": "amount", "label": "金额", "isNeed": False},
        ],
    }
    return str(_ok(client.post("/api/database/datamodel/dataSet/save", json=body))["id"])


def _run(client: httpx.Client, path: str, sql: str, values: dict[str, str]) -> httpx.Response:
    # qs.stringify(params, {allowDots, arrayFormat: 'brackets'}) with the client's trailing ''
    pairs = [("db", "master"), ("sql", sql)]
    pairs += [("field[]", k) for k in values] + [("defaultValue[]", v) for v in values.values()]
    pairs.append(("defaultValue[]", ""))
    return client.get(f"/api/database/datamodel/dataSet/{path}?{urlencode(pairs)}", headers=BRACKETS)


def test_a_data_set_binds_its_parameters_reads_only_and_serves_its_data(
    client: httpx.Client, portal: httpx.Client, table: str
) -> None:
    sql = f"select id, amount from {table} where id = '{{#ID#}}' order by id"
    # when the editor parses the SQL, then it answers the columns
    meta = _ok(_run(client, "getMeta", sql, {"ID": "1"}))
    assert [c["name"] for c in meta["columnList"]] == ["id", "amount"]
    # when a parameter carries SQL, then it stays a value: no row matches it
    rows = _ok(_run(client, "exec", sql, {"ID": "1' or '1'='1"}))
    assert rows["json"] == []
    assert [r["id"] for r in _ok(_run(client, "exec", sql, {"ID": "1"}))["json"]] == ["1"]
    # when the SQL writes, then it is refused, also when the write hides in a WITH
    delete = _run(client, "exec", f"delete from {table}", {})
    assert delete.status_code == 400 and delete.text == "数据集只能执行查询语句", delete.text
    hidden = _run(client, "exec", f"with d as (delete from {table} returning id) select * from d", {})
    assert hidden.status_code == 400, hidden.text
    assert (
        len(
            _ok(client.get(f"/api/database/table/executeSql/{table}", params={"dataSourceId": "master"}))[
                "list"
            ]
        )
        == 2
    )
    # when it runs too long, then it stops
    slow = _run(client, "exec", "select pg_sleep(30)", {})
    assert slow.status_code == 400 and "已停止" in slow.text, slow.text
    # given the set saved with a typed parameter
    set_id = _data_set(client, table)
    saved = _ok(client.get("/api/database/datamodel/dataSet/queryById", params={"id": set_id}))
    assert [(p["field"], p["type"]) for p in saved["params"]] == [("ID", "string"), ("min", "number")]
    needed = _ok(
        client.get("/api/database/datamodel/dataMeta/queryNeedByDataSetId", params={"dataSetId": set_id})
    )
    assert [c["name"] for c in needed] == ["id"]
    # then its data is at a stable URL: with a login, and with the set's token without one
    base = f"/api/database/datamodel/dataSet/getData/{set_id}"
    assert [r["id"] for r in _ok(client.get(f"{base}/json"))] == ["1", "2"]
    assert [r["id"] for r in _ok(client.get(f"{base}/json", params={"min": "1000"}))] == ["1"]
    xml = portal.get(f"{base}/xml", params={"token": saved["token"]})
    assert xml.status_code == 200 and "<id>2</id>" in xml.text
    html = portal.get(f"{base}/html", params={"token": saved["token"], "ID": "<b>1</b>"})
    assert html.status_code == 200 and "<td>2</td>" in html.text and "<b>" not in html.text
    assert portal.get(f"{base}/json").status_code == 401
    assert portal.get(f"{base}/json", params={"token": "nope"}).status_code == 403
    assert portal.get(f"{base}/json", params={"token": saved["token"], "min": "many"}).status_code == 400
    # and the list shows it until it is deleted
    listed = _ok(client.get("/api/database/datamodel/dataSet/list", params={"name": f"金额{RUN}"}))["records"]
    assert [r["id"] for r in listed] == [set_id]
    _ok(client.delete("/api/database/datamodel/dataSet/delete", params={"ids": set_id}))
    assert client.get("/api/database/datamodel/dataSet/queryById", params={"id": set_id}).status_code == 404


def test_a_dropped_table_leaves_the_list(client: httpx.Client, table: str) -> None:
    _ok(client.delete("/api/database/table/drop", params={"tableName": table, "dataSourceId": "master"}))
    listed = _ok(client.get("/api/database/table/list", params={"dataSourceId": "master", "name": table}))
    assert listed["rows"] == []
    assert client.delete("/api/database/table/drop", params={"tableName": table}).status_code == 404
