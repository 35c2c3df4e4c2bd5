"""The audit's dynamic form: stored by forms before the engine command, outside the instance's lock,
once even when the command is retried after a conflict; a non-handler's submission stores nothing."""

from __future__ import annotations

from typing import Any

import pytest

from loom_workflow import forms_client
from loom_workflow.engine.errors import ConcurrentModification

from ..conftest import Env
from .helpers import audit, deploy, flow, node, process, start, task_of

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

    async def store(self, form: forms_client.NodeForm, **kwargs: Any) -> None:
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

    async def field_ids(self, json_id: str) -> tuple[str, ...]:
        return ("opinion", "amount")


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
    # then: two attempts of the command, one save, made while nobody held the instance
    assert answer.status_code == 200, answer.text
    assert len(attempts) == 2
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
