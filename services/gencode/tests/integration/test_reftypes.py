"""Reference data: validateType, showType, queryType, dataBaseType, customObj, codeParam, templateGroup."""

from __future__ import annotations

import pytest

RESOURCES = ["validateType", "showType", "queryType"]


async def test_seeded_lists_are_there(env):
    # given a fresh install (seeded on start)
    h = env.headers()
    # when the lists are read
    vt = (await env.client.get("/gencode/validateType/list", params={"size": 100}, headers=h)).json()
    qt = (await env.client.get("/gencode/queryType/list", params={"size": 100}, headers=h)).json()
    st = (await env.client.get("/gencode/showType/list", params={"size": 100}, headers=h)).json()
    db = (await env.client.get("/gencode/dataBaseType/list", headers=h)).json()
    # then they hold what the generator needs
    assert {"required", "isEmail", "isMobile"} <= {r["value"] for r in vt["records"]}
    assert {"EQ", "NE", "LIKE", "LEFT_LIKE", "RIGHT_LIKE", "BETWEEN", "IN"} <= {
        r["value"] for r in qt["records"]
    }
    assert {"input", "userselect", "gridselect", "dateselect"} <= {r["value"] for r in st["records"]}
    assert {"mysql", "postgresql"} <= {r["type"] for r in db["records"]}


@pytest.mark.parametrize("resource", RESOURCES)
async def test_label_value_crud(env, resource):
    h = env.headers()
    # when a record is saved
    r = await env.client.post(
        f"/gencode/{resource}/save", json={"label": "L1", "value": "zz_v1", "sort": 10}, headers=h
    )
    assert r.status_code == 200, r.text
    assert "保存" in r.json()
    page = (await env.client.get(f"/gencode/{resource}/list", params={"value": "zz_v1"}, headers=h)).json()
    assert page["total"] == 1
    record_id = page["records"][0]["id"]
    # then it can be read, edited and deleted
    got = (await env.client.get(f"/gencode/{resource}/queryById", params={"id": record_id}, headers=h)).json()
    assert got["label"] == "L1" and got["sort"] == 10
    r = await env.client.post(f"/gencode/{resource}/save", json={**got, "label": "L2"}, headers=h)
    assert r.status_code == 200
    got = (await env.client.get(f"/gencode/{resource}/queryById", params={"id": record_id}, headers=h)).json()
    assert got["label"] == "L2"
    r = await env.client.delete(f"/gencode/{resource}/delete", params={"ids": record_id}, headers=h)
    assert r.status_code == 200
    r = await env.client.get(f"/gencode/{resource}/queryById", params={"id": record_id}, headers=h)
    assert r.status_code == 404


@pytest.mark.parametrize(
    ("body", "msg"),
    [
        ({"value": "v", "sort": 10}, "标签不能为空"),
        ({"label": "l", "sort": 10}, "值不能为空"),
        ({"label": "l", "value": "v"}, "排序不能为空"),
        ({"label": "l", "value": "v", "sort": "x"}, "排序必须是0到99999之间的整数"),
        ({"label": "l", "value": "v", "sort": 100000}, "排序必须是0到99999之间的整数"),
    ],
)
async def test_label_value_rules(env, body, msg):
    r = await env.client.post("/gencode/showType/save", json=body, headers=env.headers())
    assert r.status_code == 400
    assert r.json()["msg"] == msg


async def test_show_type_lengths(env):
    r = await env.client.post(
        "/gencode/showType/save",
        json={"label": "l", "value": "v", "sort": 10, "component": "c" * 51},
        headers=env.headers(),
    )
    assert r.status_code == 400


async def test_messages_in_english(env):
    r = await env.client.post(
        "/gencode/queryType/save", json={"value": "v", "sort": 1}, headers=env.headers(lang="en-US")
    )
    assert r.json()["msg"] == "Label must not be empty"


async def test_permissions_are_checked(env):
    r = await env.client.get("/gencode/validateType/list", headers=env.headers("nobody"))
    assert r.status_code == 403
    r = await env.client.get("/gencode/validateType/list")
    assert r.status_code == 401


async def test_non_sortable_column_is_400(env):
    r = await env.client.get(
        "/gencode/validateType/list",
        params={"orders[0].column": "label; drop table x", "orders[0].asc": "true"},
        headers=env.headers(),
    )
    assert r.status_code == 400
    r = await env.client.get(
        "/gencode/validateType/list",
        params={"orders[0].column": "sort", "orders[0].asc": "false"},
        headers=env.headers(),
    )
    sorts = [x["sort"] for x in r.json()["records"]]
    assert sorts == sorted(sorts, reverse=True)


async def test_database_type_nested_rows(env):
    h = env.headers()
    # given a database type with two column types
    r = await env.client.post(
        "/gencode/dataBaseType/save",
        json={
            "type": "oracle",
            "tableFieldTypeDTOList": [
                {"id": "", "label": "varchar2(64)", "value": "varchar2(64)", "sort": 10},
                {"id": "", "label": "number", "value": "number", "sort": 20},
            ],
        },
        headers=h,
    )
    assert r.status_code == 200, r.text
    rec = (await env.client.get("/gencode/dataBaseType/list", params={"type": "oracle"}, headers=h)).json()[
        "records"
    ][0]
    got = (
        await env.client.get("/gencode/dataBaseType/queryById", params={"id": rec["id"]}, headers=h)
    ).json()
    rows = got["tableFieldTypeDTOList"]
    assert [x["value"] for x in rows] == ["varchar2(64)", "number"]
    # when one saved row is flagged deleted and one is edited
    rows[0]["delFlag"] = "1"
    rows[1]["label"] = "NUMBER"
    await env.client.post("/gencode/dataBaseType/save", json=got, headers=h)
    # then the flagged row is gone and the other replaced in place
    got = (
        await env.client.get("/gencode/dataBaseType/queryById", params={"id": rec["id"]}, headers=h)
    ).json()
    assert [(x["label"], x["id"]) for x in got["tableFieldTypeDTOList"]] == [("NUMBER", rows[1]["id"])]
    r = await env.client.post("/gencode/dataBaseType/save", json={"tableFieldTypeDTOList": []}, headers=h)
    assert r.json()["msg"] == "数据库类型不能为空"


async def test_custom_obj_rules_and_get_by_value(env):
    h = env.headers()
    r = await env.client.post("/gencode/customObj/save", json={"label": "x", "type": "0"}, headers=h)
    assert r.json()["msg"] == "完整类名不能为空"
    r = await env.client.post(
        "/gencode/customObj/save", json={"label": "x", "value": "com.a.B", "type": ""}, headers=h
    )
    assert r.json()["msg"] == "基本类型不能为空"
    r = await env.client.post(
        "/gencode/customObj/save",
        json={
            "label": "B",
            "value": "com.a.B",
            "type": "0",
            "customFieldDTOList": [
                {"name": "id", "remarks": "编号", "delFlag": 0},
                {"name": "x", "delFlag": 1},
            ],
        },
        headers=h,
    )
    assert r.status_code == 200
    got = (
        await env.client.get("/gencode/customObj/getByValue", params={"value": "com.a.B"}, headers=h)
    ).json()
    assert [f["name"] for f in got["customFieldDTOList"]] == ["id"]
    user = (
        await env.client.get(
            "/gencode/customObj/getByValue",
            params={"value": "com.jeeplus.sys.service.dto.UserDTO"},
            headers=h,
        )
    ).json()
    assert {f["name"] for f in user["customFieldDTOList"]} == {"id", "name"}


async def test_code_param_record_one(env):
    h = env.headers()
    got = (await env.client.get("/gencode/codeParam/queryById", params={"id": "1"}, headers=h)).json()
    assert got["packageName"] == "com.jeeplus"
    r = await env.client.post("/gencode/codeParam/save", json={**got, "author": "me"}, headers=h)
    assert r.status_code == 200
    got = (await env.client.get("/gencode/codeParam/queryById", params={"id": "1"}, headers=h)).json()
    assert got["author"] == "me"


async def test_template_group_list_copy_and_system_delete(env):
    h = env.headers()
    groups = (await env.client.get("/gencode/templateGroup/list", headers=h)).json()
    assert isinstance(groups, list)
    system = next(g for g in groups if g["isSystem"] == "1")
    assert system["templateObjDTOList"]
    # system group cannot be deleted
    r = await env.client.delete("/gencode/templateGroup/delete", params={"ids": system["id"]}, headers=h)
    assert r.status_code == 400 and r.json()["msg"] == "系统预设模板禁止删除!"
    # copy makes a deletable group with the same files
    r = await env.client.put("/gencode/templateGroup/copy", params={"id": system["id"]}, headers=h)
    assert r.status_code == 200
    groups = (await env.client.get("/gencode/templateGroup/list", headers=h)).json()
    copy = next(g for g in groups if g["isSystem"] == "0")
    assert len(copy["templateObjDTOList"]) == len(system["templateObjDTOList"])
    # a client cannot make its group a system group
    copy["isSystem"] = "1"
    await env.client.post("/gencode/templateGroup/save", json=copy, headers=h)
    r = await env.client.delete("/gencode/templateGroup/delete", params={"ids": copy["id"]}, headers=h)
    assert r.status_code == 200


@pytest.mark.parametrize(
    ("body", "msg"),
    [
        ({"type": "1", "sort": 10}, "名称不能为空"),
        ({"name": "g", "type": "", "sort": 10}, "表类型不能为空"),
        ({"name": "g", "type": "2", "sort": 5}, "排序必须是10到99999之间的整数"),
        (
            {"name": "g", "type": "2", "sort": 10, "templateObjDTOList": [{"name": "", "sort": 10}]},
            "文件名不能为空",
        ),
    ],
)
async def test_template_group_rules(env, body, msg):
    r = await env.client.post("/gencode/templateGroup/save", json=body, headers=env.headers())
    assert r.status_code == 400 and r.json()["msg"] == msg


async def test_the_wizards_choices_read_english_in_en_us_and_keep_it_when_a_client_leaves_it_out(env):
    # given the seeded choices, and the wizard's lists asked for in each language
    def choices(cfg, name):
        return {x["value"]: x["label"] for x in cfg["config"][name]}

    english = (await env.client.get("/gencode/table/queryConfig", headers=env.headers(lang="en-US"))).json()
    chinese = (await env.client.get("/gencode/table/queryConfig", headers=env.headers())).json()
    # then the control, validation and object types read the reader's language
    assert (
        choices(english, "showTypeList")["dateselect"],
        choices(chinese, "showTypeList")["dateselect"],
    ) == (
        "Date picker",
        "日期选择",
    )
    assert choices(english, "validateTypeList")["required"] == "Required"
    assert choices(english, "javaTypeList")["com.jeeplus.sys.service.dto.UserDTO"] == "User"
    assert not [label for label in choices(english, "showTypeList").values() if not label.isascii()]
    # when a client that knows no English label (JeePlus's) renames the control type
    h = env.headers()
    page = (await env.client.get("/gencode/showType/list", params={"value": "dateselect"}, headers=h)).json()
    row = page["records"][0]
    assert row["labelEn"] == "Date picker"
    body = {k: row[k] for k in ("id", "label", "value", "sort", "component", "importPath")}
    assert (
        await env.client.post("/gencode/showType/save", json={**body, "label": "日期"}, headers=h)
    ).status_code == 200
    # then its English label stays; one sent is saved
    got = (await env.client.get("/gencode/showType/queryById", params={"id": row["id"]}, headers=h)).json()
    assert (got["label"], got["labelEn"]) == ("日期", "Date picker")
    await env.client.post("/gencode/showType/save", json={**body, "labelEn": "Date"}, headers=h)
    got = (await env.client.get("/gencode/showType/queryById", params={"id": row["id"]}, headers=h)).json()
    assert got["labelEn"] == "Date"
