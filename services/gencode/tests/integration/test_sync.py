"""Synchronisation: create, alter keeping data (add, widen, rename by add-and-copy), forced
re-create, preview with lossy statements, isSync, on PostgreSQL and MariaDB."""

from __future__ import annotations

import pytest
from sqlalchemy import create_engine, inspect, text
from sqlalchemy.engine import make_url

from loom_platform.db import sync_url

from ..conftest import column, table
from .helpers import save_table, sync


async def _mysql_source(env, url):
    u = make_url(url)
    await env.client.post(
        "/database/datalink/dataSource/save",
        json={
            "enName": "maria",
            "name": "MariaDB",
            "dbType": "mysql",
            "host": u.host,
            "port": u.port or 3306,
            "dbName": u.database,
            "username": u.username,
            "password": u.password or "",
        },
        headers=env.headers(),
    )
    records = (await env.client.get("/database/datalink/dataSource/list", headers=env.headers())).json()[
        "records"
    ]
    return next(x["id"] for x in records if x["enName"] == "maria")


@pytest.fixture(params=["postgresql", "mariadb"])
async def target(request, env):
    if request.param == "postgresql":
        yield "master", sync_url(env.settings.app_database_url)
        return
    url = request.getfixturevalue("mysql_url")
    yield await _mysql_source(env, url), url


async def test_sync_keeps_data_through_add_widen_and_rename(env, target):
    ds, url = target
    engine = create_engine(url)
    with engine.begin() as conn:
        conn.execute(text("DROP TABLE IF EXISTS demo_sync"))
    h = env.headers()
    # given a synchronised table with rows
    rec = await save_table(
        env, table("demo_sync", column("title", "varchar(20)"), column("code", "varchar(10)"), ds=ds)
    )
    r = await sync(env, rec["id"])
    assert r.status_code == 200, r.text
    rec = (await env.client.get("/gencode/table/queryById", params={"id": rec["id"]}, headers=h)).json()
    assert rec["isSync"] == "1"
    with engine.begin() as conn:
        conn.execute(
            text("INSERT INTO demo_sync (id, title, code) VALUES ('1', 'hello', 'A1'), ('2', 'world', 'B2')")
        )
    # when a column is added, one widened and one renamed
    cols = rec["columnList"]
    next(c for c in cols if c["name"] == "title")["jdbcType"] = "varchar(200)"
    next(c for c in cols if c["name"] == "code")["name"] = "serial_code"
    cols.append(column("amount", "integer"))
    r = await env.client.post("/gencode/table/save", json=rec, headers=h)
    assert r.status_code == 200, r.text
    rec = (await env.client.get("/gencode/table/queryById", params={"id": rec["id"]}, headers=h)).json()
    assert rec["isSync"] == "0"
    preview = (
        await env.client.get(
            "/gencode/table/syncPreview", params={"id": rec["id"], "isForce": "1"}, headers=h
        )
    ).json()
    assert preview["statements"] and not preview["lossy"]
    r = await sync(env, rec["id"], "1")
    assert r.status_code == 200, r.text
    # then every row is kept with its values
    with engine.connect() as conn:
        rows = conn.execute(text("SELECT id, title, serial_code, amount FROM demo_sync ORDER BY id")).all()
        names = {c["name"] for c in inspect(conn).get_columns("demo_sync")}
    assert [tuple(r) for r in rows] == [("1", "hello", "A1", None), ("2", "world", "B2", None)]
    assert "code" not in names and {"serial_code", "amount"} <= names
    # and a column removed from the design that holds data is kept
    rec = (await env.client.get("/gencode/table/queryById", params={"id": rec["id"]}, headers=h)).json()
    rec["columnList"] = [c for c in rec["columnList"] if c["name"] != "title"]
    await env.client.post("/gencode/table/save", json=rec, headers=h)
    assert (await sync(env, rec["id"], "1")).status_code == 200
    with engine.connect() as conn:
        assert "title" in {c["name"] for c in inspect(conn).get_columns("demo_sync")}
    # forced sync drops and re-creates: rows are gone, and the preview says it loses data
    preview = (
        await env.client.get(
            "/gencode/table/syncPreview", params={"id": rec["id"], "isForce": "2"}, headers=h
        )
    ).json()
    assert preview["lossy"] and any(
        s["lossy"] and "DROP TABLE" in s["sql"].upper() for s in preview["statements"]
    )
    assert (await sync(env, rec["id"], "2")).status_code == 200
    with engine.connect() as conn:
        assert conn.execute(text("SELECT count(*) FROM demo_sync")).scalar() == 0
        assert "title" not in {c["name"] for c in inspect(conn).get_columns("demo_sync")}
    with engine.begin() as conn:
        conn.execute(text("DROP TABLE demo_sync"))
    engine.dispose()


async def test_narrowing_is_marked_lossy(env):
    rec = await save_table(env, table("demo_narrow", column("title", "varchar(100)")))
    await sync(env, rec["id"])
    rec = (
        await env.client.get("/gencode/table/queryById", params={"id": rec["id"]}, headers=env.headers())
    ).json()
    next(c for c in rec["columnList"] if c["name"] == "title")["jdbcType"] = "varchar(10)"
    await env.client.post("/gencode/table/save", json=rec, headers=env.headers())
    preview = (
        await env.client.get(
            "/gencode/table/syncPreview", params={"id": rec["id"], "isForce": "1"}, headers=env.headers()
        )
    ).json()
    assert preview["lossy"] and any("ALTER" in s["sql"].upper() and s["lossy"] for s in preview["statements"])
    engine = create_engine(sync_url(env.settings.app_database_url))
    with engine.begin() as conn:
        conn.execute(text("DROP TABLE demo_narrow"))
    engine.dispose()


async def test_sync_mode_must_be_1_or_2(env):
    rec = await save_table(env, table("demo_mode"))
    r = await sync(env, rec["id"], "3")
    assert r.status_code == 400 and r.json()["msg"] == "同步方式[3]非法"


async def test_data_that_does_not_convert_fails_with_reason(env):
    rec = await save_table(env, table("demo_conv", column("title", "varchar(20)")))
    await sync(env, rec["id"])
    engine = create_engine(sync_url(env.settings.app_database_url))
    with engine.begin() as conn:
        conn.execute(text("INSERT INTO demo_conv (id, title) VALUES ('1', 'not a number')"))
    rec = (
        await env.client.get("/gencode/table/queryById", params={"id": rec["id"]}, headers=env.headers())
    ).json()
    next(c for c in rec["columnList"] if c["name"] == "title")["jdbcType"] = "integer"
    await env.client.post("/gencode/table/save", json=rec, headers=env.headers())
    r = await sync(env, rec["id"])
    assert r.status_code == 400 and r.json()["msg"].startswith("同步数据库失败")
    with engine.connect() as conn:
        assert conn.execute(text("SELECT title FROM demo_conv")).scalar() == "not a number"
    with engine.begin() as conn:
        conn.execute(text("DROP TABLE demo_conv"))
    engine.dispose()
