"""Users to and from XLSX, the own profile and photo."""

from __future__ import annotations

import io
from typing import Any
from urllib.parse import unquote

import httpx
from openpyxl import Workbook, load_workbook

from ..factories import create_office


def _xlsx(rows: list[list[Any]]) -> bytes:
    book = Workbook()
    for row in rows:
        book.active.append(row)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


HEADER = ["登录名", "姓名", "密码", "归属公司", "归属部门", "工号", "邮箱"]


async def test_import_creates_every_row_and_export_reads_them_back(admin: httpx.AsyncClient) -> None:
    # given
    template = await admin.get("/sys/user/import/template")
    assert unquote(template.headers["content-disposition"]) == "用户数据导入模板.xlsx"
    titles = [c.value for c in load_workbook(io.BytesIO(template.content)).active[1]]
    assert titles[:3] == ["登录名", "姓名", "密码"]
    content = _xlsx(
        [HEADER, ["u1", "用户一", "secret-1", "Loom", "", "", "u1@x.cn"], ["u2", "用户二", "secret-2"]]
    )
    # when
    answer = (await admin.post("/sys/user/import", files={"file": ("users.xlsx", content)})).json()
    # then
    assert answer == {"success": True, "msg": "已成功导入 2 条用户", "errors": []}
    exported = await admin.get(
        "/sys/user/export",
        params={
            "loginName": "u",
            "fields[0].field": "loginName",
            "fields[0].title": "登录名",
            "fields[1].field": "email",
            "fields[1].title": "邮箱",
        },
    )
    rows = [[c.value for c in r] for r in load_workbook(io.BytesIO(exported.content)).active.iter_rows()]
    assert rows[0] == ["登录名", "邮箱"] and sorted(rows[1:], key=str) == [["u1", "u1@x.cn"], ["u2", None]]


async def test_a_users_login_flag_is_exported_as_its_label_and_the_file_imports_again(
    admin: httpx.AsyncClient,
) -> None:
    # given an enabled and a disabled user
    for login, flag in (("flag1", "1"), ("flag0", "0")):
        saved = await admin.post(
            "/sys/user/save",
            json={"loginName": login, "name": login, "password": "secret-pw1", "loginFlag": flag},
        )
        assert saved.status_code == 200, saved.text
    # when they are exported with the default columns
    exported = await admin.get("/sys/user/export", params={"loginName": "flag"})
    rows = [[c.value for c in r] for r in load_workbook(io.BytesIO(exported.content)).active.iter_rows()]
    # then 是否允许登录 reads 是 and 否, as the list shows them
    column = rows[0].index("是否允许登录")
    assert sorted((r[0], r[column]) for r in rows[1:]) == [("flag0", "否"), ("flag1", "是")]
    # and a file written that way imports (the template's example says 是 too)
    template = load_workbook(io.BytesIO((await admin.get("/sys/user/import/template")).content)).active
    assert [c.value for c in template[2]][[c.value for c in template[1]].index("是否允许登录")] == "是"
    content = _xlsx([["登录名", "姓名", "密码", "是否允许登录"], ["flag2", "二", "secret-2", "否"]])
    answer = (await admin.post("/sys/user/import", files={"file": ("users.xlsx", content)})).json()
    assert answer["success"] is True, answer
    listed = (await admin.get("/sys/user/list", params={"loginName": "flag2"})).json()["records"]
    assert [u["loginFlag"] for u in listed] == ["0"]


async def test_a_user_with_a_control_character_is_exported_without_it(admin: httpx.AsyncClient) -> None:
    # given a user whose name holds a control character (found by the fuzzer: the export was a 500)
    saved = await admin.post(
        "/sys/user/save", json={"loginName": "ctl1", "name": "控\x07制", "password": "secret-pw1"}
    )
    assert saved.status_code == 200, saved.text
    # when the users are exported
    exported = await admin.get(
        "/sys/user/export",
        params={"loginName": "ctl1", "fields[0].field": "name", "fields[0].title": "姓名"},
    )
    # then the file is written, the character left out
    assert exported.status_code == 200, exported.text
    rows = [[c.value for c in r] for r in load_workbook(io.BytesIO(exported.content)).active.iter_rows()]
    assert rows == [["姓名"], ["控制"]]


async def test_one_bad_row_imports_nothing_and_names_row_and_field(admin: httpx.AsyncClient) -> None:
    content = _xlsx(
        [
            HEADER,
            ["ok1", "好的", "secret-1"],
            ["admin", "重名", "secret-2"],
            ["ok3", "", "secret-3", "没有这个公司"],
        ]
    )
    answer = (await admin.post("/sys/user/import", files={"file": ("users.xlsx", content)})).json()
    assert answer["success"] is False
    assert [(e["row"], e["field"]) for e in answer["errors"]] == [(3, "登录名"), (4, "姓名"), (4, "归属公司")]
    assert "第3行，登录名：登录名已存在" in answer["msg"]
    assert (await admin.get("/sys/user/list", params={"loginName": "ok1"})).json()["total"] == 0
    broken = (await admin.post("/sys/user/import", files={"file": ("users.xlsx", b"not a workbook")})).json()
    assert broken["msg"] == "导入文件格式不正确，请使用导入模板(.xlsx)"


async def test_a_refusal_quoting_a_cell_answers_it_as_text_not_markup(admin: httpx.AsyncClient) -> None:
    # the refusal's msg is HTML for the client, and the unknown company's name is the file's own cell
    content = _xlsx([HEADER, ["xss1", "脚本", "secret-1", "<img src=x onerror=alert(1)>"]])
    answer = (await admin.post("/sys/user/import", files={"file": ("users.xlsx", content)})).json()
    assert answer["success"] is False
    assert "<img" not in answer["msg"]
    assert "&lt;img src=x onerror=alert(1)&gt;" in answer["msg"]


async def test_the_export_answers_the_rows_the_list_shows_for_the_same_search_and_scope(
    admin: httpx.AsyncClient, make_user: Any, client_for: Any
) -> None:
    # given a user administrator of department A (scope 所在部门) who may export, and users of A and B
    dept_a = await create_office(admin, "导出甲部门", "2")
    dept_b = await create_office(admin, "导出乙部门", "2")
    menus = ["m-sys-user", "m-sys-user-view", "m-sys-user-export"]
    saved = await admin.post(
        "/sys/role/save",
        json={"name": "exporter", "enName": "exporter", "dataScope": "5", "menuIdList": menus},
    )
    assert saved.status_code == 200, saved.text
    role = (await admin.get("/sys/role/list", params={"enName": "exporter"})).json()["records"][0]["id"]
    await make_user(
        "expa1", name="导出甲一", companyDTO={"id": "1"}, officeDTO={"id": dept_a}, roleIdList=[role]
    )
    await make_user("expa2", name="导出甲二", companyDTO={"id": "1"}, officeDTO={"id": dept_a})
    await make_user("expb1", name="导出乙一", companyDTO={"id": "1"}, officeDTO={"id": dept_b})
    exporter = await client_for("expa1")
    search = {"name": "导出", "fields[0].field": "loginName", "fields[0].title": "登录名"}

    async def exported(client: httpx.AsyncClient, params: dict[str, str]) -> list[Any]:
        answer = await client.get("/sys/user/export", params=params)
        assert answer.status_code == 200, answer.text
        return sorted(
            r[0].value for r in list(load_workbook(io.BytesIO(answer.content)).active.iter_rows())[1:]
        )

    async def listed(client: httpx.AsyncClient, params: dict[str, str]) -> list[Any]:
        return sorted(
            r["loginName"] for r in (await client.get("/sys/user/list", params=params)).json()["records"]
        )

    # when / then: the search form's field narrows the file as it narrows the list
    assert await exported(admin, search) == await listed(admin, search) == ["expa1", "expa2", "expb1"]
    one = {**search, "name": "甲二"}
    assert await exported(admin, one) == await listed(admin, one) == ["expa2"]
    # and the caller's data scope holds in the file as in the list: B's user is in neither
    assert await exported(exporter, search) == await listed(exporter, search) == ["expa1", "expa2"]


async def test_export_and_import_need_their_permissions(make_user: Any, client_for: Any) -> None:
    await make_user("hank")
    hank = await client_for("hank")
    assert (await hank.get("/sys/user/export")).status_code == 403
    assert (await hank.post("/sys/user/import", files={"file": ("u.xlsx", b"x")})).status_code == 403


async def test_one_saves_only_ones_own_profile_and_photo(
    make_user: Any, client_for: Any, admin: httpx.AsyncClient
) -> None:
    ivy = await make_user("ivy")
    client = await client_for("ivy")
    saved = await client.post("/sys/user/saveInfo", json={"id": "1", "name": "艾薇", "email": "ivy@x.cn"})
    assert saved.json() == "修改个人资料成功!"
    assert (await admin.get("/sys/user/queryById", params={"id": ivy["id"]})).json()["email"] == "ivy@x.cn"
    assert (await admin.get("/sys/user/queryById", params={"id": "1"})).json()["name"] == "系统管理员"
    photo = (await client.post("/sys/user/imageUpload", files={"file": ("me.png", b"\x89PNG..")})).json()
    assert photo["url"].startswith("/api/sys/file/download2?source=avatars") and photo["path"] == photo["url"]
    assert (await client.get("/sys/user/info")).json()["user"]["photo"] == photo["url"]
    svg = await client.post("/sys/user/imageUpload", files={"file": ("me.svg", b"<svg/>")})
    assert svg.status_code == 400


async def test_a_user_whose_fields_look_like_formulas_is_exported_as_text(admin: httpx.AsyncClient) -> None:
    # given users whose name and remarks a spreadsheet would run as formulas
    hostile = ['=HYPERLINK("http://evil.example","点我")', "+cmd|' /C calc'!A0", "-1+2", "@SUM(A1)"]
    for number, value in enumerate(hostile):
        saved = await admin.post(
            "/sys/user/save",
            json={"loginName": f"fx{number}", "name": value, "remarks": value, "password": "secret-pw1"},
        )
        assert saved.status_code == 200, saved.text
    # when the users are exported, one column's title chosen by the caller as a formula too
    exported = await admin.get(
        "/sys/user/export",
        params={
            "loginName": "fx",
            "fields[0].field": "name",
            "fields[0].title": "=1+1",
            "fields[1].field": "remarks",
            "fields[1].title": "备注",
        },
    )
    # then no cell is a formula and every value reads as it was stored
    assert exported.status_code == 200, exported.text
    cells = list(load_workbook(io.BytesIO(exported.content)).active.iter_rows())
    assert all(c.data_type != "f" for row in cells for c in row)
    values = [[c.value for c in row] for row in cells]
    assert values[0] == ["=1+1", "备注"]
    assert sorted(values[1:]) == sorted([v, v] for v in hostile)
