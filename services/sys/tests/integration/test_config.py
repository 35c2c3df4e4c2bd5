"""System settings: read by the login page, changed without a restart, refused when out of range."""

from __future__ import annotations

import httpx


async def test_settings_are_saved_and_read_by_the_login_page(
    admin: httpx.AsyncClient, anonymous: httpx.AsyncClient
) -> None:
    # given
    form = (await admin.get("/sys/sysConfig/queryById")).json()
    assert form["productName"] == "Loom" and form["uploadMaxMb"] == 20
    # when
    saved = await admin.post(
        "/sys/sysConfig/save", json={**form, "productName": "织机", "defaultTheme": "#ff0000"}
    )
    # then
    assert saved.json() == "保存配置成功"
    public = (await anonymous.get("/sys/sysConfig/getConfig")).json()
    assert (public["productName"], public["defaultTheme"]) == ("织机", "#ff0000")
    too_big = await admin.post("/sys/sysConfig/save", json={**form, "uploadMaxMb": 5000})
    assert too_big.status_code == 400


async def test_settings_need_the_permission(make_user: object, client_for: object) -> None:
    await make_user("frank")  # type: ignore[operator]
    frank = await client_for("frank")  # type: ignore[operator]
    assert (await frank.get("/sys/sysConfig/queryById")).status_code == 403
    assert (await frank.post("/sys/sysConfig/save", json={})).status_code == 403
    assert (await frank.get("/sys/plugin/list")).json()["rows"][0]["id"] == "loom-sys"


async def test_saved_login_and_password_policies_hold_at_once(
    admin: httpx.AsyncClient, anonymous: httpx.AsyncClient, make_user: object
) -> None:
    # given a stricter policy: 8 characters, a lock after 2 failures
    form = (await admin.get("/sys/sysConfig/queryById")).json()
    await admin.post("/sys/sysConfig/save", json={**form, "passwordMinLength": 8, "loginMaxFailures": 2})
    # when / then
    short = await admin.post(
        "/sys/user/save", json={"loginName": "mia", "name": "mia", "password": "1234567"}
    )
    assert (short.status_code, short.json()["msg"]) == (400, "密码长度不能少于8位")
    await make_user("mia", password="12345678")  # type: ignore[operator]
    for _ in range(2):
        await anonymous.post("/sys/login", json={"username": "mia", "password": "wrong-password"})
    locked = await anonymous.post("/sys/login", json={"username": "mia", "password": "12345678"})
    assert locked.status_code != 200 and "锁定" in locked.json()["msg"]
