"""A form bound to tables that already exist in the data source: the main table and a sub-table
joined by its foreign key, each with its own primary key (not necessarily `id`)."""

from __future__ import annotations

import json

import psycopg

from loom_platform.db import sync_url

from .helpers import run_sql

SOURCE = {
    "list": [
        {"type": "input", "model": "title", "name": "标题", "options": {"required": True, "isSearch": True}},
        {"type": "number", "model": "amount", "name": "金额", "options": {}},
        {
            "type": "table",
            "model": "lines",
            "name": "明细",
            "tableName": "ext_order_line",
            "foreignKey": "order_code",
            "tableColumns": [{"type": "input", "model": "product", "name": "商品", "options": {}}],
        },
    ],
    "config": {},
}


async def _bind(env, code, table, source=SOURCE):
    made = await env.client.post(
        "/form/make/saveBasicInfo", json={"name": "订单", "code": code}, headers=env.headers()
    )
    form_id = made.json()["id"]
    await env.client.post(
        "/form/make/save",
        json={"id": form_id, "source": json.dumps(source, ensure_ascii=False)},
        headers=env.headers(),
    )
    bound = await env.client.post(
        "/form/make/saveFormSource",
        json={"id": form_id, "tableName": table, "autoCreate": "0"},
        headers=env.headers(),
    )
    return form_id, bound


async def test_a_form_bound_to_existing_tables_writes_its_sub_table_rows_by_the_foreign_key(env):
    # given: an order table keyed by `code` and its lines keyed by `line_no`, no base columns
    run_sql(
        env,
        "CREATE TABLE ext_order (code varchar(64) PRIMARY KEY, title varchar(100), amount numeric(10,2))",
        "CREATE TABLE ext_order_line (line_no varchar(64) PRIMARY KEY, order_code varchar(64), product text)",
    )
    env.access.permissions["admin"] |= {f"form:orders:{a}" for a in ("view", "add", "edit", "del")}
    form_id, bound = await _bind(env, "orders", "ext_order")
    assert bound.status_code == 200, bound.text
    # when
    saved = await env.client.post(
        "/form/generate/save",
        json={
            "formId": form_id,
            "title": "首单",
            "amount": 5.5,
            "lines": [{"product": "笔"}, {"product": "纸"}],
        },
        headers=env.headers(),
    )
    # then
    assert saved.status_code == 200, saved.text
    listed = (
        await env.client.get("/form/generate/list", params={"formId": form_id}, headers=env.headers())
    ).json()
    assert [(r["title"], r["amount"]) for r in listed["records"]] == [("首单", 5.5)]
    code = listed["records"][0]["id"]
    read = (
        await env.client.get(
            "/form/generate/queryById", params={"formId": form_id, "id": code}, headers=env.headers()
        )
    ).json()
    assert sorted(line["product"] for line in read["lines"]) == ["笔", "纸"]
    deleted = await env.client.delete(
        "/form/generate/delete", params={"formId": form_id, "ids": code}, headers=env.headers()
    )
    assert deleted.status_code == 200  # the rows are gone from both tables
    with psycopg.connect(sync_url(env.app_database_url).replace("+psycopg", "")) as conn:
        assert conn.execute("SELECT count(*) FROM ext_order_line").fetchone() == (0,)
        assert conn.execute("SELECT count(*) FROM ext_order").fetchone() == (0,)


async def test_tables_forms_cannot_key_or_a_missing_sub_table_are_refused_at_bind_time(env):
    # given: a table keyed by an integer, and a form whose sub-table names no existing table
    run_sql(env, "CREATE TABLE ext_counter (n bigint PRIMARY KEY, title varchar(100), amount numeric)")
    flat = {"list": SOURCE["list"][:2], "config": {}}
    # when
    _, by_integer = await _bind(env, "counter", "ext_counter", flat)
    run_sql(env, "CREATE TABLE ext_order2 (id varchar(64) PRIMARY KEY, title varchar(100), amount numeric)")
    _, no_sub_table = await _bind(env, "orders2", "ext_order2")
    # then
    assert by_integer.status_code == 400
    assert by_integer.json()["msg"] == "数据表ext_counter须有一个字符型主键列才能绑定（现有主键：n bigint）"
    assert no_sub_table.status_code == 400
    assert no_sub_table.json()["msg"] == (
        "子表“明细”对应的数据表ext_order_line不存在，请在子表的数据表(tableName)中选择已有的表"
    )


async def test_a_form_naming_a_data_source_that_does_not_exist_is_refused(env):
    # when a form is saved, or bound, naming a data source gencode does not know
    made = await env.client.post(
        "/form/make/saveBasicInfo",
        json={"name": "外部", "code": "extnosrc", "dataSource": {"id": "no-such-source"}},
        headers=env.headers(),
    )
    plain = await env.client.post(
        "/form/make/saveBasicInfo", json={"name": "外部", "code": "extnosrc"}, headers=env.headers()
    )
    bound = await env.client.post(
        "/form/make/saveFormSource",
        json={"id": plain.json()["id"], "tableName": "ext_x", "dataSource": {"id": "no-such-source"}},
        headers=env.headers(),
    )
    # then each is a 400 naming it (nothing was saved with the unknown source)
    assert (made.status_code, made.json()["msg"]) == (400, "数据源[no-such-source]不存在")
    assert (bound.status_code, bound.json()["msg"]) == (400, "数据源[no-such-source]不存在")
    assert plain.status_code == 200 and plain.json()["dataSource"]["id"] == "master"
