"""One instance's migration as the screens show it: the engine's answer (or refusal) in wire shape,
the reason stored as its message key and worded when read, in the reader's language."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

import orjson

from loom_platform.errors import LoomError
from loom_platform.i18n import translate
from loom_workflow.engine.commands import InstanceMigration, MigrateInstance, NotMigratable
from loom_workflow.engine.commands.migrate import TaskState
from loom_workflow.engine.errors import EngineError
from loom_workflow.engine_host import WorkflowRuntime
from loom_workflow.migration.schemas import (
    InstanceOutcome,
    MovePublic,
    TaskChangePublic,
    TaskStatePublic,
    TimerChangePublic,
    VariableChangePublic,
)

GONE, NOT_ON_SOURCE, FAILED = "gone", "not_on_source", "failed"


def reason_json(reason: str, nodes: Iterable[str] = (), detail: str = "") -> str:
    """A stored reason: its key and the nodes (or the error's text) it names."""
    return orjson.dumps({"reason": reason, "nodes": list(nodes), "detail": detail}).decode()


def reason_text(stored: str | None) -> str | None:
    """A stored reason in the reader's language."""
    if not stored:
        return None
    data = orjson.loads(stored)
    nodes = "、".join(data.get("nodes") or [])
    return translate(
        f"workflow.migration.reason.{data['reason']}", nodes=nodes, detail=data.get("detail", "")
    )


def _task(state: TaskState | None) -> TaskStatePublic | None:
    if state is None:
        return None
    return TaskStatePublic(
        activity_id=state.activity_id,
        name=state.name,
        assignee=state.assignee,
        candidates=list(state.candidates),
    )


def _plain(value: object) -> Any:
    """A variable's value as JSON can carry it (dates and other objects as text)."""
    return value if isinstance(value, str | int | float | bool | list | dict | None) else str(value)


def moved(result: InstanceMigration, status: str) -> InstanceOutcome:
    """The engine's answer for an instance that can move (dry run) or moved."""
    return InstanceOutcome(
        proc_ins_id=result.proc_inst_id,
        status=status,  # type: ignore[arg-type]
        moves=[MovePublic(from_id=a, to_id=b) for a, b in result.moves],
        tasks=[TaskChangePublic(before=_task(c.before), after=_task(c.after)) for c in result.tasks],
        timers=[
            TimerChangePublic(
                element_id=t.element_id,
                name=t.name,
                due_before=t.due_before,
                due_after=t.due_after,
                before=t.before,
                after=t.after,
            )
            for t in result.timers
        ],
        variables=[
            VariableChangePublic(name=v.name, before=_plain(v.before), after=_plain(v.after))
            for v in result.variables
        ],
    )


async def migrate_one(
    runtime: WorkflowRuntime,
    proc_inst_id: str,
    *,
    source_id: str,
    target_id: str,
    mapping: Mapping[str, str],
    variables: Mapping[str, object],
    note: str | None,
    actor: str | None,
    dry_run: bool,
) -> tuple[InstanceMigration | None, str | None]:
    """Migrates (or dry-runs) one instance in its own engine transaction: the engine's answer, or
    the stored reason it stays where it is (nothing changed)."""
    execution = await runtime.query(lambda tx: tx.get_execution(proc_inst_id))
    if execution is None or execution.parent_id is not None:
        return None, reason_json(GONE)
    if execution.proc_def_id != source_id:
        return None, reason_json(NOT_ON_SOURCE)
    command = MigrateInstance(proc_inst_id, target_id, dict(mapping), dict(variables), note)
    try:
        return await runtime.run(command, user_id=actor, dry_run=dry_run), None
    except LoomError as exc:
        refused = exc.__cause__
        if isinstance(refused, NotMigratable):
            return None, reason_json(refused.reason, refused.nodes)
        detail = refused.message if isinstance(refused, EngineError) else exc.message()
        return None, reason_json(FAILED, detail=detail)
