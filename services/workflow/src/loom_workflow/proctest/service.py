"""Process tests: the cases saved with a model (a draft, and a copy per deployed version), running
them against the organisation from sys, and the gate publishing goes through."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Sequence

from sqlmodel import select
from sqlmodel.ext.asyncio.session import AsyncSession

from loom_workflow.dryrun.recorder import RecordingResolver
from loom_workflow.dryrun.service import called_of, extensions_of
from loom_workflow.engine_host import WorkflowRuntime
from loom_workflow.extension.assignees import Directory, bridge
from loom_workflow.extension.schemas import TaskDefExtensionSave
from loom_workflow.modeler import bpmn
from loom_workflow.modeler import service as modeler_service
from loom_workflow.modeler.models import ProcessModel as StoredModel
from loom_workflow.proctest.errors import TestsFailed
from loom_workflow.proctest.models import ProcessTestOverride, ProcessTestSuite
from loom_workflow.proctest.schemas import CaseSuite, ProcessCase, SuiteResult
from loom_workflow.proctest.suite import Subject, run_cases, run_in_thread
from loom_workflow.users import user_infos

log = logging.getLogger(__name__)
DRAFT = 0


async def get(session: AsyncSession, model_id: str, *, version: int = DRAFT) -> CaseSuite:
    """Gets a model's cases (the draft, or those deployed with ``version``); none when never saved."""
    row = await _row(session, model_id, version)
    return CaseSuite.model_validate_json(row.cases) if row else CaseSuite()


async def save(session: AsyncSession, model_id: str, suite: CaseSuite, *, actor: str) -> None:
    """Saves the model's draft cases."""
    await modeler_service.get(session, model_id)
    await _put(session, model_id, DRAFT, suite, actor=actor)


async def run(
    session: AsyncSession,
    runtime: WorkflowRuntime,
    directory: Directory | None,
    model_id: str,
    *,
    cases: list[ProcessCase] | None = None,
    bpmn_xml: str | None = None,
    extensions: Sequence[TaskDefExtensionSave] = (),
) -> SuiteResult:
    """Runs the cases (default: the saved draft) on the model (or the designer's unsaved XML and node
    extensions) on a throwaway engine each, against the organisation from sys; nothing is stored or
    published."""
    model = await modeler_service.get(session, model_id)
    chosen = cases if cases is not None else (await get(session, model_id)).cases
    subject = await _subject(session, runtime, model, bpmn_xml, extensions)
    infos = await user_infos(directory, [c.initiator for c in chosen])
    loop = asyncio.get_running_loop()

    def resolver(rules: dict) -> RecordingResolver:  # type: ignore[type-arg]
        return RecordingResolver(
            runtime.store,
            directory,
            bridge(loop),
            rules,
            sql_url=runtime.settings.sql_reviewer_database_url,
            sql_views=runtime.settings.sql_reviewer_views,
        )

    known = (lambda user: user in infos) if directory is not None else (lambda _user: True)
    return await run_in_thread(lambda: run_cases(subject, chosen, infos, resolver, known=known))


async def gate(
    session: AsyncSession,
    runtime: WorkflowRuntime,
    directory: Directory | None,
    model_id: str,
    *,
    override_reason: str | None,
) -> SuiteResult | None:
    """Before publishing: runs the saved cases; a failure refuses unless a reason overrides it (the
    result is then returned, for :func:`published` to log)."""
    if not (await get(session, model_id)).cases:
        return None
    result = await run(session, runtime, directory, model_id)
    if result.passed:
        return None
    if not (override_reason or "").strip():
        names = "、".join(r.name for r in result.results if not r.passed)
        raise TestsFailed(failed=result.failed, total=result.total, names=names)
    return result


async def published(
    session: AsyncSession,
    model: StoredModel,
    version: int,
    *,
    failed: SuiteResult | None,
    reason: str | None,
    actor: str,
) -> None:
    """After publishing: the draft cases are kept as the version's, and an override is logged."""
    suite = await get(session, model.id)
    if suite.cases:
        await _put(session, model.id, version, suite, actor=actor)
    if failed is None:
        return
    names = [r.name for r in failed.results if not r.passed]
    session.add(
        ProcessTestOverride(
            model_id=model.id,
            process_key=model.key,
            version=version,
            reason=(reason or "").strip(),
            failed=json.dumps(names, ensure_ascii=False),
            create_by=actor,
        )
    )
    await session.flush()
    log.warning(
        "process %s v%s published over %d failing test case(s) %s by %s: %s",
        model.key,
        version,
        len(names),
        names,
        actor,
        (reason or "").strip(),
    )


async def overrides(session: AsyncSession, model_id: str) -> list[ProcessTestOverride]:
    """Gets the publications of a model that went ahead over failing cases, newest first."""
    query = (
        select(ProcessTestOverride)
        .where(ProcessTestOverride.model_id == model_id)
        .order_by(ProcessTestOverride.create_date.desc())  # type: ignore[attr-defined]
    )
    return list((await session.exec(query)).all())


async def _subject(
    session: AsyncSession,
    runtime: WorkflowRuntime,
    model: StoredModel,
    bpmn_xml: str | None,
    given: Sequence[TaskDefExtensionSave] = (),
) -> Subject:
    """The model as it would be deployed: its conditions woven in, its rules, the processes it calls."""
    xml = bpmn.weave_conditions(
        bpmn_xml or model.bpmn_xml or "", await modeler_service.form_conditions(session, model.key)
    )
    parsed = next(m for m in bpmn.validate(xml, model.key) if m.id == model.key)
    extensions = await extensions_of(session, model.key, parsed, given)
    return Subject(model.key, xml, parsed, await called_of(runtime, parsed), extensions)


async def _row(session: AsyncSession, model_id: str, version: int) -> ProcessTestSuite | None:
    query = select(ProcessTestSuite).where(
        ProcessTestSuite.model_id == model_id, ProcessTestSuite.version == version
    )
    return (await session.exec(query)).first()


async def _put(session: AsyncSession, model_id: str, version: int, suite: CaseSuite, *, actor: str) -> None:
    row = await _row(session, model_id, version) or ProcessTestSuite(
        model_id=model_id, version=version, cases=""
    )
    row.cases = suite.model_dump_json(by_alias=True)
    row.update_by = actor
    session.add(row)
    await session.flush()
