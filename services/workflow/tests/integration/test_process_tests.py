"""Process tests (流程测试) through the API: cases saved with the model, run against the organisation
from sys on a throwaway engine, the diverging step named; publishing gated by them, an override
with a reason logged; each deployed version keeps the cases it was published with."""

from __future__ import annotations

from typing import Any

from sqlalchemy import text

from ..conftest import Env
from .helpers import LEAVE, node
from .test_dry_run import HR_ROLE, _count, _save_model

CASES: list[dict[str, Any]] = [
    {
        "name": "五天假到人事",
        "initiator": "u-alice",
        "variables": {"days": 5},
        "steps": [{"node": "dept"}, {"node": "hr", "actor": "u-dave"}],
        "expect": {
            "path": ["start", "dept", "gw", "hr", "end"],
            "assignees": {"hr": ["u-carol", "u-dave"]},
            "end": "end",
        },
    },
    {
        "name": "两天假部门批完结束",
        "initiator": "u-alice",
        "variables": {"days": 2},
        "steps": [{"node": "dept"}],
        "expect": {"path": ["start", "dept", "gw", "end"], "end": "end"},
    },
    {
        "name": "四天假停在人事",
        "initiator": "u-alice",
        "variables": {"days": 4},
        "steps": [{"node": "dept"}],
        "expect": {"waitingAt": "hr"},
    },
]


async def _model(env: Env, xml: str = LEAVE) -> str:
    exts = [node("leave", n, HR_ROLE, [("_flow_agree", "同意")]) for n in ("dept", "hr")]
    model_id = await _save_model(env, "leave", xml, exts)
    saved = await env.client.put(
        "/flowable/model/tests", params={"modelId": model_id}, json={"cases": CASES}, headers=env.headers()
    )
    assert saved.status_code == 200, saved.text
    return model_id


async def _run(env: Env, model_id: str, lang: str | None = None, **body: Any) -> Any:
    answer = await env.client.post(
        "/flowable/model/tests/run", json={"modelId": model_id, **body}, headers=env.headers(lang=lang)
    )
    assert answer.status_code == 200, answer.text
    return answer.json()


async def test_saved_cases_pass_against_the_organisation_and_store_nothing(env: Env) -> None:
    # given
    model_id = await _model(env)
    # when
    result = await _run(env, model_id)
    # then
    assert [r["name"] for r in result["results"]] == [c["name"] for c in CASES]
    assert result["passed"] and result["failed"] == 0, result
    assert all(r["millis"] < 1000 for r in result["results"])
    for table in ("act_re_procdef", "act_hi_procinst", "act_ru_task"):
        assert await _count(env, table) == 0, table


async def test_a_changed_condition_fails_the_case_at_the_gateway(env: Env) -> None:
    # given: long leave now starts at 6 days
    model_id = await _model(env)
    changed = LEAVE.replace("${days > 3}", "${days > 5}").replace("${days <= 3}", "${days <= 5}")
    # when
    zh = await _run(env, model_id, bpmnXml=changed)
    en = await _run(env, model_id, lang="en-US", bpmnXml=changed)
    # then
    assert not zh["passed"] and zh["failed"] == 2
    first = zh["results"][0]
    assert first["failures"][0]["step"] == 2
    assert first["divergedAt"] == "gw"
    assert first["failures"][0]["message"] == "第2步: 没有待办任务，期望在节点[人事审批(hr)]办理"
    assert en["results"][2]["failures"][0]["message"] == (
        "expected to wait at [人事审批(hr)], the process is at [结束(end)]"
    )


async def test_a_user_who_is_not_a_reviewer_fails_the_step(env: Env) -> None:
    # given
    model_id = await _model(env)
    case = {**CASES[0], "steps": [{"node": "dept", "actor": "u-alice"}]}
    # when
    result = await _run(env, model_id, cases=[case])
    # then
    failure = result["results"][0]["failures"][0]
    assert failure["step"] == 1 and failure["nodeId"] == "dept"
    assert "u-alice" in failure["message"] and "不是节点[部门审批(dept)]的审批人" in failure["message"]


async def test_publishing_refuses_a_failing_case_unless_overridden_with_a_logged_reason(env: Env) -> None:
    # given: the condition changed and saved
    model_id = await _model(env)
    changed = LEAVE.replace("${days > 3}", "${days > 5}").replace("${days <= 3}", "${days <= 5}")
    saved = await env.client.post(
        f"/flowable/model/saveModel/{model_id}",
        data={
            "modeltype": "model",
            "json_xml": changed,
            "name": "leave",
            "key": "leave",
            "newversion": "false",
        },
        headers=env.headers(),
    )
    assert saved.status_code == 200, saved.text
    # when
    refused = await env.client.put("/flowable/model/deploy", params={"id": model_id}, headers=env.headers())
    refused_en = await env.client.put(
        "/flowable/model/deploy", params={"id": model_id}, headers=env.headers(lang="en-US")
    )
    forced = await env.client.put(
        "/flowable/model/deploy",
        params={"id": model_id, "overrideReason": "人事规则已改为5天"},
        headers=env.headers(),
    )
    # then
    assert refused.status_code in (400, 409), refused.text
    assert refused.json()["msg"].startswith("流程测试未通过(2/3): 五天假到人事、四天假停在人事，不能发布")
    assert refused_en.json()["msg"].startswith("Process tests failed (2 of 3)")
    assert forced.status_code == 200, forced.text
    async with env.app.state.session_factory() as session:
        found = await session.execute(text("SELECT reason, failed, version FROM wf_process_test_override"))
        rows = list(found.all())
    assert [(r[0], r[2]) for r in rows] == [("人事规则已改为5天", 1)]
    assert "五天假到人事" in rows[0][1]
    kept = await env.client.get(
        "/flowable/model/tests", params={"modelId": model_id, "version": 1}, headers=env.headers()
    )
    assert [c["name"] for c in kept.json()["cases"]] == [c["name"] for c in CASES]


async def test_publishing_passes_when_every_case_passes(env: Env) -> None:
    # given
    model_id = await _model(env)
    # when
    deployed = await env.client.put("/flowable/model/deploy", params={"id": model_id}, headers=env.headers())
    # then
    assert deployed.status_code == 200, deployed.text
    assert await _count(env, "wf_process_test_override") == 0


async def test_a_run_uses_the_designers_unsaved_reviewers(env: Env) -> None:
    # given: the designer has made u-carol alone the HR reviewer, unsaved
    model_id = await _model(env)
    unsaved = node("leave", "hr", [("user", "u-carol")], [("_flow_agree", "同意")])
    # when
    result = await _run(env, model_id, cases=CASES[:1], extensions=[unsaved])
    saved = await _run(env, model_id, cases=CASES[:1])
    # then: u-dave may no longer act at HR; the saved reviewers still let him
    failure = result["results"][0]["failures"][0]
    assert failure["step"] == 2 and failure["nodeId"] == "hr", failure
    assert "u-dave" in failure["message"] and "不是节点[人事审批(hr)]的审批人" in failure["message"]
    assert saved["passed"]
