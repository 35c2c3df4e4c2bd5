"""Data for the sys tests, made through the API as a user would make it."""

from __future__ import annotations

from typing import Any

import httpx
from fastapi import FastAPI


async def login(client: httpx.AsyncClient, username: str, password: str) -> dict[str, Any]:
    """Logs in and answers the token pair."""
    answer = await client.post("/sys/login", json={"username": username, "password": password})
    assert answer.status_code == 200, answer.text
    return answer.json()  # type: ignore[no-any-return]


async def create_user(
    admin: httpx.AsyncClient, login_name: str, *, password: str = "secret-pw", **fields: Any
) -> dict[str, Any]:
    """Creates a user through the API and returns it as queryById shows it."""
    body = {"loginName": login_name, "name": fields.pop("name", login_name), "password": password, **fields}
    answer = await admin.post("/sys/user/save", json=body)
    assert answer.status_code == 200, answer.text
    page = (await admin.get("/sys/user/list", params={"loginName": login_name})).json()
    user_id = next(r["id"] for r in page["records"] if r["loginName"] == login_name)
    return (await admin.get("/sys/user/queryById", params={"id": user_id})).json()  # type: ignore[no-any-return]


async def client_for_user(
    app: FastAPI, anonymous: httpx.AsyncClient, login_name: str, password: str
) -> httpx.AsyncClient:
    """A client logged in as that user."""
    tokens = await login(anonymous, login_name, password)
    transport = httpx.ASGITransport(app=app, client=("127.0.0.1", 5002))
    return httpx.AsyncClient(
        transport=transport, base_url="http://sys", headers={"Authorization": f"Bearer {tokens['token']}"}
    )


async def create_office(admin: httpx.AsyncClient, name: str, office_type: str, parent: str = "1") -> str:
    """Creates a company ('1') or department ('2') under ``parent``; answers its id."""
    await admin.post("/sys/office/save", json={"name": name, "type": office_type, "parentId": parent})
    nodes = (await admin.get("/sys/office/treeData")).json()[0]["children"]
    return str(next(n["id"] for n in nodes if n["name"] == name))


async def tree_of(admin: httpx.AsyncClient, url: str, **params: str) -> list[dict[str, Any]]:
    """A tree endpoint's answer (offices, areas, menus)."""
    answer = await admin.get(url, params=params)
    assert answer.status_code == 200
    return answer.json()  # type: ignore[no-any-return]


async def menu_id(admin: httpx.AsyncClient, permission: str) -> str:
    """The id of the menu or button with this permission string."""

    def walk(nodes: list[dict[str, Any]]) -> str | None:
        for node in nodes:
            if node.get("permission") == permission:
                return str(node["id"])
            found = walk(node["children"])
            if found:
                return found
        return None

    found = walk((await admin.get("/sys/menu/authTreeData")).json())
    assert found, permission
    return found
