"""The success messages of sys's CRUD resources (``loom_platform.crud``), in the caller's language:
保存<what>'<name>'成功 and 删除<what>成功."""

from __future__ import annotations

from collections.abc import Callable

from loom_platform.i18n import translate


def saved(what: str) -> Callable[[str], str]:
    """The message of a save, ``what`` being the message key of the record's kind."""
    return lambda name: translate("sys.saved", what=translate(what), name=name)


def deleted(what: str) -> Callable[[], str]:
    """The message of a delete."""
    return lambda: translate("sys.deleted", what=translate(what))
