"""Values never become code (issue 33, findings 1 and 2), through the API as a table designer uses it:
a name that is code is refused with the field it came in, a comment that tries to close its
comment or its string stays text in the generated Python and pages."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

from loom_gencode import identifiers
from loom_platform.db import sync_url
from loom_platform.i18n import translate

from ..conftest import column, table
from ..generated_code import check_pages, python_outside
from .helpers import save_table, sync
from .test_generate import _drop, scheme

# the package name that ran `id; env` in the app host's pytest child (finding 1)
PACKAGE_THAT_RUNS = "os import path\ngetattr(__import__('os'),'system')(\"id;env\")\nfrom os"
MARKER = "ZQX"  # planted where code would run if a value broke out of its literal or comment
# the child comment that closed the page's /** */ and read the token (finding 2), and its kin
CHILD_COMMENT = f"x */ globalThis.{MARKER}=document.cookie; /* y"
TABLE_COMMENT = f'主表 """; import os; {MARKER}(); """'
COLUMN_COMMENT = f'标题 " + {MARKER}() + " \\ \n // {MARKER}() ${{{MARKER}()}} </script>{{{MARKER}()}}'


async def _post(env, path: str, body: dict, lang: str | None = None):
    return await env.client.post(path, json=body, headers=env.headers(lang=lang))


async def test_a_package_name_that_is_code_is_refused_when_saved_and_at_generate(env):
    # given a synchronised table
    rec = await save_table(env, table("demo_pkg", column("title")))
    assert (await sync(env, rec["id"])).status_code == 200
    refused = scheme(rec["id"], packageName=PACKAGE_THAT_RUNS, projectPath="backend_pkg")
    # when its scheme is saved, previewed, downloaded or generated with a package name that is code
    for path in ("/gencode/scheme/save", "/gencode/table/previewCode", "/gencode/table/downloadCode",
                 "/gencode/table/genCode"):  # fmt: skip
        answer = await _post(env, path, refused)
        # then it is refused, naming the field and quoting the value on one line
        assert answer.status_code == 400, (path, answer.text)
        assert answer.json()["msg"].startswith("包名[os import path\\u000agetattr(__import__('os')"), path
    english = (await _post(env, "/gencode/table/genCode", refused, "en-US")).json()["msg"]
    assert english.startswith("Package name [os import path") and "is not valid" in english
    # and nothing was written or saved
    assert not (env.settings.workspace / "backend_pkg").exists()
    form = await env.client.get(
        "/gencode/table/queryGenCodeForm", params={"tableId": rec["id"]}, headers=env.headers()
    )
    assert form.json()["scheme"]["packageName"] != PACKAGE_THAT_RUNS
    # the module and sub-module are names too
    for field, value, message in (
        ("moduleName", "demo/../../x", "模块名[demo/../../x]非法"),
        ("moduleName", "import", "模块名[import]非法"),
        ("subModuleName", "a\nb", "子模块名[a\\u000ab]非法"),
    ):
        answer = await _post(env, "/gencode/table/previewCode", scheme(rec["id"], **{field: value}))
        assert answer.status_code == 400 and answer.json()["msg"].startswith(message), answer.text
    # while what a designer really writes still generates: a dotted package, a sub-module, Chinese text
    fine = scheme(
        rec["id"], packageName="com.jeeplus.demo_1", subModuleName="sub1", functionName="演示“功能”"
    )
    assert (await _post(env, "/gencode/scheme/save", fine)).status_code == 200
    assert (await _post(env, "/gencode/table/previewCode", fine)).status_code == 200
    await _drop(env, "demo_pkg")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda b: b.update(name="demo_x\n"), "表名[demo_x\\u000a]非法"),
        (lambda b: b.update(name="class"), "表名[class]非法"),
        (lambda b: b.update(className="None"), "类名[None]非法"),
        (lambda b: b.update(className="Demo(SQLModel): pass\nclass X"), "类名[Demo(SQLModel): pass\\u000aclass X]非法"),
        (lambda b: b["columnList"].append(column("title\n")), "列名[title\\u000a]非法"),
        (lambda b: b["columnList"].append(column("from")), "列名[from]非法"),
        (lambda b: b["columnList"].append(column("_private")), "列名[_private]非法"),
        (lambda b: b["columnList"].append(column("题目")), "列名[题目]非法"),
        (lambda b: b["columnList"].append(column("x", javaField="x;y")), "Java属性名称【x;y】非法"),
        (lambda b: b["columnList"].append(column("x", javaType="java.util.Date\n")), "列[x]的Java类型[java.util.Date\\u000a]非法"),
        (lambda b: b["columnList"].append(column("x", dictType="yes_no'); alert(1)//")), "列[x]的字典类型[yes_no'); alert(1)//]非法"),
        (lambda b: b["columnList"].append(column("x", queryType='EQ"')), '列[x]的查询方式[EQ"]非法'),
        (lambda b: b["columnList"].append(column("x", showType="input></x>")), "列[x]的表单类型[input></x>]非法"),
        (lambda b: b["columnList"].append(column("x", validateType="isMobile\n")), "列[x]的校验类型[isMobile\\u000a]非法"),
    ],
)  # fmt: skip
async def test_a_design_whose_names_are_not_names_is_refused_naming_the_field(env, change, message):
    # given a design with one name that is not a name
    body = table("demo_names", column("title"))
    change(body)
    # when it is saved
    answer = await _post(env, "/gencode/table/save", body)
    # then it is refused with the field's name and the value quoted on one line
    assert answer.status_code == 400 and answer.json()["msg"].startswith(message), answer.text


async def test_a_stored_name_that_predates_the_rules_is_refused_at_generate(env):
    # given a synchronised table whose column name was stored before the rules (changed in the database)
    rec = await save_table(env, table("demo_old", column("title")))
    assert (await sync(env, rec["id"])).status_code == 200
    engine = create_engine(sync_url(env.settings.database_url))
    with engine.begin() as conn:
        conn.execute(
            text("UPDATE gen_table_column SET name = :bad WHERE gen_table_id = :t AND name = 'title'"),
            {"bad": "title: str = __import__('os').system('id')\n    x", "t": rec["id"]},
        )
    engine.dispose()
    # when its code is generated
    answer = await _post(env, "/gencode/table/genCode", scheme(rec["id"], projectPath="backend_old"))
    # then Generate refuses it, naming the column, and writes nothing
    assert answer.status_code == 400 and answer.json()["msg"].startswith("列名[title: str = __import__"), (
        answer.text
    )
    assert not (env.settings.workspace / "backend_old").exists()
    await _drop(env, "demo_old")


async def test_hostile_comments_stay_text_in_the_generated_python_and_pages(env, tmp_path: Path):
    # given a master and a child table whose comments try to close their comments and strings
    master = await save_table(
        env, table("demo_cmt", column("title", comments=COLUMN_COMMENT), comments=TABLE_COMMENT)
    )
    child = await save_table(
        env,
        table(
            "demo_cmt_item",
            column("cmt_id", isQuery="1", comments=CHILD_COMMENT),
            column("qty", "integer", comments=TABLE_COMMENT),
            table_type="2",
            parentTable="demo_cmt",
            parentTableFk="cmt_id",
            comments=CHILD_COMMENT,
        ),
    )
    for rec in (master, child):
        assert (await sync(env, rec["id"], "2")).status_code == 200
    # when the module's code is previewed, with the function names as hostile as the comments
    body = scheme(master["id"], functionName=CHILD_COMMENT, functionNameSimple=COLUMN_COMMENT)
    answer = await _post(env, "/gencode/table/previewCode", body)
    assert answer.status_code == 200, answer.text
    files = {f["path"]: f["content"] for f in answer.json()}
    # then every Python file compiles and holds the comments only in strings, docstrings and comments
    python = {path: content for path, content in files.items() if path.endswith(".py")}
    assert len(python) == 10
    assert [
        line for path, content in python.items() for line in python_outside(path, content, [MARKER])
    ] == []
    models = next(content for path, content in python.items() if path.endswith("demo_cmt/models.py"))
    assert f'description="标题 \\" + {MARKER}() + \\" \\\\ \\n // {MARKER}()' in models
    # and every page type-checks with them only in strings, JSX text and comments
    pages = {path.split("/src/", 1)[1]: content for path, content in files.items() if "/src/" in path}
    checked = check_pages(tmp_path, pages, [MARKER])
    assert checked.files == len(pages) == 9
    assert checked.diagnostics == [] and checked.outside == []
    types = next(content for path, content in pages.items() if path.endswith("demo-cmt/types.ts"))
    assert f"/** Its x *\\/ globalThis.{MARKER}=document.cookie; /* y rows" in types
    await _drop(env, "demo_cmt", "demo_cmt_item")


async def test_a_physical_table_whose_names_are_not_names_is_not_imported(env):
    # given physical tables, one named with a quote and newline, one with a column named by a keyword
    engine = create_engine(sync_url(env.settings.app_database_url))
    with engine.begin() as conn:
        conn.execute(text('CREATE TABLE "imp_x""\nimport os" (id varchar(64) primary key)'))
        conn.execute(text('CREATE TABLE imp_kw (id varchar(64) primary key, "from" varchar(10))'))
    try:
        for name, message in (
            ('imp_x"\nimport os', '表名[imp_x"\\u000aimport os]非法'),
            ("imp_kw", "列名[from]非法"),
        ):
            # when it is imported
            answer = await _post(
                env, "/gencode/table/saveTableFromDB", {"name": name, "dataSource": {"id": "master"}}
            )
            # then it is refused, naming the table or column, and no design is made of it
            assert answer.status_code == 400 and answer.json()["msg"].startswith(message), answer.text
        page = await env.client.get("/gencode/table/list", params={"nameLike": "imp_"}, headers=env.headers())
        assert [
            r["name"] for r in page.json()["result"]["records"] if r["name"].startswith(("imp_x", "imp_kw"))
        ] == []
    finally:
        with engine.begin() as conn:
            conn.execute(text('DROP TABLE IF EXISTS "imp_x""\nimport os", imp_kw'))
        engine.dispose()


async def test_a_stored_module_name_that_predates_the_rules_makes_no_menu(env):
    # given a synchronised table whose saved scheme's module was stored before the rules
    rec = await save_table(env, table("demo_menu", column("title")))
    assert (await sync(env, rec["id"])).status_code == 200
    assert (await _post(env, "/gencode/scheme/save", scheme(rec["id"]))).status_code == 200
    engine = create_engine(sync_url(env.settings.database_url))
    with engine.begin() as conn:
        conn.execute(
            text("UPDATE gen_scheme SET module_name = :bad WHERE gen_table_id = :t"),
            {"bad": "demo/../sys", "t": rec["id"]},
        )
    engine.dispose()
    # when a menu is created for it
    menus = len(env.directory.menus)
    answer = await env.client.post(
        "/gencode/scheme/createMenu",
        data={"parent.id": "p1", "name": "演示", "tableId": rec["id"], "tableType": "0"},
        headers=env.headers(),
    )
    # then it is refused, naming the module, and sys is asked for nothing
    assert answer.status_code == 400 and answer.json()["msg"].startswith("模块名[demo/../sys]非法"), (
        answer.text
    )
    assert len(env.directory.menus) == menus
    await _drop(env, "demo_menu")


@pytest.mark.parametrize(
    ("resource", "body", "field", "message"),
    [
        ("validateType", {"label": "x", "value": 'isX"\n', "sort": 10}, "value", "gencode.value_invalid"),
        ("queryType", {"label": "x", "value": "EQ; import os", "sort": 10}, "value", "gencode.value_invalid"),
        ("showType", {"label": "x", "value": "<b>", "sort": 10}, "value", "gencode.value_invalid"),
        ("customObj", {"label": "x", "value": "com.x.Y\nimport os", "type": "0"}, "value", "gencode.class_name_invalid"),
        ("codeParam", {"packageName": "com.x; import os", "author": "a"}, "packageName", "gencode.gen.package_invalid"),
    ],
)  # fmt: skip
async def test_reference_data_that_reaches_the_templates_holds_names_only(
    env, resource, body, field, message
):
    # given a value of the reference data a column chooses (or a new scheme starts from) that is not a name
    # when it is saved
    for lang in ("zh-CN", "en-US"):
        answer = await _post(env, f"/gencode/{resource}/save", body, lang)
        # then it is refused with that field's message, the value quoted on one line
        assert answer.status_code == 400, answer.text
        assert answer.json()["msg"] == translate(message, lang, value=identifiers.shown(body[field]))
