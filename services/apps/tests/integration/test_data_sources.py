"""A table of a data source other than master: the host runs modules against master (loom_app) only,
with a role that has no rights elsewhere, so generating such a table into the host's store is refused
before anything is written; generated into a path of the user's own it is written, not published."""

from __future__ import annotations

import uuid

import pytest
from sqlalchemy.engine import make_url

from ..factories import design_and_sync, generate, table


@pytest.fixture(params=["postgresql", "mysql"])
async def other_source(request, env) -> str:
    """A data source that is not master: this PostgreSQL server's business database, or MariaDB."""
    if request.param == "postgresql":
        url, db_type = make_url(env.app_database_url), "postgresql"
        if not url.host:
            pytest.skip("the test PostgreSQL answers on a socket, which a data source cannot name")
    else:
        url, db_type = make_url(request.getfixturevalue("mysql_url")), "mysql"
    env.grant("admin", "database:datalink:dataSource:add", "database:datalink:dataSource:view")
    en_name = f"other{uuid.uuid4().hex[:6]}"
    body = {
        "enName": en_name,
        "name": "其他库",
        "dbType": db_type,
        "host": url.host,
        "port": url.port or (5432 if db_type == "postgresql" else 3306),
        "dbName": url.database,
        "username": url.username,
        "password": url.password or "",
    }
    saved = await env.gencode.post("/database/datalink/dataSource/save", json=body, headers=env.headers())
    assert saved.status_code == 200, saved.text
    found = (await env.gencode.get("/database/datalink/dataSource/list", headers=env.headers())).json()
    return str(next(x["id"] for x in found["records"] if x["enName"] == en_name))


async def test_a_table_of_another_data_source_is_refused_at_generate_into_the_host(env, other_source):
    # given a synchronised table of a non-master data source
    name = f"ds_{uuid.uuid4().hex[:6]}"
    module = f"d{uuid.uuid4().hex[:6]}"
    table_id = await design_and_sync(env, {**table(name), "dataSource": {"id": other_source}})
    # when it is generated into the host's store (the default paths)
    refused = await generate(env, table_id, module)
    english = await env.gencode.post(
        "/gencode/table/genCode",
        json=(
            await env.gencode.get(
                "/gencode/table/queryGenCodeForm", params={"tableId": table_id}, headers=env.headers()
            )
        ).json()["scheme"]
        | {"moduleName": module, "functionName": "演示", "functionNameSimple": "演示", "functionAuthor": "t"},
        headers=env.headers(lang="en-US"),
    )
    # then it is refused, saying why and what to do, and nothing reaches the host
    assert refused.status_code == 400, refused.text
    assert refused.json()["msg"].startswith(
        f"表[{name}]属于数据源[其他库]，应用主机只运行主数据源(master)中的表"
    )
    assert "runs tables of the master data source only" in english.json()["msg"]
    listed = (
        await env.apps.get("/apps/module/list", params={"tableIds": table_id}, headers=env.headers())
    ).json()
    assert listed == []
    # while generated into a project of the user's own, the code is written (and not published)
    own = await generate(env, table_id, module, projectPath="own/backend", frontProjectPath="own/frontend")
    assert own.status_code == 200, own.text
    assert (env.gencode_app.state.gencode.settings.workspace / "own" / "backend").is_dir()
