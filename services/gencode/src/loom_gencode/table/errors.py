"""Errors of the table screens (seed §8)."""

from __future__ import annotations

from loom_platform.errors import FailedPrecondition


class NotSynced(FailedPrecondition):  # type: ignore[misc]
    message_key = "gencode.table.not_synced"  # 请先同步数据库!


class ChildTableCodegen(FailedPrecondition):  # type: ignore[misc]
    message_key = "gencode.table.child_gen"  # 不能选择附表生成代码，请选择主表!


class RightTableCodegen(FailedPrecondition):  # type: ignore[misc]
    message_key = "gencode.table.right_gen"  # 不能选择右表生成代码，请选择左树!


class ChildTableMenu(FailedPrecondition):  # type: ignore[misc]
    message_key = "gencode.table.child_menu"  # 不能选择附表创建菜单，请选择主表!


class NotWorkflowForm(FailedPrecondition):  # type: ignore[misc]
    message_key = "gencode.table.not_workflow"  # 请选择工作流表单
