"""Public engine operations, each one transaction."""

from .back_nodes import BackNode, BackNodes, ReturnTo, SendBack
from .base import Command
from .change_state import MoveActivities, MoveExecution
from .deploy import Deploy, Deployed
from .history import DeleteDeployment, DeleteHistoricInstance, PurgeDefinitions
from .jobs import ExecutableJobIds, ExecuteJob, RecordJobFailure
from .migrate import InstanceMigration, MigrateInstance, MigrationPlan, NotMigratable, plan_mapping
from .multi_instance import AddMultiInstanceExecution, DeleteMultiInstanceExecution, RemovalOutlook
from .queries import FlowChart, FlowChartData
from .runtime import (
    DeleteProcessInstance,
    GetVariables,
    SetDefinitionCategory,
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
from .work import (
    CompleteExternalTask,
    CompleteHttpCall,
    DecisionOutcome,
    EvaluateDecision,
    ExtendExternalLock,
    FailExternalTask,
    LockedTask,
    LockExternalTasks,
    ReadLockedTask,
    SetJobRetries,
    ThrowExternalBpmnError,
    UnlockExternalTask,
)

__all__ = [
    "CompleteExternalTask",
    "CompleteHttpCall",
    "DecisionOutcome",
    "EvaluateDecision",
    "ExtendExternalLock",
    "FailExternalTask",
    "LockedTask",
    "LockExternalTasks",
    "ReadLockedTask",
    "SetJobRetries",
    "ThrowExternalBpmnError",
    "UnlockExternalTask",
    "AddCandidates",
    "AddComment",
    "AddMultiInstanceExecution",
    "BackNode",
    "BackNodes",
    "ClaimTask",
    "Command",
    "CompleteTask",
    "DelegateTask",
    "DeleteDeployment",
    "DeleteHistoricInstance",
    "DeleteMultiInstanceExecution",
    "DeleteProcessInstance",
    "Deploy",
    "Deployed",
    "ExecutableJobIds",
    "ExecuteJob",
    "FlowChart",
    "FlowChartData",
    "GetVariables",
    "InstanceMigration",
    "MigrateInstance",
    "MigrationPlan",
    "NotMigratable",
    "plan_mapping",
    "MoveActivities",
    "MoveExecution",
    "PurgeDefinitions",
    "RecordJobFailure",
    "RemoveCandidates",
    "ResolveTask",
    "RemovalOutlook",
    "ReturnTo",
    "SendBack",
    "SetAssignee",
    "SetDefinitionCategory",
    "SetDefinitionSuspended",
    "SetInstanceSuspended",
    "SetOwner",
    "SetVariables",
    "StartProcess",
    "TriggerExecution",
]
