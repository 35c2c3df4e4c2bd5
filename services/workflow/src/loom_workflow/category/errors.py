"""Errors of the process categories; their texts (zh-CN first: the wording users read) in messages.toml."""

from __future__ import annotations

from loom_platform.errors import AlreadyExists, FailedPrecondition, InvalidArgument, NotFound
from loom_platform.i18n import register_file

register_file(__name__)


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
