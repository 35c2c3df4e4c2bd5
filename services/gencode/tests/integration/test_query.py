"""User-written SQL on a data source (query/): one statement, bound parameters, read-only data sets,
the statement timeout, the row and byte caps, the executeSql log, and never an account that reaches
beyond its tables, on the real test PostgreSQL."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator

import pytest
from sqlalchemy.engine import make_url

from ..conftest import ADMIN, NOBODY, Env

pytestmark = pytest.mark.asyncio
PERMISSIONS = {"database:table:view", "database:table:executeSql", "database:datamodel:dataSet:add"}


@pytest.fixture
async def sql_env(env: Env) -> AsyncIterator[Env]:
    """The admin holds the SQL permissions; the limits are small so that a test meets them fast."""
    env.access.permissions[ADMIN] |= PERMISSIONS
    timeout, cap, size = env.settings.sql_timeout_ms, env.settings.sql_max_rows, env.settings.sql_max_bytes
    env.settings.sql_timeout_ms, env.settings.sql_max_rows, env.settings.sql_max_bytes = 300, 10, 5000
    yield env
    env.settings.sql_timeout_ms, env.settings.sql_max_rows, env.settings.sql_max_bytes = timeout, cap, size
    env.access.permissions[ADMIN] -= PERMISSIONS


async def _sql(env: Env, sql: str, user: str = ADMIN) -> tuple[int, dict]:  # type: ignore[type-arg]
    answer = await env.client.post(
        "/database/table/executeSql/master", json={"sql": sql}, headers=env.headers(user)
    )
    return answer.status_code, answer.json()


async def test_execute_sql_stops_at_the_cap_and_the_timeout_and_logs_every_run(sql_env: Env) -> None:
    # when a statement answers more rows than the cap, runs too long, or is two statements
    status, many = await _sql(sql_env, "select generate_series(1, 50) as n")
    slow_status, slow = await _sql(sql_env, "select pg_sleep(3)")
    two_status, two = await _sql(sql_env, "create table q_two (a int); drop table q_two")
    # then the rows stop at the cap, the slow one is stopped, the pair runs nothing
    assert status == 200 and len(many["list"]) == 10 and many["truncated"] is True
    assert slow_status == 400 and slow["msg"] == "SQL执行超过0.3秒，已停止"
    assert two_status == 400 and two["msg"] == "一次只能执行一条SQL语句"
    # and each run is logged with its text, who ran it and what came of it
    log = (await sql_env.client.get("/database/table/sqlLog", headers=sql_env.headers())).json()["records"]
    by_text = {r["sql"]: r for r in log}
    assert by_text["select generate_series(1, 50) as n"]["rowCount"] == 10
    assert by_text["select pg_sleep(3)"]["error"] == "SQL执行超过0.3秒，已停止"
    assert by_text["create table q_two (a int); drop table q_two"]["userId"] == ADMIN


async def test_a_user_without_the_run_permission_is_refused(sql_env: Env) -> None:
    status, body = await _sql(sql_env, "select 1", user=NOBODY)
    assert status == 403 and "database:table:executeSql" in body["msg"]


async def test_a_data_set_binds_values_and_never_writes(sql_env: Env) -> None:
    # given a table with a row
    assert (await _sql(sql_env, "create table q_items (id varchar(10), n int)"))[0] == 200
    assert (await _sql(sql_env, "insert into q_items values ('a', 1), ('b', 2)"))[0] == 200

    async def run(sql: str, **values: str) -> tuple[int, dict]:  # type: ignore[type-arg]
        body = {"db": "master", "sql": sql, "field": list(values), "defaultValue": [*values.values(), ""]}
        answer = await sql_env.client.post(
            "/database/datamodel/dataSet/exec", json=body, headers=sql_env.headers()
        )
        return answer.status_code, answer.json()

    # when a parameter carries SQL, then it is a value that matches nothing
    status, found = await run("select id from q_items where id = '{#ID#}'", ID="a' or '1'='1")
    assert status == 200 and found["json"] == []
    status, found = await run("select id from q_items where n > {#min#} order by id", min="1")
    assert status == 200 and [r["id"] for r in found["json"]] == ["b"]
    # when the SQL writes, plainly or inside a WITH, then it is refused and the rows stay
    status, plain = await run("delete from q_items")
    assert status == 400 and plain["msg"] == "数据集只能执行查询语句"
    status, hidden = await run("with d as (delete from q_items returning id) select * from d")
    assert status == 400 and "read-only" in hidden["msg"]
    assert len((await _sql(sql_env, "select * from q_items"))[1]["list"]) == 2


async def test_on_mariadb_the_limits_hold_and_do_not_outlive_the_run(sql_env: Env, mysql_url: str) -> None:
    # given a MariaDB data source whose account has the database's rights only
    from .test_datasource import _mysql_body

    h = sql_env.headers()
    saved = await sql_env.client.post(
        "/database/datalink/dataSource/save", json=_mysql_body(_plain_mysql_user(mysql_url)), headers=h
    )
    assert saved.status_code == 200, saved.text
    listed = (await sql_env.client.get("/database/datalink/dataSource/list", headers=h)).json()["records"]
    ds = next(r["id"] for r in listed if r["enName"] == "maria")

    async def run(sql: str) -> tuple[int, dict]:  # type: ignore[type-arg]
        answer = await sql_env.client.post(f"/database/table/executeSql/{ds}", json={"sql": sql}, headers=h)
        return answer.status_code, answer.json()

    # when a statement runs too long, then it is stopped
    status, slow = await run(
        "select count(*) from information_schema.columns a, information_schema.columns b, information_schema.columns c"
    )
    assert status == 400 and slow["msg"] == "SQL执行超过0.3秒，已停止", slow
    # and a data set's write is refused, while the next plain run may write again
    body = {"db": ds, "sql": "with x as (select 1) select * from x", "field": [], "defaultValue": [""]}
    read = await sql_env.client.post("/database/datamodel/dataSet/exec", json=body, headers=h)
    assert read.status_code == 200, read.text
    assert (await run("create table q_maria (a int)"))[0] == 200
    assert (await run("insert into q_maria values (1)"))[0] == 200
    assert (await run("drop table q_maria"))[0] == 200


async def test_on_mariadb_an_account_with_server_rights_is_refused(sql_env: Env, mysql_url: str) -> None:
    # given a MariaDB data source connected as the server's root
    from .test_datasource import _mysql_body

    h = sql_env.headers()
    saved = await sql_env.client.post(
        "/database/datalink/dataSource/save", json=_mysql_body(mysql_url), headers=h
    )
    assert saved.status_code == 200, saved.text
    listed = (await sql_env.client.get("/database/datalink/dataSource/list", headers=h)).json()["records"]
    ds = next(r["id"] for r in listed if r["enName"] == "maria")
    # when executeSql runs on it, then it is refused naming the rights
    answer = await sql_env.client.post(
        f"/database/table/executeSql/{ds}", json={"sql": "select 1"}, headers=h
    )
    assert answer.status_code == 400 and "ALL PRIVILEGES" in answer.json()["msg"], answer.text


async def test_master_runs_as_an_account_that_cannot_reach_the_server(sql_env: Env) -> None:
    # when executeSql on master tries what a superuser could: run a program, read a server file,
    # read the password hashes, make itself a superuser
    attempts = [
        "copy (select 1) to program 'id'",
        "select pg_read_file('/etc/passwd')",
        "select rolname, rolpassword from pg_authid",
        "create role q_root superuser login password 'x'",
        "alter role current_user superuser",
    ]
    # then every one is refused by the database, in the user's language
    for sql in attempts:
        status, body = await _sql(sql_env, sql)
        assert status == 400 and body["msg"].startswith("SQL执行失败"), (sql, body)
        assert "permission denied" in body["msg"] or "must be" in body["msg"], (sql, body)
    # and master is an account of its own tables: it may create and drop one
    assert (await _sql(sql_env, "create table q_mine (a int)"))[0] == 200
    assert (await _sql(sql_env, "drop table q_mine"))[0] == 200


@pytest.fixture
def master_as_superuser(sql_env: Env, databases: tuple[str, ...]) -> Iterator[str]:
    """Master connected as the test server's administrator (as make dev did before)."""
    owner = sql_env.settings.app_database_url
    sql_env.settings.app_database_url = databases[1]
    yield "master"
    sql_env.settings.app_database_url = owner


async def test_sql_is_refused_on_an_account_with_server_rights(
    sql_env: Env, master_as_superuser: str
) -> None:
    # given a data source whose account is a superuser
    ds = master_as_superuser
    h = sql_env.headers()
    # when executeSql and a data set run on it
    ran = await sql_env.client.post(f"/database/table/executeSql/{ds}", json={"sql": "select 1"}, headers=h)
    body = {"db": ds, "sql": "select 1 as one", "field": [], "defaultValue": [""]}
    read = await sql_env.client.post(
        "/database/datamodel/dataSet/exec", json=body, headers=sql_env.headers(lang="en-US")
    )
    # then neither runs, and the answer says why in the user's language
    assert ran.status_code == 400 and "权限过高" in ran.json()["msg"] and "SUPERUSER" in ran.json()["msg"]
    assert read.status_code == 400 and "too many rights" in read.json()["msg"], read.text
    log = (await sql_env.client.get("/database/table/sqlLog", headers=h)).json()["records"]
    assert "权限过高" in log[0]["error"]


async def test_an_answer_stops_at_the_byte_cap(sql_env: Env) -> None:
    # when each row is about 1 kB and the cap is 5 kB
    status, wide = await _sql(sql_env, "select n, repeat('x', 1000) as pad from generate_series(1, 8) n")
    # then the answer stops before the cap and says it was cut
    assert status == 200 and wide["truncated"] is True and 1 <= len(wide["list"]) <= 4, wide.get("list")


def _plain_mysql_user(mysql_url: str) -> str:
    """A MariaDB account with every right on the test database and none on the server."""
    import pymysql

    url = make_url(mysql_url)
    admin = pymysql.connect(
        host=url.host, port=url.port or 3306, user=url.username, password=url.password or "", autocommit=True
    )
    with admin.cursor() as cur:
        cur.execute("CREATE USER IF NOT EXISTS 'loom_plain'@'%' IDENTIFIED BY 'plain-pw'")
        cur.execute("ALTER USER 'loom_plain'@'%' IDENTIFIED BY 'plain-pw'")
        cur.execute(f"GRANT ALL PRIVILEGES ON `{url.database}`.* TO 'loom_plain'@'%'")
    admin.close()
    return url.set(username="loom_plain", password="plain-pw").render_as_string(hide_password=False)
