"""The caller of a route as the task commands take them: who acts (``actor``) with their roles
(``groups``, the candidate groups whose tasks they may take), and who starts an instance."""

from __future__ import annotations

from typing import Any

from fastapi import Request

from loom_platform.auth import Principal
from loom_workflow.users import user_infos, user_roles


async def roles(request: Request, principal: Principal) -> list[str]:
    """The caller's roles: the candidate groups whose tasks they may take."""
    return await user_roles(request.app.state.directory, principal.user_id)


async def acting(request: Request, principal: Principal) -> dict[str, Any]:
    """The ``actor`` and ``groups`` arguments of a task command the caller runs."""
    return {"actor": principal.user_id, "groups": await roles(request, principal)}


async def initiator(request: Request, principal: Principal) -> dict[str, Any]:
    """The caller as an instance they start records its initiator (only their login name when sys
    does not know them)."""
    infos = await user_infos(request.app.state.directory, [principal.user_id])
    return infos.get(principal.user_id, {"name": principal.login_name})
