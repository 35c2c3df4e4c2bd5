"""Running a suite of cases on one model: each case on its own throwaway engine (``runner``), in a
thread; shared by the service (the organisation from sys) and the command line (no organisation)."""

from __future__ import annotations

import asyncio
import contextvars
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from loom_platform.i18n import translate
from loom_workflow.dryrun import simulate
from loom_workflow.dryrun.recorder import RecordingResolver
from loom_workflow.dryrun.service import rules_of, start_variables
from loom_workflow.engine.model import ProcessModel
from loom_workflow.extension import approver_policy
from loom_workflow.extension.schemas import TaskDefExtensionSave
from loom_workflow.proctest import runner
from loom_workflow.proctest.schemas import CaseFailure, CaseResult, ProcessCase, SuiteResult

ResolverFactory = Callable[[Mapping[str, Sequence[Any]]], RecordingResolver]


@dataclass(frozen=True)
class Subject:
    """The model under test, loaded once for all its cases."""

    key: str
    xml: str
    model: ProcessModel
    called: Mapping[str, str] = field(default_factory=dict)
    extensions: Mapping[str, TaskDefExtensionSave] = field(default_factory=dict)


class OfflineResolver(RecordingResolver):
    """The command line's resolution: the BPMN's assignees and candidates, no organisation, no store."""

    def policy_of(self, process_key: str, node_id: str) -> dict[str, str]:  # noqa: ARG002
        """No stored policy: a node nobody can act on stops the case there."""
        return {approver_policy.EMPTY_SETTING: "stop"}


def run_cases(
    subject: Subject,
    cases: Sequence[ProcessCase],
    initiators: Mapping[str, Mapping[str, str]],
    resolver: ResolverFactory,
    *,
    known: Callable[[str], bool] = lambda _user: True,
) -> SuiteResult:
    """Runs every case (synchronously) and sums them up."""
    rules = {n: rules_of(e) for n, e in subject.extensions.items()}
    results = [_one(subject, case, initiators, resolver(rules), known) for case in cases]
    failed = sum(1 for r in results if not r.passed)
    return SuiteResult(passed=failed == 0, total=len(results), failed=failed, results=results)


async def run_in_thread(fn: Callable[[], SuiteResult]) -> SuiteResult:
    """``fn`` in a worker thread with the request's context (its language)."""
    context = contextvars.copy_context()
    return await asyncio.get_running_loop().run_in_executor(None, lambda: context.run(fn))


def _one(
    subject: Subject,
    case: ProcessCase,
    initiators: Mapping[str, Mapping[str, str]],
    resolver: RecordingResolver,
    known: Callable[[str], bool],
) -> CaseResult:
    if not known(case.initiator):
        message = translate("workflow.dryrun.initiator_not_found")
        return CaseResult(name=case.name, passed=False, failures=[CaseFailure(message=message)])
    extensions = subject.extensions
    plan = simulate.Plan(
        key=subject.key,
        xml=subject.xml,
        called=subject.called,
        model=subject.model,
        initiator=case.initiator,
        variables=start_variables(case.initiator, case.variables, initiators.get(case.initiator, {})),
        buttons={},
        back_to={},
        custom_codes={
            n: [b.code for b in e.flow_button_list if b.code and not b.code.startswith("_flow_")]
            for n, e in extensions.items()
        },
        button_names={(n, b.code): b.name for n, e in extensions.items() for b in e.flow_button_list},
        max_steps=200,
        now=datetime.now(UTC),
    )
    return runner.run(plan, resolver, case)
