"""workflow's message catalogue: zh-CN (default) and en-US."""

from loom_platform.i18n import EN, ZH, register

register(
    {
        "workflow.saved": {ZH: "保存{what}'{name}'成功", EN: "Saved {what} '{name}'"},
        "workflow.deleted": {ZH: "删除{what}成功", EN: "Deleted {what}"},
        "workflow.what.button": {ZH: "按钮", EN: "button"},
        "workflow.what.condition": {ZH: "流程表达式", EN: "expression"},
        "workflow.what.listener": {ZH: "监听器", EN: "listener"},
        "workflow.what.extension": {ZH: "节点设置", EN: "node settings"},
        "workflow.what.node_setting": {ZH: "节点属性", EN: "node setting"},
        "workflow.what.model": {ZH: "流程模型", EN: "model"},
        "workflow.model.not_found": {ZH: "流程模型不存在或已被删除", EN: "The model does not exist"},
        "workflow.model.key_required": {ZH: "流程标识(key)不能为空", EN: "The model key is required"},
        "workflow.model.name_required": {ZH: "流程名称不能为空", EN: "The model name is required"},
        "workflow.model.key_invalid": {
            ZH: "流程标识'{key}'无效：必须以字母或下划线开头，只能包含字母、数字、下划线、横线和点",
            EN: "Key '{key}' is not valid: start with a letter or underscore; letters, digits, _ - . only",
        },
        "workflow.model.stale": {
            ZH: "模型已被他人于{when}修改，请刷新后再保存",
            EN: "The model was changed by someone else at {when}; reload it before saving",
        },
        "workflow.model.empty": {ZH: "模型没有流程图，请先设计流程", EN: "The model has no diagram yet"},
        "workflow.model.invalid_bpmn": {
            ZH: "流程图有误，无法发布: {detail}",
            EN: "The diagram cannot be deployed: {detail}",
        },
        "workflow.model.no_process": {
            ZH: "流程图中没有可执行的流程(process)",
            EN: "The diagram holds no executable process",
        },
        "workflow.model.not_executable": {
            ZH: "流程'{key}'未设为可执行，请在设计器中点击“保存并发布”，或在通用面板中勾选“可执行”",
            EN: "Process '{key}' is not executable: use 'Save and publish' in the designer, or tick 'Executable' in the generic panel",
        },
        "workflow.model.key_mismatch": {
            ZH: "流程图中的流程标识'{found}'与模型标识'{key}'不一致",
            EN: "The diagram's process id '{found}' differs from the model key '{key}'",
        },
        "workflow.model.no_start": {
            ZH: "流程'{name}'没有开始节点",
            EN: "Process '{name}' has no start event",
        },
        "workflow.model.no_end": {ZH: "流程'{name}'没有结束节点", EN: "Process '{name}' has no end event"},
        "workflow.model.dangling": {
            ZH: "节点[{node}]没有连线，流程无法流转",
            EN: "Node [{node}] is not connected",
        },
        "workflow.model.deployed": {
            ZH: "发布成功，流程ID: {id}，版本: V{version}",
            EN: "Deployed: definition {id}, version {version}",
        },
        "workflow.model.copied": {ZH: "拷贝成功", EN: "Copied"},
        "workflow.model.category_updated": {
            ZH: "设置成功，流程分类为: {category}",
            EN: "Category set to {category}",
        },
        "workflow.definition.deleted": {
            ZH: "已删除{count}个流程定义版本及其流程实例",
            EN: "Deleted {count} definition version(s) with their instances",
        },
        "workflow.definition.not_found": {
            ZH: "流程定义不存在或已被删除",
            EN: "The process definition does not exist",
        },
        "workflow.definition.not_deployed": {
            ZH: "流程'{key}'尚未发布，无法启动",
            EN: "Process '{key}' is not deployed",
        },
        "workflow.definition.suspended": {
            ZH: "流程已挂起，不能启动或办理",
            EN: "The process is suspended",
        },
        "workflow.definition.suspend_done": {
            ZH: "已挂起ID为[{id}]的流程定义",
            EN: "Suspended definition {id}",
        },
        "workflow.definition.active_done": {
            ZH: "已激活ID为[{id}]的流程定义",
            EN: "Activated definition {id}",
        },
        "workflow.definition.already": {
            ZH: "流程定义[{id}]已经是{state}状态",
            EN: "Definition {id} is already {state}",
        },
        "workflow.state.suspended": {ZH: "挂起", EN: "suspended"},
        "workflow.state.active": {ZH: "激活", EN: "active"},
        "workflow.instance.not_found": {
            ZH: "流程实例不存在或已结束",
            EN: "The process instance does not exist or has ended",
        },
        "workflow.instance.suspend_done": {ZH: "已挂起该流程实例", EN: "The process instance was suspended"},
        "workflow.instance.active_done": {ZH: "已激活该流程实例", EN: "The process instance was activated"},
        "workflow.instance.already": {
            ZH: "流程实例[{id}]已经是{state}状态",
            EN: "Process instance {id} is already {state}",
        },
        "workflow.instance.revoked": {ZH: "撤销流程成功", EN: "The process was revoked"},
        "workflow.instance.revoke_not_initiator": {
            ZH: "只有流程发起人才能撤销流程",
            EN: "Only the initiator can revoke the process",
        },
        "workflow.instance.revoke_handled": {
            ZH: "流程已被处理，不能撤销",
            EN: "The process has already been handled and cannot be revoked",
        },
        "workflow.instance.stopped": {ZH: "终止流程成功", EN: "The process was stopped"},
        "workflow.instance.deleted": {ZH: "作废流程成功", EN: "The process was cancelled"},
        "workflow.instance.history_deleted": {ZH: "删除流程成功", EN: "Deleted the process history"},
        "workflow.instance.still_running": {
            ZH: "流程[{id}]仍在运行，请先作废再删除历史",
            EN: "Process {id} is still running; cancel it first",
        },
        "workflow.task.not_found": {
            ZH: "任务不存在或已被他人处理，请刷新待办列表",
            EN: "The task does not exist or was already handled; reload your to-do list",
        },
        "workflow.task.not_yours": {
            ZH: "您不是该任务的办理人，无法办理",
            EN: "You are not a handler of this task",
        },
        "workflow.task.started": {ZH: "启动成功", EN: "Started"},
        "workflow.task.audited": {ZH: "提交成功", EN: "Submitted"},
        "workflow.task.delegated": {ZH: "委派成功", EN: "Delegated"},
        "workflow.task.transferred": {ZH: "转办成功", EN: "Transferred"},
        "workflow.task.backed": {ZH: "退回成功", EN: "Sent back"},
        "workflow.task.back_invalid": {
            ZH: "节点[{node}]不是可以退回的节点",
            EN: "Node [{node}] is not a node the task can be sent back to",
        },
        "workflow.task.no_back_node": {
            ZH: "没有可以退回的节点",
            EN: "There is no node to send the task back to",
        },
        "workflow.task.no_approver": {
            ZH: "节点[{node}]的审批人为空，请联系管理员设置审批人",
            EN: "Node [{node}] has no approver; ask an administrator to set its reviewers",
        },
        "workflow.task.back_type_invalid": {
            ZH: "退回方式[{value}]无效，可选：initiator（退回到发起人）、previous（退回到上一步）",
            EN: "Unknown way of sending back [{value}]: initiator or previous",
        },
        "workflow.task.reject_over": {ZH: "驳回并结束流程成功", EN: "Rejected; the process has ended"},
        "workflow.task.add_signed": {ZH: "加签成功", EN: "Signers added"},
        "workflow.task.add_sign_not_mi": {
            ZH: "当前节点不是会签节点，无法加签",
            EN: "This node is not a countersign node; signers cannot be added",
        },
        "workflow.task.urged": {ZH: "催办成功", EN: "Reminder sent"},
        "workflow.task.urge_too_often": {
            ZH: "您已催办过该流程，{minutes}分钟内请勿重复催办",
            EN: "You already sent a reminder for this process; wait {minutes} minutes before the next",
        },
        "workflow.task.del_signed": {ZH: "减签成功", EN: "Signers removed"},
        "workflow.task.del_sign_not_found": {
            ZH: "所选人员不在当前会签节点的待办中，无法减签",
            EN: "None of the selected users has an open task at this countersign node",
        },
        "workflow.task.del_sign_last": {
            ZH: "会签节点至少要保留一位审批人，无法全部减签",
            EN: "A countersign node must keep at least one approver",
        },
        "workflow.task.del_sign_unsatisfiable": {
            ZH: "减签后会签的完成条件再也无法满足，无法减签",
            EN: "After removing these signers the countersign's completion condition could never be met",
        },
        "workflow.process.start_denied": {
            ZH: "您没有发起流程'{name}'的权限，请联系管理员",
            EN: "You may not start the process '{name}'; ask an administrator",
        },
        "workflow.task.callback_done": {ZH: "取回成功", EN: "Taken back"},
        "workflow.task.callback_handled": {
            ZH: "下一节点已被处理，无法取回",
            EN: "The next task was already handled; it cannot be taken back",
        },
        "workflow.task.user_required": {ZH: "请选择用户", EN: "Choose a user"},
        "workflow.engine.invalid": {ZH: "参数错误: {detail}", EN: "Invalid argument: {detail}"},
        "workflow.engine.state": {ZH: "当前状态不允许该操作: {detail}", EN: "Not allowed now: {detail}"},
        "workflow.engine.not_found": {ZH: "数据不存在或已被他人处理: {detail}", EN: "Not found: {detail}"},
        "workflow.engine.internal": {ZH: "流程引擎错误: {detail}", EN: "Workflow engine error: {detail}"},
        "workflow.button.code_required": {ZH: "编码不能为空", EN: "The code is required"},
        "workflow.button.name_required": {ZH: "名称不能为空", EN: "The name is required"},
        "workflow.button.sort_required": {ZH: "排序不能为空", EN: "The sort number is required"},
        "workflow.button.system_code": {ZH: "请勿使用系统预设编码!", EN: "Do not use a system preset code!"},
        "workflow.button.code_taken": {ZH: "按钮编码已存在", EN: "The button code already exists"},
        "workflow.button.name_taken": {ZH: "按钮名称已经存在", EN: "The button name already exists"},
        "workflow.listener.invalid": {
            ZH: "监听器类型只能是1或2，值类型只能是1、2或3",
            EN: "Listener type must be 1 or 2 and value type 1, 2 or 3",
        },
        "workflow.listener.event_invalid": {
            ZH: "事件[{event}]不适用于该监听器类型",
            EN: "Event [{event}] does not apply to this listener type",
        },
        "workflow.condition.expression_invalid": {
            ZH: "表达式有误: {detail}",
            EN: "The expression is not valid: {detail}",
        },
        "workflow.reviewer.sql_invalid": {
            ZH: "审核人SQL有误(只允许只读查询): {detail}",
            EN: "Reviewer SQL is not valid (read-only queries only): {detail}",
        },
        "workflow.reviewer.sql_value_too_long": {
            ZH: "审核人规则[sql: {rule}]的结果'{value}…'超过{limit}个字符(用户ID最长{limit}个字符)",
            EN: "Reviewer rule [sql: {rule}] returned '{value}…', longer than {limit} characters (a user id has at most {limit})",
        },
        "workflow.reviewer.sql_too_many_rows": {
            ZH: "审核人规则[sql: {rule}]的结果超过{limit}行",
            EN: "Reviewer rule [sql: {rule}] returned more than {limit} rows",
        },
        "workflow.json_invalid": {ZH: "数据格式有误: {detail}", EN: "Malformed data: {detail}"},
    }
)
