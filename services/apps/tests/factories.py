"""Table designs and the generator calls the host's tests start from."""

from __future__ import annotations

from typing import Any

from pydantic.alias_generators import to_camel

from loom_gencode.seed import SYSTEM_GROUP_ID
from loom_gencode.table.defaults import STANDARD_COLUMNS, base_columns_for, column_defaults


def column(name: str, jdbc_type: str = "varchar(64)", **extra: Any) -> dict[str, Any]:
    """A valid column design."""
    row = column_defaults(name, jdbc_type, comments=extra.pop("comments", name))
    row.update(extra)
    return {to_camel(k): v for k, v in row.items()}


def table(name: str, *extra_columns: dict[str, Any], table_type: str = "0") -> dict[str, Any]:
    """A valid table design on the master data source with the base columns."""
    cols = [
        column(b, STANDARD_COLUMNS[b][0], comments=STANDARD_COLUMNS[b][1])
        for b in base_columns_for(table_type)
    ]
    return {
        "name": name,
        "comments": f"{name} 表",
        "dataSource": {"id": "master"},
        "idType": "1",
        "tableType": table_type,
        "className": "".join(p.title() for p in name.split("_")),
        "columnList": [*cols, *extra_columns],
    }


async def design_and_sync(env: Any, body: dict[str, Any]) -> str:
    """Saves and synchronises a table; answers its id."""
    h = env.headers()
    saved = await env.gencode.post("/gencode/table/save", json=body, headers=h)
    assert saved.status_code == 200, saved.text
    page = (await env.gencode.get("/gencode/table/list", params={"nameLike": body["name"]}, headers=h)).json()
    table_id = next(r["id"] for r in page["result"]["records"] if r["name"] == body["name"])
    synced = await env.gencode.post(
        "/gencode/table/synchDb", data={"id": table_id, "isForce": "2"}, headers=h
    )
    assert synced.status_code == 200, synced.text
    return str(table_id)


async def generate(env: Any, table_id: str, module: str, *, user: str = "admin", **extra: Any) -> Any:
    """Generates the table's module into the host's store (the default paths), as ``user``."""
    h = env.headers(user)
    form = (
        await env.gencode.get("/gencode/table/queryGenCodeForm", params={"tableId": table_id}, headers=h)
    ).json()
    scheme = {
        **form["scheme"],
        "category": SYSTEM_GROUP_ID,
        "moduleName": module,
        "functionName": "演示",
        "functionNameSimple": "演示",
        "functionAuthor": "test",
        **extra,
    }
    return await env.gencode.post("/gencode/table/genCode", json=scheme, headers=h)


async def template_group(env: Any, additions: dict[str, str], name: str = "custom") -> str:
    """A template group like the system one with text added to some of its templates (by the start
    of their names: ``{"backend_test": "..."}``); answers its id. A template group's editor may
    write code by design: what it writes runs in the sandbox like any generated code."""
    import uuid

    h = env.headers()
    system = (
        await env.gencode.get("/gencode/templateGroup/queryById", params={"id": SYSTEM_GROUP_ID}, headers=h)
    ).json()
    files = []
    for item in system["templateObjDTOList"]:
        contents = item["contents"]
        for prefix, addition in additions.items():
            if item["name"].startswith(prefix):
                contents += addition
        files.append(
            {"name": item["name"], "sort": item["sort"], "isChild": item["isChild"], "contents": contents}
        )
    group = f"{name}-{uuid.uuid4().hex[:6]}"
    body = {"name": group, "type": "1", "sort": 10, "templateObjDTOList": files}
    saved = await env.gencode.post("/gencode/templateGroup/save", json=body, headers=h)
    assert saved.status_code == 200, saved.text
    groups = (await env.gencode.get("/gencode/templateGroup/list", headers=h)).json()
    return str(next(g["id"] for g in groups if g["name"] == group))
