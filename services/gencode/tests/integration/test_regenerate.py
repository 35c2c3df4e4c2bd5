"""Regenerating after a design change keeps hand edits: merged where they do not overlap the
change, shown as a conflict in the preview where they do, and nothing is written until the
developer has chosen a side for every conflicting file."""

from __future__ import annotations

import difflib
import io
import shutil
import zipfile

from sqlalchemy import create_engine, text

from loom_platform.db import sync_url

from ..conftest import column, table
from .helpers import save_table, sync
from .test_generate import scheme

HAND_EDIT = "# hand edit: keep me\n"


async def _add_column(env, table_id: str, name: str) -> None:
    h = env.headers()
    rec = (await env.client.get("/gencode/table/queryById", params={"id": table_id}, headers=h)).json()
    rec["columnList"].append(column(name, "varchar(64)", comments=name))
    assert (await env.client.post("/gencode/table/save", json=rec, headers=h)).status_code == 200
    assert (await sync(env, table_id)).status_code == 200


async def _preview(env, body) -> dict[str, dict]:
    r = await env.client.post("/gencode/table/previewCode", json=body, headers=env.headers())
    assert r.status_code == 200, r.text
    return {f["path"]: f for f in r.json()}


async def _rendered(env, body) -> dict[str, str]:
    """The files as the templates render them, without any merge (the zip download)."""
    r = await env.client.post("/gencode/table/downloadCode", json=body, headers=env.headers())
    with zipfile.ZipFile(io.BytesIO(r.content)) as archive:
        return {name: archive.read(name).decode() for name in archive.namelist()}


async def test_regeneration_keeps_hand_edits_and_stops_at_conflicts(env):
    h = env.headers()
    workspace = env.settings.workspace
    rec = await save_table(env, table("demo_regen", column("title", "varchar(50)")))
    assert (await sync(env, rec["id"])).status_code == 200
    # its own folders: the hand-edited files must not reach the other tests' checks of generated code
    body = scheme(
        rec["id"], moduleName="regen", projectPath="regen/backend", frontProjectPath="regen/frontend"
    )

    first = await _preview(env, body)
    assert {f["status"] for f in first.values()} == {"new"}
    r = await env.client.post("/gencode/table/genCode", json=body, headers=h)
    assert r.status_code == 200, r.text
    assert {f["status"] for f in (await _preview(env, body)).values()} == {"unchanged"}

    # a column added to the design, and a hand edit in a file that the column changes
    await _add_column(env, rec["id"], "amount")
    changed = [p for p, f in (await _preview(env, body)).items() if f["status"] == "generated"]
    assert changed, "adding a column changes some generated file"
    edited = workspace / changed[0]
    edited.write_text(HAND_EDIT + edited.read_text())
    preview = await _preview(env, body)
    assert preview[changed[0]]["status"] == "merged"
    assert HAND_EDIT in preview[changed[0]]["content"] and "amount" in preview[changed[0]]["content"]
    assert (
        edited.read_text().startswith(HAND_EDIT) and "amount" not in edited.read_text()
    )  # preview writes nothing
    r = await env.client.post("/gencode/table/genCode", json=body, headers=h)
    assert r.status_code == 200, r.text
    merged = edited.read_text()
    assert merged.startswith(HAND_EDIT) and "amount" in merged

    # a hand edit on the very lines the next design change rewrites is a conflict
    await _add_column(env, rec["id"], "note")
    rendered = await _rendered(env, body)
    new_text = rendered[changed[0]]  # the zip names files as the preview does
    base_lines = merged[len(HAND_EDIT) :].splitlines(True)
    tag, i1, *_ = next(
        op
        for op in difflib.SequenceMatcher(None, base_lines, new_text.splitlines(True)).get_opcodes()
        if op[0] != "equal"
    )
    at = i1 if tag in ("replace", "delete") else max(i1 - 1, 0)
    lines = merged.splitlines(True)
    lines[at + 1] = "# my own line, where the generator wants to write\n"
    mine = "".join(lines)
    edited.write_text(mine)
    others = {
        p: (workspace / p).read_text()
        for p, f in (await _preview(env, body)).items()
        if p != changed[0] and (workspace / p).exists()
    }

    preview = await _preview(env, body)
    conflict = preview[changed[0]]
    assert conflict["status"] == "conflict"
    assert (
        "<<<<<<< 手工修改 (mine)" in conflict["content"]
        and ">>>>>>> 重新生成 (generated)" in conflict["content"]
    )
    r = await env.client.post("/gencode/table/genCode", json=body, headers=h)
    assert r.status_code == 400
    assert (
        r.json()["msg"].startswith("有1个文件的手工修改与重新生成的代码冲突")
        and changed[0] in r.json()["msg"]
    )
    en = await env.client.post("/gencode/table/genCode", json=body, headers={**h, "Accept-Language": "en-US"})
    assert "conflict" in en.json()["msg"]
    assert edited.read_text() == mine  # nothing was written: not the conflicting file ...
    assert {p: (workspace / p).read_text() for p in others} == others  # ... nor any other

    # choosing a side writes: mine keeps the file, the other files take the new column
    r = await env.client.post(
        "/gencode/table/genCode", json={**body, "resolutions": {changed[0]: "mine"}}, headers=h
    )
    assert r.status_code == 200, r.text
    assert edited.read_text() == mine
    assert any("note" in (workspace / p).read_text() for p in others)
    # and the next regeneration starts from what was rendered, so the hand edit is still the developer's
    assert (await _preview(env, body))[changed[0]]["status"] == "unchanged"
    r = await env.client.post(
        "/gencode/table/genCode", json={**body, "resolutions": {changed[0]: "nonsense"}}, headers=h
    )
    assert r.status_code == 400

    shutil.rmtree(workspace / "regen")
    engine = create_engine(sync_url(env.settings.app_database_url))
    with engine.begin() as conn:
        conn.execute(text('DROP TABLE IF EXISTS "demo_regen"'))
    engine.dispose()
