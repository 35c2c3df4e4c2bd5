"""Data sources: save (password encrypted), test, checkEnName, list, treeData, delete."""

from __future__ import annotations

from sqlalchemy import text
from sqlalchemy.engine import make_url


def _mysql_body(url: str, **extra):
    u = make_url(url)
    return {
        "enName": "maria",
        "name": "MariaDB",
        "dbType": "mysql",
        "host": u.host,
        "port": u.port or 3306,
        "dbName": u.database,
        "username": u.username,
        "password": u.password or "",
        **extra,
    }


async def test_master_is_listed_and_in_tree(env):
    h = env.headers()
    page = (await env.client.get("/database/datalink/dataSource/list", headers=h)).json()
    assert page["records"][0]["id"] == "master" and page["records"][0]["dbType"] == "postgresql"
    tree = (await env.client.get("/database/datalink/dataSource/treeData", headers=h)).json()
    assert tree[0]["type"] == "db" and tree[0]["label"] == "数据库连接"
    english = {**h, "Accept-Language": "en-US"}
    tree_en = (await env.client.get("/database/datalink/dataSource/treeData", headers=english)).json()
    assert tree_en[0]["label"] == "Database connections"
    assert [c["name"] for c in tree_en[0]["children"]][:1] == ["Local database"]
    assert page["records"][0]["name"] == "本地数据库"
    assert tree[0]["children"][0]["dbType"] == "postgresql"
    r = await env.client.post(
        "/database/datalink/dataSource/test", json={"id": "master", "dbType": "postgresql"}, headers=h
    )
    assert r.status_code == 200 and r.json() == "数据库连接成功!"


async def test_mysql_source_end_to_end(env, mysql_url):
    h = env.headers()
    body = _mysql_body(mysql_url, password="s3cret-pw")
    # a wrong password fails the test with the driver's reason (root has no password here)
    r = await env.client.post("/database/datalink/dataSource/test", json=body, headers=h)
    if make_url(mysql_url).password:
        assert r.status_code == 200
    body = _mysql_body(mysql_url)
    r = await env.client.post("/database/datalink/dataSource/test", json=body, headers=h)
    assert r.status_code == 200, r.text
    # save: the password is encrypted at rest and never returned
    body["password"] = "s3cret-pw"
    r = await env.client.post("/database/datalink/dataSource/save", json=body, headers=h)
    assert r.status_code == 200, r.text
    async with env.app.state.engine.connect() as conn:
        stored = (await conn.execute(text("SELECT password_enc FROM gen_data_source"))).scalar_one()
    assert stored and "s3cret" not in stored
    rec = next(
        x
        for x in (await env.client.get("/database/datalink/dataSource/list", headers=h)).json()["records"]
        if x["enName"] == "maria"
    )
    got = (
        await env.client.get("/database/datalink/dataSource/queryById", params={"id": rec["id"]}, headers=h)
    ).json()
    assert "password" not in got and "passwordEnc" not in got
    # en names
    free = await env.client.get(
        "/database/datalink/dataSource/checkEnName", params={"enName": "maria"}, headers=h
    )
    assert free.json() is False
    same = await env.client.get(
        "/database/datalink/dataSource/checkEnName",
        params={"enName": "maria", "oldEnName": "maria"},
        headers=h,
    )
    assert same.json() is True
    dup = await env.client.post("/database/datalink/dataSource/save", json={**body, "id": None}, headers=h)
    assert dup.status_code == 409
    # delete
    r = await env.client.delete("/database/datalink/dataSource/delete", params={"ids": rec["id"]}, headers=h)
    assert r.status_code == 200


async def test_unknown_kind_and_missing_driver_are_refused(env):
    h = env.headers()
    r = await env.client.post(
        "/database/datalink/dataSource/save", json={"enName": "x", "name": "x", "dbType": "foo"}, headers=h
    )
    assert r.status_code == 400 and r.json()["msg"] == "不支持的数据库类型[foo]"
    r = await env.client.post(
        "/database/datalink/dataSource/save", json={"enName": "o", "name": "o", "dbType": "oracle"}, headers=h
    )
    assert r.status_code == 400 and r.json()["msg"] == "数据库类型[oracle]的驱动未安装，无法连接"


async def test_failed_connection_says_why(env):
    r = await env.client.post(
        "/database/datalink/dataSource/test",
        json={
            "enName": "bad",
            "name": "bad",
            "dbType": "postgresql",
            "host": "127.0.0.1",
            "port": 1,
            "dbName": "x",
            "username": "x",
            "password": "x",
        },
        headers=env.headers(),
    )
    assert r.status_code == 400 and r.json()["msg"].startswith("数据库连接失败")


async def test_master_cannot_be_deleted(env):
    r = await env.client.delete(
        "/database/datalink/dataSource/delete", params={"ids": "master"}, headers=env.headers()
    )
    assert r.status_code == 400
