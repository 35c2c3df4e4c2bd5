"""Login, lockout, token refresh with rotation, logout, password change, the menus call."""

from __future__ import annotations

import re
from typing import Any

import httpx
from fastapi import FastAPI

from .conftest import ADMIN_PASSWORD


async def test_login_answers_tokens_that_open_the_user_info(anonymous: httpx.AsyncClient) -> None:
    # given the seeded administrator
    # when they log in
    answer = await anonymous.post("/sys/login", json={"username": "admin", "password": "admin-test-pw"})
    # then a token pair comes back and the token opens /sys/user/info, also in the JeePlus "token" header
    assert answer.status_code == 200
    token = answer.json()["token"]
    info = await anonymous.get("/sys/user/info", headers={"token": token})
    assert info.status_code == 200
    assert info.json()["user"]["loginName"] == "admin"
    assert info.json()["role"][0]["enName"] == "sys"


async def test_wrong_password_is_refused_with_the_same_message_as_an_unknown_user(
    anonymous: httpx.AsyncClient,
) -> None:
    wrong = await anonymous.post("/sys/login", json={"username": "admin", "password": "nope-nope"})
    unknown = await anonymous.post("/sys/login", json={"username": "nobody", "password": "nope-nope"})
    assert wrong.status_code == unknown.status_code == 401
    assert wrong.json()["msg"] == unknown.json()["msg"] == "用户名或密码错误"


async def test_five_failures_lock_the_account_even_for_the_right_password(
    anonymous: httpx.AsyncClient, make_user: Any
) -> None:
    # given a user
    await make_user("locky", password="right-pw")
    # when the password is wrong five times
    for _ in range(5):
        assert (
            await anonymous.post("/sys/login", json={"username": "locky", "password": "wrong"})
        ).status_code == 401
    # then even the right password is refused for 15 minutes
    answer = await anonymous.post("/sys/login", json={"username": "locky", "password": "right-pw"})
    assert answer.status_code == 401
    assert answer.json()["msg"] == "账号已被锁定，请15分钟后再试"


async def test_a_disabled_user_cannot_log_in(anonymous: httpx.AsyncClient, make_user: Any) -> None:
    await make_user("offline", loginFlag="0")
    answer = await anonymous.post("/sys/login", json={"username": "offline", "password": "secret-pw"})
    assert (answer.status_code, answer.json()["msg"]) == (401, "该用户已被禁止登录")


async def test_refresh_rotates_and_a_replayed_refresh_token_ends_the_session(
    anonymous: httpx.AsyncClient,
) -> None:
    # given a login
    first = (
        await anonymous.post("/sys/login", json={"username": "admin", "password": "admin-test-pw"})
    ).json()
    # when the refresh token is used
    second = await anonymous.get("/sys/refreshToken", params={"refreshToken": first["refreshToken"]})
    assert second.status_code == 200
    assert second.json()["refreshToken"] != first["refreshToken"]
    # then replaying the old one fails and also kills the new pair
    replay = await anonymous.get("/sys/refreshToken", params={"refreshToken": first["refreshToken"]})
    assert replay.status_code == 401
    again = await anonymous.get("/sys/refreshToken", params={"refreshToken": second.json()["refreshToken"]})
    assert again.status_code == 401
    shut = await anonymous.get(
        "/sys/user/info", headers={"Authorization": f"Bearer {second.json()['token']}"}
    )
    assert shut.status_code == 401


async def test_logout_revokes_the_token_at_once(app: FastAPI, anonymous: httpx.AsyncClient) -> None:
    tokens = (
        await anonymous.post("/sys/login", json={"username": "admin", "password": "admin-test-pw"})
    ).json()
    headers = {"Authorization": f"Bearer {tokens['token']}"}
    assert (await anonymous.get("/sys/logout", headers=headers)).json() == "退出成功"
    assert (await anonymous.get("/sys/user/info", headers=headers)).status_code == 401
    refresh = await anonymous.get("/sys/refreshToken", params={"refreshToken": tokens["refreshToken"]})
    assert refresh.status_code == 401


async def test_a_garbled_token_answers_408_so_the_client_refreshes(anonymous: httpx.AsyncClient) -> None:
    answer = await anonymous.get("/sys/user/info", headers={"Authorization": "Bearer not.a.token"})
    assert answer.status_code == 408
    assert answer.json()["msg"] == "登录已过期，请重新登录"


async def test_disabling_a_user_shuts_out_their_live_token(
    admin: httpx.AsyncClient, make_user: Any, client_for: Any
) -> None:
    # given a logged-in user
    user = await make_user("soon-off")
    client = await client_for("soon-off")
    assert (await client.get("/sys/user/info")).status_code == 200
    # when an administrator disables them
    answer = await admin.put("/sys/user/updateLoginFlag", params={"ids": user["id"], "loginFlag": "0"})
    assert answer.json() == "禁用用户成功"
    # then their token stops working (sys drops the cached access on its own event)
    assert (await client.get("/sys/user/info")).status_code == 401


async def test_change_password_checks_the_old_one(
    anonymous: httpx.AsyncClient, make_user: Any, client_for: Any
) -> None:
    await make_user("pw-user", password="first-pw")
    client = await client_for("pw-user", "first-pw")
    wrong = await client.post("/sys/user/savePwd", json={"oldPassword": "nope", "newPassword": "second-pw"})
    assert (wrong.status_code, wrong.json()["msg"]) == (400, "修改密码失败，旧密码错误")
    short = await client.post("/sys/user/savePwd", json={"oldPassword": "first-pw", "newPassword": "123"})
    assert short.json()["msg"] == "密码长度不能少于6位"
    ok = await client.post("/sys/user/savePwd", json={"oldPassword": "first-pw", "newPassword": "second-pw"})
    assert ok.json() == "修改密码成功"
    login = await anonymous.post("/sys/login", json={"username": "pw-user", "password": "second-pw"})
    assert login.status_code == 200


async def test_get_menus_gives_routes_menus_permissions_and_dictionaries(admin: httpx.AsyncClient) -> None:
    body = (await admin.get("/sys/user/getMenus")).json()
    assert {"routerList", "menuList", "permissions", "dictList"} <= set(body)
    system = next(m for m in body["menuList"] if m["name"] == "系统管理")
    assert "/sys/user/UserList" in [child["href"] for child in system["children"]]
    assert {"sys:user:add", "gencode:customObj:view", "flowable:model:deploy"} <= set(body["permissions"])
    assert {v["value"]: v["label"] for v in body["dictList"]["yes_no"]} == {"1": "是", "0": "否"}


async def test_messages_follow_accept_language(anonymous: httpx.AsyncClient) -> None:
    answer = await anonymous.post(
        "/sys/login",
        json={"username": "admin", "password": "wrong"},
        headers={"Accept-Language": "en-US,en;q=0.9"},
    )
    assert answer.json()["msg"] == "Wrong user name or password"


async def test_an_empty_login_form_is_a_validation_error(anonymous: httpx.AsyncClient) -> None:
    answer = await anonymous.post("/sys/login", json={"username": "", "password": ""})
    assert answer.status_code == 400
    assert answer.json()["msg"].startswith("参数username, 数据验证失败")


async def test_get_menus_in_english_uses_the_english_labels(admin: httpx.AsyncClient) -> None:
    # given the seeded menus
    # when the portal asks in en-US
    body = (await admin.get("/sys/user/getMenus", headers={"Accept-Language": "en-US"})).json()
    # then directories and pages carry their English labels; zh-CN keeps the Chinese ones
    system = next(m for m in body["menuList"] if m["id"] == "m-sys")
    assert system["name"] == "System"
    assert [c["name"] for c in system["children"]][:3] == ["Users", "Organisation", "Roles"]
    chinese = (await admin.get("/sys/user/getMenus")).json()
    assert next(m for m in chinese["menuList"] if m["id"] == "m-sys")["name"] == "系统管理"


async def test_the_captcha_is_asked_at_login_only_when_the_settings_turn_it_on(
    admin: httpx.AsyncClient, anonymous: httpx.AsyncClient
) -> None:
    # given the captcha turned on in the settings
    form = (await admin.get("/sys/sysConfig/queryById")).json()
    assert (await admin.post("/sys/sysConfig/save", json={**form, "loginCode": "1"})).status_code == 200
    try:
        image = await anonymous.get("/sys/getCode")
        assert image.headers["content-type"].startswith("image/svg+xml") and b"<svg" in image.content
        # when a login comes without the code, or with a wrong one
        body = {"username": "admin", "password": ADMIN_PASSWORD}
        missing = await anonymous.post("/sys/login", json=body)
        wrong = await anonymous.post("/sys/login", json={**body, "code": "ZZZZ"})
        # then it is refused before the password is looked at
        assert (missing.status_code, missing.json()["msg"]) == (400, "验证码错误")
        assert wrong.status_code == 400
        # and the code the image shows opens the door (read here from the image's glyphs)
        code = "".join(re.findall(r">([A-Z0-9])</text>", image.text))
        assert (await anonymous.post("/sys/login", json={**body, "code": code.lower()})).status_code == 200
    finally:
        await admin.post("/sys/sysConfig/save", json={**form, "loginCode": "0"})
    assert (
        await anonymous.post("/sys/login", json={"username": "admin", "password": ADMIN_PASSWORD})
    ).status_code == 200
    cas = await anonymous.get("/sys/casLogin", params={"ticket": "ST-1", "service": "http://x/"})
    assert (cas.status_code, cas.json()["msg"]) == (400, "未配置CAS单点登录，请使用用户名和密码登录")
