"""HTTP route of process form data: /form/process/data (read by business key)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from loom_forms.data import service
from loom_forms.data.errors import DataNotFound
from loom_forms.data.schemas import ProcessData
from loom_forms.definition.service import PERM
from loom_platform.auth import require_permission
from loom_platform.db import SessionDep

router = APIRouter(prefix="/form/process")

# Any business key's data: for those who administer process forms or monitor every instance. Someone
# handling a task reads their instance's data through workflow's /flowable/task/formData, which checks
# that they may see that instance (forms cannot know who took part in a process).
DATA_READERS = (f"{PERM}:view", "flowable:instance:view")


@router.get("/data", dependencies=[require_permission(*DATA_READERS)], response_model=ProcessData)
async def data(session: SessionDep, businessKey: str, jsonId: str = "") -> dict[str, Any]:  # noqa: N803
    """The form data a process stored for a business key (of one version when `jsonId` is given)."""
    found = await service.read(session, businessKey, jsonId)
    if found is None:
        raise DataNotFound()
    return {"id": found.id, "jsonId": found.json_id, "businessKey": found.business_key, "data": found.data}
