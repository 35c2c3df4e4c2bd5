"""The host's own routes: module states and logs for the generator's list, pages and remotes for
the portal, unpublishing."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Path, Query, Request, Response

from loom_apps.module import builder, service
from loom_apps.module.errors import ModuleNotFound, TableNotPublished
from loom_apps.module.schemas import ModulePages, ModulePublic, ModuleRemote, ModuleTestLog
from loom_apps.runtime import RuntimeDep
from loom_platform.auth import CurrentPrincipal, Principal, holds_any, require_permission
from loom_platform.db import SessionDep, transaction
from loom_platform.errors import PermissionDenied
from loom_platform.http import Message, message
from loom_platform.i18n import translate

router = APIRouter(prefix="/apps/module", tags=["apps"])
# The live modules' pages as module-federated remotes (the portal's scripts, like /mf/<area>/).
remote_router = APIRouter(prefix="/mf/apps", tags=["apps"])
# The generator's table list shows the states; the same rights read and change them.
TABLES = "gencode:genTable"


def _ids(text: str) -> list[str]:
    return [i for i in (p.strip() for p in text.split(",")) if i][:1000]


@router.get("/list", dependencies=[require_permission(f"{TABLES}:view")], response_model=list[ModulePublic])
async def modules(session: SessionDep, tableIds: str = Query("", max_length=100_000)) -> list[dict[str, Any]]:  # noqa: N803
    """The modules (of ``tableIds``, comma-separated) with their states."""
    return await service.modules(session, table_ids=_ids(tableIds))


@router.get("/log", response_model=ModuleTestLog)
async def test_log(
    session: SessionDep,
    runtime: RuntimeDep,
    name: str = Query(..., max_length=200),
    version: int | None = Query(None, ge=0, le=2**62),
    principal: Principal = require_permission(f"{TABLES}:view"),
) -> dict[str, Any]:
    """The test log of a module's version (default: its latest): its generator's and the
    administrator's to read."""
    return await service.log_of(
        session, name=name, version=version, reader=principal.user_id, admin=runtime.settings.admin_user_id
    )


@router.get("/remotes", response_model=list[ModuleRemote])
async def remotes(request: Request, session: SessionDep, _: CurrentPrincipal) -> list[dict[str, Any]]:
    """The live modules the caller may open; the portal registers their remotes at login.

    ``remote``/``entry`` name the module-federated remote its pages were built into (``entry``
    carries the version, so a new version is a new script); ``prefixes`` are the menu hrefs it owns.
    """
    found = await service.modules(session)
    built = await service.built_remotes(session)
    answer = []
    for m in found:
        if not m["liveVersion"] or not holds_any(request, f"{m['permission']}:view"):
            continue
        version = built.get(m["name"])
        answer.append(
            {
                "name": m["name"],
                "href": m["href"],
                "prefixes": [m["href"]],
                "permission": m["permission"],
                "remote": builder.remote_name(m["name"]) if version else "",
                "entry": f"/mf/apps/{m['name']}/remoteEntry.js?v={version}" if version else "",
            }
        )
    return answer


@router.get("/pages", response_model=ModulePages)
async def pages(
    request: Request, session: SessionDep, _: CurrentPrincipal, name: str = Query(..., max_length=200)
) -> dict[str, Any]:
    """A live module's list and form pages as data (the portal renders them)."""
    module, body = await service.pages_of(session, name=name)
    if not holds_any(request, f"{module.permission}:view"):
        raise PermissionDenied(permission=f"{module.permission}:view")
    return {**body, "name": module.name, "version": str(module.live_version), "permission": module.permission}


@router.delete("/unpublish", dependencies=[require_permission(f"{TABLES}:del")])
async def unpublish(
    session: SessionDep, runtime: RuntimeDep, tableId: str = Query(..., max_length=64)
) -> Message:  # noqa: N803
    """Takes a table's modules offline; their table and rows stay."""
    async with transaction(session):
        names = await service.unpublish(session, table_id=tableId)
        if not names:
            raise TableNotPublished(id=tableId)
    await runtime.host.take_offline(names)
    return message(translate("apps.module.unpublished", name=",".join(names) or tableId))


SCRIPT = {200: {"content": {"text/javascript": {"schema": {"type": "string"}}}}}
NAME_PART = r"^[A-Za-z0-9_]{1,100}$"


@remote_router.get("/{module}/{entity}/{path:path}", responses=SCRIPT, response_class=Response)
async def remote_file(
    session: SessionDep,
    runtime: RuntimeDep,
    module: str = Path(..., pattern=NAME_PART),
    entity: str = Path(..., pattern=NAME_PART),
    path: str = Path(..., max_length=300),
) -> Response:
    """A file of a live module's remote (``remoteEntry.js`` and its hashed chunks), from the
    database through this replica's cache: every replica serves the same build."""
    name = f"{module}/{entity}"
    version = await service.live_remote(session, name=name)
    if version is None:
        raise ModuleNotFound(name=name)
    cache = runtime.host.remote_files
    files = cache.get(name, version) or cache.put(
        name, version, await service.remote_of(session, name=name, version=version)
    )
    content = files.get(path)
    if content is None:
        raise ModuleNotFound(name=f"{name}/{path}")
    # the entry's address carries the version; the chunks' names carry their hash
    cached = "no-cache" if path == "remoteEntry.js" else "public, max-age=31536000, immutable"
    return Response(content, media_type="text/javascript", headers={"Cache-Control": cached})
