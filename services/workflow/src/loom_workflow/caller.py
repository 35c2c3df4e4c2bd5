"""The caller of a route as the task commands take them, as dependencies: who acts (``actor``) with
their roles (``groups``, the candidate groups whose tasks they may take), and who starts an instance."""

from __future__ import annotations

from typing import Annotated, Any, TypedDict

from fastapi import Depends

from loom_platform.auth import CurrentPrincipal
from loom_workflow.engine_host import RuntimeDep
from loom_workflow.users import user_infos, user_roles


class ActingArgs(TypedDict):
    """The ``actor`` and ``groups`` arguments of a task command the caller runs."""

    actor: str
    groups: list[str]


async def roles(runtime: RuntimeDep, principal: CurrentPrincipal) -> list[str]:
    """The caller's roles: the candidate groups whose tasks they may take."""
    return await user_roles(runtime.directory, principal.user_id)


Roles = Annotated[list[str], Depends(roles)]


async def acting(runtime: RuntimeDep, principal: CurrentPrincipal) -> ActingArgs:
    """The ``actor`` and ``groups`` arguments of a task command the caller runs (the roles read
    here, not through :data:`Roles`: one dependency less to solve on every task command)."""
    return {"actor": principal.user_id, "groups": await user_roles(runtime.directory, principal.user_id)}


Acting = Annotated[ActingArgs, Depends(acting)]


async def initiator(runtime: RuntimeDep, principal: CurrentPrincipal) -> dict[str, Any]:
    """The caller as an instance they start records its initiator (only their login name when sys
    does not know them)."""
    infos = await user_infos(runtime.directory, [principal.user_id])
    return infos.get(principal.user_id, {"name": principal.login_name})


Initiator = Annotated[dict[str, Any], Depends(initiator)]
