"""Runs one SCENARIOS.yaml scenario (see the corpus README for the step verbs) against the engine."""

from __future__ import annotations

import os
import warnings
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from loom_workflow.engine import (
    Engine,
    EngineError,
    IllegalArgument,
    InMemoryStore,
    ManualClock,
    SequentialIdGenerator,
)
from loom_workflow.engine.runtime.entities import (
    Execution,
    HistoricProcessInstance,
    Job,
    Task,
)

from .invariants import assert_consistent

T0 = datetime(2024, 3, 1, 8, 0, tzinfo=UTC)
ERRORS: dict[str, type[Exception]] = {
    "FlowableIllegalArgumentException": IllegalArgument,
    "FlowableException": EngineError,
}
COUNTED_EVENT_TYPES = {"userTask", "subProcess", "callActivity"}


def shared_dir() -> Path:
    """The shared docs folder (env LOOM_SHARED_DIR, default <repo root>/../shared)."""
    env = os.environ.get("LOOM_SHARED_DIR")
    if env:
        return Path(env)
    repo_root = Path(__file__).resolve().parents[5]
    return repo_root.parent / "shared"


class OpaqueBean:
    """A value that is neither a collection nor a string (the Java test's ValueBean)."""

    def __str__(self) -> str:
        return "ValueBean[test]"


def _value(arg: Any) -> Any:
    return arg.get("value") if isinstance(arg, dict) and "value" in arg else arg


def _vars(raw: Any) -> dict[str, object]:
    if not raw:
        return {}
    out: dict[str, object] = {}
    for key, value in raw.items():
        out[key] = OpaqueBean() if isinstance(value, str) and value.startswith("<OBJ:") else value
    return out


def _check(expect: Any, actual: object, label: str) -> None:
    if expect == "not_null":
        assert actual is not None, f"{label}: expected a value"
    elif expect == "null" or expect is None:
        assert actual is None, f"{label}: expected null, got {actual!r}"
    else:
        assert actual == expect, f"{label}: expected {expect!r}, got {actual!r}"


def _check_each(row: object, spec: dict[str, Any], label: str) -> None:
    for key, expect in spec.items():
        if key.endswith("_starts_with"):
            field = key[: -len("_starts_with")]
            actual = getattr(row, field)
            assert isinstance(actual, str) and actual.startswith(expect), f"{label}.{field}: {actual!r}"
        else:
            _check(expect, getattr(row, key if key != "duration" else "duration_ms"), f"{label}.{key}")


class ScenarioRunner:
    """Interprets the step verbs."""

    def __init__(self, scenario: dict[str, Any], corpus: Path) -> None:
        self.scenario = scenario
        self.store = InMemoryStore()
        self.clock = ManualClock(T0)
        self.engine = Engine(self.store, clock=self.clock, ids=SequentialIdGenerator())
        self.user: str | None = None
        self.current: str | None = None
        self.last_completed: str | None = None
        self.event_cursor = 0
        self.skipped: list[str] = []
        resources = {name: (corpus / name).read_bytes() for name in scenario["files"]}
        self.engine.deploy(resources, name=scenario["id"])

    # ---------------------------------------------------------------- queries
    def tasks(self, scope: str = "engine") -> list[Task]:
        rows = self.store.rows(Task)
        return [t for t in rows if t.proc_inst_id == self.current] if scope == "process_instance" else rows

    def _select(self, arg: dict[str, Any]) -> list[Task]:
        found = self.tasks(arg.get("scope", "engine"))
        for key, field in (("name", "name"), ("key", "task_def_key"), ("assignee", "assignee")):
            if key in arg:
                found = [t for t in found if getattr(t, field) == arg[key]]
        return found

    def _single(self, arg: dict[str, Any]) -> Task:
        found = self._select(arg)
        if arg.get("any"):
            assert found, "no active task"
            return found[0]
        assert len(found) == 1, (
            f"expected one task matching {arg}, found {[(t.name, t.assignee) for t in found]}"
        )
        return found[0]

    def _instance(self, which: str) -> str:
        if which == "current_instance":
            assert self.current is not None
            return self.current
        return self._child_of(self.current)

    def _child_of(self, proc_inst_id: str | None) -> str:
        owned = {e.id for e in self.store.rows(Execution) if e.proc_inst_id == proc_inst_id}
        children = [e.id for e in self.store.rows(Execution) if e.super_execution_id in owned]
        assert len(children) == 1, f"expected one child instance, found {children}"
        return children[0]

    def _descendants(self, proc_inst_id: str) -> set[str]:
        hist = self.store.rows(HistoricProcessInstance)
        out = {proc_inst_id}
        while True:
            more = {h.id for h in hist if h.super_proc_inst_id in out} - out
            if not more:
                return out
            out |= more

    def _timer_jobs(self) -> list[Job]:
        return [j for j in self.store.rows(Job) if j.proc_inst_id == self.current and j.job_type == "timer"]

    def _events(self) -> list[Any]:
        return self.store.events[self.event_cursor :]

    # ---------------------------------------------------------------- runner
    def run(self) -> list[str]:
        self.steps(self.scenario["steps"])
        return self.skipped

    def steps(self, steps: list[dict[str, Any]]) -> None:
        for index, step in enumerate(steps):
            ((verb, arg),) = step.items()
            handler: Callable[[Any], None] | None = getattr(self, "do_" + verb, None)
            assert handler is not None, f"unknown step verb {verb}"
            try:
                handler(arg)
                assert_consistent(self.store)
            except AssertionError as exc:
                raise AssertionError(f"step {index} {verb} {arg}: {exc}") from exc

    def skip(self, verb: str, arg: Any) -> None:
        """Records an optional step this engine cannot observe."""
        assert isinstance(arg, dict) and arg.get("optional"), f"{verb} is not optional and cannot be skipped"
        self.skipped.append(verb)
        warnings.warn(f"{self.scenario['id']}: skipped optional step {verb}", stacklevel=2)
