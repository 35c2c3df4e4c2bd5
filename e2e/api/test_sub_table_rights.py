"""A node's rights on a sub-table (issue 27), through the gateway: the 审核 node may change the
quantities of the expense lines but neither their prices nor how many there are. Rows are matched by
their id, so swapping or replacing lines moves no price; and the process's variables carry the
stored prices, never the client's, so a gateway on the first line's price cannot be steered by a
forged one, neither on completing the task nor through a 保存 draft."""

from __future__ import annotations

import json
import uuid
from typing import Any

import httpx
import pytest

from .processes import admin_id, deploy, flow, form_definition, ok

RUN = uuid.uuid4().hex[:6]
KEY = f"e2e_sub_rights_{RUN}"
NAME = f"报销明细{RUN}"
NS = (
    'xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn" '
    'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"'
)


def _column(kind: str, model: str, name: str) -> dict[str, Any]:
    return {"type": kind, "key": f"k{model}", "model": model, "name": name, "options": {}, "rules": []}


FORM = {
    "list": [
        {
            "type": "table",
            "key": "klines",
            "model": "lines",
            "name": "费用明细",
            "options": {},
            "rules": [],
            "tableColumns": [
                _column("input", "item", "项目"),
                _column("number", "price", "金额"),
                _column("number", "qty", "数量"),
            ],
        },
        _column("input", "reason", "事由"),
    ],
    "config": {"labelWidth": 100, "labelPosition": "right", "size": "small"},
}


def _xml(json_id: str) -> str:
    props = (
        '<flowable:formProperty id="lines" readable="true" writable="true" addable="false" deletable="false"/>'
        '<flowable:formProperty id="lines.price" readable="true" writable="false"/>'
        '<flowable:formProperty id="reason" readable="true" writable="false"/>'
    )
    return (
        f'<?xml version="1.0" encoding="UTF-8"?><definitions {NS} targetNamespace="e2e">'
        f'<process id="{KEY}" name="{NAME}" isExecutable="true">'
        f'<startEvent id="start" flowable:initiator="applyUserId" flowable:formKey="{json_id}"/>'
        f'<userTask id="check" name="审核" flowable:formKey="{json_id}">'
        f"<extensionElements>{props}</extensionElements></userTask>"
        '<exclusiveGateway id="gw"/><userTask id="big" name="大额复核"/><endEvent id="end"/>'
        + flow("f1", "start", "check")
        + flow("f2", "check", "gw")
        + flow("f3", "gw", "big", "${lines[0].price > 500}")
        + flow("f4", "gw", "end", "${lines[0].price <= 500}")
        + flow("f5", "big", "end")
        + "</process></definitions>"
    )


@pytest.fixture(scope="module")
def json_id(admin: httpx.Client) -> str:
    """The form and the process, deployed once; the form version's id."""
    _definition, version = form_definition(admin, NAME, FORM)
    model_id = ok(admin.post("/api/app/rest/models", json={"modelType": 0, "key": KEY, "name": NAME}))["id"]
    deploy(admin, model_id, KEY, NAME, _xml(version), ("check", "big"), admin_id(admin))
    return version


def _start(admin: httpx.Client, lines: list[dict[str, Any]]) -> str:
    values = {"lines": lines, "reason": "出差"}
    started = admin.post(
        "/api/flowable/task/start",
        params={"procDefKey": KEY, "title": f"报销{RUN}", "vars": json.dumps(values)},
    )
    return str(ok(started))


def _open_tasks(admin: httpx.Client, pid: str) -> list[dict[str, Any]]:
    rows = ok(admin.get("/api/flowable/task/todo", params={"current": 1, "size": 100}))["records"]
    return [r["task"] for r in rows if r["task"]["processInstanceId"] == pid]


def _lines(admin: httpx.Client, pid: str) -> list[dict[str, Any]]:
    return list(ok(admin.get("/api/flowable/task/formData", params={"procInsId": pid}))["data"]["lines"])


def _audit(admin: httpx.Client, task_id: str, values: dict[str, Any]) -> httpx.Response:
    comment = {"type": "_flow_agree", "status": "同意", "message": ""}
    return admin.post(
        "/api/flowable/task/audit",
        data={"taskId": task_id, "vars": json.dumps(values), "comment": json.dumps(comment)},
    )


def _variables(admin: httpx.Client, pid: str) -> dict[str, Any]:
    return dict(ok(admin.get("/api/flowable/task/variables", params={"procInsId": pid})))


@pytest.mark.usefixtures("json_id")
def test_a_forged_price_in_a_locked_column_neither_is_stored_nor_steers_the_gateway(
    admin: httpx.Client,
) -> None:
    # given a 100-yuan claim at 审核 (a first line over 500 would go to 大额复核)
    pid = _start(admin, [{"item": "机票", "price": 100, "qty": 1}])
    (check,) = _open_tasks(admin, pid)
    (line,) = _lines(admin, pid)
    assert line["id"] and line["price"] == 100
    # when the checker saves a draft with a forged price of 9999, then completes with it
    forged = [{**line, "price": 9999, "qty": 2}]
    ok(
        admin.post(
            "/api/flowable/task/saveForm", data={"taskId": check["id"], "vars": json.dumps({"lines": forged})}
        )
    )
    assert _variables(admin, pid)["lines"] == [{**line, "qty": 2}]
    ok(_audit(admin, check["id"], {"lines": forged, "reason": "改了"}))
    # then the stored line kept its price, the quantity changed, and the gateway saw 100: the claim ended
    assert _lines(admin, pid) == [{**line, "qty": 2}]
    assert _open_tasks(admin, pid) == []
    variables = _variables(admin, pid)
    assert variables["lines"] == [{**line, "qty": 2}] and variables["reason"] == "出差"


@pytest.mark.usefixtures("json_id")
def test_swapped_or_replaced_lines_move_no_price(admin: httpx.Client) -> None:
    # given a claim whose second line is the big one
    pid = _start(admin, [{"item": "餐", "price": 100, "qty": 1}, {"item": "机票", "price": 800, "qty": 1}])
    (check,) = _open_tasks(admin, pid)
    meal, plane = _lines(admin, pid)
    # when the checker replaces the plane by a line without its id (a deletion and an addition)
    replaced = _audit(admin, check["id"], {"lines": [meal, {"item": "机票", "price": 800, "qty": 1}]})
    # then it is refused beside the table (the new line named first)
    assert replaced.status_code == 400, replaced.text
    assert replaced.json()["details"] == {"lines": "费用明细不允许新增行"}
    # and when he swaps the lines, pricing the meal (now first) at the plane's 800
    ok(_audit(admin, check["id"], {"lines": [{**plane, "qty": 3}, {**meal, "price": 800}]}))
    # then each line kept its own price, and the first line being the plane, the claim went to 大额复核
    assert _lines(admin, pid) == [{**plane, "qty": 3}, meal]
    assert [t["name"] for t in _open_tasks(admin, pid)] == ["大额复核"]


def test_the_history_keeps_each_nodes_whole_form_as_submitted(admin: httpx.Client, json_id: str) -> None:
    # given a claim checked with a changed quantity
    pid = _start(admin, [{"item": "机票", "price": 100, "qty": 1}])
    (check,) = _open_tasks(admin, pid)
    (line,) = _lines(admin, pid)
    ok(_audit(admin, check["id"], {"lines": [{**line, "qty": 5}]}))
    # when the history is read
    start, audit = ok(admin.get("/api/flowable/task/formHistory", params={"procInsId": pid}))["list"]
    # then each save carries its form version and the whole form as it left it
    assert (start["jsonId"], audit["jsonId"]) == (json_id, json_id)
    assert start["data"] == {"lines": [line], "reason": "出差"}
    assert audit["data"] == {"lines": [{**line, "qty": 5}], "reason": "出差"}
