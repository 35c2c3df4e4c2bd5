"""``/extension/{button,condition,listener,taskDefExtension,nodeSetting}/...``: the one CRUD of
``resources.py`` plus the few routes of their own (code and name checks, one node's extension,
one setting's value)."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter

from loom_platform.auth import CurrentPrincipal, Principal, require_permission
from loom_platform.crud import add_routes
from loom_platform.db import SessionDep
from loom_workflow.extension import service
from loom_workflow.extension.resources import BUTTON, MODEL_READ, NODE_SETTING, RESOURCES, TASK_DEF_EXTENSION
from loom_workflow.extension.schemas import TaskDefExtensionDetail

routers_by_name = {r.name: APIRouter(prefix=f"/extension/{r.name}", tags=["extension"]) for r in RESOURCES}
for _resource in RESOURCES:
    add_routes(routers_by_name[_resource.name], _resource)
button, task_def, node_setting = (
    routers_by_name[BUTTON.name],
    routers_by_name[TASK_DEF_EXTENSION.name],
    routers_by_name[NODE_SETTING.name],
)
routers = list(routers_by_name.values())


@button.get("/validateCodeNoExist")
async def validate_code(
    session: SessionDep, _: CurrentPrincipal, code: str = "", oldCode: str | None = None
) -> bool:  # noqa: N803
    """True when the code is free (a system preset code never is, except its own)."""
    if oldCode and code == oldCode:
        return True
    if code in service.SYSTEM_CODES:
        return False
    return await service.code_free(session, code)


@button.get("/validateNameNoExist")
async def validate_name(
    session: SessionDep, _: CurrentPrincipal, name: str = "", oldName: str | None = None
) -> bool:  # noqa: N803
    """True when the name is free."""
    if oldName and name == oldName:
        return True
    return await service.name_free(session, name)


ModelReader = Annotated[Principal, require_permission(*MODEL_READ)]


@task_def.get("/queryByDefIdAndTaskId", response_model=TaskDefExtensionDetail)
async def task_def_by_node(session: SessionDep, _: ModelReader, processDefId: str, taskDefId: str) -> Any:  # noqa: N803
    """The extension of one node (``processDefId`` carries the process key)."""
    return await service.extension_of(session, processDefId, taskDefId)


@node_setting.get("/queryValueByKey")
async def node_setting_value(
    session: SessionDep, _: ModelReader, processDefId: str, taskDefId: str, key: str
) -> str:  # noqa: N803
    """The value of one setting, or an empty string."""
    return await service.setting_value(session, processDefId, taskDefId, key)
