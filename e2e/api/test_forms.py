"""The forms service through the gateway with real users and tokens: a form bound to a new table
(synced in gencode), validated online saves in both languages, search, XLSX round trip, menus in
sys with permission strings, versioned process forms, and workflow storing a process's form data."""

from __future__ import annotations

import io
import json
import os
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import grpc
import httpx
import pytest
from openpyxl import Workbook

from loom_contracts.loom.gencode.v1 import data_pb2, data_pb2_grpc

PORTAL = os.environ.get("LOOM_PORTAL_URL", "http://127.0.0.1:8080")
RUN = uuid.uuid4().hex[:6]
PASSWORD = "e2e-forms-secret"
ACTIONS = ("view", "add", "edit", "del", "import", "export")

SOURCE = {
    "list": [
        {
            "type": "input",
            "model": "applicant",
            "name": "申请人",
            "options": {"required": True, "isSearch": True, "isSort": True},
        },
        {"type": "input", "model": "mobile", "name": "手机", "options": {"validator": "mobile"}},
        {"type": "number", "model": "days", "name": "天数", "options": {"min": 0, "max": 30, "isSort": True}},
    ],
    "config": {"labelWidth": 100},
}


def _ok(answer: httpx.Response) -> Any:
    assert answer.status_code == 200, f"{answer.request.method} {answer.request.url}: {answer.text}"
    return answer.json()


@dataclass
class Forms:
    leave: dict[str, Any]
    copy: dict[str, Any]
    clerk: httpx.Client
    viewer: httpx.Client


def _bound_form(admin: httpx.Client, code: str, table: str) -> dict[str, Any]:
    form = _ok(admin.post("/api/form/make/saveBasicInfo", json={"name": f"请假{code}", "code": code}))
    _ok(
        admin.post(
            "/api/form/make/save", json={"id": form["id"], "source": json.dumps(SOURCE, ensure_ascii=False)}
        )
    )
    _ok(
        admin.post(
            "/api/form/make/saveFormSource", json={"id": form["id"], "tableName": table, "autoCreate": "1"}
        )
    )
    return form | {"code": code, "table": table}


def _form_directory(admin: httpx.Client) -> str:
    tree = _ok(admin.get("/api/sys/menu/treeData"))
    return next(node["id"] for node in tree if node["name"] == "表单管理")


def _menu_permissions(admin: httpx.Client, code: str) -> dict[str, str]:
    def walk(nodes: list[dict[str, Any]]) -> dict[str, str]:
        found: dict[str, str] = {}
        for node in nodes:
            if str(node.get("permission") or "").startswith(f"form:{code}:"):
                found[node["permission"]] = node["id"]
            found |= walk(node.get("children") or [])
        return found

    return walk(_ok(admin.get("/api/sys/menu/treeData")))


def _user_with(admin: httpx.Client, portal: httpx.Client, menu_ids: list[str]) -> httpx.Client:
    name = f"e2e_{uuid.uuid4().hex[:8]}"
    _ok(admin.post("/api/sys/role/save", json={"name": name, "enName": name, "menuIdList": menu_ids}))
    role = _ok(admin.get("/api/sys/role/list", params={"enName": name}))["records"][0]["id"]
    _ok(
        admin.post(
            "/api/sys/user/save",
            json={"loginName": name, "name": name, "password": PASSWORD, "roleIdList": [role]},
        )
    )
    token = _ok(portal.post("/api/sys/login", json={"username": name, "password": PASSWORD}))["token"]
    return httpx.Client(base_url=PORTAL, timeout=30, headers={"Authorization": f"Bearer {token}"})


@pytest.fixture(scope="module")
def forms(admin: httpx.Client, portal: httpx.Client) -> Iterator[Forms]:
    leave = _bound_form(admin, f"leave{RUN}", f"e2e_leave_{RUN}")
    copy = _bound_form(admin, f"copy{RUN}", f"e2e_copy_{RUN}")
    parent = _form_directory(admin)
    for form in (leave, copy):
        _ok(
            admin.post(
                "/api/form/make/createMenu",
                data={"formId": form["id"], "parent.id": parent, "name": form["name"]},
            )
        )
    granted = {**_menu_permissions(admin, leave["code"]), **_menu_permissions(admin, copy["code"])}
    clerk = _user_with(admin, portal, list(granted.values()))
    viewer = _user_with(admin, portal, [granted[f"form:{leave['code']}:view"]])
    yield Forms(leave, copy, clerk, viewer)
    clerk.close()
    viewer.close()


def test_a_form_bound_to_a_new_table_makes_it_in_loom_app_and_synced_in_gencode(
    admin: httpx.Client, forms: Forms
) -> None:
    # given the fixture's form bound to a new table
    table = forms.leave["table"]
    # then the table is in the master data source, with the base columns and the form's fields
    columns = _ok(admin.get("/api/form/make/getTableColumnList", params={"name": table}))["rows"]
    assert [c["name"] for c in columns][:6] == [
        "id",
        "create_by",
        "create_date",
        "update_by",
        "update_date",
        "del_flag",
    ]
    assert [c["name"] for c in columns][6:] == ["applicant", "mobile", "days"]
    # and gencode lists it as synced
    listed = _ok(admin.get("/api/gencode/table/list", params={"nameLike": table}))["result"]["records"]
    assert [(r["name"], r["isSync"]) for r in listed] == [(table, "1")]


def test_create_menu_puts_the_page_and_its_buttons_in_sys(admin: httpx.Client, forms: Forms) -> None:
    granted = _menu_permissions(admin, forms.leave["code"])
    assert set(granted) == {f"form:{forms.leave['code']}:{a}" for a in ACTIONS}


def test_online_save_refuses_a_bad_mobile_and_a_missing_field_in_both_languages(forms: Forms) -> None:
    form_id = forms.leave["id"]
    # when
    zh = forms.clerk.post("/api/form/generate/save", json={"formId": form_id, "mobile": "123"})
    en = forms.clerk.post(
        "/api/form/generate/save",
        json={"formId": form_id, "mobile": "123"},
        headers={"Accept-Language": "en-US"},
    )
    # then
    assert zh.status_code == 400 and zh.json()["msg"] == "表单数据校验失败"
    assert zh.json()["details"] == {"applicant": "申请人必须填写", "mobile": "请输入正确的手机号码"}
    assert en.status_code == 400 and en.json()["msg"] == "Form data validation failed"
    assert en.json()["details"] == {
        "applicant": "申请人 is required",
        "mobile": "Enter a valid mobile phone number",
    }
    # when fixed, the row is stored and a search on the isSearch field finds it
    _ok(
        forms.clerk.post(
            "/api/form/generate/save",
            json={"formId": form_id, "applicant": "张三", "mobile": "13812345678", "days": 2},
        )
    )
    _ok(forms.clerk.post("/api/form/generate/save", json={"formId": form_id, "applicant": "李四", "days": 5}))
    found = _ok(
        forms.clerk.get(
            "/api/form/generate/list", params={"formId": form_id, "params": '{"applicant": "张"}'}
        )
    )
    assert [(r["applicant"], r["mobile"], r["days"]) for r in found["records"]] == [
        ("张三", "13812345678", 2)
    ]


def test_an_export_imports_into_an_empty_form_and_a_bad_row_imports_nothing(forms: Forms) -> None:
    # given rows in the first form
    for name, days in (("甲", 1), ("乙", 2), ("丙", 3)):
        _ok(
            forms.clerk.post(
                "/api/form/generate/save",
                json={"formId": forms.leave["id"], "applicant": f"{name}{RUN}", "days": days},
            )
        )
    search = json.dumps({"applicant": RUN})
    exported = forms.clerk.get(
        "/api/form/generate/export", params={"formId": forms.leave["id"], "params": search}
    )
    assert exported.status_code == 200, exported.text
    # when the file goes into the empty copy
    answer = _ok(
        forms.clerk.post(
            "/api/form/generate/import",
            params={"formId": forms.copy["id"]},
            files={"file": ("leave.xlsx", exported.content, "application/octet-stream")},
        )
    )
    # then every row is there
    assert answer["success"] is True and answer["count"] == 3
    rows = _ok(
        forms.clerk.get(
            "/api/form/generate/list", params={"formId": forms.copy["id"], "orders[0].column": "days"}
        )
    )
    assert [(r["applicant"], r["days"]) for r in rows["records"]] == [
        (f"甲{RUN}", 1),
        (f"乙{RUN}", 2),
        (f"丙{RUN}", 3),
    ]
    # and a file with one bad row imports nothing and says which row and fields
    book = Workbook()
    book.active.append(["申请人", "手机", "天数"])
    book.active.append(["好", "13900000000", 1])
    book.active.append(["坏", "123", 99])
    out = io.BytesIO()
    book.save(out)
    refused = forms.clerk.post(
        "/api/form/generate/import",
        params={"formId": forms.copy["id"]},
        files={"file": ("bad.xlsx", out.getvalue(), "application/octet-stream")},
    )
    assert refused.status_code == 400
    assert refused.json()["details"]["rows"] == [
        {"row": 3, "errors": {"mobile": "请输入正确的手机号码", "days": "天数必须在0到30之间"}}
    ]
    assert _ok(forms.clerk.get("/api/form/generate/list", params={"formId": forms.copy["id"]}))["total"] == 3


def test_a_role_without_the_add_permission_gets_403(forms: Forms) -> None:
    refused = forms.viewer.post(
        "/api/form/generate/save", json={"formId": forms.leave["id"], "applicant": "x"}
    )
    assert refused.status_code == 403 and f"form:{forms.leave['code']}:add" in refused.json()["msg"]
    assert (
        forms.viewer.get("/api/form/generate/list", params={"formId": forms.leave["id"]}).status_code == 200
    )


PROCESS_FORM = {
    "list": [
        {"type": "input", "model": "reason", "name": "事由", "options": {"required": True}},
        {
            "type": "number",
            "model": "days",
            "name": "天数",
            "options": {"required": True, "min": 1, "max": 10},
        },
        {"type": "textarea", "model": "opinion", "name": "审批意见", "options": {"required": True}},
    ],
    "config": {},
}


def _definition(admin: httpx.Client) -> tuple[str, str]:
    name = f"请假单{RUN}"
    _ok(
        admin.post(
            "/api/extension/formDefinition/save", json={"name": name, "json": json.dumps(PROCESS_FORM)}
        )
    )
    records = _ok(
        admin.get(
            "/api/extension/formDefinition/list",
            params={"current": 1, "size": -1, "formDefinitionJson.status": 1},
        )
    )["records"]
    found = next(r for r in records if r["name"] == name)
    return found["id"], found["formDefinitionJson"]["id"]


def test_version_2_made_primary_is_what_query_by_json_id_returns(admin: httpx.Client) -> None:
    definition_id, _v1 = _definition(admin)
    v2 = _ok(
        admin.post(
            "/api/extension/formDefinitionJson/save",
            json={"formDefinitionId": definition_id, "json": json.dumps(PROCESS_FORM)},
        )
    )
    _ok(admin.put("/api/extension/formDefinitionJson/updatePrimary", params={"id": v2["id"]}))
    found = _ok(admin.get("/api/extension/formDefinition/queryByJsonId", params={"jsonId": v2["id"]}))
    assert found["formDefinitionJson"]["version"] == 2 and found["formDefinitionJson"]["isPrimary"] == "1"
    listed = _ok(
        admin.get(
            "/api/extension/formDefinition/list",
            params={"current": 1, "size": -1, "formDefinitionJson.status": 1},
        )
    )
    assert (
        next(r for r in listed["records"] if r["id"] == definition_id)["formDefinitionJson"]["id"] == v2["id"]
    )


def test_the_designer_reads_a_versions_fields_and_only_forms_may_call_gencodes_data_service(
    admin: httpx.Client,
) -> None:
    # given
    _definition_id, json_id = _definition(admin)
    # when: the process designer's node form settings ask for the fields over HTTP
    found = _ok(admin.get("/api/extension/formDefinitionJson/getFormFields", params={"id": json_id}))
    # then
    assert [(f["id"], f["name"]) for f in found["fields"]] == [
        (w["model"], w["name"]) for w in PROCESS_FORM["list"]
    ]
    # and: a caller without forms' service credential is refused by the running gencode
    address = (
        os.environ.get("LOOM_GENCODE_GRPC_ADDRESS") or f"127.0.0.1:{os.environ['LOOM_GENCODE_GRPC_PORT']}"
    )
    with grpc.insecure_channel(address) as channel:
        with pytest.raises(grpc.RpcError) as refused:
            data_pb2_grpc.DataServiceStub(channel).ListTables(data_pb2.ListTablesRequest(), timeout=10)
    assert refused.value.code() == grpc.StatusCode.UNAUTHENTICATED


def _process_xml(key: str, json_id: str) -> str:
    return (
        '<?xml version="1.0" encoding="UTF-8"?>'
        '<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" '
        'xmlns:flowable="http://flowable.org/bpmn" targetNamespace="http://loom/e2e">'
        f'<process id="{key}" name="表单流程" isExecutable="true">'
        f'<startEvent id="start" name="开始" flowable:initiator="applyUserId" flowable:formKey="{json_id}">'
        '<extensionElements><flowable:formProperty id="reason" writable="true"/>'
        '<flowable:formProperty id="days" writable="true"/>'
        '<flowable:formProperty id="opinion" writable="false"/></extensionElements></startEvent>'
        f'<userTask id="check" name="审批" flowable:assignee="${{applyUserId}}" flowable:formKey="{json_id}">'
        '<extensionElements><flowable:formProperty id="reason" writable="false"/>'
        '<flowable:formProperty id="days" writable="false"/>'
        '<flowable:formProperty id="opinion" writable="true"/></extensionElements></userTask>'
        '<endEvent id="end"/>'
        '<sequenceFlow id="f1" sourceRef="start" targetRef="check"/>'
        '<sequenceFlow id="f2" sourceRef="check" targetRef="end"/>'
        "</process></definitions>"
    )


def _deploy(admin: httpx.Client, key: str, xml: str) -> None:
    model_id = _ok(admin.post("/api/app/rest/models", json={"modelType": 0, "key": key, "name": "表单流程"}))[
        "id"
    ]
    editor = _ok(admin.get(f"/api/app/rest/models/{model_id}/editor/json"))
    _ok(
        admin.post(
            f"/api/flowable/model/saveModel/{model_id}",
            data={
                "modeltype": "model",
                "json_xml": xml,
                "name": "表单流程",
                "key": key,
                "description": "",
                "newversion": "false",
                "comment": "",
                "lastUpdated": editor["lastUpdated"],
            },
        )
    )
    _ok(admin.put("/api/flowable/model/deploy", params={"id": model_id, "category": "办公"}))


def _my_tasks(admin: httpx.Client, pid: str) -> list[dict[str, Any]]:
    page = _ok(admin.get("/api/flowable/task/todo", params={"current": 1, "size": 100}))
    return [r for r in page["records"] if r["task"]["processInstanceId"] == pid]


def test_a_process_with_a_dynamic_form_stores_valid_data_and_refuses_invalid_data(
    admin: httpx.Client,
) -> None:
    # given a process whose start event and user task carry the same dynamic form
    _definition_id, json_id = _definition(admin)
    key = f"form_{RUN}"
    _deploy(admin, key, _process_xml(key, json_id))
    business = f"bk-{RUN}"
    # when started with invalid data
    refused = admin.post(
        "/api/flowable/task/start",
        params={"procDefKey": key, "businessId": business, "title": "x", "vars": json.dumps({"days": 20})},
    )
    # then the field messages come back and nothing is stored or started
    assert refused.status_code == 400, refused.text
    assert refused.json()["details"] == {"reason": "事由必须填写", "days": "天数必须在1到10之间"}
    assert admin.get("/api/form/process/data", params={"businessKey": business}).status_code == 404
    # when started with valid data
    pid = _ok(
        admin.post(
            "/api/flowable/task/start",
            params={
                "procDefKey": key,
                "businessId": business,
                "title": "x",
                "vars": json.dumps({"reason": "探亲", "days": 3}),
            },
        )
    )
    # then it is readable by business key
    assert _ok(admin.get("/api/form/process/data", params={"businessKey": business}))["data"] == {
        "reason": "探亲",
        "days": 3,
    }
    task_id = _my_tasks(admin, pid)[0]["task"]["id"]
    comment = json.dumps({"message": "同意", "type": "_flow_agree", "status": "同意"})
    # when the audit leaves its required writable field empty, the task stays open
    missing = admin.post(
        "/api/flowable/task/audit",
        data={"taskId": task_id, "vars": json.dumps({"days": 9}), "comment": comment},
    )
    assert missing.status_code == 400 and missing.json()["details"] == {"opinion": "审批意见必须填写"}
    assert [t["task"]["id"] for t in _my_tasks(admin, pid)] == [task_id]
    # when the audit fills it (and tries to change a field it may not write)
    _ok(
        admin.post(
            "/api/flowable/task/audit",
            data={"taskId": task_id, "vars": json.dumps({"opinion": "同意", "days": 9}), "comment": comment},
        )
    )
    # then only the writable field was stored and the task is done
    stored = _ok(admin.get("/api/form/process/data", params={"businessKey": business}))["data"]
    assert stored == {"reason": "探亲", "days": 3, "opinion": "同意"}
    assert _my_tasks(admin, pid) == []
