"""Public engine operations, each one transaction."""

from .back_nodes import BackNode, BackNodes, SendBack
from .base import Command
from .change_state import MoveActivities, MoveExecution
from .deploy import Deploy, Deployed
from .jobs import ExecutableJobIds, ExecuteJob, RecordJobFailure
from .multi_instance import AddMultiInstanceExecution, DeleteMultiInstanceExecution
from .queries import FlowChart, FlowChartData
from .runtime import (
    DeleteProcessInstance,
    GetVariables,
    SetDefinitionSuspended,
    SetInstanceSuspended,
    SetVariables,
    TriggerExecution,
)
from .start import StartProcess
from .tasks import (
    AddCandidates,
    AddComment,
    ClaimTask,
    CompleteTask,
    DelegateTask,
    RemoveCandidates,
    ResolveTask,
    SetAssignee,
    SetOwner,
)

__all__ = [
    "AddCandidates",
    "AddComment",
    "AddMultiInstanceExecution",
    "BackNode",
    "BackNodes",
    "ClaimTask",
    "Command",
    "CompleteTask",
    "DelegateTask",
    "DeleteMultiInstanceExecution",
    "DeleteProcessInstance",
    "Deploy",
    "Deployed",
    "ExecutableJobIds",
    "ExecuteJob",
    "FlowChart",
    "FlowChartData",
    "GetVariables",
    "MoveActivities",
    "MoveExecution",
    "RecordJobFailure",
    "RemoveCandidates",
    "ResolveTask",
    "SendBack",
    "SetAssignee",
    "SetDefinitionSuspended",
    "SetInstanceSuspended",
    "SetOwner",
    "SetVariables",
    "StartProcess",
    "TriggerExecution",
]
