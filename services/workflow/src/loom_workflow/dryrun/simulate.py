"""The run itself, on the engine in a throwaway in-memory store (synchronous: call it in a thread).

Each step is one engine command, as in the service: start as the initiator, then, while the process
lives, complete the oldest open task with the button chosen for its node (agree by default) as one
of its reviewers, or fire the earliest timer after moving the clock to its due time. The people who
would see a task are its assignee, else its candidate users and the members of its candidate groups;
a task nobody would see stops the run on that node with the reason. Back (``_flow_back``) sends the
task to the node chosen for it (default: the last it may go back to, as the task center does) the
first time the node is reached and agrees on later visits, so the run shows the way back and on.
Nothing leaves the in-memory store.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from loom_platform.errors import LoomError
from loom_workflow.dryrun.recorder import RecordingResolver
from loom_workflow.engine import (
    Engine,
    EngineError,
    InMemoryStore,
    ManualClock,
    Registry,
    SequentialIdGenerator,
)
from loom_workflow.engine.commands import (
    BackNodes,
    CompleteTask,
    DeleteProcessInstance,
    ExecuteJob,
    SendBack,
    StartProcess,
)
from loom_workflow.engine.model import ProcessModel, TimerEvent
from loom_workflow.engine.runtime.entities import (
    HistoricActivityInstance,
    HistoricProcessInstance,
    IdentityLink,
    Job,
    Task,
)
from loom_workflow.events import notify_task
from loom_workflow.extension.assignees import MultiInstanceHandler

AGREE = "_flow_agree"
BACK = "_flow_back"
# the engine's words when a call activity names a key with no deployed definition
_NOT_DEPLOYED = re.compile(r"Cannot find process definition with key '(.+?)' for call activity '(.+?)'")
ENDING = {"_flow_reject", "_flow_stop"}
STEP_TYPES = {
    "startEvent": "start",
    "endEvent": "end",
    "userTask": "task",
    "sequenceFlow": "flow",
    "exclusiveGateway": "gateway",
    "parallelGateway": "gateway",
    "inclusiveGateway": "gateway",
}


@dataclass
class Stop:
    """Why the run stopped: a message key of the catalogue and its parameters."""

    node_id: str
    key: str
    params: dict[str, str] = field(default_factory=dict)


@dataclass
class Trace:
    """What happened, as plain data (the service names the users and translates the reasons)."""

    steps: list[dict[str, Any]] = field(default_factory=list)
    status: str = "running"
    stop: Stop | None = None


@dataclass(frozen=True)
class Plan:
    """Everything the run needs, loaded beforehand."""

    key: str
    xml: str
    called: Mapping[str, str]  # key -> XML of processes it calls, deployed next to it
    model: ProcessModel
    initiator: str
    variables: Mapping[str, object]
    buttons: Mapping[str, str]  # node id -> chosen code
    back_to: Mapping[str, str]  # node id -> the node its back button sends the task to
    custom_codes: Mapping[str, Sequence[str]]  # node id -> its custom button codes
    button_names: Mapping[tuple[str, str], str]
    max_steps: int
    now: datetime


class Run:
    """One dry run: the engine, its store, the clock, and what was seen so far."""

    def __init__(self, plan: Plan, resolver: RecordingResolver) -> None:
        self.plan = plan
        self.resolver = resolver
        self.store = InMemoryStore()
        self.clock = ManualClock(plan.now)
        registry = Registry()
        registry.register_bean("multiInstanceHandler", MultiInstanceHandler(resolver))
        registry.register_bean("taskNotifier", notify_task)
        self.engine = Engine(
            self.store,
            clock=self.clock,
            ids=SequentialIdGenerator("dry"),
            registry=registry,
            resolver=resolver,
        )
        self.trace = Trace()
        self._seen: set[str] = set()
        self._timers: set[str] = set()
        self._task_steps: dict[str, dict[str, Any]] = {}
        self._receivers: dict[str, list[str]] = {}
        self._sent_back: set[str] = set()

    # ------------------------------------------------------------------ the loop
    def run(self) -> Trace:
        """Runs until the process ends, stops, waits on nothing it can do, or the step budget ends."""
        for key, xml in self.plan.called.items():
            self.engine.deploy({f"{key}.bpmn20.xml": xml}, name=key)
        self.engine.deploy({f"{self.plan.key}.bpmn20.xml": self.plan.xml}, name=self.plan.key)
        if not self._do(
            StartProcess(key=self.plan.key, variables=dict(self.plan.variables)), self.plan.initiator, ""
        ):
            return self.trace
        for _ in range(self.plan.max_steps):
            if self.trace.status != "running" or not self._advance():
                break
        else:
            self._halt(Stop("", "workflow.dryrun.too_many_steps", {"steps": str(self.plan.max_steps)}))
        return self.trace

    def _advance(self) -> bool:
        tasks = sorted(self.store.rows(Task), key=lambda t: (t.create_time or self.plan.now, t.id))
        if tasks:
            return self._handle(tasks[0])
        jobs = sorted(self.store.rows(Job), key=lambda j: (j.due_date or self.clock.now(), j.id))
        if jobs:
            return self._fire(jobs[0])
        ended = all(h.end_time is not None for h in self.store.rows(HistoricProcessInstance))
        self.trace.status = "completed" if ended else "waiting"
        return False

    def _handle(self, task: Task) -> bool:
        step = self._task_steps.get(task.id, {})
        node = task.task_def_key
        users = self._users_of(task)
        if not users:
            return self._halt(Stop(node, self._nobody_reason(task), {"node": task.name or node}))
        code = self.plan.buttons.get(node) or AGREE
        if code == BACK and node in self._sent_back:
            code = AGREE
        actor = users[0]
        step["button"] = {"code": code, "name": self.plan.button_names.get((node, code), "")}
        step["actedBy"] = actor
        if code in ENDING:
            done = self._do(DeleteProcessInstance(task.proc_inst_id, code), actor, node)
            if done:
                self.trace.status = "rejected" if code == "_flow_reject" else "stopped"
            return False
        if code == BACK:
            return self._send_back(task, step, actor)
        customs = self.plan.custom_codes.get(node, ())
        variables: dict[str, object] = {c: c == code for c in customs}
        return self._do(CompleteTask(task.id, variables), actor, node)

    def _nobody_reason(self, task: Task) -> str:
        """Why nobody would see the task: its rules name nobody, its groups are empty, or it has none."""
        resolution = self.resolver.by_task.get(task.id)
        if resolution and resolution.source == "rules":
            return "workflow.dryrun.nobody"
        return "workflow.dryrun.group_empty" if self._groups(task) else "workflow.dryrun.no_reviewer"

    def _send_back(self, task: Task, step: dict[str, Any], actor: str) -> bool:
        """Sends the task back as the task center's back button does; the node agrees next time."""
        node = task.task_def_key
        legal = [n.activity_id for n in self.engine.execute(BackNodes(task.id), user_id=actor)]
        target = self.plan.back_to.get(node) or (legal[-1] if legal else "")
        if not legal:
            return self._halt(Stop(node, "workflow.task.no_back_node"))
        if target not in legal:
            return self._halt(Stop(node, "workflow.task.back_invalid", {"node": target}))
        self._sent_back.add(node)
        step["backTo"] = target
        return self._do(SendBack(task.id, target), actor, node)

    def _fire(self, job: Job) -> bool:
        if job.due_date is not None and job.due_date > self.clock.now():
            self.clock.set(job.due_date)
        fired = {"type": "timerFired" if job.job_type == "timer" else "job", "nodeId": job.element_id}
        if not self._do(ExecuteJob(job.id), None, job.element_id):
            return False
        self._add(fired)
        return True

    # ------------------------------------------------------------------ recording
    def _do(self, command: Any, actor: str | None, node: str) -> bool:
        try:
            self.engine.execute(command, user_id=actor)
        except EngineError as exc:
            missing = _NOT_DEPLOYED.search(exc.message)
            if missing:
                call = self.plan.model.nodes.get(missing.group(2))
                name = (call.name if call else None) or missing.group(2)
                return self._halt(
                    Stop(
                        missing.group(2),
                        "workflow.dryrun.not_deployed",
                        {"node": name, "process": missing.group(1)},
                    )
                )
            return self._halt(Stop(node, "workflow.dryrun.failed", {"detail": exc.message}))
        except LoomError as exc:  # a reviewer rule that cannot be resolved (a bad sql rule, ...)
            return self._halt(Stop(node, "workflow.dryrun.failed", {"detail": exc.message()}))
        self._collect()
        return True

    def _halt(self, stop: Stop) -> bool:
        self.trace.status = "stopped"
        self.trace.stop = stop
        self._add({"type": "stop", "nodeId": stop.node_id})
        return False

    def _add(self, step: dict[str, Any]) -> dict[str, Any]:
        node = self.plan.model.nodes.get(step["nodeId"])
        step.setdefault("nodeName", (node.name if node else None) or "")
        step.setdefault("at", self.clock.now().isoformat())
        step["seq"] = len(self.trace.steps) + 1
        self.trace.steps.append(step)
        return step

    def _collect(self) -> None:
        activities = [a for a in self.store.rows(HistoricActivityInstance) if a.id not in self._seen]
        for act in sorted(activities, key=lambda a: (a.start_time or self.plan.now, a.transaction_order)):
            self._seen.add(act.id)
            step = self._add(
                {
                    "type": STEP_TYPES.get(act.activity_type, "event"),
                    "nodeId": act.activity_id,
                    "nodeName": act.activity_name or "",
                    "activityType": act.activity_type,
                }
            )
            if act.task_id:
                self._task_steps[act.task_id] = step
                self._describe_task(step, act.task_id)
        for job in self.store.rows(Job):
            if job.job_type == "timer" and job.id not in self._timers:
                self._timers.add(job.id)
                self._add({"type": "timer", "nodeId": job.element_id, "timer": self._timer(job)})

    def _describe_task(self, step: dict[str, Any], task_id: str) -> None:
        resolution = self.resolver.by_task.get(task_id)
        task = next((t for t in self.store.rows(Task) if t.id == task_id), None)
        if task is None:
            return
        step["reviewerIds"] = self._users_of(task)
        step["candidateGroups"] = self._groups(task)
        step["reviewerSource"] = resolution.source if resolution else "none"
        step["outcomes"] = list(resolution.outcomes) if resolution else []

    def _users_of(self, task: Task) -> list[str]:
        """Who would see the task: its assignee, else its candidate users and its groups' members."""
        if task.assignee:
            return [task.assignee]
        if task.id not in self._receivers:
            links = [link for link in self.store.rows(IdentityLink) if link.task_id == task.id]
            users = [link.user_id for link in links if link.type == "candidate" and link.user_id]
            members = self.resolver.members_of(self._groups(task))
            self._receivers[task.id] = list(dict.fromkeys([*users, *members]))
        return self._receivers[task.id]

    def _groups(self, task: Task) -> list[str]:
        links = self.store.rows(IdentityLink)
        return [
            link.group_id
            for link in links
            if link.task_id == task.id and link.type == "candidate" and link.group_id
        ]

    def _timer(self, job: Job) -> dict[str, Any]:
        node = self.plan.model.nodes.get(job.element_id)
        timer = node.timer if isinstance(node, TimerEvent) else None
        return {
            "kind": {"date": "timeDate", "duration": "timeDuration", "cycle": "timeCycle"}.get(
                timer.kind if timer else "", ""
            ),
            "value": timer.value if timer else "",
            "setAt": self.clock.now().isoformat(),
            "dueAt": job.due_date.isoformat() if job.due_date else None,
        }


def run(plan: Plan, resolver: RecordingResolver) -> Trace:
    """Runs the plan; the trace says what happened."""
    return Run(plan, resolver).run()
