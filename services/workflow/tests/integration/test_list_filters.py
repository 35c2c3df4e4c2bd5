"""List filters as a user notices them: % and _ are searched for literally, a bad date is a clear 400."""

from __future__ import annotations

import pytest

from ..conftest import Env
from .helpers import LEAVE, deploy, node, start

pytestmark = pytest.mark.asyncio

EXTENSIONS = [node("leave", "dept", [("user", "u-bob")], [("_flow_agree", "同意")])]


async def test_a_percent_sign_in_the_title_search_matches_only_titles_holding_one(env: Env) -> None:
    # given two requests waiting for bob, one with % in its title
    await deploy(env, "leave", "请假流程", LEAVE, EXTENSIONS)
    await start(env, "u-alice", "leave", "加薪50%申请", days=5)
    await start(env, "u-alice", "leave", "年假申请", days=2)

    async def titles(**params: str) -> list[str]:
        page = await env.client.get("/flowable/task/todo", params=params, headers=env.headers("u-bob"))
        assert page.status_code == 200, page.text
        return sorted(r["vars"]["title"] for r in page.json()["records"])

    # then % and _ are characters, not wildcards
    assert await titles(title="%") == ["加薪50%申请"]
    assert await titles(title="_") == []


@pytest.mark.parametrize(
    "path", ["/flowable/task/todo", "/flowable/task/historic", "/flowable/task/myApplyed"]
)
async def test_an_unreadable_date_filter_is_refused_with_the_field_named(env: Env, path: str) -> None:
    answer = await env.client.get(path, params={"endDate": "null"}, headers=env.headers("u-bob"))
    assert answer.status_code == 400
    assert answer.json()["msg"] == "参数endDate的日期格式不正确: null"


@pytest.mark.parametrize(
    "path", ["/flowable/task/todo", "/flowable/task/historic", "/flowable/task/myApplyed"]
)
async def test_a_sort_a_fixed_order_list_cannot_do_is_refused(env: Env, path: str) -> None:
    answer = await env.client.get(path, params={"orders[0].column": "name"}, headers=env.headers("u-bob"))
    assert (answer.status_code, answer.json()["msg"]) == (400, "不支持按字段[name]排序")


async def test_percent_and_underscore_are_literal_in_the_model_and_extension_searches(env: Env) -> None:
    # given a model, an expression, a listener and a button whose names hold no % or _
    h = env.headers()
    created = await env.client.post(
        "/app/rest/models", json={"modelType": 0, "key": "plain", "name": "普通"}, headers=h
    )
    assert created.status_code == 200, created.text
    for path, body in (
        ("/extension/condition/save", {"name": "普通条件", "expression": "${days > 3}"}),
        (
            "/extension/listener/save",
            {"name": "普通监听", "event": "start", "valueType": "1", "value": "a.B"},
        ),
        ("/extension/button/save", {"name": "普通按钮", "code": "plainbtn", "sort": 5}),
    ):
        assert (await env.client.post(path, json=body, headers=h)).status_code == 200

    async def total(path: str, **params: str) -> int:
        answer = await env.client.get(path, params={**params, "size": "100"}, headers=h)
        assert answer.status_code == 200, answer.text
        return answer.json()["total"]

    # when each search is given % or _, then nothing matches (they are characters, not wildcards)
    for wildcard in ("%", "_"):
        assert await total("/flowable/model/list", filterText=wildcard) == 0
        assert await total("/extension/condition/list", name=wildcard) == 0
        assert await total("/extension/listener/list", name=wildcard) == 0
        assert await total("/extension/button/list", name=wildcard) == 0
    # (the system buttons' codes hold a real _: "plain_tn" as a wildcard would match "plainbtn")
    assert await total("/extension/button/list", code="%") == 0
    assert await total("/extension/button/list", code="plain_tn") == 0
    assert await total("/extension/button/list", code="plainbtn") == 1
