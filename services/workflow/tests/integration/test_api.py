"""Models, deployment validation, definitions and the extension CRUD as the screens call them."""

from __future__ import annotations

import pytest

from ..conftest import Env
from .helpers import LEAVE, deploy


async def test_saving_over_a_newer_model_is_refused_and_bad_diagrams_are_explained(env: Env) -> None:
    # given
    h = env.headers()
    model = (
        await env.client.post(
            "/app/rest/models", json={"modelType": 0, "key": "leave", "name": "请假"}, headers=h
        )
    ).json()
    loaded = (await env.client.get(f"/app/rest/models/{model['id']}/editor/json", headers=h)).json()
    form = {
        "json_xml": LEAVE,
        "name": "请假",
        "key": "leave",
        "newversion": "false",
        "lastUpdated": loaded["lastUpdated"],
    }
    first = await env.client.post(f"/flowable/model/saveModel/{model['id']}", data=form, headers=h)
    # when: a second designer saves with the stale timestamp
    stale = await env.client.post(f"/flowable/model/saveModel/{model['id']}", data=form, headers=h)
    # then
    assert first.status_code == 200
    assert stale.status_code == 409 and stale.json()["msg"].startswith("模型已被他人于")
    xml = await env.client.get("/flowable/model/getBpmnXml", params={"id": model["id"]}, headers=h)
    assert xml.text == LEAVE
    broken = LEAVE.replace('<sequenceFlow id="f3" sourceRef="hr" targetRef="end"/>', "")
    fresh = (await env.client.get(f"/app/rest/models/{model['id']}/editor/json", headers=h)).json()
    await env.client.post(
        f"/flowable/model/saveModel/{model['id']}",
        headers=h,
        data={**form, "json_xml": broken, "lastUpdated": fresh["lastUpdated"]},
    )
    refused = await env.client.put("/flowable/model/deploy", params={"id": model["id"]}, headers=h)
    assert refused.status_code == 400 and refused.json()["msg"] == "节点[人事审批]没有连线，流程无法流转"


async def test_each_deployment_is_a_new_version_and_can_be_suspended(env: Env) -> None:
    # given
    first = await deploy(env, "leave", "请假流程", LEAVE)
    second = await deploy(env, "leave", "请假流程", LEAVE)
    h = env.headers()
    # when
    suspended = await env.client.put(
        "/flowable/process/update/suspend", params={"procDefId": second}, headers=h
    )
    start = await env.client.post(
        "/flowable/task/start", params={"procDefKey": "leave", "days": "1"}, headers=h
    )
    again = await env.client.put("/flowable/process/update/suspend", params={"procDefId": second}, headers=h)
    # then
    assert first.startswith("leave:1:") and second.startswith("leave:2:")
    assert suspended.status_code == 200
    assert start.status_code == 400 and start.json()["msg"] == "流程已挂起，不能启动或办理"
    assert again.status_code == 400 and again.json()["msg"] == f"流程定义[{second}]已经是挂起状态"
    assert (
        await env.client.get("/flowable/process/exist", params={"key": "leave"}, headers=h)
    ).json() is True
    models = (await env.client.get("/flowable/model/list", headers=h)).json()
    assert (
        models["records"][0]["procDef"]["version"] == 2
        and models["records"][0]["procDef"]["suspended"] is True
    )


async def test_the_jeeplus_definition_list_pages_by_page_no_and_reads_its_older_page(env: Env) -> None:
    # given two processes deployed
    await deploy(env, "leave", "请假流程", LEAVE)
    await deploy(env, "leave2", "请假流程二", LEAVE.replace('process id="leave"', 'process id="leave2"'))
    # when the JeePlus client's 流程定义 asks for its first page of one row the older way
    answer = await env.client.get(
        "/flowable/process/list", params={"pageNo": 1, "pageSize": 1, "category": ""}, headers=env.headers()
    )
    # then it reads success and page {list, count} (the page the rest of the client reads is there too)
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert body["success"] is True and body["page"]["count"] == 2 == body["total"]
    assert [d["key"] for d in body["page"]["list"]] == ["leave"] and body["page"]["list"] == body["records"]
    assert body["page"]["list"][0]["deploymentTime"]


async def test_buttons_refuse_system_codes_and_duplicates(env: Env) -> None:
    # given
    h = env.headers()
    # when
    system = await env.client.post(
        "/extension/button/save", json={"name": "我的同意", "code": "_flow_agree", "sort": 5}, headers=h
    )
    custom = await env.client.post(
        "/extension/button/save", json={"name": "加急", "code": "urgent", "sort": 5}, headers=h
    )
    dup = await env.client.post(
        "/extension/button/save", json={"name": "加急2", "code": "urgent", "sort": 6}, headers=h
    )
    listed = (await env.client.get("/extension/button/list", params={"size": 100}, headers=h)).json()
    # then
    assert system.status_code == 400 and system.json()["msg"] == "请勿使用系统预设编码!"
    assert custom.json() == "保存按钮'加急'成功"
    assert dup.status_code == 409 and dup.json()["msg"] == "按钮编码已存在"
    assert [b["code"] for b in listed["records"]][:3] == ["urgent", "_flow_save", "_flow_agree"]
    assert [b["name"] for b in listed["records"] if b["code"].startswith("_flow_")] == [
        "保存草稿",
        "同意",
        "驳回",
        "退回",
        "加签",
        "减签",
        "转办",
        "委派",
        "终止",
        "打印",
    ]
    free = await env.client.get("/extension/button/validateCodeNoExist", params={"code": "urgent"}, headers=h)
    assert free.json() is False
    forbidden = await env.client.get("/extension/button/list", headers=env.headers("u-bob"))
    assert forbidden.status_code == 403


async def test_node_settings_and_extensions_come_back_for_the_task_screen(env: Env) -> None:
    # given
    h = env.headers()
    await env.client.post(
        "/extension/nodeSetting/save",
        headers=h,
        json=[
            {"processDefId": "leave", "taskDefId": "dept", "key": "formType", "value": "2"},
            {"processDefId": "leave", "taskDefId": "dept", "key": "formReadOnly", "value": True},
        ],
    )
    await deploy(env, "leave", "请假流程", LEAVE)
    pid = (
        await env.client.post(
            "/flowable/task/start",
            params={
                "procDefKey": "leave",
                "title": "t",
                "businessTable": "oa_leave",
                "businessId": "42",
                "days": "1",
            },
            headers=h,
        )
    ).json()
    # when
    definition = await env.client.get(
        "/flowable/task/getTaskDef", params={"procInsId": pid, "taskDefKey": "dept"}, headers=h
    )
    value = await env.client.get(
        "/extension/nodeSetting/queryValueByKey",
        params={"processDefId": "leave", "taskDefId": "dept", "key": "formType"},
        headers=h,
    )
    # then
    body = definition.json()
    assert (body["formType"], body["formReadOnly"], body["formUrl"]) == ("2", True, "/leave/LeaveForm")
    assert (body["businessTable"], body["businessId"], body["procDefKey"]) == ("oa_leave", "42", "leave")
    assert value.json() == "2"


async def test_deleting_a_definition_removes_that_version_and_its_instances_but_keeps_the_model(
    env: Env,
) -> None:
    # given two published versions of leave (the helper saves a model for each), an instance on the second
    first = await deploy(env, "leave", "请假流程", LEAVE)
    second = await deploy(env, "leave", "请假流程", LEAVE)
    h = env.headers()
    started = await env.client.post(
        "/flowable/task/start", params={"procDefKey": "leave", "days": "1"}, headers=h
    )
    # when 流程定义 deletes the second version
    deleted = await env.client.delete("/flowable/process/delete", params={"ids": second}, headers=h)
    # then only the first version is left, the instance is gone, the model stays
    assert started.status_code == 200
    assert deleted.status_code == 200 and deleted.json() == "已删除1个流程定义版本及其流程实例"
    listed = await env.client.get("/flowable/process/list", params={"allVersions": "1"}, headers=h)
    assert [d["id"] for d in listed.json()["records"] if d["key"] == "leave"] == [first]
    running = await env.client.get("/flowable/process/runningData", headers=h)
    assert running.json()["total"] == 0
    models = (await env.client.get("/flowable/model/list", headers=h)).json()["records"]
    assert len(models) == 2 and all(m["procDef"]["version"] == 1 for m in models)


async def test_a_process_saved_non_executable_is_refused_with_what_to_do(env: Env) -> None:
    # given a model saved as the designer drew it: the blank diagram's process is non-executable
    # when it is published from the model list
    # then the answer says how to make it executable
    xml = LEAVE.replace('isExecutable="true"', 'isExecutable="false"', 1)
    with pytest.raises(AssertionError, match="流程'leave'未设为可执行"):
        await deploy(env, "leave", "请假流程", xml)
