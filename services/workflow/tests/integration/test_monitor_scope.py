"""The instance monitors (running and history) show the instances whose starter the viewer's data
scope reaches, as sys answers it (roles' scopes and the menu's rules)."""

from __future__ import annotations

from ..conftest import ADMIN, Env
from .helpers import LEAVE, deploy, start

MONITOR = {"flowable:instance:view", "flowable:history:view"}


async def test_a_department_scope_shows_only_instances_its_department_started(env: Env) -> None:
    # given grace (sales, role scope 所在部门) holding the monitors, an instance started in sales
    # by alice and one started in HR by carol
    await deploy(env, "leave", "请假流程", LEAVE)
    env.access.permissions["u-grace"] = set(MONITOR)
    try:
        sales = await start(env, "u-alice", "leave", "爱丽丝请假", days=1)
        hr = await start(env, "u-carol", "leave", "卡罗尔请假", days=1)
        # when
        seen = await env.client.get("/flowable/process/runningData", headers=env.headers("u-grace"))
        everything = await env.client.get("/flowable/process/runningData", headers=env.headers(ADMIN))
        ended = await env.client.get("/flowable/process/historyListData", headers=env.headers("u-grace"))
        # then: grace sees sales' instance only; the administrator (scope 全部) sees both
        assert [r["processInstanceId"] for r in seen.json()["records"]] == [sales]
        assert seen.json()["total"] == 1
        assert {r["processInstanceId"] for r in everything.json()["records"]} == {sales, hr}
        assert ended.json()["total"] == 0
    finally:
        env.access.permissions.pop("u-grace", None)
