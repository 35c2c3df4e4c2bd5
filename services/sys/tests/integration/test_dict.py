"""Dictionaries: types, values and the map."""

from __future__ import annotations

import httpx


async def test_a_dictionary_type_with_two_values_shows_in_the_map(admin: httpx.AsyncClient) -> None:
    # given a new dictionary type
    assert (
        await admin.post("/sys/dict/save", json={"type": "leave_type", "description": "请假类型"})
    ).json() == ("保存字典'请假类型'成功")
    dict_type = (
        await admin.get("/sys/dict/type/list", params={"type": "leave", "current": 1, "size": -1})
    ).json()
    type_id = dict_type["records"][0]["id"]
    # when two values are added
    for value, label, sort in (("1", "事假", 20), ("2", "病假", 10)):
        answer = await admin.post(
            "/sys/dict/saveDictValue",
            json={"dictTypeId": type_id, "value": value, "label": label, "sort": sort},
        )
        assert answer.json() == f"保存键值'{label}'成功"
    # then values come back in sort order, in the bare array and in the map
    values = (await admin.get("/sys/dict/getDictValue", params={"dictTypeId": type_id})).json()
    assert [(v["label"], v["value"]) for v in values] == [("病假", "2"), ("事假", "1")]
    the_map = (await admin.get("/sys/dict/getDictMap", params={"dictTypeId": "leave_type"})).json()
    assert [v["label"] for v in the_map["leave_type"]] == ["病假", "事假"]
    one = (await admin.get("/sys/dict/queryDictValue", params={"dictValueId": values[0]["id"]})).json()
    assert one["label"] == "病假"


async def test_dictionary_types_and_values_are_unique(admin: httpx.AsyncClient) -> None:
    clash = await admin.post("/sys/dict/save", json={"type": "yes_no", "description": "重复"})
    assert (clash.status_code, clash.json()["msg"]) == (409, "保存字典'yes_no'失败, 类型已存在")
    yes_no = (await admin.get("/sys/dict/type/list", params={"type": "yes_no"})).json()["records"][0]
    dup = await admin.post(
        "/sys/dict/saveDictValue", json={"dictTypeId": yes_no["id"], "value": "1", "label": "是的"}
    )
    assert (dup.status_code, dup.json()["msg"]) == (409, "保存键值'1'失败, 键值已存在")


async def test_deleting_a_type_removes_its_values(admin: httpx.AsyncClient) -> None:
    yes_no = (await admin.get("/sys/dict/type/list", params={"type": "yes_no"})).json()["records"][0]
    assert (await admin.delete("/sys/dict/delete", params={"ids": yes_no["id"]})).json() == "删除字典成功"
    assert "yes_no" not in (await admin.get("/sys/dict/getDictMap")).json()


async def test_the_seeded_dictionaries_carry_english_labels(admin: httpx.AsyncClient) -> None:
    # given a fresh platform
    # when the portal loads the dictionary map
    the_map = (await admin.get("/sys/dict/getDictMap", params={"dictTypeId": "yes_no,table_type"})).json()
    # then each seeded value has its Chinese label and an English one for en-US readers
    assert [(v["label"], v["labelEn"]) for v in the_map["yes_no"]] == [("是", "Yes"), ("否", "No")]
    assert the_map["table_type"][0]["labelEn"] == "Single table"
    assert all(v["labelEn"] for v in the_map["table_type"])


async def test_a_dictionary_has_an_english_description_found_in_either_language(
    admin: httpx.AsyncClient,
) -> None:
    # given the seeded yes_no and a dictionary an administrator adds with both descriptions
    saved = {"type": "leave_kind", "description": "请假种类", "descriptionEn": "Leave kind"}
    assert (await admin.post("/sys/dict/save", json=saved)).status_code == 200
    # when the list is searched by an English description, then by a Chinese one
    english = (await admin.get("/sys/dict/type/list", params={"description": "Yes/No"})).json()
    chinese = (await admin.get("/sys/dict/type/list", params={"description": "请假种类"})).json()
    # then each is found, carrying both descriptions
    assert [(r["type"], r["description"], r["descriptionEn"]) for r in english["records"]] == [
        ("yes_no", "是否", "Yes/No")
    ]
    assert [(r["description"], r["descriptionEn"]) for r in chinese["records"]] == [
        ("请假种类", "Leave kind")
    ]


async def test_a_save_without_the_english_texts_keeps_them(admin: httpx.AsyncClient) -> None:
    # given the seeded yes_no, with its English description and labels
    yes_no = (await admin.get("/sys/dict/type/list", params={"type": "yes_no"})).json()["records"][0]
    yes = (await admin.get("/sys/dict/getDictValue", params={"dictTypeId": yes_no["id"]})).json()[0]
    # when a client that knows no English fields (JeePlus's) saves both, and one sets a label's English
    await admin.post("/sys/dict/save", json={"id": yes_no["id"], "type": "yes_no", "description": "是/否"})
    kept = {"id": yes["id"], "dictTypeId": yes_no["id"], "value": "1", "label": "是的", "sort": 10}
    await admin.post("/sys/dict/saveDictValue", json=kept)
    # then the English texts stay; a value's English label is edited like its label
    assert (await admin.get("/sys/dict/queryById", params={"id": yes_no["id"]})).json()[
        "descriptionEn"
    ] == "Yes/No"
    one = (await admin.get("/sys/dict/queryDictValue", params={"dictValueId": yes["id"]})).json()
    assert (one["label"], one["labelEn"]) == ("是的", "Yes")
    await admin.post("/sys/dict/saveDictValue", json={**kept, "labelEn": "Yes indeed"})
    the_map = (await admin.get("/sys/dict/getDictMap", params={"dictTypeId": "yes_no"})).json()
    assert the_map["yes_no"][0]["labelEn"] == "Yes indeed"
