"""Starting a process: the start form's data stored by forms first, then one engine command."""

from __future__ import annotations

import functools
import logging
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from loom_platform.wire import new_id
from loom_workflow import forms_client
from loom_workflow.engine.commands import StartProcess
from loom_workflow.engine.context import CommandContext
from loom_workflow.engine_host import WorkflowRuntime
from loom_workflow.process.errors import StartDenied
from loom_workflow.process.service import may_start
from loom_workflow.task.handling import assign_next
from loom_workflow.task.schemas import StartRequest, typed_variables

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Started:
    proc_inst_id: str


async def start(
    runtime: WorkflowRuntime,
    request: StartRequest,
    *,
    initiator: Mapping[str, str],
    actor: str,
    groups: Sequence[str] = (),
) -> str:
    """Starts the latest version of ``key`` with a business key; returns the instance id.

    A process naming its starters (candidateStarterUsers/Groups) refuses anyone else. A start event
    with a dynamic form has its data validated and stored by forms first (invalid: nothing starts)."""
    key, definition_id, business_table = request.key, request.definition_id, request.business_table
    business_id, title = request.business_id, request.title
    form = await _start_form(runtime, key, definition_id)
    if form is not None and not business_id:
        business_id = new_id()
    business_key = f"{business_table}:{business_id}" if business_table and business_id else business_id
    # A start is not retried as such (a second call starts a second instance), and a record may be
    # submitted again after a rejection: each start writes its own data, under its own save id.
    save_start = (
        functools.partial(
            forms_client.client(runtime.settings.forms_grpc_address).store,
            form,
            business_key=business_key,
            task_id=f"start:{new_id()}",
            user_id=actor,
        )
        if form is not None and business_key
        else None
    )
    values = dict(request.variables)
    if save_start is not None and form is not None:
        # the start form's fields carry only what forms stored, never what the client sent for them
        stored = await save_start(values=request.submitted)
        forms = forms_client.client(runtime.settings.forms_grpc_address)
        fields = await forms.field_ids(form.json_id)
        values = typed_variables(forms_client.process_values(fields, values, stored))
    values.update(
        {
            "title": title or "",
            "userName": initiator.get("name", actor),
            "applyUserId": actor,
            "applyUserOfficeId": initiator.get("officeId", ""),
            "applyUserCompanyId": initiator.get("companyId", ""),
            "businessTable": business_table or "",
            "businessId": business_id or "",
        }
    )

    def run(ctx: CommandContext) -> str:
        definition = (
            ctx.session.definition(definition_id) if definition_id else ctx.session.find_definition(key or "")
        )
        if definition is not None:
            model = ctx.model(definition.id)
            if not may_start(model, actor, groups):
                raise StartDenied(name=model.name or definition.name or definition.key)
        instance = StartProcess(
            key=None if definition_id else key,
            definition_id=definition_id,
            business_key=business_key,
            variables=values,
            name=title or None,
        ).execute(ctx)
        assign_next(ctx, set(), request.assignee)
        return instance.id

    instance_id: str = await runtime.call(run, user_id=actor)
    if save_start is not None:
        await _name_start_save(save_start, instance_id)
    return instance_id


async def _name_start_save(save_start: Callable[..., Awaitable[object]], instance_id: str) -> None:
    """Repeats the start's save with its instance (the same save id changes no data), so that a
    business key reused by a later start keeps each instance's form history apart. The instance has
    started either way: a failure here only leaves the save matched by its document."""
    try:
        await save_start(values={}, proc_inst_id=instance_id)
    except Exception:  # noqa: BLE001 - the start itself succeeded; the history link is best effort
        log.warning("the start save of instance %s is not linked to it", instance_id, exc_info=True)


async def _start_form(
    runtime: WorkflowRuntime, key: str | None, definition_id: str | None
) -> forms_client.NodeForm | None:
    """The dynamic form of the start event of the definition a start would use."""

    def read(tx: Any) -> forms_client.NodeForm | None:
        definition = tx.get_definition(definition_id) if definition_id else tx.find_definition(key or "")
        return forms_client.start_form(definition.bpmn_xml) if definition is not None else None

    return await runtime.query(read)
