"""Step verbs of the approval scenarios (``approvals/SCENARIOS.yaml``) on top of the corpus verbs:
send-back, the back nodes offered, transfer and delegate, and the runtime rows a step leaves."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml

from loom_workflow.engine import IllegalArgument
from loom_workflow.engine import commands as c
from loom_workflow.engine.runtime.entities import Execution, HistoricActivityInstance

from .corpus_steps import Steps

APPROVALS = Path(__file__).parent / "approvals"
APPROVAL_SCENARIOS: list[dict[str, Any]] = yaml.safe_load((APPROVALS / "SCENARIOS.yaml").read_text("utf-8"))[
    "scenarios"
]


class ApprovalSteps(Steps):
    """The corpus verbs plus the task-center operations."""

    def do_send_back(self, arg: dict[str, Any]) -> None:
        task = self._single(_which(arg))
        self.engine.execute(c.SendBack(task.id, arg["to"]), user_id=self.user)

    def do_send_back_fails(self, arg: dict[str, Any]) -> None:
        task = self._single(_which(arg))
        with pytest.raises(IllegalArgument):
            self.engine.execute(c.SendBack(task.id, arg["to"]), user_id=self.user)

    def do_return_to(self, arg: dict[str, Any]) -> None:
        task = self._single({"name": arg["task"], "any": True})
        assert self.engine.execute(c.ReturnTo(task.id, arg["to"]), user_id=self.user) is True

    def do_return_to_refused(self, arg: dict[str, Any]) -> None:
        task = self._single({"name": arg["task"], "any": True})
        assert self.engine.execute(c.ReturnTo(task.id, arg["to"]), user_id=self.user) is False

    def do_expect_back_nodes(self, arg: dict[str, Any]) -> None:
        task = self._single(_which(arg))
        nodes = [n.activity_id for n in self.engine.execute(c.BackNodes(task.id))]
        assert nodes == arg["nodes"], nodes

    def do_transfer(self, arg: dict[str, Any]) -> None:
        task = self._single({"name": arg["task"]})
        self.engine.execute(c.SetAssignee(task.id, arg["to"]), user_id=self.user)

    def do_delegate(self, arg: dict[str, Any]) -> None:
        task = self._single({"name": arg["task"]})
        self.engine.execute(c.DelegateTask(task.id, arg["to"]), user_id=self.user)

    def do_expect_tokens(self, arg: dict[str, Any]) -> None:
        """The instance's executions at a node: ``[activity, active | waiting | mi]`` (inner scopes
        of sub-processes are not tokens)."""
        rows = [e for e in self.store.rows(Execution) if e.proc_inst_id == self.current]
        ids = {e.id: e for e in rows}
        actual = []
        for e in rows:
            if e.activity_id is None or e.parent_id is None:
                continue
            parent = ids.get(e.parent_id)
            if e.is_scope and not e.is_mi_root and parent is not None and parent.activity_id == e.activity_id:
                continue
            state = "mi" if e.is_mi_root else ("active" if e.is_active else "waiting")
            actual.append((e.activity_id, state))
        assert Counter(actual) == Counter(map(tuple, arg["exactly"])), sorted(actual)

    def do_expect_open_activities(self, arg: dict[str, Any]) -> None:
        actual = [
            (a.activity_type, a.activity_id)
            for a in self.store.rows(HistoricActivityInstance)
            if a.proc_inst_id == self.current and a.end_time is None
        ]
        assert Counter(actual) == Counter(map(tuple, arg["exactly"])), sorted(actual)


def _which(arg: dict[str, Any]) -> dict[str, Any]:
    """The task a step names: by name (the first one), or by name and assignee (one of several
    instances of a multi-instance body)."""
    if "assignee" in arg:
        return {"name": arg["task"], "assignee": arg["assignee"]}
    return {"name": arg["task"], "any": True}
