"""sys, complete, through the gateway: data permissions on an online form (a department's user sees
none of another department's rows), the operation log of writes, and file-manager probes."""

from __future__ import annotations

import io
import time
import uuid
from collections.abc import Callable
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
