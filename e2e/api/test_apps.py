"""A generated single-table module goes live through the whole platform: designed, synchronised and
generated in gencode, tested and mounted by the app host, served at /api/<module>/<table>/... with
the permissions of the menu gencode created in sys, and its columns' rules enforced by the server."""

from __future__ import annotations

import io
import json
import time
import uuid
from typing import Any
from urllib.parse import unquote

import httpx
from openpyxl import load_workbook
from pydantic.alias_generators import to_camel

from loom_gencode.table.defaults import STANDARD_COLUMNS, base_columns_for, column_defaults

from .conftest import PORTAL

PASSWORD = "e2e-apps-secret"


def _column(name: str, jdbc_type: str, comments: str, **extra: Any) -> dict[str, Any]:
    row = column_defaults(name, jdbc_type, comments=comments)
    row.update(extra)
    return {to_camel(k): v for k, v in row.items()}


def _design(name: str) -> dict[str, Any]:
    columns = [_column(c, STANDARD_COLUMNS[c][0], STANDARD_COLUMNS[c][1]) for c in base_columns_for("0")]
    columns += [
        _column("title", "varchar(50)", "标题", isNull="0", isQuery="1", queryType="LIKE"),
        _column("kind", "varchar(10)", "是否", showType="select", dictType="yes_no", isQuery="1"),
    ]
    return {
        "name": name,
        "comments": "端到端模块",
        "dataSource": {"id": "master"},
        "idType": "1",
        "tableType": "0",
        "className": "".join(p.title() for p in name.split("_")),
        "columnList": columns,
    }


def _ok(answer: httpx.Response) -> Any:
    assert answer.status_code == 200, answer.text
    return answer.json()


def _wait_live(admin: httpx.Client, table_id: str, seconds: float = 240) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    while True:
        found = _ok(admin.get("/api/apps/module/list", params={"tableIds": table_id}))
        if found and found[0]["state"] in ("live", "failed"):
            return found[0]
        assert time.monotonic() < deadline, f"the module never went live: {found}"
        time.sleep(0.5)


def _page_menu(nodes: list[dict[str, Any]], name: str) -> dict[str, Any] | None:
    for node in nodes:
        if node["name"] == name:
            return node
        found = _page_menu(node.get("children") or [], name)
        if found:
            return found
    return None


def _user_with(admin: httpx.Client, portal: httpx.Client, menu_ids: list[str]) -> httpx.Client:
    name = f"e2e_{uuid.uuid4().hex[:8]}"
    _ok(admin.post("/api/sys/role/save", json={"name": name, "enName": name, "menuIdList": menu_ids}))
    role = _ok(admin.get("/api/sys/role/list", params={"enName": name}))["records"][0]["id"]
    user = {"loginName": name, "name": name, "password": PASSWORD, "roleIdList": [role] if menu_ids else []}
    _ok(admin.post("/api/sys/user/save", json=user))
    token = _ok(portal.post("/api/sys/login", json={"username": name, "password": PASSWORD}))["token"]
    return httpx.Client(base_url=PORTAL, timeout=30, headers={"Authorization": f"Bearer {token}"})


def test_a_generated_single_table_module_goes_live_and_serves(
    admin: httpx.Client, portal: httpx.Client
) -> None:
    # given a synchronised single table with a required column and a dictionary column
    name = f"e2e_app_{uuid.uuid4().hex[:6]}"
    _ok(admin.post("/api/gencode/table/save", json=_design(name)))
    table_id = _ok(admin.get("/api/gencode/table/list", params={"nameLike": name}))["result"]["records"][0][
        "id"
    ]
    _ok(admin.post("/api/gencode/table/synchDb", data={"id": table_id, "isForce": "1"}))
    # when its code is generated with the form's defaults (the app host's module store)
    form = _ok(admin.get("/api/gencode/table/queryGenCodeForm", params={"tableId": table_id}))
    scheme = form["scheme"]
    assert scheme["projectPath"] == "apps/backend" and scheme["frontProjectPath"] == "apps/frontend"
    module = f"e2e{uuid.uuid4().hex[:6]}"
    _ok(admin.post("/api/gencode/table/genCode", json={**scheme, "moduleName": module}))
    # then the host tests it and it goes live, with its test log kept
    state = _wait_live(admin, table_id)
    log = _ok(admin.get("/api/apps/module/log", params={"name": state["name"]}))
    assert state["state"] == "live", log["log"][-3000:]
    assert state["name"] == f"{module}/{name}" and " passed" in log["log"]
    # and createMenu's page and buttons grant its routes to a role that holds them
    menu_name = f"模块{uuid.uuid4().hex[:4]}"
    _ok(
        admin.post(
            "/api/gencode/scheme/createMenu",
            data={"parent.id": "m-gen", "name": menu_name, "tableId": table_id, "tableType": "0"},
        )
    )
    page = _page_menu(_ok(admin.get("/api/sys/menu/treeData")), menu_name)
    assert page is not None and page["href"].startswith(f"/{module}/{name}/")
    base = f"/api/{module}/{name}"
    with _user_with(admin, portal, [page["id"], *(c["id"] for c in page["children"])]) as clerk:
        first = _ok(clerk.post(f"{base}/save", json={"title": "第一条", "kind": "1"}))
        assert first == "保存端到端模块成功"
        _ok(clerk.post(f"{base}/save", json={"title": "第二条", "kind": "0"}))
        # newest first, unless the caller sorts a column
        assert [r["title"] for r in _ok(clerk.get(f"{base}/list"))["records"]] == ["第二条", "第一条"]
        by_kind = {"orders[0].column": "kind", "orders[0].asc": "false"}
        assert [r["title"] for r in _ok(clerk.get(f"{base}/list", params=by_kind))["records"]] == [
            "第一条",
            "第二条",
        ]
        # the export of every row follows the list's order (or the caller's sort); of the ticked rows,
        # holds those alone
        rows = _ok(clerk.get(f"{base}/list"))["records"]
        for params, titles in (({}, ["第二条", "第一条"]), (by_kind, ["第一条", "第二条"])):
            sheet = load_workbook(io.BytesIO(clerk.get(f"{base}/export", params=params).content)).active
            assert [r[0] for r in sheet.iter_rows(min_row=2, values_only=True)] == titles
        ticked = clerk.get(f"{base}/export", params={"ids": rows[1]["id"]})
        assert list(load_workbook(io.BytesIO(ticked.content)).active.iter_rows(values_only=True)) == [
            ("标题", "是否"),
            ("第一条", "是"),
        ]
        # search, edit, delete
        found = _ok(clerk.get(f"{base}/list", params={"title": "第一"}))
        assert found["total"] == 1 and found["records"][0]["kind"] == "1"
        record = found["records"][0]
        _ok(clerk.post(f"{base}/save", json={**record, "title": "改过"}))
        assert _ok(clerk.get(f"{base}/queryById", params={"id": record["id"]}))["title"] == "改过"
        assert _ok(clerk.get(f"{base}/list", params={"kind": "0"}))["total"] == 1
        # the required column is refused by the server, in the caller's language too
        missing = clerk.post(f"{base}/save", json={"kind": "1"})
        assert missing.status_code == 400 and "title" in missing.json()["msg"]
        english = clerk.post(f"{base}/save", json={"kind": "1"}, headers={"Accept-Language": "en-US"})
        assert english.status_code == 400 and english.json()["msg"] != missing.json()["msg"]
        assert clerk.post(f"{base}/save", json={"title": "x" * 51}).status_code == 400
        _ok(clerk.delete(f"{base}/delete", params={"ids": record["id"]}))
        assert _ok(clerk.get(f"{base}/list"))["total"] == 1
        # the export writes the list's columns, the dictionary column by its label
        exported = clerk.get(f"{base}/export")
        assert exported.status_code == 200, exported.text
        assert list(load_workbook(io.BytesIO(exported.content)).active.iter_rows(values_only=True)) == [
            ("标题", "是否"),
            ("第二条", "否"),
        ]
        # the portal finds the module's pages among the caller's remotes
        remotes = _ok(clerk.get("/api/apps/module/remotes"))
        assert [r["href"] for r in remotes] == [f"/{module}/{name}/"]
        # built by the host into a module-federated remote, served through the gateway
        assert remotes[0]["entry"].startswith(f"/mf/apps/{module}/{name}/remoteEntry.js?v=")
        entry = portal.get(remotes[0]["entry"])
        assert entry.status_code == 200 and entry.headers["content-type"].startswith("text/javascript")
        assert "init" in entry.text and "./routes" in entry.text
        pages = _ok(clerk.get("/api/apps/module/pages", params={"name": f"{module}/{name}"}))
        assert {c["field"]: c["dictType"] for c in pages["columns"]}["kind"] == "yes_no"
    # a user without the module's permission is refused
    with _user_with(admin, portal, []) as stranger:
        assert stranger.get(f"{base}/list").status_code == 403
        assert stranger.post(f"{base}/save", json={"title": "x"}).status_code == 403
        assert stranger.get(f"{base}/export").status_code == 403
        assert stranger.get("/api/apps/module/pages", params={"name": f"{module}/{name}"}).status_code == 403
        assert _ok(stranger.get("/api/apps/module/remotes")) == []
    assert portal.get(f"{base}/list").status_code == 401


def test_an_api_path_nobody_owns_is_a_json_404(portal: httpx.Client) -> None:
    answer = portal.get("/api/no_such_module/no_such_table/list")
    assert answer.status_code == 404 and answer.json()["code"] == "NOT_FOUND"


def _design_of(name: str, table_type: str, *extra: dict[str, Any], **fields: Any) -> dict[str, Any]:
    columns = [
        _column(c, STANDARD_COLUMNS[c][0], STANDARD_COLUMNS[c][1]) for c in base_columns_for(table_type)
    ]
    return {
        "name": name,
        "comments": "端到端模块",
        "dataSource": {"id": "master"},
        "idType": "1",
        "tableType": table_type,
        "className": "".join(p.title() for p in name.split("_")),
        "columnList": [*columns, *extra],
        **fields,
    }


def _synced(admin: httpx.Client, body: dict[str, Any]) -> str:
    _ok(admin.post("/api/gencode/table/save", json=body))
    table_id = _ok(admin.get("/api/gencode/table/list", params={"nameLike": body["name"]}))["result"][
        "records"
    ][0]["id"]
    _ok(admin.post("/api/gencode/table/synchDb", data={"id": table_id, "isForce": "1"}))
    return str(table_id)


def _live(admin: httpx.Client, table_id: str, module: str) -> None:
    scheme = _ok(admin.get("/api/gencode/table/queryGenCodeForm", params={"tableId": table_id}))["scheme"]
    _ok(admin.post("/api/gencode/table/genCode", json={**scheme, "moduleName": module}))
    state = _wait_live(admin, table_id)
    assert state["state"] == "live", _ok(admin.get("/api/apps/module/log", params={"name": state["name"]}))[
        "log"
    ][-3000:]


def _menu_ids(admin: httpx.Client, table_id: str, table_type: str) -> list[str]:
    """createMenu's page and buttons for the table's module."""
    menu_name = f"模块{uuid.uuid4().hex[:4]}"
    form = {"parent.id": "m-gen", "name": menu_name, "tableId": table_id, "tableType": table_type}
    _ok(admin.post("/api/gencode/scheme/createMenu", data=form))
    page = _page_menu(_ok(admin.get("/api/sys/menu/treeData")), menu_name)
    assert page is not None
    return [page["id"], *(c["id"] for c in page["children"])]


def _menu_user(admin: httpx.Client, portal: httpx.Client, table_id: str, table_type: str) -> httpx.Client:
    return _user_with(admin, portal, _menu_ids(admin, table_id, table_type))


def test_a_generated_tree_module_serves_its_tree(admin: httpx.Client, portal: httpx.Client) -> None:
    # given a tree table generated into a live module
    name = f"e2e_cat_{uuid.uuid4().hex[:6]}"
    module = f"e2e{uuid.uuid4().hex[:6]}"
    table_id = _synced(admin, _design_of(name, "3"))
    _live(admin, table_id, module)
    base = f"/api/{module}/{name}"
    with _menu_user(admin, portal, table_id, "3") as clerk:
        # when a root and a child are saved
        _ok(clerk.post(f"{base}/save", json={"id": "root1", "name": "根", "sort": 10, "parentId": "0"}))
        _ok(clerk.post(f"{base}/save", json={"id": "leaf1", "name": "叶", "sort": 10, "parentId": "root1"}))
        # then the tree nests them
        tree = _ok(clerk.get(f"{base}/treeData"))
        root = next(n for n in tree if n["id"] == "root1")
        assert [c["name"] for c in root["children"]] == ["叶"]
        # a node never moves under its own descendant (zh-CN and en-US), but moves anywhere else
        loop = {"id": "root1", "name": "根", "sort": 10, "parentId": "leaf1"}
        refused = clerk.post(f"{base}/save", json=loop)
        assert refused.status_code == 400 and refused.json()["msg"] == "不能将上级设置为自己或自己的下级"
        english = clerk.post(f"{base}/save", json=loop, headers={"Accept-Language": "en-US"})
        assert english.json()["msg"] == "A node cannot be moved under itself or its descendants"
        _ok(clerk.post(f"{base}/save", json={"id": "root2", "name": "另一根", "sort": 20, "parentId": "0"}))
        _ok(clerk.post(f"{base}/save", json={"id": "leaf1", "name": "叶", "sort": 10, "parentId": "root2"}))
        tree = _ok(clerk.get(f"{base}/treeData"))
        assert [(n["id"], [c["id"] for c in n["children"]]) for n in tree] == [
            ("root1", []),
            ("root2", ["leaf1"]),
        ]
        assert _ok(clerk.get(f"{base}/queryById", params={"id": "leaf1"}))["parentIds"] == "0,root2,"
    with _user_with(admin, portal, []) as stranger:
        assert stranger.get(f"{base}/treeData").status_code == 403
        assert (
            stranger.post(f"{base}/save", json={"id": "x", "name": "x", "parentId": "0"}).status_code == 403
        )


def test_a_generated_master_module_serves_its_child_table(admin: httpx.Client, portal: httpx.Client) -> None:
    # given a master table and its child table, the master generated into a live module
    master, child = f"e2e_ord_{uuid.uuid4().hex[:6]}", f"e2e_itm_{uuid.uuid4().hex[:6]}"
    module = f"e2e{uuid.uuid4().hex[:6]}"
    master_id = _synced(admin, _design_of(master, "0", _column("code", "varchar(20)", "编号", isNull="0")))
    _synced(
        admin,
        _design_of(
            child,
            "2",
            _column("order_id", "varchar(64)", "订单", isQuery="1"),
            _column("qty", "integer", "数量"),
            parentTable=master,
            parentTableFk="order_id",
        ),
    )
    _live(admin, master_id, module)
    # when a master row and its child rows are saved through their routes, with the master menu's rights
    with _menu_user(admin, portal, master_id, "0") as clerk:
        _ok(clerk.post(f"/api/{module}/{master}/save", json={"id": "o1", "code": "A-1"}))
        _ok(clerk.post(f"/api/{module}/{child}/save", json={"orderId": "o1", "qty": 3}))
        _ok(clerk.post(f"/api/{module}/{child}/save", json={"orderId": "other", "qty": 5}))
        # then the child list filters by its master
        items = _ok(clerk.get(f"/api/{module}/{child}/list", params={"orderId": "o1"}))
        assert [r["qty"] for r in items["records"]] == [3]
        # and the master's form saves its rows with it, in one transaction
        child_class = "".join(p.title() for p in child.split("_"))
        rows = child_class[:1].lower() + child_class[1:] + "List"
        form = {"id": "o2", "code": "B-2", rows: [{"qty": 1}, {"qty": 2}]}
        _ok(clerk.post(f"/api/{module}/{master}/save", json=form))
        read = _ok(clerk.get(f"/api/{module}/{master}/queryById", params={"id": "o2"}))
        assert sorted(r["qty"] for r in read[rows]) == [1, 2] and {r["orderId"] for r in read[rows]} == {"o2"}
        one, two = sorted(read[rows], key=lambda r: r["qty"])
        bad = clerk.post(
            f"/api/{module}/{master}/save", json={**read, "code": "C", rows: [{**one, "qty": "many"}]}
        )
        assert bad.status_code == 400
        edit = {**read, rows: [{**one, "qty": 10}, {**two, "delFlag": "1"}, {"qty": 30}]}
        _ok(clerk.post(f"/api/{module}/{master}/save", json=edit))
        after = _ok(clerk.get(f"/api/{module}/{master}/queryById", params={"id": "o2"}))
        assert after["code"] == "B-2" and sorted(r["qty"] for r in after[rows]) == [10, 30]
        _ok(clerk.delete(f"/api/{module}/{master}/delete", params={"ids": "o2"}))
        assert _ok(clerk.get(f"/api/{module}/{child}/list", params={"orderId": "o2"}))["total"] == 0
    with _user_with(admin, portal, []) as stranger:
        assert stranger.get(f"/api/{module}/{child}/list").status_code == 403
        assert (
            stranger.post(f"/api/{module}/{master}/save", json={"id": "o3", "code": "X"}).status_code == 403
        )


def test_a_generated_left_tree_filters_its_right_list(admin: httpx.Client, portal: httpx.Client) -> None:
    # given a left tree (type 4) and its right table (type 5), generated into a live module
    tree, right = f"e2e_grp_{uuid.uuid4().hex[:6]}", f"e2e_mem_{uuid.uuid4().hex[:6]}"
    module = f"e2e{uuid.uuid4().hex[:6]}"
    tree_id = _synced(admin, _design_of(tree, "4", comments="片区"))
    _synced(
        admin,
        _design_of(
            right,
            "5",
            _column("grp_id", "varchar(64)", "分组", isQuery="1"),
            _column("title", "varchar(20)", "标题"),
            parentTable=tree,
            parentTableFk="grp_id",
            comments="门店",
        ),
    )
    _live(admin, tree_id, module)
    with _menu_user(admin, portal, tree_id, "4") as clerk:
        for node in ("g1", "g2"):
            _ok(
                clerk.post(
                    f"/api/{module}/{tree}/save", json={"id": node, "name": node, "sort": 10, "parentId": "0"}
                )
            )
        for group, title in (("g1", "甲"), ("g1", "乙"), ("g2", "丙")):
            saved = _ok(clerk.post(f"/api/{module}/{right}/save", json={"grpId": group, "title": title}))
            # named by the right table's own comments, not the tree's
            assert saved == "保存门店成功"
        exported = clerk.get(f"/api/{module}/{right}/export")
        assert unquote(exported.headers["content-disposition"]).endswith("''门店.xlsx")
        assert (
            _ok(clerk.post(f"/api/{module}/{tree}/save", json={"name": "g3", "parentId": "0"}))
            == "保存片区成功"
        )
        # when a node of the tree is chosen, the right list holds its rows only
        chosen = _ok(clerk.get(f"/api/{module}/{right}/list", params={"grpId": "g1"}))
        assert sorted(r["title"] for r in chosen["records"]) == ["乙", "甲"]
        assert _ok(clerk.get(f"/api/{module}/{right}/list"))["total"] == 3
    with _user_with(admin, portal, []) as stranger:
        assert stranger.get(f"/api/{module}/{right}/list").status_code == 403
        assert stranger.get(f"/api/{module}/{tree}/treeData").status_code == 403


def test_a_department_user_sees_none_of_another_departments_rows_of_a_generated_module(
    admin: httpx.Client, portal: httpx.Client
) -> None:
    from .test_sys_complete import _member, _office

    # given a live module, its menu's buttons held by a role with the scope 所在部门 (5)
    name = f"e2e_scope_{uuid.uuid4().hex[:6]}"
    module = f"e2e{uuid.uuid4().hex[:6]}"
    table_id = _synced(admin, _design_of(name, "0", _column("title", "varchar(20)", "标题")))
    _live(admin, table_id, module)
    menus = _menu_ids(admin, table_id, "0")
    role_name = f"scope{uuid.uuid4().hex[:6]}"
    role = {"name": role_name, "enName": role_name, "menuIdList": menus, "dataScope": "5"}
    _ok(admin.post("/api/sys/role/save", json=role))
    role_id = _ok(admin.get("/api/sys/role/list", params={"enName": role_name}))["records"][0]["id"]
    dept_a, dept_b = _office(admin, f"部门A{role_name}"), _office(admin, f"部门B{role_name}")
    alice, bob = _member(admin, portal, dept_a, role_id), _member(admin, portal, dept_b, role_id)
    base = f"/api/{module}/{name}"
    _ok(alice.post(f"{base}/save", json={"id": "of-a", "title": "甲"}))
    _ok(bob.post(f"{base}/save", json={"id": "of-b", "title": "乙"}))
    # then alice sees none of dept B's rows, through every route
    assert [r["title"] for r in _ok(alice.get(f"{base}/list"))["records"]] == ["甲"]
    assert alice.get(f"{base}/queryById", params={"id": "of-b"}).status_code == 404
    assert alice.post(f"{base}/save", json={"id": "of-b", "title": "改"}).status_code == 404
    assert alice.delete(f"{base}/delete", params={"ids": "of-b"}).status_code == 404
    sheet = load_workbook(io.BytesIO(alice.get(f"{base}/export").content)).active
    assert [row[0] for row in sheet.iter_rows(min_row=2, values_only=True)] == ["甲"]
    assert _ok(bob.get(f"{base}/queryById", params={"id": "of-b"}))["title"] == "乙"  # untouched
    # and with the scope 全部 she sees both
    _ok(admin.post("/api/sys/role/save", json=role | {"id": role_id, "dataScope": "1"}))
    # the host keeps scopes for a while and drops them on sys's role-changed event, which arrives
    # after the save's answer (within milliseconds, over NATS): ask until it has
    deadline = time.monotonic() + 15
    titles: list[str] = []
    while time.monotonic() < deadline:
        titles = sorted(r["title"] for r in _ok(alice.get(f"{base}/list"))["records"])
        if titles == ["乙", "甲"]:
            break
        time.sleep(0.2)
    assert titles == ["乙", "甲"]
    for client in (alice, bob):
        client.close()


# starting processes and handling one's tasks
TASK_MENUS = [
    "m-flow",
    "m-flow-start",
    "m-flow-start-view",
    "m-flow-todo",
    "m-flow-todo-view",
    "m-flow-todo-audit",
]


def _external_form_process(key: str, form_url: str) -> str:
    """A process whose start node and task (handled by the starter) show one external form."""
    return (
        '<?xml version="1.0" encoding="UTF-8"?><definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" '
        'xmlns:flowable="http://flowable.org/bpmn" targetNamespace="http://loom/e2e">'
        f'<process id="{key}" name="{key}" isExecutable="true">'
        f'<startEvent id="start" flowable:initiator="applyUserId" flowable:formKey="{form_url}"/>'
        f'<userTask id="check" name="复核" flowable:assignee="${{applyUserId}}" flowable:formKey="{form_url}"/>'
        '<endEvent id="end"/>'
        '<sequenceFlow id="f1" sourceRef="start" targetRef="check"/>'
        '<sequenceFlow id="f2" sourceRef="check" targetRef="end"/>'
        "</process></definitions>"
    )


def test_a_workflow_form_module_is_the_external_form_of_a_process(
    admin: httpx.Client, portal: httpx.Client
) -> None:
    # given a workflow-form table (type 6) generated into a live module, its form URL bound as the external
    # form of a process's start node and task
    name = f"e2e_leave_{uuid.uuid4().hex[:6]}"
    module = f"e2e{uuid.uuid4().hex[:6]}"
    table_id = _synced(admin, _design_of(name, "6", _column("reason", "varchar(50)", "事由", isNull="0")))
    _live(admin, table_id, module)
    form_url = _ok(admin.get("/api/gencode/table/getFormUrl", params={"tableId": table_id}))
    assert form_url.startswith(f"/{module}/{name}/") and form_url.endswith("Form")
    key = f"e2e_wf_{uuid.uuid4().hex[:6]}"
    model_id = _ok(admin.post("/api/app/rest/models", json={"modelType": 0, "key": key, "name": key}))["id"]
    editor = _ok(admin.get(f"/api/app/rest/models/{model_id}/editor/json"))
    model = {"modeltype": "model", "json_xml": _external_form_process(key, form_url), "name": key, "key": key}
    model |= {"description": "", "newversion": "false", "comment": "", "lastUpdated": editor["lastUpdated"]}
    _ok(admin.post(f"/api/flowable/model/saveModel/{model_id}", data=model))
    _ok(admin.put("/api/flowable/model/deploy", params={"id": model_id, "category": "e2e"}))
    definition = next(
        d
        for d in _ok(admin.get("/api/flowable/process/list", params={"size": 100}))["records"]
        if d["key"] == key
    )
    menus = _menu_ids(admin, table_id, "6")
    base = f"/api/{module}/{name}"
    with _user_with(admin, portal, [*menus, *TASK_MENUS]) as clerk:
        # the start node's form is the module's page
        start = _ok(
            clerk.get(
                "/api/flowable/task/getTaskDef", params={"procDefId": definition["id"], "status": "start"}
            )
        )
        assert start["formType"] == "2" and start["formUrl"] == form_url
        # when the start saves its record through the module's API (its rules hold) and starts with it
        assert clerk.post(f"{base}/save", json={"id": "leave1"}).status_code == 400
        _ok(clerk.post(f"{base}/save", json={"id": "leave1", "reason": "回家"}))
        started = {"procDefKey": key, "title": "请假", "businessTable": name, "businessId": "leave1"}
        pid = _ok(clerk.post("/api/flowable/task/start", params=started))
        _ok(
            clerk.post(
                f"{base}/save",
                json={**_ok(clerk.get(f"{base}/queryById", params={"id": "leave1"})), "procInsId": pid},
            )
        )
        # then the task shows the same page with the instance's record
        todo = [
            r
            for r in _ok(clerk.get("/api/flowable/task/todo", params={"size": 100}))["records"]
            if r["task"]["processInstanceId"] == pid
        ]
        task_id = todo[0]["task"]["id"]
        task = _ok(clerk.get("/api/flowable/task/getTaskDef", params={"taskId": task_id, "procInsId": pid}))
        assert (task["formType"], task["formUrl"]) == ("2", form_url)
        assert (task["businessTable"], task["businessId"]) == (name, "leave1")
        # and the audit saves the record through the module's API, then completes the task
        record = _ok(clerk.get(f"{base}/queryById", params={"id": task["businessId"]}))
        _ok(clerk.post(f"{base}/save", json={**record, "reason": "回家探亲"}))
        comment = json.dumps({"type": "_flow_agree", "status": "同意", "message": ""})
        _ok(
            clerk.post("/api/flowable/task/audit", data={"taskId": task_id, "vars": "{}", "comment": comment})
        )
        # the record names its instance, which has ended
        stored = _ok(clerk.get(f"{base}/queryById", params={"id": "leave1"}))
        assert stored["reason"] == "回家探亲" and stored["procInsId"] == pid
        assert not [
            r
            for r in _ok(clerk.get("/api/flowable/task/todo", params={"size": 100}))["records"]
            if r["task"]["processInstanceId"] == pid
        ]
        assert stored["process"]["status"] == "completed" and stored["process"]["statusText"] == "已结束"
        # an approved record belongs to its process: a forged change is refused, in the caller's language
        refused = clerk.post(f"{base}/save", json={**stored, "reason": "改成10天"})
        assert refused.status_code == 400 and refused.json()["msg"] == "流程已结束，不能再修改", refused.text
        english = clerk.post(
            f"{base}/save", json={**stored, "reason": "x"}, headers={"Accept-Language": "en-US"}
        )
        assert (
            english.json()["msg"] == "The process has ended (Completed): the record can no longer be changed"
        )
        assert _ok(clerk.get(f"{base}/queryById", params={"id": "leave1"}))["reason"] == "回家探亲"
        # a running one waits on clerk: the administrator, no handler of it, may neither change nor delete it
        _ok(clerk.post(f"{base}/save", json={"id": "leave2", "reason": "出差"}))
        pid2 = _ok(clerk.post("/api/flowable/task/start", params={**started, "businessId": "leave2"}))
        listed = _ok(admin.get(f"{base}/list", params={"size": 100}))["records"]
        running = next(r for r in listed if r["id"] == "leave2")
        assert running["procInsId"] == pid2 and running["process"]["statusText"] == "审批中"
        assert running["process"]["taskName"] == "复核" and not running["process"]["editable"]
        forged = admin.post(f"{base}/save", json={"id": "leave2", "reason": "改了"})
        assert forged.status_code == 400 and forged.json()["msg"].startswith("流程审批中，不能修改"), (
            forged.text
        )
        doomed = admin.delete(f"{base}/delete", params={"ids": "leave2"})
        assert doomed.status_code == 400 and doomed.json()["msg"].startswith("流程审批中，不能删除"), (
            doomed.text
        )
        # while clerk, whose task it is, may still change it
        _ok(clerk.post(f"{base}/save", json={"id": "leave2", "reason": "出差两天"}))
    with _user_with(admin, portal, TASK_MENUS) as stranger:
        assert stranger.post(f"{base}/save", json={"id": "x", "reason": "x"}).status_code == 403
