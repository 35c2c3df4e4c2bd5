"""Errors of the process categories, with their texts (zh-CN first: the wording users read)."""

from __future__ import annotations

from loom_platform.errors import AlreadyExists, FailedPrecondition, InvalidArgument, NotFound
from loom_platform.i18n import EN, ZH, register

register(
    {
        "workflow.category.name_required": {
            ZH: "分类名称不能为空",
            EN: "The category name must not be empty",
        },
        "workflow.category.name_taken": {ZH: "分类名称已存在", EN: "The category name is taken"},
        "workflow.category.not_found": {ZH: "流程分类不存在", EN: "No such process category"},
        "workflow.category.has_children": {ZH: "请先删除子分类", EN: "Delete the sub-categories first"},
        "workflow.category.own_parent": {
            ZH: "上级分类不能是自己或自己的下级",
            EN: "A category cannot sit under itself",
        },
        "workflow.category.saved": {ZH: "保存流程分类'{name}'成功", EN: "Saved process category '{name}'"},
        "workflow.category.deleted": {ZH: "删除流程分类成功", EN: "Deleted process categories"},
    }
)


class NameRequired(InvalidArgument):
    message_key = "workflow.category.name_required"


class NameTaken(AlreadyExists):
    message_key = "workflow.category.name_taken"


class CategoryNotFound(NotFound):
    message_key = "workflow.category.not_found"


class HasChildren(FailedPrecondition):
    message_key = "workflow.category.has_children"


class OwnParent(InvalidArgument):
    message_key = "workflow.category.own_parent"
