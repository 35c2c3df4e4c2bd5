"""One behaviour per element kind."""

from __future__ import annotations

from ..model import DecisionTask, EndEvent, ExternalTask, FlowNode, HttpTask
from .activities import ScriptTaskBehavior, ServiceTaskBehavior, UserTaskBehavior
from .base import Behavior, WaitState
from .call_activity import CallActivityBehavior
from .events import EndEventBehavior, TimerCatchBehavior
from .gateways import ExclusiveGatewayBehavior, InclusiveGatewayBehavior, ParallelGatewayBehavior
from .subprocess import SubProcessBehavior
from .work import DecisionTaskBehavior, ExternalTaskBehavior, HttpTaskBehavior

_PASS = Behavior()
_BY_KIND: dict[str, Behavior] = {
    "userTask": UserTaskBehavior(),
    "serviceTask": ServiceTaskBehavior(),
    "sendTask": ServiceTaskBehavior(),
    "businessRuleTask": ServiceTaskBehavior(),
    "scriptTask": ScriptTaskBehavior(),
    "receiveTask": WaitState(),
    "exclusiveGateway": ExclusiveGatewayBehavior(),
    "parallelGateway": ParallelGatewayBehavior(),
    "inclusiveGateway": InclusiveGatewayBehavior(),
    "intermediateCatchEvent": TimerCatchBehavior(),
    "subProcess": SubProcessBehavior(),
    "callActivity": CallActivityBehavior(),
    "endEvent": EndEventBehavior(),
}


# service-task-like nodes by what they do (the element may be a serviceTask or a businessRuleTask)
_BY_CLASS: dict[type, Behavior] = {
    DecisionTask: DecisionTaskBehavior(),
    ExternalTask: ExternalTaskBehavior(),
    HttpTask: HttpTaskBehavior(),
}


def behavior_for(node: FlowNode) -> Behavior:
    """The behaviour of ``node`` (start events, plain tasks and throw events pass through)."""
    if isinstance(node, EndEvent):
        return _BY_KIND["endEvent"]
    found = _BY_CLASS.get(type(node))
    return found if found is not None else _BY_KIND.get(node.kind, _PASS)


__all__ = ["Behavior", "behavior_for"]
