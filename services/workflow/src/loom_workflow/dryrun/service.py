"""Dry run: load what the run needs (the model, its reviewer rules and buttons, the initiator, the
processes it calls), run it in a thread on a throwaway engine, and name the people in the answer."""

from __future__ import annotations

import asyncio
import contextvars
import functools
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

from sqlmodel.ext.asyncio.session import AsyncSession

from loom_platform.i18n import translate
from loom_workflow.dryrun import simulate
from loom_workflow.dryrun.errors import InitiatorNotFound, InitiatorRequired, NothingToRun
from loom_workflow.dryrun.recorder import RecordingResolver
from loom_workflow.dryrun.schemas import DryRunRequest, DryRunResult, DryRunReviewer, DryRunStep, RuleOutcome
from loom_workflow.engine import StoreTx
from loom_workflow.engine.model import CallActivity, ProcessModel, UserTask
from loom_workflow.engine.runtime.entities import ProcessDefinition
from loom_workflow.engine_host import WorkflowRuntime
from loom_workflow.extension import service as extension_service
from loom_workflow.extension.assignees import Directory, Rule, bridge, kept
from loom_workflow.extension.schemas import TaskDefExtensionSave
from loom_workflow.modeler import bpmn
from loom_workflow.modeler import service as modeler_service
from loom_workflow.modeler.errors import InvalidModel
from loom_workflow.task.schemas import START_RESERVED, typed
from loom_workflow.users import user_infos


async def dry_run(
    session: AsyncSession, runtime: WorkflowRuntime, directory: Directory | None, body: DryRunRequest
) -> DryRunResult:
    """Runs the model as ``body.initiator_id`` would start it; nothing is stored or published."""
    if not body.initiator_id.strip():
        raise InitiatorRequired()
    key, xml = await _diagram(session, body)
    xml = bpmn.weave_conditions(xml, await modeler_service.form_conditions(session, key))
    model = next(m for m in bpmn.validate(xml, key) if m.id == key)
    extensions = await extensions_of(session, key, model, body.extensions)
    initiator = (await user_infos(directory, [body.initiator_id])).get(body.initiator_id)
    if initiator is None:
        raise InitiatorNotFound()
    variables = start_variables(body.initiator_id, body.variables, initiator)
    plan = simulate.Plan(
        key=key,
        xml=xml,
        called=await called_of(runtime, model),
        model=model,
        initiator=body.initiator_id,
        variables=variables,
        buttons=body.buttons,
        back_to=body.back_to,
        custom_codes={
            n: [b.code for b in e.flow_button_list if b.code and not b.code.startswith("_flow_")]
            for n, e in extensions.items()
        },
        button_names={(n, b.code): b.name for n, e in extensions.items() for b in e.flow_button_list},
        max_steps=body.max_steps,
        now=datetime.now(UTC),
    )
    loop = asyncio.get_running_loop()
    resolver = RecordingResolver(
        runtime.store,
        directory,
        bridge(loop),
        {n: rules_of(e) for n, e in extensions.items()},
        sql_url=runtime.settings.sql_reviewer_database_url,
        sql_views=runtime.settings.sql_reviewer_views,
    )
    context = contextvars.copy_context()
    trace = await loop.run_in_executor(None, lambda: context.run(simulate.run, plan, resolver))
    return await _answer(directory, trace, variables)


async def _diagram(session: AsyncSession, body: DryRunRequest) -> tuple[str, str]:
    """The process key and the XML to run: the designer's, else the saved model's."""
    if body.model_id:
        model = await modeler_service.get(session, body.model_id)
        return model.key, body.bpmn_xml or model.bpmn_xml or ""
    if not (body.bpmn_xml or "").strip():
        raise NothingToRun()
    key = body.key or bpmn.first_process_key(body.bpmn_xml or "")
    if not key:
        raise InvalidModel("workflow.model.no_process")
    return key, body.bpmn_xml or ""


async def extensions_of(
    session: AsyncSession, key: str, model: ProcessModel, given: Sequence[TaskDefExtensionSave]
) -> dict[str, TaskDefExtensionSave]:
    """Each user task's extension: the designer's unsaved one when given, else the saved one."""
    by_node = {e.task_def_id: e for e in given}
    out: dict[str, TaskDefExtensionSave] = {}
    for node in model.nodes.values():
        if not isinstance(node, UserTask):
            continue
        if node.id in by_node:
            out[node.id] = by_node[node.id]
        else:
            saved = await extension_service.extension_of(session, key, node.id)
            out[node.id] = TaskDefExtensionSave.model_validate(saved)
    return out


def rules_of(ext: TaskDefExtensionSave) -> list[Rule]:
    """The reviewer rules the service would keep (type and value, or a type that needs no value)."""
    rows = sorted(ext.flow_assignee_list, key=lambda a: a.sort)
    return [
        Rule(a.type, a.value or "", a.condition or "", a.operation_type or "0")
        for a in rows
        if kept(a.type, a.value)
    ]


async def called_of(runtime: WorkflowRuntime, model: ProcessModel) -> dict[str, str]:
    """The deployed XML of every process the model calls (a key that is not deployed is left out:
    the run then stops on that call activity with the engine's reason)."""
    keys = {
        n.called_element for n in model.nodes.values() if isinstance(n, CallActivity) and n.called_element
    }
    found: dict[str, str] = {}
    for called in sorted(keys - {model.id}):
        definition = await runtime.query(functools.partial(_latest, key=called))
        if definition is not None:
            found[called] = definition.bpmn_xml
    return found


def _latest(tx: StoreTx, *, key: str) -> ProcessDefinition | None:
    return tx.find_definition(key)


def start_variables(
    initiator_id: str, given: Mapping[str, Any], initiator: Mapping[str, str]
) -> dict[str, object]:
    """The start values typed as the start call types them, and the initiator's variables."""
    values: dict[str, object] = {k: typed(v) for k, v in given.items() if k not in START_RESERVED}
    values.update(
        {
            "title": str(given.get("title") or ""),
            "userName": initiator.get("name", ""),
            "applyUserId": initiator_id,
            "applyUserOfficeId": initiator.get("officeId", ""),
            "applyUserCompanyId": initiator.get("companyId", ""),
        }
    )
    return values


async def _answer(
    directory: Directory | None, trace: simulate.Trace, variables: dict[str, object]
) -> DryRunResult:
    ids: set[str] = set()
    for raw in trace.steps:
        ids.update(raw.get("reviewerIds", ()))
        ids.update(u for o in raw.get("outcomes", ()) for u in o.user_ids)
        if raw.get("actedBy"):
            ids.add(raw["actedBy"])
    infos = await user_infos(directory, ids)

    def name(user_id: str) -> str:
        return str(infos.get(user_id, {}).get("name", user_id))

    steps: list[DryRunStep] = []
    for raw in trace.steps:
        step = DryRunStep(
            seq=raw["seq"],
            type=raw["type"],
            node_id=raw["nodeId"],
            node_name=raw.get("nodeName", ""),
            activity_type=raw.get("activityType", ""),
            at=raw.get("at", ""),
            reviewers=[
                DryRunReviewer(id=u, name=name(u), login_name=infos.get(u, {}).get("loginName", ""))
                for u in raw.get("reviewerIds", ())
            ],
            rules=[
                RuleOutcome(
                    type=o.rule.type,
                    value=o.rule.value,
                    condition=o.rule.condition,
                    operation_type=o.rule.operation_type,
                    applied=o.applied,
                    user_ids=list(o.user_ids),
                    users=[name(u) for u in o.user_ids],
                )
                for o in raw.get("outcomes", ())
            ],
            candidate_groups=raw.get("candidateGroups", []),
            reviewer_source=raw.get("reviewerSource", ""),
            button=raw.get("button"),
            acted_by=raw.get("actedBy"),
            back_to=raw.get("backTo"),
            timer=raw.get("timer"),
        )
        if raw["type"] == "stop" and trace.stop is not None:
            step.reason = translate(trace.stop.key, **trace.stop.params)
        steps.append(step)
    visited = [s.node_id for s in steps if s.type in ("start", "task", "gateway", "event", "end")]
    return DryRunResult(
        status=trace.status,
        stopped_at=trace.stop.node_id if trace.stop else None,
        reason=translate(trace.stop.key, **trace.stop.params) if trace.stop else None,
        steps=steps,
        activity_ids=list(dict.fromkeys(visited)),
        flows=list(dict.fromkeys(s.node_id for s in steps if s.type == "flow")),
        variables={
            k: v for k, v in variables.items() if isinstance(v, str | int | float | bool) or v is None
        },
    )
