"""The notice centre through the gateway (issue 27): the administrator's notice stream (server-sent
events, passed unbuffered by Traefik) brings a new task and a copy (抄送) as they happen; the list
counts them unread, and reading them clears the count."""

from __future__ import annotations

import json
import queue
import threading
import time
import uuid
from typing import Any

import httpx

from .conftest import PORTAL

RUN = uuid.uuid4().hex[:6]
KEY = f"e2e_notices_{RUN}"
PASSWORD = "e2e-notices-1"
NS = 'xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn"'
XML = (
    f'<?xml version="1.0" encoding="UTF-8"?><definitions {NS} targetNamespace="e2e">'
    f'<process id="{KEY}" name="通知 {RUN}" isExecutable="true">'
    '<startEvent id="start" flowable:initiator="applyUserId"/><userTask id="check" name="审核"/>'
    '<endEvent id="end"/><sequenceFlow id="f1" sourceRef="start" targetRef="check"/>'
    '<sequenceFlow id="f2" sourceRef="check" targetRef="end"/></process></definitions>'
)


def _ok(answer: httpx.Response) -> Any:
    assert answer.status_code == 200, f"{answer.request.method} {answer.request.url}: {answer.text}"
    return answer.json()


def _office(admin: httpx.Client, name: str, kind: str, parent: str = "0") -> str:
    _ok(admin.post("/api/sys/office/save", json={"name": name, "type": kind, "parentId": parent}))

    def find(nodes: list[dict[str, Any]]) -> str | None:
        for node in nodes:
            if node["name"] == name:
                return str(node["id"])
            hit = find(node.get("children") or [])
            if hit:
                return hit
        return None

    found = find(_ok(admin.get("/api/sys/office/treeData", params={"showAll": "1"})))
    assert found
    return found


def _employee(admin: httpx.Client, portal: httpx.Client) -> httpx.Client:
    company = _office(admin, f"通知公司{RUN}", "1")
    office = _office(admin, f"通知部{RUN}", "2", company)
    login = f"notice-{RUN}"
    user = {
        "loginName": login,
        "name": f"通知员工{RUN}",
        "password": PASSWORD,
        "companyDTO": {"id": company},
        "officeDTO": {"id": office},
        "roleIdList": ["employee"],
    }
    _ok(admin.post("/api/sys/user/save", json=user))
    token = _ok(portal.post("/api/sys/login", json={"username": login, "password": PASSWORD}))["token"]
    return httpx.Client(base_url=PORTAL, timeout=10, headers={"Authorization": f"Bearer {token}"})


def _deploy(admin: httpx.Client, admin_id: str) -> None:
    model_id = _ok(admin.post("/api/app/rest/models", json={"modelType": 0, "key": KEY, "name": KEY}))["id"]
    editor = _ok(admin.get(f"/api/app/rest/models/{model_id}/editor/json"))
    form = {"modeltype": "model", "json_xml": XML, "name": KEY, "key": KEY, "description": ""}
    _ok(
        admin.post(
            f"/api/flowable/model/saveModel/{model_id}",
            data={**form, "newversion": "false", "comment": "", "lastUpdated": editor["lastUpdated"]},
        )
    )
    rule = {"type": "user", "value": admin_id, "condition": "0", "operationType": "0", "sort": 10}
    node = {"processDefId": KEY, "taskDefId": "check", "flowAssigneeList": [rule], "flowButtonList": []}
    _ok(admin.post("/api/extension/taskDefExtension/save", json=[{**node, "flowConditionList": []}]))
    _ok(admin.put("/api/flowable/model/deploy", params={"id": model_id, "category": "办公"}))


def _listen(token: str, events: queue.Queue[tuple[str, Any]], stop: threading.Event) -> None:
    """Reads the stream through the gateway, putting (event, data) as each event arrives."""
    headers = {"Authorization": token, "Accept": "text/event-stream"}
    with httpx.Client(base_url=PORTAL, timeout=httpx.Timeout(5, read=60)) as client:
        with client.stream("GET", "/api/flowable/notice/stream", headers=headers) as answer:
            events.put(("status", (answer.status_code, answer.headers.get("content-type"))))
            name = ""
            for line in answer.iter_lines():
                if stop.is_set():
                    return
                if line.startswith("event:"):
                    name = line[6:].strip()
                elif line.startswith("data:"):
                    events.put((name, json.loads(line[5:])))


def _next(events: queue.Queue[tuple[str, Any]], name: str, timeout: float = 15) -> Any:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        got, data = events.get(timeout=max(0.1, end - time.monotonic()))
        if got == name:
            return data
    raise AssertionError(f"no {name} event within {timeout} s")


def test_a_new_task_and_a_copy_reach_the_open_stream_at_once_and_count_unread(
    admin: httpx.Client, portal: httpx.Client
) -> None:
    # given the administrator's open notice stream, with everything read before
    me = str(
        next(
            u["id"]
            for u in _ok(admin.get("/api/sys/user/list", params={"loginName": "admin"}))["records"]
            if u["loginName"] == "admin"
        )
    )
    _deploy(admin, me)
    employee = _employee(admin, portal)
    _ok(admin.put("/api/flowable/notice/read"))
    events: queue.Queue[tuple[str, Any]] = queue.Queue()
    stop = threading.Event()
    reader = threading.Thread(
        target=_listen, args=(admin.headers["Authorization"], events, stop), daemon=True
    )
    reader.start()
    assert _next(events, "status") == (200, "text/event-stream; charset=utf-8")
    assert _next(events, "unread") == {"count": 0}
    # when an employee starts a request the administrator checks, and copies it to him
    pid = str(
        _ok(employee.post("/api/flowable/task/start", params={"procDefKey": KEY, "title": f"通知{RUN}"}))
    )
    task = _next(events, "notice")
    _ok(employee.post("/api/extension/flowCopy/save", data={"procInsId": pid, "userIds": me}))
    copy = _next(events, "notice")
    stop.set()
    # then both arrived as they happened, naming the request
    assert (task["kind"], task["title"], task["detail"], task["read"]) == (
        "task",
        f"通知{RUN}",
        "审核",
        False,
    )
    assert (copy["kind"], copy["procInsId"]) == ("copy", pid)
    listed = _ok(admin.get("/api/flowable/notice/list", params={"current": 1, "size": 10}))
    assert listed["unread"] == 2 and [n["kind"] for n in listed["records"][:2]] == ["copy", "task"]
    # and reading them clears the count
    _ok(admin.put("/api/flowable/notice/read", params={"ids": f"{task['id']},{copy['id']}"}))
    assert _ok(admin.get("/api/flowable/notice/unread")) == {"count": 0}
    # a stream without a token is refused
    assert httpx.get(f"{PORTAL}/api/flowable/notice/stream", timeout=5).status_code == 401
    employee.close()
