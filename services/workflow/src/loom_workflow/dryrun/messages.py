"""The dry run's messages: zh-CN (default) and en-US."""

from loom_platform.i18n import EN, ZH, register

register(
    {
        "workflow.dryrun.initiator_required": {ZH: "请选择发起人", EN: "Pick the initiator"},
        "workflow.dryrun.initiator_not_found": {
            ZH: "发起人不存在或已被删除",
            EN: "The initiator does not exist",
        },
        "workflow.dryrun.nothing_to_run": {
            ZH: "请先设计流程图或选择流程模型",
            EN: "Draw a diagram or pick a model first",
        },
        "workflow.dryrun.no_reviewer": {
            ZH: "节点[{node}]未指定审批人，流程将停在这里",
            EN: "Node [{node}] has no assignee specified: the process would stop here",
        },
        "workflow.dryrun.nobody": {
            ZH: "节点[{node}]按审批人规则找不到任何人，流程将停在这里",
            EN: "Node [{node}]: its reviewer rules resolve to nobody, the process would stop here",
        },
        "workflow.dryrun.group_empty": {
            ZH: "节点[{node}]的候选组中没有任何人，流程将停在这里",
            EN: "Node [{node}]: nobody is in its candidate groups, the process would stop here",
        },
        "workflow.dryrun.not_deployed": {
            ZH: "调用活动[{node}]调用的流程[{process}]尚未发布，流程将停在这里",
            EN: "Call activity [{node}] calls process [{process}], which is not deployed: the process would stop here",
        },
        "workflow.dryrun.failed": {
            ZH: "流程在此处出错: {detail}",
            EN: "The process fails here: {detail}",
        },
        "workflow.dryrun.too_many_steps": {
            ZH: "超过{steps}步仍未结束，可能存在循环",
            EN: "Still running after {steps} steps: is there a loop?",
        },
    }
)
