"""``/flowable/connector/allowedHosts``: the hosts HTTP tasks may call, for the designer's live check."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter

from loom_platform.auth import Principal, require_permission
from loom_platform.wire import WireModel
from loom_workflow.engine_host import RuntimeDep
from loom_workflow.modeler import rights

router = APIRouter(prefix="/flowable/connector", tags=["connector"])

CanDesign = Annotated[Principal, require_permission(*rights.permissions("view"))]


class AllowedHosts(WireModel):
    """The allow-list (``host``, ``host:port`` or ``*.domain`` entries)."""

    hosts: list[str]


@router.get("/allowedHosts")
async def allowed_hosts(runtime: RuntimeDep, _: CanDesign) -> AllowedHosts:
    """The hosts an administrator allows HTTP tasks to call (LOOM_WORKFLOW_HTTP_ALLOWED_HOSTS)."""
    return AllowedHosts(hosts=list(runtime.settings.http_allowed_hosts))
