"""Step verbs of the corpus README, as methods of :class:`ScenarioRunner`."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from loom_workflow.engine import commands as c
from loom_workflow.engine.runtime.entities import (
    Execution,
    HistoricActivityInstance,
    HistoricProcessInstance,
    HistoricTaskInstance,
    IdentityLink,
    Job,
    ProcessDefinition,
    Task,
    Variable,
)
from loom_workflow.engine.timers import parse_duration

from .corpus_runner import COUNTED_EVENT_TYPES, ERRORS, T0, ScenarioRunner, _check, _check_each, _value, _vars


def _names(names: list[str], order: str) -> Any:
    if order == "name_asc":
        return sorted(names)
    if order == "name_desc":
        return sorted(names, reverse=True)
    return Counter(names)


class Steps(ScenarioRunner):
    """All verbs."""

    # ------------------------------------------------------------ lifecycle
    def do_authenticate(self, arg: Any) -> None:
        self.user = _value(arg)

    def do_start(self, arg: dict[str, Any]) -> None:
        instance = self.engine.start_process(arg["key"], variables=_vars(arg.get("vars")), user_id=self.user)
        self.current = instance.id

    def do_start_fails(self, arg: dict[str, Any]) -> None:
        variables = _vars(arg.get("vars"))
        with pytest.raises(ERRORS[arg["error"]]) as info:
            self.engine.start_process(arg["key"], variables=variables, user_id=self.user)
        message = str(info.value)
        bean = next(
            (str(v) for v in variables.values() if not isinstance(v, str | int | float | list | dict)), None
        )
        if "message" in arg:
            expected = arg["message"].replace(":S ", f":{bean} ") if bean else arg["message"]
            assert message == expected, f"message {message!r} != {expected!r}"
        if "message_contains" in arg:
            assert arg["message_contains"] in message, message

    def do_set_clock(self, arg: Any) -> None:
        text = str(_value(arg))
        self.clock.set(T0 if text == "T0" else parse_duration(text[3:]).add_to(T0))

    def do_repeat(self, arg: dict[str, Any]) -> None:
        for _ in range(arg["times"]):
            self.steps(arg["steps"])

    # ------------------------------------------------------------ tasks
    def do_expect_tasks(self, arg: dict[str, Any]) -> None:
        order = arg.get("order", "any")
        names = [t.name or "" for t in self.tasks(arg.get("scope", "engine"))]
        assert _names(names, order) == _names(arg["names"], order), f"tasks {names}"

    def do_expect_single_task(self, arg: dict[str, Any]) -> None:
        self._single(arg)

    def do_expect_task_count(self, arg: Any) -> None:
        scope = arg.get("scope", "engine") if isinstance(arg, dict) else "engine"
        found = self.tasks(scope)
        assert len(found) == _value(arg), f"tasks {[t.name for t in found]}"

    def do_expect_task_assignees(self, arg: dict[str, Any]) -> None:
        actual = [t.assignee for t in self.tasks(arg.get("scope", "engine"))]
        if arg.get("order", "any") == "assignee_asc":
            assert sorted(actual, key=str) == arg["assignees"], actual
        else:
            assert Counter(actual) == Counter(arg["assignees"]), actual

    def do_complete_task(self, arg: dict[str, Any]) -> None:
        task = self._single(arg)
        self.engine.complete_task(task.id, _vars(arg.get("vars")), user_id=self.user)
        self.last_completed = task.id

    def do_expect_task_execution_local_vars(self, arg: dict[str, Any]) -> None:
        task = self._single({"name": arg["task"]})
        local = self.engine.execute(c.GetVariables(task.execution_id, local=True))
        assert local == arg["vars"], local

    def do_expect_each_task_execution_local_vars(self, arg: dict[str, Any]) -> None:
        counters = []
        for task in self.tasks("process_instance"):
            local = self.engine.execute(c.GetVariables(task.execution_id, local=True))
            counters.append(local.get("loopCounter"))
            for key, expect in arg.items():
                if key not in ("loopCounter_values", "note", "optional"):
                    _check(expect, local.get(key), key)
        assert sorted(counters) == arg["loopCounter_values"], counters

    def do_expect_variables(self, arg: dict[str, Any]) -> None:
        assert self.current is not None
        actual = self.engine.execute(c.GetVariables(self.current, local=True))
        assert actual == arg["equals"], actual

    # ------------------------------------------------------------ jobs
    def do_expect_timer_jobs(self, arg: dict[str, Any]) -> None:
        assert len(self._timer_jobs()) == arg["count"], self._timer_jobs()

    def do_expect_due_timer_jobs(self, arg: dict[str, Any]) -> None:
        due = [j for j in self._timer_jobs() if j.due_date is not None and j.due_date <= self.clock.now()]
        assert len(due) == arg["count"], due

    def do_expect_timer_job(self, arg: dict[str, Any]) -> None:
        found = [j for j in self._timer_jobs() if j.element_id == arg["element_id"]]
        assert len(found) == 1 and found[0].element_name == arg["element_name"], found

    def do_run_due_jobs(self, arg: Any) -> None:
        self.engine.run_due_jobs()

    def do_fire_timer(self, arg: Any) -> None:
        jobs = self._timer_jobs()
        assert len(jobs) == 1, jobs
        assert self.engine.execute_job(jobs[0].id)

    def do_execute_async_job(self, arg: dict[str, Any]) -> None:
        jobs = [j for j in self.store.rows(Job) if j.proc_inst_id == self.current and j.job_type == "message"]
        assert len(jobs) == 1, jobs
        if "type" in arg:
            assert jobs[0].handler_type == arg["type"], jobs[0].handler_type
        assert self.engine.execute_job(jobs[0].id)

    # ------------------------------------------------------------ runtime changes
    def do_add_mi_execution(self, arg: dict[str, Any]) -> None:
        assert self.current is not None
        self.engine.execute(
            c.AddMultiInstanceExecution(arg["activity"], self.current, _vars(arg.get("vars")))
        )

    def do_delete_mi_execution(self, arg: dict[str, Any]) -> None:
        selector = (
            {"assignee": arg["of_task_assignee"]}
            if "of_task_assignee" in arg
            else {"name": arg["of_task_name"]}
        )
        task = self._single(selector)
        self.engine.execute(c.DeleteMultiInstanceExecution(task.execution_id, bool(arg.get("completed"))))

    def do_move_activity(self, arg: dict[str, Any]) -> None:
        assert self.current is not None
        self.engine.execute(c.MoveActivities(self.current, [arg["from"]], [arg["to"]]), user_id=self.user)

    def do_move_execution_of_task(self, arg: dict[str, Any]) -> None:
        task = self._single({"key": arg["task"]})
        self.engine.execute(c.MoveExecution(task.execution_id, arg["to"]), user_id=self.user)

    # ------------------------------------------------------------ events
    def do_clear_recorded_events(self, arg: Any) -> None:
        self.event_cursor = len(self.store.events)

    def do_expect_recorded_events(self, arg: dict[str, Any]) -> None:
        events = self._events()
        if "exactly" in arg:
            seen = [
                [e.type, e.activity_id]
                for e in events
                if e.type in ("ACTIVITY_STARTED", "ACTIVITY_CANCELLED")
                and e.activity_type in COUNTED_EVENT_TYPES
            ]
            assert seen == arg["exactly"], seen
        for kind in arg.get("contains", []):
            assert kind in {e.type for e in events}, f"{kind} not in {[e.type for e in events]}"

    def do_expect_execution_count(self, arg: Any) -> None:
        found = [e for e in self.store.rows(Execution) if e.proc_inst_id == self.current]
        assert len(found) == _value(arg), found

    def do_expect_runtime_activity_instances(self, arg: dict[str, Any]) -> None:
        actual = [
            [a.activity_type, a.activity_id]
            for a in self.store.rows(HistoricActivityInstance)
            if a.proc_inst_id == self.current
        ]
        assert Counter(map(tuple, actual)) == Counter(map(tuple, arg["exactly"])), actual

    # ------------------------------------------------------------ instances / call activity
    def do_expect_process_ended(self, arg: Any) -> None:
        assert _value(arg) is True
        assert not [e for e in self.store.rows(Execution) if e.proc_inst_id == self.current]
        assert not [v for v in self.store.rows(Variable) if v.proc_inst_id == self.current]
        hist = self.store.raw(HistoricProcessInstance)[self.current or ""]
        assert hist.start_time is not None and hist.end_time is not None
        for row in [*self.store.rows(HistoricTaskInstance), *self.store.rows(HistoricActivityInstance)]:
            if row.proc_inst_id == self.current:
                assert row.end_time is not None, f"{type(row).__name__} {row} has no end time"

    def do_expect_tasks_with_children(self, arg: dict[str, Any]) -> None:
        ids = self._descendants(self._instance(arg["of"]))
        names = [t.name for t in self.store.rows(Task) if t.proc_inst_id in ids]
        assert Counter(names) == Counter(arg["names"]), names

    def do_expect_historic_tasks_with_children(self, arg: dict[str, Any]) -> None:
        ids = self._descendants(self._instance(arg["of"]))
        names = {t.name for t in self.store.rows(HistoricTaskInstance) if t.proc_inst_id in ids}
        assert names == set(arg["only"]), names

    def do_expect_task_in_child_instance(self, arg: dict[str, Any]) -> None:
        task = self._single({"name": arg["task"]})
        assert task.proc_inst_id != self.current
        instance = self.store.raw(Execution)[task.proc_inst_id]
        definition = self.store.raw(ProcessDefinition)[instance.proc_def_id]
        assert definition.key == arg["child_process_key"]
        assert instance.root_proc_inst_id == self.current

    def do_expect_child_instance(self, arg: dict[str, Any]) -> None:
        child = self._child_of(self._instance(arg["of"]))
        instance = self.store.raw(Execution)[child]
        assert instance.start_user_id == arg["start_user_id"]
        links = [
            {"type": link.type, "user_id": link.user_id}
            for link in self.store.rows(IdentityLink)
            if link.proc_inst_id == child and link.task_id is None
        ]
        assert links == arg["identity_links"], links

    # ------------------------------------------------------------ history
    def do_expect_historic_process_instance(self, arg: dict[str, Any]) -> None:
        hist = self.store.raw(HistoricProcessInstance)[self.current or ""]
        _check_each(hist, {k: v for k, v in arg.items() if k not in ("note", "optional")}, "process")

    def do_expect_historic_tasks(self, arg: dict[str, Any]) -> None:
        rows = self.store.rows(HistoricTaskInstance)
        if arg.get("scope", "process_instance") == "process_instance":
            rows = [r for r in rows if r.proc_inst_id == self.current]
        if "name" in arg:
            rows = [r for r in rows if r.name == arg["name"]]
        if "count" in arg:
            assert len(rows) == arg["count"], rows
        assert rows, "no historic task matches"
        for row in rows:
            _check_each(row, arg.get("each", {}), "historic task")

    def do_expect_historic_activities(self, arg: dict[str, Any]) -> None:
        rows = [r for r in self.store.rows(HistoricActivityInstance) if r.proc_inst_id == self.current]
        for key in ("activity_id", "activity_type"):
            if key in arg:
                rows = [r for r in rows if getattr(r, key) == arg[key]]
        if "count" in arg:
            assert len(rows) == arg["count"], rows
        assert rows, "no historic activity matches"
        for row in rows:
            _check_each(row, arg.get("each", {}), "historic activity")

    def do_expect_historic_task_exists(self, arg: dict[str, Any]) -> None:
        assert arg["task"] == "just_completed"
        hist = self.store.raw(HistoricTaskInstance).get(self.last_completed or "")
        assert hist is not None and hist.end_time is not None
