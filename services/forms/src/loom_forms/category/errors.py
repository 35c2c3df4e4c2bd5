"""Errors of the form categories (their texts are in ``loom_forms/messages.toml``)."""

from __future__ import annotations

from loom_platform.errors import FailedPrecondition, InvalidArgument, NotFound


class CategoryNotFound(NotFound):
    message_key = "not_found"


class HasChildren(FailedPrecondition):
    """A category that still holds sub-categories (not deleted with it) or forms."""

    message_key = "forms.category.has_children"


class OwnParent(InvalidArgument):
    message_key = "forms.category.own_parent"
