"""Structural invariants of the stored runtime state, checked after every corpus step."""

from __future__ import annotations

from loom_workflow.engine import InMemoryStore
from loom_workflow.engine.runtime.entities import (
    Execution,
    HistoricActivityInstance,
    HistoricProcessInstance,
    IdentityLink,
    Job,
    Task,
    Variable,
)


def assert_consistent(store: InMemoryStore) -> None:
    """Every runtime row hangs off a live execution; open history belongs to live executions."""
    executions = store.raw(Execution)
    for e in executions.values():
        assert e.parent_id is None or e.parent_id in executions, f"orphan execution {e}"
        assert e.proc_inst_id in executions, f"execution {e.id} of a missing instance"
        assert e.super_execution_id is None or e.super_execution_id in executions, f"dangling caller {e}"
        if e.parent_id is None:
            hist = store.raw(HistoricProcessInstance).get(e.id)
            assert hist is not None and hist.end_time is None, f"running instance {e.id} ended in history"
    for task in store.raw(Task).values():
        assert task.execution_id in executions, f"task {task.name} without execution"
    for job in store.raw(Job).values():
        assert job.execution_id in executions, f"job {job.id} without execution"
    for var in store.raw(Variable).values():
        assert var.execution_id in executions, f"variable {var.name} without execution"
    for link in store.raw(IdentityLink).values():
        assert link.task_id is None or link.task_id in store.raw(Task), f"link of a missing task {link}"
    for act in store.raw(HistoricActivityInstance).values():
        if act.end_time is None:
            assert act.execution_id in executions, f"open activity {act.activity_id} of a gone execution"
