"""What the gateway adds: /api stripped, security headers, errors in the user's language."""

from __future__ import annotations

import os

import httpx

ADMIN_PASSWORD = os.environ.get("LOOM_ADMIN_PASSWORD", "")


def test_login_through_the_gateway_answers_a_token_pair(portal: httpx.Client) -> None:
    # given the seeded administrator
    # when they log in through /api
    answer = portal.post("/api/sys/login", json={"username": "admin", "password": ADMIN_PASSWORD})
    # then the gateway reached sys with /api stripped and both tokens come back
    assert answer.status_code == 200
    assert set(answer.json()) >= {"token", "refreshToken"}


def test_answers_carry_security_headers_and_a_request_id(admin: httpx.Client) -> None:
    answer = admin.get("/api/sys/user/info")
    assert answer.status_code == 200
    assert answer.headers["x-frame-options"] == "DENY"
    assert answer.headers["x-content-type-options"] == "nosniff"
    assert len(answer.headers["x-request-id"]) == 32


def test_a_call_without_token_is_refused_in_chinese_and_in_english(portal: httpx.Client) -> None:
    zh = portal.get("/api/sys/user/list")
    en = portal.get("/api/sys/user/list", headers={"Accept-Language": "en-US"})
    assert (zh.status_code, zh.json()["msg"]) == (401, "请先登录")
    assert (en.status_code, en.json()["msg"]) == (401, "Please log in")


def test_menus_of_the_administrator_cover_every_area(admin: httpx.Client) -> None:
    menus = admin.get("/api/sys/user/getMenus").json()
    names = {node["name"] for node in menus["menuList"]}
    assert {"系统管理", "代码生成", "流程管理", "表单管理"} <= names
    assert "gencode:validateType:add" in menus["permissions"]
    assert [v["value"] for v in menus["dictList"]["table_type"]][:3] == ["0", "1", "2"]


def test_the_portal_is_served_at_the_root(portal: httpx.Client) -> None:
    answer = portal.get("/")
    assert answer.status_code in (200, 503)  # 503 only while the portal is not built


def test_a_body_over_the_gateway_limit_is_refused_before_any_service(admin: httpx.Client) -> None:
    # given the e2e gateway's limit (LOOM_GATEWAY_MAX_BODY_BYTES, 8 MiB in scripts/e2e.sh)
    limit = int(os.environ.get("LOOM_GATEWAY_MAX_BODY_BYTES", "8388608"))
    # when an upload is larger
    answer = admin.post(
        "/api/sys/file/webupload/upload", files={"file": ("big.txt", b"x" * (limit + 1024), "text/plain")}
    )
    # then Traefik answers 413 itself
    assert answer.status_code == 413
