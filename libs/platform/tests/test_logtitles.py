"""How the operation log names a request: the menu it came from and what it did, in words."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from loom_platform.logtitles import Described, MenuName, Words, describe, title


def _scope(path: str, *, permissions: tuple[str, ...] = (), menu: str | None = None) -> dict[str, Any]:
    state: dict[str, Any] = {"loom_log_permissions": permissions}
    if menu:
        state["loom_log_menu"] = menu
    return {"path": path, "route": SimpleNamespace(path=path), "state": state}


def test_a_save_is_an_edit_with_an_id_and_an_add_without_under_the_permission_of_its_action() -> None:
    # given a generated module's save, which accepts add or edit
    scope = _scope("/leave/leave/save", permissions=("leave:leave:add", "leave:leave:edit"))
    # when / then
    assert describe(scope, "apps", {}, {"id": "1", "days": 10}) == Described("leave:leave:edit", "edit")
    assert describe(scope, "apps", {}, {"days": 10}) == Described("leave:leave:add", "add")


def test_a_route_without_a_permission_takes_its_routers_menu_else_its_services() -> None:
    assert describe(
        _scope("/flowable/task/delegate", menu="flowable:task"), "workflow", {}, None
    ) == Described("flowable:task", "delegate")
    assert describe(_scope("/x/y/urge"), "workflow", {}, None) == Described("service:workflow", "urge")


def test_the_title_names_the_menu_and_the_action_in_both_languages() -> None:
    # given sys's menus: 请假单's edit button, 待办任务's page
    menus = {
        "leave:leave:edit": MenuName(Words("请假单", "请假单"), Words("修改", "Edit")),
        "flowable:task": MenuName(Words("待办任务", "To do")),
        "sys:role:assign": MenuName(Words("角色管理", "Roles"), Words("分配用户", "Assign users")),
    }
    find = menus.get
    # when / then: the vocabulary's words for the action, the menus' for the page
    assert title(Described("leave:leave:edit", "edit"), find) == Words("请假单 · 修改", "请假单 · Edit")
    assert title(Described("flowable:task", "delegate"), find) == Words("待办任务 · 委派", "To do · Delegate")
    # a vocabulary menu, and an action only the permission's button names
    assert title(Described("profile", "savePwd"), find) == Words(
        "个人信息 · 修改密码", "Profile · Change the password"
    )
    assert title(Described("sys:role:assign", "grantSomething"), find) == Words(
        "角色管理 · 分配用户", "Roles · Assign users"
    )
    # nothing known: the keys themselves, never a docstring
    assert title(Described("x:y", "zap"), find) == Words("x:y · zap", "x:y · zap")
