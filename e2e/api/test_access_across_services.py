"""Permissions granted in sys hold in the other services, and a disabled user is shut out everywhere."""

from __future__ import annotations

import os
import time
import uuid

import httpx

PORTAL = os.environ.get("LOOM_PORTAL_URL", "http://127.0.0.1:8080")


def _grant_role(admin: httpx.Client, permissions: set[str]) -> str:
    def walk(nodes: list[dict]) -> list[str]:  # type: ignore[type-arg]
        found = []
        for node in nodes:
            if node.get("permission") in permissions:
                found.append(node["id"])
            found += walk(node["children"])
        return found

    menu_ids = walk(admin.get("/api/sys/menu/authTreeData").json())
    en_name = f"e2e_{uuid.uuid4().hex[:8]}"
    assert (
        admin.post(
            "/api/sys/role/save", json={"name": en_name, "enName": en_name, "menuIdList": menu_ids}
        ).status_code
        == 200
    )
    roles = admin.get("/api/sys/role/list", params={"enName": en_name}).json()["records"]
    return str(roles[0]["id"])


def _login(portal: httpx.Client, login_name: str) -> httpx.Client:
    token = portal.post("/api/sys/login", json={"username": login_name, "password": "e2e-secret"}).json()[
        "token"
    ]
    return httpx.Client(base_url=PORTAL, timeout=10, headers={"Authorization": f"Bearer {token}"})


def test_a_grant_in_sys_opens_gencode_and_disabling_the_user_closes_it(
    admin: httpx.Client, portal: httpx.Client
) -> None:
    # given a user whose role may view validation types only
    role_id = _grant_role(admin, {"gencode:validateType:view"})
    login_name = f"e2e-{uuid.uuid4().hex[:8]}"
    saved = admin.post(
        "/api/sys/user/save",
        json={"loginName": login_name, "name": login_name, "password": "e2e-secret", "roleIdList": [role_id]},
    )
    assert saved.status_code == 200, saved.text
    user = _login(portal, login_name)
    # when they use gencode
    assert user.get("/api/gencode/validateType/list").status_code == 200
    refused = user.post("/api/gencode/validateType/save", json={"label": "x", "value": "x", "sort": 10})
    # then what the role grants works and the rest is refused by gencode itself
    assert refused.status_code == 403
    # when an administrator disables the user
    user_id = admin.get("/api/sys/user/list", params={"loginName": login_name}).json()["records"][0]["id"]
    admin.put("/api/sys/user/updateLoginFlag", params={"ids": user_id, "loginFlag": "0"})
    # then gencode shuts them out too, as soon as sys's event arrives (well within a minute)
    deadline = time.monotonic() + 30
    status = 200
    while time.monotonic() < deadline:
        status = user.get("/api/gencode/validateType/list").status_code
        if status == 401:
            break
        time.sleep(0.2)
    assert status == 401
