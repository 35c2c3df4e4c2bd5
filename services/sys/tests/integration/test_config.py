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
