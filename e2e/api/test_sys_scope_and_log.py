"""Through the gateway: the log list's contains searches and title sort, before and after of writes
made without the ORM (an online form's records, the workflow engine's rows), workflow instance
actions by id outside the caller's data scope, and the user export of the list's search."""

from __future__ import annotations

import io
import json
import uuid
from typing import Any

import httpx
from openpyxl import load_workbook

from .conftest import PORTAL
from .test_forms import _bound_form, _form_directory, _menu_permissions, _ok, _user_with
from .test_sys_complete import PASSWORD, _deploy, _logged, _member, _office, _started

RUN = uuid.uuid4().hex[:6]


def _role(admin: httpx.Client, name: str, menus: list[str], scope: str = "5") -> str:
    _ok(
        admin.post(
            "/api/sys/role/save", json={"name": name, "enName": name, "menuIdList": menus, "dataScope": scope}
        )
    )
    return str(_ok(admin.get("/api/sys/role/list", params={"enName": name}))["records"][0]["id"])


def test_the_log_list_finds_a_part_of_a_route_or_a_user_and_sorts_by_title(
    admin: httpx.Client, portal: httpx.Client
) -> None:
    # given a user named in Chinese who signs in and saves a post
    role = _role(admin, f"logger{RUN}", ["m-sys-post", "m-sys-post-add"])
    login, name = f"logger_{RUN}", f"日志员{RUN}"
    body = {
        "loginName": login,
        "name": name,
        "password": PASSWORD,
        "roleIdList": [role],
        "companyDTO": {"id": "1"},
    }
    _ok(admin.post("/api/sys/user/save", json=body))
    token = _ok(portal.post("/api/sys/login", json={"username": login, "password": PASSWORD}))["token"]
    member = httpx.Client(base_url=PORTAL, timeout=30, headers={"Authorization": f"Bearer {token}"})
    _ok(member.post("/api/sys/post/save", json={"name": f"岗位{RUN}", "code": f"p{RUN}", "sort": 1}))
    # when the log is searched by a part of the user's name, of the login name, and of the route
    by_name = _logged(admin, lambda r: r["requestUri"] == "/sys/post/save", **{"createBy.name": f"志员{RUN}"})
    by_login = _logged(
        admin, lambda r: r["requestUri"] == "/sys/post/save", **{"createBy.name": f"GER_{RUN}"}
    )
    by_route = _logged(admin, lambda r: f"p{RUN}" in (r["params"] or ""), requestUri="POST/SAV")
    # then each finds the save
    assert by_name and by_login and by_route
    assert by_name[0]["createBy"]["name"] == name
    # and the list sorted by title answers, in order
    titles = [
        r["title"]
        for r in _ok(
            admin.get(
                "/api/sys/log/list", params={"orders[0].column": "title", "orders[0].asc": "true", "size": 20}
            )
        )["records"]
    ]
    assert titles == sorted(titles, key=lambda t: t or "")
    member.close()


def test_an_online_forms_record_and_an_engine_command_log_their_values_before_and_after(
    admin: httpx.Client, portal: httpx.Client
) -> None:
    # given an online form's record, written by a clerk holding the form's buttons
    form = _bound_form(admin, f"log{RUN}", f"e2e_log_{RUN}")
    menu = {"formId": form["id"], "parent.id": _form_directory(admin), "name": form["name"]}
    _ok(admin.post("/api/form/make/createMenu", data=menu))
    clerk = _user_with(admin, portal, list(_menu_permissions(admin, form["code"]).values()))
    _ok(clerk.post("/api/form/generate/save", json={"formId": form["id"], "applicant": "前", "days": 1}))
    [record] = _ok(clerk.get("/api/form/generate/list", params={"formId": form["id"]}))["records"]
    key = f"e2e_log_{RUN} {record['id']}"
    # when it is edited, then deleted
    edit = {"formId": form["id"], "id": record["id"], "applicant": "后", "days": 1}
    _ok(clerk.post("/api/form/generate/save", json=edit))
    _ok(clerk.delete("/api/form/generate/delete", params={"formId": form["id"], "ids": record["id"]}))
    clerk.close()
    # then the edit's log row holds the changed field's old and new values, the delete's the record
    [edited] = _logged(admin, lambda r: key in (r["before"] or ""), requestUri="/form/generate/save")
    assert json.loads(edited["before"]) == {key: {"applicant": "前"}}
    assert json.loads(edited["after"]) == {key: {"applicant": "后"}}
    # titled by the form's menu and the action, the field named by its label (the auditor's words)
    assert edited["title"] == f"{form['name']} · 修改"
    assert json.loads(edited["labels"])[f"e2e_log_{RUN}"]["applicant"] == "申请人"
    [deleted] = _logged(admin, lambda r: key in (r["before"] or ""), requestUri="/form/generate/delete")
    assert json.loads(deleted["before"])[key]["applicant"] == "后" and not deleted["after"]
    # and an instance suspended by the monitor logs the engine's row it changed
    process = f"logp{RUN}"
    _deploy(admin, process)
    instance = _started(admin, process, f"挂起{RUN}")
    _ok(admin.put("/api/flowable/process/instance/suspend", params={"procInsId": instance}))
    execution = f"act_ru_execution {instance}"
    [suspended] = _logged(
        admin, lambda r: execution in (r["before"] or ""), requestUri="/flowable/process/instance/suspend"
    )
    assert json.loads(suspended["before"])[execution] == {"suspended": False}
    assert json.loads(suspended["after"])[execution] == {"suspended": True}


def test_instance_actions_by_id_outside_the_scope_are_404_and_change_nothing(
    admin: httpx.Client, portal: httpx.Client
) -> None:
    # given a monitor of department A (scope 所在部门) holding every instance action, and an
    # instance started in each department
    menus = [
        "m-flow-running",
        "m-flow-running-view",
        "m-flow-running-del",
        "m-flow-running-stop",
        "m-flow-history",
        "m-flow-history-view",
        "m-flow-history-del",
        "m-flow-process",
        "m-flow-process-suspend",
        "m-flow-process-active",
    ]
    role = _role(admin, f"actions{RUN}", menus)
    dept_a, dept_b = _office(admin, f"动作A{RUN}"), _office(admin, f"动作B{RUN}")
    alice, bob = _member(admin, portal, dept_a, role), _member(admin, portal, dept_b, role)
    process = f"act{RUN}"
    _deploy(admin, process)
    mine, theirs = _started(alice, process, f"甲{RUN}"), _started(bob, process, f"乙{RUN}")
    base = "/api/flowable/process"
    missing = alice.put(f"{base}/instance/suspend", params={"procInsId": "no-such-instance"})
    # when / then: every action on bob's instance is what a missing instance gets
    for method, url, params in (
        ("PUT", "instance/suspend", {"procInsId": theirs}),
        ("PUT", "instance/active", {"procInsId": theirs}),
        ("PUT", "stop", {"id": theirs, "message": "越权"}),
        ("DELETE", "deleteProcIns", {"ids": theirs, "reason": "越权"}),
        ("DELETE", "history/deleteAllProcIns", {"procInsIds": theirs}),
        ("GET", "historicVariables", {"procInsId": theirs}),
    ):
        answer = alice.request(method, f"{base}/{url}", params=params)
        assert (url, answer.status_code, answer.json()["msg"]) == (url, 404, missing.json()["msg"])
    running = _ok(admin.get(f"{base}/runningData", params={"size": 100}))["records"]
    assert theirs in {r["processInstanceId"] for r in running}  # still running
    # while her own department's instance obeys her
    _ok(alice.put(f"{base}/instance/suspend", params={"procInsId": mine}))
    _ok(alice.put(f"{base}/stop", params={"id": mine, "message": "可以"}))
    for client in (alice, bob):
        client.close()


def test_the_user_export_holds_the_rows_the_list_shows_for_its_search_and_scope(
    admin: httpx.Client, portal: httpx.Client
) -> None:
    # given a user administrator of department A (scope 所在部门) who may export, and users in A and B
    role = _role(admin, f"export{RUN}", ["m-sys-user", "m-sys-user-view", "m-sys-user-export"])
    dept_a, dept_b = _office(admin, f"导出A{RUN}"), _office(admin, f"导出B{RUN}")
    exporter = _member(admin, portal, dept_a, role)
    for office, name in ((dept_a, "甲"), (dept_a, "乙"), (dept_b, "丙")):
        body = {"loginName": f"x{name}{RUN}", "name": f"导出{RUN}{name}", "password": "e2e-user-secret"}
        _ok(
            admin.post(
                "/api/sys/user/save", json=body | {"companyDTO": {"id": "1"}, "officeDTO": {"id": office}}
            )
        )

    def exported(client: httpx.Client, search: dict[str, str]) -> list[Any]:
        columns = {"fields[0].field": "name", "fields[0].title": "姓名"}
        answer = client.get("/api/sys/user/export", params={**search, **columns})
        assert answer.status_code == 200, answer.text
        return sorted(
            r[0]
            for r in load_workbook(io.BytesIO(answer.content)).active.iter_rows(min_row=2, values_only=True)
        )

    def listed(client: httpx.Client, search: dict[str, str]) -> list[Any]:
        return sorted(
            r["name"]
            for r in _ok(client.get("/api/sys/user/list", params={**search, "size": 100}))["records"]
        )

    # when / then: the search's fields narrow the file as they narrow the list
    every = {"name": f"导出{RUN}"}
    assert exported(admin, every) == listed(admin, every) == sorted(f"导出{RUN}{n}" for n in "甲乙丙")
    one = {"name": f"{RUN}乙", "officeDTO.id": dept_a}
    assert exported(admin, one) == listed(admin, one) == [f"导出{RUN}乙"]
    # and the exporter's scope holds in the file as in the list
    mine = every
    assert exported(exporter, mine) == listed(exporter, mine) == sorted(f"导出{RUN}{n}" for n in "甲乙")
    exporter.close()
