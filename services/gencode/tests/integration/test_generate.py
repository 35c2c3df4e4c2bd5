"""Code generation: errors of the catalogue, workspace confinement, sandboxed templates, preview,
zip, menu creation, workflow form address, and the generated code's own tests."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

from sqlalchemy import create_engine, text

from loom_gencode.licence import machine_serial, sign
from loom_gencode.reftypes.models import SYSTEM_GROUP_ID
from loom_platform.db import sync_url

from ..conftest import column, table
from .helpers import save_table, sync


def scheme(table_id: str, **extra):
    return {
        "table": {"id": table_id},
        "projectPath": "backend",
        "frontProjectPath": "frontend",
        "category": SYSTEM_GROUP_ID,
        "packageName": "app",
        "moduleName": "demo",
        "functionName": "演示",
        "functionNameSimple": "演示",
        "functionAuthor": "test",
        **extra,
    }


async def test_generate_errors(env):
    h = env.headers()
    parent = await save_table(env, table("demo_master", column("title", "varchar(50)")))
    child = await save_table(
        env,
        table(
            "demo_item",
            column("master_id", isQuery="1"),
            table_type="2",
            parentTable="demo_master",
            parentTableFk="master_id",
        ),
    )
    right = await save_table(
        env,
        table(
            "demo_right",
            column("tree_id", isQuery="1"),
            table_type="5",
            parentTable="demo_master",
            parentTableFk="tree_id",
        ),
    )
    r = await env.client.post("/gencode/table/genCode", json=scheme(parent["id"]), headers=h)
    assert r.status_code == 400 and r.json()["msg"] == "请先同步数据库!"
    for rec in (parent, child, right):
        assert (await sync(env, rec["id"])).status_code == 200
    r = await env.client.post("/gencode/table/genCode", json=scheme(child["id"]), headers=h)
    assert r.json()["msg"] == "不能选择附表生成代码，请选择主表!"
    r = await env.client.post("/gencode/table/genCode", json=scheme(right["id"]), headers=h)
    assert r.json()["msg"] == "不能选择右表生成代码，请选择左树!"
    r = await env.client.post("/gencode/table/genCode", json=scheme(parent["id"], moduleName=""), headers=h)
    assert r.json()["msg"] == "必填项不能为空"
    # a scheme naming a template group that does not exist is refused before anything is saved
    for path in ("/gencode/scheme/save", "/gencode/table/genCode"):
        r = await env.client.post(path, json=scheme(parent["id"], category="no-such-group"), headers=h)
        assert (r.status_code, r.json()["msg"]) == (400, "模板分组[no-such-group]不存在"), path
    for rec in (child, right):
        r = await env.client.post(
            "/gencode/scheme/createMenu",
            data={"parent.id": "p1", "name": "x", "tableId": rec["id"], "tableType": rec["tableType"]},
            headers=h,
        )
        assert r.json()["msg"] == "不能选择附表创建菜单，请选择主表!"
    r = await env.client.get("/gencode/table/getFormUrl", params={"tableId": parent["id"]}, headers=h)
    assert r.json()["msg"] == "请选择工作流表单"
    # createMenu asks sys for a page with four buttons
    r = await env.client.post(
        "/gencode/scheme/createMenu",
        data={
            "parent.id": "p1",
            "name": "演示",
            "tableId": parent["id"],
            "tableType": "0",
            "icon": "el-icon-menu",
        },
        headers=h,
    )
    assert r.status_code == 200, r.text
    menu = env.directory.menus[0]
    assert menu["href"] == "/demo_master/demo_master/DemoMasterList" or menu["href"].endswith(
        "DemoMasterList"
    )
    assert [p for _, p in menu["buttons"]][0].endswith(":view") and len(menu["buttons"]) == 4
    await _drop(env, "demo_master", "demo_item", "demo_right")


async def test_workflow_form_url(env):
    rec = await save_table(env, table("demo_leave", column("reason", "varchar(200)"), table_type="6"))
    r = await env.client.get(
        "/gencode/table/getFormUrl", params={"tableId": rec["id"]}, headers=env.headers()
    )
    assert r.status_code == 200 and r.json().endswith("DemoLeaveForm")


async def test_paths_outside_workspace_are_refused(env, tmp_path):
    h = env.headers()
    for bad in ("/etc", "../..", "backend/../../x"):
        r = await env.client.get("/gencode/scheme/getFileTree", params={"parentNode": bad}, headers=h)
        assert r.status_code == 400, bad
    link = env.settings.workspace / "escape"
    if not link.exists():
        link.symlink_to(tmp_path)
    r = await env.client.get("/gencode/scheme/getFileTree", params={"parentNode": str(link)}, headers=h)
    assert r.status_code == 400
    root = (await env.client.get("/gencode/scheme/getFileTree", headers=h)).json()
    assert root[0]["id"] == str(env.settings.workspace)
    rec = await save_table(env, table("demo_path"))
    await sync(env, rec["id"])
    for bad in ("/tmp", "../outside", "escape/x"):
        r = await env.client.post(
            "/gencode/table/genCode", json=scheme(rec["id"], projectPath=bad), headers=h
        )
        assert r.status_code == 400 and "不在工作区内" in r.json()["msg"], bad
    await _drop(env, "demo_path")


async def test_template_injection_renders_nothing_dangerous(env):
    h = env.headers()
    rec = await save_table(
        env, table("demo_inj", column("title", comments='{{ "".__class__.__mro__ }}"""; import os'))
    )
    await sync(env, rec["id"])
    body = {
        "name": "evil",
        "type": "1",
        "sort": 10,
        "templateObjDTOList": [
            {
                "name": "a",
                "sort": 10,
                "isChild": "0",
                "contents": '{% set output_path = "back/x.txt" %}'
                '{{ "".__class__.__mro__[1].__subclasses__() }}',
            }
        ],
    }
    assert (await env.client.post("/gencode/templateGroup/save", json=body, headers=h)).status_code == 200
    groups = (await env.client.get("/gencode/templateGroup/list", headers=h)).json()
    evil = next(g for g in groups if g["name"] == "evil")
    r = await env.client.post(
        "/gencode/table/previewCode", json=scheme(rec["id"], category=evil["id"]), headers=h
    )
    assert r.status_code == 400 and "模板[a]渲染失败" in r.json()["msg"]
    # data is never template text: the system group renders the comment as an inert string
    r = await env.client.post("/gencode/table/previewCode", json=scheme(rec["id"]), headers=h)
    models = next(f for f in r.json() if f["path"].endswith("models.py"))
    assert 'description="{{ \\"\\".__class__.__mro__ }}\\"\\"\\"; import os"' in models["content"]
    await _drop(env, "demo_inj")


async def test_zip_download(env):
    rec = await save_table(env, table("demo_zip", column("title")))
    await sync(env, rec["id"])
    r = await env.client.post("/gencode/table/downloadCode", json=scheme(rec["id"]), headers=env.headers())
    assert r.status_code == 200 and r.headers["content-disposition"] == "demo_zip.zip"
    names = zipfile.ZipFile(io.BytesIO(r.content)).namelist()
    assert any(n.endswith("demo_zip/router.py") for n in names) and any(
        n.endswith("index.tsx") for n in names
    )
    await _drop(env, "demo_zip")


async def test_licence_codes(env, tmp_path):
    h = env.headers()
    env.settings.licence_file = tmp_path / "none.lic"
    r = (await env.client.get("/gencode/table/list", headers=h)).json()
    assert r["code"] == 700 and r["serial"] == machine_serial() and r["msg"]
    lic = tmp_path / "old.lic"
    lic.write_text(
        json.dumps(
            {
                "serial": machine_serial(),
                "expires": "2000-01-01",
                "signature": sign(env.settings.secret_key, machine_serial(), "2000-01-01"),
            }
        )
    )
    env.settings.licence_file = lic
    assert (await env.client.get("/gencode/table/list", headers=h)).json()["code"] == 710
    lic.write_text(
        json.dumps(
            {
                "serial": machine_serial(),
                "expires": "2999-01-01",
                "signature": sign(env.settings.secret_key, machine_serial(), "2999-01-01"),
            }
        )
    )
    assert (await env.client.get("/gencode/table/list", headers=h)).json()["code"] == 200


async def test_generated_code_passes_ruff_and_its_own_tests(env):
    h = env.headers()
    normal = await save_table(
        env,
        table(
            "gen_note",
            column("title", "varchar(100)", isQuery="1", queryType="LIKE"),
            column("amount", "numeric(10,2)"),
            column("due", "timestamp"),
        ),
    )
    master = await save_table(env, table("gen_order", column("code", "varchar(20)", isNull="0")))
    child = await save_table(
        env,
        table(
            "gen_order_item",
            column("order_id", isQuery="1"),
            column("qty", "integer"),
            table_type="2",
            parentTable="gen_order",
            parentTableFk="order_id",
        ),
    )
    tree = await save_table(env, table("gen_category", table_type="3"))
    for rec in (normal, master, child, tree):
        assert (await sync(env, rec["id"], "2")).status_code == 200
    for rec in (normal, master, tree):
        r = await env.client.post("/gencode/table/genCode", json=scheme(rec["id"]), headers=h)
        assert r.status_code == 200, r.text
    back = env.settings.workspace / "backend"
    assert (back / "app/demo/gen_order_item/router.py").exists()
    ruff = subprocess.run(
        [
            sys.executable,
            "-m",
            "ruff",
            "check",
            "--no-cache",
            "--isolated",
            "--line-length",
            "120",
            "--select",
            "E,W,F,UP",
            str(back),
        ],
        capture_output=True,
        text=True,
    )
    assert ruff.returncode == 0, ruff.stdout
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "--rootdir",
            str(back),
            str(back / "tests"),
        ],
        cwd=back,
        capture_output=True,
        text=True,
        timeout=300,
        env={
            **os.environ,
            "PYTHONPATH": str(back),
            "LOOM_GENERATED_TEST_DATABASE_URL": env.settings.app_database_url,
        },
    )
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    # each table's save/list/read/delete, export (ticked or searched, newest first), permission and data-rule
    # tests, the master's child rows, the tree's
    assert "18 passed" in run.stdout, run.stdout[-500:]
    await _drop(env, "gen_note", "gen_order", "gen_order_item", "gen_category")


async def test_generated_workflow_form_keeps_its_records_to_their_process(env):
    # given a workflow form generated into the workspace
    rec = await save_table(env, table("gen_leave", column("reason", "varchar(200)"), table_type="6"))
    assert (await sync(env, rec["id"], "2")).status_code == 200
    r = await env.client.post("/gencode/table/genCode", json=scheme(rec["id"]), headers=env.headers())
    assert r.status_code == 200, r.text
    back = env.settings.workspace / "backend"
    # when its code is checked and its own tests run (the state rule with the platform's stand-in)
    ruff = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "--no-cache", "--isolated", "--line-length", "120"]
        + ["--select", "E,W,F,UP", str(back / "app/demo/gen_leave")],
        capture_output=True,
        text=True,
    )
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--rootdir", str(back)]
        + [str(back / "tests/demo/test_gen_leave.py")],
        cwd=back,
        capture_output=True,
        text=True,
        timeout=300,
        env={
            **os.environ,
            "PYTHONPATH": str(back),
            "LOOM_GENERATED_TEST_DATABASE_URL": env.settings.app_database_url,
        },
    )
    # then both pass: a running or finished process refuses the change, a running one the delete
    assert ruff.returncode == 0, ruff.stdout
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    assert "test_gen_leave_belongs_to_its_process" in (back / "tests/demo/test_gen_leave.py").read_text()
    assert " passed" in run.stdout and "skipped" not in run.stdout, run.stdout[-500:]
    await _drop(env, "gen_leave")


async def _drop(env, *names: str) -> None:
    engine = create_engine(sync_url(env.settings.app_database_url))
    with engine.begin() as conn:
        for name in names:
            conn.execute(text(f'DROP TABLE IF EXISTS "{name}"'))
    engine.dispose()


_ = Path
