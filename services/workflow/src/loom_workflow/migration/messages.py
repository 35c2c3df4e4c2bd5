"""Instance migration's messages: zh-CN (default) and en-US, in messages.toml beside this module."""

from loom_platform.i18n import register_file

register_file(__name__)
