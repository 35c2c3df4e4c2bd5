"""Messages of the task center's own endpoints (copies, form data, the home counts)."""

from loom_platform.i18n import EN, ZH, register

register(
    {
        "workflow.copy.sent": {ZH: "抄送成功", EN: "Copies sent"},
        "workflow.copy.read": {ZH: "已标记为已读", EN: "Marked as read"},
        "workflow.copy.deleted": {ZH: "删除抄送成功", EN: "Copies deleted"},
        "workflow.copy.not_involved": {
            ZH: "只有流程的发起人、办理人或流程管理员可以抄送或查看该流程",
            EN: "Only the initiator, the handlers or a process administrator may copy or view this process",
        },
        "workflow.copy.unknown_user": {ZH: "抄送人不存在: {id}", EN: "No such user to copy to: {id}"},
        "workflow.form.saved": {ZH: "保存成功", EN: "Saved"},
    }
)
