"""The extension records as the designer and its screens call them: list, read, save, delete."""

from __future__ import annotations

from typing import Any

from ..conftest import Env


async def _ok(env: Env, method: str, url: str, **kwargs: Any) -> Any:
    answer = await env.client.request(method, url, headers=env.headers(), **kwargs)
    assert answer.status_code == 200, answer.text
    return answer.json()


async def test_a_common_expression_is_listed_read_edited_and_deleted(env: Env) -> None:
    # given
    saved = await _ok(
        env, "POST", "/extension/condition/save", json={"name": "请假天数超限", "expression": "days > 3"}
    )
    listed = await _ok(env, "GET", "/extension/condition/list", params={"name": "天数超限"})
    record = listed["records"][0]
    # when
    read = await _ok(env, "GET", "/extension/condition/queryById", params={"id": record["id"]})
    edited = await _ok(
        env, "POST", "/extension/condition/save", json={**read, "expression": "${days > 5}", "remarks": "改"}
    )
    again = await _ok(env, "GET", "/extension/condition/queryById", params={"id": record["id"]})
    deleted = await _ok(env, "DELETE", "/extension/condition/delete", params={"ids": record["id"]})
    after = await _ok(env, "GET", "/extension/condition/list", params={"name": "天数超限"})
    # then
    assert saved == "保存流程表达式'请假天数超限'成功" and edited == "保存流程表达式'请假天数超限'成功"
    assert listed["total"] == 1
    assert set(read) >= {
        "id",
        "name",
        "expression",
        "remarks",
        "createBy",
        "createDate",
        "updateBy",
        "updateDate",
    }
    assert read["expression"] == "days > 3" and read["createBy"]
    assert again["expression"] == "${days > 5}" and again["remarks"] == "改"
    assert deleted == "删除流程表达式成功" and after["total"] == 0


async def test_a_bad_expression_or_listener_is_refused_with_the_reason(env: Env) -> None:
    # when
    expression = await env.client.post(
        "/extension/condition/save", json={"name": "坏", "expression": "${days >"}, headers=env.headers()
    )
    nameless = await env.client.post(
        "/extension/listener/save", json={"name": " ", "event": "start", "value": "x"}, headers=env.headers()
    )
    event = await env.client.post(
        "/extension/listener/save",
        json={"name": "审批后", "listenerType": "1", "event": "complete", "valueType": "1", "value": "a.B"},
        headers=env.headers(),
    )
    # then
    assert expression.status_code == 400
    assert nameless.status_code == 400 and nameless.json()["msg"] == "名称不能为空"
    assert event.status_code == 400


async def test_listeners_are_filtered_by_type_and_deleted_in_a_batch(env: Env) -> None:
    # given
    for name, kind, event in (("开始时", "1", "start"), ("结束时", "1", "end"), ("创建时", "2", "create")):
        body = {"name": name, "listenerType": kind, "event": event, "valueType": "2", "value": "${x}"}
        assert await _ok(env, "POST", "/extension/listener/save", json=body) == f"保存监听器'{name}'成功"
    # when
    execution = await _ok(env, "GET", "/extension/listener/list", params={"listenerType": "1", "size": 100})
    everything = await _ok(env, "GET", "/extension/listener/list", params={"size": 100})
    mine = [r for r in execution["records"] if r["name"] in ("开始时", "结束时")]
    one = await _ok(env, "GET", "/extension/listener/queryById", params={"id": mine[0]["id"]})
    deleted = await _ok(
        env, "DELETE", "/extension/listener/delete", params={"ids": ",".join(r["id"] for r in mine)}
    )
    left = await _ok(env, "GET", "/extension/listener/list", params={"size": 100})
    # then
    assert sorted(r["name"] for r in mine) == ["开始时", "结束时"]
    assert all(r["listenerType"] == "1" for r in execution["records"])
    assert {"开始时", "结束时", "创建时"} <= {r["name"] for r in everything["records"]}
    assert one["listenerType"] == "1" and one["valueType"] == "2" and one["value"] == "${x}"
    assert deleted == "删除监听器成功"
    assert {r["name"] for r in left["records"]} & {"开始时", "结束时", "创建时"} == {"创建时"}


async def test_a_custom_button_is_read_renamed_and_deleted(env: Env) -> None:
    # given
    await _ok(env, "POST", "/extension/button/save", json={"name": "加急", "code": "urgent", "sort": 5})
    found = await _ok(env, "GET", "/extension/button/list", params={"code": "urgent"})
    button = found["records"][0]
    # when
    read = await _ok(env, "GET", "/extension/button/queryById", params={"id": button["id"]})
    renamed = await _ok(env, "POST", "/extension/button/save", json={**read, "name": "特急"})
    name_free = await _ok(env, "GET", "/extension/button/validateNameNoExist", params={"name": "特急"})
    own_name = await _ok(
        env, "GET", "/extension/button/validateNameNoExist", params={"name": "特急", "oldName": "特急"}
    )
    deleted = await _ok(env, "DELETE", "/extension/button/delete", params={"ids": button["id"]})
    gone = await env.client.get(
        "/extension/button/queryById", params={"id": button["id"]}, headers=env.headers()
    )
    # then
    assert found["total"] == 1 and read["code"] == "urgent" and read["sort"] == 5
    assert renamed == "保存按钮'特急'成功"
    assert name_free is False and own_name is True
    assert deleted == "删除按钮成功" and gone.status_code == 404


async def test_node_extensions_and_settings_are_listed_read_and_deleted(env: Env) -> None:
    # given
    extension = {
        "processDefId": "leave",
        "taskDefId": "dept",
        "flowButtonList": [{"name": "同意", "code": "_flow_agree", "sort": 1}],
        "flowAssigneeList": [{"type": "user", "value": "1", "sort": 1}],
        "flowConditionList": [],
    }
    saved = await _ok(env, "POST", "/extension/taskDefExtension/save", json=[extension])
    await _ok(
        env,
        "POST",
        "/extension/nodeSetting/save",
        json=[{"processDefId": "leave", "taskDefId": "dept", "key": "formType", "value": "1"}],
    )
    # when
    extensions = await _ok(env, "GET", "/extension/taskDefExtension/list", params={"processDefId": "leave"})
    ext_id = extensions["records"][0]["id"]
    read = await _ok(env, "GET", "/extension/taskDefExtension/queryById", params={"id": ext_id})
    settings = await _ok(env, "GET", "/extension/nodeSetting/list", params={"processDefId": "leave"})
    setting = await _ok(
        env, "GET", "/extension/nodeSetting/queryById", params={"id": settings["records"][0]["id"]}
    )
    gone_setting = await _ok(env, "DELETE", "/extension/nodeSetting/delete", params={"ids": setting["id"]})
    gone_ext = await _ok(env, "DELETE", "/extension/taskDefExtension/delete", params={"ids": ext_id})
    empty = await _ok(
        env,
        "GET",
        "/extension/taskDefExtension/queryByDefIdAndTaskId",
        params={"processDefId": "leave", "taskDefId": "dept"},
    )
    # then
    assert saved == "保存节点设置'dept'成功"
    assert extensions["total"] == 1 and extensions["records"][0]["taskDefId"] == "dept"
    assert [b["code"] for b in read["flowButtonList"]] == ["_flow_agree"]
    assert read["flowAssigneeList"][0]["taskDef"] == {"id": ext_id}
    assert setting["key"] == "formType" and setting["value"] == "1"
    assert gone_setting == "删除节点属性成功" and gone_ext == "删除节点设置成功"
    assert empty["id"] is None and empty["flowButtonList"] == []
