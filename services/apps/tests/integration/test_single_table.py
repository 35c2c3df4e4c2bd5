"""A single table from design to a live module: generated, tested in a child process, mounted,
served with the module's permissions and its columns' rules."""

from __future__ import annotations

import asyncio
import uuid

from ..factories import column, design_and_sync, generate, table


async def test_generated_single_table_goes_live_and_serves(env):
    # given a synchronised table with a required column and a dictionary column
    name = f"note_{uuid.uuid4().hex[:6]}"
    module = f"m{uuid.uuid4().hex[:6]}"
    table_id = await design_and_sync(
        env,
        table(
            name,
            column("title", "varchar(20)", isNull="0", isQuery="1", queryType="LIKE"),
            column("kind", "varchar(10)", showType="select", dictType="yes_no", isQuery="1"),
            column("mail", "varchar(50)", validateType="isEmail"),
        ),
    )
    # when its code is generated to the default paths (the host's module store)
    generated = await generate(env, table_id, module)
    assert generated.status_code == 200, generated.text
    # then the host tests it and serves it
    state = await env.wait_for(f"{module}/{name}")
    log = (
        await env.apps.get("/apps/module/log", params={"name": f"{module}/{name}"}, headers=env.headers())
    ).json()
    assert state["state"] == "live", log["log"][-3000:]
    assert " passed" in log["log"]
    perm = f"{module}:{name}"
    env.grant("admin", *(f"{perm}:{a}" for a in ("view", "add", "edit", "del")))
    h = env.headers()
    base = f"/{module}/{name}"
    saved = await env.apps.post(f"{base}/save", json={"title": "first", "kind": "1"}, headers=h)
    assert saved.status_code == 200, saved.text
    await env.apps.post(f"{base}/save", json={"title": "second", "kind": "0"}, headers=h)
    page = (await env.apps.get(f"{base}/list", params={"title": "fir"}, headers=h)).json()
    assert [r["title"] for r in page["records"]] == ["first"] and page["total"] == 1
    record = page["records"][0]
    edited = await env.apps.post(f"{base}/save", json={**record, "title": "changed"}, headers=h)
    assert edited.status_code == 200, edited.text
    again = (await env.apps.get(f"{base}/queryById", params={"id": record["id"]}, headers=h)).json()
    assert again["title"] == "changed"
    # the required column is refused by the server, and so is a value longer than the column
    missing = await env.apps.post(f"{base}/save", json={"kind": "1"}, headers=h)
    assert missing.status_code == 400 and "title" in missing.json()["msg"]
    too_long = await env.apps.post(f"{base}/save", json={"title": "x" * 21}, headers=h)
    assert too_long.status_code == 400
    # the column's validation type is the server's rule too, in the caller's language
    bad_mail = await env.apps.post(f"{base}/save", json={"title": "t", "mail": "nope"}, headers=h)
    assert bad_mail.status_code == 400 and "请输入正确的邮箱地址" in bad_mail.json()["msg"]
    english = await env.apps.post(
        f"{base}/save", json={"title": "t", "mail": "nope"}, headers=env.headers(lang="en-US")
    )
    assert "Enter a valid email" in english.json()["msg"]
    good_mail = await env.apps.post(f"{base}/save", json={"title": "t", "mail": "a@b.cn"}, headers=h)
    assert good_mail.status_code == 200, good_mail.text
    # a user without the module's permission is refused
    refused = await env.apps.get(f"{base}/list", headers=env.headers("clerk"))
    assert refused.status_code == 403
    deleted = await env.apps.delete(f"{base}/delete", params={"ids": record["id"]}, headers=h)
    assert deleted.status_code == 200
    assert (await env.apps.get(f"{base}/list", headers=h)).json()["total"] == 2
    # the pages the portal renders name the columns, the dictionary and the rule
    pages = (await env.apps.get("/apps/module/pages", params={"name": f"{module}/{name}"}, headers=h)).json()
    columns = {c["field"]: c for c in pages["columns"]}
    assert columns["title"]["required"] and columns["kind"]["dictType"] == "yes_no"
    remotes = (await env.apps.get("/apps/module/remotes", headers=h)).json()
    mine = next(r for r in remotes if r["name"] == f"{module}/{name}")
    assert mine["href"] == f"/{module}/{name}/" and mine["prefixes"] == [mine["href"]]
    assert mine["permission"] == perm and mine["remote"] == f"apps_{module}__{name}"
    assert mine["entry"] == f"/mf/apps/{module}/{name}/remoteEntry.js?v={state['liveVersion']}"
    # its pages were built into a module-federated remote the portal loads at run time
    await _serves_its_remote(env, mine["entry"], page_href=f"/{module}/{name}/{table_class(name)}List")
    # clerk, without its permission, is not offered it (other tests' modules may be clerk's)
    offered = (await env.apps.get("/apps/module/remotes", headers=env.headers("clerk"))).json()
    assert f"{module}/{name}" not in [r["name"] for r in offered]
    # the module's writes are in the host's operation log (the host's outbox, not the business database)
    await _logged(env, f"{base}/delete")


def table_class(name: str) -> str:
    return "".join(p.title() for p in name.split("_"))


async def _serves_its_remote(env, entry: str, page_href: str) -> None:
    """The remote entry speaks module federation (init with the share scope, get ./routes) and
    every chunk it names is served, the one with the page naming its menu href."""
    import re

    r = await env.apps.get(entry.split("?")[0])
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/javascript"), r.text
    assert re.search(r"export\s*\{[^}]*\bas get\b[^}]*\bas init\b", r.text), r.text[-400:]
    base = entry.split("?")[0].rsplit("/", 1)[0]
    seen, todo, texts = set(), ["remoteEntry.js"], []
    while todo:
        path = todo.pop()
        seen.add(path)
        body = await env.apps.get(f"{base}/{path}")
        assert body.status_code == 200, f"{path}: {body.status_code}"
        texts.append(body.text)
        folder = path.rsplit("/", 1)[0] + "/" if "/" in path else ""
        for ref in re.findall(r"\./((?:assets/)?[\w.-]+\.js)", body.text):
            target = ref if ref.startswith("assets/") else folder + ref
            if target not in seen:
                todo.append(target)
    assert any(page_href in t for t in texts), "no chunk routes the list page's href"
    # the singletons are the portal's, never bundled: no copy of React in the remote
    assert not any("react.production" in t or "__SECRET_INTERNALS" in t for t in texts)
    missing = await env.apps.get(f"{base}/assets/nothing.js")
    assert missing.status_code == 404


async def _logged(env, path: str) -> None:
    from sqlalchemy import text

    for _ in range(50):
        async with env.app.state.session_factory() as session:
            rows = (
                await session.execute(text("SELECT payload FROM loom_outbox WHERE subject = 'loom.log.apps'"))
            ).scalars()
            if any(path.encode() in bytes(p) for p in rows):
                return
        await asyncio.sleep(0.1)
    raise AssertionError(f"{path} is not in the operation log")


async def test_an_unknown_path_is_a_json_404(env):
    r = await env.apps.get("/nothing/here/list", headers=env.headers())
    assert r.status_code == 404 and r.json()["code"]
