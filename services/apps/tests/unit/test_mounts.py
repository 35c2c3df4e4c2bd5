"""Which version serves which path: prefixes of a module and its child tables, swapped at once."""

from __future__ import annotations

import httpx
from fastapi import FastAPI

from loom_apps.module.loader import Loaded
from loom_apps.module.mounts import Mounts


def _version(name: str, version: int, *tables: str) -> Loaded:
    app = FastAPI()
    module = name.split("/")[0]
    for table in tables:

        @app.get(f"/{module}/{table}/list")
        async def listed(table: str = table) -> dict[str, object]:
            return {"table": table, "version": version}

    return Loaded(name=name, version=version, prefixes=tuple(f"/{module}/{t}" for t in tables), app=app)


async def _get(mounts: Mounts, path: str) -> httpx.Response:
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=mounts), base_url="http://host") as client:
        return await client.get(path)


async def test_a_module_answers_under_its_own_and_its_child_tables_prefixes():
    # given a module whose version serves its table and a child table
    mounts = Mounts()
    mounts.mount(_version("shop/order", 1, "order", "order_item"))
    # then both answer, and a path of no module is a JSON 404
    assert (await _get(mounts, "/shop/order/list")).json() == {"table": "order", "version": 1}
    assert (await _get(mounts, "/shop/order_item/list")).json()["table"] == "order_item"
    missing = await _get(mounts, "/shop/other/list")
    assert missing.status_code == 404 and missing.json()["code"] == "NOT_FOUND"


async def test_a_new_version_replaces_the_old_one_and_drops_its_prefixes():
    mounts = Mounts()
    mounts.mount(_version("shop/order", 1, "order", "order_item"))
    # when the next version no longer has the child table
    mounts.mount(_version("shop/order", 2, "order"))
    # then the module answers from version 2 and the child's prefix is gone
    assert (await _get(mounts, "/shop/order/list")).json()["version"] == 2
    assert (await _get(mounts, "/shop/order_item/list")).status_code == 404
    assert mounts.version("shop/order") == 2 and mounts.names() == ["shop/order"]


async def test_unmounting_leaves_other_modules_serving():
    mounts = Mounts()
    mounts.mount(_version("shop/order", 1, "order"))
    mounts.mount(_version("crm/client", 1, "client"))
    gone = mounts.unmount("shop/order")
    assert gone is not None and gone.version == 1
    assert (await _get(mounts, "/shop/order/list")).status_code == 404
    assert (await _get(mounts, "/crm/client/list")).status_code == 200
    assert mounts.unmount("shop/order") is None
