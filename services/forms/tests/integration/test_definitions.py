"""Process form definitions: categories, versions, one primary published version, the designer's list."""

from __future__ import annotations

import json

LEAVE = {
    "list": [{"type": "input", "model": "reason", "name": "事由", "options": {"required": True}}],
    "config": {},
}


async def _definition(env, name="请假单", json_body=LEAVE):
    await env.client.post(
        "/extension/formDefinition/save",
        json={"name": name, "category": {"id": "form-category-default"}, "json": json.dumps(json_body)},
        headers=env.headers(),
    )
    page = (
        await env.client.get("/extension/formDefinition/list", params={"name": name}, headers=env.headers())
    ).json()
    return page["records"][0]


async def test_the_category_tree_nests_and_a_category_with_forms_cannot_be_deleted(env):
    # given
    saved = await env.client.post(
        "/extension/formCategory/save",
        json={"name": "人事", "parent": {"id": "form-category-default"}},
        headers=env.headers(),
    )
    assert saved.status_code == 200, saved.text
    # when
    tree = (await env.client.get("/extension/formCategory/treeData", headers=env.headers())).json()
    # then
    assert tree[0]["name"] == "默认分类" and tree[0]["children"][0]["name"] == "人事"
    await _definition(env)
    refused = await env.client.delete(
        "/extension/formCategory/delete", params={"ids": "form-category-default"}, headers=env.headers()
    )
    assert refused.status_code == 400 and "不能删除" in refused.json()["msg"]


async def test_a_new_definition_has_version_1_primary_and_published_in_the_designer_list(env):
    # given
    record = await _definition(env)
    # when: the process designer's list
    listed = (
        await env.client.get(
            "/extension/formDefinition/list",
            params={"current": 1, "size": -1, "formDefinitionJson.status": 1},
            headers=env.headers(),
        )
    ).json()
    # then
    assert [(r["id"], r["name"]) for r in listed["records"]] == [(record["id"], "请假单")]
    version = listed["records"][0]["formDefinitionJson"]
    assert version["version"] == 1 and json.loads(version["json"]) == LEAVE


async def test_version_2_made_primary_is_what_query_by_json_id_and_the_list_return(env):
    # given
    record = await _definition(env)
    changed = {"list": LEAVE["list"] + [{"type": "number", "model": "days", "name": "天数"}], "config": {}}
    added = await env.client.post(
        "/extension/formDefinitionJson/save",
        json={"formDefinition": {"id": record["id"]}, "json": json.dumps(changed)},
        headers=env.headers(),
    )
    v2 = added.json()
    assert v2["version"] == 2 and v2["isPrimary"] == "0"
    # when
    made = await env.client.put(
        "/extension/formDefinitionJson/updatePrimary", params={"id": v2["id"]}, headers=env.headers()
    )
    # then
    assert made.status_code == 200
    by_json = (
        await env.client.get(
            "/extension/formDefinition/queryByJsonId", params={"jsonId": v2["id"]}, headers=env.headers()
        )
    ).json()
    assert by_json["name"] == "请假单" and by_json["formDefinitionJson"]["version"] == 2
    versions = (
        await env.client.get(
            "/extension/formDefinitionJson/list",
            params={"formDefinition.id": record["id"]},
            headers=env.headers(),
        )
    ).json()["records"]
    # version 1 is retired: published before, so processes deployed with it keep rendering it
    assert [(v["version"], v["isPrimary"], v["status"]) for v in versions] == [(2, "1", "1"), (1, "0", "2")]
    primary = (
        await env.client.get(
            "/extension/formDefinition/queryById", params={"id": record["id"]}, headers=env.headers()
        )
    ).json()
    assert primary["formDefinitionJson"]["version"] == 2


async def test_a_published_version_keeps_its_json_and_is_never_deleted_a_draft_may_change(env):
    # given version 1 (published) and a draft version 2
    record = await _definition(env)
    v1 = record["formDefinitionJson"]
    changed = {"list": [{"type": "input", "model": "reason", "name": "原因"}], "config": {}}
    v2 = (
        await env.client.post(
            "/extension/formDefinitionJson/save",
            json={"formDefinition": {"id": record["id"]}, "json": json.dumps(changed)},
            headers=env.headers(),
        )
    ).json()
    # when the published version's JSON is changed in place, or after it was retired
    edited = await env.client.post(
        "/extension/formDefinitionJson/save",
        json={"id": v1["id"], "json": json.dumps(changed)},
        headers=env.headers(),
    )
    # then it is refused in the user's language, and the version is unchanged
    assert edited.status_code == 400, edited.text
    assert edited.json()["msg"] == "表单第1版已发布或已被流程使用，不能修改，请保存为新版本"
    await env.client.put(
        "/extension/formDefinitionJson/updatePrimary", params={"id": v2["id"]}, headers=env.headers()
    )
    again = await env.client.post(
        "/extension/formDefinitionJson/save",
        json={"id": v1["id"], "json": json.dumps(changed)},
        headers={**env.headers(), "Accept-Language": "en-US"},
    )
    assert again.status_code == 400 and again.json()["msg"].startswith("Version 1 of the form was published")
    stored = (
        await env.client.get(
            "/extension/formDefinitionJson/queryById", params={"id": v1["id"]}, headers=env.headers()
        )
    ).json()
    assert json.loads(stored["json"]) == LEAVE
    # and the retired version cannot be deleted
    deleted = await env.client.delete(
        "/extension/formDefinitionJson/delete", params={"ids": v1["id"]}, headers=env.headers()
    )
    assert deleted.status_code == 400 and deleted.json()["msg"] == "表单第1版已发布或已被流程使用，不能删除"
    # while a draft (version 3, never published, no data) may change and be deleted
    v3 = (
        await env.client.post(
            "/extension/formDefinitionJson/save",
            json={"formDefinition": {"id": record["id"]}, "json": json.dumps(changed)},
            headers=env.headers(),
        )
    ).json()
    saved = await env.client.post(
        "/extension/formDefinitionJson/save",
        json={"id": v3["id"], "json": json.dumps(LEAVE)},
        headers=env.headers(),
    )
    assert saved.status_code == 200, saved.text
    gone = await env.client.delete(
        "/extension/formDefinitionJson/delete", params={"ids": v3["id"]}, headers=env.headers()
    )
    assert gone.status_code == 200, gone.text


async def test_a_json_that_does_not_parse_is_refused_with_the_reason(env):
    response = await env.client.post(
        "/extension/formDefinition/save",
        json={"name": "坏表单", "json": "{not json"},
        headers=env.headers("admin", "en-US"),
    )
    assert response.status_code == 400 and response.json()["msg"].startswith("The form JSON is not valid")


async def test_a_user_without_the_permission_gets_403_and_a_task_handler_reads_the_form(env):
    record = await _definition(env)
    response = await env.client.get("/extension/formDefinition/list", headers=env.headers("clerk"))
    assert response.status_code == 403
    env.access.permissions["handler"] = {"flowable:task:audit"}
    json_id = record["formDefinitionJson"]["id"]
    version = await env.client.get(
        "/extension/formDefinitionJson/queryById", params={"id": json_id}, headers=env.headers("handler")
    )
    assert version.status_code == 200 and version.json()["version"] == 1
    refused = await env.client.post(
        "/extension/formDefinition/save", json={"name": "x"}, headers=env.headers("handler")
    )
    assert refused.status_code == 403


async def test_widgets_without_a_usable_model_are_refused_at_save_naming_each_widget(env):
    # given: a missing model, one that cannot be a variable, a taken one, and a sub-table column without one
    bad = {
        "list": [
            {"type": "input", "key": "k1", "name": "事由", "options": {}},
            {"type": "number", "key": "k2", "model": "1days", "name": "天数", "options": {}},
            {"type": "input", "key": "k3", "model": "reason", "name": "原因", "options": {}},
            {"type": "textarea", "key": "k4", "model": "reason", "name": "说明", "options": {}},
            {"type": "divider", "key": "k5", "name": "分隔线"},
            {
                "type": "table",
                "key": "k6",
                "model": "items",
                "name": "明细",
                "tableColumns": [{"type": "input", "key": "k7", "name": "项目", "options": {}}],
            },
        ],
        "config": {},
    }
    # when
    zh = await env.client.post(
        "/extension/formDefinition/save",
        json={"name": "坏字段", "json": json.dumps(bad)},
        headers=env.headers(),
    )
    en = await env.client.post(
        "/extension/formDefinition/save",
        json={"name": "坏字段", "json": json.dumps(bad)},
        headers=env.headers("admin", "en-US"),
    )
    # then: nothing stored, each widget named with its reason (the divider holds no value)
    assert zh.status_code == 400 and zh.json()["msg"] == "表单字段配置有误，请检查字段名(model)"
    assert zh.json()["details"] == {
        "k1": "字段“事由”缺少字段名(model)",
        "k2": "字段“天数”的字段名1days无效：须以字母开头，只能包含字母、数字和下划线，最长63个字符",
        "k4": "字段“说明”的字段名reason与字段“原因”重复",
        "k7": "字段“项目”缺少字段名(model)",
    }
    assert (
        en.status_code == 400 and en.json()["details"]["k1"] == "The field “事由” has no model (field name)"
    )
    listed = (await env.client.get("/extension/formDefinition/list", headers=env.headers())).json()
    assert listed["total"] == 0
    made = await env.client.post(
        "/form/make/saveBasicInfo", json={"name": "坏字段", "code": "badmodel"}, headers=env.headers()
    )
    refused = await env.client.post(
        "/form/make/save", json={"id": made.json()["id"], "source": json.dumps(bad)}, headers=env.headers()
    )
    assert refused.status_code == 400 and set(refused.json()["details"]) == {"k1", "k2", "k4", "k7"}


async def test_the_designer_reads_the_fields_of_a_version_over_http(env):
    # given: a designer who may only model processes
    json_id = (await _definition(env))["formDefinitionJson"]["id"]
    env.access.permissions["designer"] = {"flowable:model:view"}
    # when
    found = await env.client.get(
        "/extension/formDefinitionJson/getFormFields", params={"id": json_id}, headers=env.headers("designer")
    )
    # then
    assert found.status_code == 200
    assert found.json() == {
        "id": json_id,
        "name": "请假单",
        "version": 1,
        "fields": [{"id": "reason", "name": "事由", "type": "input", "required": True}],
    }
    missing = await env.client.get(
        "/extension/formDefinitionJson/getFormFields",
        params={"jsonId": "nope"},
        headers=env.headers("designer"),
    )
    assert missing.status_code == 404
    clerk = await env.client.get(
        "/extension/formDefinitionJson/getFormFields", params={"id": json_id}, headers=env.headers("clerk")
    )
    assert clerk.status_code == 403
