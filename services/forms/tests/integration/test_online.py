"""A form bound to a new table: the table in gencode, validated saves, search, sort, sub-tables,
XLSX export, import and template, menus and permissions."""

from __future__ import annotations

import io
import json

import httpx
from openpyxl import Workbook, load_workbook

from .helpers import LEAVE_SOURCE, bound_form, run_sql


async def _gencode_tables(env) -> dict[str, str]:
    transport = httpx.ASGITransport(app=env.gencode)
    async with httpx.AsyncClient(transport=transport, base_url="http://gencode") as client:
        body = (await client.get("/gencode/table/list", headers=env.headers())).json()
    return {r["name"]: r["isSync"] for r in body["result"]["records"]}


async def _save(env, form_id, lang=None, user="admin", **values):
    return await env.client.post(
        "/form/generate/save", json={"formId": form_id, **values}, headers=env.headers(user, lang)
    )


async def test_binding_to_a_new_table_creates_it_synced_in_gencode_with_base_columns(env):
    # given / when
    form_id = await bound_form(env)
    # then
    tables = (await env.client.get("/form/make/getTableList", headers=env.headers())).json()["rows"]
    assert {"form_leave", "form_leave_items"} <= {t["name"] for t in tables}
    columns = (
        await env.client.get(
            "/form/make/getTableColumnList", params={"name": "form_leave"}, headers=env.headers()
        )
    ).json()["rows"]
    assert [c["name"] for c in columns] == [
        "id",
        "create_by",
        "create_date",
        "update_by",
        "update_date",
        "del_flag",
        "applicant",
        "mobile",
        "days",
        "kind",
        "tags",
    ]
    assert await _gencode_tables(env) == {"form_leave": "1", "form_leave_items": "1"}
    page = (await env.client.get("/form/make/list", headers=env.headers())).json()["records"]
    assert page[0]["id"] == form_id and page[0]["tableName"] == "form_leave" and page[0]["version"] == 1
    taken = await env.client.get(
        "/form/make/validateTableNoExist", params={"tableName": "form_leave"}, headers=env.headers()
    )
    assert taken.json() is False
    # the JeePlus form designer names the table `name`
    named = await env.client.get(
        "/form/make/validateTableNoExist",
        params={"name": "form_leave", "dataSource.enName": "master"},
        headers=env.headers(),
    )
    assert named.json() is False
    used = await env.client.get(
        "/form/make/validateKeyNoExist", params={"code": "leave"}, headers=env.headers()
    )
    assert used.json() is False


async def test_saving_a_forms_basic_information_answers_the_form_and_the_message_shown(env):
    # when the JeePlus client's 新建表单 saves (it shows the answer with Element's message)
    made = await env.client.post(
        "/form/make/saveBasicInfo",
        json={"name": "客户端表单", "code": "jpclient", "autoCreate": "1", "tableName": "jp_form_1"},
        headers=env.headers(),
    )
    # then the answer is the form, with the text the client's message shows
    assert made.status_code == 200, made.text
    assert made.json()["id"] and made.json()["code"] == "jpclient"
    assert made.json()["message"] == "保存数据表单'客户端表单'成功"
    # and its choice of a new table is kept for its designer (which then names the fields itself)
    form = await env.client.get(
        "/form/make/queryById", params={"id": made.json()["id"]}, headers=env.headers()
    )
    assert (form.json()["autoCreate"], form.json()["tableName"]) == ("1", "jp_form_1")


async def test_the_columns_of_a_table_not_created_yet_are_an_empty_page(env):
    # when the JeePlus form designer asks for the columns of its new form's table before it exists
    answer = await env.client.get(
        "/form/make/getTableColumnList",
        params={"name": "jp_form_not_yet", "dataSource.enName": "master"},
        headers=env.headers(),
    )
    # then it is an empty page, as JeePlus answers, not "not found"
    assert answer.status_code == 200, answer.text
    assert answer.json() == {"total": 0, "rows": []}


async def test_a_bad_mobile_and_a_missing_required_field_are_refused_with_both_messages(env):
    form_id = await bound_form(env)
    # when
    zh = await _save(env, form_id, mobile="123")
    en = await _save(env, form_id, lang="en-US", mobile="123")
    # then
    assert zh.status_code == 400
    assert zh.json()["msg"] == "表单数据校验失败"
    assert zh.json()["details"] == {"applicant": "申请人必须填写", "mobile": "请输入正确的手机号码"}
    assert en.json()["details"] == {
        "applicant": "申请人 is required",
        "mobile": "Enter a valid mobile phone number",
    }
    listed = (
        await env.client.get("/form/generate/list", params={"formId": form_id}, headers=env.headers())
    ).json()
    assert listed["total"] == 0


async def test_a_fixed_record_is_stored_with_its_sub_table_rows_and_read_back(env):
    form_id = await bound_form(env)
    # when
    saved = await _save(
        env,
        form_id,
        applicant="张三",
        mobile="13812345678",
        days=3,
        kind="annual",
        tags=["a", "b"],
        items=[{"item_name": "机票"}, {"item_name": "酒店"}],
    )
    # then
    assert saved.status_code == 200, saved.text
    record = (
        await env.client.get("/form/generate/list", params={"formId": form_id}, headers=env.headers())
    ).json()["records"][0]
    assert (record["applicant"], record["days"], record["tags"]) == ("张三", 3, ["a", "b"])
    full = (
        await env.client.get(
            "/form/generate/queryById", params={"formId": form_id, "id": record["id"]}, headers=env.headers()
        )
    ).json()
    assert [i["item_name"] for i in full["items"]] == ["机票", "酒店"]
    edited = await _save(env, form_id, id=record["id"], applicant="李四", items=[{"item_name": "火车"}])
    assert edited.status_code == 200, edited.text
    full = (
        await env.client.get(
            "/form/generate/queryById", params={"formId": form_id, "id": record["id"]}, headers=env.headers()
        )
    ).json()
    assert full["applicant"] == "李四" and [i["item_name"] for i in full["items"]] == ["火车"]
    bad_row = await _save(env, form_id, id=record["id"], applicant="李四", items=[{}])
    assert bad_row.json()["details"] == {"items.0.item_name": "项目必须填写"}


async def test_the_list_searches_isSearch_fields_sorts_isSort_fields_and_refuses_others(env):
    form_id = await bound_form(env)
    for name, days, kind in (("王五", 5, "sick"), ("王六", 1, "annual"), ("赵七", 9, "annual")):
        assert (await _save(env, form_id, applicant=name, days=days, kind=kind)).status_code == 200
    # when
    found = await env.client.get(
        "/form/generate/list",
        params={
            "formId": form_id,
            "params": '{"applicant": "王", "kind": "annual"}',
            "orders[0].column": "days",
            "orders[0].asc": "false",
        },
        headers=env.headers(),
    )
    # then
    assert [r["applicant"] for r in found.json()["records"]] == ["王六"]
    by_days = await env.client.get(
        "/form/generate/list",
        params={"formId": form_id, "orders[0].column": "days", "orders[0].asc": "false"},
        headers=env.headers(),
    )
    assert [r["days"] for r in by_days.json()["records"]] == [9, 5, 1]
    not_sortable = await env.client.get(
        "/form/generate/list", params={"formId": form_id, "orders[0].column": "kind"}, headers=env.headers()
    )
    assert not_sortable.status_code == 400 and "kind" in not_sortable.json()["msg"]
    not_searchable = await env.client.get(
        "/form/generate/list", params={"formId": form_id, "params": '{"mobile": "1"}'}, headers=env.headers()
    )
    assert not_searchable.status_code == 400


async def test_a_field_made_searchable_in_the_designer_is_searchable_in_the_list_at_once(env):
    # given: a list already served (the bound form is cached) with mobile not searchable
    form_id = await bound_form(env)
    assert (await _save(env, form_id, applicant="王五", mobile="13900000001")).status_code == 200
    search = {"formId": form_id, "params": '{"mobile": "0001"}'}
    assert (
        await env.client.get("/form/generate/list", params=search, headers=env.headers())
    ).status_code == 400
    # when: the designer marks mobile isSearch
    source = json.loads(json.dumps(LEAVE_SOURCE))
    source["list"][0]["columns"][1]["list"][0]["options"]["isSearch"] = True
    saved = await env.client.post(
        "/form/make/save",
        json={"id": form_id, "source": json.dumps(source, ensure_ascii=False)},
        headers=env.headers(),
    )
    assert saved.status_code == 200, saved.text
    # then
    found = await env.client.get("/form/generate/list", params=search, headers=env.headers())
    assert found.status_code == 200 and [r["applicant"] for r in found.json()["records"]] == ["王五"]


async def test_the_export_holds_the_whole_filtered_list_read_page_by_page(env, monkeypatch):
    from loom_forms.generate import service

    # given: 7 records, 5 of them searched for, three of those made in the same second, and pages of 2 rows
    form_id = await bound_form(env)
    for i in range(7):
        await _save(env, form_id, applicant=f"{'王' if i < 5 else '李'}{i}", days=i)
    made = {0: "09:00", 1: "09:01", 2: "09:01", 3: "09:01", 4: "09:02", 5: "09:03", 6: "08:00"}
    run_sql(
        env,
        *(
            f"UPDATE form_leave SET create_date = '2026-11-20 {t}:00' WHERE days = {i}"
            for i, t in made.items()
        ),
    )
    monkeypatch.setattr(service, "EXPORT_PAGE_ROWS", 2)
    searched = {"formId": form_id, "params": '{"applicant": "王"}'}

    async def exported(**params):
        answer = await env.client.get(
            "/form/generate/export", params={**searched, **params}, headers=env.headers()
        )
        assert answer.status_code == 200, answer.text
        return [
            r[0]
            for r in list(load_workbook(io.BytesIO(answer.content)).worksheets[0].iter_rows(values_only=True))
        ]

    # when the list's search is exported without a sort, by the list's sort, and with two rows ticked
    newest = await exported()
    by_days = await exported(**{"orders[0].column": "days", "orders[0].asc": "true"})
    listed = (
        await env.client.get("/form/generate/list", params={**searched, "size": -1}, headers=env.headers())
    ).json()
    ticked = [r["id"] for r in listed["records"] if r["applicant"] in ("王0", "王4")]
    chosen = await exported(ids=",".join(ticked))
    # then every searched record once (3 pages), none of the others, in the list's order: newest first
    assert newest[0] == "申请人"
    assert newest[1:] == [r["applicant"] for r in listed["records"]]
    assert (newest[1], sorted(newest[2:5]), newest[5]) == ("王4", ["王1", "王2", "王3"], "王0")
    assert by_days[1:] == ["王0", "王1", "王2", "王3", "王4"]
    assert chosen[1:] == ["王4", "王0"]


async def test_an_export_imports_into_an_empty_form_row_for_row(env):
    # given
    form_id = await bound_form(env)
    for name, days in (("甲", 1), ("乙", 2), ("丙", 3)):
        await _save(env, form_id, applicant=name, mobile="13900000000", days=days, tags=["x"])
    exported = await env.client.get(
        "/form/generate/export", params={"formId": form_id}, headers=env.headers()
    )
    assert exported.status_code == 200 and exported.headers["content-type"].startswith(
        "application/vnd.openxml"
    )
    copy_id = await bound_form(env, code="leave2", table="form_leave_copy")
    env.access.permissions["admin"] |= {f"form:leave2:{a}" for a in ("view", "import")}
    # when
    imported = await env.client.post(
        "/form/generate/import",
        params={"formId": copy_id},
        files={"file": ("leave.xlsx", exported.content, "application/octet-stream")},
        headers=env.headers(),
    )
    # then
    assert imported.status_code == 200, imported.text
    assert imported.json() == {"success": True, "msg": "已成功导入3条数据", "count": 3}
    rows = (
        await env.client.get(
            "/form/generate/list",
            params={"formId": copy_id, "orders[0].column": "days"},
            headers=env.headers(),
        )
    ).json()
    assert [(r["applicant"], r["mobile"], r["days"], r["tags"]) for r in rows["records"]] == [
        ("甲", "13900000000", 1, ["x"]),
        ("乙", "13900000000", 2, ["x"]),
        ("丙", "13900000000", 3, ["x"]),
    ]


async def test_a_file_with_one_bad_row_imports_nothing_and_names_the_row_and_field(env):
    form_id = await bound_form(env)
    template = await env.client.get(
        "/form/generate/importTemplate", params={"formId": form_id}, headers=env.headers()
    )
    headers = [c.value for c in load_workbook(io.BytesIO(template.content)).worksheets[0][1]]
    assert headers == ["申请人", "手机", "天数", "类型", "标签"]
    book = Workbook()
    sheet = book.active
    sheet.append(headers)
    sheet.append(["甲", "13900000000", 1, "a", None])
    sheet.append(["乙", "12345", 40, "a", None])
    out = io.BytesIO()
    book.save(out)
    # when
    response = await env.client.post(
        "/form/generate/import",
        params={"formId": form_id},
        files={"file": ("bad.xlsx", out.getvalue(), "application/octet-stream")},
        headers=env.headers(),
    )
    # then
    assert response.status_code == 400
    assert response.json()["msg"] == "导入失败，共1行数据有误，没有导入任何数据"
    assert response.json()["details"]["rows"] == [
        {"row": 3, "errors": {"mobile": "请输入正确的手机号码", "days": "天数必须在0到30之间"}}
    ]
    listed = (
        await env.client.get("/form/generate/list", params={"formId": form_id}, headers=env.headers())
    ).json()
    assert listed["total"] == 0


async def test_create_menu_asks_sys_for_a_page_with_buttons_and_permission_strings(env):
    form_id = await bound_form(env)
    # when
    response = await env.client.post(
        "/form/make/createMenu",
        data={"formId": form_id, "parent.id": "menu-parent", "name": "请假登记"},
        headers=env.headers(),
    )
    # then
    assert response.status_code == 200, response.text
    menu = env.menus.menus[0]
    assert menu["href"] == f"/form/GenerateList?id={form_id}"
    assert [p for _, p in menu["buttons"]] == [
        f"form:leave:{a}" for a in ("view", "add", "edit", "del", "import", "export")
    ]


async def test_a_user_without_the_add_permission_gets_403(env):
    form_id = await bound_form(env)
    form = await env.client.get(
        "/form/generate/getForm", params={"formId": form_id}, headers=env.headers("clerk")
    )
    assert form.status_code == 200 and form.json()["code"] == "leave" and "applicant" in form.json()["source"]
    response = await _save(env, form_id, user="clerk", applicant="x")
    assert response.status_code == 403 and "form:leave:add" in response.json()["msg"]
    assert (
        await env.client.get("/form/generate/list", params={"formId": form_id}, headers=env.headers("clerk"))
    ).status_code == 200


LABELLED = {
    "list": [
        {"type": "input", "model": "applicant", "name": "申请人", "options": {}},
        {"type": "dict", "model": "paid", "name": "已付", "options": {"dictType": "yes_no"}},
        {"type": "switch", "model": "urgent", "name": "加急", "options": {}},
        {
            "type": "select",
            "model": "kind",
            "name": "类型",
            "options": {"options": [{"value": "a", "label": "年假"}, {"value": "b", "label": "病假"}]},
        },
        {
            "type": "checkbox",
            "model": "tags",
            "name": "标签",
            "options": {"options": [{"value": "x", "label": "出差"}, {"value": "y", "label": "加班"}]},
        },
        {"type": "user", "model": "owner", "name": "负责人", "options": {}},
        {"type": "office", "model": "dept", "name": "部门", "options": {}},
    ],
    "config": {},
}


async def test_the_export_shows_labels_and_its_labels_import_back_as_values(env):
    # given sys's dictionary, a user and an office, and a record holding their values
    env.menus.dicts = {"yes_no": [("1", "是"), ("0", "否")]}
    env.menus.people = {"u1": "张三"}
    env.menus.offices = {"o1": "财务部"}
    form_id = await bound_form(env, code="labelled", table="form_labelled", source=LABELLED)
    env.access.permissions["admin"] |= {f"form:labelled:{a}" for a in ("view", "export", "import", "add")}
    saved = await _save(
        env, form_id, applicant="甲", paid="1", urgent=True, kind="b", tags=["x", "y"], owner="u1", dept="o1"
    )
    assert saved.status_code == 200, saved.text
    # when it is exported
    exported = await env.client.get(
        "/form/generate/export", params={"formId": form_id}, headers=env.headers()
    )
    assert exported.status_code == 200, exported.text
    rows = list(load_workbook(io.BytesIO(exported.content)).worksheets[0].iter_rows(values_only=True))
    # then each value reads as its label (no 1, True, ["x", "y"] or ids)
    assert rows[0] == ("申请人", "已付", "加急", "类型", "标签", "负责人", "部门")
    assert rows[1] == ("甲", "是", "是", "病假", "出差,加班", "张三", "财务部")
    # and the sheet imports back as the stored values; a sheet of values imports as well
    book = load_workbook(io.BytesIO(exported.content))
    book.worksheets[0].append(["乙", "0", "false", "a", "x", "u1", "o1"])
    out = io.BytesIO()
    book.save(out)
    imported = await env.client.post(
        "/form/generate/import",
        params={"formId": form_id},
        files={"file": ("labelled.xlsx", out.getvalue(), "application/octet-stream")},
        headers=env.headers(),
    )
    assert imported.status_code == 200, imported.text
    listed = (
        await env.client.get(
            "/form/generate/list", params={"formId": form_id, "applicant": ""}, headers=env.headers()
        )
    ).json()["records"]
    got = sorted((r["applicant"], r["paid"], str(r["urgent"]).lower(), r["kind"], r["tags"]) for r in listed)
    assert got == [
        ("乙", "0", "false", "a", ["x"]),
        ("甲", "1", "true", "b", ["x", "y"]),
        ("甲", "1", "true", "b", ["x", "y"]),
    ]


async def test_rows_outside_the_callers_data_permissions_do_not_exist_for_them(env):
    from loom_platform.datarules import DataAccess, Rule, Viewer

    # given two records written by the admin
    form_id = await bound_form(env)
    for name in ("甲", "乙"):
        assert (await _save(env, form_id, applicant=name, days=2, kind="sick")).status_code == 200
    listed = (
        await env.client.get("/form/generate/list", params={"formId": form_id}, headers=env.headers())
    ).json()
    owner, record_id = listed["records"][0]["createBy"], listed["records"][0]["id"]
    try:
        # when sys answers a scope holding another user's rows only
        env.menus.scope = DataAccess(
            viewer=Viewer("someone"), everything=False, user_ids=frozenset({"someone"})
        )
        seen = await env.client.get("/form/generate/list", params={"formId": form_id}, headers=env.headers())
        read = await env.client.get(
            "/form/generate/queryById", params={"formId": form_id, "id": record_id}, headers=env.headers()
        )
        edited = await _save(env, form_id, id=record_id, applicant="改", days=2, kind="sick")
        deleted = await env.client.delete(
            "/form/generate/delete", params={"formId": form_id, "ids": record_id}, headers=env.headers()
        )
        exported = await env.client.get(
            "/form/generate/export", params={"formId": form_id}, headers=env.headers()
        )
        # then they see none and touch none
        assert seen.json()["total"] == 0
        assert (read.status_code, edited.status_code, deleted.status_code) == (404, 404, 404)
        assert load_workbook(io.BytesIO(exported.content)).active.max_row == 1
        # a rule narrows within the scope: the owner's rows with applicant 甲 only
        env.menus.scope = DataAccess(
            viewer=Viewer(owner),
            everything=False,
            user_ids=frozenset({owner}),
            rules=(Rule("applicant", "=", "甲"),),
        )
        seen = await env.client.get("/form/generate/list", params={"formId": form_id}, headers=env.headers())
        assert [r["applicant"] for r in seen.json()["records"]] == ["甲"]
    finally:
        env.menus.scope = None
    both = await env.client.get("/form/generate/list", params={"formId": form_id}, headers=env.headers())
    assert both.json()["total"] == 2


def _sheet(rows):
    book = Workbook()
    sheet = book.active
    sheet.append(["申请人", "手机", "天数", "类型", "标签"])
    for row in rows:
        sheet.append(row)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


async def test_an_import_with_rows_outside_the_callers_data_permissions_imports_nothing(env):
    from loom_platform.datarules import DataAccess, Rule, Viewer

    # given the caller's scope: their own rows, with applicant 甲 and more than 5 days (a number)
    form_id = await bound_form(env)
    assert (await _save(env, form_id, applicant="甲", days=6, kind="sick")).status_code == 200
    listed = await env.client.get("/form/generate/list", params={"formId": form_id}, headers=env.headers())
    [mine] = listed.json()["records"]
    env.access.permissions["admin"] |= {"form:leave:import"}
    rules = (Rule("applicant", "=", "甲"), Rule("days", ">", "5"))
    try:
        env.menus.scope = DataAccess(
            viewer=Viewer(mine["createBy"]),
            everything=False,
            user_ids=frozenset({mine["createBy"]}),
            rules=rules,
        )
        # when a sheet holds a row in scope, one with too few days and one of another applicant
        refused = await env.client.post(
            "/form/generate/import",
            params={"formId": form_id},
            files={
                "file": (
                    "x.xlsx",
                    _sheet([["甲", None, 10, "a"], ["甲", None, 3, "a"], ["乙", None, 12, "a"]]),
                )
            },
            headers={**env.headers(), "Accept-Language": "en-US"},
        )
        accepted = await env.client.post(
            "/form/generate/import",
            params={"formId": form_id},
            files={"file": ("y.xlsx", _sheet([["甲", None, 10, "a"], ["甲", None, 20, "a"]]))},
            headers=env.headers(),
        )
        # then the first imports nothing and names rows 3 and 4; 10 > 5 compares as numbers
        assert refused.status_code == 400
        assert refused.json()["msg"] == (
            "Import failed: 2 rows lie outside your data permissions and nothing was imported"
        )
        assert [r["row"] for r in refused.json()["details"]["rows"]] == [3, 4]
        assert accepted.status_code == 200, accepted.text
        seen = await env.client.get("/form/generate/list", params={"formId": form_id}, headers=env.headers())
        assert sorted(r["days"] for r in seen.json()["records"]) == [6, 10, 20]
    finally:
        env.menus.scope = None


async def test_an_import_beyond_its_limits_is_refused_saying_which(env):
    # given a form and a sheet of three rows
    form_id = await bound_form(env)
    book = Workbook()
    book.active.append(["申请人", "手机", "天数", "类型", "标签"])
    for name in ("甲", "乙", "丙"):
        book.active.append([name, "13900000000", 1, "a", None])
    out = io.BytesIO()
    book.save(out)
    kept = (env.settings.import_max_rows, env.settings.import_max_cells, env.settings.import_max_seconds)

    async def imported() -> tuple[int, str]:
        answer = await env.client.post(
            "/form/generate/import",
            params={"formId": form_id},
            files={"file": ("x.xlsx", out.getvalue(), "application/octet-stream")},
            headers=env.headers(),
        )
        return answer.status_code, answer.json()["msg"]

    try:
        # when the rows, the cells or the seconds are fewer than the file needs
        env.settings.import_max_rows = 2
        rows = await imported()
        env.settings.import_max_rows, env.settings.import_max_cells = 100, 10
        cells = await imported()
        env.settings.import_max_cells, env.settings.import_max_seconds = 1000, 0.01
        seconds = await imported()
    finally:
        env.settings.import_max_rows, env.settings.import_max_cells, env.settings.import_max_seconds = kept
    # then each is refused saying which, and nothing is imported
    assert rows == (400, "导入文件最多2行数据")
    assert cells == (400, "单元格过多，一次最多10个，请拆分后再导入")
    assert seconds == (400, "文件解析超过0.01秒，已停止，请拆分后再导入")
    listed = await env.client.get("/form/generate/list", params={"formId": form_id}, headers=env.headers())
    assert listed.json()["total"] == 0
