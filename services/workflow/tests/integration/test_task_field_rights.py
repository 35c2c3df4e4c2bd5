"""The field rights a node's form properties give, as the task screen and the start form receive
them with the task's definition (the browser reads no BPMN for them)."""

from __future__ import annotations

from typing import Any

import pytest

from ..conftest import Env
from .helpers import deploy, flow, node, process, start, task_of

pytestmark = pytest.mark.asyncio

OPEN = {"readable": True, "writable": True, "addable": True, "deletable": True}
READ_ONLY = {**OPEN, "writable": False}
HIDDEN = {**OPEN, "readable": False, "writable": False}

PURCHASE = process(
    "purchase",
    "采购流程",
    '<startEvent id="start" flowable:initiator="applyUserId"/>'
    '<userTask id="check" name="核价" flowable:formKey="json-purchase">'
    "<extensionElements>"
    '<flowable:formProperty id="reason" writable="false"/>'
    '<flowable:formProperty id="budget" readable="false" writable="false"/>'
    '<flowable:formProperty id="price"/>'
    '<flowable:formProperty id="lines" addable="false"/>'
    '<flowable:formProperty id="lines.qty" writable="false"/>'
    '<flowable:formProperty id="lines.price"/>'
    '<flowable:formProperty id="costs.amount"/>'
    "</extensionElements></userTask>"
    '<endEvent id="end"/>' + flow("f1", "start", "check") + flow("f2", "check", "end"),
)

EXPENSE = process(
    "expense",
    "报销流程",
    '<startEvent id="start" flowable:formKey="json-expense">'
    '<extensionElements><flowable:formProperty id="approved" readable="false"/></extensionElements>'
    "</startEvent>"
    '<userTask id="pay" name="付款"/>'
    '<endEvent id="end"/>' + flow("f1", "start", "pay") + flow("f2", "pay", "end"),
)


async def _task_def(env: Env, user: str, **params: str) -> dict[str, Any]:
    answer = await env.client.get("/flowable/task/getTaskDef", params=params, headers=env.headers(user))
    assert answer.status_code == 200, answer.text
    return dict(answer.json())


async def test_the_handler_gets_the_node_s_rights_over_each_field_with_the_task(env: Env) -> None:
    # given alice's purchase waiting at bob's 核价, whose form locks the reason, hides the budget
    # and lets no line be added (a line's quantity locked), and names only a column of "costs"
    await deploy(env, "purchase", "采购流程", PURCHASE, [node("purchase", "check", [("user", "u-bob")])])
    pid = await start(env, "u-alice", "purchase", "采购")
    task = await task_of(env, "u-bob", pid)
    # when bob opens the task
    answer = await _task_def(
        env, "u-bob", taskId=task["task"]["id"], taskDefKey="check", procInsId=pid, status="todo"
    )
    # then
    assert answer["fieldRights"] == {
        "reason": READ_ONLY,
        "budget": HIDDEN,
        "price": OPEN,
        "lines": {**OPEN, "addable": False},
        "lines.qty": READ_ONLY,
        "lines.price": OPEN,
        "costs.amount": OPEN,
        "costs": OPEN,
    }


async def test_the_start_form_comes_with_the_start_node_s_rights(env: Env) -> None:
    # given a published expense process whose start form hides "approved"
    definition_id = await deploy(env, "expense", "报销流程", EXPENSE)
    # when alice opens its start form
    answer = await _task_def(env, "u-alice", procDefId=definition_id, status="start")
    # then
    assert (answer["taskDefKey"], answer["formUrl"]) == ("start", "json-expense")
    assert answer["fieldRights"] == {"approved": {**OPEN, "readable": False}}


async def test_a_node_that_names_no_field_leaves_every_field_open(env: Env) -> None:
    # given the purchase's start node, which lists no form property
    definition_id = await deploy(env, "purchase", "采购流程", PURCHASE)
    # when its start form is opened
    answer = await _task_def(env, "u-alice", procDefId=definition_id, status="start")
    # then no field is restricted
    assert answer["taskDefKey"] == "start" and answer["fieldRights"] is None
