"""An online form's records are written through gencode's data service, which the ORM's operation log
does not see: forms tells the log what each save and delete changed."""

from __future__ import annotations

import json
from typing import Any

from loom_platform import oplog

from .helpers import bound_form


async def test_a_records_insert_update_and_delete_log_their_values_before_and_after(env, monkeypatch) -> None:
    # given the log entries the services would publish, kept here
    entries: list[dict[str, Any]] = []
    monkeypatch.setattr(
        oplog.OperationLogMiddleware, "_write_later", lambda _self, _scope, entry: entries.append(entry)
    )
    form_id = await bound_form(env)

    async def save(**values: Any) -> dict[str, Any]:
        answer = await env.client.post(
            "/form/generate/save", json={"formId": form_id, **values}, headers=env.headers()
        )
        assert answer.status_code == 200, answer.text
        return json.loads(answer.text) if answer.text.startswith("{") else {}

    # when a record is added, edited and deleted
    await save(applicant="张三", mobile="13812345678", days=3, kind="annual")
    record_id = (
        await env.client.get("/form/generate/list", params={"formId": form_id}, headers=env.headers())
    ).json()["records"][0]["id"]
    await save(id=record_id, applicant="李四", mobile="13812345678", days=3)
    deleted = await env.client.delete(
        "/form/generate/delete", params={"formId": form_id, "ids": record_id}, headers=env.headers()
    )
    assert deleted.status_code == 200, deleted.text
    # then each entry names the record: the insert its values, the edit only what changed, old and
    # new, the delete the values it removed
    key = f"form_leave {record_id}"
    added, edited, removed = (
        e for e in entries if e["requestUri"] in ("/form/generate/save", "/form/generate/delete")
    )
    assert not added["before"] and json.loads(added["after"])[key]["applicant"] == "张三"
    assert json.loads(edited["before"]) == {key: {"applicant": "张三"}}
    assert json.loads(edited["after"]) == {key: {"applicant": "李四"}}
    assert json.loads(removed["before"])[key]["applicant"] == "李四" and not removed["after"]
