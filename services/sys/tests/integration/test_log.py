"""The operation log: writes and logins reach /sys/log/list through the outbox and NATS."""

from __future__ import annotations

import asyncio
import json
from datetime import UTC, date, datetime
from typing import Any

import httpx
from fastapi import FastAPI
from sqlalchemy import text

from loom_contracts.loom.sys.v1 import events_pb2
from loom_platform import oplog
from loom_platform.db import transaction
from loom_sys.log import service as log_service


async def _logged(admin: httpx.AsyncClient, expected: int, **filters: str) -> list[dict[str, Any]]:
    """Polls the log list until ``expected`` rows match (the log is written after the response)."""
    rows: list[dict[str, Any]] = []
    for _ in range(100):
        await oplog.drain()
        rows = (await admin.get("/sys/log/list", params={"size": 100, **filters})).json()["records"]
        if len(rows) >= expected:
            return rows
        await asyncio.sleep(0.1)
    return rows


async def test_a_write_and_its_failure_leave_log_rows(admin: httpx.AsyncClient) -> None:
    # when
    await admin.post("/sys/post/save", json={"name": "组长", "code": "lead"})
    await admin.post("/sys/post/save", json={"name": "另一个组长", "code": "lead"})
    # then
    rows = await _logged(admin, 2, type="4", requestUri="/sys/post/save")
    assert sorted(r["result"] for r in rows) == ["fail", "success"]
    failed = next(r for r in rows if r["result"] == "fail")
    assert failed["exception"] == "保存岗位'另一个组长'失败, 岗位编码已存在"
    assert failed["createBy"]["name"] == "系统管理员" and failed["requestType"] == "POST"
    assert '"code":"lead"' in failed["params"]
    stored = next(r for r in rows if r["result"] == "success")
    assert '"name":"组长"' in stored["after"]  # the values the write stored


async def test_a_writes_title_names_its_menu_and_action_in_both_languages_and_the_search_finds_either(
    admin: httpx.AsyncClient,
) -> None:
    # given a post added, then edited, through 岗位管理
    await admin.post("/sys/post/save", json={"name": "组员", "code": "member", "sort": 1})
    post = (await admin.get("/sys/post/list", params={"code": "member"})).json()["records"][0]
    await admin.post("/sys/post/save", json={"id": post["id"], "name": "组员二", "code": "member", "sort": 1})
    await admin.delete("/sys/post/delete", params={"ids": post["id"]})
    rows = await _logged(admin, 2, requestUri="/sys/post/save")
    # then each says where it was made and what it did, not what the code calls it
    assert sorted(r["title"] for r in rows) == ["岗位管理 · 修改", "岗位管理 · 添加"]
    await _logged(admin, 3, requestUri="/sys/post/")  # the delete's row too (it arrives through NATS)
    english = (
        await admin.get(
            "/sys/log/list",
            params={"size": 100, "requestUri": "/sys/post/"},
            headers={"Accept-Language": "en-US"},
        )
    ).json()["records"]
    assert sorted(r["title"] for r in english) == ["Posts · Add", "Posts · Delete", "Posts · Edit"]
    # and the search by title finds them by either language's words
    assert [r["title"] for r in await _logged(admin, 1, title="岗位管理 · 修")] == ["岗位管理 · 修改"]
    assert [r["title"] for r in await _logged(admin, 1, title="posts · del")] == ["岗位管理 · 删除"]


async def test_a_sign_in_is_kept_under_the_user_it_signed_in(
    admin: httpx.AsyncClient, make_user: Any, client_for: Any
) -> None:
    # given a user named in Chinese who signs in
    await make_user("frank", name="弗兰克")
    await client_for("frank")
    # then the sign-in's row shows the display name beside the login name, and its title in words
    [row] = await _logged(admin, 1, type="1", **{"createBy.name": "frank"})
    assert (row["createBy"]["name"], row["createBy"]["loginName"]) == ("弗兰克", "frank")
    assert row["title"] == "账号 · 登录"


async def test_logins_are_logged_with_the_password_masked(
    admin: httpx.AsyncClient, anonymous: httpx.AsyncClient
) -> None:
    await anonymous.post("/sys/login", json={"username": "admin", "password": "wrong-password"})
    rows = await _logged(admin, 2, type="1")
    failed = next(r for r in rows if r["result"] == "fail")
    assert failed["createBy"]["loginName"] == "admin" and "wrong-password" not in failed["params"]


async def test_mine_delete_and_empty(admin: httpx.AsyncClient, make_user: Any, client_for: Any) -> None:
    await make_user("erin")
    erin = await client_for("erin")
    await erin.post("/sys/user/savePwd", json={"oldPassword": "secret-pw", "newPassword": "secret-pw-2"})
    await _logged(admin, 1, requestUri="/sys/user/savePwd")
    mine = (await erin.get("/sys/log/data/mine", params={"size": 100})).json()["records"]
    assert {r["createBy"]["loginName"] for r in mine} == {"erin"}
    assert (await erin.get("/sys/log/list")).status_code == 403
    assert (await erin.delete("/sys/log/empty")).status_code == 403
    one = mine[0]["id"]
    assert (await admin.delete("/sys/log/delete", params={"ids": one})).json() == "删除日志成功！"
    assert (await admin.delete("/sys/log/empty")).json() == "清空日志成功!"
    bad = await admin.get("/sys/log/list", params={"beginCreateDate": "yesterday"})
    assert (bad.status_code, bad.json()["msg"]) == (400, "日期'yesterday'格式不正确")


async def test_an_update_and_a_delete_log_the_changed_fields_before_and_after(
    admin: httpx.AsyncClient,
) -> None:
    # given a post
    await admin.post("/sys/post/save", json={"name": "质检员", "code": "qa", "sort": 1})
    [created] = await _logged(admin, 1, requestUri="/sys/post/save")
    post = (await admin.get("/sys/post/list", params={"code": "qa"})).json()["records"][0]
    # when it is renamed, then deleted
    await admin.post("/sys/post/save", json={"id": post["id"], "name": "质量检验员", "code": "qa", "sort": 1})
    await admin.delete("/sys/post/delete", params={"ids": post["id"]})
    # then the update names the field that changed, with both values; the delete keeps the record
    key = f"sys_post {post['id']}"
    assert json.loads(created["after"])[key]["name"] == "质检员" and not created["before"]
    rows = await _logged(admin, 2, requestUri="/sys/post/save")
    updated = next(r for r in rows if r["before"])
    assert json.loads(updated["before"]) == {key: {"name": "质检员"}}
    assert json.loads(updated["after"]) == {key: {"name": "质量检验员"}}
    [deleted] = await _logged(admin, 1, requestUri="/sys/post/delete")
    assert json.loads(deleted["before"])[key]["code"] == "qa" and not deleted["after"]


async def test_log_rows_go_to_their_months_partition_and_a_late_month_takes_its_rows_along(
    app: FastAPI, admin: httpx.AsyncClient
) -> None:
    # given a row of a month that has no partition yet (it lands in the default partition)
    later = datetime(2031, 5, 17, 8, 30, tzinfo=UTC)
    event = events_pb2.OperationLogged(
        id="late-row", type="4", title="未来", request_uri="/x", created_at=int(later.timestamp() * 1000)
    )
    async with app.state.session_factory() as session, transaction(session):
        await log_service.store(session, event)
        await log_service.store(session, event)  # redelivered: stored once
    # when that month's partition is created
    async with app.state.session_factory() as session, transaction(session):
        await log_service.ensure_partitions(session, date(2031, 5, 1))
    # then the row lives there, once, and the list still shows it
    async with app.state.session_factory() as session:
        where = await session.execute(
            text("SELECT tableoid::regclass::text FROM sys_log WHERE id = 'late-row'")
        )
        assert where.scalars().all() == ["sys_log_2031_05"]
        months = await session.execute(
            text("SELECT count(*) FROM pg_inherits WHERE inhparent = 'sys_log'::regclass")
        )
        assert months.scalar_one() >= 4  # default, this month and two ahead at least
    listed = (await admin.get("/sys/log/list", params={"title": "未来"})).json()
    assert [r["id"] for r in listed["records"]] == ["late-row"]


async def _store(app: FastAPI, *events: events_pb2.OperationLogged) -> None:
    """Stores the events as the consumer stores a fetched batch: in one statement."""
    async with app.state.session_factory() as session, transaction(session):
        await log_service.store_many(session, events)


async def test_a_batch_with_a_redelivered_entry_stores_each_entry_once_and_notes_its_route(
    app: FastAPI, admin: httpx.AsyncClient
) -> None:
    # given a batch in which one entry comes twice, and a later batch that brings it a third time
    at = int(datetime(2026, 11, 2, 9, 0, tzinfo=UTC).timestamp() * 1000)
    row = events_pb2.OperationLogged
    first = row(id="b1", type="4", request_uri="/sys/batched/save", login_name="batcher", created_at=at)
    second = row(id="b2", type="4", request_uri="/sys/batched/delete", login_name="batcher", created_at=at)
    # when both batches are stored
    await _store(app, first, second, first)
    await _store(app, first)
    # then each entry is listed once, and a part of its route finds it
    page = (await admin.get("/sys/log/list", params={"size": 100, "requestUri": "BATCHED"})).json()
    assert sorted(r["id"] for r in page["records"]) == ["b1", "b2"]


async def test_contains_searches_of_route_and_user_find_every_matching_row(
    app: FastAPI, admin: httpx.AsyncClient, make_user: Any, monkeypatch: Any
) -> None:
    # given rows of two routes containing "widget", one of another route, a user named 搜索员 and a
    # failed login under a name no user has
    searcher = await make_user("finder", name="搜索员")
    row = events_pb2.OperationLogged
    await _store(
        app,
        row(id="s1", type="4", request_uri="/sys/widget/save", user_id=searcher["id"], login_name="finder"),
        row(
            id="s2",
            type="4",
            request_uri="/sys/widgetGroup/delete",
            user_id=searcher["id"],
            login_name="finder",
        ),
        row(id="s3", type="4", request_uri="/sys/gadget/save", login_name="someone"),
        row(id="s4", type="1", request_uri="/sys/login", login_name="Ghost-Finder-9"),
    )

    async def ids(**filters: str) -> list[str]:
        page = (await admin.get("/sys/log/list", params={"size": 100, **filters})).json()
        return sorted(r["id"] for r in page["records"] if r["id"].startswith("s"))

    # when / then: a part of a route, in any case, finds both routes and not the third
    assert await ids(requestUri="WIDGET") == ["s1", "s2"]
    # a part of the user's name finds the user's rows; a part of a login name finds its rows
    assert await ids(**{"createBy.name": "搜索"}) == ["s1", "s2"]
    assert await ids(**{"createBy.name": "finder"}) == ["s1", "s2", "s4"]
    assert await ids(requestUri="nowhere") == []
    # and when more values match than the list asks by name, it scans and finds the same rows
    monkeypatch.setattr(log_service.terms, "MATCH_LIMIT", 1)
    assert await ids(requestUri="WIDGET") == ["s1", "s2"]
    assert await ids(**{"createBy.name": "finder"}) == ["s1", "s2", "s4"]
