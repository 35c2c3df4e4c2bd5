"""Table design: save with every rule, list envelope, queryConfig, delete, import."""

from __future__ import annotations

import pytest
from sqlalchemy import create_engine, text

from loom_platform.db import sync_url

from ..conftest import column, table
from .helpers import save_table, sync


async def test_save_list_and_query_by_id(env):
    rec = await save_table(env, table("demo_note", column("title", "varchar(100)")))
    assert rec["isSync"] == "0" and rec["dataSource"]["id"] == "master"
    assert [c["name"] for c in rec["columnList"]][-1] == "title"
    page = (
        await env.client.get("/gencode/table/list", params={"dataSource.id": "master"}, headers=env.headers())
    ).json()
    assert page["code"] == 200 and page["result"]["total"] == 1
    r = await env.client.get("/gencode/table/list", params={"orders[0].column": "x"}, headers=env.headers())
    assert r.status_code == 400


@pytest.mark.parametrize(
    ("mutate", "msg"),
    [
        (lambda b: b.update(name=""), "表名不能为空"),
        (lambda b: b.update(comments=""), "说明不能为空"),
        (lambda b: b.update(className=""), "类名不能为空"),
        (lambda b: b.update(parentTable="demo_parent"), "当前表外键不能为空"),
        (lambda b: b["columnList"].append({**column("x"), "name": ""}), "列名不能为空"),
        (lambda b: b["columnList"].append(column("x", javaField=".x")), "Java属性名称【.x】非法"),
        (lambda b: b["columnList"].append(column("x", javaField="x.")), "Java属性名称【x.】非法"),
        (lambda b: b["columnList"].append(column("x", jdbcType="")), "列[x]的物理类型不能为空"),
        (lambda b: b["columnList"].append(column("x", javaType="")), "列[x]的Java类型不能为空"),
        (
            lambda b: b["columnList"].append(column("x", javaType="com.a.Obj", javaField="x")),
            "列[x]关联对象必须选择至少一个属性",
        ),
        (
            lambda b: b["columnList"].append(column("x", showType="gridselect")),
            "列[x]的表格选择需要填写显示名称、字段、检索名称和检索字段（用|分隔）",
        ),
        (lambda b: b.update(dataSource={"id": "no-such-source"}), "数据源[no-such-source]不存在"),
    ],
)
async def test_design_rules(env, mutate, msg):
    body = table("demo_rule")
    mutate(body)
    r = await env.client.post("/gencode/table/save", json=body, headers=env.headers())
    assert r.status_code == 400 and r.json()["msg"] == msg


async def test_tree_workflow_child_and_right_table_rules(env):
    h = env.headers()
    body = table("demo_tree", table_type="3")
    body["columnList"] = [c for c in body["columnList"] if c["name"] != "parent_ids"]
    r = await env.client.post("/gencode/table/save", json=body, headers=h)
    assert r.json()["msg"] == "树表必须包含字段[parent_ids]"
    body = table("demo_flow", table_type="6")
    body["columnList"] = [c for c in body["columnList"] if c["name"] != "proc_ins_id"]
    r = await env.client.post("/gencode/table/save", json=body, headers=h)
    assert r.json()["msg"] == "工作流表单必须包含字段[proc_ins_id]"
    r = await env.client.post("/gencode/table/save", json=table("demo_child", table_type="2"), headers=h)
    assert r.json()["msg"] == "附表必须选择主表"
    right = table(
        "demo_right",
        column("tree_id", isQuery="0"),
        table_type="5",
        parentTable="demo_tree",
        parentTableFk="tree_id",
    )
    r = await env.client.post("/gencode/table/save", json=right, headers=h)
    assert r.json()["msg"] == "右表的外键[tree_id]必须勾选查询"


async def test_base_columns_cannot_be_deleted(env):
    rec = await save_table(env, table("demo_base"))
    rec["columnList"] = [c for c in rec["columnList"] if c["name"] != "del_flag"]
    r = await env.client.post("/gencode/table/save", json=rec, headers=env.headers())
    assert r.status_code == 400 and r.json()["msg"] == "基础字段[del_flag]不可删除"


async def test_query_config(env):
    cfg = (await env.client.get("/gencode/table/queryConfig", headers=env.headers())).json()
    assert {"javaTypeList", "showTypeList", "validateTypeList", "queryTypeList"} <= set(cfg["config"])
    assert any(x["value"] == "varchar(64)" for x in cfg["config"]["postGreSqlFieldType"])
    assert any(x["value"] == "datetime" for x in cfg["config"]["mysqlFieldType"])
    assert "tableList" in cfg


async def test_delete_keeps_physical_table_delete_db_drops_it(env):
    h = env.headers()
    rec = await save_table(env, table("demo_drop"))
    assert (await sync(env, rec["id"])).status_code == 200
    engine = create_engine(sync_url(env.settings.app_database_url))
    with engine.connect() as conn:
        assert conn.execute(text("SELECT to_regclass('demo_drop')")).scalar() is not None
    r = await env.client.delete("/gencode/table/deleteDb", params={"id": rec["id"]}, headers=h)
    assert r.status_code == 200
    with engine.connect() as conn:
        assert conn.execute(text("SELECT to_regclass('demo_drop')")).scalar() is None
    rec = await save_table(env, table("demo_keep"))
    await sync(env, rec["id"])
    await env.client.delete("/gencode/table/delete", params={"ids": rec["id"]}, headers=h)
    with engine.connect() as conn:
        assert conn.execute(text("SELECT to_regclass('demo_keep')")).scalar() is not None
        conn.execute(text("DROP TABLE demo_keep"))
        conn.commit()
    engine.dispose()


async def test_import_from_postgres(env):
    engine = create_engine(sync_url(env.settings.app_database_url))
    with engine.begin() as conn:
        conn.execute(text("DROP TABLE IF EXISTS imp_order"))
        conn.execute(
            text(
                "CREATE TABLE imp_order (id varchar(64) primary key, name varchar(100) not null, "
                "amount numeric(10,2), created timestamp, qty integer)"
            )
        )
        conn.execute(text("COMMENT ON TABLE imp_order IS '订单'"))
        conn.execute(text("COMMENT ON COLUMN imp_order.name IS '名称'"))
    h = env.headers()
    rows = (
        await env.client.get(
            "/gencode/table/importTableData",
            params={"name": "imp_", "dataSource.enName": "master"},
            headers=h,
        )
    ).json()["rows"]
    assert {"name": "imp_order", "comments": "订单"} in rows
    r = await env.client.post(
        "/gencode/table/saveTableFromDB",
        json={"name": "imp_order", "dataSource": {"id": "master"}},
        headers=h,
    )
    assert r.status_code == 200, r.text
    page = (await env.client.get("/gencode/table/list", params={"nameLike": "imp_order"}, headers=h)).json()
    rec = (
        await env.client.get(
            "/gencode/table/queryById", params={"id": page["result"]["records"][0]["id"]}, headers=h
        )
    ).json()
    cols = {c["name"]: c for c in rec["columnList"]}
    assert cols["id"]["isPk"] == "1" and cols["name"]["isNull"] == "0" and cols["name"]["comments"] == "名称"
    assert cols["name"]["queryType"] == "LIKE" and cols["qty"]["queryType"] == "EQ"
    assert cols["amount"]["javaType"] == "Double" and cols["created"]["javaType"] == "java.util.Date"
    assert cols["created"]["showType"] == "dateselect" and cols["qty"]["jdbcType"] == "integer"
    assert rec["className"] == "ImpOrder"
    with engine.begin() as conn:
        conn.execute(text("DROP TABLE imp_order"))
    engine.dispose()


async def test_import_refuses_a_json_body_that_is_not_an_object(env):
    answer = await env.client.post("/gencode/table/saveTableFromDB", json=[None, None], headers=env.headers())
    assert (answer.status_code, answer.json()["code"]) == (400, "INVALID_ARGUMENT")


async def test_import_from_mariadb(env, mysql_url):
    from sqlalchemy.engine import make_url

    engine = create_engine(mysql_url)
    with engine.begin() as conn:
        conn.execute(text("DROP TABLE IF EXISTS imp_m"))
        conn.execute(
            text(
                "CREATE TABLE imp_m (id varchar(64) primary key, name varchar(100) not null comment '名称', "
                "price decimal(10,2), d datetime, n int) comment='商品'"
            )
        )
    u = make_url(mysql_url)
    h = env.headers()
    await env.client.post(
        "/database/datalink/dataSource/save",
        json={
            "enName": "maria",
            "name": "MariaDB",
            "dbType": "mariadb",
            "host": u.host,
            "port": u.port or 3306,
            "dbName": u.database,
            "username": u.username,
            "password": u.password or "",
        },
        headers=h,
    )
    rows = (
        await env.client.get(
            "/gencode/table/importTableData",
            params={"name": "imp_m", "dataSource.enName": "maria"},
            headers=h,
        )
    ).json()["rows"]
    assert rows == [{"name": "imp_m", "comments": "商品"}]
    ds_id = next(
        x["id"]
        for x in (await env.client.get("/database/datalink/dataSource/list", headers=h)).json()["records"]
        if x["enName"] == "maria"
    )
    r = await env.client.post(
        "/gencode/table/saveTableFromDB", json={"name": "imp_m", "dataSource": {"id": ds_id}}, headers=h
    )
    assert r.status_code == 200, r.text
    page = (await env.client.get("/gencode/table/list", params={"dataSource.id": ds_id}, headers=h)).json()
    rec = (
        await env.client.get(
            "/gencode/table/queryById", params={"id": page["result"]["records"][0]["id"]}, headers=h
        )
    ).json()
    cols = {c["name"]: c for c in rec["columnList"]}
    assert (
        cols["name"]["comments"] == "名称"
        and cols["n"]["jdbcType"] == "int"
        and cols["d"]["jdbcType"] == "datetime"
    )
    with engine.begin() as conn:
        conn.execute(text("DROP TABLE imp_m"))
    engine.dispose()
