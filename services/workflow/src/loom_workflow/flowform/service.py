"""The start and task forms of processes whose nodes carry ``flowable:formProperty``.

Reads answer Flowable's ``FormProperty`` list under the key the client reads (``startFormData``,
``taskFormData``), with the values the instance holds (the history's last written variables).
Submits check the node's writable properties with the form rules, then start the process or
complete the task through the same task service as ``/flowable/task/start`` and ``audit``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sqlalchemy import select
from sqlmodel.ext.asyncio.session import AsyncSession

from loom_platform.i18n import current_language
from loom_workflow.engine_host import WorkflowRuntime
from loom_workflow.flowform.properties import FormProperty, check, node_properties
from loom_workflow.forms_client import FormDataInvalid
from loom_workflow.pgstore import tables as t
from loom_workflow.process import queries as process_queries
from loom_workflow.process.errors import InstanceNotFound
from loom_workflow.task import service as task_service
from loom_workflow.task import start as starting
from loom_workflow.task.errors import TaskNotFound
from loom_workflow.task.schemas import AuditRequest, Comment, StartRequest, json_object


async def open_task(session: AsyncSession, task_id: str) -> Any:
    """The open task row (TaskNotFound when it is done or unknown)."""
    found = (await session.execute(select(t.task).where(t.task.c.id == task_id))).first()
    if found is None:
        raise TaskNotFound()
    return found


def _rendered(properties: Sequence[FormProperty], values: Mapping[str, Any]) -> list[dict[str, Any]]:
    return [p.render(values.get(p.variable_name)) for p in properties]


async def start_form_data(session: AsyncSession, proc_def_id: str) -> dict[str, Any]:
    """``{startFormData}``: the start event's properties with their defaults."""
    xml = await process_queries.definition_xml(session, proc_def_id)
    return {"startFormData": _rendered(node_properties(xml, None), {})}


async def task_form_data(session: AsyncSession, task_id: str) -> dict[str, Any]:
    """``{taskFormData}``: the task node's properties with the instance's current values."""
    task = await open_task(session, task_id)
    xml = await process_queries.definition_xml(session, task.proc_def_id)
    values = await process_queries.historic_variables(session, task.proc_inst_id)
    return {"taskFormData": _rendered(node_properties(xml, task.task_def_key), values)}


async def history_form_data(
    session: AsyncSession, *, proc_inst_id: str, proc_def_id: str | None, task_def_key: str | None
) -> dict[str, Any]:
    """``{taskFormData}``: the readable properties of a node (the start event when the node has
    none by that id) with the values the instance last wrote; JeePlus answers ``{id, name, value,
    readable}`` and so does this."""
    found = await process_queries.instance(session, proc_inst_id)
    if found is None:
        raise InstanceNotFound()
    xml = await process_queries.definition_xml(session, proc_def_id or found.proc_def_id)
    properties = node_properties(xml, task_def_key) if task_def_key else ()
    if not properties:
        properties = node_properties(xml, None)
    values = await process_queries.historic_variables(session, proc_inst_id)
    return {
        "taskFormData": [
            {"id": p.id, "name": p.name, "value": values.get(p.variable_name), "readable": True}
            for p in properties
            if p.readable
        ]
    }


def _checked(properties: tuple[FormProperty, ...], fields: Mapping[str, str]) -> dict[str, Any]:
    """The variables of a submit's ``data`` (a JSON object), or FormDataInvalid naming the fields."""
    data = json_object(fields.get("data"), "data")
    variables, errors = check(properties, data, current_language.get())
    if errors:
        raise FormDataInvalid(errors)
    return variables


async def submit_start(
    runtime: WorkflowRuntime,
    session: AsyncSession,
    fields: Mapping[str, str],
    *,
    initiator: Mapping[str, str],
    actor: str,
    groups: Sequence[str],
) -> str:
    """Starts ``processDefinitionId`` with the start form's ``data``; answers the instance id."""
    proc_def_id = fields.get("processDefinitionId") or ""
    xml = await process_queries.definition_xml(session, proc_def_id)
    variables = _checked(node_properties(xml, None), fields)
    request = StartRequest(
        key=None,
        definition_id=proc_def_id,
        business_table=None,
        business_id=None,
        title=fields.get("title") or None,
        assignee=fields.get("assignee") or None,
        submitted=variables,
        variables=variables,
    )
    return await starting.start(runtime, request, initiator=initiator, actor=actor, groups=groups)


def _comment(fields: Mapping[str, str]) -> Comment:
    """The handler's comment: ``comment`` as JSON text, or the client's dotted ``comment.*`` fields."""
    text = fields.get("comment") or ""
    if text.startswith("{"):
        return Comment.from_json(json_object(text, "comment"))
    dotted = {k.removeprefix("comment."): v for k, v in fields.items() if k.startswith("comment.")}
    if text and "message" not in dotted:
        dotted["message"] = text
    return Comment.from_json(dotted)


async def submit_task(
    runtime: WorkflowRuntime,
    session: AsyncSession,
    fields: Mapping[str, str],
    *,
    actor: str,
    groups: Sequence[str],
) -> str:
    """Completes ``taskId`` with the task form's ``data``; answers the instance id."""
    task = await open_task(session, fields.get("taskId") or "")
    xml = await process_queries.definition_xml(session, task.proc_def_id)
    variables = _checked(node_properties(xml, task.task_def_key), fields)
    request = AuditRequest(
        task_id=task.id,
        comment=_comment(fields),
        assignee=fields.get("assignee") or None,
        submitted=variables,
        variables=variables,
    )
    return await task_service.audit(runtime, request, actor=actor, groups=groups)
