"""Menus: a tree of directories, pages and buttons."""

from __future__ import annotations

import httpx


async def test_menus_are_a_tree_with_types_and_buttons_can_be_left_out(admin: httpx.AsyncClient) -> None:
    saved = await admin.post(
        "/sys/menu/save",
        json={
            "name": "测试页",
            "parentId": "m-sys",
            "href": "/test/Page",
            "type": "1",
            "icon": "fa fa-star",
            "sort": 999,
        },
    )
    assert saved.json() == "保存菜单'测试页'成功"
    tree = (await admin.get("/sys/menu/treeData", params={"type": "0,1"})).json()
    system = next(n for n in tree if n["id"] == "m-sys")
    page = next(c for c in system["children"] if c["name"] == "测试页")
    assert page["icon"] == "fa fa-star" and page["children"] == []
    assert all(c["type"] != "2" for c in system["children"][0]["children"])
    refused = await admin.delete("/sys/menu/delete", params={"ids": "m-sys"})
    assert refused.json()["msg"] == "删除菜单'系统管理'失败，请先删除子菜单"
    bad_type = await admin.post("/sys/menu/save", json={"name": "坏", "type": "7"})
    assert bad_type.status_code == 400


async def test_deleting_a_page_with_its_buttons_revokes_their_grants(admin: httpx.AsyncClient) -> None:
    ids = "m-sys-post,m-sys-post-view,m-sys-post-add,m-sys-post-edit,m-sys-post-del"
    assert (await admin.delete("/sys/menu/delete", params={"ids": ids})).json() == "删除菜单成功"
    permissions = (await admin.get("/sys/user/getMenus")).json()["permissions"]
    assert "sys:post:view" not in permissions


async def test_the_menu_list_moves_and_hides_a_menu_by_the_field_it_sends(admin: httpx.AsyncClient) -> None:
    # when the JeePlus client's menu list changes a page's sort, then its 显示 switch
    moved = await admin.post("/sys/menu/save", json={"id": "m-sys-area", "sort": 77})
    hidden = await admin.post("/sys/menu/save", json={"id": "m-sys-area", "isShow": "0"})
    # then each changes that field only
    assert (moved.status_code, hidden.status_code) == (200, 200), (moved.text, hidden.text)
    menu = (await admin.get("/sys/menu/queryById", params={"id": "m-sys-area"})).json()
    assert (menu["sort"], menu["isShow"], menu["name"]) == (77, "0", "区域管理")
    assert (menu["href"], menu["parentId"], menu["icon"]) == ("/sys/area/AreaList", "m-sys", "environment")


async def test_menu_trees_name_menus_in_the_readers_language(admin: httpx.AsyncClient) -> None:
    # given the seeded 首页, which has the English name Home
    english = {"Accept-Language": "en-US"}
    # when the menu list, the parent picker's tree and the grant tree are asked for in en-US
    tree = (await admin.get("/sys/menu/treeData", headers=english)).json()
    grant = (await admin.get("/sys/menu/authTreeData", headers=english)).json()
    chinese = (await admin.get("/sys/menu/treeData")).json()
    # then they read English, zh-CN reads Chinese, and the edit form still gets both names as saved
    assert "Home" in [m["name"] for m in tree]
    assert "Home" in [m["label"] for m in grant]
    assert "首页" in [m["name"] for m in chinese]
    home_id = next(m["id"] for m in tree if m["name"] == "Home")
    saved = (await admin.get("/sys/menu/queryById", params={"id": home_id}, headers=english)).json()
    assert (saved["name"], saved["nameEn"]) == ("首页", "Home")
