"""HTTP route of process form data: /form/process/data (read by business key)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from loom_forms.data import service
from loom_forms.definition.router import PROCESS_READERS
from loom_platform.auth import require_permission
from loom_platform.db import SessionDep
from loom_platform.errors import NotFound

router = APIRouter(prefix="/form/process")


@router.get("/data", dependencies=[require_permission(*PROCESS_READERS)])
async def data(session: SessionDep, businessKey: str, jsonId: str = "") -> dict[str, Any]:  # noqa: N803
    """The form data a process stored for a business key (of one version when `jsonId` is given)."""
    found = await service.read(session, businessKey, jsonId)
    if found is None:
        raise NotFound()
    return {"id": found.id, "jsonId": found.json_id, "businessKey": found.business_key, "data": found.data}
