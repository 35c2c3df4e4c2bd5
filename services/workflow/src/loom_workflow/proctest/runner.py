"""A case run: the dry run's engine (``dryrun.simulate.Run``: a throwaway in-memory store, a manual
clock, the service's reviewer resolution) driven by the case's steps instead of the dry run's
"agree at every node", then the case's expectations checked. Synchronous: call it in a thread.

A step names the node it expects to act on: when the open task is elsewhere, that step is where the
case diverged. Expectations checked at the end name the node to highlight: for the path, the last
node both paths share (where the process went another way); else the node checked.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from loom_platform.i18n import translate
from loom_workflow.dryrun import simulate
from loom_workflow.dryrun.recorder import RecordingResolver
from loom_workflow.engine import IllegalArgument
from loom_workflow.engine.commands import (
    BackNodes,
    CompleteTask,
    DeleteProcessInstance,
    SendBack,
    StartProcess,
)
from loom_workflow.engine.runtime.entities import Execution, HistoricProcessInstance, Job, Task, Variable
from loom_workflow.engine.timers import parse_duration
from loom_workflow.proctest.schemas import ASSIGNEE, CaseFailure, CaseResult, CaseStep, ProcessCase
from loom_workflow.task.schemas import typed, typed_variables

NODE_STEPS = ("start", "task", "gateway", "event", "end")


class CaseRun(simulate.Run):
    """One case on its own engine; :meth:`result` runs it."""

    def __init__(self, plan: simulate.Plan, resolver: RecordingResolver, case: ProcessCase) -> None:
        super().__init__(plan, resolver)
        self.case = case
        self.failures: list[CaseFailure] = []
        self.variables: dict[str, object] = {}

    def result(self) -> CaseResult:
        """Starts the process, plays the steps, checks the expectations."""
        began = time.perf_counter()
        for key, xml in self.plan.called.items():
            self.engine.deploy({f"{key}.bpmn20.xml": xml}, name=key)
        self.engine.deploy({f"{self.plan.key}.bpmn20.xml": self.plan.xml}, name=self.plan.key)
        started = self._do(
            StartProcess(key=self.plan.key, variables=dict(self.plan.variables)), self.plan.initiator, ""
        )
        if not started:
            self._stopped(0)
        else:
            self._settle()
            self._play()
        if not self.failures:
            self._expect()
        path = self.path()
        return CaseResult(
            name=self.case.name,
            passed=not self.failures,
            failures=self.failures,
            diverged_at=self.failures[0].node_id if self.failures else None,
            status=self.status(),
            activity_ids=list(dict.fromkeys(path)),
            flows=list(dict.fromkeys(s["nodeId"] for s in self.trace.steps if s["type"] == "flow")),
            millis=round((time.perf_counter() - began) * 1000, 2),
        )

    # ------------------------------------------------------------------ the steps
    def _play(self) -> None:
        for index, step in enumerate(self.case.steps, start=1):
            if self.trace.stop is not None:
                self._stopped(index)
                return
            done = self._wait(index, step) if step.wait else self._act(index, step)
            if not done:
                return None
            self._settle()
        if self.trace.stop is not None:
            self._stopped(len(self.case.steps))
        return None

    def _act(self, index: int, step: CaseStep) -> bool:
        tasks = self.open_tasks()
        if not tasks:
            return self._fail(index, self.fork(), "no_task", node=self._label(step.node) or "-")
        task = next((t for t in tasks if t.task_def_key == step.node), None) if step.node else tasks[0]
        if task is None:
            return self._fail(
                index,
                tasks[0].task_def_key,
                "not_at",
                expected=self._label(step.node),
                actual=", ".join(self._label(t.task_def_key) for t in tasks),
            )
        node = task.task_def_key
        users = self._users_of(task)
        if step.actor == ASSIGNEE or not step.actor:
            if not users:
                return self._fail(index, node, "nobody", node=self._label(node))
            actor = users[0]
        elif step.actor not in users:
            return self._fail(
                index,
                node,
                "not_reviewer",
                user=step.actor,
                node=self._label(node),
                reviewers=", ".join(users),
            )
        else:
            actor = step.actor
        return self._complete(index, task, step, actor)

    def _complete(self, index: int, task: Task, step: CaseStep, actor: str) -> bool:
        node, code = task.task_def_key, step.button or simulate.AGREE
        if code in simulate.ENDING:
            ok = self._do(DeleteProcessInstance(task.proc_inst_id, code), actor, node)
        elif code == simulate.BACK:
            legal = [n.activity_id for n in self.engine.execute(BackNodes(task.id), user_id=actor)]
            target = step.back_to or (legal[-1] if legal else "")
            if target not in legal:
                return self._fail(index, node, "back_invalid", node=self._label(target) or "-")
            ok = self._do(SendBack(task.id, target), actor, node)
        else:
            customs = self.plan.custom_codes.get(node, ())
            values: dict[str, object] = {**typed_variables(step.values), **{c: c == code for c in customs}}
            ok = self._do(CompleteTask(task.id, values), actor, node)
        return ok or self._stopped(index)

    def _wait(self, index: int, step: CaseStep) -> bool:
        """Moves the clock by the step's duration, firing every timer (and deadline) due by then."""
        try:
            until = parse_duration(step.wait).add_to(self.clock.now())
        except IllegalArgument:
            return self._fail(index, self.last_node(), "bad_wait", value=step.wait)
        for _ in range(self.plan.max_steps):
            due = [j for j in self.store.rows(Job) if j.due_date is None or j.due_date <= until]
            if not due:
                break
            job = min(due, key=lambda j: (j.due_date or self.clock.now(), j.id))
            if not self._fire(job):
                return self._stopped(index)
        if until > self.clock.now():
            self.clock.set(until)
        return True

    def _settle(self) -> None:
        """Runs what is due now (asynchronous continuations, timers already due), as the worker would."""
        for _ in range(self.plan.max_steps):
            now = self.clock.now()
            due = [j for j in self.store.rows(Job) if j.due_date is None or j.due_date <= now]
            if not due or self.trace.stop is not None or not self._fire(min(due, key=lambda j: j.id)):
                return

    def _collect(self) -> None:
        """The dry run's record, and the process's variables as they stand (kept after it ends)."""
        super()._collect()
        for var in self.store.rows(Variable):
            if var.task_id is None and var.execution_id == var.proc_inst_id:
                self.variables[var.name] = var.value

    # ------------------------------------------------------------------ the expectations
    def _expect(self) -> None:
        expect = self.case.expect
        if expect.path is not None:
            self._expect_path(expect.path)
        for node, users in expect.assignees.items():
            actual = self.receivers(node)
            if actual is None or set(actual) != set(users):
                self._fail(
                    None,
                    node,
                    "assignees",
                    node=self._label(node),
                    expected=", ".join(users),
                    actual="-" if actual is None else ", ".join(actual) or "-",
                )
        for name, value in expect.variables.items():
            stored = self.variables.get(name)
            if not _same(stored, value):
                self._fail(None, self.last_node(), "variable", name=name, expected=value, actual=stored)
        if expect.end and (self.status() != "completed" or expect.end not in self.path()):
            self._fail(None, self.last_node(), "end", expected=self._label(expect.end), actual=self._where())
        if expect.waiting_at and expect.waiting_at not in self.waiting():
            self._fail(
                None,
                self.last_node(),
                "waiting",
                expected=self._label(expect.waiting_at),
                actual=self._where(),
            )

    def _expect_path(self, expected: Sequence[str]) -> None:
        actual = self.path()
        for i in range(max(len(expected), len(actual))):
            want = expected[i] if i < len(expected) else None
            got = actual[i] if i < len(actual) else None
            if want == got:
                continue
            after = actual[i - 1] if i else (got or want or "")
            self._fail(
                None,
                after,
                "path",
                after=self._label(after),
                expected=self._label(want) if want else "-",
                actual=self._label(got) if got else "-",
            )
            return

    # ------------------------------------------------------------------ what the run shows
    def path(self) -> list[str]:
        """The nodes passed, in order."""
        return [s["nodeId"] for s in self.trace.steps if s["type"] in NODE_STEPS]

    def open_tasks(self) -> list[Task]:
        return sorted(self.store.rows(Task), key=lambda t: (t.create_time or self.plan.now, t.id))

    def waiting(self) -> list[str]:
        """The nodes the process waits at: open tasks, timers, executions parked on a node."""
        nodes = [t.task_def_key for t in self.open_tasks()]
        nodes += [j.element_id for j in self.store.rows(Job) if j.element_id]
        nodes += [e.activity_id for e in self.store.rows(Execution) if e.activity_id]
        return list(dict.fromkeys(nodes))

    def receivers(self, node: str) -> list[str] | None:
        """Who the node's first task went to (None when the node had no task)."""
        step = next((s for s in self.trace.steps if s["type"] == "task" and s["nodeId"] == node), None)
        return None if step is None else list(step.get("reviewerIds", []))

    def status(self) -> str:
        if self.trace.stop is not None or self.trace.status in ("rejected", "stopped"):
            return self.trace.status
        instances = self.store.rows(HistoricProcessInstance)
        return "completed" if instances and all(h.end_time for h in instances) else "waiting"

    def last_node(self) -> str:
        path = self.path()
        return path[-1] if path else ""

    def fork(self) -> str:
        """Where the process went its own way since the last task: the last gateway passed after it,
        else the last node (what a step that finds no task highlights)."""
        for step in reversed(self.trace.steps):
            if step["type"] == "task":
                break
            if step["type"] == "gateway":
                return str(step["nodeId"])
        return self.last_node()

    def _where(self) -> str:
        waiting = self.waiting()
        if waiting:
            return ", ".join(self._label(n) for n in waiting)
        return self._label(self.last_node()) or "-"

    def _label(self, node_id: str) -> str:
        node = self.plan.model.nodes.get(node_id)
        name = node.name if node is not None else None
        return f"{name}({node_id})" if name and name != node_id else node_id

    def _fail(self, step: int | None, at: str, key: str, /, **params: Any) -> bool:
        text = translate(f"workflow.proctest.{key}", **{k: str(v) for k, v in params.items()})
        if step:
            text = translate("workflow.proctest.at_step", step=str(step), text=text)
        self.failures.append(CaseFailure(step=step, node_id=at, message=text))
        return False

    def _stopped(self, step: int) -> bool:
        """The engine stopped the run (an error, nobody to act): that step diverged."""
        stop = self.trace.stop
        if stop is None:
            return False
        reason = translate(stop.key, **stop.params)
        return self._fail(step or None, stop.node_id or self.last_node(), "stopped", reason=reason)


def _same(actual: object, expected: object) -> bool:
    """A variable as the case wrote it (``"5"`` and ``5`` alike, as a form submits them)."""
    return actual == expected or actual == typed(expected) or str(actual) == str(expected)


def run(plan: simulate.Plan, resolver: RecordingResolver, case: ProcessCase) -> CaseResult:
    """Runs one case on its own engine."""
    return CaseRun(plan, resolver, case).result()
