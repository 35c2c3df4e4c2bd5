"""What an attacker or a careless client notices: same answers for every name, no lock-out from
elsewhere, files that never run as the portal, clear 400s instead of server errors."""

from __future__ import annotations

from typing import Any

import httpx

ADMIN_PASSWORD = "admin-test-pw"  # the seed's password in tests/conftest.py


def _from(address: str) -> dict[str, str]:
    return {"X-Forwarded-For": address}


async def _fail(client: httpx.AsyncClient, username: str, address: str, times: int = 5) -> None:
    for _ in range(times):
        answer = await client.post(
            "/sys/login", json={"username": username, "password": "wrong-pw"}, headers=_from(address)
        )
        assert answer.status_code == 401


async def test_an_unknown_name_is_locked_exactly_like_a_real_one(
    anonymous: httpx.AsyncClient, make_user: Any
) -> None:
    # given a real user and a name nobody has
    await make_user("realname", password="right-pw")
    # when both fail five times from one address
    await _fail(anonymous, "realname", "10.0.0.5")
    await _fail(anonymous, "ghostname", "10.0.0.5")
    # then both answer the same lock message: nothing tells which name exists
    real = await anonymous.post(
        "/sys/login", json={"username": "realname", "password": "x1"}, headers=_from("10.0.0.5")
    )
    ghost = await anonymous.post(
        "/sys/login", json={"username": "ghostname", "password": "x1"}, headers=_from("10.0.0.5")
    )
    assert real.status_code == ghost.status_code == 401
    assert real.json()["msg"] == ghost.json()["msg"] == "账号已被锁定，请15分钟后再试"


async def test_an_attacker_elsewhere_cannot_lock_the_administrator_out(anonymous: httpx.AsyncClient) -> None:
    # given five failed logins as admin from an attacker's address
    await _fail(anonymous, "admin", "203.0.113.9")
    # when the administrator logs in from their own address
    answer = await anonymous.post(
        "/sys/login", json={"username": "admin", "password": ADMIN_PASSWORD}, headers=_from("192.0.2.1")
    )
    # then they get in; the attacker's address stays locked
    assert answer.status_code == 200, answer.text
    attacker = await anonymous.post(
        "/sys/login", json={"username": "admin", "password": ADMIN_PASSWORD}, headers=_from("203.0.113.9")
    )
    assert attacker.json()["msg"] == "账号已被锁定，请15分钟后再试"


async def test_an_uploaded_svg_is_saved_never_shown_as_a_page(admin: httpx.AsyncClient) -> None:
    # given an SVG holding a script
    svg = b'<svg xmlns="http://www.w3.org/2000/svg"><script>alert(localStorage.token)</script></svg>'
    uploaded = await admin.post("/sys/file/webupload/upload", files={"file": ("x.svg", svg, "image/svg+xml")})
    # when it is opened
    shown = await admin.get("/sys/file/download2", params={"source": uploaded.json()["path"]})
    # then the browser saves it, sniffs nothing, and would run it sandboxed without scripts
    assert shown.status_code == 200
    assert shown.headers["content-disposition"].startswith("attachment;")
    assert shown.headers["x-content-type-options"] == "nosniff"
    assert shown.headers["content-security-policy"].startswith("sandbox;")


async def test_an_uploaded_picture_is_still_shown_inline(admin: httpx.AsyncClient) -> None:
    uploaded = await admin.post(
        "/sys/file/webupload/upload", files={"file": ("p.png", b"\x89PNG\r\n", "image/png")}
    )
    shown = await admin.get("/sys/file/download2", params={"source": uploaded.json()["path"]})
    assert shown.headers["content-disposition"].startswith("inline;")


async def test_saving_a_user_with_an_unknown_company_says_so(admin: httpx.AsyncClient) -> None:
    answer = await admin.post(
        "/sys/user/save",
        json={"loginName": "zz", "name": "zz", "password": "secret-pw", "companyDTO": {"id": "nope"}},
    )
    assert answer.status_code == 400
    assert answer.json()["msg"].startswith("关联的数据不存在或已被删除")


async def test_a_nul_character_in_a_search_is_a_400_not_a_server_error(admin: httpx.AsyncClient) -> None:
    answer = await admin.get("/sys/user/list", params={"loginName": "a\x00b"})
    assert (answer.status_code, answer.json()["msg"]) == (400, "参数不能包含空字符(\\0)")


async def test_a_user_without_rights_sees_no_menu_tree_and_no_role_grants(
    admin: httpx.AsyncClient, make_user: Any, client_for: Any
) -> None:
    # given a user who holds no role
    await make_user("roleless")
    user = await client_for("roleless")
    # when they ask for the menu tree and the administrator role
    tree = await user.get("/sys/menu/treeData")
    role = await user.get("/sys/role/queryById", params={"id": "1"})
    # then the tree holds nothing of theirs and the role shows no grants
    assert (tree.status_code, tree.json()) == (200, [])
    assert role.status_code == 200 and role.json()["menuIdList"] == []
    # while an administrator still sees both in full
    full = (await admin.get("/sys/menu/treeData")).json()
    assert any(node["children"] for node in full)
    assert (await admin.get("/sys/role/queryById", params={"id": "1"})).json()["menuIdList"]


async def test_a_user_sees_their_own_menus_without_permission_strings(
    admin: httpx.AsyncClient, make_user: Any, client_for: Any
) -> None:
    # given a role granting the post list page and its view button
    tree = (await admin.get("/sys/menu/authTreeData")).json()

    def ids(nodes: list[dict[str, Any]]) -> list[str]:
        found: list[str] = []
        for node in nodes:
            if (node.get("permission") or "").startswith("sys:post:view") or node.get(
                "href"
            ) == "/sys/post/PostList":
                found.append(node["id"])
            found += ids(node.get("children") or [])
        return found

    saved = await admin.post(
        "/sys/role/save", json={"name": "岗位查看", "enName": "postview", "menuIdList": ids(tree)}
    )
    assert saved.status_code == 200, saved.text
    role_id = (await admin.get("/sys/role/list", params={"enName": "postview"})).json()["records"][0]["id"]
    await make_user("postviewer", roleIdList=[role_id])
    user = await client_for("postviewer")
    # when they ask for the menu tree
    seen = (await user.get("/sys/menu/treeData")).json()

    # then only the branch down to their page shows, and no permission string at all
    def flat(nodes: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return [n for node in nodes for n in (node, *flat(node["children"]))]

    assert {n["href"] for n in flat(seen) if n["href"]} >= {"/sys/post/PostList"}
    assert "/sys/user/UserList" not in {n["href"] for n in flat(seen)}
    assert all(not n["permission"] for n in flat(seen))


async def test_a_file_is_found_by_its_id_only_by_its_uploader(
    admin: httpx.AsyncClient, make_user: Any, client_for: Any
) -> None:
    # given a file the administrator uploaded
    uploaded = (
        await admin.post("/sys/file/webupload/upload", files={"file": ("a.txt", b"secret", "text/plain")})
    ).json()
    await make_user("curious")
    other = await client_for("curious")
    # when another user asks for it by its database id
    by_id = await other.get("/sys/file/download2", params={"source": uploaded["id"]})
    # then it is not there for them; the uploader finds it, and the stored path (handed out by the
    # record the file belongs to) still opens it
    assert by_id.status_code == 404
    assert (await other.get("/sys/file/getUrl", params={"source": uploaded["id"]})).status_code == 404
    assert (await admin.get("/sys/file/download2", params={"source": uploaded["id"]})).status_code == 200
    assert (await other.get("/sys/file/download2", params={"source": uploaded["path"]})).status_code == 200


async def test_a_percent_sign_or_underscore_in_a_search_matches_only_itself(
    admin: httpx.AsyncClient, make_user: Any
) -> None:
    # given users whose names hold neither % nor _ but one that does
    await make_user("plain")
    await make_user("under_score")
    # when the user list is searched for % and _
    percent = (await admin.get("/sys/user/list", params={"loginName": "%"})).json()
    underscore = (await admin.get("/sys/user/list", params={"loginName": "_"})).json()
    # then nothing matches % and only the name with an underscore matches _
    assert percent["total"] == 0
    assert [r["loginName"] for r in underscore["records"]] == ["under_score"]
