"""``/flowable/model/tests``: a model's process tests (流程测试): read, save, run."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter

import loom_workflow.proctest.messages  # noqa: F401  (registers the catalogue)
from loom_platform.auth import Principal, require_permission
from loom_platform.db import SessionDep, transaction
from loom_platform.http import Message, message
from loom_platform.i18n import translate
from loom_workflow.engine_host import RuntimeDep
from loom_workflow.proctest import service
from loom_workflow.proctest.schemas import CaseSuite, RunRequest, SavedSuite, SuiteResult

router = APIRouter(tags=["model"])

CanDesign = Annotated[
    Principal, require_permission("flowable:model:design", "flowable:model:edit", "flowable:model:add")
]


@router.get("/flowable/model/tests", response_model=SavedSuite)
async def get_tests(session: SessionDep, _: CanDesign, modelId: str, version: int = 0) -> SavedSuite:  # noqa: N803
    """The model's cases: the draft (version 0), or those a deployed version was published with."""
    suite = await service.get(session, modelId, version=version)
    return SavedSuite(model_id=modelId, version=version, cases=suite.cases)


@router.put("/flowable/model/tests")
async def save_tests(
    session: SessionDep,
    principal: CanDesign,
    modelId: str,  # noqa: N803
    body: CaseSuite,
) -> Message:
    """Saves the model's draft cases (what an import writes, too)."""
    async with transaction(session):
        await service.save(session, modelId, body, actor=principal.user_id)
    return message(translate("workflow.proctest.saved"))


@router.post("/flowable/model/tests/run", response_model=SuiteResult)
async def run_tests(runtime: RuntimeDep, session: SessionDep, body: RunRequest, _: CanDesign) -> SuiteResult:
    """Runs the cases (given, else the saved ones) on the model, or the designer's unsaved XML: each on
    a throwaway engine in memory against the organisation from sys; nothing is stored or published.
    A failed case names the step and the node where it diverged."""
    return await service.run(
        session,
        runtime,
        runtime.directory,
        body.model_id,
        cases=body.cases,
        bpmn_xml=body.bpmn_xml,
        extensions=body.extensions,
    )
