"""Messages of user-written SQL (zh-CN, en-US), in messages.toml beside this module."""

from loom_platform.i18n import register_file

register_file(__name__)
