"""The data-source list honours its filters and sorts; a search for % or _ matches only itself."""

from __future__ import annotations


async def test_the_data_source_list_is_filtered_by_what_the_user_typed(env):
    h = env.headers()

    async def names(**params):
        page = await env.client.get("/database/datalink/dataSource/list", params=params, headers=h)
        assert page.status_code == 200, page.text
        return [r["id"] for r in page.json()["records"]]

    assert await names(name="本地") == ["master"]
    assert await names(name="不存在的库") == []
    assert await names(dbType="mysql") == []
    assert await names(dbType="postgresql", enName="mast") == ["master"]
    assert await names(**{"orders[0].column": "name", "orders[0].asc": "false"}) == ["master"]


async def test_a_sort_the_list_cannot_do_is_refused_not_ignored(env):
    answer = await env.client.get(
        "/database/datalink/dataSource/list", params={"orders[0].column": "password"}, headers=env.headers()
    )
    assert (answer.status_code, answer.json()["msg"]) == (400, "不支持按字段[password]排序")


async def test_a_percent_sign_in_a_reference_search_matches_nothing_else(env):
    page = (
        await env.client.get("/gencode/validateType/list", params={"label": "%"}, headers=env.headers())
    ).json()
    everything = (await env.client.get("/gencode/validateType/list", headers=env.headers())).json()
    assert everything["total"] > 0 and page["total"] == 0
