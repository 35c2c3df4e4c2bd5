"""Forms used by the integration tests: a leave form with a sub-table, bound to a new table."""

from __future__ import annotations

import json
from typing import Any

import psycopg

from loom_platform.db import sync_url


def run_sql(env: Any, *statements: str) -> None:
    """Runs statements on the business database as its owner (what no route does: a table made
    outside Loom, a row's stamp set to a time of the test's choosing)."""
    with psycopg.connect(sync_url(env.app_database_url).replace("+psycopg", ""), autocommit=True) as conn:
        for statement in statements:
            conn.execute(statement)


LEAVE_SOURCE: dict[str, Any] = {
    "list": [
        {
            "type": "grid",
            "columns": [
                {
                    "type": "col",
                    "list": [
                        {
                            "type": "input",
                            "model": "applicant",
                            "name": "申请人",
                            "options": {"required": True, "isSearch": True, "isSort": True},
                        },
                    ],
                },
                {
                    "type": "col",
                    "list": [
                        {
                            "type": "input",
                            "model": "mobile",
                            "name": "手机",
                            "options": {"validator": "mobile"},
                        },
                    ],
                },
            ],
        },
        {"type": "number", "model": "days", "name": "天数", "options": {"min": 0, "max": 30, "isSort": True}},
        {"type": "select", "model": "kind", "name": "类型", "options": {"isSearch": True}},
        {"type": "checkbox", "model": "tags", "name": "标签", "options": {}},
        {
            "type": "table",
            "model": "items",
            "name": "明细",
            "tableColumns": [
                {"type": "input", "model": "item_name", "name": "项目", "options": {"required": True}},
            ],
        },
    ],
    "config": {"labelWidth": 100},
}


async def bound_form(env, code: str = "leave", table: str = "form_leave", source=None) -> str:
    """Creates a form, saves its JSON and binds it to a new table; returns its id."""
    made = await env.client.post(
        "/form/make/saveBasicInfo", json={"name": "请假", "code": code}, headers=env.headers()
    )
    assert made.status_code == 200, made.text
    form_id = made.json()["id"]
    saved = await env.client.post(
        "/form/make/save",
        json={"id": form_id, "source": json.dumps(source or LEAVE_SOURCE, ensure_ascii=False)},
        headers=env.headers(),
    )
    assert saved.status_code == 200, saved.text
    bound = await env.client.post(
        "/form/make/saveFormSource",
        json={"id": form_id, "tableName": table, "autoCreate": "1", "dataSource": {"id": "master"}},
        headers=env.headers(),
    )
    assert bound.status_code == 200, bound.text
    return str(form_id)
