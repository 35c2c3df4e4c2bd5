"""A small test harness: BPMN snippets, an engine over the in-memory store, task helpers."""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta

from loom_workflow.engine import Engine, InMemoryStore, ManualClock, Registry, SequentialIdGenerator
from loom_workflow.engine.hooks import TaskAssignmentResolver
from loom_workflow.engine.runtime.entities import (
    Execution,
    HistoricActivityInstance,
    HistoricProcessInstance,
    HistoricTaskInstance,
    IdentityLink,
    Job,
    Task,
)

T0 = datetime(2024, 5, 1, 9, 0, tzinfo=UTC)


@contextmanager
def cyclic_garbage() -> Iterator[Callable[[], list[str]]]:
    """Inside, the cyclic collector is off and keeps what it would free; the function it gives collects
    and names the engine's and the store's types among that garbage (a command that left a cycle)."""
    gc.collect()
    gc.disable()
    gc.set_debug(gc.DEBUG_SAVEALL)

    def left() -> list[str]:
        gc.collect()
        return sorted(
            {type(o).__qualname__ for o in gc.garbage if type(o).__module__.startswith("loom_workflow")}
        )

    try:
        yield left
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.enable()


def bpmn(body: str, process_id: str = "p", name: str = "Test process") -> str:
    """Wraps process elements in a definitions document with the flowable namespace."""
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" '
        'xmlns:flowable="http://flowable.org/bpmn" xmlns:activiti="http://activiti.org/bpmn" '
        'targetNamespace="test">'
        f'<process id="{process_id}" name="{name}">{body}</process></definitions>'
    )


def flow(fid: str, source: str, target: str, condition: str | None = None) -> str:
    """A sequence flow, optionally conditional."""
    if condition is None:
        return f'<sequenceFlow id="{fid}" sourceRef="{source}" targetRef="{target}"/>'
    return (
        f'<sequenceFlow id="{fid}" sourceRef="{source}" targetRef="{target}">'
        f"<conditionExpression><![CDATA[{condition}]]></conditionExpression></sequenceFlow>"
    )


def chain(*ids: str) -> str:
    """Flows linking ``ids`` in order (f1, f2, ...)."""
    return "".join(flow(f"f_{a}_{b}", a, b) for a, b in zip(ids, ids[1:], strict=False))


class Harness:
    """Engine + store + clock, with shortcuts used across the unit tests."""

    def __init__(
        self, registry: Registry | None = None, resolver: TaskAssignmentResolver | None = None
    ) -> None:
        self.store = InMemoryStore()
        self.clock = ManualClock(T0)
        self.engine = Engine(
            self.store, clock=self.clock, ids=SequentialIdGenerator(), registry=registry, resolver=resolver
        )

    def deploy(self, *xmls: str) -> None:
        self.engine.deploy({f"p{i}.bpmn20.xml": x for i, x in enumerate(xmls)})

    def start(self, key: str = "p", user: str | None = None, **variables: object) -> str:
        return self.engine.start_process(key, variables=variables, user_id=user).id

    def tasks(self, proc_inst_id: str | None = None) -> list[Task]:
        return [t for t in self.store.rows(Task) if proc_inst_id is None or t.proc_inst_id == proc_inst_id]

    def names(self, proc_inst_id: str | None = None) -> list[str]:
        return sorted(t.name or t.task_def_key for t in self.tasks(proc_inst_id))

    def task(self, name: str) -> Task:
        found = [t for t in self.tasks() if (t.name or t.task_def_key) == name]
        assert len(found) == 1, [t.name for t in self.tasks()]
        return found[0]

    def complete(self, name: str, user: str | None = None, **variables: object) -> None:
        self.engine.complete_task(self.task(name).id, variables, user_id=user)

    def jobs(self, job_type: str | None = None) -> list[Job]:
        return [j for j in self.store.rows(Job) if job_type is None or j.job_type == job_type]

    def advance(self, **delta: float) -> int:
        self.clock.advance(timedelta(**delta))
        return self.engine.run_due_jobs()

    def ended(self, proc_inst_id: str) -> bool:
        running = [e for e in self.store.rows(Execution) if e.proc_inst_id == proc_inst_id]
        hist = self.store.raw(HistoricProcessInstance).get(proc_inst_id)
        return not running and hist is not None and hist.end_time is not None

    def historic(self, proc_inst_id: str) -> HistoricProcessInstance:
        return self.store.raw(HistoricProcessInstance)[proc_inst_id]

    def historic_tasks(self) -> list[HistoricTaskInstance]:
        return self.store.rows(HistoricTaskInstance)

    def activities(self, proc_inst_id: str) -> list[HistoricActivityInstance]:
        return [a for a in self.store.rows(HistoricActivityInstance) if a.proc_inst_id == proc_inst_id]

    def links(self, task_id: str) -> list[IdentityLink]:
        return [link for link in self.store.rows(IdentityLink) if link.task_id == task_id]
