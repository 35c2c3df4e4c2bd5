"""Process tests (流程测试) through the gateway: a designer's cases saved with the leave model and run
against sys's real users; after a condition changes, a failing case names the step that diverged and
blocks publishing, and publishing anyway with a reason deploys and leaves the reason in the log."""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import httpx
import pytest

from .processes import admin_id, flow, ok
from .test_sys_complete import _logged

RUN = time.strftime("%H%M%S") + str(time.time_ns() % 1000)
KEY = f"e2e_proctest_{RUN}"
CHANGED = ("${days > 3}", "${days > 5}"), ("${days <= 3}", "${days <= 5}")


def _leave(key: str) -> str:
    body = (
        '<startEvent id="start" name="开始" flowable:initiator="applyUserId"/>'
        '<userTask id="dept" name="部门审批"/><exclusiveGateway id="gw" name="天数判断"/>'
        '<userTask id="hr" name="人事审批"/><endEvent id="end" name="结束"/>'
        + flow("f1", "start", "dept")
        + flow("f2", "dept", "gw")
        + flow("f_long", "gw", "hr", "${days > 3}")
        + flow("f_short", "gw", "end", "${days <= 3}")
        + flow("f3", "hr", "end")
    )
    return (
        '<?xml version="1.0" encoding="UTF-8"?><definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" '
        'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:flowable="http://flowable.org/bpmn" '
        f'targetNamespace="e2e"><process id="{key}" name="流程测试请假{RUN}" isExecutable="true">{body}'
        "</process></definitions>"
    )


@dataclass(frozen=True)
class Leave:
    admin: httpx.Client
    model_id: str
    initiator: str
    head: str
    hr: str

    def cases(self) -> list[dict[str, Any]]:
        """The designer's three cases: long leave goes to HR, short leave ends, long leave waits at HR."""
        return [
            {
                "name": "五天假到人事",
                "initiator": self.initiator,
                "variables": {"days": 5},
                "steps": [{"node": "dept"}, {"node": "hr", "actor": self.hr}],
                "expect": {
                    "path": ["start", "dept", "gw", "hr", "end"],
                    "assignees": {"dept": [self.head], "hr": [self.hr]},
                    "end": "end",
                },
            },
            {
                "name": "两天假部门批完结束",
                "initiator": self.initiator,
                "variables": {"days": 2},
                "steps": [{"node": "dept", "actor": "assignee"}],
                "expect": {"path": ["start", "dept", "gw", "end"], "end": "end"},
            },
            {
                "name": "四天假停在人事",
                "initiator": self.initiator,
                "variables": {"days": 4},
                "steps": [{"node": "dept"}],
                "expect": {"waitingAt": "hr"},
            },
        ]

    def save_xml(self, xml: str) -> None:
        editor = ok(self.admin.get(f"/api/app/rest/models/{self.model_id}/editor/json"))
        form = {"modeltype": "model", "json_xml": xml, "name": KEY, "key": KEY, "newversion": "false"}
        ok(
            self.admin.post(
                f"/api/flowable/model/saveModel/{self.model_id}",
                data={**form, "lastUpdated": editor["lastUpdated"]},
            )
        )

    def run(self, lang: str | None = None, **body: Any) -> dict[str, Any]:
        headers = {"Accept-Language": lang} if lang else {}
        answer = self.admin.post(
            "/api/flowable/model/tests/run", json={"modelId": self.model_id, **body}, headers=headers
        )
        return dict(ok(answer))


def _user(admin: httpx.Client, nickname: str, name: str) -> str:
    login = f"e2e-pt-{RUN}-{nickname}"
    body = {"loginName": login, "name": name, "password": "Proc-test-9", "companyDTO": {"id": "1"}}
    ok(admin.post("/api/sys/user/save", json=body))
    return str(ok(admin.get("/api/sys/user/list", params={"loginName": login}))["records"][0]["id"])


@pytest.fixture(scope="module")
def leave(admin: httpx.Client) -> Iterator[Leave]:
    head, hr = _user(admin, "head", "部门经理"), _user(admin, "hr", "人事专员")
    model_id = ok(admin.post("/api/app/rest/models", json={"modelType": 0, "key": KEY, "name": KEY}))["id"]
    it = Leave(admin=admin, model_id=model_id, initiator=admin_id(admin), head=head, hr=hr)
    it.save_xml(_leave(KEY))
    nodes = [
        {
            "processDefId": KEY,
            "taskDefId": node,
            "flowAssigneeList": [{"type": "user", "value": user, "operationType": "0", "sort": 10}],
            "flowButtonList": [
                {"code": "_flow_agree", "name": "同意", "sort": 10, "isHide": "0", "next": "0"}
            ],
            "flowConditionList": [],
        }
        for node, user in (("dept", head), ("hr", hr))
    ]
    ok(admin.post("/api/extension/taskDefExtension/save", json=nodes))
    yield it


def _definitions(admin: httpx.Client) -> list[int]:
    page = ok(admin.get("/api/flowable/process/list", params={"current": 1, "size": -1}))
    return [int(d["version"]) for d in page["records"] if d.get("key") == KEY]


def test_saved_cases_come_back_and_pass_against_the_organisation(leave: Leave) -> None:
    # given
    saved = leave.admin.put(
        "/api/flowable/model/tests", params={"modelId": leave.model_id}, json={"cases": leave.cases()}
    )
    # when
    stored = ok(leave.admin.get("/api/flowable/model/tests", params={"modelId": leave.model_id}))
    result = leave.run()
    # then
    assert ok(saved) == "保存流程测试成功"
    assert [c["name"] for c in stored["cases"]] == ["五天假到人事", "两天假部门批完结束", "四天假停在人事"]
    assert stored["cases"][0]["steps"][1]["actor"] == leave.hr
    assert result["passed"] and (result["total"], result["failed"]) == (3, 0), result
    assert result["results"][0]["activityIds"] == ["start", "dept", "gw", "hr", "end"]
    assert _definitions(leave.admin) == [], "a run publishes nothing"


def test_a_changed_condition_fails_at_the_gateway_and_blocks_publishing_until_overridden(
    leave: Leave,
) -> None:
    # given: the cases saved, then long leave changed to start at 6 days and saved
    ok(
        leave.admin.put(
            "/api/flowable/model/tests", params={"modelId": leave.model_id}, json={"cases": leave.cases()}
        )
    )
    changed = _leave(KEY)
    for old, new in CHANGED:
        changed = changed.replace(old, new)
    leave.save_xml(changed)
    # when the designer runs the cases, publishes, then publishes anyway with a reason
    zh, en = leave.run(), leave.run(lang="en-US")
    refused = leave.admin.put("/api/flowable/model/deploy", params={"id": leave.model_id, "category": "e2e"})
    reason = f"人事规则已改为5天{RUN}"
    forced = leave.admin.put(
        "/api/flowable/model/deploy",
        params={"id": leave.model_id, "category": "e2e", "overrideReason": reason},
    )
    # then the two cases of long leave fail where they diverged
    assert not zh["passed"] and (zh["total"], zh["failed"]) == (3, 2)
    first, short, waiting = zh["results"]
    assert short["passed"] and not first["passed"] and not waiting["passed"]
    assert first["divergedAt"] == "gw" and first["failures"][0]["step"] == 2
    assert first["failures"][0]["message"] == "第2步: 没有待办任务，期望在节点[人事审批(hr)]办理"
    assert en["results"][2]["failures"][0]["message"] == (
        "expected to wait at [人事审批(hr)], the process is at [结束(end)]"
    )
    # and publishing was refused, saying which, until a reason was given
    assert refused.status_code in (400, 409), refused.text
    assert refused.json()["msg"].startswith("流程测试未通过(2/3): 五天假到人事、四天假停在人事，不能发布")
    assert ok(forced)
    assert _definitions(leave.admin) == [1]
    # and the log holds the publication with its reason
    rows = _logged(leave.admin, lambda r: reason in (r["params"] or ""), requestUri="/flowable/model/deploy")
    assert rows and rows[0]["result"] == "success", rows
    # and version 1 keeps the cases it was published with
    kept = ok(leave.admin.get("/api/flowable/model/tests", params={"modelId": leave.model_id, "version": 1}))
    assert len(kept["cases"]) == 3
