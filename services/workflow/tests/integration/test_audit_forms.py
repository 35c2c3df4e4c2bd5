"""The audit's dynamic form: stored by forms before the engine command, outside the instance's lock,
once even when the command is retried after a conflict; a non-handler's submission stores nothing."""

from __future__ import annotations

from typing import Any

import pytest

from loom_workflow import forms_client
from loom_workflow.engine.errors import ConcurrentModification

from ..conftest import Env
from .helpers import audit, deploy, flow, node, process, start, task_of, todo

FORMED = process(
    "formed",
    "表单流程",
    '<startEvent id="start" flowable:initiator="applyUserId"/>'
    '<userTask id="dept" name="部门审批" flowable:formKey="json-dept">'
    '<extensionElements><flowable:formProperty id="opinion" writable="true"/>'
    '<flowable:formProperty id="amount" writable="false"/></extensionElements></userTask>'
    '<endEvent id="end"/>' + flow("f1", "start", "dept") + flow("f2", "dept", "end"),
)


class RecordingForms:
    """forms as the audit calls it, recording each save and whether the instance was locked then."""

    def __init__(self, env: Env) -> None:
        self.env = env
        self.saves: list[dict[str, Any]] = []
        self.answer: dict[str, Any] | None = (
            None  # what forms answers as stored (default: the writable values)
        )

    async def store(self, form: forms_client.NodeForm, **kwargs: Any) -> dict[str, Any]:
        runtime = self.env.app.state.runtime
        pid = kwargs["proc_inst_id"]

        def locked(tx: Any) -> bool:  # another transaction may take the root's lock at once
            tx.conn.execute("SET LOCAL lock_timeout = '100ms'")
            try:
                tx.conn.execute("SELECT 1 FROM act_ru_execution WHERE id = %s FOR UPDATE", (pid,))
            except Exception:
                return True
            return False

        self.saves.append({"form": form.json_id, "locked": await runtime.query(locked), **kwargs})
        if self.answer is not None:
            return self.answer
        return {k: v for k, v in kwargs["values"].items() if k in (form.writable or ())}

    async def field_ids(self, json_id: str) -> tuple[str, ...]:
        return ("opinion", "amount", "lines")


@pytest.fixture
def recording(env: Env, monkeypatch: pytest.MonkeyPatch) -> RecordingForms:
    forms = RecordingForms(env)
    monkeypatch.setattr(forms_client, "client", lambda *_a, **_k: forms)
    return forms


async def test_the_form_is_saved_once_before_the_command_outside_the_lock_even_when_it_is_retried(
    env: Env, recording: RecordingForms, monkeypatch: pytest.MonkeyPatch
) -> None:
    # given: bob's task with a dynamic form, and an engine whose first attempt meets a conflict
    await deploy(
        env,
        "formed",
        "表单流程",
        FORMED,
        [node("formed", "dept", [("user", "u-bob")], [("_flow_agree", "同意")])],
    )
    pid = await start(env, "u-alice", "formed", "表单")
    task = await task_of(env, "u-bob", pid)
    engine = env.app.state.runtime.engine
    execute, attempts = engine.execute, []

    def conflicting(command: Any, **kwargs: Any) -> Any:
        attempts.append(command)
        if len(attempts) == 1:
            raise ConcurrentModification("another transaction got there first")
        return execute(command, **kwargs)

    monkeypatch.setattr(engine, "execute", conflicting)
    # when
    answer = await audit(env, "u-bob", task["task"]["id"], vars={"opinion": "同意", "amount": 999})
    # then: the command's attempts (the conflict; the one finding the node's form, rolled back before
    # forms is asked; the one after the save), one save, made while nobody held the instance
    assert answer.status_code == 200, answer.text
    assert len(attempts) == 3
    assert [(s["form"], s["task_id"], s["user_id"], s["locked"]) for s in recording.saves] == [
        ("json-dept", task["task"]["id"], "u-bob", False)
    ]


async def test_someone_who_may_not_handle_the_task_stores_no_form_data(
    env: Env, recording: RecordingForms
) -> None:
    # given
    await deploy(
        env,
        "formed",
        "表单流程",
        FORMED,
        [node("formed", "dept", [("user", "u-bob")], [("_flow_agree", "同意")])],
    )
    pid = await start(env, "u-alice", "formed", "表单")
    task = await task_of(env, "u-bob", pid)
    # when grace submits bob's task
    answer = await audit(env, "u-grace", task["task"]["id"], vars={"opinion": "x"})
    # then
    assert answer.status_code == 403, answer.text
    assert recording.saves == []


STEERED = process(
    "steered",
    "表单条件",
    '<startEvent id="start" flowable:initiator="applyUserId"/>'
    '<userTask id="dept" name="部门审批" flowable:formKey="json-dept">'
    '<extensionElements><flowable:formProperty id="lines" writable="true"/>'
    '<flowable:formProperty id="lines.price" writable="false"/></extensionElements></userTask>'
    '<exclusiveGateway id="gw"/><userTask id="big" name="大额复核"/><endEvent id="end"/>'
    + flow("f1", "start", "dept")
    + flow("f2", "dept", "gw")
    + flow("f3", "gw", "big", "${lines[0].price > 500}")
    + flow("f4", "gw", "end", "${lines[0].price <= 500}")
    + flow("f5", "big", "end"),
)


async def test_the_process_sees_the_form_values_forms_stored_never_the_clients(
    env: Env, recording: RecordingForms
) -> None:
    # given a request at bob's node, where the lines' price column is locked
    await deploy(
        env,
        "steered",
        "表单条件",
        STEERED,
        [node("steered", "dept", [("user", "u-bob")], [("_flow_agree", "同意")])],
    )
    pid = await start(env, "u-alice", "steered", "表单")
    task = await task_of(env, "u-bob", pid)
    stored = [{"id": "r1", "item": "机票", "price": 100, "qty": 2}]
    recording.answer = {"lines": stored}  # forms put the stored price back
    # when he sends a forged price of 999 with a changed quantity
    forged = [{"id": "r1", "item": "机票", "price": 999, "qty": 2}]
    answer = await audit(env, "u-bob", task["task"]["id"], vars={"lines": forged})
    # then the gateway saw the stored 100: the request ended, the lines as forms stored them
    assert answer.status_code == 200, answer.text
    variables = (
        await env.client.get(
            "/flowable/task/variables", params={"procInsId": pid}, headers=env.headers("u-alice")
        )
    ).json()
    assert variables["lines"] == stored
    assert await todo(env, "u-bob") == []
