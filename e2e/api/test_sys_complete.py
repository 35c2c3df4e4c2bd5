"""sys, complete, through the gateway: data permissions on an online form (a department's user sees
none of another department's rows), the operation log of writes, and file-manager probes."""

from __future__ import annotations

import io
import json
import os
import time
import uuid
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import httpx
from openpyxl import load_workbook

from .conftest import PORTAL
from .test_forms import _bound_form, _form_directory, _menu_permissions, _ok

RUN = uuid.uuid4().hex[:6]
PASSWORD = "e2e-scope-secret"


def _office(admin: httpx.Client, name: str) -> str:
    _ok(admin.post("/api/sys/office/save", json={"name": name, "type": "2", "parentId": "1"}))
    tree = _ok(admin.get("/api/sys/office/treeData"))
    return str(next(n["id"] for n in tree[0]["children"] if n["name"] == name))


def _member(admin: httpx.Client, portal: httpx.Client, office: str, role: str) -> httpx.Client:
    name = f"scope_{uuid.uuid4().hex[:8]}"
    body = {"loginName": name, "name": name, "password": PASSWORD, "roleIdList": [role]}
    _ok(
        admin.post("/api/sys/user/save", json=body | {"companyDTO": {"id": "1"}, "officeDTO": {"id": office}})
    )
    token = _ok(portal.post("/api/sys/login", json={"username": name, "password": PASSWORD}))["token"]
    return httpx.Client(base_url=PORTAL, timeout=30, headers={"Authorization": f"Bearer {token}"})


def _rows(client: httpx.Client, form_id: str) -> set[str]:
    return {
        r["applicant"]
        for r in _ok(client.get("/api/form/generate/list", params={"formId": form_id}))["records"]
    }


def test_a_department_user_sees_none_of_another_departments_rows_until_the_scope_is_everything(
    admin: httpx.Client, portal: httpx.Client
) -> None:
    # given an online form with its menu, and a role holding its buttons with the scope 所在部门
    form = _bound_form(admin, f"scope{RUN}", f"e2e_scope_{RUN}")
    _ok(
        admin.post(
            "/api/form/make/createMenu",
            data={"formId": form["id"], "parent.id": _form_directory(admin), "name": form["name"]},
        )
    )
    granted = list(_menu_permissions(admin, form["code"]).values())
    role_name = f"scope{RUN}"
    role = {"name": role_name, "enName": role_name, "menuIdList": granted, "dataScope": "5"}
    _ok(admin.post("/api/sys/role/save", json=role))
    role_id = _ok(admin.get("/api/sys/role/list", params={"enName": role_name}))["records"][0]["id"]
    dept_a, dept_b = _office(admin, f"部门A{RUN}"), _office(admin, f"部门B{RUN}")
    alice, bob = _member(admin, portal, dept_a, role_id), _member(admin, portal, dept_b, role_id)
    for client, name in ((alice, "甲"), (bob, "乙")):
        _ok(client.post("/api/form/generate/save", json={"formId": form["id"], "applicant": name, "days": 1}))
    bobs = next(
        r
        for r in _ok(admin.get("/api/form/generate/list", params={"formId": form["id"]}))["records"]
        if r["applicant"] == "乙"
    )
    # when / then: alice sees her department's row only, through every route
    assert _rows(alice, form["id"]) == {"甲"}
    by_id = {"formId": form["id"], "id": bobs["id"]}
    assert alice.get("/api/form/generate/queryById", params=by_id).status_code == 404
    edit = {"formId": form["id"], "id": bobs["id"], "applicant": "改", "days": 1}
    assert alice.post("/api/form/generate/save", json=edit).status_code == 404
    assert (
        alice.delete(
            "/api/form/generate/delete", params={"formId": form["id"], "ids": bobs["id"]}
        ).status_code
        == 404
    )
    sheet = load_workbook(
        io.BytesIO(alice.get("/api/form/generate/export", params={"formId": form["id"]}).content)
    ).active
    assert [row[0] for row in sheet.iter_rows(min_row=2, values_only=True)] == ["甲"]
    assert _rows(admin, form["id"]) == {"甲", "乙"}  # bob's row is untouched
    # and with the scope 全部 she sees both
    _ok(admin.post("/api/sys/role/save", json=role | {"id": role_id, "dataScope": "1"}))
    assert _rows(alice, form["id"]) == {"甲", "乙"}
    for client in (alice, bob):
        client.close()


def _logged(
    admin: httpx.Client, until: Callable[[dict[str, Any]], bool] = lambda _: True, **filters: str
) -> list[dict[str, Any]]:
    """The log rows matching ``filters`` and ``until``, waited for: a log row is written after the
    answer it describes (rows of earlier requests to the same route may already be there)."""
    deadline = time.monotonic() + 20
    while True:
        rows = _ok(admin.get("/api/sys/log/list", params={"size": 50, **filters}))["records"]
        found = [r for r in rows if until(r)]
        if found or time.monotonic() > deadline:
            return found
        time.sleep(0.2)


def test_writes_of_every_service_leave_log_rows_with_their_result(admin: httpx.Client) -> None:
    # given writes through two services, one failing
    name = f"日志{RUN}"
    _ok(admin.post("/api/gencode/validateType/save", json={"label": name, "value": f"v{RUN}", "sort": 1}))
    failed = admin.post("/api/sys/post/save", json={"name": "", "code": ""})
    assert failed.status_code == 400
    # then sys's log shows both, with who and the result
    mine = _logged(
        admin, lambda r: name in (r["params"] or ""), requestUri="/gencode/validateType/save", title=""
    )
    assert mine and mine[0]["result"] == "success" and mine[0]["service"] == "gencode"
    assert mine[0]["createBy"]["name"] == "系统管理员"
    refused = _logged(admin, lambda r: r["result"] == "fail", requestUri="/sys/post/save")
    assert refused and refused[0]["exception"]


def test_file_manager_probes_are_refused_and_a_round_trip_works(admin: httpx.Client) -> None:
    for source in (
        "../../etc/passwd",
        "/etc/passwd",
        "mine/..%2F..%2Fetc%2Fpasswd",
        "mine%2F..%2F..",
        "mine\\..\\x",
    ):
        answer = admin.get("/api/sys/file/download", params={"source": source})
        assert answer.status_code == 400, (source, answer.status_code)
    big = admin.post(
        "/api/sys/file/upload",
        data={"target": "mine"},
        files={"upload": ("big.txt", b"x" * (50 * 1024 * 1024))},
    )
    assert big.status_code in (400, 413)
    folder = _ok(admin.post("/api/sys/file/createFolder", data={"source": f"e2e{RUN}", "target": "mine"}))
    page = _ok(
        admin.post(
            "/api/sys/file/upload", data={"target": folder["id"]}, files={"upload": ("p.svg", b"<svg/>")}
        )
    )
    got = admin.get("/api/sys/file/download", params={"source": page["id"]})
    assert got.headers["content-disposition"].startswith("attachment") and got.content == b"<svg/>"
    _ok(admin.post("/api/sys/file/remove", data={"source": folder["id"]}))


LEAVE_XML = (
    '<?xml version="1.0" encoding="UTF-8"?>'
    '<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" '
    'xmlns:flowable="http://flowable.org/bpmn" targetNamespace="http://loom/e2e">'
    '<process id="{key}" name="{key}" isExecutable="true">'
    '<startEvent id="start" flowable:initiator="applyUserId"/>'
    '<userTask id="check" name="确认" flowable:assignee="${{applyUserId}}"/>'
    '<endEvent id="end"/>'
    '<sequenceFlow id="f1" sourceRef="start" targetRef="check"/>'
    '<sequenceFlow id="f2" sourceRef="check" targetRef="end"/>'
    "</process></definitions>"
)


def _deploy(admin: httpx.Client, key: str) -> None:
    model = _ok(admin.post("/api/app/rest/models", json={"modelType": 0, "key": key, "name": key}))
    editor = _ok(admin.get(f"/api/app/rest/models/{model['id']}/editor/json"))
    form = {
        "modeltype": "model",
        "json_xml": LEAVE_XML.format(key=key),
        "name": key,
        "key": key,
        "description": "",
        "newversion": "false",
        "comment": "",
        "lastUpdated": editor["lastUpdated"],
    }
    _ok(admin.post(f"/api/flowable/model/saveModel/{model['id']}", data=form))
    _ok(admin.put("/api/flowable/model/deploy", params={"id": model["id"], "category": "办公"}))


def _started(client: httpx.Client, key: str, title: str) -> str:
    params = {"procDefKey": key, "title": title, "businessTable": "oa_scope", "businessId": title}
    return str(_ok(client.post("/api/flowable/task/start", params=params)))


def test_the_office_list_and_the_instance_monitors_follow_the_data_scope(
    admin: httpx.Client, portal: httpx.Client
) -> None:
    # given a role with the office list and the two instance monitors, scope 所在部门, and a member
    # in each of two departments; each starts a request
    menus = [
        "m-sys-office",
        "m-sys-office-view",
        "m-sys-office-edit",
        "m-sys-office-del",
        "m-flow-running",
        "m-flow-running-view",
        "m-flow-history",
        "m-flow-history-view",
    ]
    role_name = f"monitor{RUN}"
    _ok(
        admin.post(
            "/api/sys/role/save",
            json={"name": role_name, "enName": role_name, "menuIdList": menus, "dataScope": "5"},
        )
    )
    role_id = _ok(admin.get("/api/sys/role/list", params={"enName": role_name}))["records"][0]["id"]
    dept_a, dept_b = _office(admin, f"监控A{RUN}"), _office(admin, f"监控B{RUN}")
    alice, bob = _member(admin, portal, dept_a, role_id), _member(admin, portal, dept_b, role_id)
    key = f"scope{RUN}"
    _deploy(admin, key)
    mine, theirs = _started(alice, key, f"甲{RUN}"), _started(bob, key, f"乙{RUN}")
    # when / then: alice's office list holds her department only; B is 404 by id, for every action
    assert [n["id"] for n in _ok(alice.get("/api/sys/office/treeData", params={"showAll": "1"}))] == [dept_a]
    assert alice.get("/api/sys/office/queryById", params={"id": dept_b}).status_code == 404
    renamed = {"id": dept_b, "name": "改名", "type": "2", "parentId": "1"}
    assert alice.post("/api/sys/office/save", json=renamed).status_code == 404
    assert alice.delete("/api/sys/office/delete", params={"ids": dept_b}).status_code == 404
    # and the running monitor shows the instance her department started, not bob's
    running = _ok(alice.get("/api/flowable/process/runningData", params={"size": 100}))["records"]
    assert {r["processInstanceId"] for r in running} == {mine}
    everything = _ok(admin.get("/api/flowable/process/runningData", params={"size": 100}))["records"]
    assert {mine, theirs} <= {r["processInstanceId"] for r in everything}
    assert _ok(alice.get("/api/flowable/process/historyListData", params={"size": 100}))["total"] == 0
    for client in (alice, bob):
        client.close()


def test_updates_and_deletes_log_the_changed_fields_before_and_after(admin: httpx.Client) -> None:
    # given a post and a validation type
    code = f"qa{RUN}"
    _ok(admin.post("/api/sys/post/save", json={"name": f"质检{RUN}", "code": code, "sort": 1}))
    post = _ok(admin.get("/api/sys/post/list", params={"code": code}))["records"][0]
    label = f"校验{RUN}"
    _ok(admin.post("/api/gencode/validateType/save", json={"label": label, "value": f"b{RUN}", "sort": 1}))
    kind = next(
        r
        for r in _ok(admin.get("/api/gencode/validateType/list", params={"size": 1000}))["records"]
        if r["label"] == label
    )
    # when each is changed, and the post deleted
    _ok(
        admin.post(
            "/api/sys/post/save", json={"id": post["id"], "name": f"质量检验{RUN}", "code": code, "sort": 1}
        )
    )
    _ok(admin.post("/api/gencode/validateType/save", json={**kind, "sort": 7}))
    _ok(admin.delete("/api/sys/post/delete", params={"ids": post["id"]}))
    # then each log row names the fields that changed with their values before and after
    key = f"sys_post {post['id']}"

    def changed(uri: str, record: str) -> dict[str, Any]:
        [row] = _logged(admin, lambda r: record in (r["before"] or ""), requestUri=uri)
        return {"before": json.loads(row["before"]), "after": json.loads(row["after"] or "{}")}

    assert changed("/sys/post/save", key) == {
        "before": {key: {"name": f"质检{RUN}"}},
        "after": {key: {"name": f"质量检验{RUN}"}},
    }
    updated = changed("/gencode/validateType/save", kind["id"])
    [(record, fields)] = updated["before"].items()
    assert fields == {"sort": 1} and updated["after"] == {record: {"sort": 7}}
    deleted = changed("/sys/post/delete", key)
    assert deleted["before"][key]["code"] == code and deleted["after"] == {}


def test_a_failing_write_leaves_a_log_row_with_its_error(admin: httpx.Client) -> None:
    # when a save is refused
    refused = admin.post("/api/sys/post/save", json={"name": f"坏{RUN}", "code": ""})
    assert refused.status_code == 400
    # then its row says so, with the message the caller got
    [row] = _logged(admin, lambda r: f"坏{RUN}" in (r["params"] or ""), requestUri="/sys/post/save")
    assert (row["result"], row["exception"]) == ("fail", refused.json()["msg"])
    assert not row["before"] and not row["after"]


# 10,000 writes take minutes on a busy 2-core machine: CI sends 2,000; LOOM_E2E_BURST=10000 sends the
# issue's burst (its run is recorded in bench/sys/RESULTS.md).
BURST = int(os.environ.get("LOOM_E2E_BURST", "2000"))


def test_a_burst_of_writes_loses_no_log_row(admin: httpx.Client, portal: httpx.Client) -> None:
    # given a user of her own (her rows are counted by her name), holding no right: each write is a 403
    name = f"burst{RUN}"
    body = {"loginName": name, "name": name, "password": PASSWORD, "companyDTO": {"id": "1"}}
    _ok(admin.post("/api/sys/user/save", json=body))
    token = _ok(portal.post("/api/sys/login", json={"username": name, "password": PASSWORD}))["token"]
    headers = {"Authorization": f"Bearer {token}"}

    def send(n: int) -> int:
        with httpx.Client(base_url=PORTAL, timeout=60, headers=headers) as client:
            return sum(
                client.post("/api/sys/post/save", json={"name": f"b{i}", "code": f"b{i}"}).status_code == 403
                for i in range(n, BURST, 8)
            )

    # when the writes arrive from 8 clients at once
    with ThreadPoolExecutor(8) as pool:
        refused = sum(pool.map(send, range(8)))
    assert refused == BURST
    # then sys stores a log row for each of them: none lost, none twice
    deadline, total = time.monotonic() + 300, 0
    while time.monotonic() < deadline:
        total = _ok(
            admin.get(
                "/api/sys/log/list", params={"size": 1, "createBy.name": name, "requestUri": "/sys/post/save"}
            )
        )["total"]
        if total >= BURST:
            break
        time.sleep(1)
    time.sleep(2)  # a duplicate would arrive after the last row
    final = _ok(
        admin.get(
            "/api/sys/log/list", params={"size": 1, "createBy.name": name, "requestUri": "/sys/post/save"}
        )
    )
    assert (total, final["total"]) == (BURST, BURST)
