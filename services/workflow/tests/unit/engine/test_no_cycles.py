"""A finished command leaves no reference cycle: its rows, snapshots and events are freed as soon as it
returns, not by the cyclic collector. A cycle per command made the API process pause 25-65 ms every
few seconds at 100 audits a second, to collect ~100 objects per command (bench/workflow/RESULTS.md)."""

from __future__ import annotations

from .harness import Harness, bpmn, chain, cyclic_garbage, flow


def _approval() -> str:
    # a manager, two reviewers in parallel, three countersigners, then a director over 1,000
    return bpmn(
        '<startEvent id="s"/><userTask id="manager" flowable:assignee="${starter}"/>'
        '<parallelGateway id="fork"/><userTask id="hr" flowable:assignee="hr"/>'
        '<userTask id="finance" flowable:candidateGroups="finance"/><parallelGateway id="join"/>'
        '<userTask id="sign" flowable:assignee="${signer}"><multiInstanceLoopCharacteristics isSequential="false"'
        ' flowable:collection="signers" flowable:elementVariable="signer"/></userTask>'
        '<exclusiveGateway id="amount"/><userTask id="director" flowable:assignee="director"/><endEvent id="e"/>'
        + chain("s", "manager", "fork")
        + flow("f1", "fork", "hr")
        + flow("f2", "fork", "finance")
        + flow("f3", "hr", "join")
        + flow("f4", "finance", "join")
        + chain("join", "sign", "amount")
        + flow("f5", "amount", "director", "${amount > 1000}")
        + flow("f6", "amount", "e", "${amount <= 1000}")
        + flow("f7", "director", "e")
    )


def test_an_approval_from_start_to_end_leaves_nothing_for_the_cyclic_collector() -> None:
    # given a deployed approval, warmed up (caches filled once, as in a running service)
    h = Harness()
    h.deploy(_approval())
    h.start(starter="ann", signers=["bob", "cat", "dan"], amount=5000)
    with cyclic_garbage() as left_by:
        # when one is started and every task completed, one command at a time
        pid = h.start(starter="ann", signers=["bob", "cat", "dan"], amount=5000)
        while h.tasks(pid):
            h.engine.complete_task(h.tasks(pid)[0].id)
        assert h.ended(pid)
        # then the collector finds nothing the commands made
        left = left_by()
    assert left == [], f"reference cycles left by the commands: {left}"
