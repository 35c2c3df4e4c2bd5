"""What a fresh workflow database holds: the ten system buttons, common listeners and expressions."""

from __future__ import annotations

from sqlmodel.ext.asyncio.session import AsyncSession

from loom_workflow.extension.models import Button, Condition, Listener

BUTTONS = [
    ("_flow_save", "保存草稿", 10),
    ("_flow_agree", "同意", 20),
    ("_flow_reject", "驳回", 30),
    ("_flow_back", "退回", 40),
    ("_flow_add_multi_instance", "加签", 50),
    ("_flow_del_multi_instance", "减签", 60),
    ("_flow_transfer", "转办", 70),
    ("_flow_delegate", "委派", 80),
    ("_flow_stop", "终止", 90),
    ("_flow_print", "打印", 100),
]
LISTENERS = [
    ("l-exec-start-log", "流程开始日志", "1", "start", "2", "${execution.setVariable('startedAt', now())}"),
    ("l-exec-end-log", "流程结束标记", "1", "end", "2", "${execution.setVariable('finished', true)}"),
    ("l-task-create-notify", "任务创建通知", "2", "create", "3", "${taskNotifier}"),
    ("l-task-complete-mark", "任务完成标记", "2", "complete", "2", "${task.setVariable('handled', true)}"),
]
CONDITIONS = [
    ("c-days-gt-3", "请假天数大于3天", "${days > 3}", "请假天数超过3天需要上级审批"),
    ("c-days-le-3", "请假天数不超过3天", "${days <= 3}", None),
    ("c-agree", "同意", "${_flow_agree == true}", "自定义按钮之外的同意分支"),
    ("c-amount-gt-10000", "金额大于一万", "${amount > 10000}", None),
]


async def seed(session: AsyncSession) -> None:
    """Inserts the seed rows that are missing; existing rows keep what users changed."""
    for code, name, sort in BUTTONS:
        if await session.get(Button, f"b{code}") is None:
            session.add(Button(id=f"b{code}", code=code, name=name, sort=sort))
    for lid, name, ltype, event, vtype, value in LISTENERS:
        if await session.get(Listener, lid) is None:
            session.add(
                Listener(id=lid, name=name, listener_type=ltype, event=event, value_type=vtype, value=value)
            )
    for cid, name, expression, remarks in CONDITIONS:
        if await session.get(Condition, cid) is None:
            session.add(Condition(id=cid, name=name, expression=expression, remarks=remarks))
    await session.flush()
