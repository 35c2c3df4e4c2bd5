"""gencode and sys together: a synchronised design becomes a menu page with its buttons in sys."""

from __future__ import annotations

import uuid
from typing import Any

import httpx
from pydantic.alias_generators import to_camel

from loom_gencode.table.defaults import STANDARD_COLUMNS, base_columns_for, column_defaults


def _column(name: str, jdbc_type: str, comments: str) -> dict[str, Any]:
    return {to_camel(k): v for k, v in column_defaults(name, jdbc_type, comments=comments).items()}


def _design(name: str) -> dict[str, Any]:
    columns = [_column(c, STANDARD_COLUMNS[c][0], STANDARD_COLUMNS[c][1]) for c in base_columns_for("0")]
    columns.append(_column("title", "varchar(100)", "标题"))
    return {
        "name": name,
        "comments": "端到端",
        "dataSource": {"id": "master"},
        "idType": "1",
        "tableType": "0",
        "className": "".join(p.title() for p in name.split("_")),
        "columnList": columns,
    }


def _find(nodes: list[dict[str, Any]], name: str) -> dict[str, Any] | None:
    for node in nodes:
        if node["name"] == name:
            return node
        found = _find(node["children"], name)
        if found:
            return found
    return None


def test_create_menu_puts_the_page_and_its_buttons_into_sys(admin: httpx.Client) -> None:
    # given a synchronised table design
    name = f"e2e_note_{uuid.uuid4().hex[:6]}"
    assert admin.post("/api/gencode/table/save", json=_design(name)).status_code == 200
    listing = admin.get("/api/gencode/table/list", params={"nameLike": name}).json()
    assert listing["code"] == 200
    table_id = listing["result"]["records"][0]["id"]
    refused = admin.post(
        "/api/gencode/scheme/createMenu",
        data={"parent.id": "m-gen", "name": "x", "tableId": table_id, "tableType": "0"},
    )
    assert refused.json()["msg"] == "请先同步数据库!"
    synced = admin.post("/api/gencode/table/synchDb", data={"id": table_id, "isForce": "1"})
    assert synced.status_code == 200, synced.text
    # when a menu is created for it under 代码生成
    menu_name = f"笔记{uuid.uuid4().hex[:4]}"
    answer = admin.post(
        "/api/gencode/scheme/createMenu",
        data={
            "parent.id": "m-gen",
            "name": menu_name,
            "tableId": table_id,
            "tableType": "0",
            "icon": "fa fa-book",
        },
    )
    assert answer.status_code == 200, answer.text
    # then sys holds the page with view/add/edit/del buttons under that directory
    page = _find(admin.get("/api/sys/menu/treeData").json(), menu_name)
    assert page is not None and page["parentId"] == "m-gen" and page["icon"] == "fa fa-book"
    permissions = sorted(child["permission"] for child in page["children"])
    assert [p.rsplit(":", 1)[1] for p in permissions] == ["add", "del", "edit", "view"]
