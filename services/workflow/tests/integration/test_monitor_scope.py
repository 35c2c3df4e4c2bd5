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


async def test_actions_by_id_on_an_instance_outside_the_scope_answer_404_and_change_nothing(env: Env) -> None:
    # given grace (sales, scope 所在部门) holding every monitor action, and an instance carol (HR) started
    await deploy(env, "leave", "请假流程", LEAVE)
    env.access.permissions["u-grace"] = {
        *MONITOR,
        "flowable:process:suspend",
        "flowable:process:active",
        "flowable:instance:del",
        "flowable:instance:stop",
        "flowable:history:del",
        "flowable:instance:migrate",
    }
    grace, admin = env.headers("u-grace"), env.headers(ADMIN)
    try:
        hr = await start(env, "u-carol", "leave", "卡罗尔请假", days=1)
        sales = await start(env, "u-alice", "leave", "爱丽丝请假", days=1)
        base = "/flowable/process"
        actions = [
            ("PUT", f"{base}/instance/suspend", {"procInsId": hr}),
            ("PUT", f"{base}/instance/active", {"procInsId": hr}),
            ("PUT", f"{base}/stop", {"id": hr, "message": "越权"}),
            ("DELETE", f"{base}/deleteProcIns", {"ids": hr, "reason": "越权"}),
            ("DELETE", f"{base}/deleteProcIns", {"ids": f"{sales},{hr}", "reason": "越权"}),
            ("DELETE", f"{base}/history/deleteAllProcIns", {"procInsIds": hr}),
            ("GET", f"{base}/historicVariables", {"procInsId": hr}),
        ]
        missing = await env.client.put(
            f"{base}/instance/suspend", params={"procInsId": "no-such"}, headers=grace
        )
        assert missing.status_code == 404
        # when / then: each is a 404 saying what a missing instance says
        for method, url, params in actions:
            answer = await env.client.request(method, url, params=params, headers=grace)
            assert (answer.status_code, url) == (404, url), answer.text
            assert answer.json()["msg"] == missing.json()["msg"]
        # migrating it (实例迁移) too
        (definition,) = {
            r["processDefinitionId"]
            for r in (await env.client.get(f"{base}/runningData", headers=admin)).json()["records"]
        }
        for url in ("/flowable/migration/dryRun", "/flowable/migration/migrate"):
            body = {"sourceDefinitionId": definition, "targetDefinitionId": definition, "procInsIds": [hr]}
            answer = await env.client.post(url, json=body, headers=grace)
            assert (answer.status_code, answer.json()["msg"]) == (404, missing.json()["msg"]), url
        # and both instances still run, unsuspended
        running = (await env.client.get(f"{base}/runningData", headers=admin)).json()["records"]
        assert {r["processInstanceId"] for r in running} == {sales, hr}
        # while grace's own department's instance obeys her
        suspended = await env.client.put(
            f"{base}/instance/suspend", params={"procInsId": sales}, headers=grace
        )
        assert suspended.status_code == 200, suspended.text
        stopped = await env.client.put(f"{base}/stop", params={"id": sales, "message": "可以"}, headers=grace)
        assert stopped.status_code == 200, stopped.text
    finally:
        env.access.permissions.pop("u-grace", None)
