"""The file manager: every action's round trip inside the caller's root, and the probes refused."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import httpx

from loom_sys.settings import SysSettings


async def _post(client: httpx.AsyncClient, action: str, **params: str) -> Any:
    answer = await client.post(f"/sys/file/{action}", data=params)
    assert answer.status_code == 200, answer.text
    return answer.json()


async def test_every_action_round_trips_inside_the_callers_root(admin: httpx.AsyncClient) -> None:
    # given
    roots = (await admin.get("/sys/file/list")).json()
    assert [r["id"] for r in roots] == ["mine", "share"] and roots[0]["value"] == "我的文档"
    # when
    folder = await _post(admin, "createFolder", source="报告", target="mine")
    uploaded = (
        await admin.post(
            "/sys/file/upload", data={"target": folder["id"]}, files={"upload": ("a.txt", b"hello")}
        )
    ).json()
    copied = await _post(admin, "copy", source=uploaded["id"], target="mine")
    renamed = await _post(admin, "rename", source=copied[0]["id"], target="b.txt")
    moved = await _post(admin, "move", source=renamed["id"], target="share")
    # then
    assert (folder["id"], uploaded["id"], uploaded["type"]) == ("mine/报告", "mine/报告/a.txt", "text")
    assert (copied[0]["id"], renamed["id"], moved[0]["id"]) == ("mine/a.txt", "mine/b.txt", "share/b.txt")
    again = (
        await admin.post("/sys/file/upload", data={"target": "mine/报告"}, files={"upload": ("a.txt", b"2")})
    ).json()
    assert again["value"] == "a(1).txt"
    got = await admin.get("/sys/file/download", params={"source": "share/b.txt"})
    assert got.content == b"hello" and got.headers["content-disposition"].startswith("attachment")
    tree = (await admin.get("/sys/file/list")).json()
    assert [c["value"] for c in tree[0]["data"]] == ["报告"]
    removed = await _post(admin, "remove", source="mine/报告,share/b.txt")
    assert [r["value"] for r in removed] == ["报告", "b.txt"]
    assert (await admin.get("/sys/file/list")).json()[0]["data"] == []


async def test_paths_leaving_the_root_are_refused(admin: httpx.AsyncClient, settings: SysSettings) -> None:
    # given a symbolic link inside the root that points outside it
    await admin.get("/sys/file/list")
    mine = next((Path(settings.state_dir) / "files" / "manager" / "users").iterdir())
    os.symlink("/etc", mine / "etc-link")
    for source in (
        "../x",
        "mine/../../etc/passwd",
        "/etc/passwd",
        "mine/..%2F..%2Fetc",
        "mine\\..\\x",
        "mine/etc-link/passwd",
    ):
        # when
        answer = await admin.get("/sys/file/download", params={"source": source})
        # then
        assert (answer.status_code, answer.json()["msg"]) == (400, "非法的文件路径"), source
    for action, params in (
        ("createFolder", {"source": "../up", "target": "mine"}),
        ("rename", {"source": "mine/etc-link", "target": "x"}),
    ):
        assert (await admin.post(f"/sys/file/{action}", data=params)).status_code == 400
    assert (await admin.post("/sys/file/remove", data={"source": "mine"})).status_code == 400  # a root itself
    big = await admin.post(
        "/sys/file/upload", data={"target": "mine"}, files={"upload": ("big.txt", b"x" * (21 * 1024 * 1024))}
    )
    assert (big.status_code, big.json()["msg"]) == (400, "文件大小不能超过20MB")
    html = await admin.post(
        "/sys/file/upload", data={"target": "mine"}, files={"upload": ("x.html", b"<script>")}
    )
    assert html.status_code == 400


async def test_the_shared_root_needs_its_permission(
    admin: httpx.AsyncClient, make_user: Any, client_for: Any
) -> None:
    roles = (await admin.get("/sys/role/list", params={"enName": "employee"})).json()["records"]
    await make_user("gina", roleIdList=[roles[0]["id"]])
    gina = await client_for("gina")
    assert (await gina.get("/sys/file/list")).status_code == 403
    # with the file manager's view and edit but not share
    role = await admin.post(
        "/sys/role/save",
        json={
            "name": "files",
            "enName": "files",
            "menuIdList": ["m-sys-file", "m-sys-file-view", "m-sys-file-add", "m-sys-file-edit"],
        },
    )
    assert role.status_code == 200
    files_role = (await admin.get("/sys/role/list", params={"enName": "files"})).json()["records"][0]["id"]
    await admin.put(
        "/sys/role/addUserToRole",
        params={"roleId": files_role, "userIds": (await gina.get("/sys/user/info")).json()["user"]["id"]},
    )
    assert [r["id"] for r in (await gina.get("/sys/file/list")).json()] == ["mine"]
    refused = await gina.post("/sys/file/createFolder", data={"source": "x", "target": "share"})
    assert (refused.status_code, refused.json()["msg"]) == (403, "没有权限访问该目录")
    assert (
        await gina.post("/sys/file/createFolder", data={"source": "x", "target": "mine"})
    ).status_code == 200


async def test_delete_by_url_removes_the_callers_own_upload(admin: httpx.AsyncClient) -> None:
    url = (await admin.post("/sys/file/webupload/upload", files={"file": ("p.png", b"\x89PNG")})).json()[
        "url"
    ]
    answer = await admin.delete(f"/sys/file/webupload/deleteByUrl?url={url}")
    assert answer.json() == "删除文件成功"
    assert (await admin.get(url.removeprefix("/api"))).status_code == 404


async def test_the_roots_are_named_in_the_readers_language(admin: httpx.AsyncClient) -> None:
    # given the administrator's two roots
    # when the file manager is opened in en-US
    roots = (await admin.get("/sys/file/list", headers={"Accept-Language": "en-US"})).json()
    # then they read English
    assert [r["value"] for r in roots] == ["My documents", "Shared documents"]
